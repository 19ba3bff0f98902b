"""verif/build.sh, the build layer of every harness: its cache (wf_build) is
keyed by the contents of the RTL, the Verilator command (the flags of the one
place, vl_flags / vl_make / vl_cflags, and the parameters and defines of the
knobs) and the tools' versions. A copy of the build layer and of rtl/ in a
temporary root, a fake verilator on PATH that writes the binary and counts its
calls; each case must rebuild (or not) and say why."""
import os
import shutil
import subprocess

from wf.regress.runner import Rtl

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

FAKE_VERILATOR = """#!/usr/bin/env bash
[ "$1" = --version ] && { echo "Verilator ${FAKE_VERSION:-5.006}"; exit 0; }
echo "$@" >> "$CALLS"
while [ $# -gt 0 ]; do
  case $1 in --Mdir) d=$2; shift ;; -o) o=$2; shift ;; esac; shift
done
mkdir -p "$d" && echo "model $RANDOM" > "$d/$o" && chmod +x "$d/$o"
"""

# what a harness does (verif/cosim/run.sh): the configuration from its
# arguments, the command of wf_vlcmd, wf_build over the RTL and the C side
HARNESS = """set -euo pipefail
cd "$TROOT"
source verif/build.sh "$@"
[[ -z ${EXTRA_FLAG:-} ]] || vl_flags+=("$EXTRA_FLAG")
dir=$TROOT/build/rtl/$bkey
wf_vlcmd "$dir" Vwf_core "$rtl_top" "${vl_make_cc[1]}" --cc --exe main.cpp
deps=("${rtl_deps[@]}" "${wf_cdeps[@]}")
wf_build_say=1 wf_build "$dir" Vwf_core deps vcmd
echo "key $(cat "$dir/build.key") dir ${dir##*/}"
"""


def setup(tmp):
    troot = os.path.join(tmp, "root")
    shutil.copytree(os.path.join(ROOT, "rtl"), os.path.join(troot, "rtl"))
    os.makedirs(os.path.join(troot, "verif"))
    shutil.copy(os.path.join(ROOT, "verif", "build.sh"), os.path.join(troot, "verif"))
    fake = os.path.join(tmp, "bin")
    os.makedirs(fake)
    with open(os.path.join(fake, "verilator"), "w") as f:
        f.write(FAKE_VERILATOR)
    os.chmod(os.path.join(fake, "verilator"), 0o755)
    h = os.path.join(tmp, "harness.sh")
    with open(h, "w") as f:
        f.write(HARNESS)
    return troot, fake, h


def run(tmp, *args, **env):
    troot, fake, h = setup(tmp) if not os.path.exists(os.path.join(tmp, "root")) else (
        os.path.join(tmp, "root"), os.path.join(tmp, "bin"), os.path.join(tmp, "harness.sh"))
    e = {k: v for k, v in os.environ.items() if not k.startswith("WF_")}
    e.update(PATH=fake + os.pathsep + os.environ["PATH"], TROOT=troot, CALLS=os.path.join(tmp, "calls"))
    e.update(env)
    p = subprocess.run(["bash", h] + list(args), env=e, capture_output=True, text=True)
    calls = open(e["CALLS"]).read().count("\n") if os.path.exists(e["CALLS"]) else 0
    key = dir_ = None
    for line in p.stdout.splitlines():
        if line.startswith("key "):
            _, key, _, dir_ = line.split()
    return p, calls, key, dir_


def test_key_follows_rtl_flags_knobs_and_tools(tmp_path):
    tmp = str(tmp_path)
    p, n, key0, dir0 = run(tmp)
    assert p.returncode == 0, p.stderr
    assert n == 1 and "building build/rtl/%s (no cached build)" % dir0 in p.stderr, (n, p.stderr)
    # the same: verified, not built
    p, n, key, _ = run(tmp)
    assert p.returncode == 0 and n == 1 and key == key0, (n, p.stdout, p.stderr)
    assert "cached build verified" in p.stdout
    # an RTL file's contents
    with open(os.path.join(tmp, "root", "rtl", "wf_core.v"), "a") as f:
        f.write("// changed\n")
    p, n, key1, dir1 = run(tmp)
    assert p.returncode == 0 and n == 2 and dir1 == dir0 and key1 != key0, (n, p.stderr)
    assert "(sources, flags or tools changed)" in p.stderr
    # a header of the RTL (an include file, not on the command line)
    with open(os.path.join(tmp, "root", "rtl", "wf_defs.vh"), "a") as f:
        f.write("// changed\n")
    p, n, key2, _ = run(tmp)
    assert n == 3 and key2 not in (key0, key1), (n, p.stderr)
    # a Verilator flag added to the one place's vl_flags
    p, n, key3, _ = run(tmp, EXTRA_FLAG="--x-assign=fast")
    assert n == 4 and key3 not in (key0, key1, key2), (n, p.stderr)
    # the flags in verif/build.sh itself (its make variables: an -O level)
    bs = os.path.join(tmp, "root", "verif", "build.sh")
    text = open(bs).read()
    assert "OPT_FAST=-O" in text
    with open(bs, "w") as f:
        f.write(text.replace("OPT_FAST=-O", "OPT_FAST=-O0 -O", 1))
    p, n, key4, _ = run(tmp)
    assert n == 5 and key4 not in (key0, key1, key2, key3), (n, p.stderr)
    assert "OPT_FAST=-O0" in open(os.path.join(tmp, "calls")).read().splitlines()[-1]
    p, n, key5, _ = run(tmp)
    assert n == 5 and key5 == key4, (n, p.stderr)
    # the tool's version
    p, n, key6, _ = run(tmp, FAKE_VERSION="5.020")
    assert n == 6 and key6 != key5, (n, p.stderr)


def test_knobs_select_their_build(tmp_path):
    tmp = str(tmp_path)
    _, _, key0, dir0 = run(tmp)
    # a size parameter, WF_DEFINES and WF_RTL_PARAMS: each its own directory and key
    seen = {(key0, dir0)}
    for args, env in ((["--warps", "4"], {}), ([], {"WF_DEFINES": "WF_ASSERT WF_MUTANT_X"}),
                      ([], {"WF_RTL_PARAMS": "ALU_LAT_MAX=9"})):
        p, _, key, dir_ = run(tmp, *args, **env)
        assert p.returncode == 0, p.stderr
        assert key not in {k for k, _ in seen} and dir_ not in {d for _, d in seen}, (args, env)
        seen.add((key, dir_))
    # a misspelt knob is refused, naming it; a bad value too
    p, _, _, _ = run(tmp, WF_DEFINE="WF_ASSERT")
    assert p.returncode == 2 and "WF_DEFINE: not a knob of the harnesses" in p.stderr, p.stderr
    p, _, _, _ = run(tmp, "--warps", "four")
    assert p.returncode == 2 and "--warps 'four' is not a number" in p.stderr, p.stderr


def test_damaged_binary_and_failed_build(tmp_path):
    tmp = str(tmp_path)
    _, n, key0, dir0 = run(tmp)
    binary = os.path.join(tmp, "root", "build", "rtl", dir0, "Vwf_core")
    with open(binary, "a") as f:
        f.write("x")
    p, n, key, _ = run(tmp)
    assert n == 2 and key == key0 and "(cached Vwf_core fails its checksum)" in p.stderr, (n, p.stderr)
    # a failing build: exit 2, the log's tail shown, no key left behind
    fake = os.path.join(tmp, "bin", "verilator")
    with open(fake, "w") as f:
        f.write(FAKE_VERILATOR.replace('echo "$@" >> "$CALLS"', 'echo "$@" >> "$CALLS"; echo "%Error: broken" >&2; exit 1'))
    with open(os.path.join(tmp, "root", "rtl", "wf_core.v"), "a") as f:
        f.write("// changed\n")
    p, n, key, _ = run(tmp)
    assert p.returncode == 2 and "build failed" in p.stderr and "%Error: broken" in p.stderr, p.stderr
    assert not os.path.exists(os.path.join(tmp, "root", "build", "rtl", dir0, "build.key"))


def test_build_opt(tmp_path):
    """WF_BUILD_OPT=2: the per-cycle code at -O2, its own build; another value refused."""
    tmp = str(tmp_path)
    _, _, key0, dir0 = run(tmp)
    p, _, key, dir_ = run(tmp, WF_BUILD_OPT="2")
    assert p.returncode == 0 and dir_ == dir0 + "__O2" and key != key0, (dir_, p.stderr)
    assert "OPT_FAST=-O2 OPT_GLOBAL=-O2" in open(os.path.join(tmp, "calls")).read().splitlines()[-1]
    p, n, key1, dir1 = run(tmp, WF_BUILD_OPT="1")
    assert (key1, dir1, n) == (key0, dir0, 2), (key1, dir1, n)
    p, _, _, _ = run(tmp, WF_BUILD_OPT="3")
    assert p.returncode == 2 and "WF_BUILD_OPT='3': allowed 1 (the default), 2" in p.stderr, p.stderr


def test_regress_sets_build_opt(tmp_path, monkeypatch):
    """make regress: the quicker build below 5000 seeds, -O2 from there, the
    environment's WF_BUILD_OPT before either (make bench-build's break-even)."""
    monkeypatch.delenv("WF_BUILD_OPT", raising=False)
    item = {"dir": str(tmp_path), "defines": "WF_ASSERT", "form": "auto"}
    from wf.regress.runner import build_opt
    for n, want in ((1000, "1"), (4999, "1"), (5000, "2"), (100000, "2")):
        cfg = {"dir": str(tmp_path), "cov": False, "rtl_top": "", "build_opt": build_opt({"rtl_seeds": range(n)})}
        assert Rtl(cfg).env(item)["WF_BUILD_OPT"] == want, n
    monkeypatch.setenv("WF_BUILD_OPT", "1")
    assert Rtl(cfg).env(item)["WF_BUILD_OPT"] == "1"
