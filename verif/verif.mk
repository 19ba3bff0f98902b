# Verification library (issue 5): lockstep comparator, random program
# generator, random configurations; the wfgen tool. Included from Makefile.
#   build/libwfverif.a        verif/compare.c verif/gen.c verif/randcfg.c
#   build/wfgen               verif/wfgen.c (wfgen --help)
# Every Check test (verif/unit/test_*.c) links libwfverif.a, both flavours.

VERIF_LIB_SRCS := verif/compare.c verif/gen.c verif/randcfg.c
VERIF_HDRS     := $(wildcard verif/include/*.h)
CFLAGS         += -Iverif/include

define verif_flavour
$(1)/libwfverif.a: $$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS))
	@rm -f $$@
	ar rcs $$@ $$^
$(1)/wfgen: $(1)/obj/verif/wfgen.o $(1)/libwfverif.a $(1)/libwarpfront.a
	$$(CC) $(2) -o $$@ $$^ -lm
$$(patsubst %.c,$(1)/obj/%.o,$$(VERIF_LIB_SRCS) verif/wfgen.c $$(TEST_SRCS)): $$(VERIF_HDRS)
# the test rule links $$^ (test object, helpers, libwarpfront.a) then CHECK_LIBS
$(3): $(1)/libwfverif.a
$(3): CHECK_LIBS := $(1)/libwfverif.a $(1)/libwarpfront.a $$(CHECK_LIBS)
endef
$(eval $(call verif_flavour,$(B),,$(TESTS)))
$(eval $(call verif_flavour,$(B)/asan,$(SANFLAGS),$(ASAN_TESTS)))
