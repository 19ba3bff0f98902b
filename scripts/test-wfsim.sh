#!/usr/bin/env bash
# End-to-end tests of wfsim. Called by `make test` with WFSIM set to the wfsim
# binary (plain or sanitized). Prints every failure; exits 1 if any.
#  (a) every sim/examples/*.s with a checker in verif/check_examples.py runs
#      with --functional --dump-state under several --warps/--lanes combos and
#      its JSON is compared with the checker's independent expectations;
#  (b) command-line behaviour: options, ranges, errors, exit codes, outputs.
set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
examples="$root/sim/examples"
checker="$root/verif/check_examples.py"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-wfsim.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# expect RC TEXT ARGS...: wfsim ARGS exits with RC and prints TEXT (a fixed
# string) on stdout or stderr.
expect() {
  local want_rc=$1 text=$2 rc
  shift 2
  "$WFSIM" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" != "$want_rc" ]; then
    bad "wfsim $* exited $rc, expected $want_rc; stderr: $(head -c 400 "$tmp/err")"
  elif [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/out" "$tmp/err"; then
    bad "wfsim $* did not print: $text; got: $(head -c 400 "$tmp/err" "$tmp/out")"
  else
    ok
  fi
}

# Instructions in a source file, counted from the text: lines left after
# removing comments, labels and directives.
count_insns() {
  sed -e 's/#.*//' -e 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_]*:[[:space:]]*\)*//' "$1" |
    grep -v '^[[:space:]]*\.' | grep -c '[^[:space:]]'
}

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
while read -r opt dflt; do
  expect 0 "functional:" --functional "$opt" "$dflt" "$v"
  expect 0 "functional:" --functional "$opt=$dflt" "$v"
done <"$tmp/params"

# the cycle model does not exist yet
nocycle="wfsim: the cycle-accurate model is not available in this build yet; use --functional"
expect 2 "$nocycle" "$v"
expect 2 "$nocycle" --dump-state "$tmp/s.json" "$v"

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
expect 2 "$tmp/badinit.hex:3: bad hex word 'xyz'" --functional --mem-init "$tmp/badinit.hex" "$tmp/init.s"
printf '1\n123456789\n' >"$tmp/wide.hex"
expect 2 "$tmp/wide.hex:2: hex word '123456789' does not fit in 32 bits" --functional --mem-init "$tmp/wide.hex" "$tmp/init.s"
seq 1 17 >"$tmp/long.hex"
expect 2 "$tmp/long.hex:17: more than mem_words=16 words" --functional --mem-words 16 --mem-init "$tmp/long.hex" "$tmp/init.s"
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

echo "test-wfsim: $pass checks passed, $fail failed ($WFSIM)"
[ "$fail" = 0 ]
