#!/usr/bin/env bash
# DPI-C test driver: builds verif/dpi/tb_dpi.sv (wf_core + SV instruction
# memory + the golden model through verif/dpi/wf_dpi.c) with Verilator
# --binary --timing for the size parameters of a configuration, cached under
# build/rtl-dpi/<parameter set>/, and runs it on one program.
#   verif/dpi/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [+plusarg ...]
# +plusargs go to the testbench (+flip_bit=N +flip_cycle=C: the self-test).
# Env: WF_DEFINES (Verilog defines, default WF_ASSERT; each set its own build);
# WF_RTL_FILES, WF_TOP (the design under test, default rtl/*.v and wf_core,
# instantiated by tb_dpi.sv as `WF_DUT), WF_RTL_PARAMS (more wf_core
# parameters); each its own build: verif/build.sh.
# Exit status: 0 pass, 1 mismatch, 2 usage/build error, 3 timeout.
set -euo pipefail
wf_cwd=$PWD  # WF_RTL_FILES is relative to the caller's directory
cd "$(dirname "$0")/../.."
wf_usage="usage: verif/dpi/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [+plusarg ...]"
# tb_dpi passes WF_RTL_PARAMS on to wf_core only (another top's parameters are
# its own); refused before verif/build.sh checks (and lints) the design
if [[ ${WF_TOP:-wf_core} != wf_core && -n ${WF_RTL_PARAMS:-} ]]; then
  echo "WF_RTL_PARAMS='$WF_RTL_PARAMS': the DPI testbench passes it to wf_core only, not to WF_TOP=$WF_TOP" \
       "(verif/cosim/run.sh sets it on any top)" >&2
  exit 2
fi
WF_FLAG_OPTS=" " source verif/build.sh "$@"
prog=$1; shift
opts=() plus=() seed=1 repro="verif/dpi/run.sh $prog"
repro="$rtl_env$repro"
[[ -n ${WF_DEFINES+x} ]] && repro="WF_DEFINES='$WF_DEFINES' $repro"
while [[ $# -gt 0 ]]; do
  case $1 in
    +*) plus+=("$1"); shift ;;
    --seed) [[ $# -ge 2 && $2 =~ ^[1-9][0-9]{0,9}$ && $2 -le 2147483647 ]] ||
              { echo "--seed ${2-}: allowed 1..2147483647"; exit 2; }
            seed=$2; shift 2 ;;
    --seed=*) set -- --seed "${1#--seed=}" "${@:2}" ;;
    --*=*) [[ $1 != *' '* ]] || { echo "option '$1': no spaces allowed"; exit 2; }
           opts+=("$1"); shift ;;
    --*) [[ $# -ge 2 ]] || { echo "option $1 needs a value"; exit 2; }
         [[ $2 != *' '* ]] || { echo "option $1 '$2': no spaces allowed"; exit 2; }
         opts+=("$1" "$2"); shift 2 ;;
    *) echo "bad argument '$1' (expected --name value or +plusarg)"; exit 2 ;;
  esac
done
wf_clibs_make || exit 2
dir=$PWD/build/rtl-dpi/$bkey
bin=$dir/tb_dpi
dut_def=(); [[ $rtl_top == wf_core ]] || dut_def=("+define+WF_DUT=$rtl_top")  # tb_dpi.sv's DUT module
[[ ${#rtl_params[@]} -eq 0 ]] || dut_def+=("+define+WF_DUT_RTL_PARAMS")
# the DPI code is C11 (-Werror), compiled here, linked into the simulator
ccmd=(gcc -std=c11 -Wall -Wextra -Werror "$vl_cflags" -g $wf_cinc -I"$(verilator --getenv VERILATOR_ROOT)/include/vltstd"
  -c verif/dpi/wf_dpi.c -o "$dir/wf_dpi.o")
wf_vlcmd "$dir" tb_dpi tb_dpi "${vl_make[1]}" --binary --timing -Iverif/dpi verif/dpi/tb_dpi.sv \
  ${dut_def[@]+"${dut_def[@]}"} -LDFLAGS "$dir/wf_dpi.o"
deps=("${rtl_deps[@]}" "${wf_cdeps[@]}" verif/dpi/*.sv verif/dpi/*.svh verif/dpi/*.vh verif/dpi/wf_dpi.c verif/dpi/wf_svdpi.h)
wf_build "$dir" tb_dpi deps ccmd vcmd || exit 2
opts+=(--seed "$seed")
repro+=" ${opts[*]} ${plus[*]-}"
exec "$bin" "+program=$prog" "+options=${opts[*]}" "+repro=${repro% }" +verilator+rand+reset+2 \
  "+verilator+seed+$seed" ${plus[@]+"${plus[@]}"}
