"""The regression's batch workers (BATCH=1, the default of `make regress`):
one harness process per (build, worker) runs many seeds (verif/cosim/main.cpp
--batch), instead of one run.sh, one build check and two wfgen processes per
seed. docs/verification.md "Batch workers", docs/performance.md.

The runner (wf/regress/run.py) prepares each seed as before (options.txt: the
seed's draw), checks every build once (run.sh --build-only: key and checksum),
then hands the seeds to workers. A worker thread owns one harness process at a
time, started directly on the verified binary with the environment run.sh would
give it (params.sh: the reproduce line's run.sh, defines and design); it writes
one spec line per seed and waits for its "done" line (TIMEOUT seconds). The
harness generates the program in-process (wf_gen_cli: the bytes wfgen writes),
runs it on a freshly constructed model and renames prog.s, gen.log, stdout.txt,
stderr.txt and verdict.json into place; the runner turns them into result.json
with the per-seed path's own code (runner.Rtl.conclude, run.finish), so RESUME, shards and
reports see the same files.

A seed the harness cannot finish (the process dies: a crash; no "done" line
within TIMEOUT: a hang, the process is killed) loses only that seed: the build
is verified again, the seed runs alone through the per-seed path (its program
from wfgen, run.sh; Rtl.seed) and is classified as that path classifies it
(crash, timeout, ...), or not-reproduced when it passes alone; a new process
takes the remaining seeds. A seed whose generation fails runs alone too (the
per-seed path's generator-error). Test-only: REGRESS_INJECT_BATCH=SEED:segv or
SEED:stop sends that signal to the worker process once that seed's spec is
written (a crash or a hang in flight)."""
import json
import os
import queue
import select
import signal
import socket
import subprocess
import threading
import time

from wf.paths import ROOT

COSIM_DEFAULT = os.path.join(ROOT, "verif", "cosim", "run.sh")
PARAMS_SH = os.path.join(ROOT, "verif", "cosim", "params.sh")
CHUNK = 32  # seeds a worker takes at a time (of one build)
# the parts of a seed's CPU time in the harness's "done" line (verif/cosim/main.cpp --batch)
COSTS = ("gen", "oracle", "lockstep", "other")
INJECT_SIGNALS = {"segv": signal.SIGSEGV, "stop": signal.SIGSTOP}


class Control:
    """The runner's process control: the stop event, the child registry (killed
    on a stop), the worker threads' signal mask, the console."""

    def __init__(self, stop, children, lock, quiet_thread, say):
        self.stop, self.children, self.lock, self.quiet_thread, self.say = stop, children, lock, quiet_thread, say


def parse_inject(text):
    """REGRESS_INJECT_BATCH: {seed: signal}; ValueError on a malformed word."""
    out = {}
    for part in (text or "").split(","):
        if part:
            seed, _, what = part.partition(":")
            if not seed.isdigit() or what not in INJECT_SIGNALS:
                raise ValueError("REGRESS_INJECT_BATCH=%r: allowed SEED:segv or SEED:stop, comma separated" % part)
            out[int(seed)] = INJECT_SIGNALS[what]
    return out


def usable(cfg, cosim):
    """Whether the run's seeds go to batch workers: BATCH on, the default
    driver (a COSIM wrapper runs per seed), no per-run waves or coverage data."""
    return cfg["batch"] and os.path.realpath(cosim) == os.path.realpath(COSIM_DEFAULT) \
        and not cfg["waves"] and not cfg["cov"]


def build_of(opts, env, cosim=COSIM_DEFAULT):
    """(binary, environment) of the build run.sh selects for these harness
    options under env, as run.sh would start it: params.sh gives the build's
    directory name, the design's words of the reproduce line and the defines.
    (run.sh --build-only makes and verifies that build.)"""
    script = 'p=$1; shift; source "$p" "$@" && printf "%s\\0" "$bkey" "$rtl_env" "$defs"'
    p = subprocess.run(["bash", "-c", script, "batch", PARAMS_SH] + list(opts), env=env,
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("params.sh: %s" % (p.stderr.strip() or "exit %d" % p.returncode))
    bkey, rtl_env, defs = p.stdout.split("\0")[:3]
    binary = os.path.join(env.get("WF_RTL_DIR") or os.path.join(ROOT, "build", "rtl"), bkey, "Vwf_core")
    env = dict(env, WF_COSIM_RUNSH=rtl_env + cosim, WF_COSIM_DEFINES=defs)
    env.pop("WF_COSIM_REPRO_FILE", None)
    return binary, env


def harness_of(rtl, item, cosim):
    """build_of an item's build (the runner's build step has verified it)."""
    return build_of(item["opts"], rtl.env(item), cosim)


def spec_line(rtl, item):
    """The seed's spec for the harness (tab-separated: directory, gen.log's
    header, wfgen's arguments, --run, the harness's arguments), or None when a
    word holds a tab or a newline (that seed runs alone)."""
    cmd = rtl.command(item) + ["--result", os.path.join(item["dir"], "verdict.json")]
    words = [item["dir"], rtl.gen_header(item)] + item["gen"][1:] + ["--run"] + cmd[1:]
    if any("\t" in w or "\n" in w for w in words):
        return None, cmd
    return "\t".join(words) + "\n", cmd


class Worker:
    """One harness process of one build (--batch), fed one seed at a time."""

    def __init__(self, ctl, key, binary, env, log):
        self.ctl, self.key, self.buf = ctl, key, b""
        self.logf = open(log, "a", encoding="utf-8")
        self.p = subprocess.Popen([binary, "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.logf, env=env, cwd=ROOT, start_new_session=True)
        with ctl.lock:
            ctl.children[self.p.pid] = self.p

    def ask(self, line, timeout, inject=None):
        """Writes a spec; its reply line, "" when the process died, None on a timeout or a stop."""
        try:
            self.p.stdin.write(line.encode())
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            return ""
        if inject:
            os.kill(self.p.pid, inject)
        deadline = time.time() + timeout
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or self.ctl.stop.is_set():
                return None
            r, _, _ = select.select([fd], [], [], min(left, 0.5))
            if r:
                chunk = os.read(fd, 4096)
                if not chunk:
                    return ""
                self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode(errors="replace")

    def close(self, kill=False):
        """Ends the process (kill: at once); its exit status."""
        if kill:
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            rc = self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.p.pid, signal.SIGKILL)
            rc = self.p.wait()
        with self.ctl.lock:
            self.ctl.children.pop(self.p.pid, None)
        self.p.stdout.close()
        self.logf.close()
        return rc


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def clean_tmp(d):
    """A killed worker's half-written files of the seed in flight."""
    for name in os.listdir(d):
        if ".tmp" in name:
            try:
                os.unlink(os.path.join(d, name))
            except OSError:
                pass


class Batch:
    def __init__(self, rtl, ctl, cosim, timeout, inject=None, logdir=None):
        self.rtl, self.ctl, self.cosim, self.timeout = rtl, ctl, cosim, timeout
        self.inject = dict(inject or {})
        self.logdir = logdir or os.path.join(rtl.cfg["dir"], "batch")  # the workers' own stderr, per build
        self.harness = {}  # build key -> (binary, env)
        self.lock = threading.Lock()
        self.stats = {"workers": 0, "alone": 0}
        # the harness's CPU seconds of the seeds it finished, by part (COSTS), and their wall time
        self.cost = dict({"seeds": 0, "wall_s": 0.0}, **{name + "_cpu_s": 0.0 for name in COSTS})

    def harness_for(self, item):
        with self.lock:
            if item["key"] not in self.harness:
                self.harness[item["key"]] = harness_of(self.rtl, item, self.cosim)
            return self.harness[item["key"]]

    def start(self, item):
        binary, env = self.harness_for(item)
        b = self.rtl.builds.get(item["key"], {})
        os.makedirs(self.logdir, exist_ok=True)
        log = os.path.join(self.logdir, os.path.basename(b.get("log", "build.log")))
        with self.lock:
            self.stats["workers"] += 1
        return Worker(self.ctl, item["key"], binary, env, log)

    def alone(self, item, first=None):
        """The per-seed path for one seed: its program from wfgen, the build
        verified again, run.sh (Rtl.seed). first: what the batch run of it
        was (a crash or a hang); a pass alone is then not-reproduced."""
        with self.lock:
            self.stats["alone"] += 1
        clean_tmp(item["dir"])
        bad = self.rtl.generate(item)
        if bad:
            return bad
        if first is None:
            return self.rtl.seed(item)
        b = self.rtl.build(item, fresh=True)
        if self.ctl.stop.is_set():
            return None
        if not b["ok"]:
            return dict(first, status="fail", note="and the build step after it failed: %s" % b.get("message"))
        res = self.rtl.seed(item)
        if res is None:
            return None
        what = "first run (batch worker): %s (%s)" % (first["kind"], first["message"])
        if res["status"] == "pass":
            return dict(res, status="fail", kind="not-reproduced",
                        message=("%s; the run alone on a verified build (%s) passed" % (what, b["how"]))[:400])
        res["note"] = ("%s; alone on a verified build (%s): %s" % (what, b["how"], res["kind"]))[:400]
        return res

    def one(self, w, item):
        """A seed on worker w: (result or None if stopped, whether w lives on)."""
        line, cmd = spec_line(self.rtl, item)
        if line is None:
            return self.alone(item), True
        d = item["dir"]
        verdict = os.path.join(d, "verdict.json")
        for f in (verdict, os.path.join(d, "prog.s")):
            if os.path.exists(f):
                os.unlink(f)
        self.rtl.write_cmd(item, cmd)
        reply = w.ask(line, self.timeout, self.inject.pop(item["seed"], None))
        if self.ctl.stop.is_set():
            w.close(kill=True)
            return None, False
        parts = (reply or "").split()
        if parts[:1] == ["done"] and len(parts) == 3 + len(COSTS):
            rc, secs = int(parts[1]), float(parts[2])
            with self.lock:
                self.cost["seeds"] += 1
                self.cost["wall_s"] += secs
                for name, v in zip(COSTS, parts[3:]):
                    self.cost[name + "_cpu_s"] += float(v)
            res = self.rtl.conclude(item, rc, read_text(os.path.join(d, "stdout.txt")),
                                    read_text(os.path.join(d, "stderr.txt")), secs, verdict)
            if res["status"] == "fail" and res["kind"] not in self.rtl.no_waves:
                self.rtl.rerun_with_waves(item, res)
            return res, True
        if parts == ["gen-error"]:
            return self.alone(item), True
        # the seed in flight is lost: a hang (no reply in time) or a crash (the process is gone)
        rc = w.close(kill=True)
        if reply is None:
            first = {"kind": "timeout", "message": "no result within the per-run timeout (killed)", "rc": None}
        else:
            first = {"kind": "crash", "message": "the batch worker died (exit %s)" % rc, "rc": rc}
        return self.alone(item, first), False

    def run(self, items, jobs, on_result):
        """Every item's result to on_result(item, res), called under a lock from the worker threads."""
        groups = {}
        for it in items:
            groups.setdefault(it["key"], []).append(it)
        chunks = queue.Queue()
        size = max(1, min(CHUNK, -(-len(items) // (2 * jobs))))
        for key in groups:
            g = groups[key]
            for k in range(0, len(g), size):
                chunks.put(g[k:k + size])
        done_lock = threading.Lock()
        errors = []

        def worker():
            self.ctl.quiet_thread()
            w = None
            try:
                while not self.ctl.stop.is_set():
                    try:
                        chunk = chunks.get_nowait()
                    except queue.Empty:
                        break
                    for item in chunk:
                        if self.ctl.stop.is_set():
                            break
                        if w is not None and w.key != item["key"]:
                            w.close()
                            w = None
                        if w is None:
                            try:
                                w = self.start(item)
                            except (OSError, RuntimeError) as e:  # no harness to start: this seed alone
                                self.ctl.say("regress: batch worker for seed %d not started (%s): the seed "
                                             "runs alone" % (item["seed"], e))
                                res = self.alone(item)
                                if res is not None:
                                    with done_lock:
                                        on_result(item, res)
                                continue
                        res, alive = self.one(w, item)
                        if not alive:
                            w = None  # (closed by one)
                        if res is not None:
                            with done_lock:
                                on_result(item, res)
            except BaseException as e:  # a full disk, a broken build: stop as a signal would
                errors.append(e)
                self.ctl.stop.set()
            finally:
                if w is not None:
                    w.close(kill=self.ctl.stop.is_set())
        threads = [threading.Thread(target=worker, daemon=True) for _ in range(max(1, jobs))]
        for t in threads:
            t.start()
        for t in threads:
            while t.is_alive():
                t.join(0.5)
        if errors:
            raise errors[0]
        return dict(self.cost, **self.stats)


def summary(rdir, stats, say):
    """The batch's console line and its cost record, batch-<host>-<pid>.json in the
    run (one per runner process: shards write side by side; make bench reads it)."""
    n = stats["seeds"]
    say("regress: batch workers: %d processes, %d seeds in them, %d alone; harness CPU per seed: %s" % (
        stats["workers"], n, stats["alone"], ", ".join(
            "%s %.1f ms" % (name, 1e3 * stats[name + "_cpu_s"] / max(n, 1)) for name in COSTS)))
    path = os.path.join(rdir, "batch-%s-%d.json" % (socket.gethostname(), os.getpid()))
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(stats, f, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
