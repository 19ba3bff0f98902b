# Sourced by the Verilator build scripts (verif/sc/run.sh, verif/dpi/run.sh;
# meant for verif/cosim/run.sh too): the RTL elaboration parameters of one
# configuration and its cache key. Input: the harness arguments in "$@"
# (wfsim options --name value or --name=value, --wfsim-options "S"; flags
# without a value listed in WF_FLAG_OPTS, default "--bare"). Output variables:
#   P        associative array: size parameter -> value (defaults of cmodel/config.c)
#   key      "warps8_lanes8_..." (the build directory name)
#   gflags   array of -GNAME=V Verilator options
#   dflags   " -DWF_P_NAME=V ..." C/C++ defines (the harness checks them):
#            the sizes, and the PIN_* words of WF_RTL_PARAMS
#   defs     WF_DEFINES (Verilog defines, default WF_ASSERT), vdefs (+define+...), dkey
#   bkey     "$key" plus "__$dkey" when there are defines, plus
#            "__rtl-<8 hex digits>" for WF_RTL_PARAMS, plus
#            "__<top>-<8 hex digits of the file list>" for a design of your own
# WF_RTL_PARAMS  more wf_core parameters, blank separated NAME=VALUE: the
#            register banks' form BANK_RAM_STYLE=auto|block|distributed, the
#            latency maxima ALU_LAT_MAX, MUL_LAT_MAX, LSU_LAT_MAX and the pins
#            PIN_* (docs/rtl.md "Parameters", "Pinned knobs"; wf_core checks
#            the ranges). Each set is its own cached build and rtl_env names
#            it. A pin fixes its knob: run with the option at the pinned
#            value (make regress's RTL_FORMS does); the harness refuses an
#            option that contradicts a pin (exit 2, naming both). Another
#            name or a malformed word: exit 2.
# The design under test (docs/verification.md "Verifying your own front end"):
#   WF_RTL_FILES  its Verilog/SystemVerilog files and Verilator .vlt files,
#                 blank separated, globs allowed, relative to the caller's
#                 directory ($wf_cwd when the caller has changed directory);
#                 default "rtl/wf.vlt rtl/*.v"
#   WF_TOP        its top module (default wf_core): wf_core's parameters and ports
#   WF_RTL_OVERRIDE  files put in place of the files of the list that declare
#                 the same modules (scripts/wf/rtlcheck.py --override)
#   WF_LINT       warn (default) or strict: Verilator -Wall warnings in these
#                 files shown, or fatal
# Such a design is checked before any build (scripts/rtl-check.py): its top's
# ports against the contract's port table, its lint; exit 2 naming each port
# or (strict) warning. Its builds then take rtl_wflags (-Wno-fatal).
# Output: rtl_custom (0: the default design, command lines as before; 1: set),
#   rtl_top, rtl_src (array: the files; the default as rtl/... relative to the
#   repository root, else absolute), rtl_inc (array: -Irtl, plus each listed
#   file's directory), rtl_hash (array: files whose contents key a build: the
#   listed files and the *.vh/*.svh of their directories), rtl_vflags (array:
#   --prefix Vwf_core for another top, so the harness's class keeps its name),
#   rtl_env ("WF_RTL_FILES=... WF_TOP=... WF_RTL_PARAMS=... " for reproduce
#           lines, each when set; "" by default).
# A missing file, a bad top name or a top that no listed file declares: exit 2.
# vl_make (array): the make variables of every Verilator --build here: the
#   model's per-cycle code and Verilator's runtime at -O1 (Verilator's default
#   is -Os), its run-once code (construction, initial values, settle) at -O0,
#   and Verilator's runtime objects compiled once per compiler and flag set
#   (OBJCACHE=verif/cosim/vl-objcache.sh, kept in build/vlrt/).
# vl_make_cc (array): the same plus clang++ when it is installed (make test's
#   set-up installs it), for the plain C++ harnesses (run.sh, make rtl-pins):
#   on the default shape their C++ build takes 50 s of CPU against 70 s with
#   g++ at these -O levels, and the lockstep run is 15 % faster. The SystemC
#   and DPI-C builds keep g++: libsystemc is built for g++'s C++ standard,
#   and --timing needs g++'s -fcoroutines. docs/verification.md "Build flags".
# The environment knobs of the harnesses and their scripts, one word each: a
# WF_* variable not named here is refused (exit 2, naming it), so a misspelt
# knob is never silently ignored; WF_COCOTB_* are verif/cocotb/run.sh's own.
wf_knobs=" WF_DEFINES WF_RTL_PARAMS WF_RTL_FILES WF_TOP WF_RTL_OVERRIDE WF_LINT WF_CMP WF_RTL_DIR
  WF_AUTO_WAVES WF_COSIM_WAVES_DIR WF_LINE_COV WF_COSIM_PREFIX WF_FLAG_OPTS WF_VLRT_DIR
  WF_COSIM_RUNSH WF_COSIM_DEFINES WF_COSIM_REPRO_FILE WF_PNR_ARGS WF_PNR_SEEDS
  WF_CYCLE_SWEEP WF_CYCLE_SEED WF_VERIF_SEEDS "
wf_knobs=" $(echo $wf_knobs) "
for wf_a in $(compgen -e | grep '^WF_' || true); do
  [[ $wf_knobs == *" $wf_a "* || $wf_a == WF_COCOTB_* ]] ||
    { echo "$wf_a: not a knob of the harnesses (known: $(echo $wf_knobs))" >&2; exit 2; }
done
case ${WF_CMP-full} in full|events|arch) ;; *) echo "WF_CMP='$WF_CMP': allowed full, events, arch" >&2; exit 2 ;; esac
case ${WF_LINT-warn} in warn|strict) ;; *) echo "WF_LINT='$WF_LINT': allowed warn (the default: warnings in your files shown, not fatal), strict (fatal)" >&2; exit 2 ;; esac
case ${WF_AUTO_WAVES-1} in 0|1) ;; *) echo "WF_AUTO_WAVES='$WF_AUTO_WAVES': allowed 0, 1" >&2; exit 2 ;; esac
declare -A P=([warps]=8 [lanes]=8 [regs]=32 [banks]=4 [collectors]=4 [sb_entries]=4 [ibuf]=2
              [icache_lines]=16 [icache_line]=4 [imshrs]=2 [imem_words]=1024 [mem_words]=1024
              [mem_line]=4 [bloom_bits]=16)
wf_flag_opts=" ${WF_FLAG_OPTS:---bare} "
# --name value and --name=value ('_' for '-'); --wfsim-options "S" is split
wf_args=()
for wf_a in "$@"; do
  if [[ $wf_a == --*=* ]]; then wf_args+=("${wf_a%%=*}" "${wf_a#*=}"); else wf_args+=("$wf_a"); fi
done
for ((wf_i = 0; wf_i < ${#wf_args[@]}; wf_i++)); do
  wf_a=${wf_args[wf_i]}
  [[ $wf_a == --* ]] || continue                 # +plusargs, the program, stray words
  [[ $wf_flag_opts == *" $wf_a "* ]] && continue  # flags take no value
  wf_k=${wf_a#--}; wf_k=${wf_k//-/_}
  if ((wf_i + 1 < ${#wf_args[@]})); then
    if [[ $wf_k == wfsim_options ]]; then
      read -r -a wf_w <<<"${wf_args[wf_i+1]}"
      for ((wf_j = 0; wf_j + 1 < ${#wf_w[@]}; wf_j += 2)); do
        wf_n=${wf_w[wf_j]#--}; wf_n=${wf_n//-/_}
        [[ -n ${P[$wf_n]+x} ]] && P[$wf_n]=${wf_w[wf_j+1]}
      done
    elif [[ -n ${P[$wf_k]+x} ]]; then
      P[$wf_k]=${wf_args[wf_i+1]}
    fi
  fi
  wf_i=$((wf_i + 1))
done
wf_order=(warps lanes regs banks collectors sb_entries ibuf icache_lines icache_line imshrs imem_words mem_words mem_line bloom_bits)
key=""; gflags=(); dflags=""
for wf_k in "${wf_order[@]}"; do
  key+="${wf_k}${P[$wf_k]}_"
  gflags+=("-G${wf_k^^}=${P[$wf_k]}")
  dflags+=" -DWF_P_${wf_k^^}=${P[$wf_k]}"
done
key=${key%_}
# WF_DEFINES: Verilog defines for this build (space separated, default
# WF_ASSERT = the simulation-only assertions); each set is its own cached build
defs=${WF_DEFINES-WF_ASSERT}
vdefs=(); for wf_d in $defs; do vdefs+=("+define+$wf_d"); done
dkey=$(tr ' ' '+' <<<"$defs")
bkey=$key${dkey:+__$dkey}
rtl_params=()
for wf_a in ${WF_RTL_PARAMS:-}; do
  if [[ $wf_a =~ ^BANK_RAM_STYLE=(auto|block|distributed)$ ]]; then
    rtl_params+=("BANK_RAM_STYLE=\"${BASH_REMATCH[1]}\"")
  elif [[ $wf_a =~ ^(PIN_[A-Z_]+|ALU_LAT_MAX|MUL_LAT_MAX|LSU_LAT_MAX)=-?[0-9]+$ ]]; then
    rtl_params+=("$wf_a")
    # a pin is mirrored for the harness, which refuses options contradicting it
    [[ $wf_a == PIN_* ]] && dflags+=" -DWF_P_$wf_a"
  else
    echo "WF_RTL_PARAMS: '$wf_a': allowed BANK_RAM_STYLE=auto|block|distributed, ALU_LAT_MAX=N," \
         "MUL_LAT_MAX=N, LSU_LAT_MAX=N, PIN_<knob>=N (docs/rtl.md)" >&2
    exit 2
  fi
done
if [[ ${#rtl_params[@]} -gt 0 ]]; then
  for wf_a in "${rtl_params[@]}"; do gflags+=("-G$wf_a"); done
  bkey+="__rtl-$(printf '%s\n' "${rtl_params[@]}" | sort | sha256sum | cut -c1-8)"
fi
vl_make=(-MAKEFLAGS "OPT_FAST=-O1 OPT_GLOBAL=-O1 OPT_SLOW=-O0")
wf_a=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/vl-objcache.sh
[[ $wf_a =~ [[:space:]] ]] || vl_make[1]+=" OBJCACHE=$wf_a"  # make splits its variables on blanks
vl_make_cc=(-MAKEFLAGS "${vl_make[1]}$(command -v clang++ > /dev/null && echo " CXX=clang++ LINK=clang++")")
rtl_top=${WF_TOP:-wf_core}
rtl_custom=0 rtl_env="" rtl_vflags=() rtl_wflags=() rtl_inc=(-Irtl) rtl_src=(rtl/wf.vlt rtl/*.v) rtl_hash=()
if [[ -n ${WF_RTL_FILES:-} || $rtl_top != wf_core || -n ${WF_RTL_OVERRIDE:-} ]]; then
  rtl_custom=1
  [[ $rtl_top =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] ||
    { echo "WF_TOP='$rtl_top': not a Verilog module name" >&2; exit 2; }
  wf_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  # the words of WF_RTL_FILES, globs expanded in the caller's directory; a
  # word that names no file comes back as "?word"
  mapfile -t rtl_src < <(cd "${wf_cwd:-$PWD}" && for wf_a in ${WF_RTL_FILES:-$wf_root/rtl/wf.vlt $wf_root/rtl/*.v}; do
                           if [[ -f $wf_a ]]; then realpath -- "$wf_a"; else echo "?$wf_a"; fi; done)
  [[ ${#rtl_src[@]} -gt 0 ]] || { echo "WF_RTL_FILES='$WF_RTL_FILES': no files" >&2; exit 2; }
  rtl_inc=(-I"$wf_root/rtl")
  for wf_a in "${rtl_src[@]}"; do
    [[ $wf_a != \?* ]] || { echo "WF_RTL_FILES: ${wf_a#\?}: no such file (relative to ${wf_cwd:-$PWD})" >&2; exit 2; }
    [[ " ${rtl_inc[*]} " == *" -I${wf_a%/*} "* ]] || rtl_inc+=(-I"${wf_a%/*}")
  done
  if [[ -n ${WF_RTL_OVERRIDE:-} ]]; then
    # your files in place of the ones that declare the same modules (scripts/wf/rtlcheck.py)
    mapfile -t wf_w < <(cd "${wf_cwd:-$PWD}" && for wf_a in $WF_RTL_OVERRIDE; do
                          if [[ -f $wf_a ]]; then realpath -- "$wf_a"; else echo "?$wf_a"; fi; done)
    for wf_a in "${wf_w[@]}"; do
      [[ $wf_a != \?* ]] || { echo "WF_RTL_OVERRIDE: ${wf_a#\?}: no such file (relative to ${wf_cwd:-$PWD})" >&2; exit 2; }
      [[ " ${rtl_inc[*]} " == *" -I${wf_a%/*} "* ]] || rtl_inc+=(-I"${wf_a%/*}")
    done
    wf_a=$(printf '%s\n' "${wf_w[@]}")
    mapfile -t rtl_src < <(python3 "$wf_root/scripts/rtl-check.py" --override "$wf_a" -- "${rtl_inc[@]}" \
                             ${vdefs[@]+"${vdefs[@]}"} "${rtl_src[@]}" && echo rc=0 || echo rc=2)
    [[ ${#rtl_src[@]} -gt 1 && ${rtl_src[-1]} == rc=0 ]] || exit 2
    unset 'rtl_src[-1]'
  fi
  grep -qE "^[[:space:]]*module[[:space:]]+$rtl_top([^A-Za-z0-9_$]|\$)" "${rtl_src[@]}" ||
    { echo "WF_TOP=$rtl_top: none of the ${#rtl_src[@]} files of WF_RTL_FILES${WF_RTL_FILES:+ ($WF_RTL_FILES)} declares 'module $rtl_top'" >&2; exit 2; }
  rtl_hash=("${rtl_src[@]}")
  for wf_a in "${rtl_inc[@]}"; do
    for wf_d in "${wf_a#-I}"/*.vh "${wf_a#-I}"/*.svh; do [[ -f $wf_d ]] && rtl_hash+=("$wf_d"); done
  done
  [[ $rtl_top == wf_core ]] || rtl_vflags=(--prefix Vwf_core)
  rtl_env="WF_RTL_FILES=$(printf %q "${rtl_src[*]}") WF_TOP=$rtl_top "
  bkey+="__${rtl_top}-$(printf '%s\n' "$rtl_top" "${rtl_src[@]}" | sha256sum | cut -c1-8)"
  # before any build: the top's ports against the trace contract, and the lint
  # of your files (shown; fatal with WF_LINT=strict; the project's rtl/ is
  # checked strict there), so the build itself does not stop on a warning
  python3 "$wf_root/scripts/rtl-check.py" --top "$rtl_top" --lint "${WF_LINT:-warn}" -- "${rtl_inc[@]}" \
    "${rtl_src[@]}" "${gflags[@]}" ${vdefs[@]+"${vdefs[@]}"} || exit 2
  rtl_wflags=(-Wno-fatal)
fi
[[ -z ${WF_RTL_PARAMS:-} ]] || rtl_env+="WF_RTL_PARAMS=$(printf %q "$WF_RTL_PARAMS") "
unset wf_args wf_i wf_j wf_w wf_n wf_a wf_k wf_d wf_order wf_flag_opts wf_root wf_knobs
