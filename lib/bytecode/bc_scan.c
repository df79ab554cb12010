/* bc_scan.c — the byte searches of the streamed write's scanner (see
 * bc_scan.h).  The module's text is megabytes long and the scanner passes
 * over all of it before anything is parsed, so these look at 64 (bodies) or
 * 32 (headers) bytes at a time with AVX2 where the CPU has it:
 *
 * - a body's next '{', '}', '"' or '/': the four bytes have four different
 *   low nibbles (B, D, 2, F), so one table lookup by low nibble (vpshufb)
 *   gives, for each byte, the one byte of the set it could be, and a byte is
 *   in the set exactly when it equals its lookup (a byte >= 0x80 looks up
 *   0, never equal; the table's other entries are 0xFF, whose low nibble is
 *   F, never equal to a byte of another nibble);
 * - a header's end: the same search, and masks of the opening and closing
 *   brackets (six bytes of six other low nibbles, the same lookup) and of
 *   '-' (to leave out the '>' of an arrow); each closing bracket's bit
 *   checks that the openings below it outnumber the closings.
 *
 * The byte-at-a-time ways below are the definitions; test_wbc_scan checks
 * that both ways agree on many texts. */
#include "bytecode/bc_scan.h"

#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BC_SCAN_AVX2 1
#else
#define BC_SCAN_AVX2 0
#endif

bool bc_scan_scalar;

static size_t brace_stop_scalar(const char *s, size_t len, size_t i) {
  for (; i < len; i++) {
    char c = s[i];
    if (c == '{' || c == '}' || c == '"' || c == '/') return i;
  }
  return len;
}

/* +1 for an opening bracket, -1 for a closing one (the caller checks the
 * arrow), 0 for other bytes. */
static int bracket_of(char c) {
  switch (c) {
  case '(': case '[': case '<': return 1;
  case ')': case ']': case '>': return -1;
  default: return 0;
  }
}

static bool brackets_scalar(const char *s, size_t from, size_t to) {
  long depth = 0;
  for (size_t i = from; i < to; i++) {
    int b = bracket_of(s[i]);
    if (b < 0 && s[i] == '>' && i > 0 && s[i - 1] == '-') continue;
    depth += b;
    if (depth < 0) return false;
  }
  return depth == 0;
}

#if BC_SCAN_AVX2
/* (a load and a test of the CPU model libgcc filled in at start-up) */
static bool have_avx2(void) { return __builtin_cpu_supports("avx2"); }

__attribute__((target("avx2"))) static size_t brace_stop_avx2(const char *s, size_t len,
                                                               size_t i) {
  const __m256i tab = _mm256_setr_epi8(
      -1, -1, 0x22, -1, -1, -1, -1, -1, -1, -1, -1, 0x7B, -1, 0x7D, -1, 0x2F,
      -1, -1, 0x22, -1, -1, -1, -1, -1, -1, -1, -1, 0x7B, -1, 0x7D, -1, 0x2F);
  while (len - i >= 128) { /* four at a time while none is found */
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
    __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 64));
    __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 96));
    __m256i m = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, a), a),
                        _mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, b), b)),
        _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, c), c),
                        _mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, d), d)));
    if (!_mm256_testz_si256(m, m)) break;
    i += 128;
  }
  while (len - i >= 64) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(s + i + 32));
    __m256i ma = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, a), a);
    __m256i mb = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(tab, b), b);
    __m256i m = _mm256_or_si256(ma, mb);
    if (!_mm256_testz_si256(m, m)) {
      uint64_t bits = (uint64_t)(uint32_t)_mm256_movemask_epi8(ma) |
                      (uint64_t)(uint32_t)_mm256_movemask_epi8(mb) << 32;
      return i + (size_t)__builtin_ctzll(bits);
    }
    i += 64;
  }
  return brace_stop_scalar(s, len, i);
}

/* bc_scan_header_end 32 bytes at a time: the masks of the stops
 * (brace_stop_avx2's bytes) and of the brackets; the brackets below the
 * first stop are counted. */
__attribute__((target("avx2,popcnt,bmi"))) static size_t header_end_avx2(const char *s,
                                                                         size_t len, size_t i) {
  const __m256i stop = _mm256_setr_epi8(
      -1, -1, 0x22, -1, -1, -1, -1, -1, -1, -1, -1, 0x7B, -1, 0x7D, -1, 0x2F,
      -1, -1, 0x22, -1, -1, -1, -1, -1, -1, -1, -1, 0x7B, -1, 0x7D, -1, 0x2F);
  /* the six brackets have six other low nibbles: '(' 8, '[' B, '<' C
   * open, ')' 9, ']' D, '>' E close */
  const __m256i brk = _mm256_setr_epi8(
      -1, -1, -1, -1, -1, -1, -1, -1, 0x28, 0x29, -1, 0x5B, 0x3C, 0x5D, 0x3E, -1,
      -1, -1, -1, -1, -1, -1, -1, -1, 0x28, 0x29, -1, 0x5B, 0x3C, 0x5D, 0x3E, -1);
  const __m256i opn = _mm256_setr_epi8(
      0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, -1, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1, -1, 0, 0, 0);
  long depth = 0;
  uint32_t carry = i > 0 && s[i - 1] == '-'; /* a '-' just before: an arrow */
  while (len - i >= 32) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
    uint32_t st = (uint32_t)_mm256_movemask_epi8(
        _mm256_cmpeq_epi8(_mm256_shuffle_epi8(stop, v), v));
    __m256i br = _mm256_cmpeq_epi8(_mm256_shuffle_epi8(brk, v), v);
    uint32_t o = (uint32_t)_mm256_movemask_epi8(_mm256_and_si256(br, _mm256_shuffle_epi8(opn, v)));
    uint32_t minus = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('-')));
    uint32_t gt = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('>')));
    uint32_t c = ((uint32_t)_mm256_movemask_epi8(br) & ~o) & ~(gt & (minus << 1 | carry));
    carry = minus >> 31;
    if (st) { /* only the brackets below the first stop count */
      uint32_t below = (st & -st) - 1;
      o &= below;
      c &= below;
    }
    /* each closing bracket needs an opening one open before it: the k-th
     * (from 0) sees depth + (openings below it) - k */
    long k = 0;
    for (uint32_t cc = c; cc; cc &= cc - 1, k++)
      if (depth + __builtin_popcount(o & ((cc & -cc) - 1)) - k <= 0) return len;
    depth += __builtin_popcount(o) - k;
    if (st) return depth == 0 ? i + (size_t)__builtin_ctz(st) : len;
    i += 32;
  }
  /* the rest, near the end of the buffer, a byte at a time */
  size_t p = brace_stop_scalar(s, len, i);
  for (; i < p; i++) {
    int b = bracket_of(s[i]);
    if (b < 0 && s[i] == '>' && i > 0 && s[i - 1] == '-') continue;
    depth += b;
    if (depth < 0) return len;
  }
  return depth == 0 ? p : len;
}
#endif

size_t bc_scan_brace_stop(const char *s, size_t len, size_t i) {
  if (i >= len) return len;
#if BC_SCAN_AVX2
  if (!bc_scan_scalar && have_avx2()) return brace_stop_avx2(s, len, i);
#endif
  return brace_stop_scalar(s, len, i);
}

size_t bc_scan_header_end(const char *s, size_t len, size_t i) {
  if (i >= len) return len;
#if BC_SCAN_AVX2
  if (!bc_scan_scalar && have_avx2()) return header_end_avx2(s, len, i);
#endif
  size_t p = brace_stop_scalar(s, len, i);
  return brackets_scalar(s, i, p) ? p : len;
}
