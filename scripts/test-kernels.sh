#!/usr/bin/env bash
# End-to-end tests of the sim/kernels kernels. Called by `make test-kernels`
# with WFSIM set to the wfsim binary. Prints every failure; exits 1 if any.
# Every sim/kernels/*.s must have a checker in verif/check_kernels.py; each
# kernel runs under every configuration below that it supports (at least 3),
# on the interpreter (--functional) and on the cycle model; both final states
# are checked against the kernel's intent and against each other. Also: the
# checker rejects a corrupted state, and bankconflict.s conflicts far more
# under the naive layout than under swizzle (cycle-model bank statistics, not
# wall-clock timing).
. "$(dirname "$0")/wfsim-env.sh" # WFSIM (absolute, exported), root; set -u
kernels="$root/sim/kernels"
checker="$root/verif/check_kernels.py"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-kernels.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# Configurations, added after the kernel's own `# wfsim-options:` line (so
# they override it). Together they vary warps, lanes, regs, layout, loops,
# sched, war, hazard and some latencies/sizes.
configs=(
  ""
  "--warps 1 --lanes 1"
  "--warps 2 --lanes 4 --loops 1 --sched gto"
  "--warps 3 --lanes 5 --loops 2 --layout naive --war inorder"
  "--warps 4 --lanes 8 --hazard stall --war warpboard-commit --mem-words 4096"
  "--warps 8 --lanes 8 --layout naive --war warpboard-read --sched gto"
  "--warps 6 --lanes 16 --active-warps 4 --loops 2 --hazard stall --mem-words 2048"
  "--warps 16 --lanes 16 --regs 64 --mem-words 8192 --collectors 2 --banks 8 --sched gto"
  "--warps 2 --lanes 32 --loops 1 --hazard stall --mul-lat 7 --lsu-lat 5 --mem-line 1 --layout naive"
  "--warps 5 --lanes 3 --regs 16 --loops 3 --collectors 1 --war inorder --ibuf 1 --sb-entries 1"
)
opts_of() { sed -n 's/^# wfsim-options://p' "$1" | head -n 1; }
# size NAME DEFAULT OPTIONS...: the last value given for --NAME
size() {
  local name=$1 v=$2
  shift 2
  set -- $*
  while [ $# -gt 0 ]; do
    [ "$1" = "--$name" ] && [ $# -gt 1 ] && v=$2
    shift
  done
  echo "$v"
}

checked=$(python3 "$checker" --list) || { bad "check_kernels.py --list failed"; checked=""; }
sizes_of() {
  echo "--warps $(size warps 8 "$@") --lanes $(size lanes 8 "$@") --regs $(size regs 32 "$@")" \
       "--mem-words $(size mem-words 1024 "$@") --active-warps $(size active-warps 0 "$@")"
}
# pass 1: which kernel supports which configuration (one checker process)
: >"$tmp/supports.txt"
srcs=()
for src in "$kernels"/*.s; do
  k=$(basename "$src" .s)
  if ! printf '%s\n' "$checked" | grep -qx -- "$k"; then
    bad "sim/kernels/$k.s has no checker in verif/check_kernels.py"; continue
  fi
  srcs+=("$src")
  base=$(opts_of "$src")
  for c in "${configs[@]}"; do
    # shellcheck disable=SC2086
    echo "--supports $k $(sizes_of $base $c)" >>"$tmp/supports.txt"
  done
done
python3 "$checker" --batch "$tmp/supports.txt" >"$tmp/supports.out"
# pass 2: run both engines on every supported pair; the checks go to one batch
: >"$tmp/checks.txt"
: >"$tmp/checks.what"
n=0
for src in "${srcs[@]}"; do
  k=$(basename "$src" .s)
  base=$(opts_of "$src")
  ran=0
  ci=0
  for c in "${configs[@]}"; do
    n=$((n + 1))
    ci=$((ci + 1))
    [ "$(sed -n "${n}p" "$tmp/supports.out")" = ok ] || continue
    ran=$((ran + 1))
    all="$base $c"
    # shellcheck disable=SC2086
    sizes=$(sizes_of $all)
    for eng in functional cycle; do
      flag=""
      [ "$eng" = functional ] && flag=--functional
      st="$tmp/$k.$ci.$eng.json"
      # shellcheck disable=SC2086
      if ! "$WFSIM" $flag --quiet $all --dump-state "$st" "$src" 2>"$tmp/err"; then
        bad "wfsim $flag $all $k.s failed: $(head -c 400 "$tmp/err")"; continue
      fi
      echo "$k $st $sizes" >>"$tmp/checks.txt"
      echo "ok $eng $k.s $all" >>"$tmp/checks.what"
    done
    if cmp -s "$tmp/$k.$ci.functional.json" "$tmp/$k.$ci.cycle.json"; then ok
    else bad "$k.s $all: the cycle model's final state differs from the interpreter's"; fi
  done
  [ "$ran" -ge 3 ] && ok || bad "$k.s: only $ran configurations supported (need >= 3)"
  # the checker really looks: a corrupted memory word must fail it
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
i = max(range(len(d["mem"])), key=lambda n: d["mem"][n])  # a word the kernel wrote
d["mem"][i] ^= 1
json.dump(d, open(sys.argv[2], "w"))
' "$tmp/$k.1.cycle.json" "$tmp/$k.bad.json" 2>/dev/null
  # shellcheck disable=SC2086
  echo "$k $tmp/$k.bad.json $(sizes_of $base)" >>"$tmp/checks.txt"
  echo "bad corrupted $k state accepted by check_kernels.py" >>"$tmp/checks.what"
done
python3 "$checker" --batch "$tmp/checks.txt" >"$tmp/checks.out"
[ "$(wc -l <"$tmp/checks.out")" = "$(wc -l <"$tmp/checks.what")" ] ||
  bad "check_kernels.py --batch printed $(wc -l <"$tmp/checks.out") lines for $(wc -l <"$tmp/checks.what") checks"
while IFS= read -r what <&3 && IFS= read -r got <&4; do
  case "$what" in
    ok\ *) if [ "$got" = ok ]; then ok; else bad "${what#ok }: $got"; fi ;;
    bad\ *) if [ "$got" = ok ]; then bad "${what#bad }"; else ok; fi ;;
  esac
done 3<"$tmp/checks.what" 4<"$tmp/checks.out"

# bankconflict: naive layout conflicts much more than swizzle (same work)
bc="$kernels/bankconflict.s"
"$WFSIM" --quiet --json --layout naive "$bc" >"$tmp/naive.stats" 2>/dev/null
"$WFSIM" --quiet --json --layout swizzle "$bc" >"$tmp/swz.stats" 2>/dev/null
if out=$(python3 -c '
import json, sys
n, s = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert n["instructions"] == s["instructions"]
cn, cs = sum(n["banks"]["read_conflict_cycles"]), sum(s["banks"]["read_conflict_cycles"])
assert cn > 2 * cs, "naive %d vs swizzle %d read-conflict cycles" % (cn, cs)
assert n["cycles"] > 1.5 * s["cycles"], "naive %d vs swizzle %d cycles" % (n["cycles"], s["cycles"])
' "$tmp/naive.stats" "$tmp/swz.stats" 2>&1); then ok
else bad "bankconflict.s naive vs swizzle: $out"; fi

echo "test-kernels: $pass checks passed, $fail failed ($WFSIM)"
[ "$fail" = 0 ]
