#!/bin/sh
# bench_gemm.sh — ctile-run's interpreter against OpenBLAS (through NumPy) in
# the same run: the 1024^3 GEMM of bench_interp (tile shapes of
# examples/gemm.mlir: 64x64 f32 output tiles, 64x32 x 32x64 operand tiles)
# with f32 and bf16 inputs (f32 accumulation), and the 2^24-element f32 add,
# at -j1 and -j2.  NumPy runs `a @ b` on f32 arrays of the same shapes (for
# bf16 too: NumPy has no bf16 GEMM) and `np.add(x, y, out=z)`, with
# OPENBLAS_NUM_THREADS equal to the interpreter's thread count and
# OPENBLAS_CORETYPE unset.  Each side takes the best of R repeats per round
# and the best over N rounds, the two sides alternating so that both see the
# same load on a shared machine.  Prints GFLOP/s (elements/s for the add)
# and the ratio interpreter / NumPy.
#
#   bench/bench_gemm.sh [R] [N] [BUILD]     (defaults 5, 3, build)
set -eu
R=${1:-5}
N=${2:-3}
BUILD=${3:-build}
PY=/usr/bin/python3 # Debian's python3 has numpy (linked against OpenBLAS)
BI="$BUILD/bench/bench_interp"
[ -x "$BI" ] || { echo "bench_gemm.sh: $BI not built" >&2; exit 1; }
"$PY" -c 'import numpy' 2>/dev/null || { echo "bench_gemm.sh: $PY has no numpy" >&2; exit 1; }
unset OPENBLAS_CORETYPE
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT INT TERM

cat >"$TMP/np.py" <<'PYEOF'
import sys, time
import numpy as np
reps = int(sys.argv[1])
n = 1024
rng = np.random.default_rng(12345)
a = (rng.random((n, n), dtype=np.float32) * 2 - 1)
b = (rng.random((n, n), dtype=np.float32) * 2 - 1)
c = np.empty((n, n), dtype=np.float32)
np.matmul(a, b, out=c)
best = 1e30
for _ in range(reps):
    t = time.perf_counter()
    np.matmul(a, b, out=c)
    best = min(best, time.perf_counter() - t)
print("gemm", 2.0 * n ** 3 / best * 1e-9)
e = 1 << 24
x = rng.random(e, dtype=np.float32)
y = rng.random(e, dtype=np.float32)
z = np.empty_like(x)
np.add(x, y, out=z)
best = 1e30
for _ in range(reps):
    t = time.perf_counter()
    np.add(x, y, out=z)
    best = min(best, time.perf_counter() - t)
print("add", e / best * 1e-6)
PYEOF

for round in $(seq "$N"); do
  "$BI" "$R" gemm gemm-bf16 add >>"$TMP/ct.txt"
  for j in 1 2; do
    OPENBLAS_NUM_THREADS=$j "$PY" "$TMP/np.py" "$R" | sed "s/^/j$j /" >>"$TMP/np.txt"
  done
done

# best figure per (kind, -jN) over the rounds
awk '
  FNR == NR { if (!(($2, $1) in np) || $3 > np[$2, $1]) np[$2, $1] = $3; next }
  /^gemm 1024\^3/ { k = $3; j = substr($6, 3, 1); v = $9; if (!(("gemm-" k, "j" j) in ct) || v > ct["gemm-" k, "j" j]) ct["gemm-" k, "j" j] = v }
  /^elementwise/ { j = substr($6, 3, 1); v = $9; if (!(("add", "j" j) in ct) || v > ct["add", "j" j]) ct["add", "j" j] = v }
  /^memcpy/ { v = $(NF - 2); if (v > mc) mc = v }
  END {
    printf "%-10s %-4s %14s %14s %7s\n", "what", "-j", "ctile-run", "NumPy", "ratio"
    split("gemm-f32 gemm-bf16 add", ks, " ")
    for (i = 1; i <= 3; i++)
      for (j = 1; j <= 2; j++) {
        k = ks[i]; unit = k == "add" ? "Melem/s" : "GFLOP/s"
        n = np[(k == "add" ? "add" : "gemm"), "j" j]
        c = ct[k, "j" j]
        printf "%-10s -j%d  %7.1f %-7s %6.1f %-7s %6.2f\n", k, j, c, unit, n, unit, c / n
      }
    printf "memcpy of one 2^24 f32 array (same run): %.1f Melem/s\n", mc
  }' "$TMP/np.txt" "$TMP/ct.txt"
