"""warpfront.Checker (the transaction-level checker, verif/include/wf_txcheck.h)
from Python: a monitor's events taken from a model run pass; a changed value,
a shifted cycle, a dropped store and bad input each give their divergence as
data (the JSON record's keys)."""
import json

import pytest

import warpfront as wf

PROG = """
        tid  r1
        lane r2
        addi r3, r2, 1
        wid  r4
        addi r4, r4, 2
loop:   mul  r3, r3, r4
        addi r4, r4, -1
        bnz  r4, loop
        st   [r1 + 0], r3
        exit
"""


def monitor(cfg, prog):
    """The ideal DUT's events: the model's own, from its records (and its LSU
    stage-1 instance for the stores' addresses and data), in cycle order."""
    m = wf.Model(cfg, prog)
    view = wf.ffi.new("wf_lsu_view *")
    ev, bnz = [], {}
    while not m.done:
        st = wf.lib.wf_model_lsu_inst(m._m, view) and view.is_st
        addr, data = list(view.addr), list(view.data)
        ob = m.step()
        c = ob["cycle"]
        if ob["issue"]["valid"] and not ob["issue"]["replay"]:
            ev.append(("retire", c, ob["issue"]["warp"], ob["issue"]["pc"]))
            if wf.disassemble([prog.words[ob["issue"]["pc"]]])[0].startswith("bnz"):
                bnz[ob["issue"]["warp"]] = ob["issue"]["pc"]
        for wb in ob["wb"]:
            if wb["valid"]:
                lanes = {l: wb["data"][l] for l in range(cfg["lanes"]) if wb["lanes"] >> l & 1}
                ev.append(("write", c, wb["warp"], wb["reg"], lanes))
        br = ob["branch"]
        if br["valid"]:
            ev.append(("branch", c, br["warp"], bnz[br["warp"]], br["taken"], br["target"]))
        if ob["piece"]["valid"] and st:
            p = ob["piece"]
            ev.append(("store", c, p["warp"], {l: (addr[l], data[l]) for l in range(cfg["lanes"]) if p["lanes"] >> l & 1}))
    return ev, m.cycle


@pytest.fixture(scope="module")
def run():
    cfg = wf.Config(warps=4, lanes=4)
    prog = wf.assemble(PROG, regs=cfg["regs"])
    ev, done = monitor(cfg, prog)
    assert any(e[0] == "store" for e in ev) and any(e[0] == "branch" for e in ev)
    return cfg, prog, ev, done


def replay(ck, ev, done, shift=0):
    for e in ev:
        st = getattr(ck, e[0])(e[1] + shift, *e[2:])
        if st != "pass":
            return st
    return ck.done(done + shift)


@pytest.mark.parametrize("timing", ["order", "window", "exact", "drift"])
def test_ideal_monitor_passes(run, timing):
    cfg, prog, ev, done = run
    ck = wf.Checker(cfg, prog, timing=timing)
    assert replay(ck, ev, done) == "pass", ck.text()
    assert ck.result() == {"status": "pass", "message": "no divergence"}
    assert ck.matched > len(ev)


def test_wrong_write_value(run):
    cfg, prog, ev, done = run
    i = next(k for k, e in enumerate(ev) if e[0] == "write" and e[2] == 1 and e[3] == 3)
    kind, c, w, reg, lanes = ev[i]
    bad = dict(lanes)
    bad[2] ^= 0x100
    ck = wf.Checker(cfg, prog, timing="exact")
    assert replay(ck, ev[:i] + [(kind, c, w, reg, bad)] + ev[i + 1:], done) == "fail"
    r = ck.result()
    assert r["status"] == "fail" and r["kind"] == "mismatch"
    assert r["field"] == "arch warp[1].r3.lane[2]"
    assert (r["expected"], r["actual"]) == (lanes[2], lanes[2] ^ 0x100)
    assert r["warp"] == 1 and r["cycle"] == c and r["dut_cycle"] == c and "pc" in r
    assert r["history"] and all(h.startswith("cycle ") for h in r["history"])
    assert json.loads(ck.json()) == r
    assert "field:     arch warp[1].r3.lane[2]" in ck.text()


def test_timing_window(run):
    cfg, prog, ev, done = run
    assert replay(wf.Checker(cfg, prog, timing="window", window=3), ev, done, shift=3) == "pass"
    ck = wf.Checker(cfg, prog, timing="window", window=3)
    assert replay(ck, ev, done, shift=4) == "fail"
    r = ck.result()
    assert r["kind"] == "timing" and r["actual"] == r["expected"] + 4
    assert replay(wf.Checker(cfg, prog, timing="order"), ev, done, shift=4) == "pass"


def test_dropped_store_is_missing(run):
    cfg, prog, ev, done = run
    i = max(k for k, e in enumerate(ev) if e[0] == "store")
    ck = wf.Checker(cfg, prog)
    assert replay(ck, ev[:i] + ev[i + 1:], done) == "fail"
    r = ck.result()
    assert r["kind"] == "missing" and r["field"].startswith("arch warp[%d].store.lane[" % ev[i][2])
    assert r["field"].endswith("].data") and "dut_cycle" not in r


def test_bad_input_is_an_error(run):
    cfg, prog, _ev, _done = run
    ck = wf.Checker(cfg, prog)
    assert ck.retire(0, 9, 0) == "error"
    r = ck.result()
    assert r["status"] == "error" and r["kind"] == "bad_input" and "warp 9 out of range 0..3" in r["message"]
    with pytest.raises(ValueError, match="lane 7 out of range 0..3"):
        wf.Checker(cfg, prog).write(0, 0, 1, {7: 1})
    with pytest.raises(ValueError, match="timing"):
        wf.Checker(cfg, prog, timing="loose")
    with pytest.raises(ValueError, match="events: 'stores'"):
        wf.Checker(cfg, prog, events=["retire", "stores"])
    only = wf.Checker(cfg, prog, events=["retire"])
    assert only.write(0, 0, 1, {0: 1}) == "error" and "without WF_TX_EV_WRITE" in only.result()["message"]
