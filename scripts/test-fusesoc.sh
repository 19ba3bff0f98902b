#!/usr/bin/env bash
# `make fusesoc-lint` (docs/fpga.md): the FuseSoC core fusesoc.core.
#  1. every wf_core parameter (rtl/wf_core.v) and every wf_fpga_top parameter
#     (fpga/wf_fpga_top.v) is a core parameter, with the RTL's default
#     (wf_core's in the parameter, wf_fpga_top's in the synth target);
#  1b. every fileset lists the files its sources include (quoted includes);
#  2. fpga/demo.hex (the synth target's program image) is what
#     `wfsim --emit-hex sim/examples/fact.s` writes today;
#  3. `fusesoc run --target=lint` passes, and fails (naming the parameter)
#     with --WARPS=0, so a failing lint is seen;
#  4. `fusesoc run --target=synth` (Yosys synth_ice40 of wf_fpga_top) writes
#     a netlist holding the core with the demo program in the instruction
#     memory's block RAMs, and fails with --WARPS=0.
# The synthesis in 4 is of the smallest FPGA machine (docs/fpga.md ice-min,
# about 2 minutes; FUSESOC_SYNTH_ARGS="" synthesizes the wrapper's default
# shape, 10-20 minutes); FUSESOC_SYNTH=0 skips 4.
# Logs under build/fusesoc/. Exit status 0 pass, 1 fail.
set -u
cd "$(dirname "$0")/.."
out=build/fusesoc
mkdir -p "$out"
WFSIM=${WFSIM:-build/wfsim}
VLNV=warpfront:warpfront:core
fail=0
pass() { echo "fusesoc: PASS $*"; }
bad()  { echo "fusesoc: FAIL $*"; fail=1; }

if ! command -v fusesoc > /dev/null; then bad "fusesoc not installed (scripts/setup.sh installs it)"; exit 1; fi

# ---- 1. parameters --------------------------------------------------------------
if msg=$(python3 - <<'EOF'
import re, sys, yaml
core = yaml.safe_load(open("fusesoc.core").read().split("\n", 1)[1])
cp, errs = core.get("parameters", {}), []
def rtl_params(path, stop=None):
    text = open(path).read().split(") (", 1)[0]      # the #( ... ) header
    if stop: text = text.split(stop, 1)[0]
    return re.findall(r'parameter\s+(?:integer\s+)?(\w+)\s*=\s*("[^"]*"|-?\d+)', text)
core_p = rtl_params("rtl/wf_core.v", "// derived")
top_p = rtl_params("fpga/wf_fpga_top.v")
if len(core_p) < 17: errs.append("found only %d wf_core parameters" % len(core_p))
for n, v in core_p:
    if n not in cp: errs.append("wf_core parameter %s missing from fusesoc.core" % n)
    elif str(cp[n].get("default")) != v: errs.append("%s: default %s, wf_core.v has %s" % (n, cp[n].get("default"), v))
for n, v in core_p + top_p:
    if n in cp and not all(k in cp[n] for k in ("datatype", "default", "description", "paramtype")):
        errs.append("%s lacks datatype/default/description/paramtype" % n)
synth = core["targets"]["synth"]["parameters"]
sdef = dict(p.split("=", 1) if "=" in p else (p, str(cp.get(p, {}).get("default"))) for p in synth)
for n, v in top_p:
    v = v.strip('"')
    if n not in cp: errs.append("wf_fpga_top parameter %s missing from fusesoc.core" % n)
    elif sdef.get(n) != v: errs.append("synth target: %s=%s, wf_fpga_top.v default %s" % (n, sdef.get(n), v))
print("; ".join(errs) if errs else "%d wf_core and %d wf_fpga_top parameters" % (len(core_p), len(top_p)))
sys.exit(1 if errs else 0)
EOF
); then pass "parameters: $msg"; else bad "parameters: $msg"; fi

# ---- 1b. the filesets are complete -------------------------------------------------
# every listed file exists, and every quoted #include / `include of a listed
# source is itself listed in the same fileset (an exported core builds alone)
if msg=$(python3 - <<'EOF'
import os, re, yaml
core = yaml.safe_load(open("fusesoc.core").read().split("\n", 1)[1])
errs, n = [], 0
for name, fs in core["filesets"].items():
    files = [next(iter(f)) if isinstance(f, dict) else f for f in fs.get("files", [])]
    listed = set(os.path.normpath(f) for f in files)
    dirs = sorted(set(os.path.dirname(f) for f in files if f.endswith((".h", ".vh", ".inc"))))
    for f in files:
        if not os.path.isfile(f):
            errs.append("%s: %s does not exist" % (name, f)); continue
        if not f.endswith((".c", ".h", ".cpp", ".v", ".vh", ".inc")): continue
        for inc in re.findall(r'^\s*[#`]\s*include\s+"([^"]+)"', open(f).read(), re.M):
            n += 1
            cands = [os.path.normpath(os.path.join(d, inc)) for d in [os.path.dirname(f)] + dirs]
            hit = [c for c in cands if os.path.isfile(c)]
            if hit and not any(c in listed for c in hit):
                errs.append("%s: %s includes %s, which the fileset does not list" % (name, f, hit[0]))
print("; ".join(errs) if errs else "%d filesets, %d includes resolved inside their fileset" % (len(core["filesets"]), n))
raise SystemExit(1 if errs else 0)
EOF
); then pass "filesets: $msg"; else bad "filesets: $msg"; fi

# ---- 2. the demo image ------------------------------------------------------------
if "$WFSIM" --emit-hex "$out/demo.hex" sim/examples/fact.s && cmp -s "$out/demo.hex" fpga/demo.hex; then
  pass "fpga/demo.hex = wfsim --emit-hex sim/examples/fact.s"
else
  bad "fpga/demo.hex differs from wfsim --emit-hex sim/examples/fact.s (regenerate it)"
fi

# ---- 3. lint ---------------------------------------------------------------------------
run() {  # run LOG TARGET [ARGS...]: fusesoc run, output in LOG
  local log=$1 t=$2; shift 2
  fusesoc --cores-root . run --target="$t" "$VLNV" "$@" > "$log" 2>&1
}
if run "$out/lint.log" lint; then pass "fusesoc run --target=lint"
else bad "fusesoc run --target=lint, see $out/lint.log"; tail -5 "$out/lint.log"; fi
if ! run "$out/lint_bad.log" lint --WARPS=0 && grep -q WARPS_out_of_range_1_to_64 "$out/lint_bad.log"; then
  pass "fusesoc run --target=lint --WARPS=0 fails naming WARPS_out_of_range_1_to_64"
else bad "fusesoc lint accepted WARPS=0 or did not name it, see $out/lint_bad.log"; fi

# ---- 4. synth ----------------------------------------------------------------------------
small=(--WARPS=1 --LANES=1 --REGS=8 --BANKS=1 --COLLECTORS=1 --SB_ENTRIES=1 --IBUF=1 --ICACHE_LINES=1
       --ICACHE_LINE=1 --IMSHRS=1 --MEM_LINE=1 --BLOOM_BITS=4 --ALU_LAT_MAX=1 --MUL_LAT_MAX=1
       --LSU_LAT_MAX=2 --CFG_MUL_LAT=1)
read -r -a synth_args <<<"${FUSESOC_SYNTH_ARGS-${small[*]}}"
if [[ ${FUSESOC_SYNTH:-1} != 0 ]]; then
  net=build/warpfront_warpfront_core_0.1.0/synth-yosys/warpfront_warpfront_core_0.1.0.json
  rm -f "$net"
  if run "$out/synth.log" synth ${synth_args[@]+"${synth_args[@]}"} && [[ -s $net ]] &&
     python3 -c "import json,sys; m=json.load(open(sys.argv[1]))['modules']['wf_fpga_top']['cells']; \
rom=[c for n, c in m.items() if n.startswith('u_imem.imem_q') and c['type']=='SB_RAM40_4K']; \
sys.exit(0 if sum(c['type']=='SB_LUT4' for c in m.values()) > 100 and rom and \
any('1' in v for c in rom for k, v in c['parameters'].items() if k.startswith('INIT_')) else 1)" "$net"; then
    pass "fusesoc run --target=synth: $net has SB_LUT4 cells and the program in its instruction-memory SB_RAM40_4K"
  else bad "fusesoc run --target=synth, see $out/synth.log"; tail -5 "$out/synth.log"; fi
  if ! run "$out/synth_bad.log" synth --WARPS=0 && grep -q WARPS_out_of_range_1_to_64 "$out/synth_bad.log"; then
    pass "fusesoc run --target=synth --WARPS=0 fails naming WARPS_out_of_range_1_to_64"
  else bad "fusesoc synth accepted WARPS=0 or did not name it, see $out/synth_bad.log"; fi
fi

if [[ $fail == 0 ]]; then echo "fusesoc: all checks passed"; else echo "fusesoc: FAILED"; fi
exit $fail
