"""scripts/ is one Python package (scripts/wf/) behind thin entry points (part of
`make test-examples`): every Python command of scripts/ (a .py file, or an
executable with a python shebang) is a docstring, the one-line sys.path
boilerplate, one import of its main from wf and the call; the package itself
never edits sys.path and never loads a script by its path."""
import ast
import glob
import os
import re

import pytest

from wf.paths import ROOT

SCRIPTS = os.path.join(ROOT, "scripts")
BOILERPLATE = "sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))"


def entry_points():
    out = []
    for p in sorted(glob.glob(os.path.join(SCRIPTS, "*"))):
        if not os.path.isfile(p):
            continue
        with open(p, errors="replace") as f:
            first = f.readline()
        if p.endswith(".py") or (os.access(p, os.X_OK) and "python" in first):
            out.append(p)
    return out


def problems(path):
    """What makes the file at path more than a thin entry point ([] when nothing)."""
    with open(path) as f:
        text = f.read()
    bad = []
    tree = ast.parse(text)
    body = tree.body[1:] if ast.get_docstring(tree) is not None else tree.body
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            if not all(m in ("os", "sys") or m == "wf" or m.startswith("wf.") for m in mods):
                bad.append("line %d: imports %s (an entry point imports only os, sys and wf)"
                           % (node.lineno, ", ".join(mods)))
        elif isinstance(node, ast.Expr) and ast.unparse(node).startswith("sys.path"):
            pass
        elif isinstance(node, ast.Expr) and ast.unparse(node).startswith("sys.exit("):
            pass
        elif isinstance(node, ast.If) and ast.unparse(node.test) == "__name__ == '__main__'" and \
                len(node.body) == 1 and ast.unparse(node.body[0]).startswith("sys.exit("):
            pass
        else:
            bad.append("line %d: %s (code belongs in scripts/wf/)" % (node.lineno, type(node).__name__))
    paths = [ln.strip() for ln in text.splitlines() if "sys.path" in ln]
    if len(paths) != 1 or not paths[0].startswith(BOILERPLATE):
        bad.append("sys.path: %s, expected the one line %s" % (paths, BOILERPLATE))
    return bad


def test_found():
    names = [os.path.basename(p) for p in entry_points()]
    assert "regress.py" in names and "synth.py" in names and "wfhost" in names, names


@pytest.mark.parametrize("path", entry_points(), ids=os.path.basename)
def test_thin_entry_point(path):
    bad = problems(path)
    assert not bad, "%s is not a thin entry point:\n  %s" % (os.path.relpath(path, ROOT), "\n  ".join(bad))


def test_package_leaves_sys_path_alone():
    bad = []
    for p in sorted(glob.glob(os.path.join(SCRIPTS, "wf", "**", "*.py"), recursive=True)):
        with open(p) as f:
            for n, line in enumerate(f, 1):
                if re.search(r"\bsys\.path\b|spec_from_file_location", line):
                    bad.append("%s:%d: %s" % (os.path.relpath(p, ROOT), n, line.strip()))
    assert not bad, "the package edits sys.path or loads a file by path:\n" + "\n".join(bad)


def test_detects_a_fat_entry_point(tmp_path):
    """the check itself: a function defined in an entry point, a second sys.path line"""
    p = tmp_path / "fat.py"
    p.write_text('"""doc"""\nimport os\nimport sys\n\n%s\nsys.path.insert(0, "x")\nimport json\n\n'
                 'def main():\n    return 0\n' % BOILERPLATE)
    bad = problems(str(p))
    assert any("FunctionDef" in b for b in bad) and any("sys.path" in b for b in bad) and \
        any("json" in b for b in bad), bad
