#!/bin/bash
# test/canon/run.sh — the canonicalization stage of test/run.sh: every
# converted kernel runs identically before and after --canonicalize (on its
# own and on re-seeded random inputs), and its token graph survives
# (canon.py, tokens.py).  Usage: test/canon/run.sh [BUILD_DIR]; ends with
# "canon: N passed, N failed".
cd "$(dirname "$0")/../.." || exit 1
python3 test/canon/canon.py "${1:-build}"
