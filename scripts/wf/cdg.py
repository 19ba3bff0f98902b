"""Coverage-directed generation (docs/verification.md "Coverage-directed
generation"): a coverage report's holes and weakly hit bins and plan cells
as a bias file of weighted targets, which `wfgen --cdg BIAS` draws seeds
under (verif/cdg.c: the bin table that says which aimed row of verif/aim.c
and template reach a bin lives there, and only there).

The report is the JSON that scripts/covreport.py --json writes (make
regress COV=1: <run>/coverage/coverage.json; make coverage-report:
out/coverage/coverage.json); with --plan it has the plan's cells. A bias
file (first line BIAS_HEADER) is taken as it is, so a run's own copy
re-draws its seeds exactly.

Errors a user must see are CdgError (one line naming the file; exit 2)."""
import hashlib
import json
import os
import subprocess
import tempfile

COV_FORMAT = "warpfront-cov-1"  # the per-run coverage files and the merged report
BIAS_HEADER = "# warpfront-cdg-bias 1"
HOLE_WEIGHT = 4  # a hole (never hit, or its configuration never drawn)
WEAK_WEIGHT = 1  # a bin or plan cell hit, but by fewer than WEAK_SEEDS seeds
WEAK_SEEDS = 3


class CdgError(Exception):
    """A CDG input that cannot be used: one line, naming the file."""


def read_report(path):
    """The merged coverage report at path, checked: its format, bins, seeds and
    (optional) plan cells."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise CdgError("%s: %s" % (path, e.strerror or e)) from None
    try:
        d = json.loads(text)
    except ValueError as e:
        raise CdgError("%s: not JSON (%s); expected a coverage report (scripts/covreport.py --json) "
                       "or a bias file ('%s')" % (path, e, BIAS_HEADER)) from None
    if not isinstance(d, dict) or d.get("format") != COV_FORMAT:
        got = d.get("format") if isinstance(d, dict) else type(d).__name__
        raise CdgError("%s: format %r, expected %r (a report of scripts/covreport.py --json)"
                       % (path, got, COV_FORMAT))
    bins, seeds, cells = d.get("bins"), d.get("seeds", {}), d.get("plan_cells", {})
    if not isinstance(bins, dict) or not all(
            isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x >= 0 for x in v)
            for v in bins.values()):
        raise CdgError("%s: 'bins' must map each bin to [hits, applicable]" % path)
    if not isinstance(seeds, dict) or not all(isinstance(v, list) for v in seeds.values()):
        raise CdgError("%s: 'seeds' must map each bin to a list of seeds" % path)
    if not isinstance(cells, dict) or not all(
            isinstance(v, dict) and v.get("state") in ("hit", "hole", "unreachable")
            and isinstance(v.get("seeds"), int) for v in cells.values()):
        raise CdgError("%s: 'plan_cells' must map each cell to {state, seeds}" % path)
    return d


def cell_target(cell):
    """'bin @ a=v,b=w' (a plan cell) -> 'bin@a=v,b=w' (a bias target)."""
    name, _, axes = cell.partition(" @ ")
    return name + ("@" + axes if axes else "")


def targets(report):
    """[(weight, target, why)] of a report: every hole and weakly hit plan cell,
    every hole and weakly hit bin (a bin with applicable samples)."""
    out = []
    for cell, v in sorted(report.get("plan_cells", {}).items()):
        if v["state"] == "hole":
            out.append((HOLE_WEIGHT, cell_target(cell), "plan hole"))
        elif v["state"] == "hit" and v["seeds"] < WEAK_SEEDS:
            out.append((WEAK_WEIGHT, cell_target(cell), "plan cell hit by %d seeds" % v["seeds"]))
    for name, (hits, app) in sorted(report["bins"].items()):
        n = len(report.get("seeds", {}).get(name, []))
        if app and not hits:
            out.append((HOLE_WEIGHT, name, "bin hole"))
        elif hits and n < WEAK_SEEDS:
            out.append((WEAK_WEIGHT, name, "bin hit by %d seeds" % n))
    return out


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def is_bias(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.readline().rstrip("\n") == BIAS_HEADER
    except OSError as e:
        raise CdgError("%s: %s" % (path, e.strerror or e)) from None


def check_bias(path, wfgen):
    """wfgen's own reading of a bias file (`wfgen --cdg-check`): its summary line."""
    p = subprocess.run([wfgen, "--cdg-check", path], capture_output=True, text=True)
    if p.returncode != 0:
        raise CdgError((p.stderr.strip() or "wfgen --cdg-check: exit %d" % p.returncode)
                       .replace("wfgen: --cdg-check ", ""))
    return p.stdout.strip()


def bias_text(path, wfgen):
    """(bias file text, info) from CDG=path: a coverage report (its targets) or a
    bias file (taken as it is). info: source, kind, targets by kind, the file's
    sha256 of the source. Checked by wfgen, so nothing malformed gets further."""
    src = os.path.abspath(path)
    if is_bias(src):
        check_bias(src, wfgen)
        with open(src, encoding="utf-8") as f:
            text = f.read()
        info = {"source": src, "kind": "bias file"}
    else:
        rep = read_report(src)
        ts = targets(rep)
        if not ts:
            raise CdgError("%s: no holes and no weakly hit bins or cells: nothing to direct the run to"
                           % path)
        lines = [BIAS_HEADER,
                 "# from %s (sha256 %s): %d files, %d runs; %s" % (
                     src, sha256(src), rep.get("files", 0), rep.get("runs", 0),
                     "with the plan's cells" if rep.get("plan_cells") else
                     "no plan cells (written without --plan): bins only"),
                 "# weight target   (hole %d, weakly hit: fewer than %d seeds %d)"
                 % (HOLE_WEIGHT, WEAK_SEEDS, WEAK_WEIGHT)]
        lines += ["%d %s" % (w, t) for w, t, _why in ts]
        text = "\n".join(lines) + "\n"
        info = {"source": src, "kind": "coverage report", "source_sha256": sha256(src),
                "holes": sum(1 for w, _, _ in ts if w == HOLE_WEIGHT),
                "weak": sum(1 for w, _, _ in ts if w == WEAK_WEIGHT)}
        with tempfile.NamedTemporaryFile("w", suffix=".cdg.txt", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            try:
                check_bias(f.name, wfgen)
            except CdgError as e:
                raise CdgError("%s: its targets are not a valid bias: %s" % (path, e)) from None
    info["targets"] = sum(1 for l in text.splitlines() if l and not l.startswith("#"))
    return text, info


def write_bias(text, dest, wfgen):
    """Writes the bias file to dest, checks it with wfgen; its sha256."""
    with open(dest, "w", encoding="utf-8") as f:
        f.write(text)
    check_bias(dest, wfgen)
    return sha256(dest)
