# Shared by the regression runner's bash tests (sourced; test-regress-slurm.sh):
# is a run's report the same as a reference run's, seed for seed? Needs `bad`
# (prints, counts) and `root`. The comparison is scripts/wf/testing.py's
# same_run_problems, which the pytest suites call directly.

# same_run DIR REF WHAT: the report facts, every seed's drawn options and
# program, and the JUnit testcase and failure counts equal REF's
same_run() {
  local line
  while IFS= read -r line; do
    [ -n "$line" ] && bad "$line"
  done < <(python3 - "$root/scripts" "$@" <<'EOP'
import sys
sys.path.insert(0, sys.argv[1])
from wf.testing import same_run_problems
print("\n".join(same_run_problems(*sys.argv[2:5])))
EOP
)
}
