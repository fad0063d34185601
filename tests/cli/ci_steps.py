"""Runs the shell steps of an example CI file locally, the way the CI service would.

  ci_steps.py github FILE EVENT [K=V...]   every job's `run:` steps in order, skipping a step
                                           whose `if: github.event_name == 'X'` names another
                                           event; the job's env, then K=V, in the environment
  ci_steps.py gitlab FILE [K=V...]         every job's before_script then script lines; its
                                           variables, then K=V

Each GitHub step runs in its own `bash -e -c`; a GitLab job's lines run one after another in
one `bash -e` shell (so `. ./content.env` on one line is seen by the next), as both services
run them, in the current folder. The first one that fails stops the job: "FAIL step NAME:
exit N" on stderr and that exit code. `uses:` steps (actions/checkout) are the caller's to do. Prints "ok step NAME" for
each step that ran."""
import os, re, shlex, subprocess, sys
import yaml


def github_steps(doc, event):
    for job in doc["jobs"].values():
        env = {k: str(v) for k, v in (job.get("env") or {}).items()}
        for i, step in enumerate(job["steps"]):
            if "run" not in step:
                continue
            cond = step.get("if")
            if cond:
                m = re.fullmatch(r"github\.event_name == '([a-z_]+)'", cond.strip())
                if not m:
                    raise SystemExit(f"unsupported if: {cond}")
                if m.group(1) != event:
                    continue
            yield step.get("name", f"step {i}"), step["run"], env


def gitlab_steps(doc):
    for name, job in doc.items():
        if not isinstance(job, dict) or "script" not in job:
            continue
        env = {k: str(v) for k, v in (job.get("variables") or {}).items()}
        for part in ("before_script", "script"):
            for i, line in enumerate(job.get(part) or []):
                yield f"{name} {part}[{i}]", line, env


def main(kind, path, args):
    doc = yaml.safe_load(open(path))
    if kind == "github":
        event, sets = args[0], args[1:]
        steps = list(github_steps(doc, event))
    else:
        sets = args
        steps = list(gitlab_steps(doc))
    overrides = dict(s.split("=", 1) for s in sets)
    if not steps:
        print(f"{path}: no shell steps", file=sys.stderr)
        return 2
    if kind == "gitlab":
        env = dict(os.environ)
        env.update({k: os.path.expandvars(v) for k, v in steps[0][2].items()})
        env.update(overrides)
        script = ["set -e", "trap 'echo \"FAIL step $__step: exit $?\" >&2' ERR"]
        for name, line, _ in steps:
            script += [f"__step={shlex.quote(name)}", line, f"echo {shlex.quote('ok step ' + name)}"]
        return subprocess.run(["bash", "-c", "\n".join(script)], env=env).returncode
    for name, script, env in steps:
        run_env = dict(os.environ)
        run_env.update({k: os.path.expandvars(v) for k, v in env.items()})
        run_env.update(overrides)
        rc = subprocess.run(["bash", "-e", "-c", script], env=run_env).returncode
        if rc:
            print(f"FAIL step {name}: exit {rc}", file=sys.stderr)
            return rc
        print(f"ok step {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
