"""Runs the examples of README.md and of the manual under docs/: every ```console block is
"$ COMMAND" lines, each followed by exactly what the command prints (stdout and stderr as a
terminal shows them).

  readme_examples.py BIN FILE...   one line per example: "ok FILE:N: CMD" or "FAIL FILE:N: why";
                                   exit 1 on any failure, or when no FILE has an example

Commands run with bash in the repository root (every page's examples are written from there),
with a leading "bin/" replaced by BIN/ (so the sanitizer build's tools are what test-asan
checks)."""
import difflib, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


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


def run_file(path, bindir):
    name = os.path.relpath(os.path.abspath(path), ROOT)
    failed = ran = 0
    for n, (cmd, want) in enumerate(examples(open(path).read()), 1):
        ran += 1
        run = re.sub(r"(^|[\s;|&(])bin/", lambda m: m.group(1) + bindir + "/", cmd)
        got = subprocess.run(["bash", "-c", run], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=60).stdout.decode()
        if got == want:
            print(f"ok {name}:{n}: {cmd}")
        else:
            failed += 1
            diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                                name, "printed", n=1))
            print(f"FAIL {name}:{n}: {cmd}\n{diff}", file=sys.stderr)
    return ran, failed


def main(bindir, files):
    ran = failed = 0
    for f in files:
        r, fl = run_file(f, bindir)
        ran, failed = ran + r, failed + fl
    if not ran:
        print("no console examples in " + " ".join(files), file=sys.stderr)
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
