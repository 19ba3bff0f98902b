# Verification library (issue 5): lockstep comparator, random program
# generator, random configurations; the wfgen tool. Included from Makefile.
#   build/libwfverif.a        verif/compare.c verif/gen.c verif/randcfg.c verif/rtlobs.c
#   build/wfgen               verif/wfgen.c (wfgen --help)
# Every Check test (verif/unit/test_*.c) links libwfverif.a, both flavours.

VERIF_LIB_SRCS := verif/compare.c verif/gen.c verif/randcfg.c verif/rtlobs.c
VERIF_LIB_SRCS += verif/cosim/host.c # host side shared by the harnesses (verif/include/wf_host.h)
VERIF_LIB_SRCS += verif/coverage.c # functional coverage (verif/include/wf_cov.h)
VERIF_HDRS     := $(wildcard verif/include/*.h)
CFLAGS         += -Iverif/include

define verif_flavour
$(1)/libwfverif.a: $$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS))
	@rm -f $$@
	ar rcs $$@ $$^
$(1)/wfgen: $(1)/obj/verif/wfgen.o $(1)/libwfverif.a $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ -lm
$$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS) verif/wfgen.c $$(TEST_SRCS)): $$(VERIF_HDRS)
$(1)/obj/verif/rtlobs.o: verif/rtlobs_layout.h
# wfsim --cov samples functional coverage (verif/coverage.c)
$(1)/wfsim: $(1)/obj/verif/coverage.o
$(1)/obj/sim/wfsim.o: $$(VERIF_HDRS)
# the test rule links $$^ (test object, helpers, libwarpfront.a) then CHECK_LIBS
$(3): $(1)/libwfverif.a
$(3): CHECK_LIBS := $(1)/libwfverif.a $(1)/libwarpfront.a $$(CHECK_LIBS)
endef
$(eval $(call verif_flavour,$(B),,$(TESTS)))
$(eval $(call verif_flavour,$(B)/asan,$(SANFLAGS),$(ASAN_TESTS)))
# verif/unit/test_dpi.c includes verif/dpi/wf_dpi.c (the DPI-C entry points, tested without a simulator)
$(B)/obj/verif/unit/test_dpi.o $(B)/asan/obj/verif/unit/test_dpi.o: verif/dpi/wf_dpi.c
