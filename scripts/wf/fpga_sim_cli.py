"""`make fpga-sim`: runs example programs through the FPGA top wrapper
(fpga/wf_fpga_top.v: block-RAM instruction memory from `wfsim --emit-hex`,
launch/done controller, LED checksum) under Icarus (`iverilog -g2012 -Irtl`)
and checks, for each case:
  * done_led_o rises (within the testbench's MAX_CYCLES);
  * the checksum on the LEDs equals fpga/checksum.py over the final state of
    the C cycle model (`wfsim --dump-state`), and the functional interpreter's
    final state gives the same checksum;
  * with IMSHRS=1 (one miss at a time, which the wrapper's memory serves with
    exactly the C model's latency) the run's cycle count equals wfsim's.
Negative cases: a mutated image (one immediate changed) must fail the checksum
check, and a wrapper memory one cycle slower than wfsim's --imiss-lat must fail
the cycle check (with the right checksum), so both comparisons can fail.
Work files under build/fpga_sim/. Exit status 0 pass, 1 fail, 2 tool error."""
import os

from wf.fpga_sim import OUT, CASES, check, emit_hex, static_checks


def main():
    os.makedirs(OUT, exist_ok=True)
    fails = 0
    try:
        errs = static_checks()
        print("fpga-sim: %s wrapper lint (verilator -Wall at 3 sets) and parameter checks%s" % (
            "FAIL" if errs else "PASS", ": " + "; ".join(errs) if errs else ""))
        fails += bool(errs)
        for name, prog, over in CASES:
            errs, info = check(name, prog, over)
            print("fpga-sim: %s %s: %s" % ("FAIL" if errs else "PASS", name, "; ".join(errs) or info))
            fails += bool(errs)
        # negative: fact with one immediate changed (the "movi" of n = 10 -> 11
        # changes every product) must not match the unmodified program's state
        hexfile = emit_hex("mutant", "sim/examples/fact.s")
        with open(hexfile) as f:
            words = f.read().split()
        movi = [i for i, w in enumerate(words) if int(w, 16) & 0xFFFFFF == 10]
        if not movi:
            print("fpga-sim: FAIL negative: no word with immediate 10 in fact.s")
            return 1
        words[movi[0]] = "%016x" % (int(words[movi[0]], 16) + 1)
        with open(hexfile, "w") as f:
            f.write("\n".join(words) + "\n")
        errs, _ = check("mutant", "sim/examples/fact.s", {}, hexfile)
        if any(e.startswith("checksum") for e in errs):
            print("fpga-sim: PASS negative: a mutated image is detected (%s)" % errs[0])
        else:
            print("fpga-sim: FAIL negative: a mutated image was not detected")
            fails += 1
        # negative: the wrapper's memory one cycle slower than wfsim's --imiss-lat
        errs, _ = check("slowmem", "sim/examples/fact.s", {}, sim_over={"imiss-lat": 9})
        if any(e.startswith("cycles") for e in errs) and not any(e.startswith("checksum") for e in errs):
            print("fpga-sim: PASS negative: IMISS_LAT=9 against wfsim --imiss-lat 8 is detected (%s)"
                  % errs[0])
        else:
            print("fpga-sim: FAIL negative: a wrong memory latency was not detected (%s)" % errs)
            fails += 1
    except (RuntimeError, OSError) as e:
        print("fpga-sim: ERROR %s" % e)
        return 2
    print("fpga-sim: %s" % ("all cases passed" if not fails else "%d case(s) FAILED" % fails))
    return 1 if fails else 0

