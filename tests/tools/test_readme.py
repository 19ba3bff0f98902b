"""Every command of README.md, so the README cannot rot (`make test-readme`,
part of `make test`). The commands are the lines of the ```sh blocks, in
order, one test each:
 * a trailing "# exits N" is the expected exit status (default 0); other
   trailing "# ..." comments are ignored;
 * `gtkwave FILE` cannot open a window here: FILE must be a complete FST
   file instead (verif/cosim/fstcheck.py); it is deleted before the run, so
   it must be written by an earlier command;
 * a block right after the line <!-- readme-test: dry-run --> holds make
   commands that take too long for `make test` (the set-up commands, the
   synthesis flows): they are checked with `make -n` (the target and its
   variables exist); README_FULL=1 (`make test-readme-full`) runs them for
   real, except `make test` itself (that is the caller).
The commands run as a new user runs them: in a fresh copy of the checkout
(its tracked and untracked-but-not-ignored files) with an EMPTY build/ and
out/, so a build step the README leaves out fails here. The copy is deleted
afterwards (README_KEEP=1 keeps it). The Verilated models are the one thing
shared with the checkout: its cache (verif/cosim/run.sh; keyed by the content
of every input, path-free), so the copy does not rebuild what the other make
test stages built; README_FRESH_RTL=1 builds them in the copy too.
Logs: out/test-readme/<n>.log. A failing command skips the ones after it."""
import os
import re
import shutil
import subprocess
import tempfile

import pytest

from wf.paths import ROOT

FULL = os.environ.get("README_FULL", "0") == "1"
LOGS = os.path.join(ROOT, "out", "test-readme")


def commands():
    """(dry-run block, expected exit status, command) of every ```sh line"""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, dry, inblock = [], False, False
    for line in lines:
        s = line.strip()
        if not inblock:
            if s == "<!-- readme-test: dry-run -->":
                dry = True
            elif s == "```sh":
                inblock = True
            elif s:
                dry = False
            continue
        if s == "```":
            inblock, dry = False, False
            continue
        m = re.search(r"\s#\s*exits (\d+)\s*$", line)
        cmd = re.sub(r"\s+#.*$", "", line).strip()
        if cmd and not cmd.startswith("#"):
            out.append((dry, int(m.group(1)) if m else 0, cmd))
    return out


COMMANDS = commands()


@pytest.fixture(scope="module")
def clone():
    """a fresh copy of the checkout: {"dir", "env", "failed"}"""
    shutil.rmtree(LOGS, ignore_errors=True)
    os.makedirs(LOGS)
    d = tempfile.mkdtemp()
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           stdout=subprocess.PIPE, check=True).stdout.split(b"\0")
    files = b"\0".join(f for f in files if f and os.path.lexists(os.path.join(ROOT.encode(), f)))
    tar = subprocess.run("tar --null -T - -cf - | tar -C '%s' -xf -" % d, shell=True, cwd=ROOT, input=files)
    assert tar.returncode == 0, "cannot copy the checkout to " + d
    assert not os.path.exists(os.path.join(d, "build")) and not os.path.exists(os.path.join(d, "out")), \
        "build/ or out/ is not empty in the copy"
    env = dict(os.environ)
    env.pop("PYTEST_CURRENT_TEST", None)
    if os.environ.get("README_FRESH_RTL", "0") != "1":
        env.setdefault("WF_RTL_DIR", os.path.join(ROOT, "build", "rtl"))
    # waves files the README opens must be produced by the README's own commands
    for _, _, cmd in COMMANDS:
        if cmd.startswith("gtkwave "):
            path = os.path.join(d, cmd[len("gtkwave "):])
            if os.path.exists(path):
                os.remove(path)
    state = {"dir": d, "env": env, "failed": None}
    yield state
    if os.environ.get("README_KEEP", "0") == "1":
        print("test-readme: the copy is " + d)
    else:
        shutil.rmtree(d, ignore_errors=True)


def test_commands_found():
    assert COMMANDS, "no commands found in README.md"
    bad = [c for dry, _, c in COMMANDS if dry and c != "make" and not c.startswith("make ")]
    assert not bad, "a dry-run block may hold only make commands: %s" % bad


@pytest.mark.parametrize("n", range(1, len(COMMANDS) + 1), ids=["%d-%s" % (i + 1, c[2][:40]) for i, c in
                                                                  enumerate(COMMANDS)])
def test_readme_command(clone, n):
    dry, want, cmd = COMMANDS[n - 1]
    if clone["failed"]:
        pytest.skip("README command [%d] failed before this one" % clone["failed"])
    run, how = cmd, "run"
    if cmd.startswith("gtkwave "):
        run, how = "python3 verif/cosim/fstcheck.py " + cmd[len("gtkwave "):], "fstcheck"
    elif dry and (not FULL or cmd == "make test"):
        run, how = "make -n" + cmd[len("make"):], "make -n"
    log = os.path.join(LOGS, "%d.log" % n)
    with open(log, "w") as f:
        st = subprocess.run(["bash", "-c", run], cwd=clone["dir"], env=clone["env"], stdout=f,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL).returncode
    if st != want:
        clone["failed"] = n
        with open(log, errors="replace") as f:
            tail = "".join("  " + x for x in f.readlines()[-15:])
        pytest.fail("[%d] %s (%s): exit %d, README says %d; last lines of %s:\n%s" % (n, cmd, how, st, want, log, tail))


def test_mutant_count():
    """the README's count of deliberate bugs is the mutation self-check's"""
    listed = subprocess.run(["python3", "scripts/mutants.py", "--list"], cwd=ROOT, check=True,
                            stdout=subprocess.PIPE, universal_newlines=True).stdout.splitlines()
    n = sum(1 for line in listed if line.startswith("WF_MUTANT_"))
    with open(os.path.join(ROOT, "README.md")) as f:
        said = [int(x) for x in re.findall(r"(\d+) deliberate (?:RTL )?bugs", f.read())]
    assert said and all(x == n for x in said), \
        "README.md says %s deliberate bugs, scripts/mutants.py --list has %d" % (said, n)
