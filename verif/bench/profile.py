#!/usr/bin/env python3
"""The C model's cost per simulated cycle, by hardware block (where a speed
target of docs/performance.md is missed, the profile says which block costs
it). Host instructions are counted with callgrind, which gives the same count
for the same binary and input whatever else the machine does, so the numbers
are repeatable where seconds are not.

For each kernel at its default configuration, build/wfbench runs the cycle
model once under `valgrind --tool=callgrind --toggle-collect=wf_model_run`
(only the simulation loop is counted: no assembly, load or interpreter).
Every function's own instructions are charged to the source file it is
defined in, i.e. to the block (cmodel/<block>.c mirrors rtl/wf_<block>.v);
code inlined from cmodel/include/wf_model_impl.h or wf_bits.h is charged to the function
it was inlined into, and the C library (memcpy/memset) gets a row of its own.

  verif/bench/profile.py [--json FILE] [--ns-per-insn X] KERNEL.s...

--ns-per-insn: the host's measured nanoseconds per instruction of this code
(bench.py passes the C model's CPU seconds / instructions), to state how many
instructions per cycle a cycles/s target allows. Exit status 0, or 2 when
valgrind is missing or a run fails (the message says which).
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from wf.paths import ROOT  # noqa: E402

WFBENCH = os.path.join(ROOT, "build", "wfbench")
LINE = re.compile(r"^\s*([\d,]+) \([^)]*\)\s+(\S+?):(\S+)(?: \[.*\])?$")


def run_one(kernel, tmp):
    """(simulated cycles, {(file, function): self instructions}) of one kernel."""
    out = os.path.join(tmp, os.path.basename(kernel) + ".cg")
    cj = os.path.join(tmp, os.path.basename(kernel) + ".json")
    cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=wf_model_run", "--callgrind-out-file=" + out,
           WFBENCH, "--min-seconds", "0", "--big", "", "--json", cj, kernel]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[-300:]))
    with open(cj) as f:
        cycles = json.load(f)["kernels"][0]["cycles"]
    ann = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", out],
                         capture_output=True, text=True, check=True).stdout
    cost = {}
    for line in ann.splitlines():
        m = LINE.match(line)
        if m and m.group(2) != "PROGRAM":
            cost[(m.group(2), m.group(3))] = int(m.group(1).replace(",", ""))
    return cycles, cost


def block_of(path, func, home):
    """The block a (file, function) entry is charged to."""
    base = os.path.basename(path)
    if path.startswith("cmodel/") and base.endswith(".c"):
        return base[:-2]
    if base.endswith(".h") and func in home:  # inlined helper: its caller's block
        return home[func]
    if "libc" in path or "sysdeps" in path or base.endswith(".S"):
        return "libc (memcpy, memset)"
    return "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json")
    ap.add_argument("--ns-per-insn", type=float)
    ap.add_argument("kernels", nargs="+")
    a = ap.parse_args()
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            print("profile: %s not found (scripts/setup.sh installs valgrind)" % tool, file=sys.stderr)
            return 2
    if not os.access(WFBENCH, os.X_OK):
        print("profile: %s is not built (make build/wfbench)" % WFBENCH, file=sys.stderr)
        return 2
    per_kernel, blocks, total_cycles, total_insns = [], collections.Counter(), 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in a.kernels:
            try:
                cycles, cost = run_one(k, tmp)
            except (RuntimeError, subprocess.CalledProcessError) as e:
                print("profile: %s" % e, file=sys.stderr)
                return 2
            home = {f: os.path.basename(p)[:-2] for (p, f) in cost if p.startswith("cmodel/") and p.endswith(".c")}
            insns = sum(cost.values())
            for (p, f), n in cost.items():
                blocks[block_of(p, f, home)] += n
            per_kernel.append({"kernel": os.path.splitext(os.path.basename(k))[0], "cycles": cycles,
                               "instructions": insns, "per_cycle": insns / cycles})
            total_cycles += cycles
            total_insns += insns
    per_cycle = total_insns / total_cycles
    table = [{"block": b, "per_cycle": n / total_cycles, "share": n / total_insns}
             for b, n in blocks.most_common()]
    result = {"kernels": per_kernel, "instructions_per_cycle": per_cycle, "blocks": table,
              "command": "valgrind --tool=callgrind --toggle-collect=wf_model_run build/wfbench "
                         "--min-seconds 0 --big '' KERNEL.s"}
    print("C model host instructions per simulated cycle (callgrind, wf_model_run only):")
    print("  " + "  ".join("%s %.0f" % (k["kernel"], k["per_cycle"]) for k in per_kernel))
    print("  all kernels: %.0f instructions per cycle; by block (cmodel/<block>.c):" % per_cycle)
    for row in table:
        print("    %-22s %6.0f  %5.1f%%" % (row["block"], row["per_cycle"], 100 * row["share"]))
    if a.ns_per_insn:
        allowed = 1e9 / 10e6 / a.ns_per_insn
        result["ns_per_instruction"] = a.ns_per_insn
        result["instructions_per_cycle_for_10M"] = allowed
        print("  at the measured %.3f ns per instruction, 10 M cycles/s allows %.0f instructions per "
              "cycle: %.1fx fewer than now" % (a.ns_per_insn, allowed, per_cycle / allowed))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
