"""What the pytest suites of tests/ share: the tools under test (wfsim from
WFSIM, as `make` passes it: plain or sanitized; wfgen), the drivers of
scripts/ and make, each run from the checkout's root with its output as text."""
import json
import os
import subprocess
import sys

from wf.paths import ROOT, WFGEN as _WFGEN, WFSIM as _WFSIM

WFSIM = os.path.abspath(_WFSIM)
WFGEN = os.path.abspath(_WFGEN)
EXAMPLES = os.path.join(ROOT, "sim", "examples")
KERNELS = os.path.join(ROOT, "sim", "kernels")


def _run(cmd, timeout, cwd, env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL):
    full = dict(os.environ, WFSIM=WFSIM)
    full.update(env or {})
    return subprocess.run([str(c) for c in cmd], stdin=stdin, stdout=stdout, stderr=stderr,
                          timeout=timeout, cwd=cwd or ROOT, env=full, errors="replace",
                          universal_newlines=True)


def sim(*args, timeout=300, cwd=None, stdout=subprocess.PIPE, env=None):
    """wfsim ARGS with stdin empty: the finished process (text, undecodable
    bytes replaced)"""
    return _run([WFSIM] + list(args), timeout, cwd, env, stdout=stdout)


def sim_json(*args, **kw):
    """wfsim ARGS that must pass and print JSON on stdout: the decoded value"""
    p = sim(*args, **kw)
    assert p.returncode == 0, "wfsim %s exited %d: %s" % (" ".join(map(str, args)), p.returncode, p.stderr[:400])
    return json.loads(p.stdout)


def gen(*args, timeout=300, cwd=None, env=None):
    """wfgen ARGS: the finished process"""
    return _run([WFGEN] + list(args), timeout, cwd, env)


def script(name, *args, timeout=600, cwd=None, env=None):
    """python3 scripts/NAME ARGS (WFSIM set to the wfsim under test, ENV
    added): the finished process, stderr apart"""
    return _run([sys.executable, os.path.join(ROOT, "scripts", name)] + list(args), timeout, cwd, env)


def make(*args, timeout=600, env=None):
    """make --no-print-directory ARGS in the root: the finished process,
    stderr into stdout"""
    return _run(["make", "--no-print-directory"] + list(args), timeout, None, env,
                stderr=subprocess.STDOUT)


def load_json(path):
    with open(path) as f:
        return json.load(f)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def read(path):
    with open(path) as f:
        return f.read()


def _run_facts(summary):
    """the key facts of a regression report, seed for seed (times and paths aside)"""
    s = load_json(summary)
    return [(s["state"], s["not_run"])] + [(r["id"], r["status"], r["kind"], r["message"], r.get("reproduced"))
                                           for r in s["results"]]


def same_run_problems(a, b, what):
    """how run directory A differs from the reference run B: the report's
    facts, every seed's drawn options and program, the JUnit testcase and
    failure counts ([] when they are the same)"""
    bad = []
    fa, fb = _run_facts(os.path.join(a, "summary.json")), _run_facts(os.path.join(b, "summary.json"))
    if fa != fb:
        bad.append("%s: report differs from the reference run: %s" % (
            what, [x for x in fa if x not in fb][:3] + [x for x in fb if x not in fa][:3]))
    for s in sorted(x for x in os.listdir(b) if x.isdigit()):
        for f in ("prog.s", "options.txt"):
            pa, pb = os.path.join(a, s, f), os.path.join(b, s, f)
            if not (os.path.exists(pa) and read(pa) == read(pb)):
                bad.append("%s: seed %s drew another program or configuration" % (what, s))
                break
    ja, jb = read(os.path.join(a, "junit.xml")), read(os.path.join(b, "junit.xml"))
    if any(ja.count(t) != jb.count(t) for t in ("<testcase", "<failure")):
        bad.append("%s: JUnit differs" % what)
    return bad


def same_run(a, b, what):
    """assert that run directory A is the reference run B, seed for seed"""
    bad = same_run_problems(a, b, what)
    assert not bad, "\n".join(bad)
