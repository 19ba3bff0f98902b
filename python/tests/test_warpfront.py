"""pytest suite of the Python package (make test-python, tests/test-python.sh):
the installed package against build/wfsim (WFSIM) on the same programs and
configurations."""
import json
import os
import subprocess

import pytest

import warpfront as wf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
WFSIM = os.environ.get("WFSIM", os.path.join(ROOT, "build", "wfsim"))
RUNS = [("saxpy.s", {}), ("fact.s", {"warps": 4, "war": "inorder", "loops": 2}),
        ("vecadd.s", {"hazard": "stall", "collectors": 1, "layout": "naive"})]


def source(name):
    with open(os.path.join(ROOT, "sim", "examples", name)) as f:
        return f.read()


def wfsim(name, opts, *extra):
    args = [WFSIM]
    for k, v in opts.items():
        args += ["--" + k.replace("_", "-"), str(v)]
    return subprocess.run(args + list(extra) + [os.path.join(ROOT, "sim", "examples", name)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("name,opts", RUNS)
def test_run_matches_wfsim(name, opts, tmp_path):
    cfg = wf.Config(**opts)
    m = wf.Model(cfg, wf.assemble(source(name), regs=cfg["regs"]))
    m.run()
    r = wfsim(name, opts, "--quiet", "--json", "--dump-state", str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    want = json.loads(r.stdout)
    st = m.stats()
    assert (st["cycles"], st["instructions"]) == (want["cycles"], want["instructions"])
    assert st["slot_issued"] == want["issue_slots"]["issued"]
    assert st["slot_replayed"] == want["issue_slots"]["replayed"]
    assert st["dispatches"] == [want["dispatches"][u] for u in ("alu", "mul", "lsu")]
    assert st["bank_reads"][:cfg["banks"]] == want["banks"]["reads"]
    state = json.loads((tmp_path / "s.json").read_text())
    fs = m.final_state()
    assert fs["regs"] == state["regs"] and fs["mem"] == state["mem"]
    assert sum(fs["retired"]) == want["instructions"]


def test_step_matches_run():
    cfg = wf.Config(warps=2, sched="gto")
    prog = wf.assemble(source("saxpy.s"), regs=cfg["regs"])
    ran = wf.Model(cfg, prog)
    ran.run()
    m = wf.Model(cfg, prog)
    issues, dispatches, pieces, writes = 0, [0] * 3, 0, 0
    while not m.done:
        ob = m.step()
        assert ob["cycle"] == m.cycle - 1 and ob["done"] == 0  # done: state at the cycle's start
        issues += ob["issue"]["valid"]
        dispatches = [n + d["valid"] for n, d in zip(dispatches, ob["dispatch"])]
        pieces += ob["piece"]["valid"]
        writes += sum(w["valid"] for w in ob["wb"])
    st = m.stats()
    assert st == ran.stats() and m.final_state() == ran.final_state()
    # the record's events (fields before and after the large arrays) add up to the statistics
    assert issues == st["slot_issued"] + st["slot_replayed"] > 0
    assert dispatches == st["dispatches"] and pieces == st["lsu_pieces"] > 0
    assert writes == sum(st["bank_writes"]) > 0
    assert len(ob["warp"]) == wf.lib.WF_MAX_WARPS


def test_config_names_and_range_errors_are_wfsims():
    for opts in ({"warps": 99}, {"war": "fifo"}, {"mem_words": 100}):
        with pytest.raises(ValueError) as e:
            wf.Config(**opts)
        r = wfsim("saxpy.s", opts)
        assert r.returncode == 2 and str(e.value) in r.stderr, (str(e.value), r.stderr)
    with pytest.raises(ValueError, match="no_such"):
        wf.Config(no_such=1)
    assert wf.Config(mem_line=8)["mem-line"] == 8
    names = [p["name"] for p in wf.params()]
    assert "bloom_bits" in names and len(names) == len(set(names))


def test_assemble_error_and_disassemble_round_trip():
    with pytest.raises(wf.WarpfrontError, match=r"^k\.s:2:\d+: "):
        wf.assemble("nop\nfrob r1\nexit\n", name="k.s")
    prog = wf.assemble(source("fact.s"))
    text = "\n".join(wf.disassemble(prog.words)) + "\n"
    assert wf.assemble(text).words == prog.words
    assert wf.disassemble([prog.words[-1]]) == ["exit"]


def test_run_errors_and_memory_image():
    cfg = wf.Config(warps=1, lanes=1, mem_words=16)
    loop = wf.assemble("top: bra top\n")
    with pytest.raises(wf.WarpfrontError):
        wf.Model(cfg, loop).run(max_cycles=50)
    prog = wf.assemble("movi r1, 0\nld r2, [r1 + 3]\naddi r2, r2, 1\nst [r1 + 3], r2\nexit\n")
    m = wf.Model(cfg, prog, mem=[0, 0, 0, 41] + [0] * 12)
    m.run()
    assert m.final_state()["mem"][3] == 42
    with pytest.raises(ValueError, match="mem_words"):
        wf.Model(cfg, prog, mem=[0])


def test_compare():
    cfg = wf.Config(warps=4, war="bloom")
    m = wf.Model(cfg, wf.assemble(source("saxpy.s"), regs=cfg["regs"]))
    for _ in range(30):
        rec = m.step()
    assert wf.compare(cfg, rec, m.obs()) is None
    bad = m.obs()
    bad["warp"][1]["ibuf"][0]["pc"] ^= 4
    assert wf.compare(cfg, rec, bad) == {"cycle": 29, "path": "warp[1].ibuf[0].pc",
                                         "expected": rec["warp"][1]["ibuf"][0]["pc"],
                                         "actual": bad["warp"][1]["ibuf"][0]["pc"]}
    bad = m.obs()
    bad["warp"][2]["hazard"] += 1
    assert wf.compare(cfg, rec, bad)["path"] == "warp[2].hazard"
    assert wf.compare(cfg, rec, bad, hazard=False) is None
    bad["warp"][5]["exited"] = 1  # warp 5 does not exist with warps=4
    assert wf.compare(cfg, rec, bad, hazard=False) is None


def test_trace_decode_and_lockstep_report():
    cfg = wf.Config(warps=4)
    ports = wf.trace_ports(cfg)
    assert [n for n, _ in ports][:2] == ["obs_o", "obs_wb_o"] and all(b > 0 for _, b in ports)
    zero = dict({n: 0 for n, _ in ports}, obs_version_o=wf.trace_version())
    rec = wf.decode_trace(cfg, zero)
    # a trace of another layout version is refused, naming both versions
    with pytest.raises(wf.WarpfrontError, match="version %d" % (wf.trace_version() + 1)):
        wf.decode_trace(cfg, dict(zero, obs_version_o=wf.trace_version() + 1))
    m = wf.Model(cfg, wf.assemble(source("vecadd.s"), regs=cfg["regs"]))
    assert rec.keys() == m.obs().keys() and rec["issue"]["valid"] == 0
    # every port reaches the record: all ones in one port changes the decoded record
    for n, b in ports:
        assert wf.decode_trace(cfg, dict(zero, **{n: (1 << b) - 1})) != rec, n
    # an all-zero "RTL" against the model: the first difference, reported as the harnesses do
    check = wf.Lockstep(m)
    d = check.step(zero)
    assert d is not None and d["cycle"] == 0 and d["actual"] == 0 != d["expected"]
    text = check.report(d, seed=5, repro="verif/cocotb/run.sh vecadd.s")
    assert text.startswith("LOCKSTEP MISMATCH at cycle 0\n  field:    %s\n" % d["path"])
    assert "\n  reproduce: verif/cocotb/run.sh vecadd.s\n" in text


def test_host_imem_and_launch_inputs():
    cfg = wf.Config(warps=2, icache_line=4, imiss_lat=5, sched="gto")
    prog = wf.assemble(source("saxpy.s"), regs=cfg["regs"])
    host = wf.Host(cfg, prog)
    assert host.launch_inputs()["gto"] == 1 and host.start_pcs() == 0
    assert host.imem_ready(0) and host.imem_request(0, 1, 0)
    got = [host.imem_response(c) for c in range(5)]
    assert got[:4] == [None] * 4 and got[4][0] == 1  # answered in cycle imiss_lat - 1 (§3.3)
    words = [(got[4][1] >> (64 * k)) & (2 ** 64 - 1) for k in range(4)]
    assert words == prog.words[:4]


def test_check_pins():
    # a pinned build's inputs against the options (wf_host_check_pins)
    cfg = wf.Config(hazard="stall", alu_lat=2)
    assert wf.check_pins(cfg, {}) is None and wf.check_pins(cfg, {"HAZARD": 1, "ALU_LAT": 2}) is None
    with pytest.raises(wf.WarpfrontError, match=r"option --hazard stall drives cfg_stall_i to 1, but the RTL "
                                                r"build pins it: PIN_HAZARD=0"):
        wf.check_pins(cfg, {"HAZARD": 0})
    with pytest.raises(wf.WarpfrontError, match="PIN_BOGUS: no such pin"):
        wf.check_pins(cfg, {"BOGUS": 1})


def test_lockstep_core():
    # the C harnesses' lockstep core: an all-zero "RTL" is reported once, as they report it
    cfg = wf.Config(warps=4)
    prog = wf.assemble(source("vecadd.s"), regs=cfg["regs"])
    zero = dict({n: 0 for n, _ in wf.trace_ports(cfg)}, obs_version_o=wf.trace_version())
    ls = wf.LockstepCore(cfg, prog, "vecadd.s", seed=5, repro="verif/cocotb/run.sh vecadd.s")
    assert not ls.model_step() and not ls.compare(zero)
    text = ls.report()
    assert text.startswith("LOCKSTEP MISMATCH at cycle 0\n  field:    ")
    assert "\n  seed:     5" in text and "\n  reproduce: verif/cosim/run.sh" not in text
    assert "\n  reproduce: verif/cocotb/run.sh vecadd.s\n" in text
    ls.close()
    # the final state: the oracle's own state passes, one word changed is reported
    m = wf.Model(cfg, prog)
    m.run()
    st = m.final_state()
    ok = wf.LockstepCore(cfg, prog, "vecadd.s")
    assert ok.final(st["regs"], st["mem"], ok.model_cycles()) and ok.report() == ""
    bad = wf.LockstepCore(cfg, prog, "vecadd.s", repro="r")
    mem = list(st["mem"])
    mem[3] ^= 1
    assert not bad.final(st["regs"], mem, bad.model_cycles())
    assert bad.report().startswith("FINAL STATE MISMATCH: ")
    with pytest.raises(wf.WarpfrontError, match="version"):
        wf.LockstepCore(cfg, prog, "vecadd.s").compare(dict(zero, obs_version_o=wf.trace_version() + 1))
    with pytest.raises(ValueError):
        wf.LockstepCore(cfg, prog, "vecadd.s", cmp="cycle")
