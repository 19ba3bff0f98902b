#!/bin/sh
# FuseSoC `sim` target, pre_build hook (runs in the work root): compiles the C
# model and the verification C sources of the exported core (src/<core>/) as C11
# into libwfcosim.a, which the Verilator build of verif/cosim/main.cpp links
# (Verilator would compile .c sources as C++).
set -e
src=$(ls -d src/*/cmodel/.. | head -1)
cc=${CC:-gcc}
mkdir -p clib
for f in "$src"/cmodel/*.c "$src"/verif/*.c; do
  [ -f "$f" ] || continue
  o=clib/$(echo "${f#"$src"/}" | tr / _).o
  "$cc" -std=c11 -Wall -Wextra -Werror -O2 -I"$src"/cmodel/include -I"$src"/verif/include -c "$f" -o "$o"
done
rm -f libwfcosim.a
ar rcs libwfcosim.a clib/*.o
