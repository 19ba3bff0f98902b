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
# verif/build.sh).
# Exit status: 0 pass, 1 mismatch, 2 usage/build error, 3 watchdog/timeout.
set -euo pipefail
wf_cwd=$PWD  # WF_RTL_FILES is relative to the caller's directory
cd "$(dirname "$0")/../.."
wf_usage="usage: verif/sc/run.sh PROGRAM.s [--wfsim-option value ...] [--seed N] [--bare] [--runs N] [--max-cycles N] [--selftest-flip PORT:BIT:CYCLE]   (details: the built harness --help)"
source verif/build.sh "$@"
# SystemC: headers in /usr/include, libsystemc in the multiarch lib dir (libsystemc-dev)
export SYSTEMC_INCLUDE=${SYSTEMC_INCLUDE:-/usr/include}
if [[ -z ${SYSTEMC_LIBDIR:-} ]]; then
  lib=$(find /usr/lib /usr/local/lib -name 'libsystemc.so' 2>/dev/null | head -1)
  SYSTEMC_LIBDIR=$(dirname "${lib:-/usr/lib/x86_64-linux-gnu/libsystemc.so}")
fi
export SYSTEMC_LIBDIR
[[ -f $SYSTEMC_INCLUDE/systemc.h ]] || { echo "SystemC headers not found in $SYSTEMC_INCLUDE (libsystemc-dev)"; exit 2; }
wf_clibs_make || exit 2
dir=$PWD/build/rtl-sc/$bkey
bin=$dir/wf_sc
wf_vlcmd "$dir" wf_sc "$rtl_top" "${vl_make[1]}" --sc --exe ${rtl_vflags[@]+"${rtl_vflags[@]}"} "$PWD/verif/sc/sc_main.cpp"
deps=("${rtl_deps[@]}" "${wf_cdeps[@]}" verif/sc/sc_main.cpp)
wf_build "$dir" wf_sc deps vcmd || exit 2
# the design for the reproduce lines: absolute paths (the harness reads both)
[[ $rtl_custom == 0 ]] || export WF_RTL_FILES="${rtl_src[*]}" WF_TOP=$rtl_top
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 # (read by libsystemc before sc_main)
exec "$bin" "$@"
