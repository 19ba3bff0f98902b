#!/usr/bin/env bash
# Runs `make STAGE` for each stage given, JOBS (default 2) at a time, and fails
# if any fails (`make test` calls it after building what the stages share).
#
# Each stage's output goes to build/test-logs/<stage>.log; the terminal gets
# one line per finished stage (PASS/FAIL, seconds, the log's last line), the
# last 200 lines of every failed stage's log, and a closing table. Stages start in the
# order given: list the long ones first so the two lanes finish together.
#
# STAGE_MAKE (default make) is the command each stage runs as `$STAGE_MAKE
# --no-print-directory STAGE` (tests/scripts/test_stage_runner.py passes a fake).
#
# Stages that share a build directory must be safe to run together: the
# Verilated builds under build/rtl/ are made under flock (verif/cosim/run.sh),
# and the shared libraries and tools are built before this script runs.
set -u
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then
  echo "test-stages: JOBS=$jobs: allowed: an integer >= 1" >&2; exit 2
fi
[[ $# -gt 0 ]] || { echo "usage: [JOBS=N] tests/test-stages.sh STAGE..." >&2; exit 2; }
logs=${STAGE_LOGS:-build/test-logs}
mkdir -p "$logs"

declare -A pid_stage=() start_of=() secs_of=() rc_of=()
t_all=$(date +%s)
failed=()
pending=("$@")

finish() { # finish PID RC
  local st=${pid_stage[$1]}
  secs_of[$st]=$(($(date +%s) - start_of[$st]))
  rc_of[$st]=$2
  local last
  last=$(grep -v '^[[:space:]]*$' "$logs/$st.log" | tail -1)
  if [[ $2 == 0 ]]; then
    printf 'PASS %-14s %4ds  %s\n' "$st" "${secs_of[$st]}" "${last:0:120}"
  else
    failed+=("$st")
    printf 'FAIL %-14s %4ds  exit %d, log %s\n' "$st" "${secs_of[$st]}" "$2" "$logs/$st.log"
    echo "---- $logs/$st.log (last 200 lines) ----"
    tail -200 "$logs/$st.log"
    echo "---- end of $st ----"
  fi
  unset "pid_stage[$1]"
}

while [[ ${#pending[@]} -gt 0 || ${#pid_stage[@]} -gt 0 ]]; do
  while [[ ${#pending[@]} -gt 0 && ${#pid_stage[@]} -lt $jobs ]]; do
    st=${pending[0]}
    pending=("${pending[@]:1}")
    start_of[$st]=$(date +%s)
    ${STAGE_MAKE:-make} --no-print-directory "$st" > "$logs/$st.log" 2>&1 < /dev/null &
    pid_stage[$!]=$st
    echo "start $st"
  done
  done_pid=""
  wait -n -p done_pid "${!pid_stage[@]}" 2>/dev/null
  rc=$?
  if [[ -n ${done_pid-} ]]; then
    finish "$done_pid" "$rc"
  else
    # a stage killed by a signal can be reaped while bash reports the signal,
    # before wait -n sees it ("no such job"): its status by its pid
    for p in "${!pid_stage[@]}"; do
      kill -0 "$p" 2>/dev/null && continue
      wait "$p"
      finish "$p" $?
    done
  fi
done

echo
echo "stage           seconds  result"
for st in "$@"; do
  printf '%-14s %8d  %s\n' "$st" "${secs_of[$st]}" "$([[ ${rc_of[$st]} == 0 ]] && echo pass || echo "FAIL (exit ${rc_of[$st]})")"
done
echo "wall clock: $(($(date +%s) - t_all)) s with JOBS=$jobs; logs in $logs/"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "test-stages: FAILED: ${failed[*]}"
  exit 1
fi
exit 0
