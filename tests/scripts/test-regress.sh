#!/usr/bin/env bash
# Proves the regression runner (scripts/regress.py) reports what happened:
#  C leg: passes with the real wfsim; with a wfsim wrapper that corrupts one
#    memory word of every dumped state it fails with wrong-result, keeps logs
#    and a rerun list, and exits 1.
#  RTL leg (verif/cosim/run.sh; default-size build, cached under build/rtl/):
#    - a tiny regression passes with the closing line, one directory per seed
#      (program, options, command, stdout, result), JUnit with every seed;
#    - a seed re-run alone draws the same options and program (reproducible),
#      different seeds draw different knobs;
#    - SHARD=1/2 + SHARD=2/2 run the same seeds as the unsharded run, disjointly;
#    - failures: a mutant build (REGRESS_INJECT_DEFINES, RTL trace self-test
#      define) is a mismatch with field and waves; a COSIM wrapper that kills
#      itself, hangs, reports a final-state mismatch or a build failure gives
#      crash, timeout, final-state, build-error, each with its log kept and a
#      rerun line, and the run exits 1;
#    - COV=1: per-run functional coverage merged (covreport.py) with holes
#      listed; Verilator coverage data merged, lcov info + genhtml, totals.
# Set TEST_REGRESS_RTL=0 to run only the C-leg part.
. "$(dirname "$0")/../../scripts/wfsim-env.sh" # WFSIM (absolute, exported), root; set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-regress.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
regress() { WFSIM="$WFSIM" RUN_ID=r python3 "$root/scripts/regress.py" "$@"; }

# ---- wfgen's configuration draws (verif/randcfg.c; unit test: verif/unit/test_randcfg.c) ----
wfgen="$root/build/wfgen"
"$wfgen" --config-only --sizes bogus --seed 1 >/dev/null 2>"$tmp/e.txt" && bad "wfgen --sizes bogus accepted"
grep -q "allowed a comma list of default smallest 64x128 odd1 odd2 any" "$tmp/e.txt" || bad "wfgen --sizes bogus: $(cat "$tmp/e.txt")"
"$wfgen" --sizes default --seed 1 -o "$tmp/x.s" 2>/dev/null && bad "wfgen --sizes without --config-only accepted"
a=$("$wfgen" --config-only --sizes odd2 --seed 7) && b=$("$wfgen" --config-only --sizes odd2 --seed 7) || bad "wfgen --config-only failed"
[ "$a" = "$b" ] || bad "wfgen --config-only is not deterministic"
[ "$(sed -n 2p <<<"$a")" = "# sizes odd2" ] || bad "wfgen --config-only: no '# sizes odd2' line"
grep -q -- "--warps 13 --lanes 7 --regs 19 " <<<"$a" || bad "wfgen --config-only --sizes odd2: not the odd2 sizes"
# shellcheck disable=SC2046
"$wfgen" --seed 7 --random-knobs $(head -1 <<<"$a") -o "$tmp/p7.s" &&
  "$WFSIM" --quiet $(head -1 <<<"$a") "$tmp/p7.s" || bad "the drawn options and program do not run on wfsim"

# ---- C leg -------------------------------------------------------------------------
OUT="$tmp/good" SEEDS=0 CSEEDS=1 regress >"$tmp/good.txt" 2>&1 ||
  bad "C leg with the real wfsim failed: $(tail -3 "$tmp/good.txt")"
grep -qE '^[0-9]+ passed, 0 failed$' "$tmp/good.txt" || bad "C leg: no clean closing line: $(tail -1 "$tmp/good.txt")"

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
OUT="$tmp/bad" SEEDS=0 CSEEDS=1 WFSIM="$tmp/corrupt-wfsim" python3 "$root/scripts/regress.py" >"$tmp/bad.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || bad "corrupted wfsim: regress exited $rc, expected 1"
grep -q 'wrong-result' "$tmp/bad.txt" || bad "corrupted wfsim: no wrong-result failure reported"
grep -qE '^[0-9]+ passed, [1-9][0-9]* failed$' "$tmp/bad.txt" || bad "corrupted wfsim: closing line $(tail -1 "$tmp/bad.txt")"
bdir=$(ls -d "$tmp"/bad/*/ | head -1)
[ -s "$bdir/rerun.txt" ] || bad "corrupted wfsim: empty rerun list"
grep -q '<failure type="wrong-result"' "$bdir/junit.xml" || bad "corrupted wfsim: JUnit has no failure"
ls "$bdir"/c/*/log.txt >/dev/null 2>&1 || bad "corrupted wfsim: no per-run logs kept"

if [ "${TEST_REGRESS_RTL:-1}" = 0 ]; then
  [ $fail = 0 ] && echo "test-regress: C leg reports good and corrupted runs (RTL part skipped)"
  exit $fail
fi

# ---- RTL leg: a tiny regression, reproducibility, shards ------------------------------
export CSEEDS=0 SIZES=default IMEM_JITTER=0
OUT="$tmp/r4" SEEDS=4 regress >"$tmp/r4.txt" 2>&1 || bad "tiny RTL regression failed: $(tail -5 "$tmp/r4.txt")"
[ "$(tail -1 "$tmp/r4.txt")" = "4 passed, 0 failed" ] || bad "tiny RTL regression: closing line '$(tail -1 "$tmp/r4.txt")'"
for s in 1 2 3 4; do
  d="$tmp/r4/r/$s"
  for f in prog.s options.txt cmd.txt stdout.txt stderr.txt result.txt; do
    [ -e "$d/$f" ] || bad "seed $s: no $f"
  done
  grep -q '^PASS' "$d/result.txt" 2>/dev/null || bad "seed $s: result.txt is not PASS"
  grep -q "^PASS" "$d/stdout.txt" 2>/dev/null || bad "seed $s: harness stdout has no PASS line"
done
[ "$(grep -c '<testcase' "$tmp/r4/r/junit.xml")" = 4 ] || bad "tiny RTL regression: JUnit does not list 4 seeds"
[ "$(sort -u "$tmp"/r4/r/[1-4]/options.txt | grep -vc '^#')" = 4 ] || bad "4 seeds did not draw 4 different configurations"

OUT="$tmp/r1" SEED=3 SEEDS=1 regress >"$tmp/r1.txt" 2>&1 || bad "seed 3 alone failed: $(tail -3 "$tmp/r1.txt")"
cmp -s "$tmp/r4/r/3/options.txt" "$tmp/r1/r/3/options.txt" || bad "seed 3 alone drew other options"
cmp -s "$tmp/r4/r/3/prog.s" "$tmp/r1/r/3/prog.s" || bad "seed 3 alone generated another program"

for i in 1 2; do
  OUT="$tmp/sh$i" SEEDS=4 SHARD=$i/2 regress >"$tmp/sh$i.txt" 2>&1 || bad "SHARD=$i/2 failed: $(tail -3 "$tmp/sh$i.txt")"
done
seeds_of() { ls "$1" | grep -E '^[0-9]+$' | sort -n | tr '\n' ' '; }
all=$(seeds_of "$tmp/r4/r") s1=$(seeds_of "$tmp/sh1/r") s2=$(seeds_of "$tmp/sh2/r")
[ "$all" = "1 2 3 4 " ] || bad "unsharded seeds '$all'"
[ "$(echo $s1 $s2 | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "$all" ] || bad "shards '$s1' + '$s2' != '$all'"
[ -n "$s1" ] && [ -n "$s2" ] || bad "a shard ran no seed ('$s1' / '$s2')"
[ "$(echo $s1 $s2 | tr ' ' '\n' | sort | uniq -d)" = "" ] || bad "shards overlap: '$s1' / '$s2'"
OUT="$tmp/shx" SEEDS=2 SHARD=3/2 regress >"$tmp/shx.txt" 2>&1 && bad "SHARD=3/2 accepted"
grep -q 'SHARD=.*allowed' "$tmp/shx.txt" || bad "SHARD=3/2: no range message"

# ---- RTL leg: every failure kind ----------------------------------------------------------
# seeds 1..7: 1 real pass, 2 a mutant build (mismatch), 3 crash, 4 hang, 5 final state, 6 build,
# 7 an RTL assertion's message and abort
cat >"$tmp/cosim" <<EOS
#!/usr/bin/env bash
seed=\$(basename "\$(dirname "\$1")")
case "\$seed" in
  3) exec bash -c 'kill -SEGV \$\$' ;;
  4) exec sleep 300 ;;
  5) echo "FINAL STATE MISMATCH: w0 r6 lane 0: rtl 1, cycle model 0"; echo "  reproduce: fake-repro 5"; exit 1 ;;
  6) echo "run.sh: build failed, see build/rtl/x/build.log" >&2; exit 2 ;;
  7) echo "[12] %Error: wf_scoreboard.v:80: WF_ASSERT wf_scoreboard: writeback to r3 of warp 1, which no entry holds" >&2
     exec bash -c 'kill -ABRT \$\$' ;;
esac
exec "$root/verif/cosim/run.sh" "\$@"
EOS
chmod +x "$tmp/cosim"
OUT="$tmp/k" SEEDS=7 TIMEOUT=8 COSIM="$tmp/cosim" \
  REGRESS_INJECT_DEFINES="2:WF_ASSERT+WF_MUTANT_TRACE_SELFTEST" regress >"$tmp/k.txt" 2>&1
rc=$?
[ "$rc" = 1 ] || bad "failure kinds: regress exited $rc, expected 1"
[ "$(tail -1 "$tmp/k.txt")" = "1 passed, 6 failed" ] || bad "failure kinds: closing line '$(tail -1 "$tmp/k.txt")'"
kd="$tmp/k/r"
for sk in 2:mismatch 3:crash 4:timeout 5:final-state 6:build-error 7:assertion; do
  s=${sk%%:*} k=${sk#*:}
  grep -qE "^FAIL rtl +seed$s .* $k " "$tmp/k.txt" || bad "seed $s: not reported as $k"
  grep -q "^FAIL $k" "$kd/$s/result.txt" 2>/dev/null || bad "seed $s: result.txt does not say FAIL $k"
  [ -e "$kd/$s/stdout.txt" ] && [ -e "$kd/$s/stderr.txt" ] || bad "seed $s: log not kept"
  grep -q "<failure type=\"$k\"" "$kd/junit.xml" || bad "JUnit has no $k failure"
done
[ "$(grep -c . "$kd/rerun.txt")" = 6 ] || bad "rerun.txt has $(grep -c . "$kd/rerun.txt") lines, expected 6"
grep -q '^fake-repro 5$' "$kd/rerun.txt" || bad "rerun.txt does not use the harness's reproduce line"
grep -q "WF_MUTANT_TRACE_SELFTEST.*run.sh .*/2/prog.s" "$kd/rerun.txt" || bad "no reproduce line for the mutant seed"
grep -qE "^FAIL rtl +seed2 .* mismatch +cycle [0-9]+, field [a-z]" "$tmp/k.txt" || bad "mismatch without cycle and field"
grep -q "LOCKSTEP MISMATCH at cycle" "$kd/2/stdout.txt" "$kd/2/stderr.txt" || bad "mismatch report not in seed 2's log"
fst=$(sed -n 's/^ *waves: //p' "$tmp/k.txt" | head -1)
[ -n "$fst" ] && [ -s "$root/$fst" -o -s "$fst" ] || bad "no waves file printed for the mismatch ('$fst')"

# ---- COV=1: functional coverage from the harness, line/toggle data merged ------------------
# A wrapper stands in for the (slow to build) --coverage variant: it writes a
# tiny Verilator coverage file per run (line 10 hit `seed` times, line 12
# never, one toggle point hit on odd seeds) and runs the normal build.
cat >"$tmp/covsim" <<'EOS'
#!/usr/bin/env bash
seed=$(basename "$(dirname "$1")")
if [ -n "${WF_LINE_COV:-}" ]; then
  p() { printf "C '\x01f\x02rtl/wf_core.v\x01l\x02%s\x01n\x020\x01page\x02v_%s/wf_core\x01o\x02%s\x01h\x02TOP.wf_core' %s\n" "$@"; }
  { echo "# SystemC::Coverage-3"; p 10 line block "$seed"; p 12 line block 0; p 11 toggle t $((seed % 2)); } >"$WF_LINE_COV"
  unset WF_LINE_COV
fi
exec "$ROOT_DIR/verif/cosim/run.sh" "$@"
EOS
chmod +x "$tmp/covsim"
ROOT_DIR=$root OUT="$tmp/cov" SEEDS=3 COV=1 COSIM="$tmp/covsim" regress >"$tmp/cov.txt" 2>&1 ||
  bad "COV=1 regression failed: $(tail -5 "$tmp/cov.txt")"
cd_=$tmp/cov/r/coverage
grep -qE '^regress: functional coverage \(harness --cov\): 3 files, 6 runs, [1-9][0-9]* cycles' "$tmp/cov.txt" ||
  bad "COV=1: no merged functional coverage line"
grep -q '^regress: functional coverage: never fired: ' "$tmp/cov.txt" || bad "COV=1: holes not listed"
[ "$(grep -c 'HOLE' "$cd_/functional.txt" 2>/dev/null)" -gt 0 ] || bad "COV=1: coverage/functional.txt has no bins"
grep -q '^regress: line/toggle coverage: line    1 of 2 points hit (50.0%)$' "$tmp/cov.txt" || bad "COV=1: line totals"
grep -q '^regress: line/toggle coverage: toggle  1 of 1 points hit (100.0%)$' "$tmp/cov.txt" || bad "COV=1: toggle totals"
grep -q "l.10.*' 6$" "$cd_/merged.dat" 2>/dev/null || bad "COV=1: merged.dat does not add the three runs' hits (1+2+3)"
grep -q '^DA:10,6$' "$cd_/rtl.info" 2>/dev/null || bad "COV=1: lcov info lacks DA:10,6"
[ -s "$cd_/html/index.html" ] || bad "COV=1: no genhtml report"
ls "$tmp"/cov/r/[1-3]/coverage.dat >/dev/null 2>&1 && bad "COV=1: per-run coverage data kept after the merge"
[ -s "$tmp/cov/r/2/run.cov.json" ] || bad "COV=1: no per-run functional coverage file"

if [ $fail = 0 ]; then
  echo "test-regress: C and RTL legs pass good runs; mismatch, final-state, crash, timeout, build-error, assertion reported with logs, rerun lines and waves; shards partition the seeds; COV=1 merges functional and line/toggle coverage"
fi
exit $fail
