/* test_omemo_print.c — the printer's op memo (lib/asm/print_opmemo.c): a
 * tiny dialect "om" whose print hooks count their calls.  Checked: ops of
 * one shape print through the hook once and later ones get their own
 * operand names (results of multi-result ops with `#N`, duplicate operand
 * values); ops that differ only in a discardable attribute, a property or
 * an operand type get their own text (each would print the first op's text
 * if the key ignored it); an op whose first print had one value twice is
 * not recorded; hooks that print a non-operand value id (their result), a
 * location or a newline are never replayed; the generic form is memoized
 * the same way; a nested op printed by a hook is never replayed. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <stdlib.h>

static IrContext *ctx;
static int k_calls, r_calls, l_calls, n_calls, w_calls;

/* om.k: ` a, b {attrs} : A, B -> R` (props merged into the dictionary). */
static void om_k_print(AsmPrinter *p, IrOp *op) {
  k_calls++;
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  asm_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  for (uint32_t i = 0; i < op->noperands; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, ir_op_operand(op, i)->type);
  }
  asm_puts(p, " -> ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}

/* om.r: ` a -> <its own result>` (a value that is no operand). */
static void om_r_print(AsmPrinter *p, IrOp *op) {
  r_calls++;
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, " -> ");
  asm_print_operand(p, ir_op_result(op, 0));
  asm_puts(p, " : ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}

/* om.l: ` a loc(...)` with debug info (the op's location). */
static void om_l_print(AsmPrinter *p, IrOp *op) {
  l_calls++;
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_print_optional_loc(p, ir_op_loc(op));
  asm_puts(p, " : ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}

/* om.n: ` a` newline ` : T` (the newline is indented as the op is). */
static void om_n_print(AsmPrinter *p, IrOp *op) {
  n_calls++;
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_print_newline(p);
  asm_puts(p, ": ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}

/* om.w: ` a [<the next op, printed whole>]` (a nested op print). */
static void om_w_print(AsmPrinter *p, IrOp *op) {
  w_calls++;
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, " [");
  if (op->next) asm_print_op(p, op->next);
  asm_puts(p, "]");
}

static const char *const om_k_inherent[] = {"p", NULL};

static const IrOpInfo om_ops[] = {
    {.name = "om.def", .max_operands = 0, .max_results = -1},
    {.name = "om.k", .max_operands = -1, .min_results = 1, .max_results = 1,
     .inherent = om_k_inherent, .print = om_k_print},
    {.name = "om.r", .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1,
     .print = om_r_print},
    {.name = "om.l", .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1,
     .print = om_l_print},
    {.name = "om.n", .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1,
     .print = om_n_print},
    {.name = "om.w", .min_operands = 1, .max_operands = 1, .print = om_w_print},
};
static const IrDialect om_dialect = {.name = "om", .ops = om_ops, .nops = 6};

static void reset(void) {
  if (ctx) ir_context_destroy(ctx);
  ctx = ir_context_create();
  asm_install_printers(ctx);
  ir_register_dialect(ctx, &om_dialect);
}

/* `src` parsed and printed with opts; "ERR" when it does not parse. */
static const char *print_src(const char *src, const AsmPrintOptions *opts) {
  static StrBuf out;
  sb_clear(&out);
  IrOp *m = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  if (!m) return "ERR";
  asm_print_op_to(&out, m, opts);
  ir_op_destroy(m);
  return sb_cstr(&out);
}

static void zero_calls(void) { k_calls = r_calls = l_calls = n_calls = w_calls = 0; }

static const char *shapes_src =
    "%a:2 = \"om.def\"() : () -> (i32, i32)\n"
    "%b = \"om.def\"() : () -> i32\n"
    "%c = \"om.def\"() : () -> i64\n"
    "%1 = \"om.k\"(%a#0, %a#1) {v = 1 : i32} : (i32, i32) -> i32\n"
    "%2 = \"om.k\"(%b, %1) {v = 1 : i32} : (i32, i32) -> i32\n"
    "%3 = \"om.k\"(%2, %2) {v = 1 : i32} : (i32, i32) -> i32\n"
    "%4 = \"om.k\"(%a#1, %b) {v = 2 : i32} : (i32, i32) -> i32\n"
    "%5 = \"om.k\"(%c, %b) {v = 1 : i32} : (i64, i32) -> i32\n"
    "%6 = \"om.k\"(%b, %4) <{p = 1 : i32}> {v = 1 : i32} : (i32, i32) -> i32\n"
    "%7 = \"om.k\"(%5, %6) <{p = 2 : i32}> {v = 1 : i32} : (i32, i32) -> i32\n"
    "%8 = \"om.k\"(%7, %3) <{p = 1 : i32}> {v = 1 : i32} : (i32, i32) -> i32\n";

static void test_shapes(void) {
  reset();
  zero_calls();
  const char *want =
      "module {\n"
      "  %0:2 = \"om.def\"() : () -> (i32, i32)\n"
      "  %1 = \"om.def\"() : () -> i32\n"
      "  %2 = \"om.def\"() : () -> i64\n"
      "  %3 = om.k %0#0, %0#1 {v = 1 : i32} : i32, i32 -> i32\n"
      "  %4 = om.k %1, %3 {v = 1 : i32} : i32, i32 -> i32\n"
      "  %5 = om.k %4, %4 {v = 1 : i32} : i32, i32 -> i32\n"
      "  %6 = om.k %0#1, %1 {v = 2 : i32} : i32, i32 -> i32\n"
      "  %7 = om.k %2, %1 {v = 1 : i32} : i64, i32 -> i32\n"
      "  %8 = om.k %1, %6 {p = 1 : i32, v = 1 : i32} : i32, i32 -> i32\n"
      "  %9 = om.k %7, %8 {p = 2 : i32, v = 1 : i32} : i32, i32 -> i32\n"
      "  %10 = om.k %9, %5 {p = 1 : i32, v = 1 : i32} : i32, i32 -> i32\n"
      "}\n";
  CHECK_STREQ(print_src(shapes_src, NULL), want);
  /* recorded: %3 (replayed for %4, %5), %6, %7, %8 (replayed for %10), %9 */
  CHECK_EQ_INT(k_calls, 5);
  /* the generic form prints the same names */
  const AsmPrintOptions g = {.generic = true};
  const char *gen = print_src(shapes_src, &g);
  CHECK(strstr(gen, "%5 = \"om.k\"(%4, %4) {v = 1 : i32} : (i32, i32) -> i32\n") != NULL);
  CHECK(strstr(gen, "%4 = \"om.k\"(%1, %3) {v = 1 : i32} : (i32, i32) -> i32\n") != NULL);
  CHECK(strstr(gen, "%10 = \"om.k\"(%9, %5) <{p = 1 : i32}> {v = 1 : i32} : (i32, i32) -> i32\n") !=
        NULL);
  CHECK(strstr(gen, "%9 = \"om.k\"(%7, %8) <{p = 2 : i32}> {v = 1 : i32} : (i32, i32) -> i32\n") !=
        NULL);
  CHECK(strstr(gen, "%7 = \"om.k\"(%2, %1) {v = 1 : i32} : (i64, i32) -> i32\n") != NULL);
  CHECK_EQ_INT(k_calls, 5);
}

/* A first print with one value twice is not recorded (which operand the
 * hook printed is unknown): the next op of that shape runs the hook. */
static void test_duplicates_first(void) {
  reset();
  zero_calls();
  const char *src =
      "%a:2 = \"om.def\"() : () -> (i32, i32)\n"
      "%1 = \"om.k\"(%a#0, %a#0) : (i32, i32) -> i32\n"
      "%2 = \"om.k\"(%a#0, %a#1) : (i32, i32) -> i32\n"
      "%3 = \"om.k\"(%a#1, %a#0) : (i32, i32) -> i32\n"
      "%4 = \"om.k\"(%3, %3) : (i32, i32) -> i32\n";
  CHECK_STREQ(print_src(src, NULL),
              "module {\n"
              "  %0:2 = \"om.def\"() : () -> (i32, i32)\n"
              "  %1 = om.k %0#0, %0#0 : i32, i32 -> i32\n"
              "  %2 = om.k %0#0, %0#1 : i32, i32 -> i32\n"
              "  %3 = om.k %0#1, %0#0 : i32, i32 -> i32\n"
              "  %4 = om.k %3, %3 : i32, i32 -> i32\n"
              "}\n");
  CHECK_EQ_INT(k_calls, 2);
}

/* Hooks whose text holds more than the key covers run every time. */
static void test_never_recorded(void) {
  reset();
  zero_calls();
  const char *src =
      "%b = \"om.def\"() : () -> i32\n"
      "%1 = \"om.r\"(%b) : (i32) -> i32\n"
      "%2 = \"om.r\"(%1) : (i32) -> i32\n"
      "%3 = \"om.l\"(%b) : (i32) -> i32 loc(\"a.mlir\":1:2)\n"
      "%4 = \"om.l\"(%3) : (i32) -> i32 loc(\"b.mlir\":3:4)\n"
      "%5 = \"om.n\"(%b) : (i32) -> i32\n"
      "%6 = \"om.n\"(%5) : (i32) -> i32\n"
      "\"om.w\"(%b) : (i32) -> ()\n"
      "%7 = \"om.k\"(%b, %b) : (i32, i32) -> i32\n"
      "\"om.w\"(%b) : (i32) -> ()\n"
      "%8 = \"om.k\"(%7, %7) : (i32, i32) -> i32\n";
  const AsmPrintOptions dbg = {.debuginfo = true};
  const char *out = print_src(src, &dbg);
  CHECK(strstr(out, "%1 = om.r %0 -> %1 : i32 loc(") != NULL);
  CHECK(strstr(out, "%2 = om.r %1 -> %2 : i32 loc(") != NULL);
  CHECK(strstr(out, "%3 = om.l %0 loc(#loc4) : i32 loc(#loc4)\n") != NULL);
  CHECK(strstr(out, "%4 = om.l %3 loc(#loc5) : i32 loc(#loc5)\n") != NULL);
  /* twice each: the alias collection pass (debug info) runs hooks too */
  CHECK_EQ_INT(r_calls, 4);
  CHECK_EQ_INT(l_calls, 4);
  zero_calls();
  out = print_src(src, NULL);
  CHECK(strstr(out, "  %5 = om.n %0\n  : i32\n  %6 = om.n %5\n  : i32\n") != NULL);
  /* the nested op's text is not part of om.w's: %7 then %8 inside */
  CHECK(strstr(out, "  om.w %0 [%7 = om.k %0, %0 : i32, i32 -> i32]\n") != NULL);
  CHECK(strstr(out, "  om.w %0 [%8 = om.k %7, %7 : i32, i32 -> i32]\n") != NULL);
  CHECK_EQ_INT(n_calls, 2);
  CHECK_EQ_INT(w_calls, 2);
}

UNIT_MAIN {
  test_shapes();
  test_duplicates_first();
  test_never_recorded();
  if (ctx) ir_context_destroy(ctx);
}
