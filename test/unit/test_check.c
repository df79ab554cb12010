/* test_check.c — the --check machinery of lib/interp through the C API
 * (CtileRunOptions.checks / checkSeed): a race between two tile blocks is
 * reported with its location only when CTILE_RUN_CHECK_RACES is set; the
 * corrected kernel passes every check but the rerun with the right result (also
 * when more threads are asked for); the shuffled block order runs every
 * block exactly once, is reproducible for a seed and differs between seeds;
 * and CTILE_RUN_CHECK_RERUN reports an order-dependent result. */
#include <stdlib.h>

#include "ctile/ctile.h"
#include "support/support.h"
#include "unit.h"

static const char src[] =
    "cuda_tile.module @m {\n"
    " entry @same(%p: tile<ptr<i32>>) {\n"
    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "  %t = store_ptr_tko weak %p, %bx : tile<ptr<i32>>, tile<i32> -> token\n"
    "  return\n"
    " }\n"
    " entry @own(%p: tile<ptr<i32>>, %order: tile<ptr<i32>>, %n: tile<ptr<i32>>) {\n"
    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "  %q = offset %p, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>\n"
    "  %t = store_ptr_tko weak %q, %bx : tile<ptr<i32>>, tile<i32> -> token\n"
    "  %one = constant <i32: 1> : tile<i32>\n"
    "  %k, %t1 = atomic_rmw_tko relaxed device %n, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token\n"
    "  %o = offset %order, %k : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>\n"
    "  %old, %t2 = atomic_rmw_tko relaxed device %o, xchg, %bx : tile<ptr<i32>>, tile<i32> -> tile<i32>, token\n"
    "  return\n"
    " }\n"
    "}\n";

typedef struct Diag {
  int n;
  char loc[256], msg[1024];
} Diag;

static void keep(CtileDiagnosticSeverity sev, const char *loc, const char *msg, void *user) {
  Diag *d = user;
  if (sev != CTILE_DIAGNOSTIC_ERROR) return;
  d->n++;
  snprintf(d->loc, sizeof d->loc, "%s", loc);
  snprintf(d->msg, sizeof d->msg, "%s", msg);
}

/* Runs @own on 16 blocks with `checks` and seed; order[k] = k-th block run. */
static bool run_own(CtileModule m, unsigned checks, uint64_t seed, int threads, int32_t *order) {
  int32_t p[16] = {0}, n = 0;
  for (int i = 0; i < 16; i++) order[i] = -1;
  CtileRunArg a[3] = {ctileRunArgBuffer(p, sizeof p), ctileRunArgBuffer(order, 16 * 4),
                      ctileRunArgBuffer(&n, sizeof n)};
  CtileRunOptions o = {{16, 1, 1}, threads, NULL, NULL, 0, checks, seed};
  bool ok = ctileRunEntry(m, ctileStringRefCreate("own", 3), a, 3, &o);
  int bad = 0;
  for (int i = 0; i < 16; i++) bad += p[i] != i;
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(n, 16);
  return ok;
}

static void test_capi_checks(void) {
  CtileContext c = ctileContextCreate();
  Diag d = {0};
  ctileContextSetDiagnosticHandler(c, keep, &d);
  CtileModule m = ctileModuleParse(c, src, strlen(src), "check.mlir");
  if (!CHECK(!ctileModuleIsNull(m))) {
    ctileContextDestroy(c);
    return;
  }
  CHECK(ctileModuleVerify(m));

  /* two blocks store to one element: reported only under the races check */
  int32_t x = -1;
  CtileRunArg a = ctileRunArgBuffer(&x, sizeof x);
  CtileRunOptions o = {{2, 1, 1}, 1, NULL, NULL, 0, 0, 0};
  CHECK(ctileRunEntry(m, ctileStringRefCreate("same", 4), &a, 1, &o));
  CHECK_EQ_INT(x, 1);
  o.checks = CTILE_RUN_CHECK_RACES;
  CHECK(!ctileRunEntry(m, ctileStringRefCreate("same", 4), &a, 1, &o));
  CHECK_EQ_INT(d.n, 1);
  CHECK_STREQ(d.loc, "check.mlir:4:8");
  CHECK(strstr(d.msg, "'cuda_tile.store_ptr_tko' op data race: store of 4 byte(s)") != NULL);
  CHECK(strstr(d.msg, "in tile block (0, 0, 0)") != NULL);
  CHECK(strstr(d.msg, "(tile block (1, 0, 0))") != NULL);

  /* separate outputs: clean under every check, whatever the thread count */
  int32_t ord[16], ord2[16];
  d.n = 0;
  CHECK(run_own(m, CTILE_RUN_CHECK_ALL & ~CTILE_RUN_CHECK_RERUN, 5, 1, ord));
  CHECK(run_own(m, CTILE_RUN_CHECK_ORDER | CTILE_RUN_CHECK_RACES | CTILE_RUN_CHECK_UNINIT, 0, 4, ord));
  CHECK_EQ_INT(d.n, 0);
  /* without a shuffle blocks run in id order */
  int inorder = 0;
  for (int i = 0; i < 16; i++) inorder += ord[i] == i;
  CHECK_EQ_INT(inorder, 16);
  /* a shuffled order runs each block once, the same order for the same seed */
  int distinct_orders = 0;
  for (uint64_t seed = 1; seed <= 6; seed++) {
    CHECK(run_own(m, CTILE_RUN_CHECK_SHUFFLE, seed, 1, ord));
    CHECK(run_own(m, CTILE_RUN_CHECK_SHUFFLE, seed, 2, ord2));
    CHECK(memcmp(ord, ord2, sizeof ord) == 0);
    int seen[16] = {0}, dup = 0, same = 0;
    for (int i = 0; i < 16; i++) {
      if (ord[i] < 0 || ord[i] >= 16 || seen[ord[i]]++) dup++;
      same += ord[i] == i;
    }
    CHECK_EQ_INT(dup, 0);
    distinct_orders += same < 16;
  }
  CHECK(distinct_orders >= 5);
  /* the rerun compares the buffers of two block orders: `order` differs */
  d.n = 0;
  CHECK(!run_own(m, CTILE_RUN_CHECK_RERUN, 1, 1, ord));
  CHECK_EQ_INT(d.n, 1);
  CHECK(strstr(d.msg, "output differs between two tile block orders (--check seeds 1 and 2): "
                      "argument 1, element 0") != NULL);
  ctileModuleDestroy(m);
  ctileContextDestroy(c);
}

UNIT_MAIN {
  test_capi_checks();
}
