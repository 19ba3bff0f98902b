#!/usr/bin/env bash
# scripts/experiments.py on its reduced sweep (--quick) into a temporary
# directory: results.md and every SVG it references exist, the SVGs are
# well-formed XML with drawn data, and the numbers in the markdown are the
# ones wfsim prints when the commands recorded in data.json are run again.
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
if len(svgs) < 10:
    fail.append(f"only {len(svgs)} plots referenced")
ns = "{http://www.w3.org/2000/svg}"
for rel in svgs:
    root = ET.parse(os.path.join(t, rel)).getroot()
    marks = [e for e in root.iter() if e.tag in (ns + "polyline", ns + "rect", ns + "circle")]
    if root.tag != ns + "svg" or len(marks) < 4:
        fail.append(f"{rel}: not an SVG chart")
on_disk = sorted(f for f in os.listdir(f"{t}/results") if f.endswith(".svg"))
if sorted(os.path.basename(s) for s in svgs) != on_disk:
    fail.append(f"plots on disk {on_disk} != referenced")
for sec in ("IPC vs number of warps", "Naive vs swizzled", "collector units", "WAR policies",
            "Replay vs stall", "Scoreboard entries"):
    if "## " not in md or sec not in md:
        fail.append(f"section {sec!r} missing")
data = json.load(open(f"{t}/results/data.json"))
pts = data["points"]
if not data["quick"] or len(pts) < 50:
    fail.append(f"data.json: {len(pts)} points")
# re-run recorded commands (spread over the list) and find their numbers in the markdown
wfsim = os.environ["WFSIM"]
checked = 0
for p in pts[:: max(1, len(pts) // 12)]:
    cmd = shlex.split(p["command"])
    cmd[0] = wfsim
    st = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
    if st != p["stats"]:
        fail.append(f"rerun differs: {p['command']}")
    checked += 1
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
