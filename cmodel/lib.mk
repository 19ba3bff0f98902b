# Shared libraries and `make install` (docs/verification.md "Linking the model:
# C and Python"). Included from Makefile after verif/verif.mk.
#   build/pic/                the -fPIC flavour: libwarpfront.a/.so, libwfverif.a/.so
#   make install PREFIX=/usr/local DESTDIR=   libs, public headers, warpfront.pc,
#                             wfverif.pc, wfsim and wfgen; libwf_dpi.so, wfdpi.pc and
#                             share/warpfront/{sv,rtl,python} (the lists below)
# Exports: only the functions of the public headers, by linker version scripts
# generated from those headers (verif/install/api_symbols.py --map). Public headers:
# cmodel/include/*.h except the internal ones (INTERNAL_HDRS: the blocks'
# interface wf_model_impl.h and its bit tricks wf_bits.h),
# verif/include/*.h (libwfverif), installed under include/warpfront/.

WF_VERSION := 0.1.0
WF_SOVER   := 0
PIC        := $(B)/pic
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR     ?= $(PREFIX)/bin
INTERNAL_HDRS := cmodel/include/wf_model_impl.h cmodel/include/wf_bits.h
PUBLIC_HDRS := $(filter-out $(INTERNAL_HDRS),$(wildcard cmodel/include/*.h))

$(eval $(call flavour,$(PIC),-fPIC))
$(eval $(call verif_flavour,$(PIC),-fPIC,))

# $(1) library name, $(2) objects, $(3) version script, $(4) libraries it links
define shlib
$(PIC)/lib$(1).so.$(WF_VERSION): $(2) $(3)
	$$(CC) -shared -fPIC -Wl,-soname,lib$(1).so.$(WF_SOVER) -Wl,--version-script=$(3) \
	  -Wl,--no-undefined -o $$@ $$(filter %.o,$$^) $(4)
	ln -sf lib$(1).so.$(WF_VERSION) $(PIC)/lib$(1).so.$(WF_SOVER)
	ln -sf lib$(1).so.$(WF_VERSION) $(PIC)/lib$(1).so
endef
$(PIC)/libwarpfront.map: $(PUBLIC_HDRS) verif/install/api_symbols.py | $(PIC)/.dir
	python3 verif/install/api_symbols.py --map $(PUBLIC_HDRS) > $@
$(PIC)/libwfverif.map: $(VERIF_HDRS) verif/install/api_symbols.py | $(PIC)/.dir
	python3 verif/install/api_symbols.py --map $(VERIF_HDRS) > $@
$(eval $(call shlib,warpfront,$(patsubst %.c,$(PIC)/obj/%.o,$(LIB_SRCS)),$(PIC)/libwarpfront.map,-lm))
$(eval $(call shlib,wfverif,$(patsubst %.c,$(PIC)/obj/%.o,$(VERIF_LIB_SRCS)) $(PIC)/libwarpfront.so.$(WF_VERSION),$(PIC)/libwfverif.map,-L$(PIC) -lwarpfront -lm))

SHLIBS := $(PIC)/libwarpfront.so.$(WF_VERSION) $(PIC)/libwfverif.so.$(WF_VERSION)
.PHONY: shlib install test-install
shlib: $(SHLIBS) $(PIC)/libwarpfront.a $(PIC)/libwfverif.a $(PIC)/libwf_dpi.so

# What `make install` puts where beyond the C libraries: one word per file, so a
# new header, DPI entry point or SystemVerilog package is one word here.
#   DPI_SRCS     C sources of libwf_dpi.so, the DPI-C library a simulator loads
#                (Verilator: linked; others: -sv_lib .../libwf_dpi)
#   INSTALL_SV   SystemVerilog declarations of the DPI-C entry points and what
#                they include -> $(SVDIR)
#   INSTALL_RTL  the RTL of wf_core (the design the installed examples verify)
#                -> $(RTLDIR)
#   INSTALL_PY   the Python package (python/, pip-installable) -> $(PYDIR)
DATADIR    ?= $(PREFIX)/share
SVDIR      := $(DATADIR)/warpfront/sv
RTLDIR     := $(DATADIR)/warpfront/rtl
PYDIR      := $(DATADIR)/warpfront/python
DPI_SRCS    := verif/dpi/wf_dpi.c verif/dpi/wf_txcheck_dpi.c
INSTALL_SV  := verif/dpi/wf_dpi.svh verif/dpi/wf_txcheck_pkg.sv rtl/wf_defs.vh
INSTALL_RTL := rtl/wf.vlt $(wildcard rtl/*.v rtl/*.vh)
INSTALL_PY  := python/pyproject.toml
# (the DPI sources see the verification headers' structs: rebuilt when they change)
$(patsubst %.c,$(PIC)/obj/%.o,$(DPI_SRCS)): $(VERIF_HDRS) verif/dpi/wf_svdpi.h
# libwf_dpi.so finds libwfverif/libwarpfront next to itself ($$ORIGIN), wherever installed
$(PIC)/libwf_dpi.so: $(patsubst %.c,$(PIC)/obj/%.o,$(DPI_SRCS)) $(SHLIBS)
	$(CC) -shared -fPIC -Wl,--no-undefined -Wl,-rpath,'$$ORIGIN' -o $@ $(filter %.o,$^) \
	  -L$(PIC) -lwfverif -lwarpfront -lm

# the .pc files name the install PREFIX, not DESTDIR (a staged install)
define pcfile
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: $(1)' 'Description: $(2)' 'Version: $(WF_VERSION)' $(3) \
	  'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -l$(1)' 'Libs.private: -lm' 'Cflags: -I$${includedir}/warpfront' \
	  > $(DESTDIR)$(LIBDIR)/pkgconfig/$(1).pc
endef
install: shlib $(B)/wfsim $(B)/wfgen
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/warpfront $(DESTDIR)$(BINDIR)
	install -m 644 $(PUBLIC_HDRS) $(VERIF_HDRS) $(DESTDIR)$(INCLUDEDIR)/warpfront
	install -m 644 $(PIC)/libwarpfront.a $(PIC)/libwfverif.a $(DESTDIR)$(LIBDIR)
	install -m 755 $(SHLIBS) $(DESTDIR)$(LIBDIR)
	for l in warpfront wfverif; do \
	  ln -sf lib$$l.so.$(WF_VERSION) $(DESTDIR)$(LIBDIR)/lib$$l.so.$(WF_SOVER) && \
	  ln -sf lib$$l.so.$(WF_VERSION) $(DESTDIR)$(LIBDIR)/lib$$l.so || exit 1; done
	$(call pcfile,warpfront,warpfront cycle-exact C model of a GPU SM front end; assembler; functional interpreter,)
	$(call pcfile,wfverif,warpfront verification library: lockstep comparator; transaction-level checker (wf_txcheck.h); random programs and configurations,'Requires: warpfront')
	install -m 755 $(B)/wfsim $(B)/wfgen $(DESTDIR)$(BINDIR)
	install -d $(DESTDIR)$(SVDIR) $(DESTDIR)$(RTLDIR) $(DESTDIR)$(PYDIR)/warpfront
	install -m 755 $(PIC)/libwf_dpi.so $(DESTDIR)$(LIBDIR)
	install -m 644 $(INSTALL_SV) $(DESTDIR)$(SVDIR)
	install -m 644 $(INSTALL_RTL) $(DESTDIR)$(RTLDIR)
	install -m 644 $(INSTALL_PY) $(DESTDIR)$(PYDIR)
	install -m 644 $(wildcard python/warpfront/*.py) $(DESTDIR)$(PYDIR)/warpfront
	printf '%s\n' '"""Where make install put the libraries and headers (the fallback of _paths)."""' \
	  'LIBDIR = "$(LIBDIR)"' 'INCLUDEDIR = "$(INCLUDEDIR)"' > $(DESTDIR)$(PYDIR)/warpfront/_install.py
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'svdir=$(SVDIR)' 'rtldir=$(RTLDIR)' '' \
	  'Name: wfdpi' 'Description: warpfront DPI-C entry points (libwf_dpi.so; SystemVerilog side: $${svdir}/wf_dpi.svh)' \
	  'Version: $(WF_VERSION)' 'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lwf_dpi' 'Cflags: -I$${svdir}' \
	  > $(DESTDIR)$(LIBDIR)/pkgconfig/wfdpi.pc

# installs into a temporary prefix, builds verif/install/example.c against it
# with pkg-config and compares it with wfsim; checks the exported symbols; the
# DPI testbench and a Python program against the install (tests/tools/test_install.py)
test-install: shlib $(B)/wfsim
	@WFSIM=$(B)/wfsim $(PYTEST) tests/tools/test_install.py

# `pip install ./python` (cffi over the installed libwarpfront.so) into a
# temporary directory, and its pytest suite python/tests against wfsim
.PHONY: test-python
test-python: shlib $(B)/wfsim
	@bash tests/test-python.sh

# the cocotb testbench (verif/cocotb, Icarus) through the same package: two
# examples in lockstep and a mutant that must fail naming the field
.PHONY: test-cocotb
test-cocotb: shlib $(B)/wfsim $(B)/wfgen
	@bash verif/cocotb/smoke.sh
