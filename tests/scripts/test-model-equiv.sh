#!/usr/bin/env bash
# scripts/model-equiv.sh can pass and can fail: HEAD against itself must be
# identical (NEW=HEAD, so uncommitted model changes do not matter here); with
# one machine parameter changed on one side only (EXTRA_NEW) it must report
# differences.
set -u
out=$(NEW=HEAD SEEDS=4 bash scripts/model-equiv.sh 2>&1); rc=$?
echo "$out" | tail -1
[ $rc -eq 0 ] && echo "$out" | grep -q "identical to" || { echo "test-model-equiv: FAIL: unchanged model not identical"; exit 1; }
out=$(NEW=HEAD SEEDS=4 EXTRA_NEW="--mul-lat 7" bash scripts/model-equiv.sh 2>&1); rc=$?
echo "$out" | tail -1
[ $rc -eq 1 ] && echo "$out" | grep -q "differ from" || { echo "test-model-equiv: FAIL: a changed run was not reported"; exit 1; }
echo "test-model-equiv: identical when unchanged, differences reported when changed"
