#!/usr/bin/env bash
# cocotb lockstep driver: compiles wf_core (or WF_RTL_FILES / WF_TOP) with
# Icarus Verilog (iverilog -g2012) for the size parameters of a configuration,
# cached under build/cocotb/<parameter set>/, and runs the cocotb testbench
# verif/cocotb/test_wf_core.py on one program: the C model stepped through the
# Python package python/warpfront every clock, the trace compared field by field.
#   verif/cocotb/run.sh PROGRAM.s [--wfsim-option value ...] [--max-cycles N] [--cmp LEVEL]
# --cmp LEVEL: full (default), events, arch, as every harness (docs/verification.md
# "Compare levels"); WF_CMP=LEVEL is the default when --cmp is not given.
# Env: WF_DEFINES (Verilog defines, default WF_ASSERT; a mutant: "WF_ASSERT
# WF_MUTANT_<NAME>"), WF_RTL_FILES, WF_TOP (the design; .vlt files are
# skipped), WF_RTL_PARAMS (more wf_core parameters), each set its own build (verif/build.sh). Needs cocotb
# (scripts/setup.sh installs the pinned version) and the shared libraries
# (make install into build/cocotb/prefix, done here).
# Exit status: 0 pass, 1 mismatch, 2 usage/build error, 3 timeout.
set -euo pipefail
wf_cwd=$PWD  # WF_RTL_FILES is relative to the caller's directory
cd "$(dirname "$0")/../.."
wf_usage="usage: verif/cocotb/run.sh PROGRAM.s [--wfsim-option value ...] [--max-cycles N] [--cmp full|events|arch]"
WF_FLAG_OPTS=" " source verif/build.sh "$@"
prog=$1; shift
[[ -f $prog ]] || [[ -f $wf_cwd/$prog ]] || { echo "run.sh: $prog: no such program" >&2; exit 2; }
prog_abs=$(cd "$wf_cwd" && realpath "$prog")
opts=() max=2000000 cmp=${WF_CMP:-full}  # (verif/build.sh checked WF_CMP)
while [[ $# -gt 0 ]]; do
  case $1 in
    --max-cycles) [[ $# -ge 2 && $2 =~ ^[1-9][0-9]{0,11}$ ]] || { echo "--max-cycles ${2-}: a positive number" >&2; exit 2; }
                  max=$2; shift 2 ;;
    --cmp|--cmp=*) [[ $1 == --cmp=* ]] && set -- --cmp "${1#--cmp=}" "${@:2}"
                   [[ $# -ge 2 && $2 =~ ^(full|events|arch)$ ]] || { echo "--cmp ${2-}: allowed full, events, arch" >&2; exit 2; }
                   cmp=$2; shift 2 ;;
    --*=*) opts+=("${1%%=*}" "${1#*=}"); shift ;;
    --*) [[ $# -ge 2 ]] || { echo "option $1 needs a value" >&2; exit 2; }
         opts+=("$1" "$2"); shift 2 ;;
    *) echo "bad argument '$1'; $wf_usage" >&2; exit 2 ;;
  esac
done
python3 -c 'import cocotb' 2>/dev/null || { echo "run.sh: no cocotb (scripts/setup.sh test installs it)" >&2; exit 2; }
command -v iverilog >/dev/null || { echo "run.sh: no iverilog (Icarus Verilog)" >&2; exit 2; }
# the shared libraries and headers the Python package loads (one make at a time)
pre=$PWD/build/cocotb/prefix
mkdir -p build/cocotb
flock build/cocotb/.make.lock make -s --no-print-directory install PREFIX="$pre" > build/cocotb/install.log 2>&1 ||
  { tail -20 build/cocotb/install.log; echo "run.sh: make install PREFIX=$pre failed" >&2; exit 2; }
# the RTL build: iverilog with the size parameters (-P) and defines (-D) of this run
dir=$PWD/build/cocotb/$bkey
src=(); for f in "${rtl_src[@]}"; do [[ $f == *.vlt ]] || src+=("$f"); done
pflags=(); for g in "${gflags[@]}"; do pflags+=("-P$rtl_top.${g#-G}"); done
dflags_v=(); for d in $defs; do dflags_v+=("-D$d"); done
icmd=(iverilog -g2012 -f verif/cocotb/timescale.f -DCOCOTB_SIM=1 -s "$rtl_top" "${rtl_inc[@]}" "${pflags[@]}"
  ${dflags_v[@]+"${dflags_v[@]}"} -o "$dir/sim.vvp" "${src[@]}")
deps=("${rtl_deps[@]}" verif/cocotb/timescale.f)
wf_build "$dir" sim.vvp deps icmd || exit 2
# the pins of WF_RTL_PARAMS: the testbench refuses options that contradict one
pins=""
for p in ${rtl_params[@]+"${rtl_params[@]}"}; do if [[ $p == PIN_* ]]; then pins+="$p "; fi; done
repro="${WF_DEFINES+WF_DEFINES=$(printf %q "$WF_DEFINES") }${rtl_env}verif/cocotb/run.sh $prog${opts[*]+ ${opts[*]}}"
[[ $cmp == full ]] || repro+=" --cmp $cmp"
status=$(mktemp "${TMPDIR:-/tmp}/wf-cocotb.XXXXXX")
trap 'rm -f "$status"' EXIT
rc=0
( cd "$dir" &&
  MODULE=test_wf_core TOPLEVEL=$rtl_top TOPLEVEL_LANG=verilog COCOTB_RESULTS_FILE=results.xml \
  PYTHONPATH="$OLDPWD/verif/cocotb:$OLDPWD/python${PYTHONPATH:+:$PYTHONPATH}" WARPFRONT_PREFIX=$pre \
  LIBPYTHON_LOC=$(cocotb-config --libpython) COCOTB_REDUCED_LOG_FMT=1 \
  WF_COCOTB_PROGRAM=$prog_abs WF_COCOTB_OPTIONS="${opts[*]-}" WF_COCOTB_MAX_CYCLES=$max \
  WF_COCOTB_REPRO="$repro" WF_COCOTB_STATUS=$status WF_COCOTB_PINS="$pins" WF_COCOTB_CMP=$cmp \
  vvp -M "$(cocotb-config --lib-dir)" -m "$(cocotb-config --lib-name vpi icarus)" sim.vvp ) || rc=$?
case $(cat "$status") in
  pass) exit 0 ;;
  mismatch) exit 1 ;;
  usage) exit 2 ;;
  timeout) exit 3 ;;
  *) echo "run.sh: the simulation ended without a result (vvp exit $rc)" >&2; exit 2 ;;
esac
