"""The boundary check of a design under test (WF_RTL_FILES, WF_TOP,
WF_RTL_OVERRIDE: verif/build.sh runs it before any build of every
route): Verilator reads the design once (--xml-only -Wall) and gives

  - its lint warnings: the ones in the user's files are shown and are fatal
    only with WF_LINT=strict; one in the project's own RTL (rtl/) is always
    fatal (make lint keeps it clean);
  - the ports of the top as Verilator elaborated them (names, directions,
    widths at the run's size parameters), checked against the trace
    contract's port table (scripts/wf/layout.py PORTS, docs/trace-layout.json
    "ports"): every missing, extra, wrong-direction or wrong-width port named,
    with its file:line.

Exit status 0 (may build), 2 (refused, the reasons on stderr)."""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from . import layout as L
from .paths import ROOT

WARN_RE = re.compile(r"^%Warning-([A-Z0-9_]+): ([^:\s]+):(\d+):(\d+): ?(.*)$")


def verilator_xml(top, vargs):
    """(returncode, stderr text, XML root or None) of verilator --xml-only on the design."""
    with tempfile.TemporaryDirectory(prefix="wf-rtlcheck.") as d:
        cmd = ["verilator", "--xml-only", "-Wall", "-Wno-fatal", "--top-module", top, "--Mdir", d,
               "--xml-output", os.path.join(d, "design.xml")] + vargs
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        except OSError as e:
            return 127, "verilator: %s" % e, None
        x = os.path.join(d, "design.xml")
        root = ET.parse(x).getroot() if p.returncode == 0 and os.path.exists(x) else None
        return p.returncode, p.stdout, root


def warnings(text):
    """[(code, file, line, col, block text)] of Verilator's %Warning- messages."""
    out, cur = [], None
    for line in text.splitlines():
        m = WARN_RE.match(line)
        if m:
            cur = [m.group(1), m.group(2), int(m.group(3)), int(m.group(4)), [line]]
            out.append(cur)
        elif line.startswith("%"):
            cur = None
        elif cur is not None:
            cur[4].append(line)
    return [(c, f, ln, col, "\n".join(b)) for c, f, ln, col, b in out]


def in_project_rtl(path):
    rtl = os.path.realpath(os.path.join(ROOT, "rtl")) + os.sep
    return os.path.realpath(path).startswith(rtl)


def dtype_width(types, tid, depth=0):
    """The width in bits of a dtype of the XML typetable, None when it is no plain packed vector."""
    t = types.get(tid)
    if t is None or depth > 8:
        return None
    if t.tag == "basicdtype":
        if "left" in t.attrib:
            return abs(int(t.get("left")) - int(t.get("right"))) + 1
        return {"logic": 1, "bit": 1, "integer": 32, "int": 32}.get(t.get("name"))
    if t.tag in ("refdtype", "typedefdtype") and t.get("sub_dtype_id"):
        return dtype_width(types, t.get("sub_dtype_id"), depth + 1)
    return None


def top_ports(xml, top):
    """{name: (dir, width or None, "file:line")} of the top module."""
    files = {f.get("id"): f.get("filename") for f in xml.iter("file")}
    types = {t.get("id"): t for t in xml.iter() if t.get("id") and t.tag.endswith("dtype")}
    mod = next((m for m in xml.iter("module") if m.get("topModule") == "1"), None)
    ports = {}
    for v in (mod if mod is not None else []):
        if v.tag != "var" or not v.get("dir"):
            continue
        loc = (v.get("loc") or "").split(",")
        f = files.get(loc[0], "?")
        f = os.path.relpath(f) if not os.path.relpath(f).startswith("..") else f
        where = "%s:%s" % (f, loc[1]) if len(loc) > 1 else "?"
        ports[v.get("name")] = (v.get("dir"), dtype_width(types, v.get("dtype_id")), where)
    return ports


def top_params(xml):
    """{NAME: value} of the top module's integer parameters as elaborated."""
    mod = next((m for m in xml.iter("module") if m.get("topModule") == "1"), None)
    out = {}
    for v in (mod if mod is not None else []):
        c = v.find("const") if v.tag == "var" and v.get("param") else None
        m = re.match(r"^\d*'s?[hH]([0-9a-fA-F]+)$", c.get("name", "")) if c is not None else None
        if m:
            out[v.get("name")] = int(m.group(1), 16)
    return out


def check_ports(ports, params):
    """The messages of every port that differs from the contract (PORTS)."""
    bad, want = [], {}
    for name, d, w in L.PORTS:
        want[name] = (d, L.port_width(w, params), L.port_width_expr(w))
    for name, (d, w, expr) in want.items():
        if name not in ports:
            bad.append("missing port %s: %s, %d bit%s" % (name, d, w, "s" if w != 1 else ""))
            continue
        gd, gw, where = ports[name]
        if gd != d:
            bad.append("%s: port %s is an %s, the contract has an %s" % (where, name, gd, d))
        if gw != w:
            bad.append("%s: port %s is %s, the contract has %d bits (%s)" % (
                where, name, "%d bits" % gw if gw is not None else "not a plain packed vector", w, expr))
    for name, (gd, gw, where) in sorted(ports.items()):
        if name not in want:
            bad.append("%s: extra port %s: %s, %s bit%s (the harnesses drive and read only the contract's ports)"
                       % (where, name, gd, gw if gw is not None else "?", "" if gw == 1 else "s"))
    return bad


MODULE_RE = re.compile(r"^\s*(?:module|macromodule)\s+(?:(?:automatic|static)\s+)?([A-Za-z_][A-Za-z0-9_$]*)", re.M)


def modules_of(path, vargs):
    """The modules a file declares, after Verilator's preprocessor (comments,
    `ifdef and `define of the run's defines resolved)."""
    p = subprocess.run(["verilator", "-E", "-P"] + [a for a in vargs if a.startswith(("-I", "+define+"))] + [path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise ValueError("%s: Verilator's preprocessor fails: %s" % (path, p.stderr.strip().splitlines()[:1]))
    return set(MODULE_RE.findall(p.stdout))


def override(overrides, vargs):
    """WF_RTL_OVERRIDE: the file list vargs (files among -I/+define+ words)
    with every file that declares a module of an override file left out and
    the override files added; ValueError when an override replaces nothing
    or a replaced file declares a module the overrides do not."""
    files = [a for a in vargs if not a.startswith(("-I", "+define+"))]
    mine = {}
    for o in overrides:
        mine[o] = modules_of(o, vargs)
        if not mine[o]:
            raise ValueError("WF_RTL_OVERRIDE: %s declares no module" % o)
    theirs = set().union(*mine.values())
    keep, replaced = [], {o: [] for o in overrides}
    for f in files:
        if f in mine:  # (the list of a reproduce line has them already)
            continue
        if f.endswith(".vlt"):
            keep.append(f)
            continue
        mods = modules_of(f, vargs)
        hit = mods & theirs
        if not hit:
            keep.append(f)
            continue
        if mods - theirs:
            raise ValueError("WF_RTL_OVERRIDE: %s declares %s, which replace %s; it also declares %s, which "
                             "they do not: list the files with WF_RTL_FILES instead" % (
                                 " ".join(o for o in overrides if mine[o] & hit), " ".join(sorted(hit)), f,
                                 " ".join(sorted(mods - theirs))))
        for o in overrides:
            if mine[o] & hit:
                replaced[o].append(f)
    for o in overrides:
        if not replaced[o] and o not in files:
            raise ValueError("WF_RTL_OVERRIDE: %s (module %s) replaces no file of the design: no other file "
                             "declares %s" % (o, " ".join(sorted(mine[o])), " or ".join(sorted(mine[o]))))
        for f in replaced[o]:
            print("rtl-check: WF_RTL_OVERRIDE: %s replaces %s" % (o, f), file=sys.stderr)
    return keep + overrides


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="rtl-check.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--top")
    ap.add_argument("--override", help="WF_RTL_OVERRIDE's files, one a line: print the design's new file list")
    ap.add_argument("--lint", default="", help="'' or warn: user warnings shown; strict: fatal")
    ap.add_argument("vargs", nargs=argparse.REMAINDER, help="-- then Verilator's files, -I, -G, +define+")
    a = ap.parse_args(argv)
    vargs = a.vargs[1:] if a.vargs[:1] == ["--"] else a.vargs
    if a.override is not None:
        try:
            print("\n".join(override([o for o in a.override.splitlines() if o], vargs)))
        except ValueError as e:
            print(e, file=sys.stderr)
            return 2
        return 0
    if not a.top:
        ap.error("--top or --override")
    if a.lint not in ("", "warn", "strict"):
        print("WF_LINT=%s: allowed warn (the default: warnings in your files shown) or strict (fatal)" % a.lint,
              file=sys.stderr)
        return 2
    params = {}
    for v in vargs:
        m = re.match(r"^-G(\w+)=(\d+)$", v)
        if m:
            params[m.group(1)] = int(m.group(2))
    rc, text, xml = verilator_xml(a.top, vargs)
    if xml is None:
        errs = [ln for ln in text.splitlines() if ln.startswith("%Error")] or text.splitlines()[-10:]
        print("rtl-check: Verilator cannot read the design (WF_TOP=%s, exit %d):\n  %s"
              % (a.top, rc, "\n  ".join(errs)), file=sys.stderr)
        return 2
    status = 0
    ws = warnings(text)
    mine = [w for w in ws if not in_project_rtl(w[1])]
    ours = [w for w in ws if in_project_rtl(w[1])]
    if mine:
        strict = a.lint == "strict"
        print("rtl-check: %d Verilator -Wall warning%s in your files (%s):" % (
            len(mine), "s" if len(mine) > 1 else "",
            "fatal: WF_LINT=strict" if strict else "shown, not fatal; WF_LINT=strict makes them fatal"),
            file=sys.stderr)
        for w in mine:
            print(w[4], file=sys.stderr)
        status = 2 if strict else status
    if ours:
        print("rtl-check: %d warning%s in the project's RTL (rtl/, always fatal):" % (
            len(ours), "s" if len(ours) > 1 else ""), file=sys.stderr)
        for w in ours:
            print(w[4], file=sys.stderr)
        status = 2
    params = dict(top_params(xml), **params)  # the harness's -G sizes, else the top's own values
    try:
        bad = check_ports(top_ports(xml, a.top), params)
    except NameError as e:
        print("rtl-check: WF_TOP=%s: a port width of the contract needs a size parameter the top does not "
              "have and the harness did not give (%s)" % (a.top, e), file=sys.stderr)
        return 2
    if bad:
        print("rtl-check: WF_TOP=%s does not have the ports of the trace contract (scripts/wf/layout.py PORTS, "
              "docs/trace-layout.json \"ports\"; %s):\n  %s" % (
                  a.top, " ".join("%s=%d" % (k, v) for k, v in sorted(params.items())
                                  if any(re.search(r"\b%s\b" % k, L.port_width_expr(w)) for _, _, w in L.PORTS)),
                  "\n  ".join(bad)), file=sys.stderr)
        status = 2
    return status
