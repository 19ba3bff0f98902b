"""Two regression runs' per-seed outcomes side by side (scripts/regress-compare.py):
the batch workers (BATCH=1) against the per-seed path (BATCH=0) must give the
same verdict for every seed. Compared per RTL seed: result.json's outcome
(status, kind, message, exit status, the record's cycle, field, expected,
actual and cycle counts), the harness's record verdict.json whole (status,
kind, cycle counts, the final-state and oracle checks, the model's history,
the reproduce line), the program and options (prog.s, options.txt), and the
harness's output (stdout.txt, stderr.txt) with the host's speed figures
masked. Each run's own directory is written as RUN in both before comparing;
run times differ and are not compared."""
import json
import os
import re
import sys

OUTCOME = ("status", "kind", "message", "rc", "cycle", "field", "expected", "actual", "cycles", "class", "form",
           "reproduce")
TEXTS = ("prog.s", "options.txt", "stdout.txt", "stderr.txt", "gen.log", "cmd.txt")
# the host's speed in the harness's lines: "NNN cycles/s", "in 0.123 s"
SPEED = re.compile(r"\b\d+ cycles/s|\bin \d+\.\d+ s\b")


def seeds(run):
    return sorted(int(d) for d in os.listdir(run) if d.isdigit() and os.path.isdir(os.path.join(run, d)))


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def _norm(text, run):
    return None if text is None else SPEED.sub("SPEED", text.replace(os.path.abspath(run), "RUN"))


def _json(path, run):
    text = _norm(_read(path), run)
    try:
        return None if text is None else json.loads(text)
    except ValueError:
        return "unreadable: " + text[:80]


def seed_view(run, seed):
    """What is compared of one seed: {name: value}."""
    d = os.path.join(run, str(seed))
    res = _json(os.path.join(d, "result.json"), run) or {}
    view = {"result." + k: res.get(k) for k in OUTCOME}
    view["verdict.json"] = _json(os.path.join(d, "verdict.json"), run)
    for name in TEXTS:
        view[name] = _norm(_read(os.path.join(d, name)), run)
    return view


def compare(run_a, run_b):
    """([(seed, item, a, b)] differences, seeds compared, {kind: count} of run_a)."""
    sa, sb = seeds(run_a), seeds(run_b)
    diffs = [(s, "seed directory", s in sa, s in sb) for s in sorted(set(sa) ^ set(sb))]
    kinds = {}
    both = sorted(set(sa) & set(sb))
    for s in both:
        va, vb = seed_view(run_a, s), seed_view(run_b, s)
        k = va["result.kind"] or "pass"
        kinds[k] = kinds.get(k, 0) + 1
        for name in va:
            if va[name] != vb[name]:
                diffs.append((s, name, va[name], vb[name]))
    return diffs, len(both), kinds


def main(argv):
    """scripts/regress-compare.py RUN_A RUN_B: exit 0 identical, 1 a difference (each listed), 2 usage."""
    if len(argv) != 3 or not all(os.path.isfile(os.path.join(a, "run.json")) for a in argv[1:]):
        print("usage: regress-compare.py RUN_A RUN_B (two run directories with run.json)", file=sys.stderr)
        return 2
    diffs, n, kinds = compare(argv[1], argv[2])
    for seed, name, a, b in diffs[:50]:
        print("seed %s: %s differs:\n  %s: %.300s\n  %s: %.300s" % (seed, name, argv[1], a, argv[2], b))
    if len(diffs) > 50:
        print("... %d differences in all" % len(diffs))
    print("%d seeds compared (%s): %s" % (n, ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
                                          "identical" if not diffs else "%d differences" % len(diffs)))
    return 1 if diffs or not n else 0
