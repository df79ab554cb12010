#!/usr/bin/env bash
# test/oracle/run.sh BUILD_DIR [--kinds K] [CASE...] — compare ctile with NVIDIA's recorded
# outputs in ../shared/oracle (skips cleanly when it is absent). See oracle.py for the checks
# and test/oracle/known-failures.txt for the expected failures. Last line: "oracle: N passed, N failed".
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ $# -lt 1 ]; then echo "usage: test/oracle/run.sh BUILD_DIR [--kinds K] [CASE...]" >&2; exit 2; fi
exec python3 "$HERE/oracle.py" "$@"
