#!/usr/bin/env bash
# wfsim against hostile command lines and inputs (wfsim --help, docs/isa.md
# "Limits the loader enforces"): numbers are decimal only, messages keep their
# range, one format on stdout, every write checked (stdout too), no output
# over an input, the input size cap, outputs checked before the run, .start
# against --warps, NUL bytes refused at file:line:col. WFSIM = the binary
# (plain in test-examples, sanitized in test-asan). Exit 1 on any failure.
set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-wfsim-input.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$root/scripts/wfsim-expect.sh" # ok, bad, expect
cp "$root/sim/examples/vecadd.s" "$tmp/p.s"
p=$tmp/p.s
printf 'loop: bra loop\n' >"$tmp/hang.s"

# numbers: decimal only, in every number option; the message names the range
for v in 010 08 09 0x10 +8 ' 8' '8 ' -0 1e1; do
  expect 2 "parameter warps='$v': allowed 1..64" --warps "$v" "$p"
  expect 2 "parameter ibuf='$v': allowed 1..8" --ibuf="$v" "$p"
  expect 2 "option --max-cycles: '$v' is not allowed (allowed 1..18446744073709551615)" --max-cycles "$v" "$p"
  expect 2 "option --trace-from: '$v' is not allowed (allowed 0..18446744073709551615)" --trace-from="$v" "$p"
done
expect 0 "cycle: 8 warps" --warps 8 "$p"
expect 0 "cycle:" --ibuf 8 "$p"
# a value of any length: the message still ends with the range, on one line
long=$(printf '9%.0s' {1..300})
expect 2 "...': allowed 1..64" --warps "$long" "$p"
expect 2 "...' is not allowed (allowed 1..18446744073709551615)" --max-cycles "$long" "$p"
expect 2 "...': allowed naive|swizzle" --layout "$long" "$p"

# one format on stdout
expect 2 "use at most one of them" --disasm --json "$p"
expect 2 "use at most one of them" --emit-hex - --json "$p"
expect 2 "use at most one of them" --emit-hex - --trace "$p"
expect 2 "use at most one of them" --emit-hex - --disasm "$p"
expect 2 "use at most one of them" --emit-image - --emit-hex - "$p"
expect 0 "" --emit-hex - "$p"

# every write checked, stdout included
if [[ -w /dev/full ]]; then
  for args in "--trace $p" "--disasm $p" "$p" "--emit-hex - $p" "--functional $p" "--help" "--version" \
              "--json $p" "--kanata - $p" "--dump-state - $p" "--trace --max-cycles 5 $tmp/hang.s"; do
    # shellcheck disable=SC2086
    timeout 60 "$WFSIM" $args >/dev/full 2>"$tmp/err"
    rc=$?
    if [[ $rc == 0 ]]; then bad "wfsim $args > /dev/full exited 0"
    elif ! grep -q "write error" "$tmp/err"; then bad "wfsim $args > /dev/full: no write error message: $(head -c 200 "$tmp/err")"
    else ok; fi
  done
  timeout 60 "$WFSIM" --trace "$p" >/dev/full 2>/dev/null; [[ $? == 2 ]] && ok || bad "--trace > /dev/full: not exit 2"
else
  echo "test-wfsim-input: no writable /dev/full, write-error checks skipped"
fi

# an output over an input is refused, and the input is left as it was
cp "$p" "$tmp/orig.s"
expect 2 "--dump-state $p: is also the program; refusing to overwrite an input" --dump-state "$p" "$p"
(cd "$tmp" && "$WFSIM" --dump-state ./p.s p.s >/dev/null 2>&1); [[ $? == 2 ]] && ok || bad "--dump-state ./p.s p.s not refused"
ln -s "$p" "$tmp/link.s"
expect 2 "is also the program" --emit-hex "$tmp/link.s" "$p"
expect 2 "is also the program" --kanata "$p" "$p"
expect 2 "is also the program" --cov "$p" "$p"
expect 2 "is also the program" --emit-image "$p" "$p"
printf '1\n2\n' >"$tmp/init.hex"
cp "$tmp/init.hex" "$tmp/init.orig"
expect 2 "--dump-state $tmp/init.hex: is also --mem-init" --mem-init "$tmp/init.hex" --dump-state "$tmp/init.hex" "$p"
expect 2 "--cov $tmp/o.json: same file as --kanata" --kanata "$tmp/o.json" --cov "$tmp/o.json" "$p"
cmp -s "$p" "$tmp/orig.s" && cmp -s "$tmp/init.hex" "$tmp/init.orig" && ok || bad "an input was overwritten"

# the input size cap (16 MiB: WF_MAX_TEXT_BYTES), for the program and the memory image
expect 2 "/dev/zero: larger than 16777216 bytes (the input size limit, docs/isa.md)" /dev/zero
expect 2 "/dev/zero: larger than 16777216 bytes" --mem-init /dev/zero "$p"
{ echo exit; head -c $((16777216 - 5)) /dev/zero | tr '\0' '#'; } >"$tmp/big.s"
expect 0 "" --emit-hex "$tmp/big.hex" "$tmp/big.s"                   # exactly at the cap
echo >>"$tmp/big.s"
expect 2 "larger than 16777216 bytes" --emit-hex "$tmp/big.hex" "$tmp/big.s"
rm -f "$tmp/big.s" "$tmp/big.hex"

# output paths checked before the run: a bad path fails first (not the run)
expect 2 "--dump-state $tmp/no/such/dir/s.json: cannot open" --max-cycles 5 --dump-state "$tmp/no/such/dir/s.json" "$tmp/hang.s"
expect 2 "--cov $tmp/no/c.json: cannot open" --max-cycles 5 --cov "$tmp/no/c.json" "$tmp/hang.s"
grep -q "not done after" "$tmp/err" && bad "--cov to a bad path: the program ran first" || ok
# and a failed run leaves no empty output behind
expect 1 "not done after" --max-cycles 5 --dump-state "$tmp/s.json" "$tmp/hang.s"
[[ ! -e $tmp/s.json ]] && ok || bad "a failed run left --dump-state's file"

# .start against --warps, also when the start pc is 0
printf '.start w5, top\ntop: exit\n' >"$tmp/start.s"
expect 2 "warp 5: .start given but the machine has warps=2" --warps 2 "$tmp/start.s"
expect 2 "warp 5: .start given but the machine has warps=2" --functional --warps 2 "$tmp/start.s"
expect 0 "" --warps 6 "$tmp/start.s"
"$WFSIM" --emit-image "$tmp/start.wfb" "$tmp/start.s" && ok || bad "--emit-image start.s"
expect 2 "warp 5: .start given but the machine has warps=2" --warps 2 "$tmp/start.wfb"

# NUL bytes: refused at file:line:col, in the program and the memory image
printf 'nop\nnop # a\0b\nexit\n' >"$tmp/nul.s"
expect 2 "$tmp/nul.s:2:8: NUL byte in the source" "$tmp/nul.s"
printf '# x\n1\0garbage\n2\n' >"$tmp/nul.hex"
expect 2 "$tmp/nul.hex:2:2: NUL byte in the memory image" --mem-init "$tmp/nul.hex" "$p"
# line numbers stay right after a very long line
{ printf '1 #'; head -c 2000 /dev/zero | tr '\0' 'x'; printf '\nzz\n'; } >"$tmp/longline.hex"
expect 2 "$tmp/longline.hex:2:1: bad hex word 'zz'" --mem-init "$tmp/longline.hex" "$p"

echo "test-wfsim-input: $pass checks passed, $fail failed ($WFSIM)"
[[ $fail == 0 ]]
