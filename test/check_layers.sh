#!/usr/bin/env bash
# test/check_layers.sh BUILD — the "layers" stage of test/run.sh: the library's layering is
# checked, not only described.  Two tests, each printing one line:
#   includes  test/check_includes.sh: every #include follows docs/architecture.md's table;
#   exports   `nm -D --defined-only BUILD/lib/libctile.so` lists only ctile* symbols
#             (the documented C API, marked CTILE_API; everything else is hidden).
# Last line: "layers: N passed, N failed"; exit status 1 on any failure.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build}
pass=0 fail=0

if out=$(bash "$ROOT/test/check_includes.sh" 2>&1); then
  echo "$out" | tail -n 1
  pass=$((pass + 1))
else
  echo "$out"
  echo "includes: FAILED"
  fail=$((fail + 1))
fi

so="$BUILD/lib/libctile.so"
if [ ! -f "$so" ]; then
  echo "exports: FAILED ($so not built)"
  fail=$((fail + 1))
elif ! syms=$(nm -D --defined-only "$so" 2>&1); then
  echo "$syms"
  echo "exports: FAILED (nm)"
  fail=$((fail + 1))
else
  total=$(echo "$syms" | grep -c .)
  others=$(echo "$syms" | awk 'NF >= 3 { print $NF }' | grep -v '^ctile' || true)
  if [ "$total" -gt 0 ] && [ -z "$others" ]; then
    echo "exports: $total symbols, all ctile*"
    pass=$((pass + 1))
  else
    echo "$others" | head -n 40
    echo "exports: FAILED ($(echo "$others" | grep -c .) exported symbols without the ctile prefix)"
    fail=$((fail + 1))
  fi
fi

echo "layers: $pass passed, $fail failed"
[ $fail = 0 ]
