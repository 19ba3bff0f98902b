"""The regression's files: written whole or not at all (scripts/regress.py)."""
import json
import os
import threading


def write_atomic(path, text):
    """Whole or absent, never cut: a temporary file, fsync, rename."""
    tmp = "%s.tmp%d.%d" % (path, os.getpid(), threading.get_ident())
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, indent=1, sort_keys=True, default=str) + "\n")


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def opt_value(opts, name, default):
    for i, o in enumerate(opts):
        if o == name and i + 1 < len(opts):
            return opts[i + 1]
    return default
