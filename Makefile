# warpfront top-level build. `make regress` is the main job, `make test` the tests.
# Both install missing tools first (scripts/setup.sh says what it did).

CC       ?= gcc
CSTD     := -std=c11
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2 -g
# the checkout path kept out of the objects, so two checkouts of one commit
# build identical libraries (and share Verilated builds, verif/cosim/run.sh)
CFLAGS   := $(CSTD) $(WARN) $(OPT) -ffile-prefix-map=$(CURDIR)=.
# Include paths per layer, cmodel/ <- sim/ <- verif/: an object sees the headers
# of its own layer and of the layers below it only, so an #include the wrong way
# (the model or wfsim including a verification header) fails to compile.
# `make layering` proves it.
CMODEL_INC := -Icmodel/include
SIM_INC    := $(CMODEL_INC)
VERIF_INC  := $(CMODEL_INC) -Iverif/include
layer_inc   = $(if $(filter cmodel/%,$(1)),$(CMODEL_INC),$(if $(filter sim/%,$(1)),$(SIM_INC),$(VERIF_INC)))$(if $(filter verif/unit/%,$(1)), -Icmodel/tests)
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

B        := build
# the pytest suites of tests/ (python3-pytest: scripts/setup.sh); -p no:cacheprovider: no .pytest_cache in the tree
PYTEST   := python3 -m pytest -q -p no:cacheprovider
# wfsim's own tests: run on the plain and the sanitized binary
WFSIM_TESTS := tests/tools/test_wfsim.py tests/tools/test_wfsim_input.py
# `make` alone builds what a user runs (the first rule below is a template's)
.DEFAULT_GOAL := all
LIB_SRCS := $(wildcard cmodel/*.c)
SIM_SRCS := $(wildcard sim/*.c)
# the Check tests: the C model's own (cmodel/tests, the model's include path only; its
# wf_check.h serves verif/unit too) and the verification library's (verif/unit)
TEST_SRCS:= $(wildcard cmodel/tests/test_*.c verif/unit/test_*.c)
TEST_HELP:= $(filter-out $(TEST_SRCS),$(wildcard cmodel/tests/*.c verif/unit/*.c))
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

# One build tree per flavour: $(B) plain, $(B)/asan sanitized.
define flavour
$(1)/obj/%.o: %.c $$(wildcard cmodel/include/*.h cmodel/*.inc cmodel/tests/*.h verif/unit/*.h) | $(1)/.dir
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) $$(call layer_inc,$$<) $(2) $$(CHECK_CFLAGS) -c $$< -o $$@
$(1)/libwarpfront.a: $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRCS))
	@rm -f $$@
	ar rcs $$@ $$^
$(1)/wfsim: $$(patsubst %.c,$(1)/obj/%.o,$$(SIM_SRCS)) $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ -lm
$(1)/test_%: $(1)/obj/verif/unit/test_%.o $$(patsubst %.c,$(1)/obj/%.o,$$(TEST_HELP)) $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ $$(CHECK_LIBS)
$(1)/test_%: $(1)/obj/cmodel/tests/test_%.o $$(patsubst %.c,$(1)/obj/%.o,$$(TEST_HELP)) $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ $$(CHECK_LIBS)
$(1)/.dir:
	@mkdir -p $(1) && touch $$@
endef
$(eval $(call flavour,$(B),))
$(eval $(call flavour,$(B)/asan,$(SANFLAGS)))

TESTS      := $(patsubst %.c,$(B)/%,$(notdir $(TEST_SRCS)))
ASAN_TESTS := $(patsubst %.c,$(B)/asan/%,$(notdir $(TEST_SRCS)))
# the verification library's tests (verif/verif.mk links them with libwfverif.a;
# the model's own link libwarpfront.a alone)
VERIF_TEST_SRCS := $(wildcard verif/unit/test_*.c)
include verif/verif.mk
include cmodel/lib.mk

.SECONDARY:
# every target that is not a file (shlib, install, test-install, test-python: cmodel/lib.mk)
.PHONY: all help clean deps deps-regress \
  test test-unit layering test-asan test-examples test-kernels test-readme test-readme-full \
  test-cov test-cdg test-experiments test-regress test-regress-faults test-slurm test-host test-soc soc-litex-sim test-fuzz \
  rtl-smoke rtl-assert rtl-pins mutants mutants-rate mcy mcy-doc test-mcy lint lint-full sc-smoke dpi-smoke gen \
  fusesoc-lint fusesoc-sim model-equiv fuzz formal test-formal formal-mutants formal-shown \
  regress regress-report coverage-report waves bench bench-build experiments \
  synth fpga fpga-sim fpga-sweep fpga-gls fpga-gls-ice fpga-guard bitstream program
all: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a

# one line per user-facing target (tests/scripts/test_make_help.py checks every
# .PHONY target is here)
help:
	@echo "make              build the tools: build/wfsim, build/wfgen and the libraries (= make all)"
	@echo "make test         install missing tools, build, run every test stage (TEST_STAGES; JOBS=2)"
	@echo "make regress      install missing tools, run the main regression (results under out/)"
	@echo "make regress RESUME=latest|RUN   finish a stopped regression (only the seeds without a result)"
	@echo "make regress SLURM=1 SHARDS=N [SLURM_ARGS=...]   the regression as a Slurm job array + merge job"
	@echo "make regress CMP=full|events|arch   the RTL runs at that compare level (docs/verification.md \"Compare levels\")"
	@echo "make regress-report RUN=latest|RUN   rewrite a run's report from its per-seed results"
	@echo "make waves FST=file.fst   open waves in gtkwave (installs it); with file.model.fst and file.gtkw (a mismatch) both, on the differing field"
	@echo "make shlib        the shared libraries only (build/pic/: libwarpfront.so, libwfverif.so)"
	@echo "make install [PREFIX=/usr/local] [DESTDIR=]   libwarpfront/libwfverif (.so, .a), headers, pkg-config files, wfsim; libwf_dpi.so + wf_dpi.svh, the RTL, the Python package (share/warpfront)"
	@echo "make gen          regenerate the files of the trace/ISA field table (scripts/wf/layout.py; make lint checks them)"
	@echo "make deps         only install missing tools for make test (scripts/setup.sh test)"
	@echo "make deps-regress only install missing tools for make regress (scripts/setup.sh regress)"
	@echo "make clean        remove build/ and out/"
	@echo "Test stages (each also inside make test):"
	@echo "make test-unit    the Check unit tests (cmodel/tests/, verif/unit/) and make layering"
	@echo "make layering     a verification header fails to compile from the model's and wfsim's include paths"
	@echo "make test-asan    the unit tests and wfsim's tests under ASan+UBSan"
	@echo "make test-examples wfsim's tests, the regression runner's, coverage, experiments, model-equiv"
	@echo "make test-kernels sim/kernels on both engines against verif/check_kernels.py"
	@echo "make test-readme  every README command, in order, in a fresh copy with an empty build/"
	@echo "make rtl-smoke    the RTL in lockstep with the C model on the examples (Verilator)"
	@echo "make rtl-assert   simulation-only assertions, each fired by its fault (Icarus)"
	@echo "make formal       every formal task (SymbiYosys: the contract's rules on the RTL blocks; FORMAL_TASKS=name...)"
	@echo "make test-formal  the fast formal subset (the test stage)"
	@echo "make formal-mutants which project mutants the formal properties catch"
	@echo "make formal-shown  each property of verif/formal/show_failing.json shown able to fail again"
	@echo "make rtl-pins     pinned knobs in lockstep with the C model"
	@echo "make mutants      every deliberate RTL bug caught by co-simulation (fast form); N=50: kill rate over the first N regression seeds"
	@echo "make mutants CMP=events|arch   the same at a weaker compare level: escapes reported as caught only at a stronger one"
	@echo "make lint         Verilator lint, Yosys memory inference and check -assert"
	@echo "make sc-smoke     the SystemC lockstep harness"
	@echo "make dpi-smoke    the C model called from SystemVerilog over DPI-C"
	@echo "make fusesoc-lint the FuseSoC core's lint and synth targets"
	@echo "make fusesoc-sim  one lockstep co-simulation through FuseSoC (PROGRAM= SEED= WFSIM_OPTIONS=)"
	@echo "make fpga-sim     programs through the FPGA top under Icarus against wfsim"
	@echo "make test-fuzz    the fuzz target's kept findings, then 30 s of libFuzzer"
	@echo "make test-regress-faults the regression runner under faults (signals, full disk, builds, knobs)"
	@echo "make test-slurm   the regression on a real single-node Slurm started by the test"
	@echo "make test-install install into a temporary prefix; a C program (pkg-config, no LD_LIBRARY_PATH), a Verilator DPI testbench and a Python program against it"
	@echo "make test-python  pip install ./python (bindings over libwarpfront.so) into a temporary dir, run its pytest suite"
	@echo "make test-own-rtl your own RTL in the harness: verif/examples/own_rtl (WF_RTL_FILES, WF_TOP) through make regress and cocotb"
	@echo "make test-oneloop a second front end (verif/examples/oneloop) through the transaction-level checker: C++ and SV/DPI routes, its deliberate bugs caught"
	@echo "make test-cocotb  the cocotb testbench (verif/cocotb, Icarus, pinned cocotb) on two examples and a mutant"
	@echo "make test-host    wfhost against the simulated board (UART host bridge)"
	@echo "make test-soc     the Wishbone top (DMA, IRQ, registers) and its drivers on the simulated bus against wfsim"
	@echo "make soc-litex-sim LiteX simulation SoC (VexRiscv + warpfront): the C firmware and the host route run examples against wfsim"
	@echo "make fpga-guard   ECP5 area/mapping guard per block against fpga/area-baseline.json, and the docs table-merge test"
	@echo "make fpga-gls-ice the hx8k board's shape (ice-min): synth_ice40 and gate-level simulation against wfsim"
	@echo "Other tests and tools:"
	@echo "make fuzz         libFuzzer over the assembler, image loader, options line, interpreter vs cycle model (FUZZ_SECONDS=300)"
	@echo "make test-cov     wfsim --cov and scripts/covreport.py (also in test-examples)"
	@echo "make test-experiments the experiments driver on a reduced sweep (also in test-examples)"
	@echo "make test-regress the regression runner's own test (also in test-examples)"
	@echo "make test-batch   the regression's batch workers: wfgen's bytes, no state between seeds, crash/hang re-runs, BATCH=1 = BATCH=0 (also in test-examples)"
	@echo "make test-readme-full test-readme, also running the set-up and synthesis commands"
	@echo "make mutants-rate the kill-rate table (N=50 default seeds, JOBS=1; build/mutants/rate.json), then the machine-made set's rates (docs/mcy/results.json)"
	@echo "make mcy          machine-made mutants: Yosys mutate, MCY_N per block (91), MCY_SEEDS regression seeds (100; survivors of 1..10 only), MCY_BLOCKS (all), MCY_REUSE=1 resumes; out/mcy/results.json"
	@echo "make mcy-doc      docs/mcy/README.md's kill and survivor tables from docs/mcy/results.json and triage/"
	@echo "make test-mcy     the mcy machinery on a small sample (20 mutants of wf_scoreboard, 2 seeds): builds, kills, control clean"
	@echo "make coverage-report the functional coverage and its plan crosses of a COV=1 regression (COVDIR=out/regress/latest)"
	@echo "make regress COV=1 CDG=REPORT   coverage-directed: seeds biased toward the holes of a coverage report (also make coverage-report CDG=)"
	@echo "make test-cdg     coverage-directed generation: the bias moves the stimulus to a hole; bad reports are exit 2"
	@echo "make lint-full    lint with the whole generic Yosys synth script (~15 min)"
	@echo "make model-equiv  the C model against git revision BASE (default HEAD), bit for bit"
	@echo "make bench        host speed: C model, interpreter, RTL, C++/SystemC co-sim (out/bench/bench.json)"
	@echo "make bench-build  the regression build's Verilator/compiler options: build seconds vs lockstep cycles/s (out/bench-build/build.json)"
	@echo "make experiments  regenerate docs/results.md and docs/results/*.svg"
	@echo "make synth        Yosys generic synthesis per configuration (SYNTH_CONFIGS=)"
	@echo "make fpga         iCE40 and ECP5 synthesis and place-and-route: LUTs, FFs, BRAMs, DSPs, Fmax (FPGA_CONFIGS=)"
	@echo "make fpga-sweep   the parameter-cost table of docs/fpga.md"
	@echo "make fpga-gls     the iCE40 and ECP5 netlists simulated against wfsim (FPGA_CONFIGS=)"
	@echo "make bitstream BOARD=hx8k|hx8k-2w1l|icebreaker|ulx3s|ulx3s-4w4l|ulx3s-8w8l  bitstream of the UART top (docs/fpga.md)"
	@echo "make bitstream BOARD=ulx3s-litex  the ULX3S LiteX SoC: VexRiscv, SDRAM, warpfront on Wishbone (docs/soc.md)"
	@echo "make program BOARD=...  write it to the board (openFPGALoader)"
	@echo "make help         this list"

# the trace contract and the ISA from one field table (scripts/wf/layout.py):
# rtl/wf_defs.vh, rtl/wf_isa.vh, cmodel/include/wf_opcodes.h, cmodel/wf_optable.inc,
# rtl/wf_enums.vh, cmodel/include/wf_enums.h, rtl/wf_core_sizes.vh, rtl/wf_core_knobs.vh,
# rtl/wf_core_params_fpga.vh, rtl/wf_mutant.vh (from scripts/wf/mutant_table.py),
# verif/include/wf_layout.h, verif/rtlobs_layout.h, docs/trace-layout.json (checked
# in; scripts/lint.sh fails when one is stale)
gen:
	@python3 scripts/gen-layout.py

deps:
	@bash scripts/setup.sh test
deps-regress:
	@bash scripts/setup.sh regress

# The stages run JOBS (default 2) at a time, longest first, each logged to
# build/test-logs/<stage>.log (tests/test-stages.sh); what they share is
# built first.
TEST_STAGES := test-examples rtl-smoke soc-litex-sim test-asan lint sc-smoke fusesoc-lint rtl-pins fusesoc-sim \
  test-readme test-formal mutants test-mcy rtl-assert dpi-smoke test-unit fpga-sim test-kernels test-regress-faults \
  test-slurm test-install test-python test-cocotb test-own-rtl test-oneloop test-fuzz test-host test-soc fpga-guard \
  fpga-gls-ice
test: deps
	@$(MAKE) --no-print-directory -j$(or $(JOBS),2) $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a \
	  $(B)/libwfverif.a $(TESTS) $(ASAN_TESTS) $(B)/asan/wfsim shlib
	@bash tests/test-stages.sh $(TEST_STAGES)
	@echo "make test: all test stages passed"

test-unit: $(TESTS) layering
	@bash scripts/run-tests.sh $(TESTS)

# the layers' include paths (layer_inc above) refuse a wrong-way #include
layering:
	@CC="$(CC)" CMODEL_FLAGS="$(CFLAGS) $(call layer_inc,cmodel/x.c)" \
	  SIM_FLAGS="$(CFLAGS) $(call layer_inc,sim/x.c)" \
	  VERIF_FLAGS="$(CFLAGS) $(call layer_inc,verif/x.c)" $(PYTEST) tests/tools/test_layering.py

test-asan: $(ASAN_TESTS) $(B)/asan/wfsim
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  bash scripts/run-tests.sh $(ASAN_TESTS)
	@WFSIM=$(B)/asan/wfsim $(PYTEST) $(WFSIM_TESTS)

test-examples: $(B)/wfsim $(B)/wfgen
	@WFSIM=$(B)/wfsim $(PYTEST) $(WFSIM_TESTS) tests/tools/test_cov.py tests/tools/test_cdg.py \
	  tests/tools/test_experiments.py
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_regress.py tests/scripts/test_model_equiv.py \
	  tests/scripts/test_stage_runner.py tests/scripts/test_make_help.py tests/scripts/test_vl_objcache.py \
	  tests/scripts/test_package.py tests/scripts/test_build_key.py
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_batch.py

# wfsim --cov + scripts/covreport.py (the bins: cmodel/include/wf_cov.h); the
# experiments driver on a reduced sweep. Both are also part of test-examples.
test-cov: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_cov.py
test-experiments: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_experiments.py
# coverage-directed generation (scripts/wf/cdg.py, wfgen --cdg); also part of test-examples
test-cdg: $(B)/wfsim $(B)/wfgen
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_cdg.py

# the seed's performance claims measured: regenerates docs/results.md and
# docs/results/*.svg (1312 wfsim runs, seconds; scripts/wf/experiments/)
experiments: $(B)/wfsim
	@WFSIM=$(B)/wfsim python3 scripts/experiments.py

# the working tree's C model against git revision BASE (default HEAD), bit for
# bit on SEEDS random programs and the kernels: for performance work on the model
model-equiv:
	@BASE=$(or $(BASE),HEAD) bash scripts/model-equiv.sh

# sim/kernels on both engines (cycle model, interpreter) against verif/check_kernels.py
test-kernels: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_kernels.py

# host speed, side by side (no pass/fail; verif/bench/bench.py): C model, functional
# interpreter, bare Verilated RTL, C++ and SystemC lockstep, regression seeds/minute,
# peak memory, the C model's callgrind profile by block (valgrind: deps-regress)
# -> table + out/bench/bench.json; docs/performance.md
$(B)/wfbench: $(B)/obj/verif/bench/wfbench.o $(B)/libwarpfront.a
	$(CC) -o $@ $^ -lm
bench: deps-regress $(B)/wfbench $(B)/wfgen $(B)/wfsim $(B)/libwarpfront.a $(B)/libwfverif.a
	@python3 verif/bench/bench.py
# the regression build's Verilator and compiler options: build CPU seconds
# against lockstep cycles per CPU second, side by side (verif/bench/build.py)
# -> table + out/bench-build/build.json; docs/performance.md "Build options"
bench-build: $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@nice -n 10 python3 verif/bench/build.py

# RTL: lint/synthesis/parameter checks, and the RTL against the C models.
# `make lint` (in make test) runs Yosys to memory inference and check -assert;
# `make lint-full` runs the whole generic synth script (~15 min).
lint:
	@LINT_SYNTH=fast bash scripts/lint.sh
lint-full:
	@LINT_SYNTH=full bash scripts/lint.sh

rtl-smoke: $(B)/libwarpfront.a $(B)/libwfverif.a $(B)/wfgen
	@bash verif/cosim/smoke.sh

# one lockstep co-simulation through FuseSoC (fusesoc.core target sim; fails on
# a mismatch); PROGRAM=, SEED=, WFSIM_OPTIONS= select the run
fusesoc-sim:
	fusesoc --cores-root . run --build-root $(B)/fusesoc-sim --target=sim warpfront:warpfront:core \
	  $(if $(PROGRAM),--program=$(abspath $(PROGRAM))) $(if $(SEED),--seed=$(SEED)) \
	  $(if $(WFSIM_OPTIONS),--wfsim_options="$(WFSIM_OPTIONS)")

# simulation-only assertions: each one fires on its fault, none on the examples
# (Icarus, ~1 min); pinned knobs in lockstep with the C model (2 builds)
rtl-assert: $(B)/wfsim
	@bash verif/rtl_assert/run.sh
rtl-pins: $(B)/libwarpfront.a $(B)/wfgen
	@bash verif/rtl_assert/pins.sh
# formal property checks (docs/verification.md "Formal"): SymbiYosys tasks of
# verif/formal/, listed in scripts/wf/formal.py; test-formal runs the fast ones
formal:
	@nice -n 10 python3 scripts/formal.py $(FORMAL_TASKS)
test-formal:
	@nice -n 10 python3 scripts/formal.py --fast --json $(B)/formal/test-results.json
formal-mutants:
	@nice -n 10 python3 scripts/formal.py --mutants $(FORMAL_TASKS)
formal-shown:
	@nice -n 10 python3 scripts/formal.py --reshow $(FORMAL_TASKS)
# mutation self-check (docs/verification.md): every WF_MUTANT_* caught by co-simulation
# (the fast form: stimuli until caught); N=...: the kill-rate table over the
# first N default-regression seeds instead (mutants-rate: N defaults to 50)
# CMP=events|arch: at that compare level (a mutant only full catches is reported so)
mutants: $(B)/libwarpfront.a $(B)/wfgen $(B)/wfsim
	@python3 scripts/mutants.py $(if $(N),--rate $(N)) $(if $(CMP),--cmp $(CMP))
mutants-rate: $(B)/libwarpfront.a $(B)/wfgen $(B)/wfsim
	@python3 scripts/mutants.py --rate $(or $(N),50) $(if $(CMP),--cmp $(CMP))
	@python3 scripts/mcy.py --rate-of $(or $(MCY_RESULTS),docs/mcy/results.json)
# machine-made mutants (docs/verification.md "Machine-made mutants"): one Verilated
# build for all blocks, the mutant chosen by +mutsel=I; CPU-heavy, run under nice
mcy: $(B)/libwarpfront.a $(B)/wfgen $(B)/wfsim
	@nice -n 19 python3 scripts/mcy.py --blocks $(or $(MCY_BLOCKS),all) -n $(or $(MCY_N),91) \
	  --seeds $(or $(MCY_SEEDS),100) --jobs $(or $(JOBS),1) $(if $(MCY_REUSE),--reuse)
# docs/mcy/README.md's tables from docs/mcy/results.json and docs/mcy/triage/
mcy-doc:
	@python3 scripts/mcy.py --doc docs/mcy/results.json
test-mcy: $(B)/libwarpfront.a $(B)/wfgen $(B)/wfsim
	@python3 scripts/mcy.py --blocks scoreboard -n 20 --seeds 2 --out build/mcy-test --min-kill 20
# functional coverage with the verification plan's crosses (docs/verification.md):
# COVDIR=out/regress/latest after make regress COV=1, else the C-side coverage of
# the first SEEDS (1000) regression seeds (wfsim --cov, the same records as lockstep);
# CDG=REPORT those seeds coverage-directed toward REPORT's holes. The JSON report
# (COVJSON, default out/coverage/coverage.json) is what a later CDG= reads.
coverage-report: $(B)/wfsim $(B)/wfgen
	@python3 scripts/covreport.py --plan --quiet --json $(or $(COVJSON),out/coverage/coverage.json) \
	  $(if $(COVDIR),$(COVDIR),--regress-seeds $(or $(SEEDS),1000) $(if $(CDG),--cdg $(CDG)))

# FPGA and synthesis (docs/fpga.md). synth: Yosys generic synthesis of wf_core
# per configuration (cells, LUT4, FFs, memories; SYNTH_CONFIGS= selects, the
# large ones take long); fpga: synth_ice40 + nextpnr-ice40 and (ecp5-* configs)
# synth_ecp5 + nextpnr-ecp5 (LUTs, FFs, BRAMs, DSPs, Fmax); fpga-sweep: the parameter-cost table. Each rewrites its docs/fpga.md table.
# fpga-sim: programs through fpga/wf_fpga_top.v under Icarus against wfsim.
# fusesoc-lint: the FuseSoC core's lint and synth targets (tests/tools/test_fusesoc.py).
synth:
	@python3 scripts/synth.py generic $(SYNTH_CONFIGS)
fpga:
	@bash scripts/setup.sh fpga
	@python3 scripts/synth.py fpga $(FPGA_CONFIGS)
fpga-sweep:
	@python3 scripts/synth.py breakdown
	@python3 scripts/synth.py sweep --jobs 2
# fpga-gls: the synth_ice40 / synth_ecp5 netlist of `make fpga` (FPGA_CONFIGS,
# default ice-min and ecp5-1w1l) simulated with the FPGA cell models against wfsim
fpga-gls: $(B)/wfsim
	@WFSIM=$(B)/wfsim python3 scripts/fpga-gls.py $(FPGA_CONFIGS)
# fpga-gls-ice: the hx8k board's shape (ice-min) through synth_ice40 (no place
# and route, no docs row) and its gate-level simulation: part of make test
fpga-gls-ice: $(B)/wfsim
	@python3 scripts/synth.py ice40 ice-min --no-pnr --no-doc
	@WFSIM=$(B)/wfsim python3 scripts/fpga-gls.py ice-min
fpga-sim: $(B)/wfsim
	@WFSIM=$(B)/wfsim python3 scripts/fpga-sim.py
# fpga-guard: synth_ecp5 -noflatten at a small shape against fpga/area-baseline.json
# (cells per block, MUL in DSPs, RAMs not in flops) + the docs table-merge test
fpga-guard:
	@python3 scripts/fpga-guard.py
fusesoc-lint: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_fusesoc.py
# test-host: wfhost --check through the UART host bridge on the simulated board
# (fpga/hostsim.cpp, Verilated), malformed frames, the checks' negative cases.
# bitstream / program: BOARD=hx8k|hx8k-2w1l|icebreaker|ulx3s|ulx3s-4w4l|ulx3s-8w8l (scripts/bitstream.py;
# docs/fpga.md "Board bring-up"); not part of make test (minutes of place and route)
test-host: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_host.py
# test-soc: the Wishbone top on the simulated bus (fpga/wbsim.cpp, Verilated) against wfsim
# (docs/soc.md), bad input refused by the drivers and the hardware, the checks' negative cases
test-soc: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_soc.py
# soc-litex-sim (in make test): the LiteX simulation SoC's firmware and host routes against wfsim (docs/soc.md)
soc-litex-sim: $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) -s tests/tools/test_soc_litex.py
bitstream:
	@if [ "$(BOARD)" = ulx3s-litex ]; then PYTHONHASHSEED=0 nice -n 10 python3 fpga/litex/wf_soc_ulx3s.py; \
	else python3 scripts/bitstream.py build $(or $(BOARD),hx8k); fi
program:
	@python3 scripts/bitstream.py program $(or $(BOARD),hx8k)

# SystemC lockstep harness (verif/sc/) and the DPI-C entry points called from a
# SystemVerilog testbench (verif/dpi/), each with a run that must fail
sc-smoke: $(B)/libwarpfront.a $(B)/libwfverif.a $(B)/wfgen
	@bash verif/sc/smoke.sh
dpi-smoke: $(B)/libwarpfront.a $(B)/libwfverif.a
	@bash verif/dpi/smoke.sh

# libFuzzer over the assembler, the image loader, the options line and
# interpreter vs cycle model (verif/fuzz/wf_fuzz.c, scripts/fuzz.sh,
# docs/verification.md "Fuzzing"). make fuzz: FUZZ_SECONDS (default 300);
# test-fuzz (in make test): the kept findings, then 30 seconds.
FUZZ_SECONDS ?= 300
FUZZ_CC      ?= clang
FUZZ_CFLAGS  := $(CSTD) $(WARN) -O1 -g $(VERIF_INC) -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_DEPS    := verif/fuzz/wf_fuzz.c $(LIB_SRCS) $(VERIF_LIB_SRCS) $(wildcard cmodel/include/*.h) $(VERIF_HDRS)
$(B)/fuzz/wf_fuzz: $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ verif/fuzz/wf_fuzz.c $(LIB_SRCS) $(VERIF_LIB_SRCS) -lm
# the harness with a planted fault (scripts/fuzz.sh --selftest)
$(B)/fuzz/wf_fuzz-selftest%: $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -DWF_FUZZ_SELFTEST=$* -o $@ verif/fuzz/wf_fuzz.c $(LIB_SRCS) $(VERIF_LIB_SRCS) -lm
fuzz: deps $(B)/fuzz/wf_fuzz $(B)/wfsim
	@bash scripts/fuzz.sh $(FUZZ_SECONDS)
test-fuzz: $(B)/fuzz/wf_fuzz $(B)/wfsim
	@bash scripts/fuzz.sh 30

# the seeded regression (docs/verification.md): RTL in lockstep with the C
# model over random configurations, plus the C-side example checks. Knobs:
# SEED SEEDS CSEEDS JOBS SHARD=i/N WAVES=1 COV=1 CDG=REPORT TIMEOUT BUILD_TIMEOUT SIZES RTL_FORMS RUN_ID CMP
# RESUME=latest|RUN SLURM=1 SHARDS=N SLURM_ARGS (scripts/regress.py)
regress: deps-regress $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim python3 scripts/regress.py
# a run's report rebuilt from its per-seed result.json files (after a kill)
regress-report: $(B)/wfsim $(B)/wfgen
	@WFSIM=$(B)/wfsim python3 scripts/regress.py --report "$(or $(RUN),latest)"
# the runner under faults, fake harness + one real smallest build (~1 min);
# the regression through a real single-node Slurm started by the test (~1 min)
test-regress-faults: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_regress_faults.py
test-slurm: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_regress_slurm.py
# gtkwave (the only GUI package) is installed only here: make waves FST=out/regress/latest/17/waves.fst
# With the expected-value waves of a mismatch beside it (X.model.fst, X.gtkw:
# verif/cosim/main.cpp) both open, side by side, on the differing field
waves:
	@bash scripts/setup.sh waves
	@f=$(or $(FST),$(error make waves FST=<file.fst>)); b=$${f%.fst}; \
	  case $$f in *.model.fst) b=$${f%.model.fst}; f=$$b.fst;; esac; \
	  if [ -f "$$b.gtkw" ]; then \
	    if [ -f "$$b.model.fst" ]; then gtkwave "$$b.model.fst" "$$b.gtkw" & fi; \
	    gtkwave "$$f" "$$b.gtkw"; wait; \
	  else gtkwave "$$f"; fi
# the runner's own test (also run by test-examples)
# the worked example of "Verifying your own front end" (docs/verification.md)
.PHONY: test-own-rtl
test-own-rtl: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a shlib
	@WFSIM=$(B)/wfsim bash verif/examples/own_rtl/test.sh
# the one-loop front end through the transaction-level checker (verif/examples/oneloop/README.md)
.PHONY: test-oneloop
test-oneloop: $(B)/libwarpfront.a $(B)/libwfverif.a shlib
	@bash verif/examples/oneloop/test.sh
test-regress: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_regress.py
# the regression's batch workers (scripts/wf/regress/batch.py); also part of test-examples
.PHONY: test-batch
test-batch: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim $(PYTEST) tests/scripts/test_batch.py

# every command of README.md (tests/tools/test_readme.py); -full also runs the
# set-up and synthesis commands that test-readme only checks with make -n
# (no build prerequisite: the README's own commands must build what it runs)
test-readme:
	@$(PYTEST) tests/tools/test_readme.py
test-readme-full:
	@README_FULL=1 $(PYTEST) tests/tools/test_readme.py

clean:
	rm -rf $(B) out
