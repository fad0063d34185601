"""Compares the options a program's --help texts name with those its manual page names.

  man_options.py HELP_TEXT_FILE RENDERED_MAN_FILE   exit 0 when the two sets are equal, else
                                                    one line per option missing on either side
"""
import re, sys

OPT = re.compile(r"(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*")


def options(path):
    return set(OPT.findall(open(path, errors="replace").read()))


def main(help_path, man_path):
    h, m = options(help_path), options(man_path)
    for o in sorted(h - m):
        print(f"{o}: in --help, not in the manual page", file=sys.stderr)
    for o in sorted(m - h):
        print(f"{o}: in the manual page, not in --help", file=sys.stderr)
    if not h:
        print("no options found in --help", file=sys.stderr)
    return 0 if h and h == m else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
