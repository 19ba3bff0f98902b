#!/usr/bin/env bash
# RTL smoke test driver: builds the Verilated wf_core + harness for the size
# parameters of a configuration (cached under build/rtl/<parameter set>/) and
# runs it on one program.
#   verif/rtl_smoke/run.sh PROGRAM.s [--name value ...]   (wfsim option names)
# Exit status: 0 pass, 1 mismatch, 2 usage/build error.
set -euo pipefail
cd "$(dirname "$0")/../.."
prog=$1; shift
# size parameters (elaboration parameters of the RTL), defaults of cmodel/config.c
declare -A P=([warps]=8 [lanes]=8 [regs]=32 [banks]=4 [collectors]=4 [sb_entries]=4 [ibuf]=2
              [icache_lines]=16 [icache_line]=4 [imshrs]=2 [imem_words]=1024 [mem_words]=1024
              [mem_line]=4 [bloom_bits]=16)
args=("$@")
for ((i = 0; i < ${#args[@]}; i += 2)); do
  k=${args[i]#--}; k=${k//-/_}
  if [[ -n ${P[$k]+x} ]]; then P[$k]=${args[i+1]}; fi
done
order=(warps lanes regs banks collectors sb_entries ibuf icache_lines icache_line imshrs imem_words mem_words mem_line bloom_bits)
key=""; gflags=(); dflags=""
for k in "${order[@]}"; do
  key+="${k}${P[$k]}_"
  gflags+=("-G${k^^}=${P[$k]}")
  dflags+=" -DWF_P_${k^^}=${P[$k]}"
done
# WF_DEFINES: Verilog defines for this build (space separated, default
# WF_ASSERT = the simulation-only assertions); each set is its own cached build
defs=${WF_DEFINES-WF_ASSERT}
vdefs=(); for d in $defs; do vdefs+=("+define+$d"); done
dkey=$(tr ' ' '+' <<<"$defs")
dir=build/rtl/${key%_}${dkey:+__$dkey}
bin=$dir/Vwf_core
if [[ ! -x $bin || -n $(find rtl verif/rtl_smoke/main.cpp verif/rtl_smoke/run.sh build/libwarpfront.a -newer "$bin" 2>/dev/null | head -1) ]]; then
  mkdir -p "$dir"
  # --x-initial unique + +verilator+rand+reset+2 below: flops without a reset
  # start random, so a state element that launch fails to clear shows up
  verilator --cc --exe --build -j 2 -Wall --x-assign unique --x-initial unique \
    --top-module wf_core -Irtl rtl/wf.vlt rtl/*.v \
    "${gflags[@]}" ${vdefs[@]+"${vdefs[@]}"} "$PWD/verif/rtl_smoke/main.cpp" --Mdir "$dir" -o Vwf_core \
    -CFLAGS "-O1 -I$PWD/cmodel/include $dflags" -LDFLAGS "$PWD/build/libwarpfront.a -lm" \
    > "$dir/build.log" 2>&1 || { echo "build failed, see $dir/build.log"; tail -20 "$dir/build.log"; exit 2; }
fi
exec "$bin" "$prog" "$@" +verilator+rand+reset+2 "+verilator+seed+${RTL_SMOKE_XSEED:-1}"
