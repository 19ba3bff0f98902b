#!/usr/bin/env bash
# make test-install: `make install` into a temporary PREFIX, then as a user
# outside the tree would: build verif/install/example.c with
# `pkg-config --cflags --libs warpfront`, run it and compare its cycles,
# instructions and final state with build/wfsim on the same programs and
# configurations; the same against the installed static library; every
# installed header compiles on its own; the shared libraries export exactly
# the functions of their public headers (verif/install/api_symbols.py; an
# internal block function must not be visible) and carry a SONAME; a staged
# install (DESTDIR) puts the files under DESTDIR with the .pc naming PREFIX.
set -euo pipefail
cd "$(dirname "$0")/.."
WFSIM=${WFSIM:-build/wfsim}
CC=${CC:-gcc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }

pre=$tmp/prefix
make --no-print-directory -s install PREFIX="$pre" > "$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "make install PREFIX=$pre"; }
export PKG_CONFIG_PATH=$pre/lib/pkgconfig
# the user's build: no path into the source tree
mkdir "$tmp/user" && cp verif/install/example.c "$tmp/user/"
# shellcheck disable=SC2046
(cd "$tmp/user" && $CC -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags warpfront) example.c \
  -o example $(pkg-config --libs warpfront) -Wl,-rpath,"$pre/lib") || fail "building against the installed tree"
$CC -std=c11 -Wall -Wextra -Werror -I"$pre/include/warpfront" "$tmp/user/example.c" \
  -o "$tmp/user/example-static" "$pre/lib/libwarpfront.a" -lm || fail "linking libwarpfront.a"
ldd "$tmp/user/example" > "$tmp/ldd"
grep -q "$pre/lib/libwarpfront.so.0" "$tmp/ldd" || fail "example does not load the installed libwarpfront.so.0"

# the example's NAME=VALUE are wfsim's --NAME VALUE
runs=("sim/examples/saxpy.s" "sim/examples/fact.s warps=4 war=inorder loops=2"
      "sim/examples/sum_loop.s sched=gto banks=2 layout=naive" "sim/examples/vecadd.s hazard=stall collectors=1")
n=0
for r in "${runs[@]}"; do
  read -r prog kv <<< "$r"
  opts=()
  for a in $kv; do opts+=("--${a%%=*}" "${a#*=}"); done
  for ex in example example-static; do
    # shellcheck disable=SC2086
    got=$("$tmp/user/$ex" "$prog" "$tmp/got.json" $kv) || fail "$ex $r"
    want=$("$WFSIM" --quiet --json --dump-state "$tmp/want.json" "${opts[@]}" "$prog" |
      python3 -c 'import json,sys; j=json.load(sys.stdin); print("cycles %d instructions %d" % (j["cycles"], j["instructions"]))')
    [[ $got == "$want" ]] || fail "$ex $r: '$got', wfsim: '$want'"
    cmp -s "$tmp/got.json" "$tmp/want.json" || fail "$ex $r: final state differs from wfsim --dump-state"
    n=$((n + 1))
  done
done
# a range error carries wfsim's message
msg=$("$tmp/user/example" sim/examples/saxpy.s "$tmp/x.json" warps=99 2>&1) && fail "warps=99 accepted"
wmsg=$("$WFSIM" --warps 99 sim/examples/saxpy.s 2>&1) && fail "wfsim accepted --warps 99"
[[ $wmsg == *"${msg#example: }"* ]] || fail "range message '$msg' is not wfsim's '$wmsg'"

# every installed header compiles alone (C and C++)
for h in "$pre"/include/warpfront/*.h; do
  echo "#include <$(basename "$h")>" > "$tmp/h.c"
  $CC -std=c11 -Wall -Wextra -Werror -fsyntax-only $(pkg-config --cflags wfverif) "$tmp/h.c" ||
    fail "header $(basename "$h") does not compile alone"
done
for h in wf_model_impl.h wf_bits.h; do
  [[ -e $pre/include/warpfront/$h ]] && fail "the internal header $h is installed"
done

# exports: exactly the public headers' functions, and the SONAME
check_exports() { # LIB HEADERS...
  local lib=$1; shift
  python3 verif/install/api_symbols.py "$@" > "$tmp/api"
  nm -D --defined-only "$pre/lib/$lib" | awk '$2 ~ /^[TDBRW]$/ {print $3}' | sort -u > "$tmp/exported"
  diff "$tmp/api" "$tmp/exported" > "$tmp/diff" ||
    { cat "$tmp/diff"; fail "$lib exports (>) differ from the functions of its public headers (<)"; }
  readelf -d "$pre/lib/$lib" > "$tmp/dyn"
  grep -q "SONAME.*\[${lib%.so*}.so.0\]" "$tmp/dyn" || fail "$lib: no SONAME ${lib%.so*}.so.0"
}
pub=$(ls cmodel/include/*.h | grep -v -e wf_model_impl.h -e wf_bits.h)
# shellcheck disable=SC2086
check_exports libwarpfront.so $pub
check_exports libwfverif.so verif/include/*.h
# (nm into files: grep -q closing the pipe early would fail the pipeline)
nm -D --defined-only "$pre/lib/libwarpfront.so" > "$tmp/nm.so"
nm --defined-only "$pre/lib/libwarpfront.a" > "$tmp/nm.a"
grep -qw wf_issue_decide "$tmp/nm.so" && fail "the internal block function wf_issue_decide is exported"
grep -qw wf_issue_decide "$tmp/nm.a" ||
  fail "wf_issue_decide not in libwarpfront.a (the internal-symbol check would be vacuous)"

# staged install: files under DESTDIR, the .pc names PREFIX
make --no-print-directory -s install DESTDIR="$tmp/stage" PREFIX=/opt/wf > "$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "make install DESTDIR=$tmp/stage PREFIX=/opt/wf"; }
for f in lib/libwarpfront.so.0 lib/libwfverif.so lib/libwarpfront.a lib/libwfverif.a \
         include/warpfront/warpfront.h lib/pkgconfig/wfverif.pc bin/wfsim; do
  [[ -e $tmp/stage/opt/wf/$f ]] || fail "DESTDIR install: $f missing"
done
grep -qx 'prefix=/opt/wf' "$tmp/stage/opt/wf/lib/pkgconfig/warpfront.pc" || fail "warpfront.pc does not name PREFIX=/opt/wf"

echo "test-install: $n runs of the installed-library example (shared and static) match wfsim; exports are the public headers' functions"
