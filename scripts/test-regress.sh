#!/usr/bin/env bash
# Proves the regression runner reports failures: it runs scripts/regress.py
# once with the real wfsim (must pass) and once with a wfsim wrapper that
# corrupts one memory word of every dumped state (must fail with
# wrong-result, keep logs and a rerun list, and exit 1).

set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-regress.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

OUT="$tmp/good" SEEDS=1 WFSIM="$WFSIM" python3 "$root/scripts/regress.py" >"$tmp/good.txt" 2>&1 ||
  bad "regression with the real wfsim failed: $(tail -3 "$tmp/good.txt")"
grep -qE '^[0-9]+ passed, 0 failed$' "$tmp/good.txt" || bad "no clean closing line: $(tail -1 "$tmp/good.txt")"

cat >"$tmp/corrupt-wfsim" <<EOS
#!/usr/bin/env bash
# Runs the real wfsim, then flips memory word 0 of the dumped state.
"$WFSIM" "\$@" || exit \$?
prev=""
for a in "\$@"; do
  if [ "\$prev" = "--dump-state" ]; then
    python3 -c 'import json,sys; p=sys.argv[1]; s=json.load(open(p)); s["mem"][0]^=1; json.dump(s,open(p,"w"))' "\$a"
  fi
  prev="\$a"
done
EOS
chmod +x "$tmp/corrupt-wfsim"
OUT="$tmp/bad" SEEDS=1 WFSIM="$tmp/corrupt-wfsim" python3 "$root/scripts/regress.py" >"$tmp/bad.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || bad "corrupted wfsim: regress exited $rc, expected 1"
grep -q 'wrong-result' "$tmp/bad.txt" || bad "corrupted wfsim: no wrong-result failure reported"
grep -qE '^[0-9]+ passed, [1-9][0-9]* failed$' "$tmp/bad.txt" || bad "corrupted wfsim: closing line $(tail -1 "$tmp/bad.txt")"
[ -s "$tmp/bad/rerun.txt" ] || bad "corrupted wfsim: empty rerun list"
grep -q '<failure type="wrong-result"' "$tmp/bad/junit.xml" || bad "corrupted wfsim: JUnit has no failure"
ls "$tmp"/bad/*/log.txt >/dev/null 2>&1 || bad "corrupted wfsim: no per-run logs kept"

if [ $fail = 0 ]; then echo "test-regress: runner passes good runs and reports corrupted ones"; fi
exit $fail
