# Memory5D's screens (player/memory5d): every way back to the lobby is the one memory5d_goto (the
# screen event, the lobby's music and its hint for the caption). That no two of its files call
# each other is checked with the rest of the tree by test_file_circles.sh.
P="$BIN/player"

# Easy (the first lesson's difficulty), then the Tutorial row; its card, Escape, Enter: back
# in the lobby as it was, its hint for the caption rather than the leave dialog's question.
printf '%s\n' '{"t":100,"type":"click","x":960,"y":334}' '{"t":200,"type":"click","x":1180,"y":814}' \
  '{"t":300,"type":"key","key":"escape"}' '{"t":400,"type":"key","key":"enter"}' >"$T/back.jsonl"
expect "lobby, the tutorial, and back" 0 "" -- "$P" memory5d --headless --script "$T/back.jsonl" \
  --events-out "$T/back-ev.jsonl" --screenshot 150:"$T/first.png" --screenshot 500:"$T/back.png" --until 500
check "back: the screens went lobby, the lesson, lobby" python3 -c "
import json, sys
E = [json.loads(l) for l in open(sys.argv[1])]
seen = [e.get('screen') or e['event'] for e in E if e['event'] in ('screen', 'match-start')]
sys.exit(seen != ['lobby', 'match-start', 'lobby'])" "$T/back-ev.jsonl"
check "back: the lobby looks as it did before the lesson" cmp "$T/first.png" "$T/back.png"
