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
.PHONY: all deps deps-regress test test-unit test-asan test-examples test-kernels bench lint lint-full rtl-smoke regress clean help
all: $(B)/wfsim $(B)/libwarpfront.a

help:
	@echo "make test      install missing tools, build, run every test (unit, sanitizers, examples)"
	@echo "make regress   install missing tools, run the main regression (results under out/)"
	@echo "make deps      only install missing tools (scripts/setup.sh)"
	@echo "make bench     host speed of the models on sim/kernels (out/bench/bench.json)"

deps:
	@bash scripts/setup.sh test
deps-regress:
	@bash scripts/setup.sh regress

test: deps
	@$(MAKE) --no-print-directory test-unit test-asan test-examples test-kernels lint rtl-smoke
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

# sim/kernels on both engines against verif/check_kernels.py (issue 7)
test-kernels: $(B)/wfsim
	@WFSIM=$(B)/wfsim bash scripts/test-kernels.sh

# host speed of the models on sim/kernels (no pass/fail): out/bench/bench.json
$(B)/wfbench: $(B)/obj/verif/bench/wfbench.o $(B)/libwarpfront.a
	$(CC) -o $@ $^ -lm
bench: $(B)/wfbench
	@mkdir -p out/bench
	@$(B)/wfbench --json out/bench/bench.json sim/kernels/*.s

# RTL: lint/synthesis/parameter checks, and the RTL against the C models.
# `make lint` (in make test) runs Yosys to memory inference and check -assert;
# `make lint-full` runs the whole generic synth script (~15 min).
lint:
	@LINT_SYNTH=fast bash scripts/lint.sh
lint-full:
	@LINT_SYNTH=full bash scripts/lint.sh

rtl-smoke: $(B)/libwarpfront.a
	@bash verif/rtl_smoke/smoke.sh

regress: deps-regress $(B)/wfsim $(B)/wfgen
	@WFSIM=$(B)/wfsim python3 scripts/regress.py

clean:
	rm -rf $(B) out
