# bin/player memory5d and local records (spec "Local records"): finished matches against the
# AI recorded for the chosen profile, the window-less --export / --import (the store's one
# code path), the records screen's profiles and backups, and the three deletions, each
# behind its own confirmation and tested for exactly its consequence.
P="$BIN/player"
SCRIPT="python3 $ROOT/tests/cli/m5d_script.py"

# keys FILE KEY...: a script pressing each key 10 ms apart from t=100 ("type:NAME" types NAME).
keys() {
  python3 - "$@" <<'PY'
import json, sys
out, t = [], 100
for k in sys.argv[2:]:
    for ch in (k[5:] if k.startswith("type:") else [k]):
        out.append({"t": t, "type": "key", "key": "space" if ch == " " else ch}); t += 10
open(sys.argv[1], "w").write("".join(json.dumps(o) + "\n" for o in out))
PY
}
# rec_events NAME FILE EXPR: EXPR over R (the records events) and S (the screens).
rec_events() {
  check "$1" python3 -c "
import json, sys
E = [json.loads(l) for l in open('$2')]
R = [e for e in E if e['event'] == 'records']; S = [e['screen'] for e in E if e['event'] == 'screen']
sys.exit(0 if ($3) else 1)"
}
# proj DB: the cached projections as {profile: data} (JSON on stdout)
proj() {
  python3 -c "
import json, sqlite3, sys
c = sqlite3.connect('file:$1?mode=ro', uri=True)
print(json.dumps({p: json.loads(d) for p, d in c.execute('SELECT profile, data FROM projections ORDER BY profile')}, sort_keys=True))"
}
# dbq NAME DB EXPR: EXPR over X (the database exported by the player) and J (its projections)
dbq() {
  "$P" memory5d --records "$2" --export "$T/q.json" 2>/dev/null
  proj "$2" >"$T/q-proj.json"
  check "$1" python3 -c "
import json, sys
X = json.load(open('$T/q.json'))['content']; J = json.load(open('$T/q-proj.json'))
sys.exit(0 if ($3) else 1)"
}
# the player's script of A's links for seed 5 (Easy), from the core's own self-play
"$BIN/gen" memory5d --selfplay --seed 5 --difficulty easy --out "$T/sp5.json"
"$P" memory5d --headless --seed 5 --difficulty easy --events-out "$T/s5.jsonl" --until 10
$SCRIPT "$T/sp5.json" "$T/s5.jsonl" keys A >"$T/a5.jsonl"
PLAY5="$P memory5d --headless --seed 5 --difficulty easy --script $T/a5.jsonl --until 30000"

# ---- a finished match against the AI is recorded for the chosen profile ----
expect "a recorded match" 0 "" -- $PLAY5 --records "$T/r.db" --events-out "$T/m1.jsonl"
rec_events "the first match makes and chooses a profile, then records the match" "$T/m1.jsonl" \
  "[(e['action'], e['ok']) for e in R] == [('create-profile', True), ('record-match', True)] and R[0]['profile'] == R[1]['profile'] > 1"
expect "the player's database passes the records check" 0 "" -- "$BIN/solver" memory5d --records "$T/r.db"
dbq "the snapshot is the match as played: one match event, a win, ranked Classic Elo on Easy" "$T/r.db" \
  "len(X['matches']) == 1 and [e['kind'] for e in X['events']] == ['match'] and (lambda p: p['statistics']['classic']['easy']['wins'] == 1 and p['elo']['easy']['matches'] == 1 and p['elo']['easy']['rating'] > p['elo']['easy']['aiRating'])(list(J.values())[0])"
python3 -c "import json,sys; print(json.dumps([json.loads(l) for l in open('$T/m1.jsonl')]))" >"$T/m1.array.json"
check "the events log with records events matches its schema" json_schema_ok memory5d-events.schema.json "$T/m1.array.json"
expect "headless without --records" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty easy --script "$T/a5.jsonl" --events-out "$T/none.jsonl" --until 30000
rec_events "headless runs without --records record nothing" "$T/none.jsonl" "R == []"
"$P" memory5d --headless --records "$T/tut.db" --tutorial --events-out "$T/tut.jsonl" --until 100
"$P" memory5d --headless --records "$T/tut.db" --seed 3 --opponent human --events-out "$T/hot.jsonl" --until 100
dbq "lessons and an unfinished hot-seat match are not recorded" "$T/tut.db" "X['matches'] == [] and X['events'] == []"

# ---- a finished hot-seat match is recorded for the chosen profile as A, opponent human ----
"$BIN/gen" memory5d --selfplay --seed 3 --difficulty normal --out "$T/sp3.json"
"$P" memory5d --headless --seed 3 --difficulty normal --opponent human --events-out "$T/s3.jsonl" --until 10
$SCRIPT "$T/sp3.json" "$T/s3.jsonl" mouse both >"$T/hs.jsonl"
expect "a hot-seat match with --records" 0 "" -- "$P" memory5d --headless --records "$T/hot.db" --seed 3 --difficulty normal \
  --opponent human --script "$T/hs.jsonl" --events-out "$T/hs-ev.jsonl" --until 30000
rec_events "hot-seat: the match is recorded" "$T/hs-ev.jsonl" \
  "[(e['action'], e['ok']) for e in R] == [('create-profile', True), ('record-match', True)]"
expect "the hot-seat database passes the records check" 0 "" -- "$BIN/solver" memory5d --records "$T/hot.db"
python3 -c "import json; print(json.dumps(next(json.loads(l) for l in open('$T/hs-ev.jsonl') if '\"results\"' in l)))" >"$T/hs-results.json"
dbq "hot-seat: the snapshot names a human opponent; statistics and A's Star Points count, Classic Elo does not move" "$T/hot.db" \
  "(lambda m, p, r: m['opponent'] == 'human' and m['draft'] is None and m['seat'] == 'A' and p['statistics']['classic']['normal']['matches'] == 1 and p['elo']['normal']['matches'] == 0 and p['starPoints']['earned'] == r['starPoints'][0] > 0)(X['matches'][0], list(J.values())[0], json.load(open('$T/hs-results.json')))"
keys "$T/hot-screen.jsonl" down down down down down down down down down down down enter
expect "the records screen shows the hot-seat match" 0 "" -- "$P" memory5d --headless --records "$T/hot.db" --script "$T/hot-screen.jsonl" \
  --screenshot 300:"$T/hot-records.png" --until 400

# ---- export and import without a window: the store's own code path ----
expect "export without a window" 0 "" -- "$P" memory5d --records "$T/r.db" --export "$T/x.json"
check "the export matches its schema" json_schema_ok memory5d-records.schema.json "$T/x.json"
expect "import into an empty database" 0 "" -- "$P" memory5d --records "$T/r2.db" --import "$T/x.json"
check "round trip: the imported database's statistics are identical" test "$(proj "$T/r.db")" = "$(proj "$T/r2.db")"
expect "export the imported database" 0 "" -- "$P" memory5d --records "$T/r2.db" --export "$T/x2.json"
check "round trip: export -> import -> export is byte-identical" cmp "$T/x.json" "$T/x2.json"
python3 -c "
t = open('$T/x.json').read()
open('$T/bad.json', 'w').write(t.replace('Player 1', 'Player 7', 1))
i = t.index('\"base\"'); j = next(k for k in range(i, len(t)) if t[k].isdigit())
open('$T/bad-rules.json', 'w').write(t[:j] + str((int(t[j]) + 1) % 10) + t[j + 1:])"
before=$(proj "$T/r2.db")
expect "a corrupted export is refused (exit 1, one line)" 1 "checksum" -- "$P" memory5d --records "$T/r2.db" --import "$T/bad.json"
check "the refused import changed nothing" test "$(proj "$T/r2.db")" = "$before"
expect "an export with a changed rules number is refused" 1 "refused" -- "$P" memory5d --records "$T/r2.db" --import "$T/bad-rules.json"
check "the refused rules import changed nothing" test "$(proj "$T/r2.db")" = "$before"
head -c 900 "$T/x.json" >"$T/trunc.json"
expect "a truncated export is refused" 1 "" -- "$P" memory5d --records "$T/r2.db" --import "$T/trunc.json"
check "the truncated import changed nothing" test "$(proj "$T/r2.db")" = "$before"
expect "export and import together" 2 "cannot be given together" -- "$P" memory5d --records "$T/r.db" --export "$T/y.json" --import "$T/x.json"
expect "headless export needs --records" 2 "needs --records" -- "$P" memory5d --headless --export "$T/y.json"
expect "import of a missing file" 2 "" -- "$P" memory5d --records "$T/r.db" --import "$T/missing.json"
check "a failed export leaves no file" test ! -e "$T/y.json"

# ---- the records screen: a second profile, renamed, with its own match ----
LOBBY_TO_RECORDS="down down down down down down down down down down down enter"
keys "$T/new.jsonl" $LOBBY_TO_RECORDS down enter type:Zed enter down enter type:Zoe enter
expect "records screen: New profile, then Rename" 0 "" -- "$P" memory5d --headless --records "$T/r.db" --script "$T/new.jsonl" \
  --events-out "$T/new-ev.jsonl" --screenshot 460:"$T/records.png" --until 500
rec_events "the records screen creates, chooses and renames a profile" "$T/new-ev.jsonl" \
  "S == ['lobby', 'records'] and [(e['action'], e['ok']) for e in R] == [('create-profile', True), ('rename-profile', True)]"
expect "a match for the new profile" 0 "" -- $PLAY5 --records "$T/r.db" --events-out "$T/m2.jsonl"
dbq "two profiles (Player 1, Zoe), one match each" "$T/r.db" \
  "[p['name'] for p in X['profiles'] if not p.get('tutorial')] == ['Player 1', 'Zoe'] and sorted(m['profile'] for m in X['matches']) == [2, 3] and X['chosenProfile'] == 3"
cp "$T/r.db" "$T/two.db"; proj "$T/two.db" >"$T/two.proj"

# ---- Reset Statistics: asked, cancelled (nothing changes), then confirmed ----
keys "$T/cancel.jsonl" $LOBBY_TO_RECORDS down down down enter escape down enter enter
expect "Reset Statistics, then Cancel (Escape, and Enter on the default Cancel)" 0 "" -- "$P" memory5d --headless --records "$T/r.db" \
  --script "$T/cancel.jsonl" --events-out "$T/cancel-ev.jsonl" --screenshot 250:"$T/confirm.png" --until 400
rec_events "cancel: the confirmation states its consequence, then nothing happens" "$T/cancel-ev.jsonl" \
  "[e['action'] for e in R] == ['ask-reset-statistics', 'cancel', 'ask-delete-profile', 'cancel'] and 'Zoe' in R[0]['detail'] and 'start again from zero' in R[0]['detail'] and 'Zoe' in R[2]['detail']"
check "cancelled: every projection unchanged" test "$(proj "$T/r.db")" = "$(cat "$T/two.proj")"
keys "$T/reset.jsonl" $LOBBY_TO_RECORDS down down down enter left enter
expect "Reset Statistics, confirmed" 0 "" -- "$P" memory5d --headless --records "$T/r.db" --script "$T/reset.jsonl" --events-out "$T/reset-ev.jsonl" --until 400
rec_events "reset: asked and done" "$T/reset-ev.jsonl" "[(e['action'], e['ok']) for e in R] == [('ask-reset-statistics', True), ('reset-statistics', True)]"
dbq "reset: Zoe's statistics and Elo restart; her match, lifetime, achievements and Star Points stay; Player 1 unchanged" "$T/r.db" \
  "(lambda z, o: z['statistics']['classic']['easy']['matches'] == 0 and z['elo']['easy']['matches'] == 0 and z['lifetime']['matches'] == 1 and z['starPoints']['balance'] == o['3']['starPoints']['balance'] > 0 and z['achievements'] == o['3']['achievements'] and J['2'] == o['2'])(J['3'], json.load(open('$T/two.proj'))) and len(X['matches']) == 2"

# ---- Delete Profile: Zoe with her match, events and projection; Player 1 untouched ----
keys "$T/delete.jsonl" $LOBBY_TO_RECORDS down down down down enter left enter
expect "Delete Profile, confirmed" 0 "" -- "$P" memory5d --headless --records "$T/r.db" --script "$T/delete.jsonl" --events-out "$T/delete-ev.jsonl" --until 400
rec_events "delete profile: asked and done" "$T/delete-ev.jsonl" "[(e['action'], e['ok']) for e in R] == [('ask-delete-profile', True), ('delete-profile', True)]"
dbq "delete profile: only Zoe's records are gone" "$T/r.db" \
  "[p['name'] for p in X['profiles'] if not p.get('tutorial')] == ['Player 1'] and [m['profile'] for m in X['matches']] == [2] and all(e['profile'] == 2 for e in X['events']) and list(J) == ['2'] and J['2'] == json.load(open('$T/two.proj'))['2']"

# ---- Delete Everything: the content of a new database ----
keys "$T/all.jsonl" $LOBBY_TO_RECORDS down down down down down enter left enter
expect "Delete Everything, confirmed" 0 "" -- "$P" memory5d --headless --records "$T/r.db" --script "$T/all.jsonl" --events-out "$T/all-ev.jsonl" --until 400
rec_events "delete everything: asked and done" "$T/all-ev.jsonl" "[(e['action'], e['ok']) for e in R] == [('ask-delete-everything', True), ('delete-everything', True)]"
"$P" memory5d --headless --records "$T/fresh.db" --until 10
"$P" memory5d --records "$T/fresh.db" --export "$T/fresh.json"
# opened again, it is a first run's database: its new profile, as fresh.db's first opening made
"$P" memory5d --headless --records "$T/r.db" --until 10
"$P" memory5d --records "$T/r.db" --export "$T/all.json"
# (the same content; the new profile's id is the next the database hands out)
check "delete everything: the export equals a new database's" python3 -c "
import json, sys
def norm(path):
    d = json.load(open(path)); d.pop('checksum', None)
    s = json.dumps(d, sort_keys=True)
    ch = d['content']['chosenProfile'] if 'content' in d else None
    return s.replace('\"id\": %s' % ch, '\"id\": X').replace('\"chosenProfile\": %s' % ch, '\"chosenProfile\": X')
sys.exit(norm('$T/all.json') != norm('$T/fresh.json'))"

# ---- the screen's backup: Export, a change, Import restores ----
keys "$T/backup.jsonl" $LOBBY_TO_RECORDS down down down down down down enter
cp "$T/two.db" "$T/b.db"
expect "Export backup from the screen" 0 "" -- "$P" memory5d --headless --records "$T/b.db" --script "$T/backup.jsonl" --events-out "$T/backup-ev.jsonl" --until 400
check "the screen's backup is the CLI's export" sh -c "'$P' memory5d --records '$T/b.db' --export '$T/b-cli.json' && cmp '$T/b.db.backup.json' '$T/b-cli.json'"
keys "$T/restore.jsonl" $LOBBY_TO_RECORDS down down down down down enter left enter down down enter left enter
expect "Delete Everything, then Import backup" 0 "" -- "$P" memory5d --headless --records "$T/b.db" --script "$T/restore.jsonl" --events-out "$T/restore-ev.jsonl" --until 500
rec_events "import: restored" "$T/restore-ev.jsonl" "[(e['action'], e['ok']) for e in R] == [('ask-delete-everything', True), ('delete-everything', True), ('ask-import', True), ('import', True)]"
check "import restores the backup's statistics" test "$(proj "$T/b.db")" = "$(cat "$T/two.proj")"
# ---- the shop on the Results screen (spec: "Lobby/results purchases add local ... inventory
# after validation"): the balance includes the match just won ----
"$P" memory5d --records "$T/shop.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
python3 - "$T/a5.jsonl" "$T/res-shop.jsonl" <<'PY'
import json, sys
s = [json.loads(l) for l in open(sys.argv[1])]
t = 9000  # Results are on screen from 8843 (the last link + 1.8 s)
s += [{"t": t, "type": "key", "key": "up"}, {"t": t + 100, "type": "key", "key": "enter"},
      {"t": t + 200, "type": "key", "key": "right"}, {"t": t + 300, "type": "key", "key": "enter"},
      {"t": t + 400, "type": "click", "x": 875, "y": 818},
      {"t": t + 500, "type": "touch", "x": 1604, "y": 818},
      {"t": t + 600, "type": "key", "key": "down"}, {"t": t + 700, "type": "key", "key": "right"}]
open(sys.argv[2], "w").write("".join(json.dumps(e) + "\n" for e in s))
PY
expect "buying on the Results screen" 0 "" -- "$P" memory5d --headless --seed 5 --difficulty easy --records "$T/shop.db" --script "$T/res-shop.jsonl" \
  --events-out "$T/res-shop-ev.jsonl" --screenshot 9050:"$T/results-shop.png" --screenshot 9750:"$T/results-bought.png" --until 9800
rec_events "results shop: the match is recorded first; by key Reveal and Double Points, by click Reveal, by touch a refused Extra Turn" "$T/res-shop-ev.jsonl" \
  "S == ['results'] and [(e['action'], e['ok'], e.get('detail', '')[:14]) for e in R] == [('record-match', True, ''), ('buy', True, 'reveal'), ('buy', True, 'doublePoints'), ('buy', True, 'reveal'), ('buy', False, 'refused: event')] and 'the balance is 7' in R[-1]['detail'] and all(e['profile'] == 2 for e in R)"
check "the results shop's events match the schema" sh -c "python3 -c \"import json,sys; print(json.dumps([json.loads(l) for l in open('$T/res-shop-ev.jsonl')]))\" >'$T/res-shop.array.json' && '$ROOT/tests/validate_schemas.sh' --schema '$ROOT/schemas/memory5d-events.schema.json' '$T/res-shop.array.json'"
expect "the database after the results purchases passes the records check" 0 "" -- "$BIN/solver" memory5d --records "$T/shop.db" --report "$T/shop-check.json"
dbq "results shop: Ada's 55 + the 22 just won = 77, less 20 + 30 + 20 = 7 (the refused 50 changed nothing)" "$T/shop.db" \
  "J['2']['starPoints'] == {'balance': 7, 'earned': 107, 'spent': 100} and J['2']['inventory'] == {'reveal': 2, 'doublePoints': 1, 'wildcard': 0, 'extraTurn': 0} and [e['kind'] for e in X['events']][-4:] == ['match', 'purchase', 'purchase', 'purchase']"

echo "not sqlite" >"$T/notdb.db"
expect "a --records file that is not a database" 2 "not a SQLite database" -- "$P" memory5d --headless --records "$T/notdb.db" --until 10

# ---- the records screen at 640x360 (issue 27 item 6: the compact 960x540 field): the history's
# three rows scroll with the selection, a click on the last one shown bringing the next into
# view, and a click lands on the button drawn there (the points come from the drawn frame's
# layout event, so the input's boxes are checked against the drawing's; headless, a frame is
# drawn for each screenshot, and the clicks after it are hit-tested in its field) ----
"$P" memory5d --records "$T/c.db" --import "$ROOT/tests/fixtures/memory5d-records.json"
keys "$T/c0.jsonl" up up enter
"$P" memory5d --headless --size 640x360 --records "$T/c.db" --script "$T/c0.jsonl" --events-out "$T/c0-ev.jsonl" --screenshot 390:"$T/c0.png" --until 400
python3 - "$T/c0-ev.jsonl" "$T/c1.jsonl" <<'PY'
import json, sys
lay = [e for e in map(json.loads, open(sys.argv[1])) if e["event"] == "layout" and e["screen"] == "records"][-1]
mid = lambda t: (int(t["x"] + t["w"] / 2), int(t["y"] + t["h"] / 2))
rows = [t for t in lay["targets"] if t["name"] == "history"]
hx, hy = mid(rows[-1])  # the last history row shown
bx, by = mid(next(t for t in lay["targets"] if t["name"] == "Rename profile"))
s = [{"t": 100, "type": "key", "key": "up"}, {"t": 110, "type": "key", "key": "up"},
     {"t": 120, "type": "key", "key": "enter"}, {"t": 400, "type": "click", "x": hx, "y": hy},
     {"t": 600, "type": "click", "x": hx, "y": hy}, {"t": 800, "type": "click", "x": bx, "y": by},
     {"t": 900, "type": "key", "key": "K"}, {"t": 910, "type": "key", "key": "enter"}]
open(sys.argv[2], "w").write("".join(json.dumps(e) + "\n" for e in s))
PY
expect "records at 640x360: two clicks on the last history row, then Rename by click" 0 "" -- "$P" memory5d --headless --size 640x360 \
  --records "$T/c.db" --script "$T/c1.jsonl" --events-out "$T/c1-ev.jsonl" --screenshot 390:"$T/c-1.png" --screenshot 590:"$T/c-2.png" \
  --screenshot 790:"$T/c-3.png" --until 1100
rec_events "records at 640x360: the history shows 1-3, then 2-4, then 3-5 of Ada's five matches; Rename renames" "$T/c1-ev.jsonl" "
(lambda H: [h for i, h in enumerate(H) if i == 0 or h != H[i - 1]] == [[0, 1, 2], [1, 2, 3], [2, 3, 4]])(
[[t['index'] for t in e['targets'] if t['name'] == 'history'] for e in E if e['event'] == 'layout' and e['screen'] == 'records'])
and [(e['action'], e['ok']) for e in R] == [('rename-profile', True)]
and all((e['fieldW'], e['fieldH']) == (960, 540) for e in E if e['event'] == 'layout')"
dbq "records at 640x360: the profile renamed by click is named K" "$T/c.db" \
  "[p['name'] for p in X['profiles'] if not p.get('tutorial')] == ['K', 'Bob']"
