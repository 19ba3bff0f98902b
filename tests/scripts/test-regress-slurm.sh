#!/usr/bin/env bash
# `make regress SLURM=1` on a real single-node Slurm started here (no systemd):
# munged, slurmctld and slurmd run from a temporary directory (own key,
# sockets, pid files, logs, state; slurm.conf written below, ports unlikely to
# collide), stopped by their pids on exit, also on failure. If Slurm does not
# come up the test fails with the daemons' logs; it never skips.
#  1. SLURM=1 SHARDS=3 over 6 seeds (smallest size set, real RTL): one job
#     array of 3 shards and one merge job; the builds are made once before the
#     array (no shard rebuilds); the merged report (JUnit, rerun list,
#     summary) equals a local run of the same seeds, seed for seed.
#  2. the same with a shard cancelled mid-run (scancel): the merge job reports
#     the run incomplete, and RESUME finishes exactly the missing seeds, after
#     which the report again equals the local run.
. "$(dirname "$0")/../../scripts/wfsim-env.sh" # WFSIM (absolute, exported), root; set -u
t=$(mktemp -d "${TMPDIR:-/tmp}/test-slurm.XXXXXX") || exit 1
chmod 755 "$t"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
pids=()
stop_daemons() {
  local p
  for p in ${pids[@]+"${pids[@]}"}; do kill "$p" 2>/dev/null; done
  sleep 1
  for p in ${pids[@]+"${pids[@]}"}; do kill -9 "$p" 2>/dev/null; done
}
dump_logs() {
  local f
  for f in "$t"/log/* "$t"/munge/munged.log; do
    [ -f "$f" ] && { echo "---- $f (last 30 lines)"; tail -30 "$f"; }
  done
}
trap 'stop_daemons; rm -rf "$t"' EXIT
for tool in munged slurmctld slurmd sbatch squeue scancel; do
  command -v $tool >/dev/null || { echo "FAIL: $tool is not installed (scripts/setup.sh test installs slurm-wlm and munge)"; exit 1; }
done

# ---- the daemons -------------------------------------------------------------------------
mkdir -p "$t/munge" "$t/ctld" "$t/d" "$t/log"
chmod 700 "$t/munge"
head -c 1024 /dev/urandom >"$t/munge/munge.key" && chmod 400 "$t/munge/munge.key"
munged --key-file="$t/munge/munge.key" --socket="$t/munge/sock" --pid-file="$t/munge/munged.pid" \
  --log-file="$t/munge/munged.log" --seed-file="$t/munge/seed" --force ||
  { echo "FAIL: munged did not start"; dump_logs; exit 1; }
for i in $(seq 50); do [ -s "$t/munge/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$t/munge/munged.pid")")
port=$((20000 + RANDOM % 20000))
export SLURM_CONF="$t/slurm.conf"
cat >"$SLURM_CONF" <<EOC
ClusterName=wftest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$t/munge/sock
CredType=cred/munge
StateSaveLocation=$t/ctld
SlurmdSpoolDir=$t/d
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeHostname=$(hostname) CPUs=2 State=UNKNOWN
PartitionName=wf Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOC
slurmctld -D >"$t/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N localhost >"$t/log/slurmd.out" 2>&1 &
pids+=($!)
up=0
for i in $(seq 100); do
  sinfo -h -o '%T' 2>/dev/null | grep -qx idle && { up=1; break; }
  sleep 0.2
done
[ $up = 1 ] || { echo "FAIL: Slurm did not come up (sinfo: $(sinfo 2>&1 | tail -2))"; dump_logs; exit 1; }

wait_job() { # until job $1 (and its array tasks) left the queue; 5 min at most
  local i
  for i in $(seq 1500); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  bad "job $1 still queued after 5 min: $(squeue 2>&1)"; dump_logs; return 1
}
. "$root/tests/scripts/regress-same-run.sh" # same_run
same_run_slurm() { # dirA dirB what: same_run, and the rerun lists (paths aside)
  same_run "$@"
  cmp -s <(sed 's/out[^ ]*\/[0-9]*\//X\//g' "$1/rerun.txt") <(sed 's/out[^ ]*\/[0-9]*\//X\//g' "$2/rerun.txt") || bad "$3: rerun lists differ"
}
R=${REGRESS_PY:-$root/scripts/regress.py}  # another copy: to show the checks fail on a broken runner
export CSEEDS=0 SIZES=smallest IMEM_JITTER=3 SEEDS=6 OUT="$t/out"

# ---- the local reference, then the same seeds through Slurm -------------------------------
RUN_ID=local JOBS=2 python3 "$R" >"$t/local.txt" 2>&1 || bad "local run failed: $(tail -5 "$t/local.txt")"
SLURM=1 SHARDS=3 RUN_ID=sl python3 "$R" >"$t/submit.txt" 2>&1
rc=$?
[ "$rc" = 0 ] || { bad "SLURM=1 submission: exit $rc: $(tail -5 "$t/submit.txt")"; dump_logs; exit 1; }
grep -qE '^regress: submitted: job array [0-9]+ \(3 shards: RESUME=sl SHARD=i/3\), merge job [0-9]+ \(afterany:[0-9]+\)$' "$t/submit.txt" ||
  bad "submission does not print the job ids: $(tail -4 "$t/submit.txt")"
grep -qE '^regress: follow: squeue -j [0-9]+,[0-9]+; tail -f ' "$t/submit.txt" || bad "submission does not say how to follow the jobs"
grep -qE '^regress:   build smallest +(cached|built)' "$t/submit.txt" || bad "no build step before the array"
merge=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["merge"])' "$OUT/sl/slurm/jobs.json")
wait_job "$merge"
for i in 0 1 2; do
  grep -qE 'shard [0-9]/3 of run sl done' "$OUT/sl/slurm/shard-$i.out" 2>/dev/null || bad "shard $i did not finish: $(tail -3 "$OUT/sl/slurm/shard-$i.out" 2>&1)"
  grep -qE '^regress:   build smallest +cached in' "$OUT/sl/slurm/shard-$i.out" || bad "shard $i rebuilt: $(grep 'build ' "$OUT/sl/slurm/shard-$i.out")"
done
[ "$(tail -1 "$OUT/sl/slurm/merge.out" 2>/dev/null)" = "6 passed, 0 failed" ] || bad "merge job: '$(tail -3 "$OUT/sl/slurm/merge.out" 2>&1)'"
grep -q '^complete: 6 passed, 0 failed' "$OUT/sl/STATUS" || bad "Slurm run STATUS '$(cat "$OUT/sl/STATUS")'"
same_run_slurm "$OUT/sl" "$OUT/local" "Slurm 3 shards"

# ---- a shard cancelled mid-run; RESUME finishes it -----------------------------------------
# seed 2 (shard 2 of 3) waits in a wrapper until released, so shard 2 is running when cancelled
cat >"$t/hold-run.sh" <<EOS
#!/usr/bin/env bash
case "\$1" in */2/prog.s) [ -e "$t/release" ] || { touch "$t/held"; sleep 300; } ;; esac
exec "$root/verif/cosim/run.sh" "\$@"
EOS
chmod +x "$t/hold-run.sh"
COSIM="$t/hold-run.sh" SLURM=1 SHARDS=3 RUN_ID=sk python3 "$R" >"$t/submit2.txt" 2>&1 || bad "second submission failed: $(tail -3 "$t/submit2.txt")"
jobs=$OUT/sk/slurm/jobs.json
array=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["array"])' "$jobs")
merge=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["merge"])' "$jobs")
for i in $(seq 600); do [ -e "$t/held" ] && break; sleep 0.2; done
[ -e "$t/held" ] || bad "seed 2 never started"
scancel "${array}_1"
wait_job "$merge"
[ -e "$OUT/sk/2/result.json" ] && bad "the cancelled shard's seed 2 has a result"
grep -qE '^regress: incomplete: [1-2] of 6 items have no result \(seed2' "$OUT/sk/slurm/merge.out" ||
  bad "merge after a cancelled shard: '$(tail -3 "$OUT/sk/slurm/merge.out" 2>&1)'"
grep -q '^incomplete: ' "$OUT/sk/STATUS" || bad "STATUS after a cancelled shard: '$(cat "$OUT/sk/STATUS")'"
missing=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["not_run"]))' "$OUT/sk/summary.json")
touch "$t/release"
COSIM="$t/hold-run.sh" RESUME=sk python3 "$R" >"$t/resume.txt" 2>&1
rc=$?
[ "$rc" = 0 ] && [ "$(tail -1 "$t/resume.txt")" = "6 passed, 0 failed" ] || bad "RESUME after the cancel: exit $rc, '$(tail -3 "$t/resume.txt")'"
grep -q "^regress: $missing RTL seeds and 0 C runs have no result yet: running them" "$t/resume.txt" ||
  bad "RESUME did not run exactly the $missing missing seeds: $(grep 'no result yet' "$t/resume.txt")"
same_run_slurm "$OUT/sk" "$OUT/local" "cancelled shard + RESUME"

[ $fail = 0 ] && echo "test-regress-slurm: a real Slurm (munged, slurmctld, slurmd) ran 3 shards + a merge equal to the local run; a cancelled shard reported incomplete, RESUME finished it"
exit $fail
