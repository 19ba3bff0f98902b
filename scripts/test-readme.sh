#!/usr/bin/env bash
# Runs every command of README.md, so the README cannot rot (`make test-readme`,
# part of `make test`). The commands are the lines of the ```sh blocks, in order:
#  * a trailing "# exits N" is the expected exit status (default 0); other
#    trailing "# ..." comments are ignored;
#  * `gtkwave FILE` cannot open a window here: FILE must be a complete FST
#    file instead (verif/cosim/fstcheck.py); it is deleted before the run, so
#    it must be written by an earlier command;
#  * a block right after the line <!-- readme-test: dry-run --> holds make
#    commands that take too long for `make test` (the set-up commands, the
#    synthesis flows): they are checked with `make -n` (the target and its
#    variables exist); README_FULL=1 (`make test-readme-full`) runs them for
#    real, except `make test` itself (that is the caller).
# The commands run as a new user runs them: in a fresh copy of the checkout
# (its tracked and untracked-but-not-ignored files) with an EMPTY build/ and
# out/, so a build step the README leaves out fails here. The copy is deleted
# afterwards (README_KEEP=1 keeps it).
# Logs: out/test-readme/<n>.log. Exit 1 on the first failing command.
set -u
cd "$(dirname "$0")/.."
full=${README_FULL:-0}
log=$PWD/out/test-readme; rm -rf "$log"; mkdir -p "$log"
clone=$(mktemp -d)
if [[ ${README_KEEP:-0} == 1 ]]; then echo "test-readme: the copy is $clone"
else trap 'rm -rf "$clone"' EXIT; fi
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [[ -e $f ]] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -C "$clone" -xf - ||
  { echo "test-readme: cannot copy the checkout to $clone"; exit 1; }
[[ ! -e $clone/build && ! -e $clone/out ]] ||
  { echo "test-readme: build/ or out/ is not empty in the copy"; exit 1; }
# The Verilated models are the one thing shared with the checkout: its cache
# (verif/cosim/run.sh; keyed by the content of every input, path-free, like
# ccache), so the copy does not rebuild what the other make test stages built.
# README_FRESH_RTL=1 builds them in the copy too.
[[ ${README_FRESH_RTL:-0} == 1 ]] || export WF_RTL_DIR=${WF_RTL_DIR:-$PWD/build/rtl}
cd "$clone"
# one line per command: "<dry 0|1><TAB><expected status><TAB><command>"
cmds=$(python3 - <<'PY'
import re
lines = open("README.md", encoding="utf-8").read().split("\n")
dry = False
inblock = False
for i, l in enumerate(lines):
    if not inblock:
        if l.strip() == "<!-- readme-test: dry-run -->":
            dry = True
        elif l.strip() == "```sh":
            inblock = True
        elif l.strip():
            dry = False
        continue
    if l.strip() == "```":
        inblock, dry = False, False
        continue
    cmd = l
    m = re.search(r"\s#\s*exits (\d+)\s*$", cmd)
    want = m.group(1) if m else "0"
    cmd = re.sub(r"\s+#.*$", "", cmd).strip()
    if cmd and not cmd.startswith("#"):
        print(f"{int(dry)}\t{want}\t{cmd}")
PY
)
[[ -n $cmds ]] || { echo "test-readme: no commands found in README.md"; exit 1; }
# waves files the README opens must be produced by the README's own commands
while IFS=$'\t' read -r _ _ cmd; do
  [[ $cmd == gtkwave\ * ]] && rm -f "${cmd#gtkwave }"
done <<<"$cmds"
n=0 pass=0
while IFS=$'\t' read -r dry want cmd; do
  n=$((n + 1))
  run=$cmd how=run
  if [[ $cmd == gtkwave\ * ]]; then
    run="python3 verif/cosim/fstcheck.py ${cmd#gtkwave }"; how="fstcheck"
  elif [[ $dry == 1 ]]; then
    if [[ $cmd != make\ * && $cmd != make ]]; then
      echo "FAIL [$n] $cmd: a dry-run block may hold only make commands"; exit 1
    fi
    if [[ $full != 1 || $cmd == "make test" ]]; then run="make -n ${cmd#make}"; how="make -n"; fi
  fi
  st=0
  bash -c "$run" > "$log/$n.log" 2>&1 < /dev/null || st=$?
  if [[ $st != "$want" ]]; then
    echo "FAIL [$n] $cmd ($how): exit $st, README says $want; last lines of $log/$n.log:"
    tail -15 "$log/$n.log" | sed 's/^/  /'
    exit 1
  fi
  echo "ok   [$n] $cmd ($how, exit $st)"
  pass=$((pass + 1))
done <<<"$cmds"
echo "test-readme: $pass of $n README commands behave as the README says"
