#!/usr/bin/env bash
# End-to-end tests of wfsim. Called by `make test` with WFSIM set to the wfsim
# binary (plain or sanitized). Prints every failure; exits 1 if any.
#  (a) every sim/examples/*.s with a checker in verif/check_examples.py runs
#      with --functional --dump-state under several --warps/--lanes combos and
#      its JSON is compared with the checker's independent expectations;
#  (b) command-line behaviour: options, ranges, errors, exit codes, outputs;
#  (c) the cycle model (the default engine): its final state equals the
#      interpreter's on every example under the combos of (a) and variations
#      of the loop mode, layout, scheduler, hazard mode and WAR policy; --trace
#      prints the tables of docs/microarch.md §13.1/§13.2; --json, --kanata,
#      --max-cycles and their option errors.
set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
examples="$root/sim/examples"
checker="$root/verif/check_examples.py"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-wfsim.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

. "$root/scripts/wfsim-expect.sh" # ok, bad, expect

# Instructions in a source file, counted from the text: lines left after
# removing comments, labels and directives.
count_insns() {
  sed -e 's/#.*//' -e 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*:[[:space:]]*\)*//' "$1" |
    grep -v '^[[:space:]]*\.' | grep -c '[^[:space:]]'
}

# --replay / --stall are the same as --hazard replay / stall
for h in replay stall; do
  "$WFSIM" --json --$h --lanes 8 "$examples/memwrap.s" >"$tmp/a.json" 2>/dev/null &&
    "$WFSIM" --json --hazard $h --lanes 8 "$examples/memwrap.s" >"$tmp/b.json" 2>/dev/null &&
    cmp -s "$tmp/a.json" "$tmp/b.json" && ok || bad "--$h differs from --hazard $h"
done
"$WFSIM" --json --stall "$examples/memwrap.s" >"$tmp/a.json" 2>/dev/null
"$WFSIM" --json --replay "$examples/memwrap.s" >"$tmp/b.json" 2>/dev/null
cmp -s "$tmp/a.json" "$tmp/b.json" && bad "--stall and --replay give identical statistics on memwrap.s" || ok

# ---- (a) example kernels against their checkers --------------------------
combos=(
  "--warps 1 --lanes 1"
  "--warps 2 --lanes 4"
  "--warps 3 --lanes 5 --regs 16"
  "--warps 4 --lanes 8 --mem-words 2048"
  "--warps 8 --lanes 32 --active-warps 6"
)
checked=$(python3 "$checker" --list) || { bad "check_examples.py --list failed"; checked=""; }
for src in "$examples"/*.s; do
  k=$(basename "$src" .s)
  if ! printf '%s\n' "$checked" | grep -qx -- "$k"; then
    case "$k" in
      seed_*)
        # owned by the lead: no checker, but it must run to completion
        opts=$(sed -n 's/^# wfsim-options://p' "$src" | head -n 1)
        # shellcheck disable=SC2086
        expect 0 "" --functional --quiet $opts "$src"
        ;;
      *) bad "sim/examples/$k.s has no checker in verif/check_examples.py" ;;
    esac
    continue
  fi
  for c in "${combos[@]}"; do
    # shellcheck disable=SC2086
    if ! "$WFSIM" --functional --quiet $c --dump-state "$tmp/$k.json" "$src" 2>"$tmp/err"; then
      bad "wfsim --functional $c $k.s failed: $(head -c 400 "$tmp/err")"
      continue
    fi
    # shellcheck disable=SC2086
    if out=$(python3 "$checker" "$k" "$tmp/$k.json" $c 2>&1); then ok; else bad "$out"; fi
  done
done

# ---- (b) command line -----------------------------------------------------
v="$examples/vecadd.s"

expect 0 "--warps N" --help
if grep -q -- '--warps .*1\.\.64, default 8' "$tmp/out"; then ok; else bad "--help does not list --warps with 1..64 and its default"; fi
nopts=$("$WFSIM" --help | grep -c -- '^  --' || true)
[ "$nopts" -ge 30 ] && ok || bad "--help lists only $nopts options"
expect 0 "wfsim" --version

expect 2 "wfsim: option --warps: parameter warps='0': allowed 1..64" --functional --warps 0 "$v"
expect 2 "wfsim: option --warps: parameter warps='65': allowed 1..64" --functional --warps 65 "$v"
expect 2 "wfsim: option --warps: parameter warps='65': allowed 1..64" --functional --warps=65 "$v"
expect 2 "wfsim: option --lanes: parameter lanes='33': allowed 1..32" --functional --lanes 33 "$v"
expect 2 "wfsim: option --layout: parameter layout='diagonal': allowed naive|swizzle" --functional --layout diagonal "$v"
expect 2 "wfsim: option --mem-words: parameter mem_words='100': allowed a power of two in 16..65536" --functional --mem-words 100 "$v"
expect 2 "wfsim: option --regs: parameter regs='x': allowed 1..128" --functional --regs x "$v"
expect 2 "wfsim: option --active-warps: parameter active_warps=5: allowed 0..4" --functional --warps 4 --active-warps 5 "$v"
expect 2 "wfsim: unknown option '--bogus' (see --help)" --functional --bogus "$v"
expect 2 "wfsim: unknown option '--bogus' (see --help)" --functional --bogus=3 "$v"
expect 2 "wfsim: option --warps: missing value; parameter warps: allowed 1..64" --functional "$v" --warps
expect 2 "wfsim: option --lanes: missing value; parameter lanes: allowed 1..32" --functional --lanes --warps 2 "$v"
expect 2 "wfsim: option --max-steps: missing value" --functional "$v" --max-steps
expect 2 "wfsim: option --dump-state: missing value" --functional "$v" --dump-state
expect 2 "wfsim: option --functional: takes no value" --functional=yes "$v"
expect 2 "wfsim: no program given" --functional
expect 2 "wfsim: more than one program given" --functional "$v" "$v"
# every parameter of the table is an option (with its default value)
"$WFSIM" --help | sed -n 's/^  \(--[a-z-]*\) \(N\|NAME\) .*default \([^)]*\))$/\1 \3/p' >"$tmp/params"
[ "$(wc -l <"$tmp/params")" -ge 20 ] && ok || bad "could not read the parameters from --help"
# (and the engines' run limits: --max-steps is the interpreter's, --max-cycles the cycle model's)
while read -r opt dflt; do
  if [ "$opt" != --max-cycles ]; then
    expect 0 "functional:" --functional "$opt" "$dflt" "$v"
    expect 0 "functional:" --functional "$opt=$dflt" "$v"
  fi
  [ "$opt" = --max-steps ] || expect 0 "cycle:" "$opt" "$dflt" "$v"
done <"$tmp/params"

# summary line and --quiet
expect 0 "functional: 2 warps x 4 lanes, 22 instructions retired" --functional --warps 2 --lanes 4 "$v"
"$WFSIM" --functional --quiet "$v" >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ] && ok || bad "--quiet still printed: $(cat "$tmp/out")"
# --dump-state - : JSON alone on stdout
if "$WFSIM" --functional --warps 1 --lanes 2 --mem-words 16 --dump-state - "$v" 2>/dev/null >"$tmp/out" &&
   python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["warps"]==1 and d["lanes"]==2 and len(d["mem"])==16' "$tmp/out"; then ok
else bad "--dump-state - did not write exactly one JSON document to stdout"; fi

# assembly errors: the file:line:col line, exit 2
printf 'start:  tid r1\n        foo r1\n        exit\n' >"$tmp/bad.s"
expect 2 "$tmp/bad.s:2:9: unknown mnemonic 'foo'" --functional "$tmp/bad.s"
printf '        mov r40 <- r1\n        exit\n' >"$tmp/r40.s"
expect 2 "$tmp/r40.s:1:13: register r40 out of range (regs=32)" --functional "$tmp/r40.s"
expect 2 "$tmp/nosuch.s" --functional "$tmp/nosuch.s"

# a program that does not terminate: runtime error, exit 1
printf 'loop:   addi r1 <- r1, 1\n        bra loop\n' >"$tmp/hang.s"
expect 1 "wfsim: warp 0 did not exit within 1000 instructions (pc 0)" --functional --max-steps 1000 "$tmp/hang.s"
expect 1 "did not exit within 10000000 instructions" --functional --warps 1 --lanes 1 "$tmp/hang.s"
expect 2 "wfsim: option --max-steps: '0' is not allowed" --functional --max-steps 0 "$tmp/hang.s"

# .start, and a .start beyond the machine's warps
printf '.start w1, second\n        movi r1 <- 5\n        exit\nsecond: movi r1 <- 6\n        exit\n' >"$tmp/start.s"
if "$WFSIM" --functional --quiet --warps 2 --lanes 1 --regs 2 --mem-words 16 --dump-state "$tmp/start.json" "$tmp/start.s" &&
   grep -qF '{"warps":2,"lanes":1,"regs":[[[0],[5]],[[0],[6]]],"mem":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}' "$tmp/start.json"; then ok
else bad ".start w1 program: unexpected state $(cat "$tmp/start.json" 2>/dev/null)"; fi
printf '.start w3, @1\n        nop\n        exit\n' >"$tmp/start3.s"
expect 2 "warp 3: .start given but the machine has warps=2" --functional --warps 2 "$tmp/start3.s"

# --mem-init
printf '# A then B\n0000000a\n0x14\n\nFFFFFFFF   # -1\n1\n' >"$tmp/init.hex"
printf '        ld r1 <- [r0 + 0]\n        ld r2 <- [r0 + 2]\n        add r3 <- r1, r2\n        st [r0 + 15] <- r3\n        exit\n' >"$tmp/init.s"
if "$WFSIM" --functional --quiet --warps 1 --lanes 1 --regs 4 --mem-words 16 --mem-init "$tmp/init.hex" --dump-state "$tmp/init.json" "$tmp/init.s" &&
   grep -qF '"mem":[10,20,4294967295,1,0,0,0,0,0,0,0,0,0,0,0,9]}' "$tmp/init.json"; then ok
else bad "--mem-init: unexpected state $(cat "$tmp/init.json" 2>/dev/null)"; fi
printf '1\n2\nxyz\n' >"$tmp/badinit.hex"
expect 2 "$tmp/badinit.hex:3:1: bad hex word 'xyz'" --functional --mem-init "$tmp/badinit.hex" "$tmp/init.s"
printf '1\n123456789\n' >"$tmp/wide.hex"
expect 2 "$tmp/wide.hex:2:1: hex word '123456789' does not fit in 32 bits" --functional --mem-init "$tmp/wide.hex" "$tmp/init.s"
seq 1 17 >"$tmp/long.hex"
expect 2 "$tmp/long.hex:17:1: more than mem_words=16 words" --functional --mem-words 16 --mem-init "$tmp/long.hex" "$tmp/init.s"
expect 0 "" --functional --mem-words 32 --mem-init "$tmp/long.hex" "$tmp/init.s"
expect 2 "$tmp/none.hex" --functional --mem-init "$tmp/none.hex" "$tmp/init.s"

# imem_words limits the program length
expect 2 "wfsim: program has 11 instructions; imem_words=8" --functional --imem-words 8 "$v"

# --emit-hex, --emit-image, --disasm on every example: no run needed
for src in "$examples"/*.s "$tmp/start.s"; do
  k=$(basename "$src" .s)
  if ! "$WFSIM" --emit-hex "$tmp/$k.hex" --emit-image "$tmp/$k.wfb" "$src" >"$tmp/out" 2>"$tmp/err" ||
     [ -s "$tmp/out" ] || [ ! -f "$tmp/$k.hex" ] || [ ! -f "$tmp/$k.wfb" ]; then
    bad "wfsim --emit-hex --emit-image $k.s: $(cat "$tmp/err" "$tmp/out")"; continue
  fi
  n=$(count_insns "$src")
  lines=$(wc -l <"$tmp/$k.hex")
  [ "$n" = "$lines" ] && ok || bad "$k.s: --emit-hex wrote $lines lines for $n instructions"
  if grep -qvE '^[0-9a-f]{16}$' "$tmp/$k.hex"; then bad "$k.hex: a line is not 16 hex digits"; else ok; fi
  if ! "$WFSIM" --disasm "$src" >"$tmp/$k.dis.s" 2>"$tmp/err"; then bad "wfsim --disasm $k.s: $(cat "$tmp/err")"; continue; fi
  if "$WFSIM" --emit-hex "$tmp/$k.re.hex" --emit-image "$tmp/$k.re.wfb" "$tmp/$k.dis.s" 2>"$tmp/err" &&
     cmp -s "$tmp/$k.hex" "$tmp/$k.re.hex" && cmp -s "$tmp/$k.wfb" "$tmp/$k.re.wfb"; then ok
  else bad "$k.s: --disasm output does not reassemble to the same words and start pcs $(cat "$tmp/err")"; fi
  # the binary image runs like the source
  if "$WFSIM" --functional --quiet --warps 2 --lanes 3 --dump-state "$tmp/$k.src.json" "$src" 2>"$tmp/err" &&
     "$WFSIM" --functional --quiet --warps 2 --lanes 3 --dump-state "$tmp/$k.img.json" "$tmp/$k.wfb" 2>>"$tmp/err" &&
     cmp -s "$tmp/$k.src.json" "$tmp/$k.img.json"; then ok
  else bad "$k: running the .wfb image differs from running the source $(cat "$tmp/err")"; fi
done
printf 'WFPROG1\0garbage' >"$tmp/junk.wfb"
expect 2 "$tmp/junk.wfb: " --functional "$tmp/junk.wfb"

# ---- (c) the cycle model ----------------------------------------------------
ex_opts() { sed -n 's/^# wfsim-options://p' "$1" | head -n 1; }

# (c1) final state: cycle model == interpreter (and the checker) for every
# example, under the combos of (a) and variations of every policy parameter
variations=(
  "--loops 1" "--loops 2" "--loops 3" "--layout naive" "--sched gto" "--hazard stall"
  "--war inorder" "--war warpboard-commit" "--war warpboard-read" "--war bloom"
)
cycle_configs=("${combos[@]}")
for x in "${variations[@]}"; do
  cycle_configs+=("$x" "--warps 3 --lanes 5 --regs 16 $x" "--warps 4 --lanes 8 --mem-words 2048 --collectors 2 $x")
done
for src in "$examples"/*.s; do
  k=$(basename "$src" .s)
  has_checker=0
  printf '%s\n' "$checked" | grep -qx -- "$k" && has_checker=1
  case "$k" in seed_*) base=$(ex_opts "$src") ;; *) base="" ;; esac
  [ "$has_checker" = 1 ] || case "$k" in seed_*) ;; *) continue ;; esac
  for c in "${cycle_configs[@]}"; do
    # shellcheck disable=SC2086
    if ! "$WFSIM" --functional --quiet $base $c --dump-state "$tmp/$k.f.json" "$src" 2>"$tmp/err"; then
      bad "wfsim --functional $base $c $k.s failed: $(head -c 400 "$tmp/err")"; continue
    fi
    # shellcheck disable=SC2086
    if ! "$WFSIM" --quiet $base $c --dump-state "$tmp/$k.c.json" "$src" 2>"$tmp/err"; then
      bad "wfsim (cycle) $base $c $k.s failed: $(head -c 400 "$tmp/err")"; continue
    fi
    if cmp -s "$tmp/$k.f.json" "$tmp/$k.c.json"; then ok
    else bad "$k.s $base $c: the cycle model's final state differs from the interpreter's"; fi
    if [ "$has_checker" = 1 ]; then
      # the checker takes the size options only
      sizes=$(printf '%s\n' "$c" | grep -oE -- '--(warps|lanes|regs|mem-words|active-warps) [0-9]+' | tr '\n' ' ')
      # shellcheck disable=SC2086
      if out=$(python3 "$checker" "$k" "$tmp/$k.c.json" $sizes 2>&1); then ok; else bad "cycle $k.s $c: $out"; fi
    fi
  done
done

# (c2) --trace reproduces docs/microarch.md §13.1 and §13.2. trace_row FILE
# CYCLE ISSUE BANK0 BANK1 BANK2 BANK3 ("" = empty cell): the cycle's row, up
# to the collector column, is exactly those cells (issue shown as wN:pcP).
trace_row() {
  local f=$1 cyc=$2 want got
  want=$(printf '%6s  %-13s%-11s%-11s%-11s%-11s' "$cyc" "$3" "$4" "$5" "$6" "$7" | sed 's/ *$//')
  got=$(awk -v c="$cyc" '$1 == c' "$f" | cut -c1-65 | sed 's/ *$//')
  if [ "$got" = "$want" ]; then ok; else bad "$(basename "$f") cycle $cyc: got '$got', expected '$want'"; fi
}
# trace_has FILE CYCLE TEXT: the cycle's row contains TEXT (the collector column)
trace_has() {
  if awk -v c="$2" '$1 == c' "$1" | grep -qF -- "$3"; then ok
  else bad "$(basename "$1") cycle $2: row does not contain '$3': $(awk -v c="$2" '$1 == c' "$1")"; fi
}
naive="$examples/seed_naive.s"
# shellcheck disable=SC2046
if "$WFSIM" --quiet $(ex_opts "$naive") --trace "$naive" >"$tmp/naive.trace" 2>"$tmp/err"; then ok
else bad "wfsim --trace seed_naive.s: $(cat "$tmp/err")"; fi
if head -n 1 "$tmp/naive.trace" | grep -qE '^ cycle  issue +bank0 +bank1 +bank2 +bank3 +SR$'; then ok
else bad "seed_naive trace header: $(head -n 1 "$tmp/naive.trace")"; fi
#         cycle issue    bank0      bank1      bank2      bank3     (§13.1)
trace_row "$tmp/naive.trace" 10 "w0:pc0" ""      ""        ""        ""
trace_row "$tmp/naive.trace" 11 "w1:pc0" "R w0.r4" "R w0.r5" "R w0.r6" ""
trace_row "$tmp/naive.trace" 12 "w2:pc0" "R w1.r4" "R w1.r5" "R w1.r6" ""
trace_row "$tmp/naive.trace" 13 "w3:pc0" "R w2.r4" "R w2.r5" "R w2.r6" ""
trace_row "$tmp/naive.trace" 14 "w0:pc1" "R w3.r4" "R w3.r5" "R w3.r6" ""
trace_row "$tmp/naive.trace" 15 ""       ""        "R w0.r5" "W w0.r2" ""
trace_row "$tmp/naive.trace" 16 ""       ""        "R w0.r1" "W w1.r2" ""
trace_row "$tmp/naive.trace" 17 "w1:pc1" ""        "W w0.r5" "W w2.r2" ""
trace_row "$tmp/naive.trace" 18 "w0:pc2" ""        "R w1.r5" "W w3.r2" ""
trace_row "$tmp/naive.trace" 19 "w1:pc2" ""        "R w1.r1" ""        ""
trace_row "$tmp/naive.trace" 20 "w2:pc1" ""        "W w1.r5" ""        ""
trace_has "$tmp/naive.trace" 15 "SR:w0.pc1[ab]"   # SR holds w0:i2 in 15 and 16
trace_has "$tmp/naive.trace" 16 "SR:w0.pc1[b]"

swz="$examples/seed_swizzle.s"
# shellcheck disable=SC2046
if "$WFSIM" --quiet $(ex_opts "$swz") --trace "$swz" >"$tmp/swizzle.trace" 2>"$tmp/err"; then ok
else bad "wfsim --trace seed_swizzle.s: $(cat "$tmp/err")"; fi
if head -n 1 "$tmp/swizzle.trace" | grep -qE '^ cycle  issue +bank0 +bank1 +bank2 +bank3 +collectors$'; then ok
else bad "seed_swizzle trace header: $(head -n 1 "$tmp/swizzle.trace")"; fi
#         cycle issue    bank0      bank1      bank2      bank3     (§13.2)
trace_row "$tmp/swizzle.trace" 10 "w0:pc0" ""        ""        ""        ""
trace_row "$tmp/swizzle.trace" 11 "w1:pc0" ""        "R w0.r5" "R w0.r2" ""
trace_row "$tmp/swizzle.trace" 12 "w2:pc0" ""        ""        "R w1.r5" "R w1.r2"
trace_row "$tmp/swizzle.trace" 13 "w3:pc0" "R w2.r2" "W w0.r1" ""        "R w2.r5"
trace_row "$tmp/swizzle.trace" 14 "w0:pc1" "R w3.r5" "R w3.r2" "W w1.r1" ""
trace_row "$tmp/swizzle.trace" 15 "w1:pc1" ""        "R w0.r1" ""        "W w2.r1"
trace_row "$tmp/swizzle.trace" 16 "w2:pc1" "W w3.r1" ""        "R w1.r1" "R w0.r3"
trace_row "$tmp/swizzle.trace" 17 "w3:pc1" "R w1.r3" "R w2.r3" ""        "R w0.r7"
# issues to CUs: w0:i1 CU0 (10), w3:i1 CU0 (13), w0:i2 CU1 (14), w1:i2 CU2 (15),
# w2:i2 CU0 (16), w3:i2 CU3 (17); the CU column is the state at the start of a cycle
trace_has "$tmp/swizzle.trace" 11 "u0:w0.pc0[ab]"
trace_has "$tmp/swizzle.trace" 14 "u0:w3.pc0[ab]"
trace_has "$tmp/swizzle.trace" 15 "u1:w0.pc1[abc]"
trace_has "$tmp/swizzle.trace" 16 "u2:w1.pc1[abc]"
trace_has "$tmp/swizzle.trace" 17 "u0:w2.pc1[abc]"
trace_has "$tmp/swizzle.trace" 17 "u1:w0.pc1[b]"   # r1 read in 15, r3 in 16; r7 in 17
trace_has "$tmp/swizzle.trace" 18 "u3:w3.pc1[abc]"
# the window options
# shellcheck disable=SC2046
"$WFSIM" --quiet $(ex_opts "$naive") --trace-from 14 --trace-to 16 "$naive" >"$tmp/win.trace" 2>"$tmp/err"
if [ "$(wc -l <"$tmp/win.trace")" = 4 ] && [ "$(sed -n '2p' "$tmp/win.trace" | awk '{print $1}')" = 14 ] &&
   [ "$(sed -n '4p' "$tmp/win.trace" | awk '{print $1}')" = 16 ]; then ok
else bad "--trace-from 14 --trace-to 16: expected the header and cycles 14..16, got: $(cat "$tmp/win.trace" "$tmp/err")"; fi
trace_row "$tmp/win.trace" 14 "w0:pc1" "R w3.r4" "R w3.r5" "R w3.r6" ""
# every cycle has a row, and the table ends with the summary line
ncyc=$("$WFSIM" --quiet --json "$naive" $(ex_opts "$naive") | python3 -c 'import json,sys; print(json.load(sys.stdin)["cycles"])')
# shellcheck disable=SC2046
"$WFSIM" $(ex_opts "$naive") --trace "$naive" >"$tmp/full.trace" 2>&1
if [ "$(grep -cE '^ +[0-9]+  ' "$tmp/full.trace")" = "$ncyc" ] &&
   tail -n 1 "$tmp/full.trace" | grep -qE "^cycle: 4 warps x 8 lanes, $ncyc cycles, 12 instructions, IPC [0-9]+\.[0-9]{3}$"; then ok
else bad "--trace: expected $ncyc rows and the summary line: $(tail -n 2 "$tmp/full.trace")"; fi

# (c3) --json: one valid JSON object with the statistics
json_check='
import json, sys
d = json.load(open(sys.argv[1]))
banks = int(sys.argv[2])
assert d["cycles"] > 0, "cycles"
assert d["instructions"] > 0, "instructions"
assert d["ipc"] == d["instructions"] / d["cycles"], "ipc %r != %r" % (d["ipc"], d["instructions"] / d["cycles"])
s = d["issue_slots"]
assert sum(s[k] for k in ("issued", "replayed", "collector_stall", "lsu_stall", "no_ready")) == d["cycles"], "issue slots do not add up to cycles"
for k in ("reads", "writes", "read_conflict_cycles", "write_conflict_cycles"):
    assert isinstance(d["banks"][k], list) and len(d["banks"][k]) == banks, "banks." + k
assert sum(d["banks"]["writes"]) >= 1
for k in ("collector", "memory"): assert k in d["replays"], "replays." + k
for k in ("hits", "misses", "merges", "mshr_full", "fills"): assert k in d["icache"], "icache." + k
assert d["icache"]["misses"] == d["icache"]["fills"]
for k in ("scoreboard_full_stalls", "war_blocks", "lsu_pieces", "gto_switches", "branches", "branches_taken"):
    assert isinstance(d[k], int), k
assert d["scoreboard_full_stalls"] == d["hazard_warp_cycles"]["sb_full"]
assert d["war_blocks"] == d["hazard_warp_cycles"]["war"]
assert "sum" in d["collector_occupancy"] and "mean" in d["collector_occupancy"]
assert sum(d["dispatches"].values()) <= d["instructions"] + s["replayed"]
'
for src in "$examples"/*.s; do
  k=$(basename "$src" .s)
  for c in "" "--collectors 1 --mem-line 1 --warps 4 --lanes 8" "--hazard stall --collectors 1 --mem-line 1 --banks 3"; do
    # shellcheck disable=SC2046,SC2086
    if ! "$WFSIM" $(ex_opts "$src") $c --json "$src" >"$tmp/$k.stats" 2>"$tmp/err"; then
      bad "wfsim --json $c $k.s failed: $(head -c 400 "$tmp/err")"; continue
    fi
    if python3 -m json.tool "$tmp/$k.stats" >/dev/null 2>&1; then ok; else bad "--json $c $k.s: not valid JSON: $(head -c 300 "$tmp/$k.stats")"; fi
    nb=$(printf '%s %s\n' "$(ex_opts "$src")" "$c" | grep -oE -- '--banks [0-9]+' | tail -n 1 | awk '{print $2}')
    if out=$(python3 -c "$json_check" "$tmp/$k.stats" "${nb:-4}" 2>&1); then ok; else bad "--json $c $k.s: $out"; fi
    # the summary goes to stderr, stdout stays one JSON document
    if grep -qE '^cycle: [0-9]+ warps x [0-9]+ lanes, [0-9]+ cycles, [0-9]+ instructions, IPC [0-9]+\.[0-9]{3}$' "$tmp/err"; then ok
    else bad "--json $c $k.s: no summary line on stderr: $(cat "$tmp/err")"; fi
  done
done
# the memory-splitting configuration really replays and stalls
"$WFSIM" --quiet --collectors 1 --mem-line 1 --json "$examples/memwrap.s" >"$tmp/rp.stats" 2>/dev/null
"$WFSIM" --quiet --hazard stall --collectors 1 --mem-line 1 --json "$examples/memwrap.s" >"$tmp/st.stats" 2>/dev/null
if python3 -c '
import json, sys
r, s = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert r["replays"]["memory"] > 0 and r["replays"]["collector"] > 0, r["replays"]
assert s["issue_slots"]["lsu_stall"] > 0 and s["issue_slots"]["collector_stall"] > 0, s["issue_slots"]
assert s["replays"] == {"collector": 0, "memory": 0}
assert r["instructions"] == s["instructions"]
' "$tmp/rp.stats" "$tmp/st.stats" 2>"$tmp/err"; then ok; else bad "memwrap replay/stall statistics: $(cat "$tmp/err")"; fi

# summary line, --quiet, --dump-state -
expect 0 "" --warps 2 --lanes 4 "$v"
if grep -qE '^cycle: 2 warps x 4 lanes, [0-9]+ cycles, 22 instructions, IPC [0-9]+\.[0-9]{3}$' "$tmp/out"; then ok
else bad "cycle summary line: $(cat "$tmp/out")"; fi
"$WFSIM" --quiet "$v" >"$tmp/out" 2>&1 && [ ! -s "$tmp/out" ] && ok || bad "cycle --quiet still printed: $(cat "$tmp/out")"
if "$WFSIM" --warps 1 --lanes 2 --mem-words 16 --dump-state - "$v" 2>/dev/null >"$tmp/out" &&
   python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["warps"]==1 and d["lanes"]==2 and len(d["mem"])==16' "$tmp/out"; then ok
else bad "cycle --dump-state - did not write exactly one JSON document to stdout"; fi
# --mem-init, .start and .wfb images on the cycle model
if "$WFSIM" --quiet --warps 1 --lanes 1 --regs 4 --mem-words 16 --mem-init "$tmp/init.hex" --dump-state "$tmp/cinit.json" "$tmp/init.s" &&
   cmp -s "$tmp/init.json" "$tmp/cinit.json"; then ok
else bad "cycle --mem-init: unexpected state $(cat "$tmp/cinit.json" 2>/dev/null)"; fi
if "$WFSIM" --quiet --warps 2 --lanes 1 --regs 2 --mem-words 16 --dump-state "$tmp/cstart.json" "$tmp/start.s" &&
   cmp -s "$tmp/start.json" "$tmp/cstart.json"; then ok
else bad "cycle .start w1: unexpected state $(cat "$tmp/cstart.json" 2>/dev/null)"; fi
if "$WFSIM" --quiet --warps 2 --lanes 3 --dump-state "$tmp/cimg.json" "$tmp/vecadd.wfb" &&
   cmp -s "$tmp/vecadd.src.json" "$tmp/cimg.json"; then ok
else bad "cycle model on vecadd.wfb differs from the interpreter on vecadd.s"; fi
expect 2 "wfsim: program has 11 instructions; imem_words=8" --imem-words 8 "$v"
expect 2 "$tmp/long.hex:17:1: more than mem_words=16 words" --mem-words 16 --mem-init "$tmp/long.hex" "$tmp/init.s"

# (c4) --max-cycles: exceeding it is a runtime error naming the limit
expect 1 "wfsim: not done after max_cycles=5 cycles: cycle 5:" --max-cycles 5 "$v"
expect 1 "not done after max_cycles=5 cycles" --max-cycles 5 --trace "$v"
expect 1 "not done after max_cycles=30 cycles" --max-cycles 30 --kanata "$tmp/short.kan" "$v"
if head -n 1 "$tmp/short.kan" | grep -qx $'Kanata\t0004'; then ok; else bad "--kanata after --max-cycles: no log"; fi
expect 1 "not done after max_cycles=1000 cycles" --max-cycles 1000 "$tmp/hang.s"
expect 0 "cycle:" --max-cycles 1000 "$v"
ncv=$("$WFSIM" --quiet --json "$v" | python3 -c 'import json,sys; print(json.load(sys.stdin)["cycles"])')
expect 0 "cycle:" --max-cycles "$ncv" "$v"                  # exactly enough
expect 1 "max_cycles=$((ncv - 1))" --max-cycles "$((ncv - 1))" "$v"

# (c5) --kanata: a Kanata 0004 log, one I line per issue event (issued +
# replayed) with ids 0, 1, 2, ... in file order, every instance ends (R ... 0 once per instruction, R ... 1 for
# replayed instances), stages from F, Ib, Is, Rd, X, Wb
kanata_check='
import json, sys
lines = open(sys.argv[1]).read().split("\n")
st = json.load(open(sys.argv[2]))
assert lines[0] == "Kanata\t0004", "first line %r" % lines[0]
assert lines[1].startswith("C=\t"), "second line %r" % lines[1]
ids, ends, stages, cyc = {}, {}, set(), 0
for l in lines[2:]:
    if not l: continue
    p = l.split("\t")
    if p[0] == "C": cyc += int(p[1]); assert int(p[1]) > 0
    elif p[0] == "I": assert len(p) == 4 and p[1] == str(len(ids)), "I ids not 0, 1, 2, ...: %r" % l; ids[p[1]] = cyc
    elif p[0] == "L": assert p[1] in ids and (p[2] == "0" and " pc" in p[3] or p[2] == "1"), l
    elif p[0] == "S": assert p[1] in ids and p[1] not in ends; stages.add(p[3])
    elif p[0] == "R": assert p[1] in ids and p[1] not in ends and p[3] in ("0", "1"); ends[p[1]] = p[3]
    else: raise AssertionError("unknown line %r" % l)
issues = st["issue_slots"]["issued"] + st["issue_slots"]["replayed"]
assert len(ids) == issues, "%d I lines, %d issue events" % (len(ids), issues)
assert len(ends) == len(ids), "%d instances never end" % (len(ids) - len(ends))
r0 = sum(1 for v in ends.values() if v == "0")
assert r0 == st["instructions"], "%d retired, %d instructions" % (r0, st["instructions"])
assert stages <= {"F", "Ib", "Is", "Rd", "X", "Wb"}, stages
assert {"F", "Ib", "Is", "Rd", "X", "Wb"} <= stages, stages
if len(sys.argv) > 3: assert r0 < len(ids), "no flushed instance"
'
for src in "$examples"/*.s; do
  k=$(basename "$src" .s)
  for c in "" "--collectors 1 --mem-line 1 --warps 4 --lanes 8" "--hazard stall --loops 2 --mem-line 1" "--loops 1 --sched gto"; do
    # shellcheck disable=SC2046,SC2086
    if ! "$WFSIM" --quiet $(ex_opts "$src") $c --kanata "$tmp/$k.kan" --json "$src" >"$tmp/$k.kstats" 2>"$tmp/err"; then
      bad "wfsim --kanata $c $k.s failed: $(head -c 400 "$tmp/err")"; continue
    fi
    flushed=""
    # one collector unit in loop mode 3: collector replays
    case "$c $(ex_opts "$src")" in --collectors*--loops\ 2*) ;; --collectors*) flushed=1 ;; esac
    # shellcheck disable=SC2086
    if out=$(python3 -c "$kanata_check" "$tmp/$k.kan" "$tmp/$k.kstats" $flushed 2>&1); then ok
    else bad "--kanata $c $k.s: $out"; fi
  done
done
# to stdout: the log alone
if "$WFSIM" --kanata - "$v" 2>"$tmp/err" >"$tmp/out" && head -n 1 "$tmp/out" | grep -qx $'Kanata\t0004' &&
   ! grep -q '^cycle:' "$tmp/out" && grep -q '^cycle:' "$tmp/err"; then ok
else bad "--kanata - did not write only the log to stdout"; fi
expect 2 "wfsim: --kanata $tmp/nodir/k.log: cannot open" --kanata "$tmp/nodir/k.log" "$v"

# (c6) option errors of the cycle-model options: exit 2, naming the option and its range
expect 2 "wfsim: option --max-cycles: '0' is not allowed (allowed 1..18446744073709551615)" --max-cycles 0 "$v"
expect 2 "wfsim: option --max-cycles: 'lots' is not allowed (allowed 1..18446744073709551615)" --max-cycles lots "$v"
expect 2 "wfsim: option --max-cycles: '-5' is not allowed (allowed 1..18446744073709551615)" --max-cycles=-5 "$v"
expect 2 "wfsim: option --max-cycles: '99999999999999999999' is not allowed" --max-cycles 99999999999999999999 "$v"
expect 2 "wfsim: option --max-cycles: missing value (allowed 1..18446744073709551615)" "$v" --max-cycles
expect 2 "wfsim: option --trace-from: 'x' is not allowed (allowed 0..18446744073709551615)" --trace-from x "$v"
expect 2 "wfsim: option --trace-to: missing value (allowed 0..18446744073709551615)" "$v" --trace-to
expect 2 "wfsim: option --trace-to: 3 is before --trace-from 5" --trace-from 5 --trace-to 3 "$v"
expect 2 "wfsim: option --kanata: missing value (a file name)" "$v" --kanata
expect 2 "wfsim: option --json: takes no value" --json=1 "$v"
expect 2 "wfsim: option --trace: takes no value" --trace=yes "$v"
expect 2 "wfsim: option --json: needs the cycle model (not with --functional)" --functional --json "$v"
expect 2 "wfsim: option --trace: needs the cycle model" --functional --trace "$v"
expect 2 "wfsim: option --kanata: needs the cycle model" --functional --kanata "$tmp/k.log" "$v"
expect 2 "wfsim: option --max-cycles: needs the cycle model" --functional --max-cycles 5 "$v"
expect 2 "wfsim: option --max-steps: applies to --functional only" --max-steps 5 "$v"
expect 2 "use at most one of them" --json --trace "$v"
expect 2 "use at most one of them" --json --dump-state - "$v"
expect 2 "wfsim: option --warps: parameter warps='0': allowed 1..64" --warps 0 "$v"
expect 2 "$tmp/bad.s:2:9: unknown mnemonic 'foo'" "$tmp/bad.s"
expect 0 "--max-cycles N" --help
expect 0 "--kanata FILE" --help

echo "test-wfsim: $pass checks passed, $fail failed ($WFSIM)"
[ "$fail" = 0 ]
