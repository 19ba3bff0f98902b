#!/usr/bin/env bash
# SystemC lockstep co-simulation driver: builds the Verilated wf_core
# (`verilator --sc`) with the SystemC harness verif/sc/sc_main.cpp for the size
# parameters of a configuration, cached under build/rtl-sc/<parameter set>/,
# and runs it on one program.
#   verif/sc/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [--bare] [--max-cycles N]
# (the C++ harness's command line: verif/cosim/run.sh --help; $bin --help)
# Env: WF_DEFINES (Verilog defines, default WF_ASSERT; each set its own build);
# WF_RTL_FILES, WF_TOP (the design under test, default rtl/*.v and wf_core;
# WF_RTL_PARAMS (more wf_core parameters); each its own build:
# verif/cosim/params.sh).
# Exit status: 0 pass, 1 mismatch, 2 usage/build error, 3 watchdog/timeout.
set -euo pipefail
wf_cwd=$PWD  # WF_RTL_FILES is relative to the caller's directory
cd "$(dirname "$0")/../.."
if [[ $# -lt 1 || $1 == --help || $1 == -h ]]; then
  echo "usage: verif/sc/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [--bare] [--runs N] [--max-cycles N] [--selftest-flip PORT:BIT:CYCLE]   (details: the built harness --help)"
  if [[ $# -lt 1 ]]; then exit 2; fi
  exit 0
fi
source verif/cosim/params.sh "$@"
# SystemC: headers in /usr/include, libsystemc in the multiarch lib dir (libsystemc-dev)
export SYSTEMC_INCLUDE=${SYSTEMC_INCLUDE:-/usr/include}
if [[ -z ${SYSTEMC_LIBDIR:-} ]]; then
  lib=$(find /usr/lib /usr/local/lib -name 'libsystemc.so' 2>/dev/null | head -1)
  SYSTEMC_LIBDIR=$(dirname "${lib:-/usr/lib/x86_64-linux-gnu/libsystemc.so}")
fi
export SYSTEMC_LIBDIR
[[ -f $SYSTEMC_INCLUDE/systemc.h ]] || { echo "SystemC headers not found in $SYSTEMC_INCLUDE (libsystemc-dev)"; exit 2; }
for l in build/libwarpfront.a build/libwfverif.a; do
  [[ -f $l ]] || { echo "$l missing: run make build/libwarpfront.a build/libwfverif.a"; exit 2; }
done
dir=build/rtl-sc/$bkey
bin=$dir/wf_sc
if [[ ! -x $bin || -n $(find rtl verif/sc/sc_main.cpp verif/sc/run.sh verif/cosim/params.sh verif/include \
                         build/libwarpfront.a build/libwfverif.a ${rtl_hash[@]+"${rtl_hash[@]}"} \
                         -newer "$bin" 2>/dev/null | head -1) ]]; then
  mkdir -p "$dir"
  # Verilator's make links only when its own objects change, not the C libraries
  rm -f "$bin"
  # --x-initial unique + +verilator+rand+reset+2 (the harness passes it): flops
  # without a reset start random, so a state element launch fails to clear shows up
  verilator --sc --exe --build -j 2 "${vl_make[@]}" -Wall --x-assign unique --x-initial unique \
    --top-module "$rtl_top" ${rtl_vflags[@]+"${rtl_vflags[@]}"} ${rtl_wflags[@]+"${rtl_wflags[@]}"} "${rtl_inc[@]}" "${rtl_src[@]}" \
    "${gflags[@]}" ${vdefs[@]+"${vdefs[@]}"} "$PWD/verif/sc/sc_main.cpp" --Mdir "$dir" -o wf_sc \
    -CFLAGS "-O1 -I$PWD/cmodel/include -I$PWD/verif/include $dflags" \
    -LDFLAGS "$PWD/build/libwfverif.a $PWD/build/libwarpfront.a -lm" \
    > "$dir/build.log" 2>&1 || { echo "build failed, see $dir/build.log"; tail -20 "$dir/build.log"; exit 2; }
fi
# the design for the reproduce lines: absolute paths (the harness reads both)
[[ $rtl_custom == 0 ]] || export WF_RTL_FILES="${rtl_src[*]}" WF_TOP=$rtl_top
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 # (read by libsystemc before sc_main)
exec "$bin" "$@"
