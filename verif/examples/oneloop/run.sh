#!/usr/bin/env bash
# Builds (cached) and runs the one-loop example through the transaction-level
# checker (verif/include/wf_txcheck.h):
#   verif/examples/oneloop/run.sh cpp PROGRAM.s [Voneloop options] [+bug=NAME]
#       the C++/Verilator route: main.cpp drives the Verilated oneloop_core
#   verif/examples/oneloop/run.sh sv  PROGRAM.s [+options="--warps 4"] [+timing=order] [+bug=NAME]
#       the SystemVerilog route under Verilator: tb_oneloop.sv with the checker
#       class of verif/dpi/wf_txcheck_pkg.sv over DPI-C (verif/dpi/wf_txcheck_dpi.c, linked as
#       build/oneloop/libwf_txcheck_dpi.so)
#   verif/examples/oneloop/run.sh cocotb PROGRAM.s [+options=...] [+timing=...] [+window=N] [+bug=NAME]
#       the cocotb route on Icarus: test_oneloop.py, warpfront.Checker (python/)
#   verif/examples/oneloop/run.sh so
#       build/oneloop/libwf_txcheck_dpi.so: the shim for other simulators' -sv_lib
# Sizes of the build (each set its own build under build/oneloop/): OL_WARPS
# (default 8), OL_LANES (8), OL_REGS (32), OL_MEM_AW (10: 1024 words), as
# wfsim's defaults; a program may launch fewer warps than OL_WARPS. OL_SEED
# (default 1): the random initial values of the flops without a reset
# (Verilator routes: --x-initial unique, +verilator+rand+reset+2).
# Exit status: the simulator's (0 pass, 1 divergence, 2 usage/build, 3 timeout).
set -euo pipefail
cd "$(dirname "$0")/../../.."
usage() { echo "usage: verif/examples/oneloop/run.sh cpp|sv|cocotb PROGRAM.s [options] | run.sh so"; exit 2; }
[[ $# -ge 2 || ${1-} == so ]] || usage
route=$1; shift
if [[ $route == so ]]; then  # the DPI shim as one shared library for -sv_lib (README.md)
  [[ -f build/pic/libwfverif.a && -f build/pic/libwarpfront.a ]] || { echo "build/pic/*.a missing: run make shlib"; exit 2; }
  mkdir -p build/oneloop
  exec gcc -std=c11 -Wall -Wextra -Werror -O1 -g -shared -fPIC -Icmodel/include -Iverif/include \
    -I"$(verilator --getenv VERILATOR_ROOT)/include/vltstd" verif/dpi/wf_txcheck_dpi.c \
    build/pic/libwfverif.a build/pic/libwarpfront.a -lm -Wl,--exclude-libs,ALL -o build/oneloop/libwf_txcheck_dpi.so
fi
[[ $route == cpp || $route == sv || $route == cocotb ]] || { echo "route '$route': allowed cpp|sv|cocotb|so"; usage; }
W=${OL_WARPS:-8} L=${OL_LANES:-8} R=${OL_REGS:-32} M=${OL_MEM_AW:-10}
for v in W:1:64:OL_WARPS L:1:32:OL_LANES R:1:128:OL_REGS M:4:16:OL_MEM_AW; do
  IFS=: read -r var lo hi name <<<"$v"
  val=${!var}
  [[ $val =~ ^[0-9]+$ && $val -ge $lo && $val -le $hi ]] || { echo "$name='$val': allowed $lo..$hi"; exit 2; }
done
# the knobs, the harnesses' Verilator flags and their cached build (verif/build.sh)
wf_no_design=1 source verif/build.sh
wf_clibs_make || exit 2
ex=verif/examples/oneloop
dir=$PWD/build/oneloop/$route-w${W}_l${L}_r${R}_m${M}
gflags=(-GWARPS="$W" -GLANES="$L" -GREGS="$R" -GMEM_AW="$M")
srcs=("$ex/oneloop.vlt" "$ex/oneloop_core.v")
# flops without a reset start random (the project's convention): OL_SEED picks them
seed=${OL_SEED:-1}
[[ $seed =~ ^[1-9][0-9]{0,9}$ && $seed -le 2147483647 ]] || { echo "OL_SEED='$seed': allowed 1..2147483647"; exit 2; }
xrun=(+verilator+rand+reset+2 "+verilator+seed+$seed")
deps=("$ex"/*.v "$ex"/*.sv "$ex"/*.vlt "$ex"/*.cpp verif/dpi/* rtl/wf_defs.vh verif/cocotb/timescale.f "${wf_cdeps[@]}")
so=build/oneloop/libwf_txcheck_dpi.so
shim() {  # the DPI shim's shared library, rebuilt when stale (run.sh so)
  [[ -f $so && -z $(find verif/dpi/wf_txcheck_dpi.c verif/dpi/wf_svdpi.h build/pic/libwfverif.a build/pic/libwarpfront.a \
                        -newer "$so" 2>/dev/null) ]] || "$0" so || exit 2
}
if [[ $route == cpp ]]; then
  bin=$dir/Voneloop
  vcmd=(verilator --cc --exe --build -j 2 "${vl_make[@]}" "${vl_flags[@]}" -Irtl --top-module oneloop_core \
    "${srcs[@]}" "$PWD/$ex/main.cpp" "${gflags[@]}" --Mdir "$dir" -o Voneloop \
    -CFLAGS "$vl_cflags $wf_cinc -DOL_WARPS=$W -DOL_LANES=$L -DOL_REGS=$R -DOL_MEM_AW=$M" -LDFLAGS "$wf_clibs")
  wf_build "$dir" Voneloop deps vcmd || exit 2
  exec "$bin" "$@" "${xrun[@]}"
fi
if [[ $route == cocotb ]]; then
  prog=$1; shift
  [[ -f $prog ]] || { echo "$prog: no such program"; exit 2; }
  python3 -c 'import cocotb' 2>/dev/null || { echo "run.sh: no cocotb (scripts/setup.sh test installs it)"; exit 2; }
  command -v iverilog > /dev/null || { echo "run.sh: no iverilog (Icarus Verilog)"; exit 2; }
  bug=none timing=order window=0 options=""
  for a in "$@"; do
    case $a in
      +bug=*) bug=${a#+bug=} ;;
      +timing=*) timing=${a#+timing=} ;;
      +window=*) window=${a#+window=} ;;
      +options=*) options=${a#+options=} ;;
      *) echo "cocotb route: '$a': allowed +bug= +timing= +window= +options="; exit 2 ;;
    esac
  done
  # the shared libraries and headers warpfront (python/) loads, as verif/cocotb/run.sh
  pre=$PWD/build/cocotb/prefix
  mkdir -p build/cocotb build/oneloop
  flock build/cocotb/.make.lock make -s --no-print-directory install PREFIX="$pre" > build/oneloop/install.log 2>&1 ||
    { tail -20 build/oneloop/install.log; echo "run.sh: make install PREFIX=$pre failed"; exit 2; }
  vvp=$dir/sim.vvp
  icmd=(iverilog -g2012 -f verif/cocotb/timescale.f -Irtl -s oneloop_core
    -Poneloop_core.WARPS="$W" -Poneloop_core.LANES="$L" -Poneloop_core.REGS="$R" -Poneloop_core.MEM_AW="$M"
    -o "$vvp" "$ex/oneloop_core.v")
  wf_build "$dir" sim.vvp deps icmd || exit 2
  status=$(mktemp "${TMPDIR:-/tmp}/wf-oneloop.XXXXXX")
  trap 'rm -f "$status"' EXIT
  ( cd "$dir" && MODULE=test_oneloop TOPLEVEL=oneloop_core TOPLEVEL_LANG=verilog COCOTB_REDUCED_LOG_FMT=1 \
    PYTHONPATH="$OLDPWD/$ex:$OLDPWD/python${PYTHONPATH:+:$PYTHONPATH}" WARPFRONT_PREFIX="$pre" \
    LIBPYTHON_LOC=$(cocotb-config --libpython) \
    OL_PROGRAM="$OLDPWD/$prog" OL_NAME="$prog" OL_OPTIONS="$options" OL_TIMING="$timing" OL_WINDOW="$window" OL_BUG="$bug" \
    OL_STATUS="$status" \
    vvp -M "$(cocotb-config --lib-dir)" -m "$(cocotb-config --lib-name vpi icarus)" sim.vvp ) | \
    grep -v '^ *[-0-9.]*ns \|^ *\*\*\|^ *$' || true
  case $(cat "$status") in
    pass) exit 0 ;; fail) exit 1 ;; usage) exit 2 ;; timeout) exit 3 ;;
    *) echo "run.sh: the cocotb run ended without a result"; exit 2 ;;
  esac
fi
bin=$dir/tb_oneloop
shim
# linked with the shim's shared library, as README.md's Verilator line
vcmd=(verilator --binary --timing -j 2 "${vl_make[@]}" "${vl_flags[@]}" -Irtl -Iverif/dpi --top-module tb_oneloop
  "${srcs[@]}" verif/dpi/wf_txcheck_pkg.sv "$ex/tb_oneloop.sv" "${gflags[@]}" --Mdir "$dir" -o tb_oneloop
  -CFLAGS "$vl_cflags" -LDFLAGS "$PWD/$so -Wl,-rpath,$PWD/build/oneloop")
deps+=("$so")
wf_build "$dir" tb_oneloop deps vcmd || exit 2
prog=$1; shift
exec "$bin" "+program=$prog" "$@" "${xrun[@]}"
