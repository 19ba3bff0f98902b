#!/usr/bin/env bash
# OBJCACHE of the harnesses' Verilator builds (verif/build.sh vl_make):
# Verilator's generated makefile runs every compile as `$(OBJCACHE) $(CXX)
# FLAGS -c -o OBJ SRC`. Verilator's own runtime (verilated*.cpp in its include
# directory) compiles to the same object in every build of one compiler and
# flag set, so that object is kept in build/vlrt/ and copied, instead of being
# compiled again (about 7 s of CPU per build). The key is the command line
# without its -o and the harnesses' -DWF_P_* size defines (the runtime reads
# no WF_ macro), the compiler's version and the source's contents with
# verilated_config.h (Verilator's version). Every other compile runs as given.
set -u
[[ $# -ge 4 ]] || { echo "usage: vl-objcache.sh CXX FLAGS... -c -o OBJ SRC" >&2; exit 2; }
src=${!#}
obj="" key=() prev=""
for a in "$@"; do
  if [[ $prev == -o ]]; then obj=$a
  elif [[ $a != -o && $a != -DWF_P_* ]]; then key+=("$a"); fi
  prev=$a
done
inc=${src%/*}
if [[ -z $obj || $src != /* || ${src##*/} != verilated*.cpp || ! -f $inc/verilated_config.h ]]; then
  exec "$@"
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cache=${WF_VLRT_DIR:-$root/build/vlrt}  # WF_VLRT_DIR: tests
id=$( { printf '%s\n' "${key[@]}"; "$1" --version 2>&1 | head -1; cat "$src" "$inc/verilated_config.h"; } |
      sha256sum | cut -c1-16)
hit=$cache/${src##*/}-$id.o
if [[ -f $hit ]] && cp "$hit" "$obj"; then
  exit 0
fi
"$@" || exit
mkdir -p "$cache" && cp "$obj" "$hit.$$" && mv -f "$hit.$$" "$hit"
exit 0
