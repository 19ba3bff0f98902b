#!/usr/bin/env bash
# RTL build checks (`make lint`), docs/microarch.md §2 and docs/rtl.md:
#  0. the files generated from the field table scripts/wf/layout.py are
#     current (scripts/gen-layout.py --check; `make gen` rewrites them), and
#     no enum-carrying signal meets a literal of an enum value (wf/enumcheck.py);
#  1. verilator --lint-only -Wall clean (waivers: rtl/wf.vlt) at the default,
#     a small and a large parameter set, and with +define+WF_ASSERT (the simulation-only assertions);
#  2. iverilog -g2012 -Irtl compiles (default, large, and with -DWF_ASSERT);
#  3. yosys 0.23: read_verilog -defer -sv; synth -top wf_core at the default: no
#     latches, and the register banks and the scratchpad are memories
#     ($mem_v2), not flops;
#  4. out-of-range parameters are refused, naming the parameter (WARPS=0,
#     BANKS=33, and a few more, pinned knobs included): every case by
#     Verilator and Icarus (a fraction of a second each), the cases marked
#     `yosys` by Yosys too (one elaboration each, ~20 s; every check is the
#     same `g_chk_*` construct of wf_core, so one case per kind of bound
#     shows that Yosys refuses it: a range, a power of two, a pin, a string).
# Logs under build/lint/. LINT_SYNTH selects the Yosys depth: fast (what
# `make test` runs: proc + check -assert on the whole design, ~1.5 min beside
# the other checks, and memory inference on wf_spram),
# coarse (synth up to the fine stage, ~5 min), full (the whole generic synth
# script, ~15 min at the default parameters; `make lint-full`).
set -u
cd "$(dirname "$0")/.."
out=build/lint
mkdir -p "$out"
RTL=$(echo rtl/*.v)   # space-separated, sorted by the glob
fail=0
pass() { echo "lint: PASS $*"; }
bad()  { echo "lint: FAIL $*"; fail=1; }

SMALL="-GWARPS=1 -GLANES=1 -GREGS=1 -GBANKS=1 -GCOLLECTORS=1 -GSB_ENTRIES=1 -GIBUF=1
       -GICACHE_LINES=1 -GICACHE_LINE=1 -GIMSHRS=1 -GIMEM_WORDS=1 -GMEM_WORDS=16 -GMEM_LINE=1
       -GBLOOM_BITS=4 -GALU_LAT_MAX=1 -GMUL_LAT_MAX=1 -GLSU_LAT_MAX=2"
LARGE="-GWARPS=64 -GREGS=128 -GLANES=32 -GBANKS=32 -GCOLLECTORS=16 -GSB_ENTRIES=8 -GIBUF=8
       -GICACHE_LINES=256 -GICACHE_LINE=16 -GIMSHRS=8 -GIMEM_WORDS=65536 -GMEM_WORDS=65536
       -GMEM_LINE=32 -GBLOOM_BITS=64"
ODD="-GWARPS=5 -GLANES=3 -GREGS=17 -GBANKS=3 -GCOLLECTORS=3 -GSB_ENTRIES=3 -GIBUF=3 -GIMSHRS=3"

# ---- 0. the files generated from the field table are current ----------------------
if python3 scripts/gen-layout.py --check > "$out/gen-layout.log" 2>&1; then
  pass "generated files match scripts/wf/layout.py and hostproto.py"
else
  bad "generated layout files: $(cat "$out/gen-layout.log")"
fi

# the shared enumerations by their generated names (rtl/wf_enums.vh), no
# literal of an enum value on a signal that carries one (scripts/wf/enumcheck.py)
if (cd scripts && python3 -m wf.enumcheck --root ..) > "$out/enumcheck.log" 2>&1; then
  pass "no enum literal where rtl/wf_enums.vh has the name"
else
  bad "enum literals: $(cat "$out/enumcheck.log")"
fi

# ---- 1. Verilator ------------------------------------------------------------
for cfg in default small large odd assert assert-small pinned mutants; do
  case $cfg in
    default) g="";; small) g=$SMALL;; large) g=$LARGE;; odd) g=$ODD;;
    # the simulation-only assertions (`ifdef WF_ASSERT) lint clean too
    assert) g="+define+WF_ASSERT";; assert-small) g="+define+WF_ASSERT $SMALL";;
    # every mutant compiled in (rtl/wf_mutant.vh, scripts/mutants.py)
    mutants) g="+define+WF_ASSERT +define+WF_MUTANTS";;
    # every run-time knob pinned (docs/rtl.md "Pinned knobs")
    pinned) g="-GPIN_LAYOUT=0 -GPIN_WAR=1 -GPIN_SCHED=1 -GPIN_LOOPS=3 -GPIN_HAZARD=1 -GPIN_DECODE_STAGE=1 -GPIN_ALLOC_STAGE=1 -GPIN_HANDOFF_STAGE=1 -GPIN_FILL_STAGE=1 -GPIN_READY_STAGE=1";;
  esac
  # shellcheck disable=SC2086
  if verilator --lint-only -Wall -Irtl rtl/wf.vlt $RTL --top-module wf_core $g > "$out/verilator_$cfg.log" 2>&1; then
    pass "verilator -Wall ($cfg)"
  else
    bad "verilator -Wall ($cfg): $(grep -c '^%' "$out/verilator_$cfg.log") messages, see $out/verilator_$cfg.log"
    head -5 "$out/verilator_$cfg.log"
  fi
done

# ---- 2. Icarus -------------------------------------------------------------------
for cfg in default large assert; do
  p=""
  [[ $cfg == large ]] && p=$(echo "$LARGE" | sed 's/-G/-Pwf_core./g')
  [[ $cfg == assert ]] && p="-DWF_ASSERT"
  # shellcheck disable=SC2086
  if iverilog -g2012 -Irtl -s wf_core $p -o "$out/wf_core_$cfg.vvp" $RTL > "$out/iverilog_$cfg.log" 2>&1; then
    pass "iverilog -g2012 -Irtl ($cfg)"
  else
    bad "iverilog -g2012 -Irtl ($cfg), see $out/iverilog_$cfg.log"; head -5 "$out/iverilog_$cfg.log"
  fi
done

# ---- 3. Yosys ------------------------------------------------------------------------
# fast (make test): two scripts, the first in the background beside the other
# checks (it is the long one, ~1.5 min: proc alone is most of it):
#  a. the whole design: proc (where latches would appear) and check -assert
#     (combinational loops, multiple drivers, undriven wires);
#  b. memory inference on the wf_spram variants only (proc, opt, memory
#     -nomap: opt turns the RAM output register into a $dffe, which
#     memory_dff merges into the read port), ~10 s. wf_spram is a leaf, so its
#     result does not depend on the rest of the design being processed.
# coarse / full: one script, synth up to the fine stage (and on to the end).
synth=${LINT_SYNTH:-full}
mem_sel=""
# -defer: Yosys elaborates once, at the parameters hierarchy gives (not
# first at every module's defaults)
ys_read="read_verilog -defer -sv -Irtl $RTL"
{
  echo "$ys_read"
  echo "hierarchy -check -top wf_core"
  if [[ $synth == fast ]]; then
    echo "proc"
    echo "check -assert"
  else
    echo "synth -top wf_core -run begin:fine"
    echo "check -assert"
    echo "tee -q -o $out/yosys_coarse_stat.txt stat -top wf_core"
  fi
  echo 'select -assert-none t:$dlatch t:$adlatch t:$dlatchsr'
  if [[ $synth == full ]]; then
    echo "synth -top wf_core -run fine:"
    echo "tee -q -o $out/yosys_stat.txt stat -top wf_core"
    echo 'select -assert-none t:$_DLATCH_* t:$_DLATCHSR_* t:$dlatch t:$adlatch'
  fi
} > "$out/synth.ys"
yosys -q -l "$out/yosys.log" -s "$out/synth.ys" > /dev/null 2>&1 &
yosys_pid=$!
if [[ $synth == fast ]]; then
  mem_sel='*wf_spram*'
  { echo "$ys_read"
    echo "hierarchy -check -top wf_core"
    echo "proc $mem_sel"
    echo "opt $mem_sel"
    echo "memory -nomap $mem_sel"
    echo "tee -q -o $out/yosys_coarse_stat.txt stat -top wf_core"
  } > "$out/synth_mem.ys"
  yosys -q -l "$out/yosys_mem.log" -s "$out/synth_mem.ys" > /dev/null 2>&1 || mem_sel=failed
fi
# every bank (BANKS=4 at the default) and the scratchpad: wf_spram
# instances in the hierarchy, each module variant holding one $mem_v2 per
# lane (wf_spram keeps a memory per lane) and no flip-flops (the output
# register is the memory's synchronous read port)
check_memories() {
  local st=$out/yosys_coarse_stat.txt inst vars memv mems ffs
  inst=$(awk '/^=== design hierarchy ===/{h=1} h && /wf_spram/{n+=$NF} END{print n+0}' "$st")
  vars=$(awk '/^=== .*wf_spram ===/{m=1; v++; next} /^=== /{m=0} END{print v+0}' "$st")
  # the variants holding a $mem_v2, and the $mem_v2 cells of all variants
  memv=$(awk '/^=== .*wf_spram ===/{m=1; next} /^=== /{m=0} m && /\$mem_v2/{v++} END{print v+0}' "$st")
  mems=$(awk '/^=== .*wf_spram ===/{m=1; next} /^=== /{m=0} m && /\$mem_v2/{n+=$2} END{print n+0}' "$st")
  ffs=$(awk '/^=== .*wf_spram ===/{m=1; next} /^=== /{m=0} m && /\$(a|s)?dff/{n+=$2} END{print n+0}' "$st")
  # at the default parameters: LANES=8 memories in the banks' variant, MEM_LINE=4 in the scratchpad's
  if [[ $inst == 5 && $vars == 2 && $memv == 2 && $mems == $((8 + 4)) && $ffs == 0 ]]; then
    pass "yosys: the 4 register banks and the scratchpad are memories ($inst wf_spram instances in $vars variants: one \$mem_v2 per lane, $mems in all, and no flops)"
  else
    bad "yosys: memories: $inst wf_spram instances, $vars variants ($memv with a \$mem_v2), $mems \$mem_v2, $ffs flop cells; see $st"
  fi
}
if [[ $mem_sel == failed ]]; then
  bad "yosys memory inference, see $out/yosys_mem.log"; grep -m3 'ERROR' "$out/yosys_mem.log"
elif [[ -n $mem_sel ]]; then
  check_memories
fi

# ---- 4. Out-of-range parameters -------------------------------------------------------
for case in "WARPS 0 WARPS_out_of_range_1_to_64 yosys" "BANKS 33 BANKS_out_of_range_1_to_32" \
            "LANES 33 LANES_out_of_range_1_to_32" \
            "MEM_WORDS 24 MEM_WORDS_out_of_range_power_of_two_16_to_65536 yosys" \
            "ICACHE_LINES 3 ICACHE_LINES_out_of_range_power_of_two_1_to_256" \
            "LSU_LAT_MAX 1 LSU_LAT_MAX_out_of_range_2_to_32" \
            "PIN_WAR 5 PIN_WAR_out_of_range_minus1_or_0_to_4 yosys" \
            "PIN_LOOPS 0 PIN_LOOPS_out_of_range_minus1_or_1_to_3" \
            "PIN_DECODE_STAGE 2 PIN_DECODE_STAGE_out_of_range_minus1_or_0_to_1" \
            "PIN_ALLOC_STAGE 2 PIN_ALLOC_STAGE_out_of_range_minus1_or_0_to_1" \
            "PIN_HANDOFF_STAGE 2 PIN_HANDOFF_STAGE_out_of_range_minus1_or_0_to_1" \
            "PIN_FILL_STAGE 2 PIN_FILL_STAGE_out_of_range_minus1_or_0_to_1" \
            "PIN_READY_STAGE 2 PIN_READY_STAGE_out_of_range_minus1_or_0_to_1" \
            'BANK_RAM_STYLE "bogus" BANK_RAM_STYLE_not_auto_block_or_distributed yosys'; do
  set -- $case
  n=$1 v=$2 msg=$3 ok=1 tools="verilator, iverilog"
  # shellcheck disable=SC2086
  if verilator --lint-only -Wall -Irtl rtl/wf.vlt $RTL --top-module wf_core -G$n=$v > "$out/oor_verilator.log" 2>&1 \
     || ! grep -q "$msg" "$out/oor_verilator.log"; then ok=0; echo "  verilator accepted $n=$v or did not name it"; fi
  # shellcheck disable=SC2086
  if iverilog -g2012 -Irtl -s wf_core -Pwf_core.$n=$v -o /dev/null $RTL > "$out/oor_iverilog.log" 2>&1 \
     || ! grep -q "$msg" "$out/oor_iverilog.log"; then ok=0; echo "  iverilog accepted $n=$v or did not name it"; fi
  # Yosys 0.23's `hierarchy -chparam` takes no string values. The other
  # sizes at SMALL's values: the check is the same construct at any shape,
  # and Yosys elaborates the whole design first (5 s instead of 18 s)
  if [[ ${4-} == yosys ]]; then
    tools+=", yosys"
    small=$(for kv in $SMALL; do kv=${kv#-G}; [[ ${kv%=*} == "$n" ]] || echo -n " -chparam ${kv%=*} ${kv#*=}"; done)
    ys="$ys_read; hierarchy -check -top wf_core$small -chparam $n $v"
    [[ $v == \"* ]] && ys="$ys_read; chparam -set $n $v${small//-chparam/-set} \$abstract\\wf_core; hierarchy -check -top wf_core"
    if yosys -q -p "$ys" > "$out/oor_yosys.log" 2>&1 || ! grep -q "$msg" "$out/oor_yosys.log"; then
      ok=0; echo "  yosys accepted $n=$v or did not name it"; fi
  fi
  if [[ $ok == 1 ]]; then pass "$n=$v refused by $tools ($msg)"; else bad "$n=$v"; fi
done

if wait "$yosys_pid"; then
  pass "yosys synth -top wf_core: no latches, check -assert ($synth)"
  [[ -z $mem_sel ]] && check_memories
else
  bad "yosys synth ($synth), see $out/yosys.log"; grep -m3 'ERROR' "$out/yosys.log"
fi

if [[ $fail == 0 ]]; then echo "lint: all checks passed"; else echo "lint: FAILED"; fi
exit $fail
