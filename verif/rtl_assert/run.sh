#!/usr/bin/env bash
# Self-test of the simulation-only RTL assertions (`ifdef WF_ASSERT in rtl/*.v,
# docs/rtl.md "Assertions"), on Icarus (verif/rtl_assert/tb_assert.v):
#  1. control: every sim/examples program, at two configurations, runs to done
#     with WF_ASSERT on and no assertion firing (exit 0, "TB DONE");
#  2. each assertion is made to fire by one deliberate fault, a
#     WF_ASSERT_SELFTEST_* define in the RTL or a TB_* testbench fault: the
#     run must exit non-zero with the assertion's message, naming its block.
# Logs under build/rtl_assert/. Exit 0 when all pass.
set -u
cd "$(dirname "$0")/../.."
out=build/rtl_assert
mkdir -p "$out"
[[ -x build/wfsim ]] || make -s build/wfsim || exit 2
fail=0 pass=0
RTL=(rtl/*.v)
# program image, padded with exit words to IMEM_WORDS (1024) lines
hex() {
  local f=$out/$(basename "$1" .s).hex
  build/wfsim --emit-hex "$f" "$1" || exit 2
  local n; n=$(wc -l < "$f")
  for ((i = n; i < 1024; i++)); do echo 1600000000000000; done >> "$f"
  echo "$f"
}
build() {  # build NAME DEFINES...
  local name=$1; shift
  local d=(); for x in "$@"; do d+=("-D$x"); done
  iverilog -g2012 -Irtl -DWF_ASSERT "${d[@]}" -s tb_assert -o "$out/$name.vvp" \
    verif/rtl_assert/tb_assert.v "${RTL[@]}" > "$out/$name.build.log" 2>&1 \
    || { echo "FAIL $name: iverilog, see $out/$name.build.log"; head -5 "$out/$name.build.log"; exit 2; }
}

# ---- 1. control --------------------------------------------------------------------
build control
for f in sim/examples/*.s; do
  h=$(hex "$f")
  for c in "+swizzle=1 +loops=3" "+swizzle=0 +loops=2 +gto=1 +stall=1"; do
    # shellcheck disable=SC2086
    vvp -n "$out/control.vvp" "+hex=$h" $c > "$out/control.log" 2>&1
    rc=$?
    if [[ $rc == 0 ]] && grep -q '^TB DONE' "$out/control.log" && ! grep -q 'WF_ASSERT' "$out/control.log"; then
      pass=$((pass + 1)); echo "PASS control $(basename "$f") [$c]: $(grep '^TB DONE' "$out/control.log")"
    else
      fail=$((fail + 1)); echo "FAIL control $(basename "$f") [$c] (exit $rc)"; grep -m3 -E 'WF_ASSERT|ERROR|timeout' "$out/control.log"
    fi
  done
done

# ---- 2. each assertion fires ---------------------------------------------------------
# name | defines | program | plusargs | expected message (grep -E)
cases=(
  "sb_wb|WF_ASSERT_SELFTEST_SB_WB|seed_swizzle|+swizzle=1 +loops=3|WF_ASSERT wf_scoreboard: writeback of warp [0-9]+ r[0-9]+, but no scoreboard entry"
  "sb_alloc|WF_ASSERT_SELFTEST_SB_ALLOC|seed_swizzle|+swizzle=1 +loops=3|WF_ASSERT wf_scoreboard: allocation of an entry that is valid, or not the warp's lowest free one"
  "bank|WF_ASSERT_SELFTEST_BANK|seed_naive|+swizzle=0 +loops=2|WF_ASSERT wf_collector: two grants to bank [0-9]+ in one cycle"
  "cu_twice|WF_ASSERT_SELFTEST_CU_TWICE|seed_swizzle|+swizzle=1 +loops=3|WF_ASSERT wf_collector: collector unit [0-9]+ dispatched twice"
  "rf_port|WF_MUTANT_WRITE_PRIORITY|saxpy|+swizzle=0 +loops=2|WF_ASSERT wf_regfile: bank read and written in one cycle"
  "ibuf|WF_ASSERT_SELFTEST_IBUF|sum_loop|+swizzle=1 +loops=3|WF_ASSERT wf_ibuffer: decode into the full I-buffer"
  "watchdog|TB_NO_IMEM WF_WATCHDOG_CYCLES=200|seed_swizzle|+swizzle=1 +loops=3|WF_ASSERT wf_core: stall watchdog: no issue.* for 200 cycles"
  "imem_resp|TB_DUP_RESP|seed_swizzle|+swizzle=1 +loops=3|WF_ASSERT wf_fetch: instruction-memory response for MSHR [0-9]+, which has no request"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name defs prog args msg <<<"$c"
  # shellcheck disable=SC2086
  build "st_$name" $defs
  h=$(hex "sim/examples/$prog.s")
  # shellcheck disable=SC2086
  vvp -n "$out/st_$name.vvp" "+hex=$h" $args > "$out/st_$name.log" 2>&1
  rc=$?
  if [[ $rc != 0 ]] && grep -qE "$msg" "$out/st_$name.log" && ! grep -q '^TB DONE' "$out/st_$name.log"; then
    pass=$((pass + 1)); echo "PASS fires $name ($defs, $prog, exit $rc): $(grep -m1 -E "$msg" "$out/st_$name.log" | sed 's/^[^W]*WF_ASSERT/WF_ASSERT/')"
  else
    fail=$((fail + 1)); echo "FAIL fires $name ($defs, $prog): exit $rc, expected /$msg/"; grep -m3 -E 'WF_ASSERT|TB DONE|timeout' "$out/st_$name.log"
  fi
done
echo "rtl-assert: $pass passed, $fail failed"
[[ $fail == 0 ]]
