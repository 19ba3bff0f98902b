# Shared by the wfsim test scripts (sourced): counters and `expect`.
# Needs $WFSIM (the binary) and $tmp (a scratch directory).
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# expect RC TEXT ARGS...: wfsim ARGS (stdin empty, at most 300 s) exits with RC
# and prints TEXT (a fixed string) on stdout or stderr.
expect() {
  local want_rc=$1 text=$2 rc
  shift 2
  timeout 300 "$WFSIM" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
  if [ "$rc" != "$want_rc" ]; then
    bad "wfsim $* exited $rc, expected $want_rc; stderr: $(head -c 400 "$tmp/err")"
  elif [ -n "$text" ] && ! grep -qF -- "$text" "$tmp/out" "$tmp/err"; then
    bad "wfsim $* did not print: $text; got: $(head -c 400 "$tmp/err" "$tmp/out")"
  else
    ok
  fi
}
