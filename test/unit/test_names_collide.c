/* test_names_collide.c — SSA value naming in the printer (lib/asm/printer.c:
 * number_op, unique_value_name, the name_K suffix map, result groups, block
 * argument names) with a test dialect whose hooks take their names from the
 * op's attributes, so any name can be suggested: names that end in `_N` and
 * meet the `name_N` made for a conflicting `name`, names that look like
 * numbers, names that need sanitizing, long names, the same names in nested
 * regions and in sibling isolated-from-above ops, result groups and block
 * arguments.  The expected texts follow MLIR's SSANameState (numbering order,
 * one conflict counter per scope chain, restarted per isolated op). */
#include "unit.h"

#include <stdlib.h>

#include "asm/asm.h"
#include "unit_ctx.h"

/* nt.v {n = "..."}: one result named n ("" = a number, no n = no name). */
static void v_names(IrOp *op, IrNameSetFn set, void *user) {
  const IrAttr *a = ir_op_attrz(op, "n");
  if (a && a->str) set(user, ir_op_result(op, 0), a->str->str);
}

/* nt.m {n0 = .., n1 = .., ...}: result i named n<i> when present. */
static void m_names(IrOp *op, IrNameSetFn set, void *user) {
  for (uint32_t i = 0; i < op->nresults; i++) {
    char key[16];
    snprintf(key, sizeof key, "n%u", i);
    const IrAttr *a = ir_op_attrz(op, key);
    if (a && a->str) set(user, ir_op_result(op, i), a->str->str);
  }
}

/* Block arguments of nt.scope / nt.func named by the op's `args` string
 * (every argument the same suggested name). */
static void arg_names(IrOp *op, IrBlock *b, IrNameSetFn set, void *user) {
  const IrAttr *a = ir_op_attrz(op, "args");
  if (!a || !a->str) return;
  for (uint32_t i = 0; i < b->nargs; i++) set(user, b->args[i], a->str->str);
}

static const IrOpInfo nt_ops[] = {
    {.name = "nt.v", .max_operands = -1, .max_results = 1, .result_names = v_names},
    {.name = "nt.m", .max_operands = -1, .max_results = -1, .result_names = m_names},
    {.name = "nt.scope", .max_operands = -1, .max_results = -1, .num_regions = 1,
     .block_arg_names = arg_names},
    {.name = "nt.func", .traits = IR_TRAIT_ISOLATED_FROM_ABOVE, .max_operands = -1,
     .max_results = -1, .num_regions = 1, .block_arg_names = arg_names},
};
static const IrDialect nt_dialect = {.name = "nt", .ops = nt_ops, .nops = 4};

/* Parses text (generic form), prints it (custom form unless generic) and
 * compares with want. */
static void check_names(const char *text, bool generic, const char *want, int line) {
  IrContext *ctx = new_ctx();
  ir_register_dialect(ctx, &nt_dialect);
  ir_ctx_allow_unregistered(ctx, true);
  IrOp *m = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &(AsmParseOptions){0});
  if (!unit_check_(m != NULL, __FILE__, line, "parse")) {
    printf("%s", sb_cstr(&diags));
    ir_context_destroy(ctx);
    return;
  }
  StrBuf out = {0};
  asm_print_op_to(&out, m, &(AsmPrintOptions){.generic = generic});
  if (!unit_check_(strcmp(sb_cstr(&out), want) == 0, __FILE__, line, "printed names"))
    printf("--- got:\n%s--- want:\n%s", sb_cstr(&out), want);
  sb_free(&out);
  ir_op_erase(m);
  ir_context_destroy(ctx);
}

/* A hook name `x_0` taken before `x` conflicts: the uniqued `x` skips
 * `x_0` and takes the next counter value; and the other way round, a hook
 * name `x_1` met after `x_1` was made for `x` gets `x_1_2`. */
static void test_suffix_collisions(void) {
  check_names("\"nt.func\"() ({\n"
              "  %a = \"nt.v\"() {n = \"x_0\"} : () -> i32\n"
              "  %b = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "  %c = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "  %d = \"nt.v\"() {n = \"x_1\"} : () -> i32\n"
              "  %e = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "  \"t.use\"(%a, %b, %c, %d, %e) : (i32, i32, i32, i32, i32) -> ()\n"
              "}) : () -> ()\n",
              false,
              "module {\n"
              "  \"nt.func\"() ({\n"
              "    %x_0 = \"nt.v\"() {n = \"x_0\"} : () -> i32\n"
              "    %x = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "    %x_1 = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "    %x_1_2 = \"nt.v\"() {n = \"x_1\"} : () -> i32\n"
              "    %x_3 = \"nt.v\"() {n = \"x\"} : () -> i32\n"
              "    \"t.use\"(%x_0, %x, %x_1, %x_1_2, %x_3) : (i32, i32, i32, i32, i32) -> ()\n"
              "  }) : () -> ()\n"
              "}\n",
              __LINE__);
}

/* Names that look like numbers are sanitized (`_0`), never meet `%0`;
 * names with invalid characters and long names; an empty name is a
 * number. */
static void test_number_like_and_sanitized(void) {
  check_names("\"nt.func\"() ({\n"
              "  %a = \"nt.v\"() {n = \"0\"} : () -> i32\n"
              "  %b = \"nt.v\"() : () -> i32\n"
              "  %c = \"nt.v\"() {n = \"_0\"} : () -> i32\n"
              "  %d = \"nt.v\"() {n = \"\"} : () -> i32\n"
              "  %e = \"nt.v\"() {n = \"a b\"} : () -> i32\n"
              "  %f = \"nt.v\"() {n = \"a_b\"} : () -> i32\n"
              "  %g = \"nt.v\"() {n = \"a%b\"} : () -> i32\n"
              "  %h = \"nt.v\"() {n = \"a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok\"} : () -> i32\n"
              "  %i = \"nt.v\"() {n = \"a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok\"} : () -> i32\n"
              "  \"t.use\"(%a, %b, %c, %d, %e, %f, %g, %h, %i) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
              "}) : () -> ()\n",
              false,
              "module {\n"
              "  \"nt.func\"() ({\n"
              "    %_0 = \"nt.v\"() {n = \"0\"} : () -> i32\n"
              "    %0 = \"nt.v\"() : () -> i32\n"
              "    %_0_0 = \"nt.v\"() {n = \"_0\"} : () -> i32\n"
              "    %1 = \"nt.v\"() {n = \"\"} : () -> i32\n"
              "    %a_b = \"nt.v\"() {n = \"a b\"} : () -> i32\n"
              "    %a_b_1 = \"nt.v\"() {n = \"a_b\"} : () -> i32\n"
              "    %a25b = \"nt.v\"() {n = \"a%b\"} : () -> i32\n"
              "    %a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok = \"nt.v\"() {n = \"a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok\"} : () -> i32\n"
              "    %a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok_2 = \"nt.v\"() {n = \"a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok\"} : () -> i32\n"
              "    \"t.use\"(%_0, %0, %_0_0, %1, %a_b, %a_b_1, %a25b, %a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok, %a_very_long_suggested_name_that_needs_more_than_eighty_bytes_to_be_suffixed_ok_2) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
              "  }) : () -> ()\n"
              "}\n",
              __LINE__);
}

/* A block's ops are all named before its nested regions (so `%u` after
 * nt.scope takes `u` first); nested regions see the names of their
 * enclosing scope and free their own when left; sibling isolated ops each
 * restart from the names and counters of their parent scope; block
 * arguments take hook names too (entry blocks of the custom form get
 * `argN` without one).  Generic form: one numbering across every region,
 * the second isolated op's values numbered before the first's. */
static void test_scopes_and_block_args(void) {
  const char *text =
      "%t = \"nt.v\"() {n = \"t\"} : () -> i32\n"
      "\"nt.func\"() ({\n"
      "^bb0(%p: i32, %q: i32):\n"
      "  %a = \"nt.v\"() {n = \"t\"} : () -> i32\n"
      "  \"nt.scope\"() ({\n"
      "  ^bb0(%r: i32):\n"
      "    %b = \"nt.v\"() {n = \"t\"} : () -> i32\n"
      "    %c = \"nt.v\"() {n = \"u\"} : () -> i32\n"
      "    \"t.use\"(%r, %b, %c) : (i32, i32, i32) -> ()\n"
      "  }) {args = \"u\"} : () -> ()\n"
      "  %d = \"nt.v\"() {n = \"u\"} : () -> i32\n"
      "  \"t.use\"(%p, %q, %a, %d) : (i32, i32, i32, i32) -> ()\n"
      "}) : () -> ()\n"
      "\"nt.func\"() ({\n"
      "^bb0(%p: i32):\n"
      "  %a = \"nt.v\"() {n = \"t\"} : () -> i32\n"
      "  %b = \"nt.v\"() {n = \"u\"} : () -> i32\n"
      "  \"t.use\"(%p, %a, %b) : (i32, i32, i32) -> ()\n"
      "}) {args = \"in\"} : () -> ()\n";
  check_names(text, false,
              "module {\n"
              "  %t = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "  \"nt.func\"() ({\n"
              "  ^bb0(%arg0: i32, %arg1: i32):\n"
              "    %t_0 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "    \"nt.scope\"() ({\n"
              "    ^bb0(%u_1: i32):\n"
              "      %t_2 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "      %u_3 = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "      \"t.use\"(%u_1, %t_2, %u_3) : (i32, i32, i32) -> ()\n"
              "    }) {args = \"u\"} : () -> ()\n"
              "    %u = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "    \"t.use\"(%arg0, %arg1, %t_0, %u) : (i32, i32, i32, i32) -> ()\n"
              "  }) : () -> ()\n"
              "  \"nt.func\"() ({\n"
              "  ^bb0(%in: i32):\n"
              "    %t_0 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "    %u = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "    \"t.use\"(%in, %t_0, %u) : (i32, i32, i32) -> ()\n"
              "  }) {args = \"in\"} : () -> ()\n"
              "}\n",
              __LINE__);
  check_names(text, true,
              "\"builtin.module\"() ({\n"
              "  %0 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "  \"nt.func\"() ({\n"
              "  ^bb0(%arg1: i32, %arg2: i32):\n"
              "    %3 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "    \"nt.scope\"() ({\n"
              "    ^bb0(%arg3: i32):\n"
              "      %5 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "      %6 = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "      \"t.use\"(%arg3, %5, %6) : (i32, i32, i32) -> ()\n"
              "    }) {args = \"u\"} : () -> ()\n"
              "    %4 = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "    \"t.use\"(%arg1, %arg2, %3, %4) : (i32, i32, i32, i32) -> ()\n"
              "  }) : () -> ()\n"
              "  \"nt.func\"() ({\n"
              "  ^bb0(%arg0: i32):\n"
              "    %1 = \"nt.v\"() {n = \"t\"} : () -> i32\n"
              "    %2 = \"nt.v\"() {n = \"u\"} : () -> i32\n"
              "    \"t.use\"(%arg0, %1, %2) : (i32, i32, i32) -> ()\n"
              "  }) {args = \"in\"} : () -> ()\n"
              "}) : () -> ()\n",
              __LINE__);
}

/* Result groups: a hook naming some results of a several-results op splits
 * them into groups (`%a, %b:2`), printed uses are `%b#1`; unnamed first
 * results take a number; a group of one prints without `#`. */
static void test_result_groups(void) {
  check_names("\"nt.func\"() ({\n"
              "  %a:4 = \"nt.m\"() {n0 = \"a\", n2 = \"b\"} : () -> (i32, i32, i32, i32)\n"
              "  %c:3 = \"nt.m\"() {n1 = \"c\"} : () -> (i32, i32, i32)\n"
              "  %d:2 = \"nt.m\"() : () -> (i32, i32)\n"
              "  %e:2 = \"nt.m\"() {n0 = \"a\", n1 = \"a\"} : () -> (i32, i32)\n"
              "  \"t.use\"(%a#0, %a#1, %a#2, %a#3, %c#0, %c#1, %c#2, %d#1, %e#0, %e#1) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
              "}) : () -> ()\n",
              false,
              "module {\n"
              "  \"nt.func\"() ({\n"
              "    %a:2, %b:2 = \"nt.m\"() {n0 = \"a\", n2 = \"b\"} : () -> (i32, i32, i32, i32)\n"
              "    %0, %c:2 = \"nt.m\"() {n1 = \"c\"} : () -> (i32, i32, i32)\n"
              "    %1:2 = \"nt.m\"() : () -> (i32, i32)\n"
              "    %a_0, %a_1 = \"nt.m\"() {n0 = \"a\", n1 = \"a\"} : () -> (i32, i32)\n"
              "    \"t.use\"(%a#0, %a#1, %b#0, %b#1, %0, %c#0, %c#1, %1#1, %a_0, %a_1) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
              "  }) : () -> ()\n"
              "}\n",
              __LINE__);
}

/* More than 10k values in one function, every name suggested twice:
 * `v`, `v_0`, ... `v_N` in order, the counter running through them all. */
static void test_many_values(void) {
  enum { N = 12000 };
  StrBuf in = {0}, want = {0};
  sb_puts(&in, "\"nt.func\"() ({\n");
  sb_puts(&want, "module {\n  \"nt.func\"() ({\n");
  for (int i = 0; i < N; i++) {
    sb_printf(&in, "  %%a%d = \"nt.v\"() {n = \"v\"} : () -> i32\n", i);
    if (i == 0) sb_puts(&want, "    %v = \"nt.v\"() {n = \"v\"} : () -> i32\n");
    else sb_printf(&want, "    %%v_%d = \"nt.v\"() {n = \"v\"} : () -> i32\n", i - 1);
    sb_printf(&in, "  %%b%d = \"nt.v\"() : () -> i32\n", i);
    sb_printf(&want, "    %%%d = \"nt.v\"() : () -> i32\n", i);
  }
  sb_puts(&in, "}) : () -> ()\n");
  sb_puts(&want, "  }) : () -> ()\n}\n");
  check_names(sb_cstr(&in), false, sb_cstr(&want), __LINE__);
  sb_free(&in);
  sb_free(&want);
}

UNIT_MAIN {
  test_suffix_collisions();
  test_number_like_and_sanitized();
  test_scopes_and_block_args();
  test_result_groups();
  test_many_values();
}
