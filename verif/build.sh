# The one build layer of the lockstep harnesses, sourced by each one's driver:
# verif/cosim/run.sh (C++), verif/sc/run.sh (SystemC), verif/dpi/run.sh
# (SystemVerilog + DPI-C), verif/cocotb/run.sh (cocotb on Icarus),
# verif/rtl_assert/pins.sh and verif/examples/oneloop/run.sh. It holds
#  * the WF_* knobs: every WF_* variable of the environment is checked against
#    wf_knobs (a misspelt knob is refused, exit 2, naming it), and the values
#    of WF_CMP, WF_LINT, WF_AUTO_WAVES;
#  * the configuration of one build: the size parameters of the harness
#    arguments, WF_DEFINES, WF_RTL_PARAMS, and the RTL file list (the
#    project's rtl/ or WF_RTL_FILES / WF_TOP / WF_RTL_OVERRIDE);
#  * the Verilator and compiler flags of every build (vl_flags, vl_make,
#    vl_make_cc, vl_cflags: docs/verification.md "Build flags");
#  * wf_build: a cached build keyed by a content hash of its commands, its
#    tools' versions and its input files' contents.
#   source verif/build.sh [HARNESS ARGUMENTS]   (from the repository root or not)
# Input: the harness arguments in "$@" (wfsim options --name value or
# --name=value, --wfsim-options "S"; flags without a value listed in
# WF_FLAG_OPTS, default "--bare"); wf_no_design=1: the knobs, flags and
# functions only (a harness with its own design and sizes: oneloop). Output:
#   P        associative array: size parameter -> value (defaults of cmodel/config.c)
#   key      "warps8_lanes8_..." (the build directory name)
#   gflags   array of -GNAME=V Verilator options
#   dflags   " -DWF_P_NAME=V ..." C/C++ defines (the harness checks them):
#            the sizes, and the PIN_* words of WF_RTL_PARAMS
#   defs     WF_DEFINES (Verilog defines, default WF_ASSERT), vdefs (+define+...), dkey
#   rtl_params  array: the WF_RTL_PARAMS words as Verilog parameter values
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
#   file's directory), rtl_deps (array: the files whose contents key a build:
#   the project's rtl/ and, for a design of your own, the listed files and the
#   *.vh/*.svh of their directories), rtl_vflags (array: --prefix Vwf_core for
#   another top, so the harness's class keeps its name),
#   rtl_env ("WF_RTL_FILES=... WF_TOP=... WF_RTL_PARAMS=... " for reproduce
#           lines, each when set; "" by default).
# A missing file, a bad top name or a top that no listed file declares: exit 2.
wf_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
wf_me=${0##*/}  # the driver's name in its messages ("run.sh: building ...")
# wf_usage, when the driver sets it: printed for no argument (exit 2), --help or -h (exit 0)
if [[ -n ${wf_usage:-} && ( $# -lt 1 || $1 == --help || $1 == -h ) ]]; then
  echo "$wf_usage"
  exit $(($# < 1 ? 2 : 0))
fi

# ---- the knobs -------------------------------------------------------------
# The environment knobs of the harnesses and their scripts, one word each: a
# WF_* variable not named here is refused (exit 2, naming it), so a misspelt
# knob is never silently ignored; WF_COCOTB_* are verif/cocotb/run.sh's own.
wf_knobs=" WF_BUILD_OPT WF_DEFINES WF_RTL_PARAMS WF_RTL_FILES WF_TOP WF_RTL_OVERRIDE WF_LINT WF_CMP WF_RTL_DIR
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

# ---- the flags of every Verilator build ------------------------------------
# vl_flags: warnings, and X as random values: --x-assign unique (an explicit
# x takes a random value) and --x-initial unique with the harnesses'
# +verilator+rand+reset+2 +verilator+seed+N, so flops without a reset start
# random per seed and a state element that launch fails to clear shows up
# (docs/rtl.md "Reset"; the selftests of verif/cosim/selftest.sh rely on it).
vl_flags=(-Wall --x-assign unique --x-initial unique)
# vl_make: the make variables of every Verilator --build: the model's
# per-cycle code and Verilator's runtime at -O1 (Verilator's default is -Os),
# its run-once code (construction, initial values, settle) at -O0, and
# Verilator's runtime objects compiled once per compiler and flag set
# (OBJCACHE=verif/vl-objcache.sh, kept in build/vlrt/). vl_cflags: the
# harness's own C++ (-CFLAGS). The choice is measured by verif/bench/build.py
# (make bench-build; docs/performance.md "Build options").
# WF_BUILD_OPT=2 compiles the per-cycle code and the runtime at -O2 instead:
# a build of about a quarter more CPU for a lockstep run about 1.4 times as
# fast, which pays from a few thousand seeds per build (make regress sets it
# for SEEDS >= 5000: docs/performance.md "Build options"); its builds are
# their own (bkey "__O2").
case ${WF_BUILD_OPT:-1} in 1|2) ;; *) echo "WF_BUILD_OPT='$WF_BUILD_OPT': allowed 1 (the default), 2" >&2; exit 2 ;; esac
vl_make=(-MAKEFLAGS "OPT_FAST=-O${WF_BUILD_OPT:-1} OPT_GLOBAL=-O${WF_BUILD_OPT:-1} OPT_SLOW=-O0")
vl_cflags=-O1
[[ $wf_root =~ [[:space:]] ]] || vl_make[1]+=" OBJCACHE=$wf_root/verif/vl-objcache.sh"  # make splits its variables on blanks
# vl_make_cc: the same plus clang++ when it is installed (make test's set-up
# installs it), for the plain C++ harnesses (run.sh, make rtl-pins): on the
# default shape their C++ build takes 50 s of CPU against 70 s with g++ at
# these -O levels, and the lockstep run is 15 % faster. The SystemC and DPI-C
# builds keep g++: libsystemc is built for g++'s C++ standard, and --timing
# needs g++'s -fcoroutines.
vl_make_cc=(-MAKEFLAGS "${vl_make[1]}$(command -v clang++ > /dev/null && echo " CXX=clang++ LINK=clang++")")
# the C side every C/C++ harness links and includes
mapfile -t wf_cdeps < <(cd "$wf_root" && printf '%s\n' build/libwarpfront.a build/libwfverif.a verif/include/*.h cmodel/include/*.h)
wf_cinc="-I$wf_root/cmodel/include -I$wf_root/verif/include"
wf_clibs="$wf_root/build/libwfverif.a $wf_root/build/libwarpfront.a -lm"

# ---- one build -------------------------------------------------------------
# wf_clibs_make: the C libraries made up to date (one make at a time: a
# regression starts its harnesses in parallel).
wf_clibs_make() {
  mkdir -p "$wf_root/build"
  flock "$wf_root/build/.make.lock" make -s -C "$wf_root" --no-print-directory build/libwarpfront.a \
    build/libwfverif.a >&2 || { echo "$wf_me: building the C libraries failed" >&2; return 2; }
}
# wf_tool_id TOOL: its version line, remembered per binary (verilator --version is slow)
wf_tool_id() {
  local path id vf v
  path=$(command -v "$1") || { echo "$1: not installed"; return 0; }
  id=$(stat -Lc '%n %s %Y' "$path" "$(command -v "${1}_bin" 2>/dev/null || echo /dev/null)")
  vf=$wf_root/build/.tool-id-${1##*/}
  if [[ -f $vf && $(head -1 "$vf") == "$id" ]]; then sed -n 2p "$vf"; return 0; fi
  case ${1##*/} in
    iverilog) v=$("$1" -V 2>&1 | head -1) ;;
    *) v=$("$1" --version 2>&1 | head -1) ;;
  esac
  mkdir -p "$wf_root/build" && printf '%s\n%s\n' "$id" "$v" > "$vf.$$" && mv -f "$vf.$$" "$vf"
  echo "$v"
}
# wf_build_key DIR DEPS-ARRAY STEP-ARRAY...: the content hash of a build: each
# step's tool version and command line (the checkout and build paths taken
# out: two checkouts of one commit share a key; the libraries are path-free
# too, Makefile CFLAGS) and the contents of this file and of every input file
# (paths relative to the repository root, or absolute; an unmatched glob is
# passed over). Prints 64 hex digits.
wf_build_key() {
  local wf_bd=$1 wf_ds=$2 wf_st wf_f; shift 2
  local -n wf_d=$wf_ds
  { for wf_st in "$@"; do
      local -n wf_s=$wf_st
      wf_tool_id "${wf_s[0]}"
      printf '%q ' "${wf_s[@]}" | sed "s|$wf_bd|MDIR|g; s|$wf_root|.|g"; echo
    done
    local wf_in=()
    cd "$wf_root" && for wf_f in verif/build.sh "${wf_d[@]}"; do [[ ! -f $wf_f ]] || wf_in+=("$wf_f"); done
    sha256sum "${wf_in[@]}"
  } | sha256sum | cut -d' ' -f1
}
# wf_build DIR BIN DEPS-ARRAY STEP-ARRAY...: BIN (a file in DIR) made by the
# steps (arrays holding one command each, run in the repository root, output
# to DIR/build.log), or reused: it is reused only when DIR/build.key holds
# this build's wf_build_key and BIN still has the checksum recorded when it
# was made (BIN.sha256); anything else rebuilds. One build of a directory at
# a time (DIR.lock). Says "$wf_me: building DIR (why)" on stderr; with
# wf_build_say=1 also "cached build verified: DIR" or "built DIR (why)".
# Returns 2 (the log's tail shown) when a step fails.
wf_build() {
  local wf_bd=$1 wf_bin=$2 wf_ds=$3 wf_want wf_why="" wf_st wf_rel wf_rc=0; shift 3
  wf_rel=${wf_bd#"$wf_root"/}
  mkdir -p "$(dirname "$wf_bd")"
  exec {wf_lock}> "$wf_bd.lock"
  flock "$wf_lock"
  wf_want=$(wf_build_key "$wf_bd" "$wf_ds" "$@")
  if [[ ! -x $wf_bd/$wf_bin ]]; then wf_why="no cached build"
  elif [[ ! -f $wf_bd/build.key || $(cat "$wf_bd/build.key") != "$wf_want" ]]; then wf_why="sources, flags or tools changed"
  elif ! (cd "$wf_bd" && sha256sum --status -c "$wf_bin.sha256" 2>/dev/null); then wf_why="cached $wf_bin fails its checksum"
  fi
  if [[ -z $wf_why ]]; then
    [[ ${wf_build_say:-0} == 1 ]] && echo "$wf_me: cached build verified: $wf_rel"
    exec {wf_lock}>&-
    return 0
  fi
  echo "$wf_me: building $wf_rel ($wf_why)" >&2
  mkdir -p "$wf_bd"
  # the make of Verilator relinks only when its own objects change, and the
  # harness's own objects name their sources' paths: both made again
  rm -f "$wf_bd/build.key" "$wf_bd/$wf_bin.sha256" "$wf_bd/$wf_bin" "$wf_bd/build.log"
  find "$wf_bd" -maxdepth 1 \( -name '*.o' -o -name '*.d' \) ! -name 'V*' ! -name 'verilated*' -delete
  for wf_st in "$@"; do
    local -n wf_s=$wf_st
    (cd "$wf_root" && "${wf_s[@]}") >> "$wf_bd/build.log" 2>&1 || { wf_rc=$?; break; }
  done
  if [[ $wf_rc != 0 || ! -f $wf_bd/$wf_bin ]]; then
    echo "$wf_me: build failed, see $wf_rel/build.log" >&2; tail -20 "$wf_bd/build.log" >&2
    exec {wf_lock}>&-
    return 2
  fi
  (cd "$wf_bd" && sha256sum "$wf_bin" > "$wf_bin.sha256") && echo "$wf_want" > "$wf_bd/build.key"
  [[ ${wf_build_say:-0} == 1 ]] && echo "$wf_me: built $wf_rel ($wf_why)"
  exec {wf_lock}>&-
  return 0
}

# wf_vlcmd DIR BIN TOP MAKEFLAGS ARGS...: sets vcmd, the Verilator command of
# a harness's build: the design under test (rtl_*) with this build's
# parameters and defines, ARGS (the mode --cc, --sc or --binary, the
# harness's sources and flags), and its C side (vl_cflags, the headers,
# dflags; the C libraries, linked after any -LDFLAGS of ARGS).
wf_vlcmd() {
  vcmd=(verilator --build -j 2 -MAKEFLAGS "$4" "${vl_flags[@]}" --top-module "$3" ${rtl_wflags[@]+"${rtl_wflags[@]}"}
        "${rtl_inc[@]}" "${rtl_src[@]}" "${gflags[@]}" ${vdefs[@]+"${vdefs[@]}"} "${@:5}" --Mdir "$1" -o "$2"
        -CFLAGS "$vl_cflags $wf_cinc $dflags" -LDFLAGS "$wf_clibs")
}

# wf_cc_harness DIR TOP ARGS...: sets vcmd and deps of a build of the C++
# harness (verif/cosim/main.cpp, class Vwf_core) around TOP, ARGS its more
# Verilator arguments (verif/cosim/run.sh, verif/rtl_assert/pins.sh,
# verif/bench/build.py)
wf_cc_harness() {
  wf_vlcmd "$1" Vwf_core "$2" "${vl_make_cc[1]}" --cc --exe "${@:3}" "$wf_root/verif/cosim/main.cpp"
  deps=("${rtl_deps[@]}" "${wf_cdeps[@]}" verif/cosim/main.cpp)
}

# ---- the configuration of one build ----------------------------------------
if [[ ${wf_no_design:-0} != 1 ]]; then
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
for wf_k in "${!P[@]}"; do
  [[ ${P[$wf_k]} =~ ^[0-9]+$ ]] || { echo "$wf_me: --${wf_k//_/-} '${P[$wf_k]}' is not a number" >&2; exit 2; }
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
[[ ${WF_BUILD_OPT:-1} == 1 ]] || bkey+=__O$WF_BUILD_OPT
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
rtl_top=${WF_TOP:-wf_core}
rtl_custom=0 rtl_env="" rtl_vflags=() rtl_wflags=() rtl_inc=(-Irtl)
mapfile -t rtl_src < <(cd "$wf_root" && printf '%s\n' rtl/wf.vlt rtl/*.v)
mapfile -t rtl_deps < <(cd "$wf_root" && printf '%s\n' rtl/wf.vlt rtl/*.v rtl/*.vh)
if [[ -n ${WF_RTL_FILES:-} || $rtl_top != wf_core || -n ${WF_RTL_OVERRIDE:-} ]]; then
  rtl_custom=1
  [[ $rtl_top =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] ||
    { echo "WF_TOP='$rtl_top': not a Verilog module name" >&2; exit 2; }
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
  rtl_deps+=("${rtl_src[@]}")
  for wf_a in "${rtl_inc[@]}"; do
    for wf_d in "${wf_a#-I}"/*.vh "${wf_a#-I}"/*.svh; do [[ -f $wf_d ]] && rtl_deps+=("$wf_d"); done
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
fi
unset wf_args wf_i wf_j wf_w wf_n wf_a wf_k wf_d wf_order wf_flag_opts wf_knobs
