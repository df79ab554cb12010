#!/bin/bash
# test/equiv/run.sh — equivalence stage: every runnable kernel run as written
# and after convert-cuda-tile-to-nv-tileaa must give byte-identical results
# (see equiv.py).  Usage: test/equiv/run.sh [BUILD_DIR]; ends with
# "equiv: N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
exec python3 test/equiv/equiv.py "${1:-build}"
