#!/usr/bin/env bash
# Yosys cell counts of wf_core unpinned and with the run-time knobs pinned
# (rtl/wf_core.v PIN_*): word-level cells after elaboration, flattening and
# constant propagation (proc; flatten; opt -full; wreduce; opt_clean; stat),
# at a reduced size (4 warps x 4 lanes, latency maxima 2/4/4) so that it runs
# in minutes (the full generic synth of even this size takes far longer on a
# shared machine). The variants run in parallel. Fails unless every pinned
# variant has fewer cells than the unpinned one. Stats under build/pin_cells/.
set -u
cd "$(dirname "$0")/../.."
out=build/pin_cells
mkdir -p "$out"
SIZE="WARPS=4 LANES=4 ALU_LAT_MAX=2 MUL_LAT_MAX=4 LSU_LAT_MAX=4"
cells() {  # cells NAME PARAM=V... -> prints the cell count
  local n=$1; shift
  local sets=""
  for kv in $SIZE "$@"; do sets+="chparam -set ${kv%%=*} ${kv#*=} wf_core; "; done
  yosys -q -p "read_verilog -sv -Irtl $(echo rtl/*.v); $sets hierarchy -check -top wf_core;
    proc; flatten; opt -full; wreduce; opt_clean; tee -q -o $out/$n.stat stat" > "$out/$n.err" 2>&1 \
    || { echo "pin_cells: yosys failed for $n, see $out/$n.err" >&2; echo 0 > "$out/$n.n"; return; }
  awk '/Number of cells:/{n=$NF} END{print n+0}' "$out/$n.stat" > "$out/$n.n"
}
variants=("all PIN_LAYOUT=0 PIN_WAR=1 PIN_SCHED=1 PIN_LOOPS=3 PIN_HAZARD=1" "loops2 PIN_LOOPS=2"
          "war_bloom PIN_WAR=4")
cells base &
for v in "${variants[@]}"; do
  # shellcheck disable=SC2086
  cells $v &
done
wait
base=$(cat "$out/base.n")
echo "unpinned: $base cells"
fail=0
[[ $base -gt 0 ]] || fail=1
for v in "${variants[@]}"; do
  set -- $v
  name=$1; shift
  c=$(cat "$out/$name.n")
  pct=$(( base > 0 ? (base - c) * 100 / base : 0 ))
  echo "$name ($*): $c cells (-$pct%)"
  [[ $c -gt 0 && $c -lt $base ]] || { echo "pin_cells: $name does not shrink the logic"; fail=1; }
done
[[ $fail == 0 ]] && echo "pin_cells: every pin shrinks the logic"
exit $fail
