#!/usr/bin/env bash
# Runs each Check test binary given; prints its summary; fails if any fails.
set -u
fail=0
for t in "$@"; do
  echo "== $t"
  if ! "$t"; then echo "FAILED: $t"; fail=1; fi
done
exit $fail
