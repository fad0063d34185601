# The one Python the tests and tools' helper scripts run: Debian's, with python3-jsonschema
# from make deps (a pyenv or venv python3 earlier on PATH is not used). Override: PYTHON=...
PYTHON ?= /usr/bin/python3
export PYTHON
