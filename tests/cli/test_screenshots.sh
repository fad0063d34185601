# docs/screenshots.sh renders every screenshot shown in docs/ from the headless player; the committed
# PNGs must be exactly its output, so a change to any scene's art shows here (refresh them with
# docs/screenshots.sh and look at them before committing).
expect "docs/screenshots.sh renders" 0 "" -- sh docs/screenshots.sh "$T/shots"
for f in docs/screenshots/*.png; do
  check "$(basename "$f") is the script's output (refresh: docs/screenshots.sh)" cmp -s "$f" "$T/shots/$(basename "$f")"
done
check "the script renders no screenshot the documentation lacks" sh -c "
  for f in '$T'/shots/*.png; do grep -rqF \"screenshots/\$(basename \"\$f\")\" README.md docs --include='*.md' || exit 1; done"
