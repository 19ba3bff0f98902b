#!/usr/bin/env bash
# make test-install (cmodel/lib.mk names this entry point): the pytest suite
# tests/tools/test_install.py.
cd "$(dirname "$0")/.." && WFSIM=${WFSIM:-build/wfsim} exec python3 -m pytest -q -p no:cacheprovider tests/tools/test_install.py
