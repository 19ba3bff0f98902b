"""Where things are: the checkout's root, the built tools (each overridable
by its environment variable, as every driver documents), and the small
readers of the tree that several drivers share."""
import os
import re
import shlex
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BUILD = os.path.join(ROOT, "build")
WFSIM = os.environ.get("WFSIM", os.path.join(BUILD, "wfsim"))
WFGEN = os.environ.get("WFGEN", os.path.join(BUILD, "wfgen"))


def rel(path):
    """path relative to the root when it is inside the checkout, else as given"""
    r = os.path.relpath(path, ROOT)
    return path if r.startswith("..") else r


def rtl_sources(ext=".v"):
    """rtl/*.v (or *.vh) as root-relative names, sorted"""
    return sorted("rtl/" + f for f in os.listdir(os.path.join(ROOT, "rtl")) if f.endswith(ext))


def kernel_options(path):
    """the words of a program's `# wfsim-options:` line (none: [])"""
    with open(path) as f:
        for line in f:
            m = re.match(r"#\s*wfsim-options:\s*(.*)", line)
            if m:
                return shlex.split(m.group(1))
    return []


def git_commit(paths=("rtl", "fpga")):
    """HEAD's short hash, "+dirty" when paths have uncommitted changes ("?"
    outside a git checkout): the revision a report was made from"""
    r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, universal_newlines=True)
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--"] + list(paths),
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           universal_newlines=True).stdout.strip()
    return (r.stdout.strip() or "?") + ("+dirty" if dirty else "")


def qjoin(cmd):
    """a command as a shell would take it back"""
    return " ".join(shlex.quote(c) for c in cmd)


def run(cmd, **kw):
    """cmd in the root, stdout and stderr together as text"""
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)
