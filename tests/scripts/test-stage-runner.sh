#!/usr/bin/env bash
# The test of scripts/test-stages.sh (the runner of `make test`'s stages), with
# a fake make (STAGE_MAKE) whose stages pass, fail or wait for each other:
#  * all passing: exit 0, a PASS line and a log per stage, the closing table;
#  * one failing among passing ones: exit 1, its FAIL line, its log on
#    the terminal, the others still run and pass;
#  * a stage killed by a signal counts as failed;
#  * JOBS=2 runs two stages at once (each waits to see the other's start
#    marker: run one at a time, the first would time out and fail); JOBS=1
#    runs them one at a time (the same pair then fails);
#  * JOBS out of range is refused with the allowed range.
# Part of `make test` (test-examples).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1   # under TMPDIR, or /tmp
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL test-stage-runner: $*"; fails=$((fails + 1)); }

cat >"$tmp/fake-make" <<EOS
#!/usr/bin/env bash
# fake make: \$1 is --no-print-directory, \$2 the stage
st=\$2
case \$st in
  ok*) echo "\$st: all checks passed" ;;
  fail*) echo "\$st: line one of the failure"; echo "\$st: the reason it failed"; exit 1 ;;
  crash*) kill -SEGV \$\$ ;;
  pair-*) # start marker, then wait up to 10 s for the partner's
    touch "$tmp/started-\$st"
    other=pair-a; [[ \$st == pair-a ]] && other=pair-b
    for _ in \$(seq 100); do [[ -e "$tmp/started-\$other" ]] && { echo "\$st: saw \$other"; exit 0; }; sleep 0.1; done
    echo "\$st: \$other never started while I ran"; exit 1 ;;
  *) echo "make: *** No rule to make target '\$st'.  Stop." >&2; exit 2 ;;
esac
EOS
chmod +x "$tmp/fake-make"
run() { # run NAME [env...] -- stages...: output in $tmp/NAME.out, status in $tmp/NAME.rc
  local name=$1; shift
  local envs=()
  while [[ $1 != -- ]]; do envs+=("$1"); shift; done
  shift
  env STAGE_MAKE="$tmp/fake-make" STAGE_LOGS="$tmp/logs-$name" ${envs[@]+"${envs[@]}"} \
    bash "$root/scripts/test-stages.sh" "$@" >"$tmp/$name.out" 2>&1
  echo $? >"$tmp/$name.rc"
}

run good -- ok-a ok-b ok-c
[[ $(cat "$tmp/good.rc") == 0 ]] || bad "all passing: exit $(cat "$tmp/good.rc"), expected 0"
for st in ok-a ok-b ok-c; do
  grep -q "^PASS $st .*$st: all checks passed" "$tmp/good.out" || bad "all passing: no PASS line for $st"
  grep -q "$st: all checks passed" "$tmp/logs-good/$st.log" 2>/dev/null || bad "all passing: no log for $st"
  grep -qE "^$st +[0-9]+  pass$" "$tmp/good.out" || bad "all passing: $st not in the closing table"
done
grep -q "^wall clock: .* JOBS=2" "$tmp/good.out" || bad "all passing: no wall-clock line"

run mixed -- ok-a fail-b ok-c
[[ $(cat "$tmp/mixed.rc") == 1 ]] || bad "one failing: exit $(cat "$tmp/mixed.rc"), expected 1"
grep -q "^FAIL fail-b .*exit 1" "$tmp/mixed.out" || bad "one failing: no FAIL line"
grep -q "fail-b: the reason it failed" "$tmp/mixed.out" || bad "one failing: its log is not shown"
grep -q "^test-stages: FAILED: fail-b$" "$tmp/mixed.out" || bad "one failing: no closing FAILED line"
grep -q "^PASS ok-c " "$tmp/mixed.out" || bad "one failing: the stage after it did not run"

run crash -- crash-a ok-b
[[ $(cat "$tmp/crash.rc") == 1 ]] || bad "killed stage: exit $(cat "$tmp/crash.rc"), expected 1"
grep -q "^FAIL crash-a .*exit 139" "$tmp/crash.out" || bad "killed stage: no FAIL line with exit 139"

run missing -- no-such-stage
[[ $(cat "$tmp/missing.rc") == 1 ]] || bad "unknown stage: exit $(cat "$tmp/missing.rc"), expected 1"

run two JOBS=2 -- pair-a pair-b
[[ $(cat "$tmp/two.rc") == 0 ]] || bad "JOBS=2: the two stages did not run at once: $(tail -3 "$tmp/two.out")"
rm -f "$tmp"/started-*
run one JOBS=1 -- pair-a pair-b
[[ $(cat "$tmp/one.rc") == 1 ]] || bad "JOBS=1: two stages ran at once"

run badjobs JOBS=0 -- ok-a
[[ $(cat "$tmp/badjobs.rc") == 2 ]] && grep -q "JOBS=0: allowed: an integer >= 1" "$tmp/badjobs.out" \
  || bad "JOBS=0: not refused with the allowed range: $(cat "$tmp/badjobs.out")"

if [[ $fails == 0 ]]; then
  echo "test-stage-runner: pass/fail/killed stages reported, failed logs shown, exit status right, JOBS runs stages at once"
  exit 0
fi
exit 1
