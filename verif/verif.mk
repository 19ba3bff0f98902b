# Verification library: lockstep comparator, random program generator, random
# configurations, RTL trace decoder, the harnesses' host side; the wfgen tool.
# Included from Makefile; its objects are compiled with VERIF_INC (the model's
# and verif/include; Makefile, layer_inc). Functional coverage reads only the
# model's records and is the model's (cmodel/coverage.c, in libwarpfront).
#   build/libwfverif.a        verif/compare.c verif/gen.c verif/randcfg.c (+ aim.c, cdg.c: the
#                             regression's draws, sharing verif/randcfg.h) verif/rtlobs.c verif/host.c
#                             (the harnesses' host side), verif/lockstep.c (their lockstep core),
#                             verif/txcheck.c (the transaction-level checker, wf_txcheck.h)
#   build/wfgen               verif/wfgen.c: wf_gen_cli (verif/gen_cli.c, in the library) on
#                             stdout/stderr (wfgen --help)
# Every Check test of verif/unit (verif/unit/test_*.c) links libwfverif.a, both
# flavours; the model's own (cmodel/tests) link libwarpfront.a alone.

VERIF_LIB_SRCS := verif/compare.c verif/txcheck.c verif/gen.c verif/gen_cli.c verif/randcfg.c verif/aim.c verif/cdg.c verif/rtlobs.c verif/host.c verif/lockstep.c
VERIF_HDRS     := $(wildcard verif/include/*.h)

define verif_flavour
$(1)/libwfverif.a: $$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS))
	@rm -f $$@
	ar rcs $$@ $$^
$(1)/wfgen: $(1)/obj/verif/wfgen.o $(1)/libwfverif.a $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ -lm
$$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS) verif/wfgen.c $$(VERIF_TEST_SRCS)): $$(VERIF_HDRS)
$(1)/obj/verif/rtlobs.o: verif/rtlobs_layout.h
$(1)/obj/verif/randcfg.o $(1)/obj/verif/aim.o $(1)/obj/verif/cdg.o: verif/randcfg.h
# the test rule links $$^ (test object, helpers, libwarpfront.a) then CHECK_LIBS
$(3): $(1)/libwfverif.a
$(3): CHECK_LIBS := $(1)/libwfverif.a $(1)/libwarpfront.a $$(CHECK_LIBS)
endef
$(eval $(call verif_flavour,$(B),,$(patsubst verif/unit/%.c,$(B)/%,$(VERIF_TEST_SRCS))))
$(eval $(call verif_flavour,$(B)/asan,$(SANFLAGS),$(patsubst verif/unit/%.c,$(B)/asan/%,$(VERIF_TEST_SRCS))))
# verif/unit/test_dpi.c includes verif/dpi/wf_dpi.c (the DPI-C entry points, tested without a simulator)
$(B)/obj/verif/unit/test_dpi.o $(B)/asan/obj/verif/unit/test_dpi.o: verif/dpi/wf_dpi.c verif/dpi/wf_svdpi.h
