#!/usr/bin/env bash
# Lockstep co-simulation driver: builds the Verilated wf_core + the harness
# (verif/cosim/main.cpp) for the size parameters of a configuration, cached
# under build/rtl/<parameter set>__<defines>[__fst]/, and runs it on one program.
#   verif/cosim/run.sh PROGRAM.s [--PARAM value ...] [harness options]
#   verif/cosim/run.sh --help          (every harness option)
#   verif/cosim/run.sh --build-only [--PARAM value ...] [--waves]
#                                      (make or verify the build only; exit 0/2)
# PARAM: any wfsim parameter; the size parameters select the build. Harness
# options: --seed N, --waves FILE.fst (a build with --trace-fst; on a mismatch
# also FILE.model.fst, the C model's records on the same port names, and
# FILE.gtkw), --model-waves FILE.fst (those always), --bare,
# --imem-jitter SEED, --cov FILE, --runs N, --max-cycles N, --cmp LEVEL
# (full, events, window, arch: docs/verification.md "Compare levels").
# Environment: WF_DEFINES  Verilog defines of the build (space separated,
#                          default WF_ASSERT = the simulation-only assertions);
#                          each set is its own cached build
#              WF_RTL_PARAMS  more wf_core parameters, NAME=VALUE words:
#                          BANK_RAM_STYLE, *_LAT_MAX, PIN_* (verif/build.sh); each
#                          set its own cached build, named in the reproduce line
#              WF_RTL_DIR  the build cache directory (default build/rtl): a
#                          private cache for a test that damages a cached build
#              WF_AUTO_WAVES=0  no automatic re-run with waves on a failure
#              WF_CMP=LEVEL  the compare level when --cmp is not given
#              WF_COSIM_WAVES_DIR  directory of the reproduce line's waves
#                          file (default out/cosim)
#              WF_LINE_COV=FILE  Verilator line/toggle coverage: a build with
#                          --coverage (own cache dir, suffix __cov) writes this
#                          run's coverage data to FILE (verilator_coverage input)
#              WF_RTL_FILES, WF_TOP  the design under test: its files
#                          (blank separated, globs allowed; default
#                          "rtl/wf.vlt rtl/*.v") and top module (default
#                          wf_core; wf_core's parameters and ports), each
#                          design its own cached build (verif/build.sh;
#                          docs/verification.md "Verifying your own front end")
#              WF_COSIM_PREFIX  a command (split on blanks) the harness runs
#                          under: make bench counts instructions with
#                          "valgrind --tool=callgrind --collect-atstart=no ..."
#                          (the harness collects its cycle loop only)
# The cache: a build is reused only when its build.key (a hash of the RTL (with
# WF_RTL_FILES: the listed files and the *.vh, *.svh of their directories), the
# harness and C-model sources and libraries, the Verilator version and the
# whole Verilator command line) matches and Vwf_core still has the checksum
# recorded when it was made (Vwf_core.sha256); anything else rebuilds.
# Exit status: 0 pass, 1 mismatch, 2 usage/build error, 3 watchdog/timeout.
# On a failure (1, 3) without --waves the run is repeated automatically with
# the report's reproduce command (which adds --waves FILE.fst); its output goes
# to FILE.fst.log, and the exit status stays the first run's.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
usage() { sed -n '2,48p' "$0" | sed 's/^# \{0,1\}//'; }
[[ $# -ge 1 ]] || { usage >&2; exit 2; }
prog=$1; shift
[[ $prog == --help || $prog == -h ]] && help=1 || help=0
[[ $prog == --build-only ]] && build_only=1 || build_only=0
# the configuration of this build, its flags and the cache: verif/build.sh,
# the build layer of every harness
# shellcheck source=../build.sh
source "$root/verif/build.sh"
waves=0
for a in "$@"; do [[ $a == --waves || $a == --waves=* || $a == --model-waves || $a == --model-waves=* ]] && waves=1; done
dir=${WF_RTL_DIR:-$root/build/rtl}/$bkey
tflags=()
if [[ $waves == 1 ]]; then dir+=__fst; tflags=(--trace-fst); fi
if [[ -n ${WF_LINE_COV:-} ]]; then dir+=__cov; tflags+=(--coverage); fi
bin=$dir/Vwf_core
wf_clibs_make || exit 2
wf_cc_harness "$dir" "$rtl_top" ${tflags[@]+"${tflags[@]}"} ${rtl_vflags[@]+"${rtl_vflags[@]}"}
wf_build_say=$build_only wf_build "$dir" Vwf_core deps vcmd || exit 2
[[ $build_only == 1 ]] && exit 0
if [[ $help == 1 ]]; then usage; echo; exec "$bin" --help; fi

repro=$(mktemp "${TMPDIR:-/tmp}/wf-cosim-repro.XXXXXX")
trap 'rm -f "$repro"' EXIT
# where the reproduce line puts the waves (WF_COSIM_WAVES_DIR overrides)
if [[ -n ${WF_COSIM_WAVES_DIR-} ]]; then wdir=$WF_COSIM_WAVES_DIR
elif [[ $PWD == "$root" ]]; then wdir=out/cosim; else wdir=$root/out/cosim; fi
status=0
prefix=()
[[ -n ${WF_COSIM_PREFIX:-} ]] && read -r -a prefix <<<"$WF_COSIM_PREFIX"
# (the reproduce line names the design: WF_RTL_FILES=... WF_TOP=... run.sh)
WF_COSIM_RUNSH="$rtl_env$0" WF_COSIM_DEFINES=$defs WF_COSIM_WAVES_DIR=$wdir WF_COSIM_REPRO_FILE=$repro \
  ${prefix[@]+"${prefix[@]}"} "$bin" "$prog" "$@" || status=$?
if [[ ($status == 1 || $status == 3) && $waves == 0 && ${WF_AUTO_WAVES:-1} != 0 && -s $repro ]]; then
  cmd=$(head -1 "$repro")
  wf=$(sed -n "s/.* --waves '\{0,1\}\([^' ]*\)'\{0,1\}\$/\1/p" <<<"$cmd")
  if [[ -n $wf ]]; then
    mkdir -p "$(dirname "$wf")"
    echo "auto re-run with waves: $cmd"
    rs=0
    WF_AUTO_WAVES=0 bash -c "$cmd" > "$wf.log" 2>&1 || rs=$?
    if [[ $rs == "$status" && -s $wf ]]; then
      echo "waves: $wf ($(stat -c %s "$wf") bytes; re-run log $wf.log, exit $rs as the first run)"
    else
      echo "waves: the re-run gave exit $rs, not $status (see $wf.log)"
    fi
  fi
fi
exit $status
