/* test_ctp_hdrmemo.c — the header memo of the cuda_tile region ops
 * (parse_hdrmemo.c, ct_hdrmemo.h): each text is parsed with the memo on and
 * off and must print the same (generic form with locations, so the
 * positions that hits rebuild from offsets are compared too) or report the
 * same diagnostics, and the memo must have replayed exactly the headers it
 * may: a repeated function argument list (also before a result list, where
 * the function type must still get the results), a repeated reduce / scan
 * header, a repeated `for` with iter_values (not one without), a repeated
 * loop header whose second copy goes on with more results past the
 * recorded text (not one without results).  Error cases: a type clash whose
 * note points at an argument of a replayed signature, a scan whose header
 * text (without `reverse=`) repeats a reduce's (must still be rejected:
 * records are per format), a replayed reduce header with one operand too
 * many (located at the type list of the second op), a replayed `for`
 * header whose initial value is undefined (located in the second op). */
#include "unit.h"

#include <stdlib.h>

#include "ctile/ctile.h"
#include "dialect/cuda_tile/ct_hdrmemo.h"
#include "unit_text.h"

static char diag_buf[8192];
static size_t diag_len;

static void on_diag(CtileDiagnosticSeverity sev, const char *loc, const char *msg, void *user) {
  (void)user;
  diag_len += (size_t)snprintf(diag_buf + diag_len, sizeof diag_buf - diag_len, "%d %s: %s\n",
                               (int)sev, loc, msg);
  if (diag_len >= sizeof diag_buf) diag_len = sizeof diag_buf - 1;
}

/* Parses text with the memo on or off; returns the generic print with
 * debug info (malloc'd) or, on failure, the diagnostics (malloc'd).
 * *hits: records replayed meanwhile. */
static char *run(const char *text, bool memo, unsigned long *hits) {
  ct_hdr_memo_set_enabled(memo);
  CtileContext ctx = ctileContextCreate();
  ctileContextSetDiagnosticHandler(ctx, on_diag, NULL);
  diag_len = 0;
  diag_buf[0] = 0;
  unsigned long h0 = ct_hdr_memo_hits();
  CtileModule m = ctileModuleParse(ctx, text, strlen(text), "t.mlir");
  *hits = ct_hdr_memo_hits() - h0;
  char *out;
  if (m.ptr) {
    GrowText t = {0};
    ctileModulePrint(m, CTILE_PRINT_GENERIC | CTILE_PRINT_DEBUGINFO, grow_text_append, &t);
    out = t.buf;
    ctileModuleDestroy(m);
  } else {
    out = strdup(diag_buf);
  }
  ctileContextDestroy(ctx);
  ct_hdr_memo_set_enabled(true);
  return out;
}

/* Parses with and without the memo: same text out, `hits` replays with it
 * and none without; returns the text (memo on) for further checks. */
static char *both(const char *text, unsigned long hits, bool ok) {
  unsigned long h_on = 0, h_off = 0;
  char *on = run(text, true, &h_on);
  char *off = run(text, false, &h_off);
  CHECK_STREQ(on, off);
  CHECK_EQ_INT(h_on, hits);
  CHECK_EQ_INT(h_off, 0);
  CHECK(ok == (strstr(on, "\"builtin.module\"") != NULL));
  free(off);
  return on;
}

static const char kFuncs[] =
    "cuda_tile.module @m {\n"
    "  entry @f(%a: tile<i32> {cuda_tile.k = 1 : i32}, %b: tile<f32> loc(\"argb\":1:2)) {\n"
    "    return\n"
    "  }\n"
    "  entry @g(%a: tile<i32> {cuda_tile.k = 1 : i32}, %b: tile<f32> loc(\"argb\":1:2)) {\n"
    "    %c = addi %a, %a : tile<i32>\n"
    "    return\n"
    "  }\n"
    "  testing$func @h(%a: tile<i32> {cuda_tile.k = 1 : i32}, %b: tile<f32> loc(\"argb\":1:2))"
    " -> tile<i32> {\n"
    "    return %a : tile<i32>\n"
    "  }\n"
    "}\n";

static void test_funcs(void) {
  char *s = both(kFuncs, 2, true);
  /* g's arguments at g's own positions */
  CHECK(strstr(s, "^bb0(%arg2: !cuda_tile.tile<i32> loc(\"t.mlir\":5:12), %arg3: "
                  "!cuda_tile.tile<f32> loc(\"argb\":1:2))") != NULL);
  CHECK(strstr(s, "arg_attrs = [{cuda_tile.k = 1 : i32}, {}], function_type = "
                  "(!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> (), sym_name = \"g\"") != NULL);
  /* h's replayed arguments with its own results */
  CHECK(strstr(s, "function_type = (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> "
                  "!cuda_tile.tile<i32>, sym_name = \"h\"") != NULL);
  CHECK(strstr(s, "loc(\"t.mlir\":9:19)") != NULL);
  free(s);
}

static const char kRegions[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%x: tile<8xf32>) {\n"
    "    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        %s = addf %a, %b : tile<f32>\n"
    "        yield %s : tile<f32>\n"
    "      }\n"
    "    %q = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        %s = maxf %a, %b : tile<f32>\n"
    "        yield %s : tile<f32>\n"
    "      }\n"
    "    %c = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        %s = addf %a, %b : tile<f32>\n"
    "        yield %s : tile<f32>\n"
    "      }\n"
    "    %d = scan %x dim=0 reverse=true identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        %s = mulf %a, %b : tile<f32>\n"
    "        yield %s : tile<f32>\n"
    "      }\n"
    "    %c0 = constant <i32: 0> : tile<i32>\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %c4 = constant <i32: 4> : tile<i32>\n"
    "    %u = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %c0) -> "
    "(tile<i32>) {\n"
    "      %n = addi %acc, %k : tile<i32>\n"
    "      continue %n : tile<i32>\n"
    "    }\n"
    "    %v = for %k in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %c0) -> "
    "(tile<i32>) {\n"
    "      %n = muli %acc, %k : tile<i32>\n"
    "      continue %n : tile<i32>\n"
    "    }\n"
    "    for %k in (%c0 to %c4, step %c1) : tile<i32> {\n"
    "    }\n"
    "    for %k in (%c0 to %c4, step %c1) : tile<i32> {\n"
    "    }\n"
    "    %w = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {\n"
    "      break %i : tile<i32>\n"
    "    }\n"
    "    %z:2 = loop iter_values(%i = %c0) : tile<i32> -> tile<i32>, tile<i32> {\n"
    "      break %i, %i : tile<i32>, tile<i32>\n"
    "    }\n"
    "    loop iter_values(%i = %c0) : tile<i32> {\n"
    "      break\n"
    "    }\n"
    "    loop iter_values(%i = %c0) : tile<i32> {\n"
    "      break\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_regions(void) {
  /* reduce, scan, for with iter_values, loop with results: one each */
  char *s = both(kRegions, 4, true);
  /* the replayed region arguments at their own places */
  CHECK(strstr(s, "^bb0(%arg15: !cuda_tile.tile<f32> loc(\"t.mlir\":9:8), %arg16: "
                  "!cuda_tile.tile<f32> loc(\"t.mlir\":9:23))") != NULL);
  CHECK(strstr(s, "^bb0(%arg11: !cuda_tile.tile<f32> loc(\"t.mlir\":19:8)") != NULL);
  CHECK(strstr(s, "identities = [0.000000e+00 : f32], reverse = true}") != NULL);
  CHECK(strstr(s, "^bb0(%arg7: !cuda_tile.tile<i32> loc(\"t.mlir\":30:14), %arg8: "
                  "!cuda_tile.tile<i32> loc(\"t.mlir\":30:67))") != NULL);
  /* the second loop's two results, the second past the recorded text */
  CHECK(strstr(s, "%10:2 = \"cuda_tile.loop\"") != NULL);
  CHECK(strstr(s, "}) : (!cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>)") !=
        NULL);
  CHECK(strstr(s, "^bb0(%arg3: !cuda_tile.tile<i32> loc(\"t.mlir\":41:29))") != NULL);
  free(s);
}

static const char kClash[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%a: tile<i32>, %b: tile<i64>) {\n"
    "    return\n"
    "  }\n"
    "  testing$func @g(%a: tile<i32>, %b: tile<i64>) {\n"
    "    %c = addi %b, %b : tile<i32>\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char kScanAfterReduce[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%x: tile<8xf32>) {\n"
    "    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        yield %a : tile<f32>\n"
    "      }\n"
    "    %q = scan %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        yield %a : tile<f32>\n"
    "      }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char kReduceCount[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%x: tile<8xf32>) {\n"
    "    %r = reduce %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        yield %a : tile<f32>\n"
    "      }\n"
    "    %q = reduce %x, %x dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "      (%a: tile<f32>, %b: tile<f32>) {\n"
    "        yield %a : tile<f32>\n"
    "      }\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char kForUndef[] =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%c0: tile<i32>, %zero: tile<i32>) {\n"
    "    %u = for %k in (%c0 to %c0, step %c0) : tile<i32> iter_values(%acc = %zero) -> "
    "(tile<i32>) {\n"
    "      continue %acc : tile<i32>\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "  testing$func @g(%c0: tile<i32>) {\n"
    "    %u = for %k in (%c0 to %c0, step %c0) : tile<i32> iter_values(%acc = %zero) -> "
    "(tile<i32>) {\n"
    "      continue %acc : tile<i32>\n"
    "    }\n"
    "    return\n"
    "  }\n"
    "}\n";

static void test_errors(void) {
  char *s = both(kClash, 1, false);
  CHECK(strstr(s, "0 t.mlir:6:15: use of value '%b' expects different type than prior uses: "
                  "'!cuda_tile.tile<i32>' vs '!cuda_tile.tile<i64>'") != NULL);
  CHECK(strstr(s, "3 t.mlir:5:34: prior use here") != NULL);
  free(s);
  s = both(kScanAfterReduce, 0, false);
  CHECK(strstr(s, "0 t.mlir:7:24: custom op 'cuda_tile.scan' expected 'reverse'") != NULL);
  free(s);
  s = both(kReduceCount, 1, false);
  CHECK(strstr(s, "0 t.mlir:7:55: custom op 'cuda_tile.reduce' number of operands and types do not match: got 2 operands "
                  "and 1 types") != NULL);
  free(s);
  s = both(kForUndef, 1, false);
  CHECK(strstr(s, "0 t.mlir:9:74: use of undeclared SSA value name") != NULL);
  free(s);
}

UNIT_MAIN {
  test_funcs();
  test_regions();
  test_errors();
}
