/* test_names_hooks.c — the printer's memo of suggested-name hooks
 * (lib/asm/printer.c: run_hook, run_block_hooks, the one-result fast path
 * of number_op): the op kinds it trusts exist and have the hooks it
 * memoizes, and cuda_tile modules where the same op shapes recur with other
 * operands, in other orders, nested, in sibling functions and more than 10k
 * times in one function print exactly the same names with the memo as
 * without it (asm_names_set_hook_memo).  One function's names are also
 * checked against the text the printer gave before the memo existed. */
#include "unit.h"

#include <stdlib.h>

#include "asm/asm.h"
#include "asm/printer_internal.h"
#include "unit_ctx.h"

/* The op rows marked names-pure have the hooks the memo replays, and the
 * kinds the memo was written for are marked (cuda_tile.assume, whose name
 * follows its operand's producer, is not). */
typedef struct {
  int names, blocks;
} Marked;

static void count_marked(const IrOpInfo *info, void *user) {
  Marked *m = user;
  if (info->traits & IR_TRAIT_NAMES_PURE) {
    m->names++;
    unit_check_(info->result_names != NULL, __FILE__, __LINE__, info->name);
  }
  if (info->traits & IR_TRAIT_BLOCK_NAMES_PURE) {
    m->blocks++;
    unit_check_(info->block_arg_names != NULL, __FILE__, __LINE__, info->name);
  }
}

static bool has_trait(IrContext *ctx, const char *name, uint32_t t) {
  const IrOpInfo *info = ir_op_info_find(ctx, name, strlen(name));
  return info && (info->traits & t);
}

static void test_marked_ops(void) {
  IrContext *ctx = new_ctx();
  Marked m = {0, 0};
  ir_ctx_for_each_op_info(ctx, count_marked, &m);
  CHECK(m.names == 18);
  CHECK(m.blocks == 2);
  CHECK(has_trait(ctx, "cuda_tile.constant", IR_TRAIT_NAMES_PURE));
  CHECK(has_trait(ctx, "cuda_tile.load_view_tko", IR_TRAIT_NAMES_PURE));
  CHECK(has_trait(ctx, "cuda_tile.for", IR_TRAIT_BLOCK_NAMES_PURE));
  CHECK(has_trait(ctx, "cuda_tile.reduce", IR_TRAIT_BLOCK_NAMES_PURE));
  CHECK(!has_trait(ctx, "cuda_tile.assume", IR_TRAIT_NAMES_PURE));
  ir_context_destroy(ctx);
}

/* Pieces of a function body that use only the prologue's values (%p, %n,
 * %ip, %x8, %a44 arguments; %c0, %c1, %f constants); `@` becomes a suffix
 * that keeps their value names apart when a piece repeats; `#` a digit
 * that varies the constants. */
static const char *const pieces[] = {
    "    %k@ = constant <i32: #> : tile<i32>\n"
    "    %kk@ = constant <i32: #> : tile<i32>\n",
    "    %bx@, %by@, %bz@ = get_tile_block_id : tile<i32>\n"
    "    %as@ = assume bounded<0, ?>, %bx@ : tile<i32>\n",
    "    %nx@, %ny@, %nz@ = get_num_tile_blocks : tile<i32>\n",
    "    %tv@ = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>\n"
    "    %pv@ = make_partition_view %tv@ : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>\n"
    "    %x@, %xt@ = load_view_tko weak %pv@[%c0, %c0] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token\n",
    "    %tw@ = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>\n",
    "    %v@, %tok@ = load_ptr_tko weak %ip : tile<ptr<i32>> -> tile<i32>, token\n"
    "    %pr@, %tc@ = atomic_cas_tko relaxed device %ip, %c0, %c1 token = %tok@ : tile<ptr<i32>>, tile<i32> -> tile<i32>, token\n",
    "    %b@ = broadcast %a44 : tile<4x4xf32> -> tile<4x4xf32>\n"
    "    %r@ = reshape %b@ : tile<4x4xf32> -> tile<16xf32>\n"
    "    %rr@ = reshape %a44 : tile<4x4xf32> -> tile<16xf32>\n",
    "    %s@ = scan %x8 dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>\n"
    "    (%sp@: tile<f32>, %sq@: tile<f32>) {\n"
    "      yield %sp@ : tile<f32>\n"
    "    }\n",
    "    %cond@ = constant <i1: false> : tile<i1>\n"
    "    %ifr@:2 = if %cond@ -> (tile<f32>, tile<f32>) {\n"
    "      %f2@ = constant <f32: #.5> : tile<f32>\n"
    "      yield %f2@, %f : tile<f32>, tile<f32>\n"
    "    } else {\n"
    "      yield %f, %f : tile<f32>, tile<f32>\n"
    "    }\n",
    "    %red@ = reduce %x8 dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>\n"
    "    (%lhs@: tile<f32>, %rhs@: tile<f32>) {\n"
    "      %sum@ = addf %lhs@, %rhs@ : tile<f32>\n"
    "      yield %sum@ : tile<f32>\n"
    "    }\n",
    "    %acc@ = for %i@ in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a@ = %c0) -> (tile<i32>) {\n"
    "      %kf@ = constant <i32: #> : tile<i32>\n"
    "      %w@ = for %j@ in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a2@ = %a@) -> (tile<i32>) {\n"
    "        %s2@ = addi %a2@, %kf@ : tile<i32>\n"
    "        continue %s2@ : tile<i32>\n"
    "      }\n"
    "      continue %w@ : tile<i32>\n"
    "    }\n",
};
enum { NPIECES = sizeof pieces / sizeof pieces[0] };

static void put_piece(StrBuf *b, int k, unsigned suffix, unsigned digit) {
  for (const char *s = pieces[k]; *s; s++) {
    if (*s == '@') sb_printf(b, "_%u", suffix);
    else if (*s == '#') sb_printf(b, "%u", digit);
    else sb_putc(b, *s);
  }
}

static void put_prologue(StrBuf *b, unsigned fn) {
  sb_printf(b,
            "  testing$func @f%u(%%p: tile<ptr<f32>>, %%n: tile<i64>, %%ip: tile<ptr<i32>>, "
            "%%x8: tile<8xf32>, %%a44: tile<4x4xf32>) {\n"
            "    %%c0 = constant <i32: 0> : tile<i32>\n"
            "    %%c1 = constant <i32: 1> : tile<i32>\n"
            "    %%f = constant <f32: 1.5> : tile<f32>\n",
            fn);
}

/* Prints text with and without the memo; they must agree.  Returns the
 * memoized print (caller frees). */
static char *print_both(const char *text, int line) {
  char *out[2] = {NULL, NULL};
  for (int memo = 0; memo < 2; memo++) {
    IrContext *ctx = new_ctx();
    IrOp *m = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &(AsmParseOptions){0});
    if (!unit_check_(m != NULL, __FILE__, line, "parse")) {
      printf("%s", sb_cstr(&diags));
      ir_context_destroy(ctx);
      free(out[0]);
      return NULL;
    }
    asm_names_set_hook_memo(memo == 1);
    StrBuf sb = {0};
    asm_print_op_to(&sb, m, NULL);
    asm_names_set_hook_memo(true);
    out[memo] = strdup(sb_cstr(&sb));
    sb_free(&sb);
    ir_op_erase(m);
    ir_context_destroy(ctx);
  }
  unit_check_(strcmp(out[0], out[1]) == 0, __FILE__, line, "same names with and without the memo");
  free(out[0]);
  return out[1];
}

/* Many sibling functions, each with the pieces in another order and with
 * other constants (so the conflict counter meets each name at other
 * values), some pieces twice. */
static void test_sibling_functions(void) {
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n");
  for (unsigned fn = 0; fn < 40; fn++) {
    put_prologue(&b, fn);
    for (unsigned j = 0; j < NPIECES + 3; j++) {
      int k = (int)((j * (fn % 5 + 1) + fn) % NPIECES);
      put_piece(&b, k, j, (fn + j) % 3);
    }
    sb_puts(&b, "    return\n  }\n");
  }
  sb_puts(&b, "}\n");
  char *out = print_both(sb_cstr(&b), __LINE__);
  if (out) {
    CHECK(strstr(out, "%tview_") != NULL);
    CHECK(strstr(out, "(%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>)") != NULL);
    CHECK(strstr(out, "%loopIdx_") != NULL);
  }
  free(out);
  sb_free(&b);
}

/* One function with every piece repeated (5000 pieces: more than 10k values), names
 * suffixed far past two digits. */
static void test_many_values(void) {
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n");
  put_prologue(&b, 0);
  for (unsigned j = 0; j < 5000; j++) put_piece(&b, (int)(j % NPIECES), j, j % 7);
  sb_puts(&b, "    return\n  }\n}\n");
  char *out = print_both(sb_cstr(&b), __LINE__);
  if (out) CHECK(strstr(out, "%cst_6_i32_") != NULL);
  free(out);
  sb_free(&b);
}

/* The exact names of one function (as printed before the memo existed),
 * its piece shapes seen twice so the second function replays them. */
static void test_exact_names(void) {
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n");
  for (unsigned fn = 0; fn < 2; fn++) {
    put_prologue(&b, fn);
    put_piece(&b, 0, 0, 0);
    put_piece(&b, 3, 1, 0);
    put_piece(&b, 3, 2, 0);
    put_piece(&b, 5, 3, 0);
    put_piece(&b, 1, 4, 0);
    sb_puts(&b, "    return\n  }\n");
  }
  sb_puts(&b, "}\n");
  char *out = print_both(sb_cstr(&b), __LINE__);
  const char *body =
      "      %cst_0_i32 = constant <i32: 0> : tile<i32>\n"
      "      %cst_1_i32 = constant <i32: 1> : tile<i32>\n"
      "      %cst_f32 = constant <f32: 1.500000e+00> : tile<f32>\n"
      "      %cst_0_i32_0 = constant <i32: 0> : tile<i32>\n"
      "      %cst_0_i32_1 = constant <i32: 0> : tile<i32>\n"
      "      %tview = make_tensor_view %arg0, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>\n"
      "      %pview = make_partition_view %tview : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>\n"
      "      %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_0_i32] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token\n"
      "      %tview_2 = make_tensor_view %arg0, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>\n"
      "      %pview_3 = make_partition_view %tview_2 : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>\n"
      "      %tile_4, %result_token_5 = load_view_tko weak %pview_3[%cst_0_i32, %cst_0_i32] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token\n"
      "      %result, %result_token_6 = load_ptr_tko weak %arg2 : tile<ptr<i32>> -> tile<i32>, token\n"
      "      %result_7, %result_token_8 = atomic_cas_tko relaxed device %arg2, %cst_0_i32, %cst_1_i32 token=%result_token_6 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token\n"
      "      %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>\n"
      "      %assume_blockId_x = assume bounded<0, ?>, %blockId_x : tile<i32>\n"
      "      return\n";
  if (out) {
    const char *first = strstr(out, "%cst_0_i32 = ");
    const char *second = first ? strstr(first + 1, "%cst_0_i32 = ") : NULL;
    CHECK(first && second);
    if (first && second) {
      size_t n = strlen(body) - strlen("      ");
      CHECK(strncmp(first, body + 6, n) == 0);
      CHECK(strncmp(second, body + 6, n) == 0);
      if (strncmp(second, body + 6, n)) printf("--- got:\n%s", out);
    }
  }
  free(out);
  sb_free(&b);
}

UNIT_MAIN {
  test_marked_ops();
  test_sibling_functions();
  test_many_values();
  test_exact_names();
}
