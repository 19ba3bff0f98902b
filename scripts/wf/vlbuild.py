"""A Verilated executable built once and reused through verif/build.sh's wf_build:
the content key (each step's tool version and command line, every input file's
contents), the binary's recorded checksum and the build directory's lock are the
harness builds' own, so the Python-driven builds (the simulated board and bus of
tests/tools) cache exactly as run.sh's do."""
import os
import shlex
import subprocess
import time

from wf.paths import ROOT

MAKE_CC = object()   # stands for verif/build.sh's ${vl_make_cc[1]} (-O levels, compiler) in a command


class BuildError(RuntimeError):
    pass


def _word(w):
    return '"${vl_make_cc[1]}"' if w is MAKE_CC else shlex.quote(str(w))


def cached(build_dir, binary, cmd, deps, timeout=1800):
    """(path of build_dir/binary, "cached" or "built in N s"): cmd (a list, run in the
    repository root; MAKE_CC where the harness make flags go) builds it unless
    wf_build finds build_dir's key and checksum current; deps are the input files
    (paths relative to the root). BuildError with the log's tail when the build fails."""
    script = "\n".join([
        "set -uo pipefail",
        "source verif/build.sh",
        "deps=(%s)" % " ".join(shlex.quote(d) for d in deps),
        "vcmd=(%s)" % " ".join(_word(w) for w in cmd),
        "wf_build_say=1 wf_build %s %s deps vcmd" % (shlex.quote(build_dir), shlex.quote(binary)),
    ])
    t0 = time.time()
    p = subprocess.run(["bash", "-c", script, "vlbuild"], cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout)
    exe = os.path.join(build_dir, binary)
    if p.returncode != 0 or not os.path.exists(exe):
        raise BuildError("the build of %s failed (exit %d):\n%s" % (os.path.relpath(exe, ROOT), p.returncode,
                                                                    (p.stderr + p.stdout)[-2000:]))
    return exe, ("cached" if "cached build verified" in p.stdout else "built in %d s" % (time.time() - t0))
