"""Unit test of scripts/logic-depth.py (scripts/wf/logic_depth.py) on hand-made netlists (Yosys
write_json shape): levels counted per logic cell, a carry hop counted
CARRY_WEIGHT, registers and RAM outputs start a path, a loop is reported,
bad usage exits 2. Run (pytest) by `make fpga-guard` (part of `make test`)."""
import json
import os
import subprocess
import sys

from wf import logic_depth as ld

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "logic-depth.py")


def ff(d, q):
    return {"type": "TRELLIS_FF", "port_directions": {"DI": "input", "CLK": "input", "Q": "output"},
            "connections": {"DI": [d], "CLK": [1], "Q": [q]}}


def lut(ins, z):
    ports = ["A", "B", "C", "D"]
    c = {"type": "LUT4", "port_directions": {"Z": "output"}, "connections": {"Z": [z]}}
    for p, b in zip(ports, ins):
        c["port_directions"][p] = "input"
        c["connections"][p] = [b]
    return c


def ccu(a, cin, s, cout):
    return {"type": "CCU2C",
            "port_directions": {"A0": "input", "CIN": "input", "S0": "output", "COUT": "output"},
            "connections": {"A0": [a], "CIN": [cin], "S0": [s], "COUT": [cout]}}


def netlist(cells, names):
    return {"modules": {"top": {"attributes": {"top": 1}, "ports": {},
                                "cells": cells,
                                "netnames": {n: {"bits": [b]} for n, b in names.items()}}}}


def write(tmp_path, net):
    p = tmp_path / "top.json"
    p.write_text(json.dumps(net))
    return str(p)


# q_a -> 3 LUTs -> d_b: 3 levels, the chain names the nets; the short path
# into another register is ranked below it
def test_levels_and_chain(tmp_path):
    cells = {"ra": ff(10, 2), "l1": lut([2], 3), "l2": lut([3, 2], 4), "l3": lut([4], 5), "rb": ff(5, 6),
             "l4": lut([2], 7), "rc": ff(7, 8)}
    names = {"q_a": 2, "mid1": 3, "mid2": 4, "d_b": 5, "q_b": 6, "d_c": 7, "q_c": 8, "d_a": 10}
    rows, worst = ld.report(write(tmp_path, netlist(cells, names)), top=5)
    assert worst == 3.0
    assert rows[0][0] == 3.0 and rows[0][1] == "q_b (DI)"
    assert [n for _, n in rows[0][2]] == ["q_a", "mid1", "mid2", "d_b"]
    assert rows[1][0] == 1.0 and rows[1][1] == "q_c (DI)"


# a carry chain of 3 cells after a LUT: 1 + 1 + 2 carry hops of 0.1
def test_carry_weight(tmp_path):
    cells = {"ra": ff(20, 2), "l1": lut([2], 3), "c0": ccu(3, 0, 4, 5), "c1": ccu(2, 5, 6, 7),
             "c2": ccu(2, 7, 8, 9), "rb": ff(8, 10)}
    rows, worst = ld.report(write(tmp_path, netlist(cells, {"q_a": 2, "q_b": 10})), top=1)
    assert abs(worst - 2.2) < 1e-6


# a combinational loop is an error (exit 1), not a hang
def test_loop(tmp_path):
    cells = {"l1": lut([3], 2), "l2": lut([2], 3), "rb": ff(3, 4)}
    p = write(tmp_path, netlist(cells, {"a": 2, "b": 3}))
    r = subprocess.run([sys.executable, SCRIPT, p], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=60)
    assert r.returncode == 1 and "loop" in r.stderr


# usage errors exit 2 with a message
def test_usage(tmp_path):
    for args in ([], ["--top"], ["--top", "x", "f.json"], ["--bogus", "f.json"],
                 [str(tmp_path / "missing.json")]):
        r = subprocess.run([sys.executable, SCRIPT] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=60)
        assert r.returncode == 2 and r.stderr, args
