#!/bin/bash
# test/equiv/run.sh — the conversion stage of test/run.sh:
#   equiv.py     every runnable kernel, run as written and after
#                convert-cuda-tile-to-nv-tileaa, must give byte-identical results
#   coverage.py  every verifying cuda_tile program must convert (or be listed)
#   lower.py     hop 2: converted vs converted+canonicalize+lower-nv-tileaa, bit-identical
# Usage: test/equiv/run.sh [BUILD_DIR]; ends with "equiv: N passed, N failed"
# (the sum of the three checks). A check that dies without its summary line (a crash,
# a timeout) counts as one failure.
set -o pipefail
cd "$(dirname "$0")/../.." || exit 1
build=${1:-build}
pass=0 fail=0
for s in equiv coverage lower; do
  out=$(python3 "test/equiv/$s.py" "$build" 2>&1)
  echo "$out"
  line=$(echo "$out" | grep -E "^$s: [0-9]+ passed, [0-9]+ failed$" | tail -n 1)
  if [ -n "$line" ]; then
    pass=$((pass + $(echo "$line" | awk '{print $2}'))) fail=$((fail + $(echo "$line" | awk '{print $4}')))
  else
    fail=$((fail + 1))
  fi
done
echo "equiv: $pass passed, $fail failed"
[ $fail = 0 ]
