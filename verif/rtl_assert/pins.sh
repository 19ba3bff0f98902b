#!/usr/bin/env bash
# Pinned run-time knobs (rtl/wf_core.v PIN_*, docs/rtl.md "Pinned knobs").
# Builds the co-simulation harness (verif/cosim/main.cpp) around
# verif/rtl_assert/wf_pin_wrap.v, a wf_core with PIN_* set whose pinned cfg
# inputs are driven with a value different from the pin, at the default sizes
# (verif/build.sh; cached under build/rtl/pins_<pins>__<defines>/), and
#  1. runs programs in lockstep with the C model configured with the pinned
#     values: they must pass (the conflicting inputs are ignored);
#  2. runs with a configuration that contradicts a pin: the RTL must keep the
#     pinned value, so the lockstep comparison must fail (exit 1);
#  3. runs programs in every loop mode on the banks' BANK_RAM_STYLE
#     "distributed" form (a registered read address), which must pass: with
#     verif/cosim/run.sh on the regression's build of that form
#     (scripts/wf/forms.py, the same WF_RTL_PARAMS, so one cached build).
# Exit 0 when all pass.
set -u
cd "$(dirname "$0")/../.."
source verif/build.sh
wf_clibs_make && make -s build/wfgen || exit 2
mkdir -p build/pins
build/wfgen --seed 7 -o build/pins/gen7.s >/dev/null || exit 2
build() {  # build "PIN_X=v ..." -> sets bin
  local pins=$1 g=() pk=""
  for kv in $pins; do g+=("-G$kv"); pk+="${kv//[=\"]/}_"; done
  local dir=$PWD/build/rtl/pins_${pk%_}__$dkey
  bin=$dir/Vwf_core
  local deps
  wf_cc_harness "$dir" wf_pin_wrap --prefix Vwf_core verif/rtl_assert/wf_pin_wrap.v "${g[@]}"
  deps+=(verif/rtl_assert/wf_pin_wrap.v)
  wf_build "$dir" Vwf_core deps vcmd || exit 2
}
pass=0 fail=0
one() {  # one WANT-EXIT PROGRAM OPTIONS...
  local want=$1; shift
  local out rc
  out=$("$bin" "$@" 2>&1); rc=$?
  if [[ $rc == "$want" && ( $want != 0 || $(grep -c '^PASS' <<<"$out") -ge 1 ) &&
        ( $want != 1 || $(grep -c 'LOCKSTEP MISMATCH' <<<"$out") -ge 1 ) ]]; then
    pass=$((pass + 1))
    echo "PASS [$pins] exit $rc: $*   $(grep -m1 -E '^PASS|LOCKSTEP MISMATCH' <<<"$out")"
  else
    fail=$((fail + 1)); echo "FAIL [$pins] $*: exit $rc, expected $want"; tail -8 <<<"$out"
  fi
}
progs=(sim/examples/saxpy.s sim/examples/vecadd.s sim/examples/seed_naive.s sim/examples/sum_loop.s build/pins/gen7.s)
# every knob pinned, mode 3 (the WAR policy matters)
pins="PIN_LAYOUT=0 PIN_WAR=1 PIN_SCHED=1 PIN_LOOPS=3 PIN_HAZARD=1 PIN_DECODE_STAGE=1 PIN_ALLOC_STAGE=1 PIN_HANDOFF_STAGE=1 PIN_FILL_STAGE=1 PIN_READY_STAGE=1"
build "$pins"
k="--layout naive --war inorder --sched gto --loops 3 --hazard stall"
p="--decode-stage 1 --alloc-stage 1 --handoff-stage 1 --fill-stage 1 --ready-stage 1"
for f in "${progs[@]}"; do one 0 "$f" $k $p; done
one 1 sim/examples/saxpy.s --layout swizzle --war inorder --sched gto --loops 3 --hazard stall $p
one 1 sim/examples/vecadd.s --layout naive --war inorder --sched gto --loops 2 --hazard stall $p
one 1 sim/examples/saxpy.s $k --decode-stage 0 --alloc-stage 1 --handoff-stage 1 --fill-stage 1 --ready-stage 1
# alloc_stage changes only dep bits (§4.4): the full compare sees them
one 1 sim/examples/saxpy.s $k --decode-stage 1 --alloc-stage 0 --handoff-stage 1 --fill-stage 1 --ready-stage 1
one 1 sim/examples/saxpy.s $k --decode-stage 1 --alloc-stage 1 --handoff-stage 0 --fill-stage 1 --ready-stage 1
one 1 sim/examples/saxpy.s $k --decode-stage 1 --alloc-stage 1 --handoff-stage 1 --fill-stage 0 --ready-stage 1
one 1 sim/examples/saxpy.s $k --decode-stage 1 --alloc-stage 1 --handoff-stage 1 --fill-stage 1 --ready-stage 0
# the latencies pinned (the wrapper drives each cfg latency one above its pin)
pins="PIN_ALU_LAT=2 PIN_MUL_LAT=3 PIN_LSU_LAT=4"
build "$pins"
for f in "${progs[@]}"; do one 0 "$f" --alu-lat 2 --mul-lat 3 --lsu-lat 4; done
one 1 sim/examples/saxpy.s --alu-lat 3 --mul-lat 3 --lsu-lat 4
one 1 sim/examples/saxpy.s --alu-lat 2 --mul-lat 4 --lsu-lat 4
one 1 sim/examples/vecadd.s --alu-lat 2 --mul-lat 3 --lsu-lat 5
# four pinned, the WAR policy selectable at run time
pins="PIN_LAYOUT=1 PIN_SCHED=0 PIN_LOOPS=2 PIN_HAZARD=0 PIN_DECODE_STAGE=0 PIN_ALLOC_STAGE=0 PIN_HANDOFF_STAGE=0 PIN_FILL_STAGE=0 PIN_READY_STAGE=0"
build "$pins"
for f in "${progs[@]}"; do one 0 "$f" --layout swizzle --sched lrr --loops 2 --hazard replay --war bloom; done
one 0 build/pins/gen7.s --layout swizzle --sched lrr --loops 2 --hazard replay --war warpboard-read
one 1 sim/examples/saxpy.s --layout naive --sched lrr --loops 2 --hazard replay
# not a pin: the register banks as LUT RAM with the read address registered
# instead of the data (BANK_RAM_STYLE "distributed", wf_spram READ_ADDR_REG),
# other RTL with the same behaviour: every loop mode, both hazard modes
pins=$(cd scripts && python3 -c 'from wf import forms; print(forms.rtl_params(forms.form("distributed")[0]))') ||
  exit 2
dist() {  # dist PROGRAM OPTIONS...: run.sh (two launches, both must pass) on that form
  local out rc
  out=$(WF_RTL_PARAMS=$pins WF_AUTO_WAVES=0 verif/cosim/run.sh "$@" 2>&1); rc=$?
  if [[ $rc == 0 && $(grep -c '^PASS' <<<"$out") == 2 ]]; then
    pass=$((pass + 1)); echo "PASS [$pins] exit 0: $*   $(grep -m1 '^PASS' <<<"$out")"
  else
    fail=$((fail + 1)); echo "FAIL [$pins] $*: exit $rc, expected 0"; tail -8 <<<"$out"
  fi
}
for f in "${progs[@]}"; do dist "$f" --loops 3 --war bloom --decode-stage 1 --alloc-stage 1 --handoff-stage 1 --fill-stage 1 --ready-stage 1; done
dist sim/examples/saxpy.s --loops 3 --war inorder --hazard stall --alu-lat 2
dist build/pins/gen7.s --loops 3 --war warpboard-read --sched gto
dist sim/examples/vecadd.s --loops 2 --hazard stall
dist build/pins/gen7.s --loops 2 --layout naive
dist sim/examples/sum_loop.s --loops 1
dist build/pins/gen7.s --loops 1 --hazard stall
echo "pins: $pass passed, $fail failed"
[[ $fail == 0 ]]
