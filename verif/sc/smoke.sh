#!/usr/bin/env bash
# `make sc-smoke`: the SystemC lockstep harness (verif/sc/run.sh) on the seed
# examples with their `# wfsim-options:` lines, one sim/kernels kernel, one
# build/wfgen program (launched twice on one instance), the --bare mode, and
# two runs that must fail: a trace bit inverted before decoding
# (--selftest-flip: exit 1, a LOCKSTEP MISMATCH report naming the field, a
# reproduce line) and a bad option (exit 2). One build: every run at the seed
# examples' sizes (4 warps, 4 banks; the harness, not the size, is under test
# here: `make rtl-smoke` runs the sizes).
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
# a run that must pass
run() {
  local out rc
  out=$(verif/sc/run.sh "$@" 2>&1); rc=$?
  if [[ $rc == 0 && $(grep -c '^PASS' <<<"$out") == 1 ]]; then ok "$(grep '^PASS' <<<"$out")"
  else bad "(exit $rc) verif/sc/run.sh $*"; tail -25 <<<"$out"; fi
}
opts() { sed -n 's/^# wfsim-options://p' "$1" | head -1; }
# a result record's verdict (--result FILE, docs/verification.md "Result records"): kind cycle field
rec() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["kind"], r.get("cycle"), r.get("field"))' "$1"; }
seed=(--warps 4 --banks 4)
# shellcheck disable=SC2046
run sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s)
# shellcheck disable=SC2046
run sim/examples/seed_swizzle.s $(opts sim/examples/seed_swizzle.s)
run sim/kernels/saxpy.s "${seed[@]}" --war inorder --sched gto
mkdir -p build/rtl-sc
if build/wfgen --seed 11 "${seed[@]}" -o build/rtl-sc/gen11.s >/dev/null 2>&1; then
  run build/rtl-sc/gen11.s "${seed[@]}" --hazard stall --imiss-lat 5 --seed 11 --runs 2   # relaunch on one instance
else bad "build/wfgen --seed 11"; fi
# --bare: the RTL alone, simulated cycles per second
out=$(verif/sc/run.sh sim/kernels/saxpy.s "${seed[@]}" --bare 2>&1); rc=$?
if [[ $rc == 0 && $out =~ DONE.*bare\ RTL.*\ ([0-9]+)\ cycles\ in.*\ cycles/s ]] && ((BASH_REMATCH[1] > 0)); then
  ok "$out"
else bad "(exit $rc) --bare: $out"; fi
# the comparator must fire: issue.valid (its obs_o bit from the field table) inverted in cycle 13
iv=$(python3 scripts/gen-layout.py --lsb obs.issue.valid) || exit 2
# shellcheck disable=SC2046
rm -f build/rtl-sc/flip.json
out=$(verif/sc/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) \
        --selftest-flip obs_o:$iv:13 --result build/rtl-sc/flip.json 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q '^LOCKSTEP MISMATCH at cycle 13$' <<<"$out" &&
   grep -q '^  field:    issue.valid$' <<<"$out" && grep -q '^  reproduce: verif/sc/run.sh ' <<<"$out" &&
   [[ $(rec build/rtl-sc/flip.json) == "mismatch 13 issue.valid" ]]; then
  ok "--selftest-flip obs_o:$iv:13 reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//'); record: $(rec build/rtl-sc/flip.json)"
else bad "(exit $rc) --selftest-flip was not reported as a mismatch of issue.valid at cycle 13"; tail -30 <<<"$out"; fi
# a bad option: exit 2 with the parameter's allowed range
# compare levels (docs/verification.md "Compare levels"): the same runs pass at
# events and arch; a flipped issue bit is an issue event (events) and a
# retirement only one side has (arch: left unmatched at the end)
run sim/kernels/saxpy.s "${seed[@]}" --war inorder --sched gto --cmp events
# arch on two launches: the second is compared too (every RTL cycle of both)
out=$(WF_CMP=arch verif/sc/run.sh build/rtl-sc/gen11.s "${seed[@]}" --hazard stall --imiss-lat 5 --seed 11 --runs 2 2>&1); rc=$?
if [[ $rc == 0 && $out =~ rtl\ cycles\ ([0-9]+),.*\ ([0-9]+)\ cycles\ compared\ in\ 2\ runs ]] &&
   ((BASH_REMATCH[2] == 2 * BASH_REMATCH[1])); then ok "WF_CMP=arch: $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) WF_CMP=arch --runs 2: $out"; fi
for lv in events arch; do
  rm -f build/rtl-sc/flip-$lv.json
  out=$(verif/sc/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) --cmp $lv \
          --selftest-flip obs_o:$iv:13 --result build/rtl-sc/flip-$lv.json 2>&1); rc=$?
  # the record keeps the whole field path (the arch level's has blanks)
  if [[ $rc == 1 ]] && grep -q "^  compare:  $lv level" <<<"$out" &&
     grep -Eq '^  field:    (issue.valid|arch warp\[[0-9]+\]\.retire\.pc)' <<<"$out" &&
     [[ $(rec build/rtl-sc/flip-$lv.json) =~ ^mismatch\ [0-9]+\ (issue.valid|arch\ warp\[[0-9]+\]\.retire\.pc)$ ]]; then
    ok "--cmp $lv --selftest-flip reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//'); record: $(rec build/rtl-sc/flip-$lv.json)"
  else bad "(exit $rc) --cmp $lv: the flipped issue bit was not reported"; tail -30 <<<"$out"; fi
done
out=$(verif/sc/run.sh sim/examples/seed_naive.s "${seed[@]}" --cmp cycle 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q "'cycle' is not a compare level (full, events, window, arch)" <<<"$out"; then ok "bad --cmp refused: $out"
else bad "(exit $rc) --cmp cycle not refused: $out"; fi
out=$(verif/sc/run.sh sim/examples/seed_naive.s "${seed[@]}" --war nonsense 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q 'war' <<<"$out"; then ok "bad option refused: $out"
else bad "(exit $rc) --war nonsense not refused: $out"; fi
echo "sc-smoke: $pass passed, $fail failed"
[[ $fail == 0 ]]
