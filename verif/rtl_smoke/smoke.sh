#!/usr/bin/env bash
# `make rtl-smoke`: the RTL against the C models (verif/rtl_smoke/run.sh) on
# every sim/examples kernel: with its own `# wfsim-options:` line (the seed
# examples of §13) and at the default configuration, plus three other
# configurations (run-time options only, and two size parameter sets, each a
# separate cached Verilator build under build/rtl/), then RTL_SMOKE_SEEDS
# (default 12) random programs at three configurations each, and the seed's
# scale point: sim/kernels/pchase.s at 64 warps x 128 registers x 32 lanes.
set -u
cd "$(dirname "$0")/../.."
configs=(
  ""
  "--hazard stall --sched gto --war inorder --alu-lat 3 --mul-lat 7 --lsu-lat 4 --imiss-lat 13"
  "--warps 5 --lanes 3 --banks 3 --collectors 3 --sb-entries 2 --ibuf 3 --icache-lines 4 --icache-line 2 --imshrs 3 --mem-line 8 --bloom-bits 8 --loops 2"
  "--warps 1 --lanes 1 --banks 1 --collectors 1 --sb-entries 1 --ibuf 1 --icache-lines 1 --icache-line 1 --imshrs 1 --mem-line 1 --bloom-bits 4 --war warpboard-read"
)
pass=0 fail=0
# run.sh launches the program twice on one RTL instance; both runs must pass
one() {
  local out
  out=$(verif/rtl_smoke/run.sh "$@" 2>&1)
  if [[ $(grep -c '^PASS' <<<"$out") == 2 ]]; then
    echo "$(grep '^PASS' <<<"$out" | head -1 | sed 's/ (run 1)//')${2:+   [${*:2}]}"
    pass=$((pass + 1))
  else
    echo "FAIL $*"; tail -12 <<<"$out"
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
# random programs (verif/rtl_smoke/randprog.py): loops, branches, split
# accesses, races; RTL against the cycle model every cycle
mkdir -p build/rtl/rand
for seed in $(seq 1 ${RTL_SMOKE_SEEDS:-12}); do
  python3 verif/rtl_smoke/randprog.py "$seed" > "build/rtl/rand/r$seed.s"
  one "build/rtl/rand/r$seed.s"
  one "build/rtl/rand/r$seed.s" --hazard stall --sched gto --war inorder --loops $((seed % 3 + 1))
  one "build/rtl/rand/r$seed.s" --war warpboard-commit --collectors 2 --layout naive --imiss-lat 3
done
# the seed's scale point (issue 4): 64 warps x 128 registers (x 32 lanes)
one sim/kernels/pchase.s --warps 64 --regs 128 --lanes 32 --mem-words 65536
echo "rtl-smoke: $pass passed, $fail failed"
[[ $fail == 0 ]]
