"""The coverage plan's unreachable cells, each mapped to the formal property
that proves it unreachable (docs/verification.md "Formal" and "The
verification plan").

scripts/covreport.py --plan marks a cell unreachable when the contract rules
its bin out under the cell's configuration (cmodel/coverage.c applicable(),
the reasons of covreport's REASON and UNREACHABLE). Each reason is a
structural fact of the RTL; RULES names, per bin and configuration, the
property of a task of scripts/wf/formal.py (TASKS) that states the fact, and
proof() reads the recorded result of that task (build/formal/results.json,
written by make formal) to say whether the cell is proven unreachable, was
reached by a formal trace (then the plan is wrong: a hole), or is open.
"""
import json
import os

from wf.paths import ROOT

RESULTS = os.path.join(ROOT, "build", "formal", "results.json")

# (bin, or prefix ending in "." or "=", {axis: value} the cell must have, task, property);
# the first matching rule is the cell's. Properties: verif/formal/cov_props.sv
# (task coverage_plan) and the block tasks.
RULES = [
    ("hazard.wait_lsu", {"hazard": "stall"}, "coverage_plan", "wait_lsu_replay_only"),
    ("hazard.dependency", {"loops": "1"}, "coverage_plan", "mode1_nothing_in_flight"),
    ("hazard.sb_full", {"loops": "1"}, "coverage_plan", "mode1_nothing_in_flight"),
    ("hazard_nf.sb_full", {"loops": "1"}, "coverage_plan", "mode1_nothing_in_flight"),
    ("sb.full", {"loops": "1"}, "coverage_plan", "mode1_nothing_in_flight"),
    ("sb.ar_dep", {"loops": "1"}, "coverage_plan", "mode1_nothing_in_flight"),
    ("hazard.inflight", {"loops": "1", "hazard": "stall"}, "coverage_plan", "mode1_stall_nothing_in_flight"),
    ("hazard_nf.inflight", {"loops": "1", "hazard": "stall"}, "coverage_plan", "mode1_stall_nothing_in_flight"),
    ("hazard_nf.staging", {"loops": "1", "hazard": "stall"}, "coverage_plan", "mode1_stall_nothing_in_flight"),
    ("hazard.mem_order", {"loops": "1", "hazard": "stall"}, "coverage_plan", "mode1_stall_nothing_in_flight"),
    ("hazard_nf.mem_order", {"loops": "1", "hazard": "stall"}, "coverage_plan", "mode1_stall_nothing_in_flight"),
    ("hazard.inflight", {"loops": "2"}, "coverage_plan", "inflight_mode1_only"),
    ("hazard.inflight", {"loops": "3"}, "coverage_plan", "inflight_mode1_only"),
    ("hazard_nf.inflight", {"loops": "2"}, "coverage_plan", "inflight_mode1_only"),
    ("hazard_nf.inflight", {"loops": "3"}, "coverage_plan", "inflight_mode1_only"),
    ("hazard.staging", {"loops": "3"}, "coverage_plan", "staging_modes12"),
    ("hazard_nf.staging", {"loops": "3"}, "coverage_plan", "staging_modes12"),
    ("hazard.war", {}, "coverage_plan", "war_mode3_wb"),
    ("hazard_nf.war", {}, "coverage_plan", "war_mode3_wb"),
    ("hazard.mem_order", {"hazard": "replay"}, "coverage_plan", "mem_order_replay"),
    ("hazard.mem_order", {"loops": "3", "war": "warpboard-commit"}, "coverage_plan", "mem_order_wbcommit"),
    ("hazard.lsu_stall", {"hazard": "replay"}, "coverage_plan", "lsu_stall_stall_only"),
    ("hazard_nf.lsu_stall", {"hazard": "replay"}, "coverage_plan", "lsu_stall_stall_only"),
    ("hazard_nf.dependency", {}, "coverage_plan", "nf_dependency_never"),
    ("sb.full_held", {"hazard": "stall"}, "coverage_plan", "sb_full_held"),
    ("sb.full_held", {"loops": "1"}, "coverage_plan", "sb_full_held"),
    ("war.handoff", {"war": "none"}, "coverage_plan", "war_mode3_wb"),
    ("war.handoff", {"war": "inorder"}, "coverage_plan", "war_mode3_wb"),
    ("war.handoff", {"war": "warpboard-commit"}, "coverage_plan", "commit_blocks_inflight"),
    ("bank.oldest_wins", {"loops": "1"}, "coverage_plan", "sr_only_modes12"),
    ("bank.oldest_wins", {"loops": "2"}, "coverage_plan", "sr_only_modes12"),
    ("dispatch.oldest_wins", {"loops": "1"}, "coverage_plan", "sr_only_modes12"),
    ("dispatch.oldest_wins", {"loops": "2"}, "coverage_plan", "sr_only_modes12"),
    ("issue.cu", {"loops": "1"}, "coverage_plan", "sr_only_modes12"),
    ("issue.cu", {"loops": "2"}, "coverage_plan", "sr_only_modes12"),
    ("cu.exhausted", {"loops": "1"}, "coverage_plan", "sr_only_modes12"),
    ("cu.exhausted", {"loops": "2"}, "coverage_plan", "sr_only_modes12"),
    ("issue.sr", {"loops": "3"}, "coverage_plan", "cu_only_mode3"),
    ("dispatch.busy.lsu", {"hazard": "replay"}, "coverage_plan", "lsu_accepts_replay"),
    ("replay.collector", {"hazard": "stall"}, "coverage_plan", "no_replay_in_stall"),
    ("replay.memory", {"hazard": "stall"}, "coverage_plan", "no_replay_in_stall"),
    ("stall.collector", {"hazard": "replay"}, "coverage_plan", "no_stall_in_replay"),
    ("stall.lsu", {"hazard": "replay"}, "coverage_plan", "no_stall_in_replay"),
    # k pieces serve k distinct lanes (each piece the lanes left in the lowest
    # lane's line, none twice): no access has more pieces than lanes, and every
    # size set of the regression has at most 8 lanes
    ("lsu.split=9-16", {}, "lsu", "piece_lanes"),
    ("lsu.split=17-32", {}, "lsu", "piece_lanes"),
]


def rule(name, cfg):
    """(task, property) that proves bin `name` unreachable under cfg ({axis: value}), or None"""
    for b, where, task, prop in RULES:
        if (name == b or (b.endswith((".", "=")) and name.startswith(b))) and \
                all(cfg.get(k) == v for k, v in where.items()):
            return task, prop
    return None


TEST_RESULTS = os.path.join(ROOT, "build", "formal", "test-results.json")


def load(path=RESULTS):
    """{task: its recorded result} (untagged runs: no mutant, the task's own depth), from
    path and, for the tasks path lacks, make test-formal's results"""
    out = {}
    for p in ([TEST_RESULTS] if path == RESULTS else []) + [path]:
        try:
            with open(p) as f:
                recs = json.load(f)
        except (OSError, ValueError):
            continue
        out.update({r["task"]: r for r in recs if isinstance(r, dict) and not r.get("tag")})
    return out


def proof(name, cfg, results):
    """the formal state of an unreachable cell: {"state": "proven"|"reached"|"open",
    "property": "task:prop" or None, "result": "proven"/"bounded N"/status}"""
    r = rule(name, cfg)
    if r is None:
        return {"state": "open", "property": None, "result": "no property"}
    task, prop = r
    rec = results.get(task)
    out = {"property": "%s:%s" % r, "result": "not run"}
    if rec is None:
        return dict(out, state="open")
    if rec["status"] == "PASS":
        res = "proven" if rec["mode"] == "prove" else "bounded %d" % rec["depth"]
        return dict(out, state="proven", result=res)
    if rec["status"] == "FAIL" and any(f.split(" ")[0] == prop for f in rec.get("failed", [])):
        return dict(out, state="reached", result="trace at step %s: %s" % (rec.get("step"), rec.get("traces")))
    return dict(out, state="open", result=rec["status"].lower())
