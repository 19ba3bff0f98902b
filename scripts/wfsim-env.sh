# Shared by the test scripts that take the wfsim under test (sourced first):
# WFSIM required, made absolute and exported; root = the checkout.
set -u
: "${WFSIM:?set WFSIM to the wfsim binary}"
case "$WFSIM" in /*) ;; *) WFSIM="$PWD/$WFSIM" ;; esac
export WFSIM
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
