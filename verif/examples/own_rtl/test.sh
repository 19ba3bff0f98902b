#!/usr/bin/env bash
# `make test-own-rtl`: the worked example of docs/verification.md "Verifying
# your own front end": the wrapper my_front_end.v (another top name, its own
# file list) through `make regress` unchanged (two seeds, the smallest size
# set: one Verilated build, cached under build/rtl/...__my_front_end-<hash>/)
# and through the cocotb testbench (Icarus); then the errors a user meets
# first: a WF_TOP that no listed file declares and a missing file (exit 2
# from run.sh and from make regress, naming the problem); the boundary check
# before any build (a port-mismatch top refused naming each port, in three
# routes); warnings in your files shown but not fatal (WF_LINT=strict: fatal);
# WF_RTL_OVERRIDE replacing one block (rtl/wf_spram.v), a broken copy failing;
# a misspelt or mis-valued knob refused by name.
set -u
cd "$(dirname "$0")/../../.."
files="rtl/wf.vlt rtl/wf_*.v verif/examples/own_rtl/my_front_end.v"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wf-own-rtl.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# 1. make regress, unchanged but for the two variables
out=$(WF_RTL_FILES="$files" WF_TOP=my_front_end make --no-print-directory regress SEEDS=2 CSEEDS=0 \
        SIZES=smallest IMEM_JITTER=0 OUT="$tmp/out" 2>&1); rc=$?
cmd=$(cat "$tmp"/out/latest/1/cmd.txt 2>/dev/null)
if [[ $rc == 0 ]] && grep -q '^2 passed, 0 failed$' <<<"$out" &&
   grep -q '^regress: design under test: WF_TOP=my_front_end ' <<<"$out" &&
   [[ $cmd == *"/verif/examples/own_rtl/my_front_end.v' WF_TOP=my_front_end verif/cosim/run.sh "* ]] &&
   compgen -G "${WF_RTL_DIR:-build/rtl}/warps1_lanes1_*__my_front_end-*/Vwf_core" >/dev/null; then
  ok "make regress SEEDS=2 on WF_TOP=my_front_end: $(tail -1 <<<"$out"); cmd.txt names the design"
else bad "(exit $rc) make regress on my_front_end"; tail -30 <<<"$out"; echo "cmd.txt: $cmd"; fi

# 2. the cocotb testbench on the same design
out=$(WF_RTL_FILES="$files" WF_TOP=my_front_end verif/cocotb/run.sh sim/examples/vecadd.s --warps 4 2>&1); rc=$?
if [[ $rc == 0 ]] && grep -q '^PASS ' <<<"$out"; then ok "cocotb on my_front_end: $(grep '^PASS ' <<<"$out")"
else bad "(exit $rc) cocotb on my_front_end"; grep -v '^ *\*\*\|^ *$' <<<"$out" | tail -20; fi

# 3. a wrong top and a missing file: exit 2 with the reason, nothing built
expect2() { # expect2 WHAT PATTERN command...
  local what=$1 pat=$2 out rc; shift 2
  out=$("$@" 2>&1); rc=$?
  if [[ $rc == 2 ]] && grep -q -- "$pat" <<<"$out"; then ok "$what: exit 2: $(grep -m1 -- "$pat" <<<"$out")"
  else bad "(exit $rc) $what: wanted exit 2 and '$pat'"; tail -5 <<<"$out"; fi
}
expect2 "run.sh, wrong WF_TOP" "WF_TOP=my_frontend: none of the .* declares 'module my_frontend'" \
  env WF_RTL_FILES="$files" WF_TOP=my_frontend verif/cosim/run.sh sim/examples/vecadd.s
expect2 "make regress, wrong WF_TOP" "^regress: WF_TOP=my_frontend: none of the" \
  env WF_RTL_FILES="$files" WF_TOP=my_frontend make --no-print-directory regress SEEDS=2 CSEEDS=0 OUT="$tmp/out2"
[[ ! -e $tmp/out2 ]] || bad "make regress with a wrong WF_TOP wrote $tmp/out2"
expect2 "run.sh, missing file" "WF_RTL_FILES: verif/examples/own_rtl/missing.v: no such file" \
  env WF_RTL_FILES="$files verif/examples/own_rtl/missing.v" WF_TOP=my_front_end verif/cosim/run.sh sim/examples/vecadd.s
expect2 "verif/sc/run.sh, missing file" "no such file" \
  env WF_RTL_FILES="verif/examples/own_rtl/missing.v" verif/sc/run.sh sim/examples/vecadd.s
expect2 "verif/dpi/run.sh, wrong WF_TOP" "declares 'module nosuch'" env WF_TOP=nosuch verif/dpi/run.sh sim/examples/vecadd.s

# 4. the boundary check before any build (scripts/wf/rtlcheck.py, run by
# verif/build.sh in every route): wf_core itself has the contract's ports at two
# size sets; a top with a port missing, one of a wrong width and an extra one
# is refused naming each, with nothing built (a private WF_RTL_DIR stays empty)
for sz in "" "-GWARPS=2 -GLANES=4 -GSB_ENTRIES=2 -GIBUF=1 -GBANKS=2 -GCOLLECTORS=1 -GICACHE_LINE=2"; do
  # shellcheck disable=SC2086
  if out=$(python3 scripts/rtl-check.py --top wf_core -- -Irtl rtl/wf.vlt rtl/wf_*.v $sz 2>&1); then
    ok "wf_core has the contract's ports (${sz:-default sizes})"
  else bad "wf_core fails its own port contract (${sz:-default sizes})"; tail -8 <<<"$out"; fi
done
# bad_top: my_front_end with wf_core's port list written out (rtl/wf_core_ports.vh)
# and then broken: cfg_ready_stage_i gone (a constant to wf_core), obs_o one bit
# short (wf_core's obs_o into a net of its own), an extra input
sed -e '/`include "wf_core_ports.vh"/{' -e 'r rtl/wf_core_ports.vh' -e 'd' -e '}' \
    verif/examples/own_rtl/my_front_end.v |
  sed -e '/^ *input  wire  *cfg_ready_stage_i,/d' \
    -e 's/^\( *output wire \)\[`WF_OBS_W-1:0\]\( *obs_o,\)/\1[`WF_OBS_W-2:0]\2/' \
    -e 's/^module my_front_end/module bad_top/' \
    -e 's/^);$/    , input wire extra_i\n);\n  wire cfg_ready_stage_i = 1'"'"'b0;\n  wire [`WF_OBS_W-1:0] obs_full;\n  assign obs_o = obs_full[`WF_OBS_W-2:0];/' \
    -e 's/`WF_CORE_CONN_ALL/`WF_CORE_CONN_CLOCK, `WF_CORE_CONN_LAUNCH, `WF_CORE_CONN_STATUS, `WF_CORE_CONN_IMEM, `WF_CORE_CONN_HOST,\n      .obs_o(obs_full), .obs_wb_o, .obs_wb_data_o, .obs_bank_o, .obs_warp_o, .obs_cu_o, .obs_version_o/' \
  > "$tmp/bad_top.v"
grep -q 'obs_full' "$tmp/bad_top.v" && ! grep -q 'input  wire *cfg_ready_stage_i' "$tmp/bad_top.v" ||
  bad "bad_top.v was not made from my_front_end.v (the sed did not apply)"
bfiles="rtl/wf.vlt rtl/wf_*.v $tmp/bad_top.v"
for route in verif/cosim/run.sh verif/cocotb/run.sh verif/sc/run.sh; do
  out=$(WF_RTL_DIR="$tmp/rtl" WF_RTL_FILES="$bfiles" WF_TOP=bad_top $route sim/examples/vecadd.s 2>&1); rc=$?
  if [[ $rc == 2 ]] && grep -q '^  missing port cfg_ready_stage_i: input, 1 bit$' <<<"$out" &&
     grep -q 'bad_top.v:[0-9]*: port obs_o is 341 bits, the contract has 342 bits' <<<"$out" &&
     grep -q 'bad_top.v:[0-9]*: extra port extra_i: input, 1 bit' <<<"$out" &&
     ! grep -qi 'building\|main.cpp\|sc_main\|iverilog' <<<"$out" && [[ -z $(ls -A "$tmp/rtl" 2>/dev/null) ]]; then
    ok "$route: port-mismatch top refused before any build (exit 2): missing cfg_ready_stage_i, obs_o 341 bits, extra extra_i"
  else bad "(exit $rc) $route: the port-mismatch top was not refused naming its ports before a build"; tail -12 <<<"$out"; fi
done
out=$(WF_RTL_FILES="$bfiles" WF_TOP=bad_top make --no-print-directory regress SEEDS=2 CSEEDS=0 OUT="$tmp/out3" 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q '^  missing port cfg_ready_stage_i: input, 1 bit$' <<<"$out" && [[ ! -e $tmp/out3 ]]; then
  ok "make regress: port-mismatch top refused before any build (exit 2), nothing written"
else bad "(exit $rc) make regress: the port-mismatch top was not refused naming its ports"; tail -8 <<<"$out"; fi

# 5. warnings in your files are shown, not fatal (WF_LINT=strict: fatal);
# WF_RTL_OVERRIDE puts your file in place of the project file that declares
# the same module: my_spram.v (module wf_spram, so Verilator warns
# DECLFILENAME) replaces rtl/wf_spram.v, and a broken copy fails, so the
# override is what runs
cp rtl/wf_spram.v "$tmp/my_spram.v"
small=(--warps 2 --lanes 2 --banks 2 --collectors 1 --regs 16)
out=$(WF_RTL_OVERRIDE="$tmp/my_spram.v" verif/cosim/run.sh sim/examples/vecadd.s "${small[@]}" 2>&1); rc=$?
if [[ $rc == 0 ]] && grep -q "^rtl-check: WF_RTL_OVERRIDE: $tmp/my_spram.v replaces $PWD/rtl/wf_spram.v$" <<<"$out" &&
   grep -q "^%Warning-DECLFILENAME: $tmp/my_spram.v:" <<<"$out" && grep -q 'shown, not fatal' <<<"$out" &&
   grep -q '^PASS sim/examples/vecadd.s (run 2)' <<<"$out"; then
  ok "WF_RTL_OVERRIDE=my_spram.v replaces rtl/wf_spram.v; its DECLFILENAME warning shown, not fatal; PASS"
else bad "(exit $rc) WF_RTL_OVERRIDE=my_spram.v through verif/cosim/run.sh"; grep -v '^ *|' <<<"$out" | tail -15; fi
out=$(WF_LINT=strict WF_RTL_DIR="$tmp/rtl" WF_RTL_OVERRIDE="$tmp/my_spram.v" verif/cosim/run.sh sim/examples/vecadd.s \
        "${small[@]}" 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q "^%Warning-DECLFILENAME: $tmp/my_spram.v:" <<<"$out" && grep -q 'fatal: WF_LINT=strict' <<<"$out" &&
   [[ -z $(ls -A "$tmp/rtl" 2>/dev/null) ]]; then ok "WF_LINT=strict: the same warning is fatal (exit 2), nothing built"
else bad "(exit $rc) WF_LINT=strict did not refuse the warning before a build"; tail -8 <<<"$out"; fi
mkdir -p "$tmp/broken"
sed 's/mem_q\[addr\] <= wdata_i\[gl\*LW +: LW\];/mem_q[addr] <= ~wdata_i[gl*LW +: LW];/' rtl/wf_spram.v > "$tmp/broken/wf_spram.v"
cmp -s rtl/wf_spram.v "$tmp/broken/wf_spram.v" && bad "the broken wf_spram.v copy is not broken (the sed did not apply)"
out=$(WF_RTL_OVERRIDE="$tmp/broken/wf_spram.v" verif/cocotb/run.sh sim/examples/vecadd.s --warps 4 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q 'MISMATCH' <<<"$out"; then
  ok "a broken wf_spram.v by WF_RTL_OVERRIDE (cocotb) fails: $(grep -m1 'MISMATCH' <<<"$out" | sed 's/^ *//')"
else bad "(exit $rc) the broken override was not what ran (no mismatch)"; grep -v '^ *\*\*\|^ *$' <<<"$out" | tail -8; fi
expect2 "an override that replaces nothing" "replaces no file of the design" \
  env WF_RTL_OVERRIDE="$tmp/bad_top.v" verif/cosim/run.sh sim/examples/vecadd.s
expect2 "a missing override file" "WF_RTL_OVERRIDE: nosuch.v: no such file" \
  env WF_RTL_OVERRIDE=nosuch.v verif/cosim/run.sh sim/examples/vecadd.s
expect2 "a misspelt knob" "WF_RTL_OVERIDE: not a knob of the harnesses" \
  env WF_RTL_OVERIDE="$tmp/my_spram.v" verif/cosim/run.sh sim/examples/vecadd.s
expect2 "a wrong WF_LINT" "WF_LINT='strictly': allowed" \
  env WF_LINT=strictly WF_RTL_OVERRIDE="$tmp/my_spram.v" verif/cosim/run.sh sim/examples/vecadd.s
echo "test-own-rtl: $pass passed, $fail failed"
[[ $fail == 0 ]]
