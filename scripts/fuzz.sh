#!/usr/bin/env bash
# The fuzz target (verif/fuzz/wf_fuzz.c; docs/verification.md "Fuzzing").
#   scripts/fuzz.sh SECONDS    replay verif/fuzz/regress (earlier findings and
#                              hostile inputs), then fuzz for SECONDS from the
#                              seed corpus (sim/ sources and their images) and
#                              what earlier runs kept (build/fuzz/work)
#   scripts/fuzz.sh --selftest [N...]  each (or fault N of the) planted fault of WF_FUZZ_SELFTEST (crash,
#                              mismatch, leak, hang) must be reported
# `make fuzz FUZZ_SECONDS=N`, `make test-fuzz` (30 s). Fails on any crash,
# sanitizer report, leak, timeout (-timeout, per input) or interpreter/cycle
# model mismatch; the input is left in build/fuzz/findings/ (keep it in
# verif/fuzz/regress/ with the fix). Needs build/fuzz/wf_fuzz and build/wfsim.
set -u
cd "$(dirname "$0")/.."
fz=build/fuzz/wf_fuzz
opts=(-timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1)

seeds() { # the seed corpus: every sim/ program, as source and as image
  local d=build/fuzz/seeds s
  rm -rf "$d"; mkdir -p "$d"
  for s in sim/examples/*.s sim/kernels/*.s; do
    cp "$s" "$d/$(basename "$(dirname "$s")")-$(basename "$s")"
    build/wfsim --regs 128 --emit-image "$d/$(basename "$s" .s).wfb" "$s" >/dev/null 2>&1 || true
  done
  echo "$d"
}

if [[ ${1:-} == --selftest ]]; then
  fail=0
  for t in "1:AddressSanitizer: SEGV" "2:MISMATCH interpreter vs cycle model" "3:LeakSanitizer" "4:ALARM: working on the last Unit"; do
    n=${t%%:*} want=${t#*:}
    [[ $# -gt 1 && " ${*:2} " != *" $n "* ]] && continue
    make -s "$fz-selftest$n" || exit 2
    log=build/fuzz/selftest-$n.log
    mkdir -p build/fuzz/selftest-work
    "$fz-selftest$n" "${opts[@]}" -max_total_time=60 -artifact_prefix=build/fuzz/selftest- \
      build/fuzz/selftest-work "$(seeds)" >"$log" 2>&1
    rc=$?
    if [[ $rc != 0 ]] && grep -q "$want" "$log"; then echo "fuzz selftest $n: caught ($want, exit $rc)"
    else echo "FAIL: fuzz selftest $n: planted fault not reported (exit $rc; $log)"; fail=1; fi
  done
  exit $fail
fi

secs=${1:?usage: scripts/fuzz.sh SECONDS | --selftest}
[[ -x $fz ]] || { echo "fuzz: $fz missing (make $fz)"; exit 2; }
mkdir -p build/fuzz/work build/fuzz/findings
log=build/fuzz/fuzz.log
# 1. every kept finding and hostile input, once
if ! "$fz" "${opts[@]}" -runs=0 verif/fuzz/regress >"$log.replay" 2>&1; then
  echo "FAIL: fuzz: a kept input of verif/fuzz/regress fails again; $log.replay:"
  tail -30 "$log.replay" | sed 's/^/  /'
  exit 1
fi
nreg=$(find verif/fuzz/regress -type f | wc -l)
# 2. fuzz
start=$(date +%s)
"$fz" "${opts[@]}" -max_total_time="$secs" -artifact_prefix=build/fuzz/findings/ \
  build/fuzz/work verif/fuzz/regress "$(seeds)" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
if [[ $rc != 0 ]]; then
  echo "FAIL: fuzz: exit $rc after $(( $(date +%s) - start )) s; the input is in build/fuzz/findings/; $log:"
  grep -E "ERROR|MISMATCH|wf_fuzz:|ALARM|leak|Test unit written" "$log" | head -20 | sed 's/^/  /'
  exit 1
fi
echo "fuzz: $nreg kept inputs replayed; ${execs:-?} inputs in ${secs} s: no crash, leak, timeout or mismatch (corpus build/fuzz/work: $(ls build/fuzz/work | wc -l) inputs)"
