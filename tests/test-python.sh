#!/usr/bin/env bash
# make test-python: `make install` into a temporary prefix, `pip install ./python`
# into a temporary directory, and the pytest suite (python/tests) of that
# installed package against build/wfsim.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make --no-print-directory -s install PREFIX="$tmp/prefix" > "$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; echo "test-python: make install failed" >&2; exit 1; }
# from a copy: setuptools writes its build files next to pyproject.toml
cp -r python "$tmp/src"
python3 -m pip install -q --no-deps --no-build-isolation --target "$tmp/site" "$tmp/src" > "$tmp/pip.log" 2>&1 ||
  { cat "$tmp/pip.log"; echo "test-python: pip install ./python failed" >&2; exit 1; }
# the tests import the installed copy, not python/warpfront
cd "$tmp" && PYTHONPATH="$tmp/site" PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" \
  WFSIM="$OLDPWD/${WFSIM:-build/wfsim}" python3 -m pytest -q -p no:cacheprovider "$OLDPWD/python/tests"
