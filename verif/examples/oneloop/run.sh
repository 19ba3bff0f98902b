#!/usr/bin/env bash
# Builds (cached) and runs the one-loop example through the transaction-level
# checker (verif/include/wf_txcheck.h):
#   verif/examples/oneloop/run.sh cpp PROGRAM.s [Voneloop options] [+bug=NAME]
#       the C++/Verilator route: main.cpp drives the Verilated oneloop_core
#   verif/examples/oneloop/run.sh sv  PROGRAM.s [+options="--warps 4"] [+timing=order] [+bug=NAME]
#       the SystemVerilog route under Verilator: tb_oneloop.sv with the checker
#       class of verif/dpi/wf_txcheck_pkg.sv over DPI-C (verif/dpi/wf_txcheck_dpi.c)
#   verif/examples/oneloop/run.sh so
#       build/oneloop/libwf_txcheck_dpi.so: the shim for other simulators' -sv_lib
# Sizes of the build (each set its own build under build/oneloop/): OL_WARPS
# (default 8), OL_LANES (8), OL_REGS (32), OL_MEM_AW (10: 1024 words), as
# wfsim's defaults; a program may launch fewer warps than OL_WARPS.
# Exit status: the simulator's (0 pass, 1 divergence, 2 usage/build, 3 timeout).
set -euo pipefail
cd "$(dirname "$0")/../../.."
usage() { echo "usage: verif/examples/oneloop/run.sh cpp|sv PROGRAM.s [options] | run.sh so"; exit 2; }
[[ $# -ge 2 || ${1-} == so ]] || usage
route=$1; shift
if [[ $route == so ]]; then  # the DPI shim as one shared library for -sv_lib (README.md)
  [[ -f build/pic/libwfverif.a && -f build/pic/libwarpfront.a ]] || { echo "build/pic/*.a missing: run make shlib"; exit 2; }
  mkdir -p build/oneloop
  exec gcc -std=c11 -Wall -Wextra -Werror -O1 -g -shared -fPIC -Icmodel/include -Iverif/include \
    -I"$(verilator --getenv VERILATOR_ROOT)/include/vltstd" verif/dpi/wf_txcheck_dpi.c \
    build/pic/libwfverif.a build/pic/libwarpfront.a -lm -o build/oneloop/libwf_txcheck_dpi.so
fi
[[ $route == cpp || $route == sv ]] || { echo "route '$route': allowed cpp|sv|so"; usage; }
W=${OL_WARPS:-8} L=${OL_LANES:-8} R=${OL_REGS:-32} M=${OL_MEM_AW:-10}
for v in W:1:64:OL_WARPS L:1:32:OL_LANES R:1:128:OL_REGS M:4:16:OL_MEM_AW; do
  IFS=: read -r var lo hi name <<<"$v"
  val=${!var}
  [[ $val =~ ^[0-9]+$ && $val -ge $lo && $val -le $hi ]] || { echo "$name='$val': allowed $lo..$hi"; exit 2; }
done
for l in build/libwarpfront.a build/libwfverif.a; do
  [[ -f $l ]] || { echo "$l missing: run make build/libwarpfront.a build/libwfverif.a"; exit 2; }
done
ex=verif/examples/oneloop
dir=build/oneloop/$route-w${W}_l${L}_r${R}_m${M}
vroot=$(verilator --getenv VERILATOR_ROOT)
gflags=(-GWARPS="$W" -GLANES="$L" -GREGS="$R" -GMEM_AW="$M")
# the harnesses' Verilator make flags (object cache of the runtime: verif/cosim/vl-objcache.sh)
vl_make=(-MAKEFLAGS "OPT_FAST=-O1 OPT_GLOBAL=-O1 OPT_SLOW=-O0 OBJCACHE=$PWD/verif/cosim/vl-objcache.sh")
srcs=("$ex/oneloop.vlt" "$ex/oneloop_core.v")
stale() { [[ ! -x $1 || -n $(find "$ex" verif/dpi verif/include rtl/wf_defs.vh build/libwarpfront.a \
                                   build/libwfverif.a -newer "$1" 2>/dev/null | head -1) ]]; }
build() {
  mkdir -p "$dir"
  rm -f "$dir/$1"  # Verilator's make relinks only when its own objects change
  "${@:2}" > "$dir/build.log" 2>&1 || { echo "build failed, see $dir/build.log"; tail -20 "$dir/build.log"; exit 2; }
}
libs="$PWD/build/libwfverif.a $PWD/build/libwarpfront.a -lm"
if [[ $route == cpp ]]; then
  bin=$dir/Voneloop
  if stale "$bin"; then
    build Voneloop verilator --cc --exe --build -j 2 "${vl_make[@]}" -Wall -Irtl --top-module oneloop_core \
      "${srcs[@]}" "$PWD/$ex/main.cpp" "${gflags[@]}" --Mdir "$dir" -o Voneloop \
      -CFLAGS "-O1 -I$PWD/cmodel/include -I$PWD/verif/include -DOL_WARPS=$W -DOL_LANES=$L -DOL_REGS=$R -DOL_MEM_AW=$M" \
      -LDFLAGS "$libs"
  fi
  exec "$bin" "$@"
fi
bin=$dir/tb_oneloop
if stale "$bin"; then
  mkdir -p "$dir"
  gcc -std=c11 -Wall -Wextra -Werror -O1 -g -Icmodel/include -Iverif/include -I"$vroot/include/vltstd" \
    -c verif/dpi/wf_txcheck_dpi.c -o "$dir/wf_txcheck_dpi.o" > "$dir/gcc.log" 2>&1 ||
    { echo "build failed, see $dir/gcc.log"; tail -20 "$dir/gcc.log"; exit 2; }
  build tb_oneloop verilator --binary --timing -j 2 "${vl_make[@]}" -Wall -Irtl -Iverif/dpi --top-module tb_oneloop \
    "${srcs[@]}" verif/dpi/wf_txcheck_pkg.sv "$ex/tb_oneloop.sv" "${gflags[@]}" --Mdir "$dir" -o tb_oneloop \
    -CFLAGS -O1 -LDFLAGS "$PWD/$dir/wf_txcheck_dpi.o $libs"
fi
prog=$1; shift
exec "$bin" "+program=$prog" "$@"
