#!/usr/bin/env bash
# make layering (also run by make test-unit): the layers cmodel/ <- sim/ <- verif/
# as the build enforces them. With the flags the Makefile compiles each
# layer's objects with (CMODEL_FLAGS, SIM_FLAGS, VERIF_FLAGS: CFLAGS plus
# layer_inc), every verif/include header fails to compile from a cmodel/ or a
# sim/ object because it is not found, and compiles from a verif/ one; every
# cmodel/include header compiles from all three. No C source in cmodel/ or
# sim/ reaches another layer by a relative #include. Exit 0 / 1.
set -u
CC=${CC:-gcc}
: "${CMODEL_FLAGS:?set by make layering}" "${SIM_FLAGS:?}" "${VERIF_FLAGS:?}"
fail=0 n=0
try() { # LAYER FLAGS HEADER ok|missing
  local err got
  if err=$(printf '#include "%s"\n' "$3" | $CC $2 -x c -fsyntax-only - 2>&1); then got=ok
  elif grep -q "$3: No such file" <<<"$err"; then got=missing
  else got="error: $(head -1 <<<"$err")"; fi
  n=$((n + 1))
  if [ "$got" != "$4" ]; then
    echo "layering: FAIL: #include \"$3\" in a $1/ object: $got, expected $4"; fail=1
  fi
}
for h in verif/include/*.h; do
  h=${h##*/}
  try cmodel "$CMODEL_FLAGS" "$h" missing
  try sim "$SIM_FLAGS" "$h" missing
  try verif "$VERIF_FLAGS" "$h" ok
done
for h in cmodel/include/*.h; do
  h=${h##*/}
  for l in cmodel sim verif; do
    f=${l^^}_FLAGS
    try "$l" "${!f}" "$h" ok
  done
done
if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"]*\.\./' -r cmodel sim \
     --include='*.c' --include='*.h'; then
  echo "layering: FAIL: a relative #include above leaves its layer"; fail=1
fi
[ $fail = 0 ] && echo "layering: $n header/layer cases as the layers require (cmodel <- sim <- verif)"
exit $fail
