#!/bin/sh
# bench_gemm.sh — ctile-run's interpreter against OpenBLAS (through NumPy) in
# the same run: the 1024^3 GEMM of bench_interp with f32 and bf16 inputs (f32
# accumulation), written twice: with the tile shapes of examples/gemm.mlir
# (gemm-*: 64x64 f32 output tiles, 64x32 x 32x64 operand tiles) and with
# bigger tiles (gemm-big-*: 128x128 output tiles, 128x64 x 64x128 operand
# tiles, so twice the k per mmaf); and the 2^24-element f32 add; at -j1 and
# -j2.  NumPy runs `a @ b` on f32 arrays of the same shapes (for
# bf16 too: NumPy has no bf16 GEMM) and `np.add(x, y, out=z)`, with
# OPENBLAS_NUM_THREADS equal to the interpreter's thread count and
# OPENBLAS_CORETYPE unset.  Each side takes the best of R repeats per round
# and the best over N rounds, the two sides alternating so that both see the
# same load on a shared machine.  Prints GFLOP/s (elements/s for the add)
# and the ratio interpreter / NumPy, from wall time and per CPU-second (CPU
# time of all threads: the steadier figure when other work shares the
# cores; OpenBLAS threads that spin while waiting count against it at -j2).
#
# OpenBLAS picks its kernels by the CPU model it detects; a model newer than
# the release knows (OpenBLAS 0.3.21 on an Emerald Rapids Xeon, say) gets
# its generic "Prescott" SSE kernels, a fraction of what the CPU can do.
# The script prints the core OpenBLAS detected and, when that is not the
# best core for the CPU's vector extensions (SkylakeX for AVX-512 F, BW,
# VL and DQ; Haswell for AVX2 and FMA), runs NumPy a second time with
# OPENBLAS_CORETYPE set to that core, in the same rounds, and prints a
# second ratio against it (the columns "NumPy*" and "ratio*").  The first
# line names the interpreter's micro-kernels (CTILE_GEMM=avx2 in the
# environment caps them at AVX2 where the CPU has AVX-512; NUMPY_CORE=name
# runs the second NumPy with that core whatever was detected).
#
# GEMM_SHAPES="TMxTNxTK ..." adds rows for other tile shapes of the same
# 1024^3 GEMM (bench_interp's gemm:TMxTNxTK and gemm-bf16:TMxTNxTK parts),
# e.g. GEMM_SHAPES="128x256x64 256x256x64".
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

def best(f):
    """best wall time and best CPU time (all threads) of reps calls"""
    f()
    w = c = 1e30
    for _ in range(reps):
        t, p = time.perf_counter(), time.process_time()
        f()
        w, c = min(w, time.perf_counter() - t), min(c, time.process_time() - p)
    return w, c

n = 1024
rng = np.random.default_rng(12345)
a = rng.random((n, n), dtype=np.float32) * 2 - 1
b = rng.random((n, n), dtype=np.float32) * 2 - 1
c = np.empty((n, n), dtype=np.float32)
w, p = best(lambda: np.matmul(a, b, out=c))
print("gemm", 2.0 * n ** 3 / w * 1e-9, 2.0 * n ** 3 / p * 1e-9)
e = 1 << 24
x = rng.random(e, dtype=np.float32)
y = rng.random(e, dtype=np.float32)
z = np.empty_like(x)
w, p = best(lambda: np.add(x, y, out=z))
print("add", e / w * 1e-6, e / p * 1e-6)
PYEOF

# The core OpenBLAS detects, and the best one for this CPU's extensions.
core() {
  OPENBLAS_VERBOSE=2 "$PY" -c 'import numpy as np; a = np.ones((64, 64), np.float32); a @ a' 2>&1 |
    sed -n 's/^Core: *//p' | head -n 1
}
DETECTED=$(core)
FLAGS=" $(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
has() { for f; do case $FLAGS in *" $f "*) ;; *) return 1 ;; esac; done; }
if has avx512f avx512bw avx512vl avx512dq; then BEST=SkylakeX
elif has avx2 fma; then BEST=Haswell
else BEST=; fi
# a detected core that is the best one, or a newer one with the same
# extensions (Cooperlake, SapphireRapids: AVX-512; Zen: AVX2), needs no rerun
case "$BEST:$DETECTED" in
  SkylakeX:SkylakeX | SkylakeX:Cooperlake | SkylakeX:SapphireRapids | Haswell:Haswell | \
    Haswell:Zen | Haswell:SkylakeX | Haswell:Cooperlake | Haswell:SapphireRapids | :*) FORCE= ;;
  *) FORCE=$BEST ;;
esac
# NUMPY_CORE=name: the second NumPy run with that core whatever was detected
# (e.g. Haswell beside CTILE_GEMM=avx2 on an AVX-512 machine)
FORCE=${NUMPY_CORE:-$FORCE}

SHAPES=${GEMM_SHAPES:-}
EXTRA=
for sh in $SHAPES; do
  case $sh in
    *[!0-9x]* | *x*x*x* | x* | *x | *xx*) echo "bench_gemm.sh: bad tile shape '$sh'" >&2; exit 1 ;;
    *x*x*) EXTRA="$EXTRA gemm:$sh gemm-bf16:$sh" ;;
    *) echo "bench_gemm.sh: bad tile shape '$sh'" >&2; exit 1 ;;
  esac
done

# every line is tagged with its round ("r3 ...") for the per-round ratios
for round in $(seq "$N"); do
  # shellcheck disable=SC2086 # EXTRA is a list of words
  "$BI" "$R" gemm gemm-bf16 gemm-big gemm-big-bf16 $EXTRA add | sed "s/^/r$round /" >>"$TMP/ct.txt"
  for j in 1 2; do
    OPENBLAS_NUM_THREADS=$j "$PY" "$TMP/np.py" "$R" | sed "s/^/r$round j$j /" >>"$TMP/np.txt"
    if [ -n "$FORCE" ]; then
      OPENBLAS_CORETYPE=$FORCE OPENBLAS_NUM_THREADS=$j "$PY" "$TMP/np.py" "$R" |
        sed "s/^/r$round j$j /; s/ gemm / gemm* /; s/ add / add* /" >>"$TMP/np.txt"
    fi
  done
done

# best figure per (kind, -jN) over the rounds: wall (w) and per CPU-second
# (cpu); and per round (rw, rc), for the median of the rounds' ratios
sed -n '1s/^r[0-9]* //p' "$TMP/ct.txt"
if [ -n "${NUMPY_CORE:-}" ]; then WHY="as NUMPY_CORE asks"; else WHY="the best core for this CPU"; fi
echo "OpenBLAS core detected: ${DETECTED:-unknown}${FORCE:+ (NumPy*: OPENBLAS_CORETYPE=$FORCE, $WHY)}"
awk -v shapes="$SHAPES" -v force="$FORCE" '
  function keep(k, v, c) {
    if (!(k in w) || v > w[k]) w[k] = v
    if (!(k in cpu) || c > cpu[k]) cpu[k] = c
    if (!((k, rnd) in rw) || v > rw[k, rnd]) rw[k, rnd] = v
    if (!((k, rnd) in rc) || c > rc[k, rnd]) rc[k, rnd] = c
    if (rnd > nr) nr = rnd
  }
  function num(s) { gsub(/[^0-9.]/, "", s); return s + 0 }
  # the median over the rounds of ct / np in the same round (wall or CPU)
  function med(ct, np, wall,   r, m, i, j, t, v) {
    m = 0
    for (r = 1; r <= nr; r++) {
      t = wall ? rw[np, r] : rc[np, r]
      if (t > 0) v[++m] = (wall ? rw[ct, r] : rc[ct, r]) / t
    }
    for (i = 2; i <= m; i++)
      for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
    return m == 0 ? 0 : m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
  }
  { rnd = substr($1, 2) + 0; $0 = substr($0, length($1) + 2) }
  FNR == NR { keep("np " $2 " " $1, $3, $4); next }
  /^gemm [0-9]+\^3/ {
    sh = substr($4, 2)
    nm = sh == "64x64x32" ? "gemm-" : sh == "128x128x64" ? "gemm-big-" : sh "-"
    keep("ct " nm $3 " " substr($6, 2, 2), $9, num($11))
  }
  /^elementwise/ { keep("ct add " substr($6, 2, 2), $9, num($12)) }
  /^memcpy/ { v = $(NF - 2); if (v > mc) mc = v }
  END {
    ns = split(shapes, ss, " "); extra = ""
    for (i = 1; i <= ns; i++) extra = extra " " ss[i] "-f32 " ss[i] "-bf16"
    nk = split("gemm-f32 gemm-bf16 gemm-big-f32 gemm-big-bf16" extra " add", ks, " ")
    for (pass = 1; pass <= 2; pass++) {
      printf "%s\n", pass == 1 ? "wall time, best of all repeats:" \
                                : "per CPU-second (CPU time of all threads; steadier on a loaded machine):"
      printf "  %-16s %-4s %16s %16s %7s", "what", "-j", "ctile-run", "NumPy", "ratio"
      printf "%s %7s\n", force ? sprintf(" %16s %7s", "NumPy*", "ratio*") : "", force ? "med*" : "med"
      for (i = 1; i <= nk; i++)
        for (j = 1; j <= 2; j++) {
          k = ks[i]; unit = k == "add" ? "Melem/s" : "GFLOP/s"
          npk = "np " (k == "add" ? "add" : "gemm") " j" j; ck = "ct " k " j" j
          n = pass == 1 ? w[npk] : cpu[npk]; c = pass == 1 ? w[ck] : cpu[ck]
          printf "  %-16s -j%d  %8.1f %-7s %8.1f %-7s %6.2f", k, j, c, unit, n, unit, n ? c / n : 0
          fk = "np " (k == "add" ? "add*" : "gemm*") " j" j
          f = pass == 1 ? w[fk] : cpu[fk]
          printf "%s", force ? sprintf(" %8.1f %-7s %6.2f", f, unit, f ? c / f : 0) : ""
          printf " %7.2f\n", med(ck, force ? fk : npk, pass == 1)
        }
    }
    printf "gemm-*: tiles of examples/gemm.mlir (64x64 C, 64x32 A, 32x64 B); gemm-big-*: 128x128 C,\n"
    printf "128x64 A, 64x128 B; TMxTNxTK-*: TMxTN C, TMxTK A, TKxTN B; NumPy: the same 1024^3 f32\n"
    printf "a @ b for all (it has no bf16 GEMM). ratio: best against best over all rounds; med:\n"
    printf "the median over the %d rounds of each round%ss ratio (best of the round%ss repeats)\n", nr, "\047", "\047"
    printf "memcpy of one 2^24 f32 array in the same run: %.1f Melem/s (wall)\n", mc
  }' "$TMP/np.txt" "$TMP/ct.txt"
