#!/usr/bin/env bash
# `make test-oneloop`: the one-loop front end (verif/examples/oneloop/README.md)
# verified through the transaction-level checker in three routes, C++/Verilator
# (main.cpp, the C API), SystemVerilog/DPI-C under Verilator (tb_oneloop.sv,
# the class of verif/dpi/wf_txcheck_pkg.sv) and cocotb on Icarus
# (test_oneloop.py, warpfront.Checker): the RTL's lint; example
# programs and kernels pass in each; each deliberate bug is caught in each with
# its field path; a run at timing exact fails on timing (the tolerance is what
# lets this design pass); bad input exits 2 with the reason.
set -u
cd "$(dirname "$0")/../../.."
ex=verif/examples/oneloop
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wf-oneloop.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

# 1. lint: the RTL alone at several sizes, and the SV testbench with the package
lint_ok=1
for g in "" "-GWARPS=1 -GLANES=1 -GREGS=1 -GMEM_AW=4" "-GWARPS=64 -GLANES=32 -GREGS=128 -GMEM_AW=16" \
         "-GWARPS=3 -GLANES=5 -GREGS=7"; do
  # shellcheck disable=SC2086  # $g: zero or more -G options
  out=$(verilator --lint-only -Wall -Irtl $g $ex/oneloop.vlt $ex/oneloop_core.v 2>&1) ||
    { lint_ok=0; bad "lint oneloop_core $g"; echo "$out" | head -20; }
done
out=$(verilator --lint-only -Wall --timing -Irtl -Iverif/dpi --top-module tb_oneloop $ex/oneloop.vlt \
        $ex/oneloop_core.v verif/dpi/wf_txcheck_pkg.sv $ex/tb_oneloop.sv 2>&1) ||
  { lint_ok=0; bad "lint tb_oneloop + wf_txcheck_pkg"; echo "$out" | head -20; }
[[ $lint_ok == 0 ]] || ok "verilator --lint-only -Wall: oneloop_core at 4 sizes, tb_oneloop + wf_txcheck_pkg"
# synthesizable: Yosys generic synthesis at a small size, no latch, check -assert
out=$(yosys -q -p "read_verilog -Irtl $ex/oneloop_core.v; chparam -set WARPS 2 -set LANES 2 -set REGS 8 oneloop_core;
      synth -top oneloop_core; check -assert; select -assert-none t:\$dlatch t:\$_DLATCH_*" 2>&1) &&
  ok "yosys synth oneloop_core (2 warps x 2 lanes x 8 regs): no latch, check -assert clean" ||
  { bad "yosys synth oneloop_core"; tail -20 <<<"$out"; }

# 2. both routes pass on example programs and kernels (seed_naive: 4 of the 8 warps)
progs=(sim/examples/vecadd.s sim/examples/fact.s sim/examples/memwrap.s sim/examples/seed_naive.s
       sim/kernels/dot.s sim/kernels/stencil.s sim/kernels/pchase.s)
for route in cpp sv; do
  for p in "${progs[@]}"; do
    out=$($ex/run.sh $route "$p" 2>&1); rc=$?
    if [[ $rc == 0 ]] && grep -q "^PASS $p +bug=none timing order: [1-9][0-9]* events matched" <<<"$out"; then
      ok "$route $p: $(grep '^PASS' <<<"$out")"
    else bad "(exit $rc) $route $p"; tail -20 <<<"$out"; fi
  done
done

# another seed of the random initial flop values (OL_SEED; 7 once found a
# testbench variable left uninitialised)
for route in cpp sv; do
  out=$(OL_SEED=7 $ex/run.sh $route sim/examples/vecadd.s 2>&1); rc=$?
  if [[ $rc == 0 ]] && grep -q "^PASS sim/examples/vecadd.s +bug=none" <<<"$out"; then ok "$route OL_SEED=7 sim/examples/vecadd.s"
  else bad "(exit $rc) $route OL_SEED=7 sim/examples/vecadd.s"; tail -20 <<<"$out"; fi
done

# another instruction-memory latency (0: rvalid in the request's cycle): the
# same events, other cycles
out=$($ex/run.sh cpp sim/examples/fact.s --imem-lat 0 2>&1); rc=$?
if [[ $rc == 0 ]] && grep -q "^PASS sim/examples/fact.s +bug=none timing order: 3232 events matched, 5249 cycles" <<<"$out"; then
  ok "cpp --imem-lat 0 sim/examples/fact.s: $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) cpp --imem-lat 0 sim/examples/fact.s (wanted 3232 events, 5249 cycles)"; tail -20 <<<"$out"; fi

# another size set (3 warps x 5 lanes: not powers of two), C++ route
out=$(OL_WARPS=3 OL_LANES=5 $ex/run.sh cpp sim/examples/fact.s 2>&1); rc=$?
if [[ $rc == 0 ]] && grep -q "^PASS sim/examples/fact.s +bug=none timing order: [1-9][0-9]* events matched" <<<"$out"; then
  ok "cpp OL_WARPS=3 OL_LANES=5 sim/examples/fact.s: $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) cpp OL_WARPS=3 OL_LANES=5 sim/examples/fact.s"; tail -20 <<<"$out"; fi

# the cocotb route (Icarus, a Python monitor, warpfront.Checker)
for p in sim/examples/vecadd.s; do
  out=$($ex/run.sh cocotb "$p" 2>&1); rc=$?
  if [[ $rc == 0 ]] && grep -q "^PASS $p +bug=none timing order: [1-9][0-9]* events matched" <<<"$out"; then
    ok "cocotb $p: $(grep '^PASS' <<<"$out")"
  else bad "(exit $rc) cocotb $p"; tail -20 <<<"$out"; fi
done

# 3. each deliberate bug caught in every route, with the field path
bugs=("value sim/examples/vecadd.s arch warp[0].r7.lane[7]"
      "skip sim/examples/vecadd.s arch warp[0].retire.pc"
      "store sim/examples/fact.s arch warp[0].store.lane[7].data"
      "branch sim/examples/fact.s arch warp[0].branch.taken")
for b in "${bugs[@]}"; do
  read -r name p field <<<"$b"
  # C++: the result as JSON (wf_tx_json)
  out=$($ex/run.sh cpp "$p" "+bug=$name" --json "$tmp/$name.json" 2>&1); rc=$?
  got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["status"], d.get("field",""))' \
          "$tmp/$name.json" 2>&1)
  if [[ $rc == 1 && $got == "fail $field" ]]; then ok "cpp +bug=$name caught: $field"
  else bad "(exit $rc) cpp +bug=$name: wanted 'fail $field', got '$got'"; tail -20 <<<"$out"; fi
  # SV: the DIVERGENCE line names the field (chk.field())
  out=$($ex/run.sh sv "$p" "+bug=$name" 2>&1); rc=$?
  if [[ $rc == 1 ]] && grep -qF "DIVERGENCE $p +bug=$name timing order: $field" <<<"$out"; then
    ok "sv +bug=$name caught: $field"
  else bad "(exit $rc) sv +bug=$name: wanted DIVERGENCE ... $field"; tail -20 <<<"$out"; fi
  out=$($ex/run.sh cocotb "$p" "+bug=$name" 2>&1); rc=$?
  if [[ $rc == 1 ]] && grep -qF "DIVERGENCE $p +bug=$name timing order: $field" <<<"$out"; then
    ok "cocotb +bug=$name caught: $field"
  else bad "(exit $rc) cocotb +bug=$name: wanted DIVERGENCE ... $field"; tail -20 <<<"$out"; fi
done

# 4. the same design at timing exact fails on timing, in both routes: the
# checker does look at cycles when asked to
out=$($ex/run.sh cpp sim/examples/vecadd.s --timing exact --json "$tmp/exact.json" 2>&1); rc=$?
kind=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["kind"])' "$tmp/exact.json" 2>&1)
if [[ $rc == 1 && $kind == timing ]]; then ok "cpp --timing exact: a timing divergence ($(grep -m1 '^DIVERGENCE' <<<"$out"))"
else bad "(exit $rc) cpp --timing exact: wanted kind timing, got '$kind'"; tail -10 <<<"$out"; fi
out=$($ex/run.sh sv sim/examples/vecadd.s +timing=exact 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q "^DIVERGENCE .* timing exact: " <<<"$out" && grep -qi "timing" <<<"$out"; then
  ok "sv +timing=exact: $(grep -m1 '^DIVERGENCE' <<<"$out")"
else bad "(exit $rc) sv +timing=exact"; tail -10 <<<"$out"; fi

# a window as wide as this design's lag passes (vecadd: the DUT's events trail
# the model's by up to 1841 - 147 cycles)
out=$($ex/run.sh cpp sim/examples/vecadd.s --timing window --window 2000 2>&1); rc=$?
if [[ $rc == 0 ]] && grep -q "^PASS .* timing window: " <<<"$out"; then ok "cpp --timing window --window 2000: $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) cpp --timing window --window 2000"; tail -10 <<<"$out"; fi

# 5. bad input: exit 2 with the reason
expect2() { # expect2 WHAT PATTERN command...
  local what=$1 pat=$2 out rc; shift 2
  out=$("$@" 2>&1); rc=$?
  if [[ $rc == 2 ]] && grep -q -- "$pat" <<<"$out"; then ok "$what: exit 2: $(grep -m1 -- "$pat" <<<"$out")"
  else bad "(exit $rc) $what: wanted exit 2 and '$pat'"; tail -5 <<<"$out"; fi
}
printf 'addi r1, r1\nexit\n' > "$tmp/bad.s"
expect2 "cpp, bad program" "bad.s:1:" $ex/run.sh cpp "$tmp/bad.s"
expect2 "sv, bad program" "bad.s:1:" $ex/run.sh sv "$tmp/bad.s"
expect2 "cpp, memory size of the build" "needs warps=8 lanes=8 regs=32 mem_words=2048" \
  $ex/run.sh cpp sim/kernels/matmul.s
expect2 "sv, memory size of the build" "needs warps=8 lanes=8 regs=32 mem_words=2048" \
  $ex/run.sh sv sim/kernels/matmul.s
expect2 "cpp, unknown bug" "+bug: allowed none|value|skip|store|branch" $ex/run.sh cpp sim/examples/vecadd.s +bug=nosuch
expect2 "sv, unknown bug" "+bug=nosuch: allowed none|value|skip|store|branch" $ex/run.sh sv sim/examples/vecadd.s +bug=nosuch
expect2 "sv, bad option" "parameter" $ex/run.sh sv sim/examples/vecadd.s "+options=--lanes 99"
expect2 "cocotb, memory size of the build" "needs warps=8 lanes=8 regs=32 mem_words=2048" \
  $ex/run.sh cocotb sim/kernels/matmul.s
expect2 "cocotb, unknown bug" "OL_BUG=nosuch: allowed none|value|skip|store|branch" \
  $ex/run.sh cocotb sim/examples/vecadd.s +bug=nosuch
expect2 "run.sh, bad size" "OL_LANES='0': allowed 1..32" env OL_LANES=0 $ex/run.sh cpp sim/examples/vecadd.s
echo "test-oneloop: $pass passed, $fail failed"
[[ $fail == 0 ]]
