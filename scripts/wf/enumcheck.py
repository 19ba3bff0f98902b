"""The enum-literal check of `make lint` (scripts/lint.sh): a signal that carries
one of the shared enumerations (scripts/wf/layout.py ENUMS, generated into
rtl/wf_enums.vh) is compared with, assigned, or cased on the generated names
(ISS_ISSUE, WAR_BLOOM, ...), never a sized literal of one of the enum's values
(`iss_kind == 3'd1`). The signals are the table ENUM_SIGNALS below; the files
rtl/*.v, fpga/*.v and verif/rtl_assert/*.v. One-bit enumerations (layout, sched, hazard mode) are
left out: their signals are flags.

  cd scripts && python3 -m wf.enumcheck [--root DIR] [FILE ...]

Prints file:line:col and the name to use for each literal found; exit 1 if
any, 2 on a usage error."""
import argparse
import glob
import os
import re
import sys

from . import layout as L
from .paths import ROOT

# enum prefix (layout.ENUMS) -> the names of the signals that carry it (a
# regular expression matched against a whole identifier)
ENUM_SIGNALS = {
    "ISS": r"iss_kind(_[ioqd])?",
    "WAR": r"(cfg_)?war(_[ioqd])?",
    "LOOPS": r"(cfg_)?loops(_[ioqd])?",
    "HZ": r"hz|hazard(_[oqd])?",
    "FETCH": r"fetch_state(_[qd])?|w_state|dnstate",
    "FEV": r"fkind(_o)?|w_kind|fsel_kind",
    "STALL": r"stall_kind(_[oqd])?",
    "BANK": r"bank_kind(_[oqd])?",
}

LIT = r"(\d+)'[dD](\d+)|(\d+)'[hH]([0-9a-fA-F]+)|(\d+)'[bB]([01]+)"


def lit_value(m):
    """the value of a LIT match"""
    if m.group(2) is not None:
        return int(m.group(2))
    if m.group(4) is not None:
        return int(m.group(4), 16)
    return int(m.group(6), 2)


def strip_comments(text):
    """the text with // and /* */ comments and strings blanked, lines kept"""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"', blank, text, flags=re.S)


def findings(path, text):
    """(line, col, literal, signal, suggested name) of every enum literal"""
    code = strip_comments(text)
    out = []
    for prefix, sig in ENUM_SIGNALS.items():
        names = {v: n for n, v in L.enum_values(prefix).items()}
        s = r"\b(?:%s)\b(?:\s*\[[^\]]*\])*" % sig
        pats = [
            # SIG op LIT
            re.compile(r"(?P<sig>%s)\s*(?:==|!=|<=|>=|<|>|=)\s*(?P<lit>%s)" % (s, LIT)),
            # LIT op SIG
            re.compile(r"(?P<lit>%s)\s*(?:==|!=|<=|>=|<|>)\s*(?P<sig>%s)" % (LIT, s)),
        ]
        hits = []
        for p in pats:
            for m in p.finditer(code):
                hits.append((m.start("lit"), m.group("lit"), m.group("sig")))
        # SIG = cond ? LIT : LIT; (a statement that assigns SIG: the literal arms)
        for m in re.finditer(r"(?:^|[;)\]]|\bbegin\b|\belse\b|\bassign\b)\s*(?P<sig>%s)\s*<?=(?!=)(?P<rhs>[^;]*)"
                             % s, code, re.M):
            for lm in re.finditer(r"[?:]\s*(?P<lit>%s)(?=\s*[:;)])" % LIT, m.group("rhs") + ";"):
                hits.append((m.start("rhs") + lm.start("lit"), lm.group("lit"), m.group("sig")))
        # case (SIG) ... endcase: literal labels
        for m in re.finditer(r"\bcase[zx]?\s*\(\s*(?P<sig>%s)\s*\)(?P<body>.*?)\bendcase\b" % s, code, re.S):
            for lm in re.finditer(r"(?:^|[;\n]|\bend\b)\s*(?P<lit>%s)\s*[,:]" % LIT, m.group("body")):
                hits.append((m.start("body") + lm.start("lit"), lm.group("lit"), m.group("sig")))
        for pos, lit, sg in hits:
            v = lit_value(re.match(LIT, lit))
            if v not in names:
                continue
            line = code.count("\n", 0, pos) + 1
            col = pos - (code.rfind("\n", 0, pos) + 1) + 1
            out.append((line, col, lit, re.sub(r"\s+", "", sg), "%s_%s" % (prefix, names[v])))
    return sorted(set(out))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=ROOT, help="the checkout (default: this one)")
    ap.add_argument("files", nargs="*", help="files to check (default: rtl/*.v fpga/*.v verif/rtl_assert/*.v)")
    a = ap.parse_args(argv)
    files = a.files or sorted(f for d in ("rtl", "fpga", "verif/rtl_assert")
                              for f in glob.glob(os.path.join(a.root, d, "*.v")))
    bad = 0
    for f in files:
        try:
            with open(f) as fh:
                text = fh.read()
        except OSError as e:
            print("enumcheck: %s: %s" % (f, e.strerror), file=sys.stderr)
            return 2
        for line, col, lit, sig, name in findings(f, text):
            print("%s:%d:%d: %s compared with or assigned the literal %s: use %s (rtl/wf_enums.vh)"
                  % (os.path.relpath(f, a.root), line, col, sig, lit, name))
            bad += 1
    if bad:
        print("enumcheck: %d enum literal(s) where a generated name exists" % bad, file=sys.stderr)
        return 1
    print("enumcheck: no enum literal in %d files" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
