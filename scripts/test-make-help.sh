#!/usr/bin/env bash
# `make help` names every user-facing target (every .PHONY target of the
# Makefile) on a line of its own, and names no target the Makefile lacks.
set -u
cd "$(dirname "$0")/.."
help=$(make --no-print-directory help) || { echo "test-make-help: make help failed"; exit 1; }
# the .PHONY targets as make reads them (every included file, continued lines)
phony=$(make -pRrq --no-print-directory : 2>/dev/null | sed -n 's/^\.PHONY: //p' | tr ' ' '\n' |
        sed '/^$/d' | sort -u)
[[ -n $phony ]] || { echo "test-make-help: no .PHONY targets found"; exit 1; }
fail=0 n=0
for t in $phony; do
  n=$((n + 1))
  if [[ $t == all ]]; then pat='^make +build'; else pat="^make $t( |\$)"; fi
  grep -Eq "$pat" <<<"$help" || { echo "FAIL: make help does not list '$t'"; fail=1; }
done
# and every listed target exists
while read -r _ t _; do
  [[ $t == build || -z $t ]] && continue
  grep -qx -- "$t" <<<"$phony" || { echo "FAIL: make help lists '$t', not a .PHONY target"; fail=1; }
done < <(grep '^make ' <<<"$help")
[[ $fail == 0 ]] || exit 1
echo "test-make-help: make help lists all $n .PHONY targets"
