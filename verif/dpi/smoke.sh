#!/usr/bin/env bash
# `make dpi-smoke`: the DPI-C entry points called from SystemVerilog
# (verif/dpi/tb_dpi.sv under Verilator, verif/dpi/run.sh) on both seed
# examples (PASS), then once with obs_o's issue.valid bit (from the field table) inverted in cycle
# 13 before it reaches wf_dpi_compare: must exit 1 with a LOCKSTEP MISMATCH
# report naming issue.valid and a reproduce line; and a missing program: exit 2.
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
opts() { sed -n 's/^# wfsim-options://p' "$1" | head -1; }
iv=$(python3 scripts/gen-layout.py --lsb obs.issue.valid) || exit 2  # the bit of issue.valid in obs_o
for f in sim/examples/seed_naive.s sim/examples/seed_swizzle.s; do
  # shellcheck disable=SC2046
  out=$(verif/dpi/run.sh "$f" $(opts "$f") 2>&1); rc=$?
  if [[ $rc == 0 && $(grep -c '^PASS tb_dpi' <<<"$out") == 1 ]]; then ok "$(grep '^PASS' <<<"$out")"
  else bad "(exit $rc) verif/dpi/run.sh $f"; tail -25 <<<"$out"; fi
done
# shellcheck disable=SC2046
out=$(verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) --seed 5 \
        +flip_bit=$iv +flip_cycle=13 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q '^LOCKSTEP MISMATCH at cycle 13$' <<<"$out" &&
   grep -q '^  field:    issue.valid$' <<<"$out" && grep -q '^  seed:     5 ' <<<"$out" &&
   grep -q "^  reproduce: verif/dpi/run.sh sim/examples/seed_naive.s .*+flip_bit=$iv" <<<"$out" &&
   grep -q '^FAIL tb_dpi' <<<"$out"; then
  ok "+flip_bit=$iv +flip_cycle=13 reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//'), exit 1"
else bad "(exit $rc) the inverted obs_o bit was not reported as issue.valid at cycle 13"; tail -30 <<<"$out"; fi
# compare levels (docs/verification.md "Compare levels"): a pass at arch (the
# model may finish first: wf_dpi_step 2), the flipped issue bit caught at events
out=$(verif/dpi/run.sh sim/examples/seed_swizzle.s $(opts sim/examples/seed_swizzle.s) --cmp arch 2>&1); rc=$?
if [[ $rc == 0 && $(grep -c '^PASS tb_dpi' <<<"$out") == 1 ]]; then ok "--cmp arch: $(grep '^PASS' <<<"$out")"
else bad "(exit $rc) verif/dpi/run.sh --cmp arch"; tail -25 <<<"$out"; fi
out=$(WF_CMP=events verif/dpi/run.sh sim/examples/seed_naive.s $(opts sim/examples/seed_naive.s) \
        +flip_bit=$iv +flip_cycle=13 2>&1); rc=$?
if [[ $rc == 1 ]] && grep -q '^  field:    issue.valid$' <<<"$out" && grep -q '^  compare:  events level' <<<"$out"; then
  ok "WF_CMP=events +flip_bit=$iv reported: $(grep -m1 'field:' <<<"$out" | sed 's/^ *//')"
else bad "(exit $rc) WF_CMP=events: the inverted obs_o bit was not reported"; tail -30 <<<"$out"; fi
out=$(verif/dpi/run.sh sim/examples/seed_naive.s --cmp cycle 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q "'cycle' is not a compare level (full, events, arch)" <<<"$out"; then ok "bad --cmp refused"
else bad "(exit $rc) --cmp cycle not refused: $out"; fi
# shellcheck disable=SC2046
out=$(verif/dpi/run.sh sim/examples/no_such_program.s $(opts sim/examples/seed_naive.s) 2>&1); rc=$?
if [[ $rc == 2 ]] && grep -q 'wf_dpi_create: .*no_such_program.s' <<<"$out"; then ok "missing program refused: $out"
else bad "(exit $rc) missing program: $out"; fi
echo "dpi-smoke: $pass passed, $fail failed"
[[ $fail == 0 ]]
