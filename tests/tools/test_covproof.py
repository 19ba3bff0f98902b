"""scripts/wf/covproof.py: every unreachable reason of the coverage plan maps
to a formal property of a task that exists, and a cell's formal state follows
the recorded result (proven / bounded, reached by a trace: a hole, open)."""
from wf import covproof, formal
from wf import covreport


def test_every_rule_names_a_task_property():
    props = {(t["name"], p) for t in formal.TASKS for p, _s, _x in t["props"]}
    for b, _where, task, prop in covproof.RULES:
        assert (task, prop) in props, (b, task, prop)


def test_every_reason_has_a_rule():
    """each REASON key and UNREACHABLE cell of the plan has a property for
    the configurations applicable() rules it out in (one sample each)"""
    for b, where, _why in covreport.UNREACHABLE:
        assert covproof.rule(b, where), (b, where)
    for b, cfg in [("hazard.wait_lsu", {"hazard": "stall"}), ("hazard.staging", {"loops": "3"}),
                   ("hazard_nf.dependency", {"loops": "2"}), ("war.handoff", {"war": "inorder"}),
                   ("lsu.split=17-32", {"hazard": "stall"}), ("issue.sr", {"loops": "3"})]:
        assert covproof.rule(b, cfg), b
    assert covproof.rule("hazard.staging", {"loops": "1"}) is None   # reachable there: no property


def test_state_follows_the_result():
    cfg = {"loops": "3", "hazard": "stall", "war": "bloom"}
    rec = dict(task="coverage_plan", tag="", status="PASS", mode="bmc", depth=20, failed=[], step=None, traces=[])
    assert covproof.proof("hazard.staging", cfg, {"coverage_plan": rec}) == {
        "property": "coverage_plan:staging_modes12", "state": "proven", "result": "bounded 20"}
    bad = dict(rec, status="FAIL", failed=["staging_modes12 (cov_props.sv:1.1-1.2)"], step=12, traces=["t.vcd"])
    assert covproof.proof("hazard.staging", cfg, {"coverage_plan": bad})["state"] == "reached"
    assert covproof.proof("hazard.staging", cfg, {})["state"] == "open"
    other = dict(bad, failed=["war_mode3_wb (cov_props.sv:2.1-2.2)"])
    assert covproof.proof("hazard.staging", cfg, {"coverage_plan": other})["state"] == "open"
