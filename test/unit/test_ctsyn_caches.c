/* test_ctsyn_caches.c — the per-context caches of syntax_compute.c (the
 * attribute lookups of the last dictionary pair printed per op kind, the
 * enum attributes of parsed keywords) across modules and contexts: two
 * modules whose ops of the same kinds carry different dictionaries, parsed
 * into one context and printed in turns (A, B, A: each print must not see
 * the other's lookups), printed twice in a row (a warm cache prints the
 * same text), and parsed in fresh contexts one after the other (a context's
 * cache dies with it). */
#include "unit.h"

#include <stdlib.h>

#include "ctile/ctile.h"
#include "unit_text.h"

static const char kA[] =
    "cuda_tile.module @a {\n"
    "  testing$func @f(%a: !cuda_tile.tile<4xf32>, %b: !cuda_tile.tile<4xf32>,"
    " %i: !cuda_tile.tile<4xi32>) {\n"
    "    %0 = cuda_tile.addf %a, %b rounding<zero> flush_to_zero : !cuda_tile.tile<4xf32>\n"
    "    %1 = cuda_tile.cmpi less_than %i, %i, signed : !cuda_tile.tile<4xi32> -> "
    "!cuda_tile.tile<4xi1>\n"
    "    %2 = cuda_tile.divi %i, %i unsigned rounding<positive_inf> : !cuda_tile.tile<4xi32>\n"
    "    %3 = cuda_tile.maxf %a, %b propagate_nan {tag = 1 : i32} : !cuda_tile.tile<4xf32>\n"
    "    cuda_tile.return\n"
    "  }\n"
    "}\n";

static const char kB[] =
    "cuda_tile.module @b {\n"
    "  testing$func @g(%a: !cuda_tile.tile<2xf32>, %b: !cuda_tile.tile<2xf32>,"
    " %i: !cuda_tile.tile<2xi32>) {\n"
    "    %0 = cuda_tile.addf %a, %b : !cuda_tile.tile<2xf32>\n"
    "    %1 = cuda_tile.cmpi equal %i, %i, unsigned : !cuda_tile.tile<2xi32> -> "
    "!cuda_tile.tile<2xi1>\n"
    "    %2 = cuda_tile.divi %i, %i signed : !cuda_tile.tile<2xi32>\n"
    "    %3 = cuda_tile.maxf %a, %b flush_to_zero : !cuda_tile.tile<2xf32>\n"
    "    cuda_tile.return\n"
    "  }\n"
    "}\n";

static const char *const kExpectA[] = {
    "%0 = addf %arg0, %arg1 rounding<zero> flush_to_zero : tile<4xf32>\n",
    "%1 = cmpi less_than %arg2, %arg2, signed : tile<4xi32> -> tile<4xi1>\n",
    "%2 = divi %arg2, %arg2 unsigned rounding<positive_inf> : tile<4xi32>\n",
    "%3 = maxf %arg0, %arg1 propagate_nan {tag = 1 : i32} : tile<4xf32>\n",
};

static const char *const kExpectB[] = {
    "%0 = addf %arg0, %arg1  : tile<2xf32>\n",
    "%1 = cmpi equal %arg2, %arg2, unsigned : tile<2xi32> -> tile<2xi1>\n",
    "%2 = divi %arg2, %arg2 signed : tile<2xi32>\n",
    "%3 = maxf %arg0, %arg1 flush_to_zero : tile<2xf32>\n",
};


/* The custom print of m (malloc'd). */
static char *print(CtileModule m) {
  GrowText t = {0};
  ctileModulePrint(m, 0, grow_text_append, &t);
  return t.buf;
}

/* Checks that text holds every line of want and none of avoid's. */
static void check_lines(const char *text, const char *const *want, const char *const *avoid,
                        size_t n) {
  if (!CHECK(text != NULL)) return;
  for (size_t i = 0; i < n; i++) {
    if (!CHECK(strstr(text, want[i]) != NULL)) printf("missing: %s", want[i]);
    if (!CHECK(strstr(text, avoid[i]) == NULL)) printf("unexpected: %s", avoid[i]);
  }
}

#define NLINES (sizeof kExpectA / sizeof kExpectA[0])

/* Two modules in one context, printed in turns and twice in a row. */
static void test_one_context(void) {
  CtileContext ctx = ctileContextCreate();
  CtileModule a = ctileModuleParse(ctx, kA, strlen(kA), "a.mlir");
  CtileModule b = ctileModuleParse(ctx, kB, strlen(kB), "b.mlir");
  if (!CHECK(!ctileModuleIsNull(a) && !ctileModuleIsNull(b))) {
    ctileContextDestroy(ctx);
    return;
  }
  char *a1 = print(a), *b1 = print(b), *a2 = print(a), *a3 = print(a), *b2 = print(b);
  check_lines(a1, kExpectA, kExpectB, NLINES);
  check_lines(b1, kExpectB, kExpectA, NLINES);
  CHECK(a1 && a2 && a3 && strcmp(a1, a2) == 0 && strcmp(a2, a3) == 0);
  CHECK(b1 && b2 && strcmp(b1, b2) == 0);
  free(a1);
  free(a2);
  free(a3);
  free(b1);
  free(b2);
  ctileModuleDestroy(a);
  ctileModuleDestroy(b);
  ctileContextDestroy(ctx);
}

/* A then B, each in a fresh context (the second may reuse the first's
 * addresses), then A again. */
static void test_fresh_contexts(void) {
  const char *srcs[] = {kA, kB, kA};
  for (int i = 0; i < 3; i++) {
    CtileContext ctx = ctileContextCreate();
    CtileModule m = ctileModuleParse(ctx, srcs[i], strlen(srcs[i]), "t.mlir");
    if (CHECK(!ctileModuleIsNull(m))) {
      char *t = print(m);
      if (i == 1) check_lines(t, kExpectB, kExpectA, NLINES);
      else check_lines(t, kExpectA, kExpectB, NLINES);
      free(t);
      ctileModuleDestroy(m);
    }
    ctileContextDestroy(ctx);
  }
}

UNIT_MAIN {
  test_one_context();
  test_fresh_contexts();
}
