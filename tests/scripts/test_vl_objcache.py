"""verif/vl-objcache.sh, the OBJCACHE of the harnesses' Verilator
builds: Verilator's runtime sources are compiled once per key and copied
after that; a changed flag, compiler or source compiles again; the -DWF_P_*
size defines are not part of the key; every other source and every failing
compile pass through. A fake compiler counts its calls."""
import os
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CACHE = os.path.join(ROOT, "verif", "vl-objcache.sh")

FAKE_CXX = """#!/usr/bin/env bash
[ "$1" = --version ] && { echo "fakecxx ${FAKE_VERSION:-1}"; exit 0; }
echo "$@" >> "$CALLS"
[ -n "${FAKE_FAIL:-}" ] && { echo "fakecxx: error" >&2; exit 1; }
while [ $# -gt 0 ]; do [ "$1" = -o ] && { out=$2; shift; }; shift; done
printf 'object of %s\\n' "${FAKE_VERSION:-1}" > "$out"
"""


def setup(tmp):
    inc = os.path.join(tmp, "vlinc")
    os.makedirs(inc, exist_ok=True)
    for f, text in (("verilated.cpp", "int x;\n"), ("verilated_config.h", "#define V 5006\n"),
                    ("other.cpp", "int y;\n")):
        with open(os.path.join(inc, f), "w") as fh:
            fh.write(text)
    cxx = os.path.join(tmp, "fakecxx")
    with open(cxx, "w") as f:
        f.write(FAKE_CXX)
    os.chmod(cxx, 0o755)
    return inc, cxx


def compile_(tmp, cxx, src, *flags, **env):
    calls = os.path.join(tmp, "calls")
    e = dict(os.environ, CALLS=calls, WF_VLRT_DIR=os.path.join(tmp, "vlrt"), **env)
    obj = os.path.join(tmp, "out.o")
    if os.path.exists(obj):
        os.remove(obj)
    p = subprocess.run([CACHE, cxx] + list(flags) + ["-c", "-o", obj, src], env=e, capture_output=True,
                       text=True, cwd=tmp)
    n = len(open(calls).read().splitlines()) if os.path.exists(calls) else 0
    return p.returncode, n, open(obj).read() if os.path.exists(obj) else None


def test_runtime_objects_compiled_once_per_key(tmp):
    inc, cxx = setup(tmp)
    vc = os.path.join(inc, "verilated.cpp")
    assert compile_(tmp, cxx, vc, "-O1", "-DWF_P_WARPS=8") == (0, 1, "object of 1\n")
    # another build shape: the same object, copied
    assert compile_(tmp, cxx, vc, "-O1", "-DWF_P_WARPS=2") == (0, 1, "object of 1\n")
    # another flag, another compiler version: compiled again
    assert compile_(tmp, cxx, vc, "-O2", "-DWF_P_WARPS=2")[:2] == (0, 2)
    assert compile_(tmp, cxx, vc, "-O1", FAKE_VERSION="2") == (0, 3, "object of 2\n")
    # the source changed (another Verilator): compiled again
    with open(vc, "a") as f:
        f.write("int z;\n")
    assert compile_(tmp, cxx, vc, "-O1")[:2] == (0, 4)
    assert compile_(tmp, cxx, vc, "-O1")[:2] == (0, 4)
    # not Verilator's runtime: always compiled
    other = os.path.join(inc, "other.cpp")
    assert compile_(tmp, cxx, other, "-O1")[:2] == (0, 5)
    assert compile_(tmp, cxx, other, "-O1")[:2] == (0, 6)
    # a failing compile fails and leaves nothing in the cache
    rc, n, obj = compile_(tmp, cxx, vc, "-O3", FAKE_FAIL="1")
    assert (rc, n, obj) == (1, 7, None)
    rc, n, obj = compile_(tmp, cxx, vc, "-O3")
    assert (rc, n) == (0, 8), "a failed compile was cached"


def test_usage(tmp):
    p = subprocess.run([CACHE, "g++"], capture_output=True, text=True)
    assert p.returncode == 2 and "usage" in p.stderr
