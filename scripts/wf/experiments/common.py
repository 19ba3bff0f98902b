"""What every experiment shares: running wfsim once per (kernel, options)
point (Runner), the context an experiment writes into (Ctx), the report's
number formats and the statistics it derives from wfsim's --json."""
import concurrent.futures as cf
import json
import math
import os
import subprocess
from string import Template

from ..paths import WFSIM, kernel_options, qjoin as shell  # noqa: F401

SIM = "build/wfsim"  # the simulator as the recorded commands name it (`make experiments`)
LONG_LAT = ["--alu-lat", "4", "--mul-lat", "16", "--lsu-lat", "16"]
LONG_TXT = "`--alu-lat 4 --mul-lat 16 --lsu-lat 16`"
POLICIES = ["none", "inorder", "warpboard-commit", "warpboard-read", "bloom"]
TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")


# ---- running wfsim ------------------------------------------------------------

class Runner:
    """One point per (kernel, options): the `--json` run, plus on request the
    `--cov -` run (coverage bins) and the `--dump-state -` runs of the cycle
    model and of `--functional` (final-state check). Each run's command is
    recorded with the simulator named `build/wfsim`."""

    def __init__(self, kernels, jobs):
        self.kernels = kernels
        self.jobs = jobs
        self.points = {}  # (kernel, tuple(opts)) -> result
        self.extras = {}  # (kernel, tuple(opts)) -> {"cov", "state"} subset
        self.invocations = 0

    def want(self, kernel, opts, cov=False, state=False):
        key = (kernel, tuple(opts))
        ex = self.extras.setdefault(key, set())
        if cov:
            ex.add("cov")
        if state:
            ex.add("state")
        return key

    def _run(self, argv):
        p = subprocess.run([WFSIM] + argv, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit("experiments: failed (%d): %s\n%s" % (
                p.returncode, shell([WFSIM] + argv), p.stderr))
        return json.loads(p.stdout)

    def _one(self, key):
        kernel, opts = key
        base = kernel_options(kernel) + list(opts)
        argv = base + ["--quiet", "--json", kernel]
        res = {"kernel": kname(kernel), "opts": list(opts), "command": shell([SIM] + argv),
               "stats": self._run(argv)}
        n = 1
        ex = self.extras[key]
        if "cov" in ex:
            cargv = base + ["--quiet", "--cov", "-", kernel]
            cov = self._run(cargv)
            res["cov_command"] = shell([SIM] + cargv)
            res["cov"] = {b: v[0] for b, v in cov["bins"].items()
                          if v[0] and b.startswith("war.block.")}
            n += 1
        if "state" in ex:
            a = base + ["--quiet", "--dump-state", "-", kernel]
            b = base + ["--functional", "--quiet", "--dump-state", "-", kernel]
            sa, sb = self._run(a), self._run(b)
            res["state_commands"] = [shell([SIM] + a), shell([SIM] + b)]
            res["state_matches_functional"] = sa["regs"] == sb["regs"] and sa["mem"] == sb["mem"]
            n += 2
        return key, res, n

    def run_pending(self):
        keys = sorted(k for k in self.extras if k not in self.points)
        with cf.ThreadPoolExecutor(max_workers=self.jobs) as ex:
            for key, res, n in ex.map(self._one, keys):
                self.points[key] = res
                self.invocations += n

    def get(self, key):
        return self.points[key]

    def st(self, key):
        return self.points[key]["stats"]


# ---- helpers ----------------------------------------------------------------------

def mean(xs):
    return sum(xs) / len(xs)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def f3(x):
    return "%.3f" % x


def pct(x):
    return "%+.1f%%" % (100 * x)


def ratio(x):
    return "%.2fx" % x


def change(new, old):
    """relative change new/old - 1 as a percentage, or n/a when old is 0."""
    return pct(new / old - 1) if old else "n/a"


def share(part, whole):
    return "%.0f%%" % (100.0 * part / whole) if whole else "n/a"


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def kname(k):
    return os.path.basename(k)[:-2]


def conflicts(st):
    return sum(st["banks"]["read_conflict_cycles"])


def idle_slots(st):
    """issue slots (cycles) in which no instruction issued: replays, stalls, no ready head."""
    return st["cycles"] - st["issue_slots"]["issued"]


def warps_needed(ws, ys, target):
    """fewest warps at which ys reaches target, linear between grid points; None if never."""
    prev = None
    for w, y in zip(ws, ys):
        if y >= target:
            if prev is None or y <= prev[1]:
                return float(w)
            return prev[0] + (w - prev[0]) * (target - prev[1]) / (y - prev[1])
        prev = (w, y)
    return None


def fmt_w(v, ws):
    return "not reached (W <= %d)" % ws[-1] if v is None else "%.1f" % v


def first_at(xs, ys, target):
    """first x of the grid whose y reaches target."""
    return next((x for x, y in zip(xs, ys) if y >= target), None)


# ---- the context of an experiment ----------------------------------------------

class Ctx:
    """What an experiment reads (args .a, the Runner .r) and writes (.sections
    of markdown, plots under .svgdir referenced as .reldir/NAME)."""

    def __init__(self, args, runner, svgdir, reldir):
        self.a, self.r, self.svgdir, self.reldir = args, runner, svgdir, reldir
        self.sections = []

    def svg(self, name):
        return os.path.join(self.svgdir, name), "%s/%s" % (self.reldir, name)


def sweep_cmd(section):
    return ("`python3 scripts/experiments.py --only %s` (writes out/experiments/results.md; "
            "all sections into docs/: `make experiments`)" % section)


class Text:
    """The report text of one experiment, templates/NAME.md: blocks that start
    at a line `@@ BLOCK` and run to the next one (their trailing blank lines
    dropped), with `$name` placeholders (string.Template). Every block may use
    $long_txt and $sweep (the command that reruns this experiment alone)."""

    def __init__(self, name):
        self.vars = {"long_txt": LONG_TXT, "sweep": sweep_cmd(name)}
        self.blocks = {}
        block = None
        with open(os.path.join(TEMPLATES, name + ".md")) as f:
            for line in f.read().split("\n"):
                if line.startswith("@@ "):
                    block = line[3:].strip()
                    self.blocks[block] = []
                elif block is not None:
                    self.blocks[block].append(line)
        self.blocks = {b: Template("\n".join(ls).rstrip("\n")) for b, ls in self.blocks.items()}

    def __call__(self, block, **values):
        """the block with its placeholders filled (a missing value is an error)."""
        return self.blocks[block].substitute(self.vars, **values)
