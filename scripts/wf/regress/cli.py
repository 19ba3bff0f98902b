"""The command line of scripts/regress.py: the knobs from the environment,
--report RUN, --help (the knobs' reference, settings.HELP)."""
import os
import signal
import sys

from wf.paths import qjoin
from wf.regress.proc import STOP, Usage, kill_children, on_signal
from wf.regress.run import regress, report_only
from wf.regress.settings import HELP, knobs
from wf.regress.slurm import slurm_submit


def main(argv):
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        if argv[1:] in (["--help"], ["-h"]):
            print(HELP)
            return 0
        if argv[1:2] == ["--report"]:
            if len(argv) != 3:
                raise Usage("usage: regress.py --report RUN (a run id under OUT, or latest)")
            return report_only(argv[2])
        if len(argv) > 1:
            raise Usage("regress.py takes its knobs from the environment (regress.py --help); got %s"
                        % qjoin(argv[1:]))
        k = knobs()
        if k["slurm"]:
            return slurm_submit(k, os.path.abspath(argv[0]))
        return regress(k)
    except Usage as e:
        print("regress: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        STOP.set()
        kill_children()
        print("regress: %s%s (OUT=%s)" % (e.strerror or e, ": %s" % e.filename if e.filename else "",
                                        os.environ.get("OUT", "out/regress")), file=sys.stderr)
        return 2
