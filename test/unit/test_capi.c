/* test_capi.c — unit tests of the public C API (include/ctile/ctile.h):
 * context lifetime, parsing with a diagnostic handler, navigation through
 * operations, regions, blocks and values, attributes, types, locations,
 * printing, verification, pipelines and options, and that null handles are
 * tolerated everywhere.  Only the public header is used. */
#include "unit.h"

#include <stdlib.h>

#include "ctile/ctile.h"
#include "unit_text.h"

/* ---- helpers ------------------------------------------------------------------ */

typedef struct Diags {
  int count, errors, notes;
  char first_loc[256];
  char first_msg[512];
} Diags;

static void on_diag(CtileDiagnosticSeverity sev, const char *loc, const char *msg, void *user) {
  Diags *d = user;
  if (d->count++ == 0) {
    snprintf(d->first_loc, sizeof d->first_loc, "%s", loc);
    snprintf(d->first_msg, sizeof d->first_msg, "%s", msg);
  }
  if (sev == CTILE_DIAGNOSTIC_ERROR) d->errors++;
  if (sev == CTILE_DIAGNOSTIC_NOTE) d->notes++;
}

/* Collects printed text. */
typedef struct Text {
  char buf[8192];
  size_t len;
  int calls;
} Text;

static void on_text(CtileStringRef s, void *user) {
  Text *t = user;
  t->calls++;
  size_t room = sizeof t->buf - 1 - t->len;
  size_t n = s.length < room ? s.length : room;
  memcpy(t->buf + t->len, s.data, n);
  t->len += n;
  t->buf[t->len] = 0;
}

static int name_is(CtileOperation op, const char *want) {
  CtileStringRef n = ctileOperationGetName(op);
  return n.length == strlen(want) && memcmp(n.data, want, n.length) == 0;
}

static const char *kModule =
    "module {\n"
    "  %0 = \"test.def\"() {value = 42 : i32} : () -> i32\n"
    "  \"test.use\"(%0, %0) : (i32, i32) -> ()\n"
    "  \"test.region\"() ({\n"
    "  ^bb0(%arg0: f32):\n"
    "    \"test.term\"(%arg0) : (f32) -> ()\n"
    "  }) : () -> ()\n"
    "}\n";

/* ---- tests -------------------------------------------------------------------- */

static void test_version_and_nulls(void) {
  CHECK_STREQ(ctileGetVersion(), CTILE_VERSION_STRING);
  CtileOperation none = {NULL};
  CHECK(ctileOperationIsNull(ctileOperationGetNextInBlock(none)));
  CHECK_EQ_INT(ctileOperationGetNumOperands(none), 0);
  CHECK_EQ_INT(ctileOperationGetName(none).length, 0);
  CHECK(ctileValueIsNull(ctileOperationGetResult(none, 0)));
  CHECK(ctileBlockIsNull(ctileRegionGetFirstBlock(ctileOperationGetRegion(none, 0))));
  CHECK(ctileTypeIsNull(ctileValueGetType(ctileOperationGetOperand(none, 3))));
  CHECK(ctileAttributeIsNull(ctileOperationGetAttributeByName(none, "x")));
  CHECK(!ctileLocationGetFileLineCol(ctileOperationGetLocation(none), NULL, NULL, NULL));
  CtileModule nm = {NULL};
  CHECK(!ctileModuleVerify(nm));
  CHECK(!ctileModuleRunPipeline(nm, "builtin.module(cse)"));
  ctileModuleDestroy(nm);
  Text t = {.len = 0};
  ctileModulePrint(nm, 0, on_text, &t);
  CHECK_EQ_INT(t.calls, 0);
}

static void test_parse_error(void) {
  CtileContext ctx = ctileContextCreate();
  CHECK(!ctileContextIsNull(ctx));
  Diags d = {0};
  ctileContextSetDiagnosticHandler(ctx, on_diag, &d);
  /* Unregistered ops are rejected unless allowed. */
  CHECK(!ctileContextGetAllowUnregisteredDialects(ctx));
  CtileModule m = ctileModuleParse(ctx, kModule, strlen(kModule), "test.mlir");
  CHECK(ctileModuleIsNull(m));
  CHECK(d.errors >= 1);
  CHECK(strncmp(d.first_loc, "test.mlir:2:", 12) == 0);
  CHECK(d.first_msg[0] != 0);
  CHECK(ctileContextGetNumErrors(ctx) >= 1);

  /* A syntax error names the buffer and the line. */
  memset(&d, 0, sizeof d);
  const char *bad = "module {\n  %0 = \n}\n";
  m = ctileModuleParse(ctx, bad, strlen(bad), NULL);
  CHECK(ctileModuleIsNull(m));
  CHECK_EQ_INT(d.errors, 1);
  CHECK(strncmp(d.first_loc, "<string>:", 9) == 0);
  ctileContextDestroy(ctx);
}

static void test_navigation(void) {
  CtileContext ctx = ctileContextCreate();
  Diags d = {0};
  ctileContextSetDiagnosticHandler(ctx, on_diag, &d);
  ctileContextSetAllowUnregisteredDialects(ctx, true);
  CHECK(ctileContextGetAllowUnregisteredDialects(ctx));
  /* The text need not be NUL-terminated: parse a copy with junk after it. */
  size_t n = strlen(kModule);
  char *copy = malloc(n + 4);
  memcpy(copy, kModule, n);
  memcpy(copy + n, "!!!!", 4);
  CtileModule m = ctileModuleParse(ctx, copy, n, "test.mlir");
  free(copy);
  CHECK(!ctileModuleIsNull(m));
  CHECK_EQ_INT(d.count, 0);
  if (ctileModuleIsNull(m)) {
    printf("first diagnostic: %s: %s\n", d.first_loc, d.first_msg);
    ctileContextDestroy(ctx);
    return;
  }
  CHECK(ctileModuleGetContext(m).ptr == ctx.ptr);
  CtileOperation top = ctileModuleGetOperation(m);
  CHECK(name_is(top, "builtin.module"));
  CHECK(ctileOperationGetContext(top).ptr == ctx.ptr);
  CHECK(ctileOperationIsNull(ctileOperationGetParentOperation(top)));
  CHECK_EQ_INT(ctileOperationGetNumRegions(top), 1);
  CtileBlock body = ctileRegionGetFirstBlock(ctileOperationGetRegion(top, 0));
  CHECK(!ctileBlockIsNull(body));
  CHECK(ctileBlockIsNull(ctileBlockGetNextInRegion(body)));
  CHECK(ctileBlockGetParentOperation(body).ptr == top.ptr);

  CtileOperation def = ctileBlockGetFirstOperation(body);
  CHECK(name_is(def, "test.def"));
  CHECK(ctileOperationGetParentOperation(def).ptr == top.ptr);
  CHECK(ctileOperationGetBlock(def).ptr == body.ptr);
  CHECK_EQ_INT(ctileOperationGetNumOperands(def), 0);
  CHECK_EQ_INT(ctileOperationGetNumResults(def), 1);
  CHECK_EQ_INT(ctileOperationGetNumRegions(def), 0);
  CtileValue r = ctileOperationGetResult(def, 0);
  CHECK(ctileValueIsAOpResult(r) && !ctileValueIsABlockArgument(r));
  CHECK(ctileOpResultGetOwner(r).ptr == def.ptr);
  CHECK_EQ_INT(ctileValueGetIndex(r), 0);
  CHECK_EQ_INT(ctileValueGetNumUses(r), 2);
  CHECK(ctileValueIsNull(ctileOperationGetResult(def, 1)));
  CHECK(ctileValueIsNull(ctileOperationGetResult(def, -1)));

  Text t = {.len = 0};
  ctileTypePrint(ctileValueGetType(r), on_text, &t);
  CHECK_STREQ(t.buf, "i32");
  CtileType i32 = ctileTypeParseGet(ctx, "i32");
  CHECK(ctileTypeEqual(i32, ctileValueGetType(r)));

  /* attributes */
  CtileAttribute a = ctileOperationGetAttributeByName(def, "value");
  CHECK(!ctileAttributeIsNull(a));
  CHECK(ctileAttributeIsNull(ctileOperationGetAttributeByName(def, "nope")));
  t.len = 0;
  t.buf[0] = 0;
  ctileAttributePrint(a, on_text, &t);
  CHECK_STREQ(t.buf, "42 : i32");
  CHECK(ctileAttributeEqual(a, ctileAttributeParseGet(ctx, "42 : i32")));
  CHECK_EQ_INT(ctileOperationGetNumAttributes(def), 1);
  CtileStringRef an = {NULL, 0};
  CHECK(ctileAttributeEqual(ctileOperationGetAttribute(def, 0, &an), a));
  CHECK(an.length == 5 && !memcmp(an.data, "value", 5));
  CHECK(ctileAttributeIsNull(ctileOperationGetAttribute(def, 1, &an)));
  CHECK_EQ_INT(an.length, 0);

  /* locations */
  CtileLocation loc = ctileOperationGetLocation(def);
  CtileStringRef file;
  unsigned line = 0, col = 0;
  CHECK(ctileLocationGetFileLineCol(loc, &file, &line, &col));
  CHECK(file.length == 9 && !memcmp(file.data, "test.mlir", 9));
  CHECK_EQ_INT(line, 2);
  CHECK_EQ_INT(col, 8);
  CHECK(!ctileLocationIsUnknown(loc));
  t.len = 0;
  t.buf[0] = 0;
  ctileLocationPrint(loc, on_text, &t);
  CHECK_STREQ(t.buf, "loc(\"test.mlir\":2:8)");

  /* operands and uses */
  CtileOperation use = ctileOperationGetNextInBlock(def);
  CHECK(name_is(use, "test.use"));
  CHECK(ctileOperationGetPrevInBlock(use).ptr == def.ptr);
  CHECK_EQ_INT(ctileOperationGetNumOperands(use), 2);
  CHECK(ctileOperationGetOperand(use, 0).ptr == r.ptr);
  CHECK(ctileOperationGetOperand(use, 1).ptr == r.ptr);
  CHECK(ctileValueIsNull(ctileOperationGetOperand(use, 2)));
  CHECK_EQ_INT(ctileOperationGetNumResults(use), 0);
  CHECK_EQ_INT(ctileOperationGetNumSuccessors(use), 0);

  /* a region with a block argument */
  CtileOperation reg = ctileOperationGetNextInBlock(use);
  CHECK(name_is(reg, "test.region"));
  CHECK(ctileOperationIsNull(ctileOperationGetNextInBlock(reg)));
  CHECK_EQ_INT(ctileOperationGetNumRegions(reg), 1);
  CtileRegion rg = ctileOperationGetRegion(reg, 0);
  CHECK(ctileRegionGetParentOperation(rg).ptr == reg.ptr);
  CtileBlock bb = ctileRegionGetFirstBlock(rg);
  CHECK(ctileBlockGetParentRegion(bb).ptr == rg.ptr);
  CHECK_EQ_INT(ctileBlockGetNumArguments(bb), 1);
  CtileValue arg = ctileBlockGetArgument(bb, 0);
  CHECK(ctileValueIsABlockArgument(arg));
  CHECK(ctileBlockArgumentGetOwner(arg).ptr == bb.ptr);
  CHECK(ctileOperationIsNull(ctileOpResultGetOwner(arg)));
  CHECK(ctileTypeEqual(ctileValueGetType(arg), ctileTypeParseGet(ctx, "f32")));
  CtileOperation term = ctileBlockGetFirstOperation(bb);
  CHECK(name_is(term, "test.term"));
  CHECK(ctileOperationGetOperand(term, 0).ptr == arg.ptr);
  CHECK(ctileOperationGetParentOperation(term).ptr == reg.ptr);

  CHECK(ctileModuleVerify(m));
  CHECK(ctileOperationVerify(reg));
  CHECK_EQ_INT(d.count, 0);
  ctileModuleDestroy(m);
  ctileContextDestroy(ctx);
}

static void test_print(void) {
  CtileContext ctx = ctileContextCreate();
  ctileContextSetAllowUnregisteredDialects(ctx, true);
  CtileModule m = ctileModuleParse(ctx, kModule, strlen(kModule), "p.mlir");
  CHECK(!ctileModuleIsNull(m));
  if (ctileModuleIsNull(m)) {
    ctileContextDestroy(ctx);
    return;
  }
  Text t = {.len = 0};
  ctileModulePrint(m, 0, on_text, &t);
  CHECK(strncmp(t.buf, "module {\n", 9) == 0);
  CHECK(strstr(t.buf, "%0 = \"test.def\"() {value = 42 : i32} : () -> i32") != NULL);
  CHECK(t.len > 0 && t.buf[t.len - 1] == '\n');
  CHECK(strstr(t.buf, "loc(") == NULL);

  Text g = {.len = 0};
  ctileModulePrint(m, CTILE_PRINT_GENERIC, on_text, &g);
  CHECK(strncmp(g.buf, "\"builtin.module\"() ({", 21) == 0);

  Text dbg = {.len = 0};
  ctileModulePrint(m, CTILE_PRINT_DEBUGINFO, on_text, &dbg);
  CHECK(strstr(dbg.buf, "\"p.mlir\":2:8") != NULL);

  /* A single op: no trailing newline. */
  Text o = {.len = 0};
  CtileBlock body = ctileRegionGetFirstBlock(ctileOperationGetRegion(ctileModuleGetOperation(m), 0));
  ctileOperationPrint(ctileBlockGetFirstOperation(body), 0, on_text, &o);
  CHECK_STREQ(o.buf, "%0 = \"test.def\"() {value = 42 : i32} : () -> i32");

  /* Round trip: the printed text parses to the same printed text. */
  CtileModule m2 = ctileModuleParse(ctx, t.buf, t.len, "again.mlir");
  CHECK(!ctileModuleIsNull(m2));
  Text t2 = {.len = 0};
  ctileModulePrint(m2, 0, on_text, &t2);
  CHECK_STREQ(t2.buf, t.buf);
  ctileModuleDestroy(m2);
  ctileModuleDestroy(m);
  ctileContextDestroy(ctx);
}

static void test_pipeline_and_options(void) {
  CtileContext ctx = ctileContextCreate();
  Diags d = {0};
  ctileContextSetDiagnosticHandler(ctx, on_diag, &d);
  ctileContextSetAllowUnregisteredDialects(ctx, true);
  const char *src =
      "%0 = \"test.pure\"() : () -> i32\n"
      "\"test.sink\"(%0) : (i32) -> ()\n";
  CtileModule m = ctileModuleParse(ctx, src, strlen(src), "q.mlir");
  CHECK(!ctileModuleIsNull(m));
  if (ctileModuleIsNull(m)) {
    ctileContextDestroy(ctx);
    return;
  }
  CHECK(ctileModuleRunPipeline(m, "builtin.module(cse)"));
  CHECK(ctileModuleRunPipeline(m, "canonicalize"));
  CHECK_EQ_INT(d.count, 0);
  CHECK(!ctileModuleRunPipeline(m, "builtin.module(no-such-pass)"));
  CHECK(d.errors >= 1);
  CHECK(d.first_msg[0] != 0);
  CHECK(!ctileModuleRunPipeline(m, NULL));

  CHECK(ctileContextSetOption(ctx, "Wunsupported-hints", "true"));
  CHECK(ctileContextSetOption(ctx, "verify-each", "0"));
  CHECK(ctileContextSetOption(ctx, "some-text", "abc"));
  CHECK(!ctileContextSetOption(ctx, NULL, "x"));

  /* Removing the handler restores the default (stderr) without crashing. */
  ctileContextSetDiagnosticHandler(ctx, NULL, NULL);
  ctileModuleDestroy(m);
  ctileContextDestroy(ctx);
}

/* A large module reaches the print callback in several pieces whose
 * concatenation is the whole text (it parses back and prints the same). */

static void test_streamed_print(void) {
  CtileContext ctx = ctileContextCreate();
  ctileContextSetAllowUnregisteredDialects(ctx, true);
  size_t cap = 64 * 40000 + 64, len = 0;
  char *src = malloc(cap);
  len += (size_t)snprintf(src + len, cap - len, "\"t.f\"() ({\n");
  for (int i = 0; i < 40000; i++)
    len += (size_t)snprintf(src + len, cap - len, "  %%v%d = \"t.op\"() {n = %d : i64} : () -> i32\n", i, i);
  len += (size_t)snprintf(src + len, cap - len, "  \"t.ret\"() : () -> ()\n}) : () -> ()\n");
  CtileModule m = ctileModuleParse(ctx, src, len, "big.mlir");
  CHECK(!ctileModuleIsNull(m));
  GrowText a = {0}, b = {0};
  ctileModulePrint(m, 0, grow_text_append, &a);
  CHECK(a.calls >= 2);
  CHECK(a.len > (1u << 20) && a.buf[a.len - 1] == '\n');
  CtileModule m2 = ctileModuleParse(ctx, a.buf, a.len, "big2.mlir");
  CHECK(!ctileModuleIsNull(m2));
  ctileModulePrint(m2, 0, grow_text_append, &b);
  CHECK(a.len == b.len && !memcmp(a.buf, b.buf, a.len));
  /* ctileOperationPrint streams too and adds no newline */
  GrowText c = {0};
  ctileOperationPrint(ctileModuleGetOperation(m), 0, grow_text_append, &c);
  CHECK(c.calls >= 2 && c.len + 1 == a.len && !memcmp(c.buf, a.buf, c.len));
  ctileModuleDestroy(m);
  ctileModuleDestroy(m2);
  free(a.buf);
  free(b.buf);
  free(c.buf);
  free(src);
  ctileContextDestroy(ctx);
}

/* ctileContextSetPrintOpOnDiagnostic: a verifier error on an op gets the
 * "see current operation" note only when enabled. */
static void test_print_op_on_diagnostic(void) {
  const char *bad =
      "cuda_tile.module @m {\n"
      "  cuda_tile.entry @e() {\n"
      "    %c = cuda_tile.constant <i32: 0> : tile<32xi32>\n"
      "    %e = cuda_tile.reshape %c : tile<32xi32> -> tile<16xi32>\n"
      "    cuda_tile.return\n"
      "  }\n"
      "}\n";
  for (int on = 0; on < 2; on++) {
    CtileContext ctx = ctileContextCreate();
    Diags d = {0};
    ctileContextSetDiagnosticHandler(ctx, on_diag, &d);
    if (on) ctileContextSetPrintOpOnDiagnostic(ctx, true);
    CtileModule m = ctileModuleParse(ctx, bad, strlen(bad), "bad.mlir");
    CHECK(ctileModuleIsNull(m));
    CHECK_EQ_INT(d.errors, 1);
    CHECK_EQ_INT(d.notes, on);
    CHECK(strstr(d.first_msg, "'cuda_tile.reshape' op reshape element-count mismatch") != NULL);
    ctileContextDestroy(ctx);
  }
}

/* Entry introspection: the entries ctileRunEntry can run and each
 * parameter's kind, element type and buffer element size; the bytecode
 * magic test. */
static void test_entries(void) {
  const char *src =
      "cuda_tile.module @m {\n"
      "  cuda_tile.entry @first(%p: !cuda_tile.tile<!cuda_tile.ptr<bf16>>,\n"
      "                         %n: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<f32>,\n"
      "                         %q: !cuda_tile.tile<!cuda_tile.ptr<i1>>) {\n"
      "    cuda_tile.return\n"
      "  }\n"
      "  cuda_tile.entry @second() {\n"
      "    cuda_tile.return\n"
      "  }\n"
      "}\n";
  CtileContext ctx = ctileContextCreate();
  CtileModule m = ctileModuleParse(ctx, src, strlen(src), "entries.mlir");
  CHECK(!ctileModuleIsNull(m));
  CHECK_EQ_INT(ctileModuleGetNumEntries(m), 2);
  CtileOperation e0 = ctileModuleGetEntry(m, 0), e1 = ctileModuleGetEntry(m, 1);
  CHECK(ctileOperationIsNull(ctileModuleGetEntry(m, 2)));
  CHECK(ctileOperationIsNull(ctileModuleGetEntry(m, -1)));
  CtileStringRef n0 = ctileEntryGetName(e0), n1 = ctileEntryGetName(e1);
  CHECK(n0.length == 5 && !memcmp(n0.data, "first", 5));
  CHECK(n1.length == 6 && !memcmp(n1.data, "second", 6));
  CHECK(ctileModuleLookupEntry(m, ctileStringRefCreate("second", 6)).ptr == e1.ptr);
  CHECK(ctileOperationIsNull(ctileModuleLookupEntry(m, ctileStringRefCreate("sec", 3))));
  CHECK_EQ_INT(ctileEntryGetNumParams(e0), 4);
  CHECK_EQ_INT(ctileEntryGetNumParams(e1), 0);
  CtileEntryParam p;
  CHECK(ctileEntryGetParam(e0, 0, &p));
  CHECK_EQ_INT(p.kind, CTILE_RUN_ARG_BUFFER);
  CHECK(p.elementTypeName.length == 4 && !memcmp(p.elementTypeName.data, "bf16", 4));
  CHECK_EQ_INT(p.elementBytes, 2);
  CHECK(p.isFloat);
  CHECK(ctileEntryGetParam(e0, 1, &p));
  CHECK_EQ_INT(p.kind, CTILE_RUN_ARG_SCALAR);
  CHECK(p.elementTypeName.length == 3 && !memcmp(p.elementTypeName.data, "i32", 3));
  CHECK_EQ_INT(p.elementBytes, 4);
  CHECK(!p.isFloat);
  CHECK(ctileEntryGetParam(e0, 2, &p));
  CHECK(p.isFloat && p.kind == CTILE_RUN_ARG_SCALAR);
  CHECK(ctileEntryGetParam(e0, 3, &p));
  CHECK_EQ_INT(p.elementBytes, 1);
  CHECK(p.kind == CTILE_RUN_ARG_BUFFER && !p.isFloat);
  CHECK(ctileTypeEqual(p.elementType, ctileTypeParseGet(ctx, "i1")));
  CHECK(!ctileEntryGetParam(e0, 4, &p));
  CHECK(!ctileEntryGetParam(ctileModuleGetOperation(m), 0, &p));
  CHECK_EQ_INT(ctileEntryGetName(ctileModuleGetOperation(m)).length, 0);
  CHECK(ctileIsBytecode("\x7FTileIR\0\x0d", 9));
  CHECK(!ctileIsBytecode("\x7FTileIR", 7));
  CHECK(!ctileIsBytecode(src, strlen(src)));
  CtileModule none = {NULL};
  CHECK_EQ_INT(ctileModuleGetNumEntries(none), 0);
  ctileModuleDestroy(m);
  ctileContextDestroy(ctx);
}

UNIT_MAIN {
  test_version_and_nulls();
  test_parse_error();
  test_navigation();
  test_print();
  test_pipeline_and_options();
  test_streamed_print();
  test_print_op_on_diagnostic();
  test_entries();
}
