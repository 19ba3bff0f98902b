# Sourced by the Verilator build scripts (verif/sc/run.sh, verif/dpi/run.sh;
# meant for verif/cosim/run.sh too): the RTL elaboration parameters of one
# configuration and its cache key. Input: the harness arguments in "$@"
# (wfsim options --name value or --name=value, --wfsim-options "S"; flags
# without a value listed in WF_FLAG_OPTS, default "--bare"). Output variables:
#   P        associative array: size parameter -> value (defaults of cmodel/config.c)
#   key      "warps8_lanes8_..." (the build directory name)
#   gflags   array of -GNAME=V Verilator options
#   dflags   " -DWF_P_NAME=V ..." C/C++ defines (the harness checks them)
#   defs     WF_DEFINES (Verilog defines, default WF_ASSERT), vdefs (+define+...), dkey
#   bkey     "$key" plus "__$dkey" when there are defines
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
unset wf_args wf_i wf_j wf_w wf_n wf_a wf_k wf_d wf_order wf_flag_opts
