"""The regression's RTL leg (scripts/regress.py): a seed's configuration and
program drawn by wfgen, its Verilated build, its lockstep run, the re-runs."""
import os
import re
import shlex
import socket
import threading
import time
import zlib

from wf import forms  # the RTL forms (RTL_FORMS)
from wf import result  # the harness's result record
from wf.paths import ROOT, WFGEN, qjoin, rel
from wf.regress.files import write_atomic
from wf.regress.proc import STOP, quiet_thread, run, say
from wf.regress.settings import COSIM


# failures whose re-run with waves shows nothing (no simulation ran)
NO_WAVES = ("generator-error", "build-error", "usage-error", "not-reproduced", "error", "version", "no-record")


def newest_source():
    """The newest modification time of what the Verilated builds are made of."""
    t = 0.0
    for top in ("rtl", os.path.join("verif", "cosim")):
        for dp, _, fs in os.walk(os.path.join(ROOT, top)):
            for f in fs:
                try:
                    t = max(t, os.path.getmtime(os.path.join(dp, f)))
                except OSError:
                    pass
    return t


def draw(seed, sizes_allowed, bias=None):
    """The seed's configuration from wfgen: (options list, size-set name); under
    the bias file `bias` (CDG) when given."""
    # --war-none: war=none too (lockstep and the cycle model's final state
    # still hold; the interpreter check is skipped, docs/microarch.md §8.1)
    cmd = [WFGEN, "--config-only", "--sizes", ",".join(sorted(sizes_allowed)) or "any",
           "--war-none", "--seed", str(seed)] + (["--cdg", bias] if bias else [])
    rc, out, err, _ = run(cmd, 60)
    if rc != 0:
        raise RuntimeError("%s: %s" % (qjoin(cmd), (err or out).strip()))
    lines = out.splitlines()
    name = lines[1].split()[-1] if len(lines) > 1 and lines[1].startswith("# sizes") else "?"
    return shlex.split(lines[0]), name


def rtl_form(seed, names):
    """The seed's RTL form: one of names by a hash of the seed (the same in
    every shard and on RESUME; independent of IMEM_JITTER's k % K)."""
    return names[zlib.crc32(b"form%d" % seed) % len(names)]


def build_label(key, defines):
    """A build's name in the output: size set, +form, [defines] when not the run's."""
    sizes, defs, form = key
    return "%s%s%s" % (sizes, "" if form == "auto" else "+" + form, "" if defs == defines else " [%s]" % defs)


def gen_command(seed, opts, prog, bias=None):
    """The wfgen command of a seed's program (its options from draw)."""
    return [WFGEN, "--seed", str(seed), "--random-knobs"] + opts + ["-o", prog] + (
        ["--cdg", bias] if bias else [])


def redraw_line(man, seed):
    """The command that draws and runs one seed of a CDG run again, or None."""
    if not man.get("cdg"):
        return None
    return "make regress SEED=%d SEEDS=1 CSEEDS=0%s CDG=%s" % (
        seed, " SIZES=%s" % ",".join(man["sizes"]) if man["sizes"] else "", rel(man["cdg"]["bias"]))


def signalled(rc):
    return rc is not None and (rc < 0 or rc >= 128)


class Rtl:
    no_waves = NO_WAVES

    def __init__(self, cfg):
        self.cfg = cfg
        self.cov_lock = threading.Lock()
        self.cov_note = None
        self.builds = {}  # build key -> {"ok", "secs", "log", "how"}

    def merge_line_cov(self, item):
        """Folds a run's Verilator coverage data into this process's part file
        coverage/part-<host>-<pid>.dat as soon as the run ends (a run's file is
        megabytes; hundreds are not kept). The report merges the parts (one per
        process: shards of one run write side by side)."""
        dat = os.path.join(item["dir"], "coverage.dat")
        if not os.path.exists(dat):
            return False
        cdir = os.path.join(self.cfg["dir"], "coverage")
        part = os.path.join(cdir, "part-%s-%d.dat" % (socket.gethostname(), os.getpid()))
        with self.cov_lock:
            os.makedirs(cdir, exist_ok=True)
            if not os.path.exists(part):
                os.replace(dat, part)
                return True
            tmp = part + ".tmp"
            rc, out, err, _ = run(["verilator_coverage", "--write", tmp, part, dat], 600)
            if rc == 0:
                os.replace(tmp, part)
                os.unlink(dat)
                return True
            self.cov_note = "verilator_coverage merge failed: " + (err or out).strip()[:200]
            return False

    def command(self, item, waves=None, cov=None):
        cmd = [COSIM, item["prog"]] + item["opts"] + ["--seed", str(item["seed"])]
        if waves:
            cmd += ["--waves", waves]
        if cov:
            cmd += ["--cov", cov]
        if item.get("jitter"):
            cmd += ["--imem-jitter", str(item["seed"])]
        elif self.cfg.get("cmp", "full") != "full":
            cmd += ["--cmp", self.cfg["cmp"]]
        return cmd

    def env(self, item, line_cov=False):
        e = dict(os.environ)
        e.pop("WF_LINE_COV", None)
        e.pop("WF_CMP", None)  # the level is the run's CMP knob (command's --cmp)
        if line_cov and self.cfg["cov"]:
            # Verilator line/toggle coverage: run.sh's --coverage build (own cache dir)
            e["WF_LINE_COV"] = os.path.join(item["dir"], "coverage.dat")
        e["WF_DEFINES"] = item["defines"]
        e["WF_RTL_PARAMS"] = forms.env_value(item["form"])
        e.pop("WF_RTL_FILES", None)  # the run's design (run.json), not this process's
        e.pop("WF_TOP", None)
        e.pop("WF_RTL_OVERRIDE", None)  # (applied: the run's file list has it)
        e.update(self.design())
        e["WF_AUTO_WAVES"] = "0"  # the runner re-runs failures with waves itself
        e["WF_COSIM_WAVES_DIR"] = item["dir"]  # the report's reproduce line: waves next to the log
        return e

    def design(self):
        """[(WF_RTL_FILES, ...), (WF_TOP, ...)] of the run's own design; [] for the default."""
        c = self.cfg
        return [("WF_RTL_FILES", c["rtl_files"]), ("WF_TOP", c["rtl_top"])] if c["rtl_top"] else []

    def shell_line(self, item, cmd, line_cov=False):
        pre = "WF_DEFINES=%s " % shlex.quote(item["defines"])
        params = forms.env_value(item["form"])
        pre += "WF_RTL_PARAMS=%s " % shlex.quote(params) if params else ""
        pre += "".join("%s=%s " % (name, shlex.quote(v)) for name, v in self.design())
        if line_cov and self.cfg["cov"]:
            pre += "WF_LINE_COV=%s " % shlex.quote(rel(os.path.join(item["dir"], "coverage.dat")))
        return pre + qjoin([rel(c) if c.startswith(ROOT) else c for c in cmd])

    def prepare(self, seed):
        """Config + program for one seed; the item to run (or a generator-error result)."""
        c = self.cfg
        d = os.path.join(c["dir"], str(seed))
        os.makedirs(d, exist_ok=True)
        item = {"seed": seed, "dir": d, "prog": os.path.join(d, "prog.s"), "leg": "rtl",
                "id": "seed%d" % seed, "defines": c["defines"], "form": rtl_form(seed, c["rtl_forms"]),
                "jitter": c["jitter"] > 0 and (seed - c["seed0"]) % c["jitter"] == c["jitter"] - 1}
        if c["cdg"]:
            item["redraw"] = redraw_line(c["man"], seed)
        inj = c["inject"].get(seed)
        if inj is not None:
            item["defines"] = inj
        try:
            opts, sizes = draw(seed, c["sizes"], c["cdg"])
        except RuntimeError as e:
            return item, {"status": "fail", "kind": "generator-error", "message": str(e)[:300]}
        # one Verilated build per size set, define set and RTL form (the
        # waves/coverage variants follow WAVES/COV, the same for every run)
        # the form's pins fix their options (the program is generated for them)
        opts = forms.pin_options(opts, forms.form(item["form"])[1])
        item.update(opts=opts, sizes=sizes, key=(sizes, item["defines"], item["form"]))
        item["gen"] = gen_command(seed, opts, item["prog"], c["cdg"])
        with open(os.path.join(d, "options.txt"), "w", encoding="utf-8") as f:
            f.write("%s\n# sizes %s\n# WF_DEFINES=%s\n# RTL form %s: WF_RTL_PARAMS=%s%s%s\n" % (
                qjoin(opts), sizes, item["defines"], item["form"], forms.env_value(item["form"]),
                "\n# --imem-jitter" if item["jitter"] else "",
                "\n# cdg %s" % rel(c["cdg"]) if c["cdg"] else ""))
        if c.get("batch"):
            return item, None  # the batch harness generates it (wf/regress/batch.py)
        return item, self.generate(item)

    def generate(self, item):
        """The seed's program by wfgen (prog.s, gen.log): None, or its generator-error result."""
        rc, out, err, _ = run(item["gen"], 60)
        with open(os.path.join(item["dir"], "gen.log"), "w", encoding="utf-8") as f:
            f.write("%s\n%s%s[exit %s]\n" % (self.gen_header(item), out, err, rc))
        if rc != 0:
            return {"status": "fail", "kind": "generator-error", "message": (err or out).strip()[:300]}
        return None

    def gen_header(self, item):
        return "$ %s" % qjoin(item["gen"])

    def build(self, item, opts=None, fresh=False):
        """The build step of an item's build (run.sh --build-only: made, or its
        cache verified by key and checksum) within BUILD_TIMEOUT, logged under
        builds/. Once per build and process unless fresh. {"ok", "secs", "log", "how"}."""
        c = self.cfg
        key = item["key"]
        if key in self.builds and not fresh:
            return self.builds[key]
        name = "%s__%s%s" % (key[0], re.sub(r"[^A-Za-z0-9_.+-]", "+", key[1]) or "none",
                             "" if key[2] == "auto" else "__form-" + key[2])
        bdir = os.path.join(c["dir"], "builds")
        os.makedirs(bdir, exist_ok=True)
        log = os.path.join(bdir, name + ".log")
        cmd = [COSIM, "--build-only"] + (item["opts"] if opts is None else opts) + (
            ["--waves"] if c["waves"] else [])
        with open(log, "a", encoding="utf-8") as f:
            f.write("$ %s%s\n" % ("WF_LINE_COV=... " if c["cov"] else "", self.shell_line(item, cmd)))
        label = build_label(key, c["defines"])
        done, t0 = threading.Event(), time.time()

        def tick():
            quiet_thread()
            while not done.wait(c["progress"]):
                say("regress:   building %s ... %.0fs (log %s)" % (label, time.time() - t0, rel(log)))
        th = threading.Thread(target=tick, daemon=True)
        th.start()
        try:
            rc, _, _, secs = run(cmd, c["build_timeout"], env=self.env(item, line_cov=True), log=log)
        finally:
            done.set()
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
        how = "rebuilt" if re.search(r"^run\.sh: built ", text.split("$ ")[-1], re.M) else "cached"
        why = re.findall(r"^run\.sh: building \S+ \((.*)\)$", text.split("$ ")[-1], re.M)
        b = {"ok": rc == 0, "secs": secs, "log": log, "label": label, "rc": rc,
             "how": ("built (%s)" % why[-1]) if why else how}
        if rc is None:
            b["message"] = "no build within BUILD_TIMEOUT=%ds (killed)" % c["build_timeout"]
        elif rc != 0:
            tail = [l for l in text.splitlines() if l.strip()][-1:] or ["(no output)"]
            b["message"] = "exit %s: %s" % (rc, tail[0][:200])
        self.builds[key] = b
        return b

    def execute(self, item, timeout, tag=""):
        """One run; its logs as stdout<tag>.txt, stderr<tag>.txt."""
        c = self.cfg
        d = item["dir"]
        waves = os.path.join(d, "waves.fst") if c["waves"] else None
        cov = os.path.join(d, "run.cov.json") if c["cov"] else None
        cmd = self.command(item, waves=waves, cov=cov)
        verdict = os.path.join(d, "verdict%s.json" % tag)  # the harness's result record
        cmd += ["--result", verdict]
        self.write_cmd(item, cmd)
        if os.path.exists(verdict):
            os.unlink(verdict)
        rc, out, err, secs = run(cmd, timeout, env=self.env(item, line_cov=True))
        for name, text in (("stdout%s.txt" % tag, out), ("stderr%s.txt" % tag, err)):
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)
        return self.conclude(item, rc, out, err, secs, verdict, waves)

    def write_cmd(self, item, cmd):
        write_atomic(os.path.join(item["dir"], "cmd.txt"), self.shell_line(item, cmd, line_cov=True) + "\n")

    def conclude(self, item, rc, out, err, secs, verdict, waves=None):
        """A finished run's result from its exit status, output and record (verdict)."""
        d = item["dir"]
        rec = result.read(verdict)
        kind, msg = result.classify(rc, rec, out + err)
        res = {"status": "fail" if kind else "pass", "kind": kind, "message": msg, "time": secs,
               "rc": rc, "waves": waves if waves and os.path.exists(waves) else None,
               "reproduce": (rec or {}).get("reproduce") or self.shell_line(
                   item, self.command(item, waves=rel(os.path.join(d, "waves.fst"))))}
        for key in ("cycle", "field", "expected", "actual", "cycles"):  # the record's data, as it is
            if rec is not None and key in rec:
                res[key] = rec[key]
        if self.merge_line_cov(item):
            res["line_cov"] = True
        return res

    def seed(self, item):
        """One seed from its first run to its result.json (None if stopped):
        a crash is re-run once on a freshly verified build, a failure once
        more with waves; what does not reproduce is reported so."""
        c = self.cfg
        res = self.execute(item, c["timeout"])
        if STOP.is_set():
            return None
        if res["kind"] == "crash" and signalled(res["rc"]):
            b = self.build(item, fresh=True)
            if STOP.is_set():
                return None
            if not b["ok"]:
                res["note"] = "a crash, and the build step after it failed: %s" % b.get("message")
            else:
                again = self.execute(item, c["timeout"], tag="-rerun")
                if STOP.is_set():
                    return None
                first = "%s (%s)" % (res["kind"], res["message"])
                if again["status"] == "pass":
                    res = dict(again, status="fail", kind="not-reproduced",
                               message=("first run: %s; the re-run on a verified build (%s) passed"
                                        % (first, b["how"]))[:400])
                else:
                    again["note"] = "crashed again on a verified build (%s); logs stdout-rerun.txt" % b["how"]
                    res = again
        if res["status"] == "fail" and res["kind"] not in NO_WAVES:
            self.rerun_with_waves(item, res)
            if STOP.is_set():
                return None
        return res

    def rerun_with_waves(self, item, res):
        """A failed seed again with --waves: its FST path (or why there is
        none) and whether the failure reproduced (same exit status)."""
        c = self.cfg
        if res.get("waves"):
            return
        waves = os.path.join(item["dir"], "waves.fst")
        cmd = self.command(item, waves=waves)
        # a run the runner killed gets the same time again (its FST may be cut
        # short); others may need the waves build first
        limit = c["timeout"] if res.get("rc", 0) is None else max(c["timeout"], c["build_timeout"])
        verdict = os.path.join(item["dir"], "verdict-waves.json")
        if os.path.exists(verdict):
            os.unlink(verdict)
        rc, out, err, _ = run(cmd + ["--result", verdict], limit, env=self.env(item))
        if STOP.is_set():
            return
        with open(os.path.join(item["dir"], "waves-rerun.txt"), "w", encoding="utf-8") as f:
            f.write("$ %s\n%s%s[exit %s]\n" % (self.shell_line(item, cmd), out, err, rc))
        kind = result.classify(rc, result.read(verdict), out + err)[0]
        if rc != res.get("rc") or kind != res["kind"]:
            res["reproduced"] = False
            res["reproduce_note"] = ("not reproduced: the waves re-run gave %s (exit %s), the first run "
                                     "exit %s (see waves-rerun.txt)" % (kind or "pass", rc, res.get("rc")))
        if os.path.exists(waves) and os.path.getsize(waves) > 0:
            res["waves"] = waves
        else:
            res["waves_note"] = "waves re-run left no FST (see waves-rerun.txt)"
