#!/usr/bin/env bash
# The co-simulation harness can fail, end to end (run by verif/cosim/smoke.sh):
#  1. an RTL build with WF_MUTANT_TRACE_SELFTEST (rtl/wf_trace.v: ALU writeback
#     data reported with lane 0's bit 0 flipped) must give exit 1 and a report
#     with "LOCKSTEP MISMATCH at cycle N", "  field: wb[0].data[0]", the seed
#     and a reproduce line carrying WF_DEFINES, --seed and --waves; run.sh's
#     automatic re-run with that line must leave a complete FST file (block
#     structure walked here, independent of Verilator: header, hierarchy,
#     geometry and value-change blocks covering the file exactly), and the
#     expected-value waves beside it hold the model's value of the field at
#     the difference (main.cpp --model-waves; read with verif/cosim/fstvalue.c);
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
# the expected-value waves of the re-run (FILE.model.fst, FILE.gtkw): at the
# first difference's dump time the model's file holds the report's expected
# value in the field the save file names, the RTL's file the actual one; the
# cycle before, every trace port is the same in both (the records packed as
# the RTL packs them). Read with verif/cosim/fstvalue.c (Verilator's FST reader).
mwaves=${waves%.fst}.model.fst gtkw=${waves%.fst}.gtkw fv=build/fstvalue
gw=$(verilator --getenv VERILATOR_ROOT)/include/gtkwave
if [[ ! -x $fv || verif/cosim/fstvalue.c -nt $fv ]]; then
  gcc -std=c11 -Wall -Wextra -Werror -O1 -I"$gw" -c verif/cosim/fstvalue.c -o "$fv.o" &&
    gcc -O1 -w -I"$gw" '-DFST_CONFIG_INCLUDE="fst_config.h"' -o "$fv" "$fv.o" "$gw/fstapi.c" "$gw/fastlz.c" \
      "$gw/lz4.c" -lz -lpthread || bad "cannot build $fv"
fi
t=$(sed -n 's/^  waves: .* is dump time \([0-9]*\) .*/\1/p' "$waves.log" | head -1)
exp=$(sed -n 's/^  expected: \([0-9]*\) .*/\1/p' "$waves.log" | head -1)
act=$(sed -n 's/^  actual: *\([0-9]*\) .*/\1/p' "$waves.log" | head -1)
loc=$(sed -n 's/^#{wb\[0\]\.data\[0\] (\(obs_[a-z_]*\)\[\([0-9]*\):\([0-9]*\)\]).*/\1 \2 \3/p' "$gtkw" 2>/dev/null)
field() { # field FILE PORT MSB LSB TIME: the bits MSB..LSB of PORT at TIME, as a number
  local v; v=$("$fv" "$1" "TOP.$2" "$5") || return 1
  echo $((2#${v:${#v}-1-$3:$3-$4+1}))
}
if [[ -s $mwaves && -n $t && -n $exp && -n $act && -n $loc ]] && grep -q "^  model waves: $mwaves " "$waves.log"; then
  read -r port msb lsb <<<"$loc"
  m=$(field "$mwaves" "$port" "$msb" "$lsb" "$t") r=$(field "$waves" "$port" "$msb" "$lsb" "$t")
  if [[ $m == "$exp" && $r == "$act" && $m != "$r" ]]; then
    ok "model waves: $mwaves holds the expected $exp in wb[0].data[0] ($port[$msb:$lsb]) at dump time $t, the RTL's $act"
  else bad "model waves: at dump time $t $port[$msb:$lsb]: model file $m, RTL file $r; the report: expected $exp, actual $act"; fi
  same=1
  for port in obs_o obs_wb_o obs_wb_data_o obs_bank_o obs_warp_o obs_cu_o obs_version_o; do
    [[ $("$fv" "$mwaves" "TOP.$port" $((t - 2))) == $("$fv" "$waves" "TOP.$port" $((t - 2))) ]] || { same=0; bad "model waves: $port differs from the RTL's the cycle before the difference"; }
  done
  [[ $same == 1 ]] && ok "model waves: all seven trace ports equal to the RTL's the cycle before"
  python3 verif/cosim/fstcheck.py "$mwaves" && ok "model waves: complete FST file" || bad "model waves: $mwaves is not a complete FST file"
else bad "model waves: no $mwaves / $gtkw with the field, or no report values in $waves.log"; fi
# --model-waves FILE.fst alone (the same --trace-fst build): FILE.fst and FILE.gtkw; another suffix: exit 2
st=0
l=$(WF_AUTO_WAVES=0 WF_DEFINES="WF_ASSERT WF_MUTANT_TRACE_SELFTEST" verif/cosim/run.sh $prog "$@" --seed 7 \
      --model-waves "$out/m.fst" 2>&1) || st=$?
[[ $st == 1 && -s $out/m.fst && -s $out/m.gtkw ]] && grep -q "^  model waves: $out/m.fst " <<<"$l" &&
  ok "--model-waves $out/m.fst: exit 1, the file and its save file" || bad "--model-waves: exit $st, files: $(ls "$out")"
st=0
l=$(WF_AUTO_WAVES=0 WF_DEFINES="WF_ASSERT WF_MUTANT_TRACE_SELFTEST" verif/cosim/run.sh $prog "$@" --seed 7 \
      --model-waves "$out/m.vcd" 2>&1) || st=$?
[[ $st == 2 ]] && grep -q 'a file name ending in .fst' <<<"$l" && ok "--model-waves m.vcd: exit 2" || bad "--model-waves m.vcd: exit $st: $l"

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
