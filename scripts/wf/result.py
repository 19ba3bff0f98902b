"""The harnesses' result record (verif/lockstep.c, wf_ls_write_result; docs/verification.md
"Result records"): one JSON object per run, written with --result FILE, read here by the
regression runner and the mutation self-check instead of their console text."""
import json
import os
import signal

SCHEMA = "warpfront.result"
VERSION = 1


def read(path):
    """The record at path, or None when there is none (the harness did not start, crashed,
    or was killed) or it is not a record of this schema's version."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except (OSError, ValueError):
        return None
    schema = rec.get("schema") if isinstance(rec, dict) else None
    if not isinstance(schema, dict) or schema.get("name") != SCHEMA or schema.get("version") != VERSION:
        return None
    return rec


def take(path):
    """read(path), the file removed."""
    rec = read(path)
    try:
        os.unlink(path)
    except OSError:
        pass
    return rec


def first_line(text):
    """The first non-blank line of a log (quoted in a message, not interpreted)."""
    return next((line.strip() for line in text.splitlines() if line.strip()), "(no output)")[:300]


def classify(rc, rec, text):
    """(kind, message) of a finished harness run; kind "" is a pass. The record decides;
    without one only the exit status speaks: killed by the runner (rc None), a signal,
    run.sh's build step (exit 2 after its "build failed" line: it writes no record),
    or a harness that exited without its record."""
    if rc is None:
        return "timeout", "no result within the per-run timeout (killed)"
    if rec is not None and rec.get("exit_code") == rc:
        return ("", "") if rec["status"] == "pass" else (rec["kind"], rec["message"])
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = "signal %d" % sig
        return "crash", "killed by %s: %s" % (name, first_line(text))
    built = [line.strip() for line in text.splitlines() if "run.sh: build failed" in line]
    if rc == 2 and built:
        return "build-error", built[0][:300]
    if rc == 2 and rec is None:
        return "usage-error", first_line(text)
    if rec is None:
        return "no-record", "exit %d without a result record: %s" % (rc, first_line(text))
    return "no-record", "exit %d, but the record says exit %s (%s)" % (rc, rec.get("exit_code"), rec.get("kind"))


def where(rec):
    """(cycle, what) of a failing record for a table: the field path of a trace
    difference, the block and text of an RTL assertion, the element and oracle of a
    final-state difference, else the record's message."""
    kind = rec.get("kind")
    if kind == "mismatch":
        return str(rec["cycle"]), rec["field"]
    if rec.get("block"):
        return str(rec.get("rtl_cycle", "-")), "assert %s: %s" % (rec["block"], rec["assertion"])
    if kind == "final-state":
        if rec.get("oracle"):
            return "end", "final state (%s) vs %s" % (rec["field"], rec["oracle"])
        return "end", "final %s" % rec["field"]
    return "-", rec.get("message", "?")[:60]
