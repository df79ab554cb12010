/* bench_util.h — the timing, memory and IR-size helpers every benchmark in
 * bench/ uses (header-only: each bench is one program). */
#ifndef CTILE_BENCH_UTIL_H
#define CTILE_BENCH_UTIL_H

#include "ir/ir.h"

#include <sys/resource.h>
#include <time.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

static inline double bench_clock(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
/* Wall-clock seconds. */
static inline double bench_now(void) { return bench_clock(CLOCK_MONOTONIC); }
/* CPU seconds of this process: steadier than wall time on a loaded machine. */
static inline double bench_cpu_now(void) { return bench_clock(CLOCK_PROCESS_CPUTIME_ID); }

/* Repeats of a benchmark should measure the code, not the C library's
 * heuristics: glibc sizes its mmap and trim thresholds dynamically from the
 * largest blocks freed so far, so whether the heap is handed back to the
 * kernel between repeats (and the next repeat pays for fresh pages) flips
 * with unrelated allocation sizes.  Fixed thresholds keep freed memory for
 * reuse, so best-of-N figures are steady-state ones; the first repeat is
 * still a run on fresh pages, which benchmarks report separately. */
static inline void bench_steady_allocator(void) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

/* Peak resident set size so far, in KiB. */
static inline long bench_peak_rss_kb(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

/* Number of ops in op's tree, op included. */
static inline long bench_count_ops(IrOp *op) {
  long n = 1;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *bl = ir_op_regions(op)[r].first; bl; bl = bl->next)
      for (IrOp *o = bl->first; o; o = o->next) n += bench_count_ops(o);
  return n;
}

#endif
