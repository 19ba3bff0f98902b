#!/usr/bin/env bash
# `make dpi-smoke`: the DPI-C entry points called from SystemVerilog
# (verif/dpi/tb_dpi.sv under Verilator, verif/dpi/run.sh) on both seed
# examples (PASS), then once with obs_o's issue.valid bit (from the field table) inverted in cycle
# 13 before it reaches wf_dpi_compare: must exit 1 with a LOCKSTEP MISMATCH
# report naming issue.valid and a reproduce line; and a missing program: exit 2.
# A pinned build (WF_RTL_PARAMS): passes with the pins' options, refuses a
# contradicting option with exit 2.
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
opts() { sed -n 's/^# wfsim-options://p' "$1" | head -1; }
# a result record's verdict (--result FILE, docs/verification.md "Result records"): kind cycle field exit_code
rec() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(r["kind"], r.get("cycle"), r.get("field"), r["exit_code"])' "$1"; }
mkdir -p build/rtl-dpi
iv=$(python3 scripts/gen-layout.py --lsb obs.issue.valid) || exit 2  # the bit of issue.valid in obs_o
for f in sim/examples/seed_naive.s sim/examples/seed_swizzle.s; do
  # shellcheck disable=SC2046
  out=$(verif/dpi/run.sh "$f" $(opts "$f") 2>&1); rc=$?
  if [[ $rc == 0 && $(grep -c '^PASS tb_dpi' <<<"$out") == 1 ]]; then ok "$(grep '^PASS' <<<"$out")"
  else bad "(exit $rc) verif/dpi/run.sh $f"; tail -25 <<<"$out"; fi
done
# shellcheck disable=SC2046
rm -f build/rtl-dpi/flip.json
out=$(verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) --seed 5 \
        --result build/rtl-dpi/flip.json +flip_bit=$iv +flip_cycle=13 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q '^LOCKSTEP MISMATCH at cycle 13$' <<<"$out" &&
   [[ $(rec build/rtl-dpi/flip.json) == "mismatch 13 issue.valid 1" ]] &&
   grep -q '^  field:    issue.valid$' <<<"$out" && grep -q '^  seed:     5 ' <<<"$out" &&
   grep -q "^  reproduce: verif/dpi/run.sh sim/examples/seed_naive.s .*+flip_bit=$iv" <<<"$out" &&
   grep -q '^FAIL tb_dpi' <<<"$out"; then
  ok "+flip_bit=$iv +flip_cycle=13 reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//'), exit 1; record: $(rec build/rtl-dpi/flip.json)"
else bad "(exit $rc) the inverted obs_o bit was not reported as issue.valid at cycle 13"; tail -30 <<<"$out"; fi
# compare levels (docs/verification.md "Compare levels"): a pass at arch (the
# model may finish first: wf_dpi_step 2), the flipped issue bit caught at events
rm -f build/rtl-dpi/arch.json
out=$(verif/dpi/run.sh sim/examples/seed_swizzle.s $(opts sim/examples/seed_swizzle.s) --cmp arch \
        --result build/rtl-dpi/arch.json 2>&1); rc=$?
if [[ $rc == 0 && $(grep -c '^PASS tb_dpi' <<<"$out") == 1 && $(rec build/rtl-dpi/arch.json) == "pass None None 0" ]]
then ok "--cmp arch: $(grep '^PASS' <<<"$out"); record: pass"
else bad "(exit $rc) verif/dpi/run.sh --cmp arch"; tail -25 <<<"$out"; fi
out=$(WF_CMP=events verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) \
        +flip_bit=$iv +flip_cycle=13 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q '^  field:    issue.valid$' <<<"$out" && grep -q '^  compare:  events level' <<<"$out"; then
  ok "WF_CMP=events +flip_bit=$iv reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//')"
else bad "(exit $rc) WF_CMP=events: the inverted obs_o bit was not reported"; tail -30 <<<"$out"; fi
# (at the example's shape: the refusal is wf_dpi_create's, so the run needs a build, this one)
# shellcheck disable=SC2046
out=$(verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) --cmp cycle 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q "'cycle' is not a compare level (full, events, window, arch)" <<<"$out"; then ok "bad --cmp refused"
else bad "(exit $rc) --cmp cycle not refused: $out"; fi
# shellcheck disable=SC2046
out=$(verif/dpi/run.sh sim/examples/no_such_program.s $(opts sim/examples/seed_naive.s) 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q 'wf_dpi_create: .*no_such_program.s' <<<"$out"; then ok "missing program refused: $out"
else bad "(exit $rc) missing program: $out"; fi
# a pinned wf_core (WF_RTL_PARAMS, passed on by tb_dpi): the pinned options
# pass; an option that contradicts a pin is refused by name (exit 2); another
# top cannot take wf_core's parameters (exit 2, no build)
pinned="PIN_LAYOUT=0 PIN_LOOPS=2 PIN_HAZARD=0"
# shellcheck disable=SC2046
out=$(WF_RTL_PARAMS=$pinned verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) 2>&1); rc=$?
if [[ $rc == 0 && $(grep -c '^PASS tb_dpi' <<<"$out") == 1 ]]; then ok "WF_RTL_PARAMS='$pinned': $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) WF_RTL_PARAMS='$pinned' verif/dpi/run.sh sim/examples/seed_naive.s"; tail -25 <<<"$out"; fi
# shellcheck disable=SC2046
out=$(WF_RTL_PARAMS=$pinned verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) \
        --hazard stall 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q 'option --hazard stall drives cfg_stall_i to 1, but the RTL build pins it: PIN_HAZARD=0' <<<"$out"
then ok "a contradicted pin refused: $(grep -m1 'PIN_HAZARD' <<<"$out" | cut -c1-90)..."
else bad "(exit $rc) --hazard stall against PIN_HAZARD=0 not refused"; tail -25 <<<"$out"; fi
out=$(WF_RTL_PARAMS=PIN_HAZARD=0 WF_TOP=wf_fetch verif/dpi/run.sh sim/examples/seed_naive.s 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q 'passes it to wf_core only, not to WF_TOP=wf_fetch' <<<"$out"; then ok "WF_RTL_PARAMS with another top refused"
else bad "(exit $rc) WF_RTL_PARAMS with WF_TOP=wf_fetch: $out"; fi
echo "dpi-smoke: $pass passed, $fail failed"
[[ $fail == 0 ]]
