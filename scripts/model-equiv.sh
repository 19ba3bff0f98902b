#!/usr/bin/env bash
# make model-equiv [BASE=rev] [SEEDS=N]: the working tree's cycle model against
# the one at git revision BASE (default HEAD), bit for bit, for performance
# work on the model: a change that only makes it faster must not move a single
# bit of any observation record, statistic or final state.
#
# Corpus: SEEDS (default 400) programs from build/wfgen, each on the
# configuration its seed draws (every parameter; even seeds may draw
# war=none; imem_words raised so every program fits), plus every sim/kernels
# kernel under 7 knob sets. Each run is fingerprinted by verif/bench/wfhash.c
# (every cycle's record stepped, then wf_model_run) built against both
# models. Prints "model-equiv: N runs identical" or the differing runs with
# the command that shows one; exit 0 / 1 (2: the base cannot be built).
# NEW=rev compares revision rev instead of the working tree. EXTRA_NEW="--param
# value" adds options to the new side only (the comparison's own check: any
# such option must make it fail). A parameter the base does not have (a new
# option) is left out of the base's runs and set to its default (wfsim
# --help) in the new side's, so the new model is compared with that option off.
set -u
BASE=${BASE:-HEAD}
SEEDS=${SEEDS:-400}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$ROOT"
make -s build/wfgen build/libwarpfront.a >/dev/null || exit 2
CC=${CC:-gcc}
FLAGS="-std=c11 -Wall -Wextra -Werror -O2"
# the base model: its cmodel/ sources at BASE
mkdir -p "$W/base"
if ! git archive "$BASE" cmodel | tar -x -C "$W/base"; then
  echo "model-equiv: cannot read cmodel/ at $BASE"; exit 2
fi
$CC $FLAGS -I"$W/base/cmodel/include" verif/bench/wfhash.c "$W"/base/cmodel/*.c -lm -o "$W/hash.base" ||
  { echo "model-equiv: the model at $BASE does not build with verif/bench/wfhash.c"; exit 2; }
NEWSRC=.
if [ -n "${NEW:-}" ]; then
  mkdir -p "$W/new"; NEWSRC=$W/new
  git archive "$NEW" cmodel | tar -x -C "$W/new" || { echo "model-equiv: cannot read cmodel/ at $NEW"; exit 2; }
fi
$CC $FLAGS -I"$NEWSRC/cmodel/include" verif/bench/wfhash.c "$NEWSRC"/cmodel/*.c -lm -o "$W/hash.new" || exit 2

mkdir -p "$W/c"
for s in $(seq 1 "$SEEDS"); do
  if [ $((s % 2)) = 0 ]; then war=--war-none; else war=; fi
  cfg=$(build/wfgen --config-only --seed "$s" $war | head -1)
  build/wfgen --seed "$s" --random-knobs $cfg -o "$W/c/g$s.s" >/dev/null 2>&1 || continue
  echo "$cfg --imem-words 65536" > "$W/c/g$s.cfg"
done
i=0
for k in sim/kernels/*.s; do
  opts=$(sed -n 's/^# wfsim-options://p' "$k")
  for knobs in "" "--loops 1" "--loops 2" "--layout naive --war inorder --sched gto" \
               "--war warpboard-commit --hazard stall" "--war warpboard-read --collectors 2" \
               "--war none --collectors 8 --mul-lat 9"; do
    i=$((i + 1)); cp "$k" "$W/c/k$i.s"; echo "$opts $knobs" > "$W/c/k$i.cfg"
  done
done

# parameters the base does not know: dropped for the base, default for the new side
make -s build/wfsim >/dev/null || exit 2
newonly=()
for o in $(build/wfsim --help | sed -n '/^Machine parameters/,$s/^  --\([a-z-]*\) N .*default \([0-9]*\))$/\1=\2/p'); do
  if "$W/hash.base" "--${o%%=*}" "${o#*=}" /dev/null 2>&1 | grep -q "unknown parameter"; then
    newonly+=("$o"); echo "model-equiv: --${o%%=*} is not a parameter of $BASE: compared at its default ${o#*=}"
  fi
done
strip() {  # $1: the options; $2: "base" (drop the new-only ones) or "new" (set them to default)
  local -a a; read -r -a a <<<"$1"; local out=() i o hit
  for ((i = 0; i < ${#a[@]}; i++)); do
    hit=
    for o in "${newonly[@]}"; do [ "${a[i]}" = "--${o%%=*}" ] && hit=$o; done
    if [ -n "$hit" ]; then
      [ "$2" = new ] && out+=("${a[i]}" "${hit#*=}"); i=$((i + 1))
    else out+=("${a[i]}"); fi
  done
  echo "${out[@]}"
}

n=0; bad=0
for c in "$W"/c/*.cfg; do
  p=${c%.cfg}.s
  a=$("$W/hash.base" $(strip "$(cat "$c")" base) "$p" 2>&1)
  b=$("$W/hash.new" $(strip "$(cat "$c")" new) ${EXTRA_NEW:-} "$p" 2>&1)
  n=$((n + 1))
  if [ "$a" != "$b" ]; then
    bad=$((bad + 1))
    if [ $bad -le 5 ]; then
      mkdir -p out/model-equiv; cp "$p" out/model-equiv/; cp "$c" out/model-equiv/
      echo "model-equiv: DIFFERS: $(basename "$p") options: $(cat "$c") ${EXTRA_NEW:-}"
      echo "  base: $a"; echo "  new:  $b"
      echo "  see: build/wfsim --trace $(cat "$c") out/model-equiv/$(basename "$p")"
    fi
  fi
done
if [ $bad -ne 0 ]; then echo "model-equiv: $bad of $n runs of ${NEW:-the working tree} differ from $BASE"; exit 1; fi
echo "model-equiv: $n runs of ${NEW:-the working tree} identical to $BASE (every record, statistic and final state)"
