#!/usr/bin/env bash
# The co-simulation harness can fail, end to end (run by verif/cosim/smoke.sh):
#  1. an RTL build with WF_MUTANT_TRACE_SELFTEST (rtl/wf_trace.v: ALU writeback
#     data reported with lane 0's bit 0 flipped) must give exit 1 and a report
#     with "LOCKSTEP MISMATCH at cycle N", "  field: wb[0].data[0]", the seed
#     and a reproduce line carrying WF_DEFINES, --seed and --waves; run.sh's
#     automatic re-run with that line must leave a complete FST file (block
#     structure walked here, independent of Verilator: header, hierarchy,
#     geometry and value-change blocks covering the file exactly);
#  2. the same program on the unbroken build passes (exit 0);
#  3. exit 3 for a run past --max-cycles, exit 2 for a bad option, a bad
#     parameter value and --seed 0.
# Arguments: wfsim options given to every run, the program build/wfgen's
# --seed 7 for them (smoke.sh passes the regression's size set "smallest",
# whose builds the regression tests share).
set -u
cd "$(dirname "$0")/../.."
fails=0
ok() { echo "selftest ok: $*"; }
bad() { echo "selftest FAIL: $*"; fails=$((fails + 1)); }
out=out/cosim-selftest
rm -rf "$out"; mkdir -p "$out"
prog=$out/gen7.s
make -s build/wfgen && build/wfgen --seed 7 "$@" -o $prog > /dev/null || { echo "selftest FAIL: wfgen $*"; exit 1; }
waves=$out/gen7-seed7.fst

st=0
log=$(WF_DEFINES="WF_ASSERT WF_MUTANT_TRACE_SELFTEST" WF_COSIM_WAVES_DIR=$out \
      verif/cosim/run.sh $prog "$@" --seed 7 2>&1) || st=$?
echo "$log" > "$out/mutant.log"
[[ $st == 1 ]] && ok "mutant: exit 1" || bad "mutant: exit $st, expected 1 (see $out/mutant.log)"
grep -Eq '^LOCKSTEP MISMATCH at cycle [0-9]+$' <<<"$log" && ok "mutant: LOCKSTEP MISMATCH line" \
  || bad "mutant: no 'LOCKSTEP MISMATCH at cycle N' line"
grep -Eq '^  field: +wb\[0\]\.data\[0\]$' <<<"$log" && ok "mutant: field path wb[0].data[0]" \
  || bad "mutant: no '  field: wb[0].data[0]' line"
grep -Eq '^  seed: +7 ' <<<"$log" && ok "mutant: seed 7 in the report" || bad "mutant: seed missing"
repro=$(sed -n 's/^  reproduce: //p' <<<"$log" | head -1)
if [[ $repro == *"WF_DEFINES='WF_ASSERT WF_MUTANT_TRACE_SELFTEST'"*"run.sh $prog"*"--seed 7 --waves $waves" ]]; then
  ok "mutant: reproduce line: $repro"
else
  bad "mutant: reproduce line '$repro'"
fi
grep -q "^waves: $waves (" <<<"$log" && ok "mutant: automatic re-run reproduced the failure" \
  || bad "mutant: no automatic re-run with waves (see $out/mutant.log)"
grep -Eq '^LOCKSTEP MISMATCH at cycle [0-9]+$' "$waves.log" 2>/dev/null && ok "re-run: same report" \
  || bad "re-run: no mismatch report in $waves.log"
# the FST file is complete (verif/cosim/fstcheck.py: its block structure)
python3 verif/cosim/fstcheck.py "$waves" && ok "waves: complete FST file $waves" || bad "waves: $waves is not a complete FST file"

st=0
verif/cosim/run.sh $prog "$@" --seed 7 > "$out/clean.log" 2>&1 || st=$?
[[ $st == 0 ]] && ok "unbroken build: exit 0" || bad "unbroken build: exit $st (see $out/clean.log)"
st=0  # the C model's run control stops first
l=$(WF_AUTO_WAVES=0 verif/cosim/run.sh $prog "$@" --max-cycles 40 2>&1) || st=$?
[[ $st == 3 ]] && grep -q '^TIMEOUT .*oracle: not done after max_cycles=40' <<<"$l" \
  && ok "max-cycles, lockstep: exit 3, TIMEOUT (C model)" || bad "max-cycles, lockstep: exit $st: $l"
st=0  # the harness's own run control on the RTL
l=$(WF_AUTO_WAVES=0 verif/cosim/run.sh $prog "$@" --max-cycles 40 --bare 2>&1) || st=$?
[[ $st == 3 ]] && grep -q '^TIMEOUT at cycle 40 ' <<<"$l" && ok "max-cycles, bare: exit 3, TIMEOUT" \
  || bad "max-cycles, bare: exit $st: $l"
st=0
l=$(verif/cosim/run.sh $prog "$@" --no-such-option 1 2>&1) || st=$?
[[ $st == 2 ]] && grep -q "unknown parameter 'no-such-option'" <<<"$l" && ok "bad option: exit 2" \
  || bad "bad option: exit $st: $l"
st=0
l=$(verif/cosim/run.sh $prog "$@" --alu-lat 99 2>&1) || st=$?
[[ $st == 2 ]] && grep -q "alu_lat" <<<"$l" && ok "bad value: exit 2 ($l)" || bad "bad value: exit $st: $l"
st=0
l=$(verif/cosim/run.sh $prog "$@" --seed 0 2>&1) || st=$?
[[ $st == 2 ]] && ok "seed 0: exit 2" || bad "seed 0: exit $st: $l"
[[ $fails == 0 ]] && echo "selftest: all checks passed" || echo "selftest: $fails checks failed"
[[ $fails == 0 ]]
