#!/usr/bin/env bash
# wfsim --cov and scripts/covreport.py: the coverage file agrees with wfsim's
# own --json statistics, merging adds counts, holes are listed and
# --fail-on-holes fails on them, bad input is an error naming the file.
set -eu
WFSIM=${WFSIM:-build/wfsim}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "test-cov: FAIL: $*" >&2; exit 1; }
opts() { sed -n 's/^# wfsim-options: //p' "$1"; }

# shellcheck disable=SC2046
"$WFSIM" $(opts sim/examples/seed_naive.s) --quiet --json --cov "$T/a.cov.json" \
    sim/examples/seed_naive.s >"$T/a.stats.json"
# shellcheck disable=SC2046
"$WFSIM" $(opts sim/examples/seed_swizzle.s) --quiet --cov "$T/b.cov.json" sim/examples/seed_swizzle.s
"$WFSIM" --warps 4 --hazard stall --sched gto --quiet --cov "$T/c.cov.json" sim/kernels/saxpy.s

python3 - "$T" <<'EOF' || fail "coverage file does not match wfsim --json"
import json, sys
t = sys.argv[1]
cov = json.load(open(f"{t}/a.cov.json"))
st = json.load(open(f"{t}/a.stats.json"))
b = cov["bins"]
assert cov["runs"] == 1 and cov["cycles"] == st["cycles"], (cov["cycles"], st["cycles"])
conf = st["banks"]["read_conflict_cycles"]
assert any(conf), "seed_naive has bank conflicts"
for i, n in enumerate(conf):
    assert b[f"bank[{i}].conflict"][0] == n, (i, b[f"bank[{i}].conflict"], n)
assert b["hazard.staging"][0] == st["hazard_warp_cycles"]["staging_busy"]
assert b["fetch.merge"][0] == st["icache"]["merges"] > 0
assert b["issue.sr"][1] == st["cycles"] and b["issue.cu"][1] == 0   # loops 2
EOF

# merging: counts add up; every bin of every file is listed
python3 scripts/covreport.py --json "$T/m.json" "$T" >"$T/report.txt"
python3 - "$T" <<'EOF' || fail "merged counts"
import json, sys
t = sys.argv[1]
files = [json.load(open(f"{t}/{x}.cov.json")) for x in "abc"]
m = json.load(open(f"{t}/m.json"))
assert m["files"] == 3 and m["runs"] == 3
for name in files[0]["bins"]:
    want = [sum(f["bins"][name][k] for f in files) for k in (0, 1)]
    assert m["bins"][name] == want, (name, m["bins"][name], want)
holes = [n for n, (h, a) in m["bins"].items() if a and not h]
assert m["holes"] == holes
report = open(f"{t}/report.txt").read()
for name in files[0]["bins"]:
    assert name in report, name
assert "never fired (holes):" in report if holes else True
EOF
grep -q "covreport: 3 files, 3 runs" "$T/report.txt" || fail "summary line"

# --fail-on-holes: three tiny runs leave holes -> exit 1; a file without holes -> 0
if python3 scripts/covreport.py --quiet --fail-on-holes "$T" >/dev/null; then
    fail "--fail-on-holes passed with holes"
fi
python3 - "$T" <<'EOF'
import json, sys
t = sys.argv[1]
d = json.load(open(f"{t}/a.cov.json"))
d["bins"] = {n: ([1, a] if a else [0, 0]) for n, (h, a) in d["bins"].items()}
json.dump(d, open(f"{t}/full.json", "w"))
EOF
python3 scripts/covreport.py --quiet --fail-on-holes "$T/full.json" >/dev/null || fail "no holes but exit 1"
# bad input: exit 2 naming the file
echo '{"format":"other"}' >"$T/bad.json"
rc=0; python3 scripts/covreport.py "$T/bad.json" 2>"$T/err" >/dev/null || rc=$?
[ "$rc" = 2 ] && grep -q "bad.json" "$T/err" || fail "malformed input: rc=$rc"
# wfsim --cov - : stdout is pure JSON (the summary line goes to stderr)
"$WFSIM" --cov - sim/examples/vecadd.s 2>/dev/null | python3 -c \
    'import json, sys; assert json.load(sys.stdin)["runs"] == 1' || fail "--cov - is not pure JSON"
# wfsim: an unwritable --cov path is a file error (exit 2)
rc=0; "$WFSIM" --quiet --cov /nonexistent/x.json sim/examples/vecadd.s 2>/dev/null || rc=$?
[ "$rc" = 2 ] || fail "wfsim --cov to an unwritable path: rc=$rc"
# the plan (--plan): a regress-style directory <seed>/run.cov.json + options.txt;
# the cell of the run's configuration is hit by that seed, cells of configurations
# never drawn are holes, mode-3-only bins under loops 2 are unreachable
mkdir -p "$T/plan/7"
popts="--layout naive --loops 2 --hazard stall --war bloom --sched gto"
# shellcheck disable=SC2086
"$WFSIM" $popts --quiet --cov "$T/plan/7/run.cov.json" sim/examples/seed_naive.s
echo "$popts --warps 8" >"$T/plan/7/options.txt"
rc=0; python3 scripts/covreport.py --plan --fail-on-holes --json "$T/plan.json" "$T/plan" >"$T/plan.txt" || rc=$?
[ "$rc" = 1 ] || fail "--plan --fail-on-holes with plan holes: rc=$rc"
python3 - "$T" <<'EOF2' || fail "plan report"
import json, sys
t = sys.argv[1]
rep = open(f"{t}/plan.txt").read()
m = json.load(open(f"{t}/plan.json"))
assert m["seeds"]["hazard.staging"] == [7], m["seeds"].get("hazard.staging")
assert any(c.startswith("hazard.staging @ loops=1,hazard=replay") for c in m["plan_holes"]), m["plan_holes"][:5]
assert not any(c.startswith("hazard.staging @ loops=2,hazard=stall,war=bloom") for c in m["plan_holes"])
assert "issue.cu @ loops=2: §7.1: loop mode 3 only" in rep, "unreachable cell with its reason"
assert "hazard.staging               1/30 cells hit" in rep, rep[:2000]
EOF2
echo "test-cov: all checks passed"
