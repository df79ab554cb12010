/* test_prt_print.c — printer shortcuts of the prt round: the decimal
 * writers of `%N` and `%argN` (every width, in the generic form's
 * module-wide numbering and through the op memo's replay), and the memo of
 * composite values inside attribute dictionaries (the same array or type in
 * dictionaries that differ elsewhere, and different ones at the same place).
 * Every expected text is built here with snprintf, independently of the
 * printer's own digit code. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>

static IrContext *ctx;

static void reset(void) {
  if (ctx) ir_context_destroy(ctx);
  ctx = ir_context_create();
  asm_install_printers(ctx);
  ir_ctx_allow_unregistered(ctx, true);
}

/* `src` parsed and printed with opts into out; false when it does not parse. */
static bool print_src(StrBuf *out, const char *src, const AsmPrintOptions *opts) {
  sb_clear(out);
  IrOp *m = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  if (!m) return false;
  asm_print_op_to(out, m, opts);
  ir_op_destroy(m);
  return true;
}

enum { NVALS = 12345, NFUNCS = 90, NARGS = 120 };

/* NVALS results, uses of some of them (the op memo replays their names),
 * then NFUNCS region ops whose entry blocks have NARGS arguments each. */
static void build_numbers_src(StrBuf *src) {
  for (int i = 0; i < NVALS; i++) sb_printf(src, "%%v%d = \"t.d\"() : () -> i32\n", i);
  for (int i = 0; i + 1 < NVALS; i += 97)
    sb_printf(src, "\"t.u\"(%%v%d, %%v%d) : (i32, i32) -> ()\n", i, NVALS - 1 - i);
  for (int f = 0; f < NFUNCS; f++) {
    sb_puts(src, "\"t.f\"() ({\n^bb0(");
    for (int a = 0; a < NARGS; a++) sb_printf(src, "%s%%a%d: i32", a ? ", " : "", a);
    sb_puts(src, "):\n  \"t.u\"(%a0, %a119) : (i32, i32) -> ()\n");
    sb_puts(src, "  \"t.u\"(%a7, %a99) : (i32, i32) -> ()\n}) : () -> ()\n");
  }
}

/* Generic form: values %0 .. %12344 in order, then every region's
 * arguments numbered on across regions (%argN up to 5 digits). */
static void test_generic_numbers(void) {
  reset();
  StrBuf src = {0}, out = {0}, want = {0};
  build_numbers_src(&src);
  const AsmPrintOptions g = {.generic = true};
  CHECK(print_src(&out, sb_cstr(&src), &g));
  const char *s = sb_cstr(&out);
  /* every definition, in order */
  const char *at = s;
  int found = 0;
  for (int i = 0; i < NVALS && at; i++) {
    sb_clear(&want);
    sb_printf(&want, "  %%%d = \"t.d\"() : () -> i32\n", i);
    at = strstr(at, sb_cstr(&want));
    if (at) found++;
  }
  CHECK_EQ_INT(found, NVALS);
  /* every use, with both names */
  found = 0;
  int uses = 0;
  for (int i = 0; i + 1 < NVALS; i += 97, uses++) {
    sb_clear(&want);
    sb_printf(&want, "  \"t.u\"(%%%d, %%%d) : (i32, i32) -> ()\n", i, NVALS - 1 - i);
    if (strstr(s, sb_cstr(&want))) found++;
  }
  CHECK_EQ_INT(found, uses);
  /* each region's arguments are NARGS consecutive %argN; its uses name
   * the first and last and two in between */
  found = 0;
  for (int f = 0; f < NFUNCS; f++) {
    int base = f * NARGS;
    sb_clear(&want);
    sb_printf(&want, "^bb0(%%arg%d: i32, %%arg%d: i32", base, base + 1);
    const char *blk = strstr(s, sb_cstr(&want));
    if (!blk) continue;
    sb_clear(&want);
    sb_printf(&want, "%%arg%d: i32):\n    \"t.u\"(%%arg%d, %%arg%d) : (i32, i32) -> ()\n"
                     "    \"t.u\"(%%arg%d, %%arg%d) : (i32, i32) -> ()\n",
              base + NARGS - 1, base, base + NARGS - 1, base + 7, base + 99);
    if (strstr(blk, sb_cstr(&want))) found++;
  }
  CHECK_EQ_INT(found, NFUNCS);
  sb_free(&src);
  sb_free(&out);
  sb_free(&want);
}

/* Custom form (all ops unregistered print generically but are named as in
 * the custom form): the same values, numbered per region. */
static void test_custom_numbers(void) {
  reset();
  StrBuf src = {0}, out = {0}, want = {0};
  build_numbers_src(&src);
  CHECK(print_src(&out, sb_cstr(&src), NULL));
  const char *s = sb_cstr(&out);
  const char *at = s;
  int found = 0;
  for (int i = 0; i < NVALS && at; i++) {
    sb_clear(&want);
    sb_printf(&want, "  %%%d = \"t.d\"() : () -> i32\n", i);
    at = strstr(at, sb_cstr(&want));
    if (at) found++;
  }
  CHECK_EQ_INT(found, NVALS);
  sb_clear(&want);
  sb_printf(&want, "  \"t.u\"(%%97, %%%d) : (i32, i32) -> ()\n", NVALS - 1 - 97);
  CHECK(strstr(s, sb_cstr(&want)) != NULL);
  CHECK(strstr(s, "    \"t.u\"(%arg0, %arg119) : (i32, i32) -> ()\n") != NULL);
  CHECK(strstr(s, "    \"t.u\"(%arg7, %arg99) : (i32, i32) -> ()\n") != NULL);
  sb_free(&src);
  sb_free(&out);
  sb_free(&want);
}

/* Composite values of dictionaries: the same array, type and dictionary in
 * dictionaries that differ (each printed, the second from the memo), and
 * different ones at the same place (a memo keyed on less would print the
 * first one's text again). */
static void test_dict_values(void) {
  reset();
  const char *src =
      "\"t.p\"() <{a = [1, 2], f = (i32, f32) -> (), s = \"x\"}> : () -> ()\n"
      "\"t.p\"() <{a = [1, 2], f = (i32, f32) -> (), s = \"y\"}> : () -> ()\n"
      "\"t.p\"() <{a = [3], f = (i32) -> i64, s = \"z\"}> : () -> ()\n"
      "\"t.p\"() <{a = [1, 2], d = {k = [4]}, s = \"w\"}> : () -> ()\n"
      "\"t.p\"() <{a = [3], d = {k = [5]}, s = \"v\"}> : () -> ()\n"
      "\"t.p\"() {b = [1, 2], g = (i32, f32) -> ()} : () -> ()\n";
  const char *want =
      "  \"t.p\"() <{a = [1, 2], f = (i32, f32) -> (), s = \"x\"}> : () -> ()\n"
      "  \"t.p\"() <{a = [1, 2], f = (i32, f32) -> (), s = \"y\"}> : () -> ()\n"
      "  \"t.p\"() <{a = [3], f = (i32) -> i64, s = \"z\"}> : () -> ()\n"
      "  \"t.p\"() <{a = [1, 2], d = {k = [4]}, s = \"w\"}> : () -> ()\n"
      "  \"t.p\"() <{a = [3], d = {k = [5]}, s = \"v\"}> : () -> ()\n"
      "  \"t.p\"() {b = [1, 2], g = (i32, f32) -> ()} : () -> ()\n";
  StrBuf out = {0};
  for (int generic = 0; generic < 2; generic++) {
    /* the module's body: between its first line and its closing line */
    const AsmPrintOptions o = {.generic = generic != 0};
    CHECK(print_src(&out, src, &o));
    const char *s = sb_cstr(&out), *body = strchr(s, '\n');
    const char *end = strrchr(s, '}');
    CHECK(body && end && end > body);
    if (!body || !end || end <= body) continue;
    body++;
    CHECK_EQ_INT((long long)(end - body), (long long)strlen(want));
    CHECK(!strncmp(body, want, strlen(want)));
  }
  sb_free(&out);
}

UNIT_MAIN {
  test_generic_numbers();
  test_custom_numbers();
  test_dict_values();
  if (ctx) ir_context_destroy(ctx);
}
