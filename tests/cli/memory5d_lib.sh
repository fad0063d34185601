# Shared by the Memory5D player CLI tests (sourced, after lib.sh).

# steps FILE STEP...: a script, one step each 100 ms from t=100: a key name, "click:X,Y",
# "wait:MS" (moves the next step's time on by MS).
steps() {
  python3 - "$@" <<'PY'
import json, sys
out, t = [], 100
for s in sys.argv[2:]:
    if s.startswith("wait:"):
        t += int(s[5:]); continue
    if s.startswith("click:"):
        x, y = s[6:].split(",")
        out.append({"t": t, "type": "click", "x": int(x), "y": int(y)})
    else:
        out.append({"t": t, "type": "key", "key": s})
    t += 100
open(sys.argv[1], "w").write("".join(json.dumps(o) + "\n" for o in out))
PY
}
