/* test_ct_syntax_threads.c — the cuda_tile compute-op syntax programs
 * (syntax_compute.c compiles each op's format once, on first use, and shares
 * the result between contexts and threads) and the per-thread nesting count
 * of type bodies (types_parse.c).  Checked: the custom print of ops with
 * every kind of optional group (absent, present, several together), a
 * pointer tile (a type nested in a type) and an attr-dict; the same text from
 * a fresh context; the same text from four threads parsing and printing at
 * once, each with its own context, starting together so that they race on
 * the first compilation; a type error inside a nested body leaves the next
 * parse on that thread unaffected. */
#include "unit.h"

#include <pthread.h>
#include <stdlib.h>

#include "ctile/ctile.h"
#include "unit_text.h"

static const char kModule[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%a: !cuda_tile.tile<4xf32>, %b: !cuda_tile.tile<4xf32>,"
    " %i: !cuda_tile.tile<4xi32>, %p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>) {\n"
    "    %0 = cuda_tile.addf %a, %b : !cuda_tile.tile<4xf32>\n"
    "    %1 = cuda_tile.addf %a, %b rounding<positive_inf> flush_to_zero : "
    "!cuda_tile.tile<4xf32>\n"
    "    %2 = cuda_tile.maxf %a, %b flush_to_zero propagate_nan : !cuda_tile.tile<4xf32>\n"
    "    %3 = cuda_tile.maxf %a, %b propagate_nan : !cuda_tile.tile<4xf32>\n"
    "    %4 = cuda_tile.addi %i, %i overflow<no_signed_wrap> : !cuda_tile.tile<4xi32>\n"
    "    %5 = cuda_tile.cmpi less_than %i, %i, signed : !cuda_tile.tile<4xi32> -> "
    "!cuda_tile.tile<4xi1>\n"
    "    %6 = cuda_tile.select %5, %a, %b : !cuda_tile.tile<4xi1>, !cuda_tile.tile<4xf32>\n"
    "    %7 = cuda_tile.sqrt %a rounding<approx> : !cuda_tile.tile<4xf32>\n"
    "    %8 = cuda_tile.negi %i overflow<no_signed_wrap> {tag = 1 : i32} : "
    "!cuda_tile.tile<4xi32>\n"
    "    cuda_tile.return\n"
    "  }\n"
    "}\n";

/* Lines the custom print must hold (MLIR's spacing: a rounding directive at
 * its default keeps its leading space). */
static const char *const kExpected[] = {
    "(%arg0: tile<4xf32>, %arg1: tile<4xf32>, %arg2: tile<4xi32>, %arg3: tile<4xptr<f32>>)",
    "%0 = addf %arg0, %arg1  : tile<4xf32>\n",
    "%1 = addf %arg0, %arg1 rounding<positive_inf> flush_to_zero : tile<4xf32>\n",
    "%2 = maxf %arg0, %arg1 flush_to_zero propagate_nan : tile<4xf32>\n",
    "%3 = maxf %arg0, %arg1 propagate_nan : tile<4xf32>\n",
    "%4 = addi %arg2, %arg2 overflow<no_signed_wrap> : tile<4xi32>\n",
    "%5 = cmpi less_than %arg2, %arg2, signed : tile<4xi32> -> tile<4xi1>\n",
    "%6 = select %5, %arg0, %arg1 : tile<4xi1>, tile<4xf32>\n",
    "%7 = sqrt %arg0 rounding<approx> : tile<4xf32>\n",
    "%8 = negi %arg2 overflow<no_signed_wrap> {tag = 1 : i32} : tile<4xi32>\n",
};


static void quiet(CtileDiagnosticSeverity sev, const char *loc, const char *msg, void *user) {
  (void)sev;
  (void)loc;
  (void)msg;
  (*(int *)user)++;
}

/* Parses src in a fresh context and returns its custom print (malloc'd; NULL
 * when the parse fails), *nerr: the diagnostics reported. */
static char *round_trip(const char *src, int *nerr) {
  CtileContext ctx = ctileContextCreate();
  *nerr = 0;
  ctileContextSetDiagnosticHandler(ctx, quiet, nerr);
  CtileModule m = ctileModuleParse(ctx, src, strlen(src), "t.mlir");
  GrowText t = {0};
  if (!ctileModuleIsNull(m)) {
    ctileModulePrint(m, 0, grow_text_append, &t);
    ctileModuleDestroy(m);
  }
  ctileContextDestroy(ctx);
  return t.buf;
}

#define NTHREADS 4
#define ROUNDS 8

static pthread_barrier_t start;

typedef struct Worker {
  char *first;    /* the first print */
  int mismatches; /* later prints that differ from it, or failed parses */
} Worker;

static void *work(void *arg) {
  Worker *w = arg;
  pthread_barrier_wait(&start);
  for (int r = 0; r < ROUNDS; r++) {
    int nerr;
    char *got = round_trip(kModule, &nerr);
    if (!got || nerr) {
      w->mismatches++;
    } else if (!w->first) {
      w->first = got;
      continue;
    } else if (strcmp(got, w->first) != 0) {
      w->mismatches++;
    }
    free(got);
  }
  return NULL;
}

static void check_expected(const char *text) {
  for (size_t i = 0; i < sizeof kExpected / sizeof kExpected[0]; i++)
    if (!CHECK(strstr(text, kExpected[i]) != NULL)) printf("missing: %s\n", kExpected[i]);
}

/* Runs first: the threads race on the first compilation of every program. */
static void test_threads(void) {
  Worker ws[NTHREADS];
  pthread_t th[NTHREADS];
  pthread_barrier_init(&start, NULL, NTHREADS);
  for (int i = 0; i < NTHREADS; i++) {
    ws[i] = (Worker){NULL, 0};
    CHECK(pthread_create(&th[i], NULL, work, &ws[i]) == 0);
  }
  for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], NULL);
  pthread_barrier_destroy(&start);
  for (int i = 0; i < NTHREADS; i++) {
    CHECK_EQ_INT(ws[i].mismatches, 0);
    if (!CHECK(ws[i].first != NULL)) continue;
    check_expected(ws[i].first);
    CHECK(strcmp(ws[i].first, ws[0].first ? ws[0].first : "") == 0);
  }
  /* and once more on this thread, in a fresh context */
  int nerr;
  char *again = round_trip(kModule, &nerr);
  CHECK_EQ_INT(nerr, 0);
  CHECK(again && ws[0].first && strcmp(again, ws[0].first) == 0);
  free(again);
  for (int i = 0; i < NTHREADS; i++) free(ws[i].first);
}

/* An error inside a nested type body (the pointer's element) fails that
 * parse; the next parse on the thread reads nested types as before. */
static void test_nested_error(void) {
  static const char bad[] =
      "cuda_tile.module @m {\n"
      "  testing$func @f(%p: !cuda_tile.tile<4x!cuda_tile.ptr<bogus>>) {\n"
      "    cuda_tile.return\n"
      "  }\n"
      "}\n";
  int nerr;
  char *out = round_trip(bad, &nerr);
  CHECK(out == NULL);
  CHECK(nerr > 0);
  free(out);
  out = round_trip(kModule, &nerr);
  CHECK_EQ_INT(nerr, 0);
  if (CHECK(out != NULL)) check_expected(out);
  free(out);
}

UNIT_MAIN {
  test_threads();
  test_nested_error();
}
