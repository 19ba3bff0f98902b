#!/usr/bin/env bash
# Equivalence of wf_writeback mutants (docs/mcy/triage/writeback.json): a SAT
# proof over all inputs of the combinational block (CONSTR 0) and under the
# default build's ranges (CONSTR 1, wb_miter.sv), for each mutant number of an
# mcy build (scripts/mcy.py --out OUT). Prints one JSON record per mutant:
# {"id", "free", "constrained"}: "proven" or "differs".
#   verif/formal/mcy/wb_equiv.sh OUT ID[,ID...]
set -euo pipefail
[[ $# -eq 2 && -f $1/writeback/wf_writeback.v && $2 =~ ^[0-9]+(,[0-9]+)*$ ]] ||
  { echo "usage: $0 OUT ID[,ID...] (OUT: an mcy build with writeback/wf_writeback.v)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the netlist with mutsel a parameter instead of the +mutsel plusarg
sed -e 's/^  reg \[15:0\] mutsel;/  parameter MUTSEL = 0;\n  wire [15:0] mutsel = MUTSEL;/' \
    -e '/initial if (!\$value\$plusargs("mutsel/d' "$1/writeback/wf_writeback.v" > "$tmp/wb.v"
grep -q 'parameter MUTSEL' "$tmp/wb.v" || { echo "$1/writeback/wf_writeback.v: no mutsel register" >&2; exit 2; }
verdict() {
  if yosys -q -p "read_verilog $tmp/wb.v; read_verilog -formal -sv $here/wb_miter.sv;
      chparam -set MUT $1 -set CONSTR $2 wb_miter; hierarchy -top wb_miter; proc; flatten; opt -fast;
      sat -prove-asserts -set-assumes -verify" > "$tmp/log" 2>&1; then echo proven
  elif grep -q "proof did fail" "$tmp/log"; then echo differs
  else cat "$tmp/log" >&2; exit 2; fi
}
for id in ${2//,/ }; do
  echo "{\"id\": $id, \"free\": \"$(verdict "$id" 0)\", \"constrained\": \"$(verdict "$id" 1)\"}"
done
