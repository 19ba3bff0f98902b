"""Synthesis and FPGA flows (scripts/synth.py, docs/fpga.md): configs (the
config table), flows (Yosys and nextpnr), doc (the docs/fpga.md tables), cli."""
