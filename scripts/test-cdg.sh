#!/usr/bin/env bash
# Coverage-directed generation (docs/verification.md "Coverage-directed
# generation"; scripts/wf/cdg.py, wfgen --cdg, the bin table in verif/randcfg.c):
#  - a bias toward one plan cell moves the seeds' configurations and programs
#    to it, and the C model's coverage of that cell grows over the same seeds
#    drawn plainly; without a bias the draws are the plain ones;
#  - the runner end to end with a harness that is the C model (wfsim --cov,
#    the records lockstep compares): COV=1 writes coverage/coverage.json,
#    CDG= reads it, keeps the bias in the run with its sha256, names it in
#    every seed's options.txt, and a failing seed's report prints the
#    command that re-draws it, which gives the same program;
#  - a missing, non-JSON or wrong-format report and a malformed bias file
#    are exit 2 with the file named (regress.py, covreport.py, wfgen).
set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
wfgen=$root/build/wfgen
T=$(mktemp -d "${TMPDIR:-/tmp}/test-cdg.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "test-cdg: FAIL: $*"; fail=1; }
cov() { WFSIM="$WFSIM" python3 "$root/scripts/covreport.py" "$@"; }

# ---- the bias moves the stimulus toward its target ---------------------------------------
cell="hazard.mem_order @ loops=3,hazard=stall,war=bloom"
printf '# warpfront-cdg-bias 1\n# one plan cell\n1 %s\n' "${cell/ @ /@}" >"$T/bias.txt"
"$wfgen" --cdg-check "$T/bias.txt" | grep -q "1 targets, weight 1: 1 aimed by the bin table's rows" ||
  bad "wfgen --cdg-check: $("$wfgen" --cdg-check "$T/bias.txt" 2>&1)"
SEED=101 cov --plan --quiet --regress-seeds 40 --out "$T/plain" --json "$T/plain.json" >"$T/plain.txt" ||
  bad "plain seeds: $(tail -2 "$T/plain.txt")"
SEED=101 cov --plan --quiet --regress-seeds 40 --cdg "$T/bias.txt" --out "$T/cdg" --json "$T/cdg.json" \
  >"$T/cdg.txt" || bad "directed seeds: $(tail -2 "$T/cdg.txt")"
grep -q "^covreport: CDG: seeds 101..140 drawn under $T/cdg/cdg-bias.txt (sha256 .*re-run: make coverage-report SEED=101 SEEDS=40 CDG=" \
  "$T/cdg.txt" || bad "covreport --cdg does not name its bias and re-run: $(head -2 "$T/cdg.txt")"
axes() { grep -l -- "--war bloom .*--loops 3 --hazard stall" "$1"/*/options.txt 2>/dev/null | wc -l; }
np=$(axes "$T/plain") nd=$(axes "$T/cdg")
nrow=$(grep -l "^# cdg target 1 .*hazard.mem_order" "$T"/cdg/programs/any/*.s | wc -l)
hits() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["plan_cells"][sys.argv[2]]["seeds"])' "$1" "$cell"; }
hp=$(hits "$T/plain.json") hd=$(hits "$T/cdg.json")
echo "test-cdg: seeds 101..140, cell $cell: configuration drawn plain $np, directed $nd" \
     "(programs aimed at it $nrow); cell hit by plain $hp, directed $hd seeds"
[ "$nd" -ge 20 ] && [ "$nd" -ge $((np + 15)) ] || bad "the bias did not move the configurations (plain $np, directed $nd of 40)"
[ "$nrow" -ge 20 ] || bad "the programs do not name the target ($nrow of 40)"
[ "$hd" -ge $((hp + 5)) ] || bad "the directed seeds do not hit the cell more (plain $hp, directed $hd of 40)"
# the seeds the bias leaves alone (a quarter) are the plain seeds, word for word
same=0
for f in "$T"/cdg/programs/any/*.s; do
  grep -q "^# cdg: none" "$f" && cmp -s <(grep -v "^# cdg" "$f") "$T/plain/programs/any/${f##*/}" && same=$((same + 1))
done
[ "$same" -ge 4 ] || bad "the undirected seeds of a CDG run differ from their plain draws ($same identical)"

# ---- the runner: COV=1 -> coverage.json -> CDG= -----------------------------------------
# the harness is the C model (wfsim --cov): the functional coverage lockstep would record
cat >"$T/cosim" <<EOS
#!/usr/bin/env bash
[ "\$1" = --build-only ] && { echo "run.sh: cached build verified: fake"; exit 0; }
prog=\$1; shift; opts=(); cov=""; seed=""
while [ \$# -gt 0 ]; do
  case "\$1" in --cov) cov=\$2; shift 2 ;; --seed) seed=\$2; shift 2 ;; --waves|--cmp) shift 2 ;;
                *) opts+=("\$1"); shift ;; esac
done
[ -n "\${CDG_TEST_FAIL:-}" ] && [ "\$seed" = "\$CDG_TEST_FAIL" ] &&
  { echo "LOCKSTEP MISMATCH at cycle 7"; echo "  field: warp[0].pc"; exit 1; }
exec "$WFSIM" --quiet "\${opts[@]}" \${cov:+--cov "\$cov"} "\$prog"
EOS
chmod +x "$T/cosim"
regress() { WFSIM="$WFSIM" COSIM="$T/cosim" OUT="$T/out" CSEEDS=0 IMEM_JITTER=0 JOBS=2 python3 "$root/scripts/regress.py"; }
RUN_ID=base SEED=1 SEEDS=6 COV=1 regress >"$T/base.txt" 2>&1 || bad "COV=1 run: $(tail -3 "$T/base.txt")"
rep=$T/out/base/coverage/coverage.json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["plan_cells"] and d["plan_holes"]' "$rep" ||
  bad "COV=1 wrote no coverage.json with plan cells"
CDG_TEST_FAIL=9 RUN_ID=dir SEED=7 SEEDS=6 COV=1 CDG=$rep regress >"$T/dir.txt" 2>&1
[ $? = 1 ] || bad "CDG run with a failing seed: not exit 1: $(tail -3 "$T/dir.txt")"
rd=$T/out/dir
grep -q "^regress: CDG: seeds drawn under .*dir/cdg-bias.txt (sha256 [0-9a-f]*; [0-9]* targets: [0-9]* holes, [0-9]* weakly hit, from the coverage report" \
  "$T/dir.txt" || bad "the run does not say which bias it used: $(grep CDG "$T/dir.txt")"
python3 - "$rd" <<'EOF' || bad "run.json does not record the bias"
import hashlib, json, sys
d = sys.argv[1]
c = json.load(open(d + "/run.json"))["cdg"]
assert c["sha256"] == hashlib.sha256(open(d + "/cdg-bias.txt", "rb").read()).hexdigest(), c
assert c["source"].endswith("base/coverage/coverage.json") and c["holes"] > 0, c
EOF
grep -q "^# cdg .*dir/cdg-bias.txt" "$rd/8/options.txt" || bad "options.txt does not name the bias"
line=$(sed -n 's/^ *redraw (CDG): //p' "$T/dir.txt")
[[ $line == "make regress SEED=9 SEEDS=1 CSEEDS=0 CDG="*"/dir/cdg-bias.txt" ]] || bad "no redraw line for the failing seed: '$line'"
# the redraw command (as regress.py) draws the failing seed's program again
RUN_ID=again SEED=9 SEEDS=1 CDG=${line##*CDG=} regress >"$T/again.txt" 2>&1 || bad "redraw run: $(tail -3 "$T/again.txt")"
cmp -s "$rd/9/prog.s" "$T/out/again/9/prog.s" && cmp -s <(head -1 "$rd/9/options.txt") <(head -1 "$T/out/again/9/options.txt") ||
  bad "the redraw of seed 9 is not the failing seed's program and configuration"

# ---- bad input: exit 2, the file named ---------------------------------------------------
echo "not json {" >"$T/notjson.json"
echo '{"format": "warpfront-cov-2", "bins": {}}' >"$T/v2.json"
printf '# warpfront-cdg-bias 1\n1 sb.full@loops=7\n' >"$T/badbias.txt"
for f in "$T/missing.json" "$T/notjson.json" "$T/v2.json" "$T/badbias.txt"; do
  rc=0; RUN_ID=bad SEEDS=1 CDG=$f regress >"$T/e.txt" 2>&1 || rc=$?
  [ "$rc" = 2 ] && grep -q "^regress: CDG=$f" "$T/e.txt" || bad "regress CDG=${f##*/}: rc=$rc: $(cat "$T/e.txt")"
  [ -e "$T/out/bad" ] && bad "regress CDG=${f##*/} wrote a run directory"
  rc=0; cov --regress-seeds 1 --out "$T/x" --cdg "$f" >"$T/e.txt" 2>&1 || rc=$?
  [ "$rc" = 2 ] && grep -q "$f" "$T/e.txt" || bad "covreport --cdg ${f##*/}: rc=$rc: $(cat "$T/e.txt")"
done
grep -q "not JSON" <(RUN_ID=bad SEEDS=1 CDG=$T/notjson.json regress 2>&1) || bad "non-JSON report: no 'not JSON'"
grep -q "format 'warpfront-cov-2', expected 'warpfront-cov-1'" <(RUN_ID=bad SEEDS=1 CDG=$T/v2.json regress 2>&1) ||
  bad "wrong-version report: no format message"
rc=0; "$wfgen" --config-only --sizes any --seed 1 --cdg "$T/badbias.txt" >/dev/null 2>"$T/e.txt" || rc=$?
[ "$rc" = 2 ] && grep -q "badbias.txt:2: parameter loops='7': allowed 1|2|3" "$T/e.txt" || bad "wfgen --cdg bad line: rc=$rc $(cat "$T/e.txt")"
printf '# warpfront-cdg-bias 2\n1 sb.full\n' >"$T/v2bias.txt"
rc=0; "$wfgen" --cdg-check "$T/v2bias.txt" >/dev/null 2>"$T/e.txt" || rc=$?
[ "$rc" = 2 ] && grep -q "v2bias.txt:1: not a bias file of version 1" "$T/e.txt" || bad "wfgen: wrong bias version: rc=$rc $(cat "$T/e.txt")"

[ $fail = 0 ] && echo "test-cdg: all checks passed"
exit $fail
