#!/usr/bin/env bash
# scripts/experiments.py on its reduced sweep (--quick) into a temporary
# directory: results.md and every SVG it references exist, the SVGs are
# well-formed XML whose drawn data marks (ids series-S / bar-S-G,
# scripts/wf/experiments/plot.py) are as many as the values their Description
# metadata lists, a bar of value 0 has its mark (zero-S), every section and
# verdict is there, the
# numbers in the markdown are the ones wfsim prints when the commands recorded
# in data.json (--json, --cov, --dump-state) are run again, and the output
# names neither the run time nor WFSIM's path (regenerating gives no diff).
set -eu
WFSIM=${WFSIM:-build/wfsim}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
WFSIM=$WFSIM python3 scripts/experiments.py --quick --out "$T" >"$T/log"
grep -q "^experiments: [0-9]* runs" "$T/log" || { echo "test-experiments: FAIL: no summary"; exit 1; }
WFSIM=$WFSIM python3 - "$T" <<'EOF'
import json, os, re, shlex, subprocess, sys
import xml.etree.ElementTree as ET
t = sys.argv[1]
md = open(f"{t}/results.md").read()
fail = []
# every referenced plot exists and parses; it draws lines/points or bars
svgs = re.findall(r"\]\((results/[^)]+\.svg)\)", md)
if len(svgs) < 13:
    fail.append(f"only {len(svgs)} plots referenced")
ns = "{http://www.w3.org/2000/svg}"
dc = "{http://purl.org/dc/elements/1.1/}"
for rel in svgs:
    root = ET.parse(os.path.join(t, rel)).getroot()
    # a line's points are the markers (<use>) in its series-S group; a bar is a bar-S-G group
    marks = sum(len([u for u in g.iter(ns + "use")]) if g.get("id").startswith("series-") else 1
                for g in root.iter(ns + "g") if re.match(r"(series-\d+|bar-\d+-\d+)$",
                                                        g.get("id", "")))
    desc = root.find(f".//{dc}description")
    values = desc.text.split("; ") if desc is not None and desc.text else []
    if root.tag != ns + "svg" or marks < 4 or marks != len(values):
        fail.append(f"{rel}: not an SVG chart ({marks} data marks, {len(values)} values)")
    # a bar of value 0 is drawn as a line (a zero-S group holds one path per such bar)
    zeros = sum(len(list(g.iter(ns + "path"))) for g in root.iter(ns + "g")
                if re.match(r"zero-\d+$", g.get("id", "")))
    if any(g.get("id", "").startswith("bar-") for g in root.iter(ns + "g")) and \
            zeros != sum(v.endswith(": 0") for v in values):
        fail.append(f"{rel}: {zeros} zero-value marks for "
                    f"{sum(v.endswith(': 0') for v in values)} bars of value 0")
on_disk = sorted(f for f in os.listdir(f"{t}/results") if f.endswith(".svg"))
if sorted(os.path.basename(s) for s in svgs) != on_disk:
    fail.append(f"plots on disk {on_disk} != referenced")
for sec in ("## IPC vs number of warps", "### Verdict: warps needed for the same IPC",
            "## Naive vs swizzled", "### Conflicts against stalls", "## IPC vs number of collector",
            "## WAR policies", "### Long latencies, 1 to", "### The claims against the measurement",
            "## Replay vs stall", "### The cycle result", "### What a cycle model cannot measure",
            "## Scoreboard entries"):
    if not re.search(r"^%s" % re.escape(sec), md, re.M):
        fail.append(f"section {sec!r} missing")
for v in (r"^Measured \(default latencies\): mode 2 \(the seed's two-loop design\) needs",
          r"^Verdict \(4 banks", r"^\| warpboard-commit \| up to ~2x \|.*\| (about 2x|below)",
          r"^Verdict: (consistent|more than 4)"):
    if not re.search(v, md, re.M):
        fail.append(f"verdict /{v}/ missing")
if re.search(r"in [0-9.]+ s\b|parallel jobs", md):
    fail.append("results.md names the run time or the job count")
data = json.load(open(f"{t}/results/data.json"))
pts = data["points"]
if not data["quick"] or len(pts) < 50:
    fail.append(f"data.json: {len(pts)} points")
# re-run recorded commands (spread over the list) and find their numbers in the markdown
wfsim = os.environ["WFSIM"]
def rerun(command):
    cmd = shlex.split(command)
    if cmd[0] != "build/wfsim":
        fail.append(f"recorded command does not start with build/wfsim: {command}")
    cmd[0] = wfsim
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
checked = 0
for p in pts[:: max(1, len(pts) // 12)]:
    if rerun(p["command"]) != p["stats"]:
        fail.append(f"rerun differs: {p['command']}")
    checked += 1
# the WAR block counts (--cov) and the final-state check (--dump-state) as recorded
covs = [p for p in pts if "cov_command" in p]
states = [p for p in pts if "state_commands" in p]
if not covs or not states:
    fail.append(f"data.json: {len(covs)} points with cov_command, "
                f"{len(states)} with state_commands")
for p in covs[:3]:
    bins = rerun(p["cov_command"])["bins"]
    if {b: v[0] for b, v in bins.items() if v[0] and b.startswith("war.block.")} != p["cov"]:
        fail.append(f"cov rerun differs: {p['cov_command']}")
    checked += 1
for p in states[:1]:
    a, b = (rerun(c) for c in p["state_commands"])
    if (a["regs"] == b["regs"] and a["mem"] == b["mem"]) != p["state_matches_functional"]:
        fail.append(f"state rerun differs: {p['state_commands']}")
    checked += 2
# table cells: IPC of the warps sweep and cycles of the WAR sweep, as wfsim gave them
def point(kernel, opts):
    for p in pts:
        if p["kernel"] == kernel and p["opts"] == opts:
            return p["stats"]
    raise KeyError((kernel, opts))
row = re.search(r"^\| mode 3 \| vecadd \| (.*) \|$", md, re.M)
want = ["%.3f" % point("vecadd", ["--lanes", "4", "--warps", str(w), "--loops", "3"])["ipc"]
        for w in (1, 2, 4, 8)]
if not row or row.group(1).split(" | ") != want:
    fail.append(f"warps table row for vecadd mode 3: {row and row.group(1)} != {want}")
none = point("bankconflict", ["--war", "none"])["cycles"]
wbc = point("bankconflict", ["--war", "warpboard-commit"])["cycles"]
if not re.search(r"^\| bankconflict \| %d \| [^\n]*\| %d \(" % (none, wbc), md, re.M):
    fail.append(f"WAR table: bankconflict none={none} warpboard-commit={wbc} not found")
# a plotted value is the mean of the table's values
svg = open(f"{t}/results/ipc_vs_warps_default.svg").read()
m3 = [sum(point(k, ["--lanes", "4", "--warps", "1", "--loops", "3"])["ipc"]
          for k in ("bankconflict", "vecadd")) / 2]
if ("mode 3 1: %s" % ("%.3f" % m3[0]).rstrip("0").rstrip(".")) not in svg:
    fail.append("ipc_vs_warps_default.svg: mode 3 at 1 warp is not the mean of the kernels")
if fail:
    print("test-experiments: FAIL:\n  " + "\n  ".join(fail))
    sys.exit(1)
print(f"test-experiments: {len(svgs)} plots well-formed, {checked} recorded runs reproduced, "
      "table cells match wfsim")
EOF
# the committed docs/results.md is what the current model gives: the whole
# sweep (seconds) into a temporary directory, compared with docs/ (a model
# change that moves any number fails here until `make experiments` is rerun)
WFSIM=$WFSIM python3 scripts/experiments.py --out "$T/full" >"$T/full.log"
if ! diff -r -q "$T/full/results.md" docs/results.md >/dev/null ||
   ! diff -r -q "$T/full/results" docs/results >/dev/null; then
  echo "test-experiments: FAIL: docs/results.md or docs/results/ is stale; run 'make experiments'"
  diff -r "$T/full/results.md" docs/results.md | head -20
  diff -r -q "$T/full/results" docs/results | head -5
  # plots alone differ: most likely another matplotlib than the one that drew docs/
  echo "test-experiments: plots drawn by $(grep -ho 'Matplotlib v[0-9.]*' "$T/full/results/"*.svg | head -1)," \
    "docs/results/ by $(grep -ho 'Matplotlib v[0-9.]*' docs/results/*.svg | head -1)"
  exit 1
fi
echo "test-experiments: docs/results.md and its $(ls docs/results/*.svg | wc -l) plots are current"
