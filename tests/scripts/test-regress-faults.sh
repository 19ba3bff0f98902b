#!/usr/bin/env bash
# The regression runner (scripts/regress.py) under the faults regression farms
# see, each reproduced on a small run (2-6 seeds, smallest size set) with a
# fake harness (COSIM=<fake run.sh>: real wfgen draws and programs, no
# Verilator) unless it needs the real one:
#  - every bad knob: exit 2 with one line naming it, before OUT exists;
#    an existing RUN_ID without RESUME: exit 2, the old run untouched;
#  - OUT unwritable (a read-only tmpfs mount; a path under a file) and full
#    (a 512 KiB tmpfs: at the start, and mid-run with ENOSPC): exit 2, one line;
#  - no option probe: the harness is never asked --help; a slow build is a
#    logged step with progress lines, and every seed still gets --seed and its
#    --imem-jitter; a build over BUILD_TIMEOUT and a failing build are
#    `build error` (exit 2) with the log, no seed run, STATUS says so;
#  - SIGINT and SIGTERM mid-run: exit 130/143, no child left, junit.xml,
#    rerun.txt, summary.json of what finished (state interrupted); SIGKILL:
#    the finished seeds' result.json intact, regress --report says what is
#    missing; RESUME then runs only the missing seeds, and the final report
#    equals an uninterrupted run of the same seeds, seed for seed;
#  - a crash that does not repeat on the re-run (verified build) is
#    `not-reproduced`; a failure whose waves re-run passes is marked
#    `not reproduced` in the console and JUnit;
#  - a truncated cached Vwf_core (real RTL, smallest build) is rebuilt, not run.
. "$(dirname "$0")/../../scripts/wfsim-env.sh" # WFSIM (absolute, exported), root; set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-regress-faults.XXXXXX") || exit 1
mounts=()
cleanup() {
  for m in ${mounts[@]+"${mounts[@]}"}; do umount "$m" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
R=${REGRESS_PY:-$root/scripts/regress.py}  # another copy: to show the checks fail on a broken runner
export CSEEDS=0 SIZES=smallest IMEM_JITTER=2 JOBS=2 COSIM="$tmp/fake-run.sh" FAKE_LOG="$tmp/calls.log" FAKE_STATE="$tmp/state"
mkdir -p "$FAKE_STATE"

# The fake harness: logs every call; --build-only sleeps FAKE_BUILD_SLEEP and
# fails with FAKE_BUILD_FAIL=1; a run sleeps FAKE_SLEEP (30 s from seed
# FAKE_SLOW_FROM on), prints FAKE_BIG bytes,
# crashes once for the seeds in FAKE_CRASH_ONCE, fails without --waves for the
# seeds in FAKE_FAIL_NOWAVES, and passes.
cat >"$COSIM" <<'EOS'
#!/usr/bin/env bash
echo "$$ $*" >>"$FAKE_LOG"
if [ "$1" = --build-only ]; then
  sleep "${FAKE_BUILD_SLEEP:-0}"
  if [ "${FAKE_BUILD_FAIL:-0}" = 1 ]; then echo "%Error: rtl/wf_core.v:1: fake syntax error"; echo "run.sh: build failed" >&2; exit 2; fi
  echo "run.sh: cached build verified: fake"; exit 0
fi
seed=$(basename "$(dirname "$1")")
echo $$ >>"$FAKE_STATE/pids"
sleep "${FAKE_SLEEP:-0}"
[ "$seed" -ge "${FAKE_SLOW_FROM:-999999}" ] && sleep 30
case " ${FAKE_CRASH_ONCE:-} " in *" $seed "*)
  if [ ! -e "$FAKE_STATE/crashed$seed" ]; then touch "$FAKE_STATE/crashed$seed"; kill -SEGV $$; fi ;; esac
case " ${FAKE_FAIL_NOWAVES:-} " in *" $seed "*)
  case " $* " in *" --waves "*) ;; *) echo "FINAL STATE MISMATCH: w0 r1 lane 0: rtl 1, cycle model 0"; exit 1 ;; esac ;; esac
[ -n "${FAKE_BIG:-}" ] && head -c "$FAKE_BIG" /dev/zero | tr '\0' x
echo "PASS seed $seed"
EOS
chmod +x "$COSIM"

. "$root/tests/scripts/regress-same-run.sh" # facts, same_run
children_gone() { # no fake harness process left
  local p
  for p in $(cat "$FAKE_STATE/pids" 2>/dev/null); do
    kill -0 "$p" 2>/dev/null && { bad "$1: harness pid $p still running after the runner stopped"; kill -9 "$p"; }
  done
  : >"$FAKE_STATE/pids"
}
wait_results() { # dir n: until n result.json files exist (30 s at most)
  local i
  for i in $(seq 300); do
    [ "$(ls "$1"/*/result.json 2>/dev/null | wc -l)" -ge "$2" ] && return 0
    sleep 0.1
  done
  bad "no $2 results in $1 after 30 s"
}

# ---- bad knobs: exit 2, one line naming the knob, nothing under OUT ----------------------
while IFS='|' read -r knob want; do
  [ -z "$knob" ] && continue
  o="$tmp/knob"
  env OUT="$o" SEEDS=2 $knob python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
  rc=$?
  [ "$rc" = 2 ] || bad "$knob: exit $rc, expected 2"
  [ "$(wc -l <"$tmp/k.err")" = 1 ] && grep -q -- "$want" "$tmp/k.err" || bad "$knob: message '$(head -3 "$tmp/k.err")' does not name $want"
  [ -e "$o" ] && { bad "$knob: $o was created"; rm -rf "$o"; }
done <<'EOK'
JOBS=0|JOBS='0'
JOBS=x|JOBS='x'
SHARD=0/4|SHARD='0/4'
SHARD=5/4|SHARD='5/4'
SIZES=bogus|SIZES=bogus
IMEM_JITTER=-1|IMEM_JITTER='-1'
SEEDS=ten|SEEDS='ten'
SEED=0|SEED='0'
TIMEOUT=0|TIMEOUT='0'
BUILD_TIMEOUT=1h|BUILD_TIMEOUT='1h'
WAVES=yes|WAVES='yes'
COV=2|COV='2'
RUN_ID=../x|RUN_ID='../x'
RUN_ID=latest|RUN_ID='latest'
RESUME=nosuch|RESUME=nosuch
RESUME=latest|RESUME=latest
SLURM=1|SLURM=1 needs SHARDS
SHARDS=3|SHARDS and SLURM_ARGS go with SLURM=1
SLURM=1 SHARDS=2 SHARD=1/2|leave SHARD unset
REGRESS_INJECT_DEFINES=x|REGRESS_INJECT_DEFINES='x'
COSIM=/nonexistent|COSIM=/nonexistent
EOK
# an existing run is never deleted: RUN_ID again without RESUME is refused
mkdir -p "$tmp/keep/r1" && echo precious >"$tmp/keep/r1/x"
OUT="$tmp/keep" RUN_ID=r1 SEEDS=2 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
rc=$?
[ "$rc" = 2 ] && grep -q 'RUN_ID=r1: .* exists .*RESUME=r1' "$tmp/k.err" || bad "existing RUN_ID: exit $rc, $(cat "$tmp/k.err")"
[ "$(cat "$tmp/keep/r1/x")" = precious ] || bad "existing RUN_ID: the old run was touched"

# ---- output directory: unwritable, not a directory, full --------------------------------
mkdir -p "$tmp/ro" "$tmp/full" "$tmp/small"
if mount -t tmpfs -o size=1m,ro tmpfs "$tmp/ro" && mounts+=("$tmp/ro") &&
   mount -t tmpfs -o size=512k tmpfs "$tmp/full" && mounts+=("$tmp/full") &&
   mount -t tmpfs -o size=256k tmpfs "$tmp/small" && mounts+=("$tmp/small"); then
  OUT="$tmp/ro/out" SEEDS=2 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
  rc=$?
  [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/k.err")" = 1 ] && grep -q 'OUT: .* is not writable (read-only file system)' "$tmp/k.err" ||
    bad "read-only OUT: exit $rc, '$(cat "$tmp/k.err")'"
  OUT="$tmp/full/out" SEEDS=2 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
  rc=$?
  [ "$rc" = 2 ] && grep -q 'OUT: .* MiB free, the run needs REGRESS_MIN_FREE_MB=64 (disk full?)' "$tmp/k.err" ||
    bad "small OUT: exit $rc, '$(cat "$tmp/k.err")'"
  [ -e "$tmp/full/out" ] && bad "small OUT: out/ created"
  # full mid-run: each seed's log is 100 KB, the disk 256 KiB
  OUT="$tmp/small/out" REGRESS_MIN_FREE_MB=0 SEEDS=6 FAKE_BIG=100000 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
  rc=$?
  [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/k.err")" = 1 ] && grep -q 'No space left on device' "$tmp/k.err" ||
    bad "disk full mid-run: exit $rc, stderr '$(head -5 "$tmp/k.err")'"
  grep -q Traceback "$tmp/k.err" && bad "disk full mid-run: a traceback"
  children_gone "disk full"
else
  bad "cannot mount tmpfs (root needed) for the read-only and full OUT checks"
fi
echo x >"$tmp/afile"
OUT="$tmp/afile/out" SEEDS=2 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
rc=$?
[ "$rc" = 2 ] && grep -q 'OUT: .*afile is not a directory' "$tmp/k.err" || bad "OUT under a file: exit $rc, '$(cat "$tmp/k.err")'"

# ---- make regress installs no GUI package: gtkwave only for make waves -------------------
wants() { # stage: the packages scripts/setup.sh STAGE would install when missing
  local need=$1 r a b c d
  eval "$(sed -n '/^deb_reqs=(/,/^)/p; /^wanted() {/,/^}/p' "$root/scripts/setup.sh")"
  for r in "${deb_reqs[@]}"; do
    IFS=: read -r a b c d <<<"$r"
    if [ "$a" = lib ]; then wanted "$d" && echo "$c"; else wanted "$c" && echo "$b"; fi
  done
}
wants regress | grep -qx gtkwave && bad "scripts/setup.sh regress installs gtkwave (a GUI package)"
wants waves | grep -qx gtkwave || bad "scripts/setup.sh waves does not install gtkwave"
wants test | grep -qx slurm-wlm && wants test | grep -qx munge || bad "scripts/setup.sh test does not install slurm-wlm and munge"

# ---- the build step: no probe, slow build with progress, timeout, failure ------------------
: >"$FAKE_LOG"
OUT="$tmp/o" RUN_ID=slow SEEDS=4 FAKE_BUILD_SLEEP=3 REGRESS_PROGRESS=1 python3 "$R" >"$tmp/slow.txt" 2>&1
rc=$?
[ "$rc" = 0 ] && [ "$(tail -1 "$tmp/slow.txt")" = "4 passed, 0 failed" ] || bad "slow build: exit $rc, '$(tail -3 "$tmp/slow.txt")'"
grep -q -- '--help' "$FAKE_LOG" && bad "the runner asked the harness --help"
grep -qE '^regress:   building smallest \.\.\. [0-9]+s \(log ' "$tmp/slow.txt" || bad "slow build: no progress line"
grep -qE '^regress:   build smallest +cached in [3-9]\.[0-9]s$' "$tmp/slow.txt" || bad "slow build: no build time line"
grep -qE '^regress:   smallest  seed [0-9]+ +pass \(run [0-9.]+s; its build step before: [3-9]\.[0-9]s, cached\)$' "$tmp/slow.txt" ||
  bad "slow build: the first seed line does not give run and build times apart"
grep -q -- '--seed on, --imem-jitter on 1 seed in 2, WAVES off, COV off' "$tmp/slow.txt" || bad "slow build: header does not say on/off"
grep -q '^regress: 4 RTL seeds passed, 0 failed; 0 C-model runs passed, 0 failed$' "$tmp/slow.txt" || bad "the two legs are not named"
for s in 1 2 3 4; do
  grep -q -- "--seed $s\( \|$\)" "$tmp/o/slow/$s/cmd.txt" || bad "seed $s ran without --seed"
done
grep -q -- '--imem-jitter 2' "$tmp/o/slow/2/cmd.txt" && grep -q -- '--imem-jitter 4' "$tmp/o/slow/4/cmd.txt" ||
  bad "jitter seeds ran without --imem-jitter"
grep -q -- '--imem-jitter' "$tmp/o/slow/1/cmd.txt" && bad "seed 1 ran with --imem-jitter"

: >"$FAKE_LOG"
OUT="$tmp/o" RUN_ID=bto SEEDS=3 FAKE_BUILD_SLEEP=5 BUILD_TIMEOUT=1 python3 "$R" >"$tmp/bto.txt" 2>&1
rc=$?
[ "$rc" = 2 ] || bad "build timeout: exit $rc, expected 2"
grep -q '^regress: build error: smallest: no build within BUILD_TIMEOUT=1s (killed); log ' "$tmp/bto.txt" || bad "build timeout: no build error line"
grep -q '^build error: ' "$tmp/o/bto/STATUS" || bad "build timeout: STATUS '$(cat "$tmp/o/bto/STATUS")'"
grep -q '"state": "build error"' "$tmp/o/bto/summary.json" || bad "build timeout: summary.json state"
grep -qv -- '--build-only' "$FAKE_LOG" && bad "build timeout: a seed ran"
children_gone "build timeout"
OUT="$tmp/o" RUN_ID=bfail SEEDS=3 FAKE_BUILD_FAIL=1 python3 "$R" >"$tmp/bf.txt" 2>&1
rc=$?
[ "$rc" = 2 ] && grep -q '^regress: build error: smallest: exit 2: ' "$tmp/bf.txt" &&
  grep -q '^regress:   | %Error: rtl/wf_core.v:1: fake syntax error' "$tmp/bf.txt" || bad "failing build: exit $rc, $(tail -4 "$tmp/bf.txt")"

# ---- stops: SIGINT, SIGTERM, SIGKILL mid-run, then RESUME == an uninterrupted run ----------
OUT="$tmp/o" RUN_ID=ref SEEDS=6 python3 "$R" >"$tmp/ref.txt" 2>&1 || bad "reference run failed: $(tail -3 "$tmp/ref.txt")"
for sig in INT TERM KILL; do
  # seeds 1, 2 take a second each, seed 3 would take 30: the signal comes during seed 3
  OUT="$tmp/o" RUN_ID=$sig SEEDS=6 JOBS=1 FAKE_SLEEP=1 FAKE_SLOW_FROM=3 python3 "$R" >"$tmp/$sig.txt" 2>&1 &
  pid=$!
  wait_results "$tmp/o/$sig" 2
  sleep 0.5
  t0=$(date +%s)
  kill -$sig $pid
  { wait $pid; } 2>/dev/null
  rc=$?
  secs=$(($(date +%s) - t0))
  d="$tmp/o/$sig"
  n=$(ls "$d"/*/result.json 2>/dev/null | wc -l)
  [ "$n" = 2 ] || bad "SIG$sig: $n seeds have results, expected 2"
  for f in "$d"/*/result.json; do python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || bad "SIG$sig: $f is not whole"; done
  case $sig in
    INT|TERM)
      want=$([ $sig = INT ] && echo 130 || echo 143)
      [ "$rc" = "$want" ] || bad "SIG$sig: exit $rc, expected $want"
      [ "$secs" -le 10 ] || bad "SIG$sig: the runner took ${secs}s to stop (its running harness not killed?)"
      for f in junit.xml rerun.txt summary.json; do [ -s "$d/$f" ] || [ $f = rerun.txt -a -e "$d/$f" ] || bad "SIG$sig: no $f"; done
      grep -q '"state": "interrupted"' "$d/summary.json" || bad "SIG$sig: summary.json not marked interrupted"
      grep -q "^interrupted by SIG$sig: " "$d/STATUS" || bad "SIG$sig: STATUS '$(cat "$d/STATUS")'"
      [ "$(grep -c '<skipped message="not run' "$d/junit.xml")" = $((6 - n)) ] || bad "SIG$sig: JUnit does not list the $((6 - n)) seeds not run"
      grep -q Traceback "$tmp/$sig.txt" && bad "SIG$sig: a traceback"
      children_gone "SIG$sig" ;;
    KILL)
      grep -q '^running: pid ' "$d/STATUS" || bad "SIGKILL: STATUS does not say the run was running: '$(cat "$d/STATUS")'"
      # no process can clean up after SIGKILL: the orphaned harness run (in its
      # own session) is ended here
      for p in $(cat "$FAKE_STATE/pids"); do kill -9 -- "-$p" 2>/dev/null; done; : >"$FAKE_STATE/pids"
      OUT="$tmp/o" python3 "$R" --report KILL >"$tmp/rep.txt" 2>&1
      rc=$?
      [ "$rc" = 1 ] && grep -q "^regress: incomplete: $((6 - n)) of 6 items have no result" "$tmp/rep.txt" ||
        bad "SIGKILL: regress --report: exit $rc, $(tail -2 "$tmp/rep.txt")"
      grep -q '"state": "incomplete"' "$d/summary.json" || bad "SIGKILL: report not marked incomplete" ;;
  esac
  [ "$(readlink "$tmp/o/latest")" = $sig ] || bad "SIG$sig: latest does not point at the run"
  : >"$FAKE_LOG"
  OUT="$tmp/o" RESUME=latest python3 "$R" >"$tmp/$sig-resume.txt" 2>&1
  rc=$?
  [ "$rc" = 0 ] && [ "$(tail -1 "$tmp/$sig-resume.txt")" = "6 passed, 0 failed" ] || bad "SIG$sig: RESUME: exit $rc, '$(tail -3 "$tmp/$sig-resume.txt")'"
  [ "$(grep -vc -- '--build-only' "$FAKE_LOG")" = $((6 - n)) ] || bad "SIG$sig: RESUME ran $(grep -vc -- '--build-only' "$FAKE_LOG") seeds, expected $((6 - n))"
  grep -q '^complete: 6 passed, 0 failed' "$d/STATUS" || bad "SIG$sig: STATUS after RESUME '$(cat "$d/STATUS")'"
  same_run "$d" "$tmp/o/ref" "SIG$sig then RESUME"
done
OUT="$tmp/o" RESUME=ref SEEDS=7 python3 "$R" >"$tmp/k.out" 2>"$tmp/k.err"
[ $? = 2 ] && grep -q "RESUME=ref: SEEDS=7, but the run was started with 6" "$tmp/k.err" || bad "RESUME with another SEEDS accepted: $(cat "$tmp/k.err")"

# ---- crashes re-run on a verified build; failures the waves re-run does not reproduce ------
: >"$FAKE_LOG"
rm -f "$FAKE_STATE"/crashed*
OUT="$tmp/o" RUN_ID=flaky SEEDS=4 FAKE_CRASH_ONCE=2 FAKE_FAIL_NOWAVES=3 python3 "$R" >"$tmp/flaky.txt" 2>&1
rc=$?
[ "$rc" = 1 ] && [ "$(tail -1 "$tmp/flaky.txt")" = "2 passed, 2 failed" ] || bad "flaky: exit $rc, '$(tail -1 "$tmp/flaky.txt")'"
grep -qE '^FAIL rtl +seed2 .* not-reproduced +first run: crash \(killed by SIGSEGV' "$tmp/flaky.txt" || bad "a crash that did not repeat is not reported as not-reproduced"
[ "$(grep -c -- '--build-only' "$FAKE_LOG")" = 2 ] || bad "the crash was not re-run after a build step (calls: $(grep -c -- '--build-only' "$FAKE_LOG") build steps)"
grep -qE '^FAIL rtl +seed3 .* final-state \(not reproduced\) ' "$tmp/flaky.txt" || bad "seed 3's waves re-run passed, console does not say not reproduced"
grep -q '<property name="reproduced" value="false"/>' "$tmp/o/flaky/junit.xml" &&
  grep -q 'message="FINAL STATE MISMATCH.*\[not reproduced: the waves re-run gave pass' "$tmp/o/flaky/junit.xml" || bad "JUnit does not say not reproduced"
grep -q '<failure type="not-reproduced"' "$tmp/o/flaky/junit.xml" || bad "JUnit has no not-reproduced failure"

# ---- a truncated cached binary (real run.sh, the smallest build) ---------------------------
if [ "${TEST_REGRESS_RTL:-1}" != 0 ]; then
  export COSIM=${TEST_REAL_COSIM:-$root/verif/cosim/run.sh}  # (a broken copy: to show the check fails)
  # a private build cache: other make test stages share build/rtl and would
  # repair (rebuild) the damaged binary before this run sees it
  export WF_RTL_DIR="$tmp/rtl"
  OUT="$tmp/o" RUN_ID=rtl1 SEEDS=2 python3 "$R" >"$tmp/rtl1.txt" 2>&1 || bad "real smallest run failed: $(tail -5 "$tmp/rtl1.txt")"
  bin=$(ls -d "$WF_RTL_DIR"/warps1_lanes1_regs1_*__WF_ASSERT)/Vwf_core
  truncate -s 100000 "$bin"
  touch -d '1 hour ago' "$bin"
  OUT="$tmp/o" RUN_ID=rtl2 SEEDS=2 python3 "$R" >"$tmp/rtl2.txt" 2>&1
  rc=$?
  [ "$rc" = 0 ] && [ "$(tail -1 "$tmp/rtl2.txt")" = "2 passed, 0 failed" ] || bad "truncated Vwf_core: exit $rc, '$(tail -3 "$tmp/rtl2.txt")'"
  grep -qE '^regress:   build smallest +built \(cached Vwf_core fails its checksum\) in ' "$tmp/rtl2.txt" ||
    bad "truncated Vwf_core: not rebuilt: $(grep 'build smallest' "$tmp/rtl2.txt")"
  [ "$(stat -c %s "$bin")" -gt 100000 ] || bad "truncated Vwf_core still truncated"
  same_run "$tmp/o/rtl2" "$tmp/o/rtl1" "truncated Vwf_core"
fi

[ $fail = 0 ] && echo "test-regress-faults: bad knobs, unwritable/full OUT, slow/failing builds, SIGINT/SIGTERM/SIGKILL + RESUME, crash re-runs, not-reproduced failures, a truncated cached binary: all reported as specified"
exit $fail
