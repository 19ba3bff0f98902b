"""scripts/wf/mcy_formal.py's pure parts and the equiv.json reader (scripts/wf/mcy.py):
a mutate command's wf_regfile case (bank, renaming), the netlist with mutsel as
a parameter, and equiv.json's two forms (a bare per-state result, or a list of
method records). The SymbiYosys runs themselves are docs/mcy/equiv.json's
records (scripts/mcy.py --prove-regfile / --bounded)."""
import json
import os

import pytest

from wf import mcy, mcy_formal

CMD = ("mutate -mode %s -module $paramod$x\\wf_regfile -cell $flatten\\g_bank[%d].u_bank.$ternary$wf_spram.v:51$1 "
       "-port Y -portbit %d%s -wire g_bank[%d].u_bank.g_lane[%d].addr -wirebit %d -src rtl/wf_spram.v:51.21-51.25")


def test_regfile_case_renamings():
    m = {"id": 924, "kind": "cnot1", "cmd": CMD % ("cnot1", 1, 0, " -ctrlbit 4", 1, 0, 0)}
    assert mcy_formal.regfile_case(m) == {"MUTSEL": 924, "BANK": 1, "RENAME": 1, "LANE": 0, "KBIT": 0,
                                          "CBIT": 4, "CPOL": 1}
    m = {"id": 932, "kind": "cnot0", "cmd": CMD % ("cnot0", 2, 0, " -ctrlbit 3", 2, 4, 0)}
    assert mcy_formal.regfile_case(m)["CPOL"] == 0
    m = {"id": 947, "kind": "inv", "cmd": CMD % ("inv", 2, 5, "", 2, 1, 5)}
    assert "CBIT" not in mcy_formal.regfile_case(m) and mcy_formal.regfile_case(m)["KBIT"] == 5
    # a constant row address bit is no renaming: refused, not proven as one
    m = {"id": 911, "kind": "const1", "cmd": CMD % ("const1", 0, 0, "", 0, 3, 0)}
    with pytest.raises(mcy_formal.FormalError):
        mcy_formal.regfile_case(m)


def test_regfile_case_bank_of_re():
    m = {"id": 921, "kind": "const1", "cmd": "mutate -mode const1 -module m -cell $or$x -port B -portbit 0 "
                                              "-wire re_i -wirebit 1 -src rtl/wf_regfile.v:24.38-24.42"}
    assert mcy_formal.regfile_case(m) == {"MUTSEL": 921, "BANK": 1}


def test_netlist_mutsel_parameter(tmp):
    d = os.path.join(tmp, "out", "regfile")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "wf_regfile.v"), "w") as f:
        f.write('module wf_regfile(clk_i);\n  parameter WARPS = 0;\n  reg [15:0] mutsel;\n'
                '  initial if (!$value$plusargs("mutsel=%d", mutsel)) mutsel = 0;\n  input clk_i;\nendmodule\n')
    text = open(mcy_formal.netlist(os.path.join(tmp, "out"), "regfile", os.path.join(tmp, "w"))).read()
    assert "module wf_regfile_mcy(" in text and "parameter MUTSEL = 0;" in text and "plusargs" not in text
    with open(os.path.join(d, "wf_regfile.v"), "w") as f:
        f.write("module wf_regfile(clk_i);\nendmodule\n")   # not the form mcy.py writes
    with pytest.raises(mcy_formal.FormalError):
        mcy_formal.netlist(os.path.join(tmp, "out"), "regfile", os.path.join(tmp, "w"))


def test_merge_equiv_both_forms(tmp):
    path = os.path.join(tmp, "equiv.json")
    with open(path, "w") as f:
        json.dump({"5": "differs",
                   "7": [{"method": "core-context-sat", "result": "proven"},
                         {"method": "bmc-from-reset", "depth": 80, "result": "bounded-equivalent"}],
                   "9": [{"method": "regfile-induction", "result": "proven"}]}, f)
    muts = [{"id": 5}, {"id": 7}, {"id": 9}]
    mcy.merge_equiv(muts, path)
    # only the core-context proof counts as the automatic one; a block proof does not
    assert [m.get("equiv") for m in muts] == ["differs", "proven", None]
