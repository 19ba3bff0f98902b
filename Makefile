# warpfront top-level build. `make regress` is the main job, `make test` the tests.
# Both install missing tools first (scripts/setup.sh says what it did).

CC       ?= gcc
CSTD     := -std=c11
WARN     := -Wall -Wextra -Werror
OPT      ?= -O2 -g
INC      := -Icmodel/include
CFLAGS   := $(CSTD) $(WARN) $(OPT) $(INC)
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

B        := build
LIB_SRCS := $(wildcard cmodel/*.c)
SIM_SRCS := $(wildcard sim/*.c)
TEST_SRCS:= $(wildcard verif/unit/test_*.c)
TEST_HELP:= $(filter-out $(TEST_SRCS),$(wildcard verif/unit/*.c))
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

# One build tree per flavour: $(B) plain, $(B)/asan sanitized.
define flavour
$(1)/obj/%.o: %.c $$(wildcard cmodel/include/*.h verif/unit/*.h) | $(1)/.dir
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) $(2) $$(CHECK_CFLAGS) -c $$< -o $$@
$(1)/libwarpfront.a: $$(patsubst %.c,$(1)/obj/%.o,$$(LIB_SRCS))
	@rm -f $$@
	ar rcs $$@ $$^
$(1)/wfsim: $$(patsubst %.c,$(1)/obj/%.o,$$(SIM_SRCS)) $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ -lm
$(1)/test_%: $(1)/obj/verif/unit/test_%.o $$(patsubst %.c,$(1)/obj/%.o,$$(TEST_HELP)) $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ $$(CHECK_LIBS)
$(1)/.dir:
	@mkdir -p $(1) && touch $$@
endef
$(eval $(call flavour,$(B),))
$(eval $(call flavour,$(B)/asan,$(SANFLAGS)))

TESTS      := $(patsubst verif/unit/%.c,$(B)/%,$(TEST_SRCS))
ASAN_TESTS := $(patsubst verif/unit/%.c,$(B)/asan/%,$(TEST_SRCS))
include verif/verif.mk

.SECONDARY:
.PHONY: all deps deps-regress test test-unit test-asan test-examples test-kernels bench lint lint-full rtl-smoke regress clean help test-cov test-experiments experiments rtl-assert rtl-pins mutants
.PHONY: synth fpga fpga-sim fpga-sweep fpga-gls fusesoc-lint fpga-guard
.PHONY: sc-smoke dpi-smoke
.PHONY: fusesoc-sim
.PHONY: test-regress test-readme test-readme-full model-equiv
all: $(B)/wfsim $(B)/libwarpfront.a

help:
	@echo "make test      install missing tools, build, run every test (unit, sanitizers, examples)"
	@echo "make regress   install missing tools, run the main regression (results under out/)"
	@echo "make deps      only install missing tools (scripts/setup.sh)"
	@echo "make fpga-guard  (a make test stage) ECP5 area/mapping guard + docs table-merge test"
	@echo "make bench     host speed: C model, interpreter, RTL, C++/SystemC co-sim (out/bench/bench.json)"

deps:
	@bash scripts/setup.sh test
deps-regress:
	@bash scripts/setup.sh regress

# The stages run JOBS (default 2) at a time, longest first, each logged to
# build/test-logs/<stage>.log (scripts/test-stages.sh); what they share is
# built first.
TEST_STAGES := test-examples rtl-smoke test-asan lint sc-smoke fusesoc-lint rtl-pins fusesoc-sim \
  test-readme mutants rtl-assert dpi-smoke test-unit fpga-sim test-kernels fpga-guard
test: deps
	@$(MAKE) --no-print-directory -j$(or $(JOBS),2) $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a \
	  $(B)/libwfverif.a $(TESTS) $(ASAN_TESTS) $(B)/asan/wfsim
	@bash scripts/test-stages.sh $(TEST_STAGES)
	@echo "make test: all test stages passed"

test-unit: $(TESTS)
	@bash scripts/run-tests.sh $(TESTS)

test-asan: $(ASAN_TESTS) $(B)/asan/wfsim
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  bash scripts/run-tests.sh $(ASAN_TESTS)
	@WFSIM=$(B)/asan/wfsim bash scripts/test-wfsim.sh

test-examples: $(B)/wfsim $(B)/wfgen
	@WFSIM=$(B)/wfsim bash scripts/test-wfsim.sh
	@WFSIM=$(B)/wfsim bash scripts/test-regress.sh
	@WFSIM=$(B)/wfsim bash scripts/test-cov.sh
	@WFSIM=$(B)/wfsim bash scripts/test-experiments.sh
	@bash scripts/test-model-equiv.sh
	@bash scripts/test-stage-runner.sh

# wfsim --cov + scripts/covreport.py (the bins: verif/include/wf_cov.h); the
# experiments driver on a reduced sweep. Both are also part of test-examples.
test-cov: $(B)/wfsim
	@WFSIM=$(B)/wfsim bash scripts/test-cov.sh
test-experiments: $(B)/wfsim
	@WFSIM=$(B)/wfsim bash scripts/test-experiments.sh

# issue 7 item 3: regenerates docs/results.md and docs/results/*.svg (1312 wfsim runs, seconds)
experiments: $(B)/wfsim
	@WFSIM=$(B)/wfsim python3 scripts/experiments.py

# the working tree's C model against git revision BASE (default HEAD), bit for
# bit on SEEDS random programs and the kernels: for performance work on the model
model-equiv:
	@BASE=$(or $(BASE),HEAD) bash scripts/model-equiv.sh

# sim/kernels on both engines against verif/check_kernels.py (issue 7)
test-kernels: $(B)/wfsim
	@WFSIM=$(B)/wfsim bash scripts/test-kernels.sh

# host speed, side by side (no pass/fail; verif/bench/bench.py): C model, functional
# interpreter, bare Verilated RTL, C++ and SystemC lockstep, regression seeds/minute,
# peak memory, the C model's callgrind profile by block (valgrind: deps-regress)
# -> table + out/bench/bench.json; docs/performance.md
$(B)/wfbench: $(B)/obj/verif/bench/wfbench.o $(B)/libwarpfront.a
	$(CC) -o $@ $^ -lm
bench: deps-regress $(B)/wfbench $(B)/wfgen $(B)/wfsim $(B)/libwarpfront.a $(B)/libwfverif.a
	@python3 verif/bench/bench.py

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
# mutation self-check (issue 5 item 8): every WF_MUTANT_* caught by co-simulation
mutants: $(B)/libwarpfront.a $(B)/wfgen $(B)/wfsim
	@python3 scripts/mutants.py

# FPGA and synthesis (docs/fpga.md). synth: Yosys generic synthesis of wf_core
# per configuration (cells, LUT4, FFs, memories; SYNTH_CONFIGS= selects, the
# large ones take long); fpga: synth_ice40 + nextpnr-ice40 and (ecp5-* configs)
# synth_ecp5 + nextpnr-ecp5 (LUTs, FFs, BRAMs, DSPs, Fmax); fpga-sweep: the parameter-cost table. Each rewrites its docs/fpga.md table.
# fpga-sim: programs through fpga/wf_fpga_top.v under Icarus against wfsim.
# fusesoc-lint: the FuseSoC core's lint and synth targets (scripts/test-fusesoc.sh).
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
fpga-sim: $(B)/wfsim
	@WFSIM=$(B)/wfsim python3 scripts/fpga-sim.py
# fpga-guard: synth_ecp5 -noflatten at a small shape against fpga/area-baseline.json
# (cells per block, MUL in DSPs, RAMs not in flops) + the docs table-merge test
fpga-guard:
	@python3 scripts/fpga-guard.py
fusesoc-lint: $(B)/wfsim
	@WFSIM=$(B)/wfsim bash scripts/test-fusesoc.sh

# SystemC lockstep harness (verif/sc/) and the DPI-C entry points called from a
# SystemVerilog testbench (verif/dpi/), each with a run that must fail
sc-smoke: $(B)/libwarpfront.a $(B)/libwfverif.a $(B)/wfgen
	@bash verif/sc/smoke.sh
dpi-smoke: $(B)/libwarpfront.a $(B)/libwfverif.a
	@bash verif/dpi/smoke.sh

# the seeded regression (docs/verification.md): RTL in lockstep with the C
# model over random configurations, plus the C-side example checks. Knobs:
# SEED SEEDS CSEEDS JOBS SHARD=i/N WAVES=1 COV=1 TIMEOUT SIZES (scripts/regress.py)
regress: deps-regress $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim python3 scripts/regress.py
# the runner's own test (also run by test-examples)
test-regress: $(B)/wfsim $(B)/wfgen $(B)/libwarpfront.a $(B)/libwfverif.a
	@WFSIM=$(B)/wfsim bash scripts/test-regress.sh

# every command of README.md (scripts/test-readme.sh); -full also runs the
# set-up and synthesis commands that test-readme only checks with make -n
test-readme: $(B)/wfsim
	@bash scripts/test-readme.sh
test-readme-full: $(B)/wfsim
	@README_FULL=1 bash scripts/test-readme.sh

clean:
	rm -rf $(B) out
