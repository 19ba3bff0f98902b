#!/usr/bin/env bash
# `make test-own-rtl`: the worked example of docs/verification.md "Verifying
# your own front end": the wrapper my_front_end.v (another top name, its own
# file list) through `make regress` unchanged (two seeds, the smallest size
# set: one Verilated build, cached under build/rtl/...__my_front_end-<hash>/)
# and through the cocotb testbench (Icarus); then the errors a user meets
# first: a WF_TOP that no listed file declares and a missing file (exit 2
# from run.sh and from make regress, naming the problem).
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
echo "test-own-rtl: $pass passed, $fail failed"
[[ $fail == 0 ]]
