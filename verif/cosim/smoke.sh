#!/usr/bin/env bash
# `make rtl-smoke`: the RTL against the C models in lockstep (verif/cosim/run.sh)
#  * every sim/examples program with its own `# wfsim-options:` line (the seed
#    examples of §13) and at four configurations (run-time options only, and
#    two size parameter sets, each a separate cached Verilator build under
#    build/rtl/);
#  * RTL_SMOKE_SEEDS (default 12) build/wfgen programs, each generated for the
#    configuration it runs on, at three configurations, with the generator's
#    knobs varied by seed (memory split, programs longer than the I-cache,
#    bank-conflict and WAR bias);
#  * instruction-memory backpressure (--imem-jitter): req_ready low, random
#    latency, out-of-order responses; final state vs the interpreter; the
#    runs together must have seen ready low and out-of-order responses;
#  * the seed's scale point: sim/kernels/pchase.s at 64 warps x 128 registers
#    x 32 lanes;
#  * verif/cosim/selftest.sh: the comparator fails end to end on a broken RTL.
# Every run.sh call launches its program twice on one RTL instance; both
# runs must pass (exit 0).
set -u
cd "$(dirname "$0")/../.."
make -s build/wfgen || exit 2
configs=(
  ""
  "--hazard stall --sched gto --war inorder --alu-lat 3 --mul-lat 7 --lsu-lat 4 --imiss-lat 13 --decode-stage 1 --alloc-stage 1 --handoff-stage 1"
  "--warps 5 --lanes 3 --banks 3 --collectors 3 --sb-entries 2 --ibuf 3 --icache-lines 4 --icache-line 2 --imshrs 3 --mem-line 8 --bloom-bits 8 --loops 2"
  "--warps 1 --lanes 1 --banks 1 --collectors 1 --sb-entries 1 --ibuf 1 --icache-lines 1 --icache-line 1 --imshrs 1 --mem-line 1 --bloom-bits 4 --war warpboard-read --decode-stage 1 --handoff-stage 1"
)
pass=0 fail=0 low=0 ooo=0
one() {
  local out st=0
  out=$(WF_AUTO_WAVES=0 verif/cosim/run.sh "$@" 2>&1) || st=$?
  if [[ $st == 0 && $(grep -c '^PASS' <<<"$out") == 2 ]]; then
    echo "$(grep '^PASS' <<<"$out" | head -1 | sed 's/ (run 1[^)]*)//; s/; [0-9]* cycles\/s//')${2:+   [${*:2}]}"
    pass=$((pass + 1))
    # imem jitter statistics of both runs
    local l o
    for l in $(sed -n 's/.*ready low \([0-9]*\) cycles.*/\1/p' <<<"$out"); do low=$((low + l)); done
    for o in $(sed -n 's/.* \([0-9]*\) out of order.*/\1/p' <<<"$out"); do ooo=$((ooo + o)); done
  else
    echo "FAIL (exit $st) $*"; tail -25 <<<"$out"
    fail=$((fail + 1))
  fi
}
for f in sim/examples/*.s; do
  opts=$(sed -n 's/^# wfsim-options://p' "$f" | head -1)
  # shellcheck disable=SC2086
  [[ -n $opts ]] && one "$f" $opts
  for c in "${configs[@]}"; do
    # shellcheck disable=SC2086
    one "$f" $c
  done
done
# random programs (build/wfgen) for the configuration they run on
mkdir -p build/rtl/rand
knobs=("" "--knob split=4 --knob w_ld=30 --knob w_st=30" "--knob length=300"
       "--knob bank_bias=80 --knob war_bias=40 --knob reuse=2")
gen() { # gen SEED OUT [options]: a program for the configuration of the options
  local s=$1 o=$2; shift 2
  # shellcheck disable=SC2086
  build/wfgen --seed "$s" ${knobs[s % 4]} "$@" -o "$o" || { echo "FAIL wfgen --seed $s $*"; fail=$((fail + 1)); return 1; }
}
for seed in $(seq 1 "${RTL_SMOKE_SEEDS:-12}"); do
  p=build/rtl/rand/g$seed
  c2=(--hazard stall --sched gto --war inorder --loops $((seed % 3 + 1)))
  # run-time options only: the default build (the size sets are configs[2], [3])
  c3=(--war warpboard-commit --layout naive --imiss-lat 3)
  gen "$seed" "$p.s" && one "$p.s" --seed "$seed"
  gen "$seed" "$p-2.s" "${c2[@]}" && one "$p-2.s" "${c2[@]}" --seed "$seed"
  gen "$seed" "$p-3.s" "${c3[@]}" && one "$p-3.s" "${c3[@]}" --seed "$seed"
done
# the imem port under backpressure, random latency and out-of-order responses
# (§3.3): long programs miss often; two MSHRs (default) and three (configs[2])
for seed in 1 2 3; do
  p=build/rtl/rand/j$seed
  gen $((100 + seed)) "$p.s" --knob length=400 && one "$p.s" --imem-jitter "$seed"
  # shellcheck disable=SC2086
  gen $((200 + seed)) "$p-3.s" ${configs[2]} --knob length=200 && one "$p-3.s" ${configs[2]} --imem-jitter "$seed"
done
one sim/kernels/vecadd.s --imem-jitter 7
if [[ $low == 0 || $ooo == 0 ]]; then
  echo "FAIL imem jitter: ready low $low cycles, $ooo out-of-order responses over all runs (both must be > 0)"
  fail=$((fail + 1))
else
  echo "imem jitter: ready low $low cycles, $ooo out-of-order responses over all jitter runs"
fi
# the seed's scale point: 64 warps x 128 registers (x 32 lanes)
one sim/kernels/pchase.s --warps 64 --regs 128 --lanes 32 --mem-words 65536
# the stream compare levels on the default build (docs/verification.md "Compare levels")
one sim/examples/fact.s --cmp window
one sim/examples/saxpy.s --cmp arch
# the comparator fails end to end, at the regression's size set "smallest"
# (build/wfgen --list-sizes), whose builds with and without the selftest
# mutant make test's regression tests make too; run-time knobs of configs[3]
smallest=$(build/wfgen --list-sizes | sed -n 's/^smallest *\(.*\)#.*/\1/p')
# shellcheck disable=SC2086
if [[ -n $smallest ]] && bash verif/cosim/selftest.sh $smallest --war warpboard-read --decode-stage 1 --handoff-stage 1
then pass=$((pass + 1)); else fail=$((fail + 1)); fi
echo "rtl-smoke: $pass passed, $fail failed"
[[ $fail == 0 ]]
