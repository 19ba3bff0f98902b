"""The regression's process control (scripts/regress.py): every child in its
own process group, killed on a stop (SIGINT/SIGTERM); the worker pool."""
import concurrent.futures
import os
import signal
import subprocess
import sys
import threading
import time

from wf.paths import ROOT


class Usage(Exception):
    """Bad usage or environment: one line, exit 2."""


# ---- process control: every child in its own process group, killed on a stop ------------

STOP = threading.Event()
STOP_SIG = []
CHILDREN = {}
CH_LOCK = threading.Lock()
SAY_LOCK = threading.Lock()


def say(line):
    with SAY_LOCK:
        print(line)
        sys.stdout.flush()


def kill_children():
    with CH_LOCK:
        procs = list(CHILDREN.values())
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def on_signal(signum, frame):
    if not STOP.is_set():
        STOP_SIG.append(signum)
        STOP.set()
        os.write(2, ("\nregress: %s: no new runs; killing the running ones, then the report\n"
                     % signal.Signals(signum).name).encode())
    kill_children()


def quiet_thread():
    """Worker threads leave SIGINT/SIGTERM to the main thread."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def run(cmd, timeout, env=None, cwd=ROOT, log=None):
    """(returncode or None on timeout, stdout, stderr, seconds). log=PATH sends
    both streams to that file instead. The process group is killed on timeout
    and on a stop, so nothing is left behind."""
    t0 = time.time()
    if STOP.is_set():
        return -signal.SIGKILL, "", "", 0.0
    logf = open(log, "a", encoding="utf-8") if log else None
    try:
        p = subprocess.Popen(cmd, stdout=logf or subprocess.PIPE,
                             stderr=subprocess.STDOUT if logf else subprocess.PIPE, text=True,
                             errors="replace", env=env, cwd=cwd, start_new_session=True)
    except BaseException:
        if logf:
            logf.close()
        raise
    with CH_LOCK:
        CHILDREN[p.pid] = p
    if STOP.is_set():
        kill_children()
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        rc = None
    finally:
        with CH_LOCK:
            CHILDREN.pop(p.pid, None)
        if logf:
            logf.close()
    return rc, out or "", err or "", time.time() - t0


def pool_run(fn, items, jobs, on_result):
    """fn over items on `jobs` threads; on_result(item, result) in this thread
    as each ends. Waits in short steps so that a signal is handled at once;
    after a stop, nothing new starts (fn returns None for those)."""
    if not items:
        return
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs, initializer=quiet_thread)
    try:
        futs = {pool.submit(lambda i: None if STOP.is_set() else fn(i), i): k for k, i in enumerate(items)}
        pending = set(futs)
        while pending:
            done, pending = concurrent.futures.wait(pending, timeout=0.5,
                                                    return_when=concurrent.futures.FIRST_COMPLETED)
            for f in sorted(done, key=lambda f: futs[f]):
                on_result(items[futs[f]], f.result())
    except BaseException:
        # an error (a full disk) stops everything as a signal would
        STOP.set()
        kill_children()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
