"""Runs the examples of README.md: every ```console block is "$ COMMAND" lines, each followed
by exactly what the command prints (stdout and stderr as a terminal shows them).

  readme_examples.py README BIN    one line per example: "ok N" or "FAIL N: why"; exit 1 on any

Commands run with bash in the repository root, with a leading "bin/" replaced by BIN/ (so the
sanitizer build's tools are what test-asan checks)."""
import difflib, os, re, subprocess, sys


def examples(text):
    for block in re.findall(r"^```console\n(.*?)^```", text, flags=re.S | re.M):
        cmd, out = None, []
        for line in block.splitlines(True):
            if line.startswith("$ "):
                if cmd is not None:
                    yield cmd, "".join(out)
                cmd, out = line[2:].rstrip("\n"), []
            else:
                out.append(line)
        if cmd is not None:
            yield cmd, "".join(out)


def main(readme, bindir):
    root = os.path.dirname(os.path.abspath(readme))
    failed = 0
    for n, (cmd, want) in enumerate(examples(open(readme).read()), 1):
        run = re.sub(r"(^|[\s;|&(])bin/", lambda m: m.group(1) + bindir + "/", cmd)
        got = subprocess.run(["bash", "-c", run], cwd=root, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=60).stdout.decode()
        if got == want:
            print(f"ok {n}: {cmd}")
        else:
            failed += 1
            diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                                "README", "printed", n=1))
            print(f"FAIL {n}: {cmd}\n{diff}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
