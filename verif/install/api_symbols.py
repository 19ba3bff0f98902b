#!/usr/bin/env python3
"""The functions a set of public C headers declares (one name a line, sorted):
what a library built from them must export (scripts/test-install.sh compares
this with `nm -D --defined-only` and with the linker version script)."""
import re
import sys


def declared(path):
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^\s*#[^\n]*", " ", text, flags=re.M)
    text = re.sub(r'extern\s*"C"\s*\{', " ", text)
    while True:  # collapse struct, enum and function bodies
        t = re.sub(r"\{[^{}]*\}", "@", text)
        if t == text:
            break
        text = t
    names = set()
    for stmt in re.split(r"[;@]", text):
        s = " ".join(stmt.split())
        m = re.search(r"\b(wf_\w+)\s*\(", s)
        # function-pointer typedefs and static inline functions export nothing
        if m and not s.startswith("typedef") and "static" not in s.split("(")[0].split():
            names.add(m.group(1))
    return names


if __name__ == "__main__":
    out = set()
    for p in sys.argv[1:]:
        out |= declared(p)
    print("\n".join(sorted(out)))
