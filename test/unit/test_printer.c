/* test_printer.c — the MLIR text printer (lib/asm/printer.c, print_types.c,
 * print_attrs.c) on hand-built IR.  Every expected string is what mlir-opt
 * (LLVM 22) prints for the equivalent input: generic and custom module form,
 * SSA numbering across nested regions, result groups, block labels with
 * predecessor comments, types, attributes, locations and their aliases, and
 * custom-syntax hooks (name suggestions, default-dialect elision). */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <math.h>
#include <stdlib.h>

static IrContext *ctx;

static const IrType *i32(void) { return ir_integer_type(ctx, 32, IR_SIGNLESS); }
static const IrType *i64(void) { return ir_integer_type(ctx, 64, IR_SIGNLESS); }
static const IrType *f32(void) { return ir_float_type(ctx, IR_F32); }

/* Creates an op `name` with the given operands/result types/regions and
 * appends it to b (when b is non-NULL). */
static IrOp *mk(IrBlock *b, const char *name, IrValue *const *ops, size_t nops,
                const IrType *const *res, size_t nres, int nregions) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, name, strlen(name)), NULL);
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, ops[i]);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, res[i]);
  for (int i = 0; i < nregions; i++) ir_op_state_add_region(&st);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  if (b) ir_block_append(b, op);
  return op;
}

static IrBlock *add_block(IrRegion *r) {
  IrBlock *b = ir_block_new();
  ir_region_append(r, b);
  return b;
}

static char *print_op(IrOp *op, bool generic, bool debuginfo) {
  StrBuf b = {0};
  AsmPrintOptions o = {.generic = generic, .debuginfo = debuginfo};
  asm_print_op_to(&b, op, &o);
  return sb_take(&b);
}

#define CHECK_PRINT(op, generic, debug, expect)        \
  do {                                                 \
    char *got_ = print_op((op), (generic), (debug));   \
    if (!CHECK_STREQ(got_, (expect)))                  \
      printf("---- got:\n%s---- expected:\n%s", got_, (expect)); \
    free(got_);                                        \
  } while (0)

static void test_empty_module(void) {
  IrOp *m = ir_module_create(ctx, NULL);
  CHECK_PRINT(m, false, false, "module {\n}\n");
  CHECK_PRINT(m, true, false, "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n");
  CHECK_PRINT(m, false, true, "module {\n} loc(#loc)\n#loc = loc(unknown)\n");
  ir_op_set_prop(m, "sym_name", ir_string_attr(ctx, "m", 1));
  CHECK_PRINT(m, false, false, "module @m {\n}\n");
  ir_op_set_attr(m, "t.x", ir_integer_attr(ctx, i32(), 3));
  CHECK_PRINT(m, false, false, "module @m attributes {t.x = 3 : i32} {\n}\n");
  ir_op_erase(m);
}

/* The structure of g1.mlir (see the expected strings). */
static void test_regions_and_numbering(void) {
  IrOp *m = ir_module_create(ctx, NULL);
  IrBlock *mb = ir_module_body(m);
  mk(mb, "t.a", NULL, 0, NULL, 0, 0);
  const IrType *bres[2] = {i32(), f32()};
  IrOp *b = mk(mb, "t.b", NULL, 0, bres, 2, 0);
  ir_op_set_attr(b, "x", ir_integer_attr(ctx, i32(), 1));
  IrValue *cops[2] = {ir_op_result(b, 1), ir_op_result(b, 0)};
  IrOp *c = mk(mb, "t.c", cops, 2, NULL, 0, 2);
  /* region 0: three blocks */
  IrBlock *e0 = add_block(&ir_op_regions(c)[0]);
  IrValue *a = ir_block_add_arg(e0, i32(), NULL);
  ir_block_add_arg(e0, f32(), NULL);
  IrBlock *bb1 = add_block(&ir_op_regions(c)[0]);
  ir_block_add_arg(bb1, i64(), NULL);
  IrBlock *bb2 = add_block(&ir_op_regions(c)[0]);
  const IrType *t64 = i64();
  IrOp *d = mk(e0, "t.d", &a, 1, &t64, 1, 0);
  ir_op_set_prop(d, "p", ir_integer_attr(ctx, i64(), 2));
  ir_op_set_prop(d, "q", ir_unit_attr(ctx));
  IrValue *dv = ir_op_result(d, 0);
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "t.br", 4), NULL);
  vec_push(&st.operands, dv);
  vec_push(&st.successors, bb1);
  vec_push(&st.successors, bb2);
  IrOp *br = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(e0, br);
  IrOp *eop = mk(bb1, "t.e", NULL, 0, NULL, 0, 1);
  (void)eop;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "t.br2", 5), NULL);
  vec_push(&st.successors, bb2);
  ir_block_append(bb1, ir_op_create(&st));
  ir_op_state_free(&st);
  mk(bb2, "t.ret", NULL, 0, NULL, 0, 0);
  /* region 1 */
  IrBlock *r1 = add_block(&ir_op_regions(c)[1]);
  const IrType *ti32 = i32();
  mk(r1, "t.f", NULL, 0, &ti32, 1, 0);
  IrOp *h = mk(r1, "t.h", NULL, 0, NULL, 0, 1);
  IrBlock *hb = add_block(&ir_op_regions(h)[0]);
  ir_block_add_arg(hb, i32(), NULL);
  mk(hb, "t.f", NULL, 0, &ti32, 1, 0);
  mk(mb, "t.g", NULL, 0, &ti32, 1, 0);
  IrOp *fn = mk(mb, "t.fn", NULL, 0, NULL, 0, 1);
  IrBlock *fb = add_block(&ir_op_regions(fn)[0]);
  ir_block_add_arg(fb, i32(), NULL);
  mk(fb, "t.g", NULL, 0, &ti32, 1, 0);

  CHECK_PRINT(m, false, false,
              "module {\n"
              "  \"t.a\"() : () -> ()\n"
              "  %0:2 = \"t.b\"() {x = 1 : i32} : () -> (i32, f32)\n"
              "  \"t.c\"(%0#1, %0#0) ({\n"
              "  ^bb0(%arg0: i32, %arg1: f32):\n"
              "    %2 = \"t.d\"(%arg0) <{p = 2 : i64, q}> : (i32) -> i64\n"
              "    \"t.br\"(%2)[^bb1, ^bb2] : (i64) -> ()\n"
              "  ^bb1(%3: i64):  // pred: ^bb0\n"
              "    \"t.e\"() ({\n"
              "    }) : () -> ()\n"
              "    \"t.br2\"()[^bb2] : () -> ()\n"
              "  ^bb2:  // 2 preds: ^bb0, ^bb1\n"
              "    \"t.ret\"() : () -> ()\n"
              "  }, {\n"
              "    %2 = \"t.f\"() : () -> i32\n"
              "    \"t.h\"() ({\n"
              "    ^bb0(%arg0: i32):\n"
              "      %3 = \"t.f\"() : () -> i32\n"
              "    }) : () -> ()\n"
              "  }) : (f32, i32) -> ()\n"
              "  %1 = \"t.g\"() : () -> i32\n"
              "  \"t.fn\"() ({\n"
              "  ^bb0(%arg0: i32):\n"
              "    %2 = \"t.g\"() : () -> i32\n"
              "  }) : () -> ()\n"
              "}\n");
  CHECK_PRINT(m, true, false,
              "\"builtin.module\"() ({\n"
              "  \"t.a\"() : () -> ()\n"
              "  %0:2 = \"t.b\"() {x = 1 : i32} : () -> (i32, f32)\n"
              "  \"t.c\"(%0#1, %0#0) ({\n"
              "  ^bb0(%arg2: i32, %arg3: f32):\n"
              "    %5 = \"t.d\"(%arg2) <{p = 2 : i64, q}> : (i32) -> i64\n"
              "    \"t.br\"(%5)[^bb1, ^bb2] : (i64) -> ()\n"
              "  ^bb1(%6: i64):  // pred: ^bb0\n"
              "    \"t.e\"() ({\n"
              "    }) : () -> ()\n"
              "    \"t.br2\"()[^bb2] : () -> ()\n"
              "  ^bb2:  // 2 preds: ^bb0, ^bb1\n"
              "    \"t.ret\"() : () -> ()\n"
              "  }, {\n"
              "    %3 = \"t.f\"() : () -> i32\n"
              "    \"t.h\"() ({\n"
              "    ^bb0(%arg1: i32):\n"
              "      %4 = \"t.f\"() : () -> i32\n"
              "    }) : () -> ()\n"
              "  }) : (f32, i32) -> ()\n"
              "  %1 = \"t.g\"() : () -> i32\n"
              "  \"t.fn\"() ({\n"
              "  ^bb0(%arg0: i32):\n"
              "    %2 = \"t.g\"() : () -> i32\n"
              "  }) : () -> ()\n"
              "}) : () -> ()\n");
  /* Printing a nested op numbers from the root but prints only the op
   * (no trailing newline: printFullOpWithIndentAndLoc). */
  CHECK_PRINT(h, false, false,
              "\"t.h\"() ({\n^bb0(%arg0: i32):\n  %3 = \"t.f\"() : () -> i32\n}) : () -> ()");
  ir_op_erase(m);
}


static const IrAttr *iattr(const IrType *t, int64_t v) { return ir_integer_attr(ctx, t, v); }
static const IrAttr *sattr(const char *s) { return ir_string_attr(ctx, s, strlen(s)); }
static const IrAttr *tattr(const IrType *t) { return ir_type_attr(ctx, t); }
static const IrType *tensor(const int64_t *shape, size_t rank, const IrType *e) {
  return ir_tensor_type(ctx, shape, rank, e, NULL);
}
static const IrAttr *dense(const IrType *t, const void *data, size_t n, bool splat) {
  return ir_dense_elements(ctx, t, data, n, splat);
}

/* Every builtin attribute and type, checked inside a generic op's
 * attribute dictionary (mlir-opt sorts the keys). */
static void test_attributes(void) {
  const IrType *ti1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  const IrType *ti8 = ir_integer_type(ctx, 8, IR_SIGNLESS);
  const IrType *tui8 = ir_integer_type(ctx, 8, IR_UNSIGNED);
  const IrType *tsi16 = ir_integer_type(ctx, 16, IR_SIGNED);
  const IrType *tf64 = ir_float_type(ctx, IR_F64);
  const IrType *ti64 = i64();
  const IrType *topq = ir_opaque_type(ctx, "t.s", 3);
  int64_t s2[] = {2}, s4[] = {4}, s22[] = {2, 2}, s0[] = {0}, s2d[] = {2, IR_DYNAMIC}, s3[] = {3};
  const IrType *ts2 = tensor(s2, 1, topq);
  int32_t v12[] = {1, 2};
  float f1 = 1.0f;
  uint8_t b11[] = {1, 1};
  int64_t m1234[] = {1, 2, 3, 4};
  int32_t same[] = {1, 1};
  uint8_t u123[] = {1, 2, 3};
  uint8_t u255[] = {255};
  const IrAttr *p_elems[] = {iattr(i64(), 1), ir_float_attr(ctx, tf64, 2.0), sattr("x"),
                             iattr(i32(), 3), ir_float_attr(ctx, f32(), 1.0), ir_bool_attr(ctx, true),
                             ir_float_attr(ctx, tf64, INFINITY)};
  IrNamedAttr q_ent[] = {{ir_identz(ctx, "y"), ir_unit_attr(ctx)},
                         {ir_identz(ctx, "x"), iattr(i32(), 1)}};
  int64_t r_v[] = {1, 2}, u_v[] = {1, 0}, aw_v[] = {-1, 127};
  double t_v[] = {1.0, 2.5}, ax_v[] = {INFINITY};
  const IrAttr *nested[] = {ir_symref_attr(ctx, ir_identz(ctx, "b"), NULL, 0),
                            ir_symref_attr(ctx, ir_identz(ctx, "c"), NULL, 0)};
  const IrType *ag_t[] = {i32(), f32()}, *ah_in[] = {i32(), f32()}, *aj_r[] = {i32(), i32()};
  const IrType *inner_fn = ir_function_type(ctx, ag_t, 1, ag_t, 1);
  const IrAttr *ay_e[] = {sattr("a"), sattr("b")};
  const IrAttr *ba_e[] = {ir_float_attr(ctx, tf64, INFINITY), ir_float_attr(ctx, tf64, 1.0)};
  const IrAttr *ab_e[] = {sattr("abc")};
  int64_t s48[] = {4, 8};
  IrNamedAttr e[] = {
      {ir_identz(ctx, "a"), ir_unit_attr(ctx)},
      {ir_identz(ctx, "b"), ir_bool_attr(ctx, true)},
      {ir_identz(ctx, "c"), ir_bool_attr(ctx, false)},
      {ir_identz(ctx, "d"), iattr(i64(), 42)},
      {ir_identz(ctx, "e"), iattr(i32(), 42)},
      {ir_identz(ctx, "f"), iattr(ti8, -1)},
      {ir_identz(ctx, "g"), iattr(tui8, 255)},
      {ir_identz(ctx, "h"), iattr(tsi16, -7)},
      {ir_identz(ctx, "i"), iattr(ir_index_type(ctx), 5)},
      {ir_identz(ctx, "j"), ir_float_attr(ctx, tf64, 1.0)},
      {ir_identz(ctx, "k"), ir_float_attr(ctx, f32(), 2.5)},
      {ir_identz(ctx, "l"), sattr("str\n\"q\\")},
      {ir_identz(ctx, "m"), tattr(i32())},
      {ir_identz(ctx, "n"), ir_symref_attr(ctx, ir_identz(ctx, "sym"), NULL, 0)},
      {ir_identz(ctx, "o"), ir_symref_attr(ctx, ir_identz(ctx, "a"), nested, 2)},
      {ir_identz(ctx, "p"), ir_array_attr(ctx, p_elems, 7)},
      {ir_identz(ctx, "q"), ir_dict_attr(ctx, q_ent, 2, NULL)},
      {ir_identz(ctx, "r"), ir_dense_i64_array(ctx, i32(), r_v, 2)},
      {ir_identz(ctx, "s"), ir_dense_i64_array(ctx, i32(), NULL, 0)},
      {ir_identz(ctx, "t"), ir_dense_f64_array(ctx, f32(), t_v, 2)},
      {ir_identz(ctx, "u"), ir_dense_i64_array(ctx, ti1, u_v, 2)},
      {ir_identz(ctx, "v"), dense(tensor(s2, 1, i32()), v12, 8, false)},
      {ir_identz(ctx, "w"), dense(tensor(s4, 1, f32()), &f1, 4, true)},
      {ir_identz(ctx, "x"), dense(tensor(s2, 1, ti1), b11, 2, false)},
      {ir_identz(ctx, "y"), dense(tensor(s22, 2, i64()), m1234, 32, false)},
      {ir_identz(ctx, "z"), dense(tensor(s2, 1, i32()), same, 8, false)},
      {ir_identz(ctx, "aa"), dense(tensor(s0, 1, i32()), NULL, 0, false)},
      {ir_identz(ctx, "ab"), ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_string_attr_def,
                                                           .type = ts2, .nelems = 1, .elems = ab_e})},
      {ir_identz(ctx, "ac"), ir_opaque_attr(ctx, "t.foo<\"x\">", 10, NULL)},
      {ir_identz(ctx, "ad"), ir_opaque_attr(ctx, "t<\"x\">", 6, NULL)},
      {ir_identz(ctx, "ae"), ir_opaque_attr(ctx, "t.bar", 5, NULL)},
      {ir_identz(ctx, "af"), tattr(ir_opaque_type(ctx, "t.ty<1>", 7))},
      {ir_identz(ctx, "ag"), tattr(ir_tuple_type(ctx, ag_t, 2))},
      {ir_identz(ctx, "ah"), tattr(ir_function_type(ctx, ah_in, 2, &ti64, 1))},
      {ir_identz(ctx, "ai"), tattr(ir_function_type(ctx, NULL, 0, NULL, 0))},
      {ir_identz(ctx, "aj"), tattr(ir_function_type(ctx, NULL, 0, aj_r, 2))},
      {ir_identz(ctx, "ak"), tattr(ir_function_type(ctx, ag_t, 1, &inner_fn, 1))},
      {ir_identz(ctx, "al"), tattr(tensor(s2d, 2, f32()))},
      {ir_identz(ctx, "am"), tattr(ir_type_unique(ctx, &(IrType){.def = &ir_tensor_type_def, .flags = 1,
                                                                 .ntypes = 1, .types = &ag_t[1]}))},
      {ir_identz(ctx, "an"), tattr(ir_vector_type(ctx, s48, 2, f32(), 2))},
      {ir_identz(ctx, "ao"), tattr(ir_none_type(ctx))},
      {ir_identz(ctx, "ap"), tattr(ir_integer_type(ctx, 8, IR_SIGNED))},
      {ir_identz(ctx, "aq"), tattr(ir_integer_type(ctx, 16, IR_UNSIGNED))},
      {ir_identz(ctx, "ar"), tattr(ir_float_type(ctx, IR_BF16))},
      {ir_identz(ctx, "as"), tattr(ir_float_type(ctx, IR_F8E4M3FN))},
      {ir_identz(ctx, "at"), tattr(ir_tensor_type(ctx, s4, 1, f32(), sattr("enc")))},
      {ir_identz(ctx, "au"), ir_symref_attr(ctx, ir_identz(ctx, "a b"), NULL, 0)},
      {ir_identz(ctx, "av"), ir_string_attr(ctx, "\0\x7F\xFF", 3)},
      {ir_identz(ctx, "aw"), ir_dense_i64_array(ctx, ti8, aw_v, 2)},
      {ir_identz(ctx, "ax"), ir_dense_f64_array(ctx, tf64, ax_v, 1)},
      {ir_identz(ctx, "ay"), ir_attr_unique(ctx, &(IrAttr){.def = &ir_dense_string_attr_def,
                                                           .type = ts2, .nelems = 2, .elems = ay_e})},
      {ir_identz(ctx, "az"), ir_float_attr(ctx, tf64, -0.0)},
      {ir_identz(ctx, "ba"), ir_array_attr(ctx, ba_e, 2)},
      {ir_identz(ctx, "bb"), dense(ir_vector_type(ctx, s3, 1, tui8, 0), u123, 3, false)},
      {ir_identz(ctx, "bc"), dense(tensor(s2, 1, tui8), u255, 1, true)},
      {ir_identz(ctx, "bd"), iattr(ti1, 1)},
      {ir_identz(ctx, "quoted key"), iattr(i32(), 1)},
      {ir_identz(ctx, "1k"), iattr(i32(), 1)},
  };
  IrOp *m = ir_module_create(ctx, NULL);
  IrOp *x = mk(ir_module_body(m), "t.x", NULL, 0, NULL, 0, 0);
  x->attrs = ir_dict_attr(ctx, e, sizeof e / sizeof e[0], NULL);
  CHECK_PRINT(m, true, false,
              "\"builtin.module\"() ({\n"
              "  \"t.x\"() {\"1k\" = 1 : i32, a, aa = dense<> : tensor<0xi32>, ab = dense<\"abc\"> : tensor<2x!t.s>, ac = #t.foo<\"x\">, ad = #t<\"x\">, ae = #t.bar, af = !t.ty<1>, ag = tuple<i32, f32>, ah = (i32, f32) -> i64, ai = () -> (), aj = () -> (i32, i32), ak = (i32) -> ((i32) -> i32), al = tensor<2x?xf32>, am = tensor<*xf32>, an = vector<4x[8]xf32>, ao = none, ap = si8, aq = ui16, ar = bf16, as = f8E4M3FN, at = tensor<4xf32, \"enc\">, au = @\"a b\", av = \"\\00\\7F\\FF\", aw = array<i8: -1, 127>, ax = array<f64: 0x7FF0000000000000>, ay = dense<[\"a\", \"b\"]> : tensor<2x!t.s>, az = -0.000000e+00 : f64, b = true, ba = [0x7FF0000000000000 : f64, 1.000000e+00], bb = dense<[1, 2, 3]> : vector<3xui8>, bc = dense<255> : tensor<2xui8>, bd = true, c = false, d = 42 : i64, e = 42 : i32, f = -1 : i8, g = 255 : ui8, h = -7 : si16, i = 5 : index, j = 1.000000e+00 : f64, k = 2.500000e+00 : f32, l = \"str\\0A\\22q\\\\\", m = i32, n = @sym, o = @a::@b::@c, p = [1, 2.000000e+00, \"x\", 3 : i32, 1.000000e+00 : f32, true, 0x7FF0000000000000 : f64], q = {x = 1 : i32, y}, \"quoted key\" = 1 : i32, r = array<i32: 1, 2>, s = array<i32>, t = array<f32: 1.000000e+00, 2.500000e+00>, u = array<i1: true, false>, v = dense<[1, 2]> : tensor<2xi32>, w = dense<1.000000e+00> : tensor<4xf32>, x = dense<true> : tensor<2xi1>, y = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, z = dense<1> : tensor<2xi32>} : () -> ()\n"
              "}) : () -> ()\n");
  /* Large dense data prints as hex (i1 bit-packed, as MLIR stores it). */
  int64_t s101[] = {101};
  uint16_t h16[101];
  uint8_t h1[101];
  for (int i = 0; i < 101; i++) {
    h16[i] = (uint16_t)i;
    h1[i] = (uint8_t)(i % 3 != 0);
  }
  StrBuf hb = {0}, want = {0};
  asm_print_attr_str(&hb, dense(tensor(s101, 1, ir_integer_type(ctx, 16, IR_SIGNLESS)), h16, 202, false));
  sb_puts(&want, "dense<\"0x");
  for (int i = 0; i < 101; i++) sb_printf(&want, "%02X00", i);
  sb_puts(&want, "\"> : tensor<101xi16>");
  CHECK_STREQ(sb_cstr(&hb), sb_cstr(&want));
  sb_clear(&hb);
  asm_print_attr_str(&hb, dense(tensor(s101, 1, ti1), h1, 101, false));
  CHECK_STREQ(sb_cstr(&hb), "dense<\"0xB66DDBB66DDBB66DDBB66DDB16\"> : tensor<101xi1>");
  sb_clear(&hb);
  asm_print_attr_str(&hb, dense(tensor(s101, 1, ti1), h1, 100, false)); /* short data */
  CHECK_STREQ(sb_cstr(&hb), "dense<<<malformed dense elements>>> : tensor<101xi1>");
  sb_free(&hb);
  sb_free(&want);
  /* Diagnostics printing: full form with types. */
  StrBuf b = {0};
  asm_print_attr_str(&b, iattr(i64(), 42));
  CHECK_STREQ(sb_cstr(&b), "42 : i64");
  sb_clear(&b);
  asm_print_type_str(&b, tensor(s2d, 2, f32()));
  CHECK_STREQ(sb_cstr(&b), "tensor<2x?xf32>");
  sb_clear(&b);
  asm_print_attr_str(&b, sattr("x"));
  CHECK_STREQ(sb_cstr(&b), "\"x\"");
  sb_free(&b);
  ir_op_erase(m);
}
static const char LOC_DEBUG[] =
      "#loc4 = loc(\"f.mlir\":9:9)\n"
      "#loc7 = loc(\"g\":1:2)\n"
      "module {\n"
      "  \"t.a\"() : () -> () loc(#loc1)\n"
      "  %0 = \"t.b\"() : () -> i32 loc(#loc2)\n"
      "  \"t.c\"() ({\n"
      "  ^bb0(%arg0: i32 loc(\"f.mlir\":9:9)):\n"
      "    \"t.d\"() : () -> () loc(#loc14)\n"
      "  }) : () -> () loc(#loc13)\n"
      "  \"t.e\"() {x = #loc7} : () -> () loc(#loc15)\n"
      "  \"t.f\"() : () -> () loc(#loc8)\n"
      "  \"t.g\"() : () -> () loc(#loc16)\n"
      "  \"t.h\"() : () -> () loc(#loc9)\n"
      "  \"t.i\"() : () -> () loc(#loc19)\n"
      "} loc(#loc)\n"
      "#loc = loc(\"l.mlir\":0:0)\n"
      "#loc1 = loc(\"f.mlir\":3:5)\n"
      "#loc2 = loc(\"f.mlir\":4:1)\n"
      "#loc3 = loc(\"f\")\n"
      "#loc5 = loc(\"a\":1:1)\n"
      "#loc6 = loc(\"b\":2:2)\n"
      "#loc8 = loc(unknown)\n"
      "#loc9 = loc(\"nm\")\n"
      "#loc10 = loc(\"x\":1:1)\n"
      "#loc11 = loc(\"g\")\n"
      "#loc12 = loc(\"y\":2:2)\n"
      "#loc13 = loc(callsite(#loc3 at #loc1))\n"
      "#loc14 = loc(fused[#loc5, #loc6])\n"
      "#loc15 = loc(\"name\"(#loc1))\n"
      "#loc16 = loc(fused<\"meta\">[#loc5])\n"
      "#loc17 = loc(\"f\"(#loc10))\n"
      "#loc18 = loc(callsite(#loc11 at #loc12))\n"
      "#loc19 = loc(callsite(#loc17 at #loc18))\n";
static const char LOC_PLAIN[] =
      "#loc = loc(\"g\":1:2)\n"
      "module {\n"
      "  \"t.a\"() : () -> ()\n"
      "  %0 = \"t.b\"() : () -> i32\n"
      "  \"t.c\"() ({\n"
      "  ^bb0(%arg0: i32):\n"
      "    \"t.d\"() : () -> ()\n"
      "  }) : () -> ()\n"
      "  \"t.e\"() {x = #loc} : () -> ()\n"
      "  \"t.f\"() : () -> ()\n"
      "  \"t.g\"() : () -> ()\n"
      "  \"t.h\"() : () -> ()\n"
      "  \"t.i\"() : () -> ()\n"
      "}\n";
static const char LOC_PRETTY[] =
      "#loc4 = f.mlir:9:9\n"
      "#loc7 = g:1:2\n"
      "module {\n"
      "  \"t.a\"() : () -> () f.mlir:3:5\n"
      "  %0 = \"t.b\"() : () -> i32 f.mlir:4:1\n"
      "  \"t.c\"() ({\n"
      "  ^bb0(%arg0: i32 f.mlir:9:9):\n"
      "    \"t.d\"() : () -> () [#loc5, #loc6]\n"
      "  }) : () -> () #loc3 at #loc1\n"
      "  \"t.e\"() {x = #loc7} : () -> () \"name\"(#loc1)\n"
      "  \"t.f\"() : () -> () [unknown]\n"
      "  \"t.g\"() : () -> () <\"meta\">[#loc5]\n"
      "  \"t.h\"() : () -> () \"nm\"\n"
      "  \"t.i\"() : () -> () #loc17\n"
      " at #loc18\n"
      "} l.mlir:0:0\n"
      "#loc = l.mlir:0:0\n"
      "#loc1 = f.mlir:3:5\n"
      "#loc2 = f.mlir:4:1\n"
      "#loc3 = \"f\"\n"
      "#loc5 = a:1:1\n"
      "#loc6 = b:2:2\n"
      "#loc8 = [unknown]\n"
      "#loc9 = \"nm\"\n"
      "#loc10 = x:1:1\n"
      "#loc11 = \"g\"\n"
      "#loc12 = y:2:2\n"
      "#loc13 = #loc3 at #loc1\n"
      "#loc14 = [#loc5, #loc6]\n"
      "#loc15 = \"name\"(#loc1)\n"
      "#loc16 = <\"meta\">[#loc5]\n"
      "#loc17 = \"f\"(#loc10)\n"
      "#loc18 = #loc11 at #loc12\n"
      "#loc19 = #loc17\n"
      " at #loc18\n";
static const char LOC_LOCAL[] =
      "module {\n"
      "  \"t.a\"() : () -> () loc(\"f.mlir\":3:5)\n"
      "  %0 = \"t.b\"() : () -> i32 loc(\"f.mlir\":4:1)\n"
      "  \"t.c\"() ({\n"
      "  ^bb0(%arg0: i32 loc(\"f.mlir\":9:9)):\n"
      "    \"t.d\"() : () -> () loc(fused[\"a\":1:1, \"b\":2:2])\n"
      "  }) : () -> () loc(callsite(\"f\" at \"f.mlir\":3:5))\n"
      "  \"t.e\"() {x = loc(\"g\":1:2)} : () -> () loc(\"name\"(\"f.mlir\":3:5))\n"
      "  \"t.f\"() : () -> () loc(unknown)\n"
      "  \"t.g\"() : () -> () loc(fused<\"meta\">[\"a\":1:1])\n"
      "  \"t.h\"() : () -> () loc(\"nm\")\n"
      "  \"t.i\"() : () -> () loc(callsite(\"f\"(\"x\":1:1) at callsite(\"g\" at \"y\":2:2)))\n"
      "} loc(\"l.mlir\":0:0)"; /* no newline with local scope (MLIR) */

static const IrLoc *floc(const char *f, int64_t l, int64_t c) {
  return ir_file_loc(ctx, ir_identz(ctx, f), l, c);
}
static const IrLoc *nloc(const char *n, const IrLoc *child) {
  return ir_name_loc(ctx, ir_identz(ctx, n), child);
}

/* Locations (l.mlir) with and without debug info, pretty and local scope:
 * the alias numbering, depth ordering and deferral of MLIR. */
static void test_locations(void) {
  IrOp *m = ir_module_create(ctx, floc("l.mlir", 0, 0));
  IrBlock *mb = ir_module_body(m);
  const IrType *ti32 = i32();
  ir_op_set_loc(mk(mb, "t.a", NULL, 0, NULL, 0, 0), floc("f.mlir", 3, 5));
  ir_op_set_loc(mk(mb, "t.b", NULL, 0, &ti32, 1, 0), floc("f.mlir", 4, 1));
  IrOp *c = mk(mb, "t.c", NULL, 0, NULL, 0, 1);
  ir_op_set_loc(c, ir_callsite_loc(ctx, nloc("f", NULL), floc("f.mlir", 3, 5)));
  IrBlock *cb = add_block(&ir_op_regions(c)[0]);
  ir_block_add_arg(cb, i32(), floc("f.mlir", 9, 9));
  const IrLoc *ab[] = {floc("a", 1, 1), floc("b", 2, 2)};
  ir_op_set_loc(mk(cb, "t.d", NULL, 0, NULL, 0, 0), ir_fused_loc(ctx, ab, 2, NULL));
  IrOp *e = mk(mb, "t.e", NULL, 0, NULL, 0, 0);
  ir_op_set_loc(e, nloc("name", floc("f.mlir", 3, 5)));
  ir_op_set_attr(e, "x", floc("g", 1, 2));
  ir_op_set_loc(mk(mb, "t.f", NULL, 0, NULL, 0, 0), ir_unknown_loc(ctx));
  ir_op_set_loc(mk(mb, "t.g", NULL, 0, NULL, 0, 0), ir_fused_loc(ctx, ab, 1, sattr("meta")));
  ir_op_set_loc(mk(mb, "t.h", NULL, 0, NULL, 0, 0), nloc("nm", NULL));
  ir_op_set_loc(mk(mb, "t.i", NULL, 0, NULL, 0, 0),
                ir_callsite_loc(ctx, nloc("f", floc("x", 1, 1)),
                                ir_callsite_loc(ctx, nloc("g", NULL), floc("y", 2, 2))));
  CHECK_PRINT(m, false, true, LOC_DEBUG);
  CHECK_PRINT(m, false, false, LOC_PLAIN);
  StrBuf b = {0};
  AsmPrintOptions o = {.debuginfo = true, .pretty_debuginfo = true};
  asm_print_op_to(&b, m, &o);
  CHECK_STREQ(sb_cstr(&b), LOC_PRETTY);
  sb_clear(&b);
  o = (AsmPrintOptions){.debuginfo = true, .local_scope = true};
  asm_print_op_to(&b, m, &o);
  CHECK_STREQ(sb_cstr(&b), LOC_LOCAL);
  sb_free(&b);
  ir_op_erase(m);
}

/* ---- a small dialect "d" with custom syntax hooks ---------------------------- */
static void tile_print(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "tile<");
  for (uint32_t i = 0; i < t->nints; i++) asm_printf(p, "%lldx", (long long)t->ints[i]);
  asm_print_type(p, t->types[0]);
  asm_putc(p, '>');
}
static const IrTypeDef d_tile_def = {.name = "tile", .dialect = "d", .print = tile_print};

static void file_print(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "file<");
  asm_print_string_literal(p, a->str->str, a->str->len);
  asm_putc(p, '>');
}
static const char *file_alias(const IrAttr *a) { (void)a; return "file"; }
static const IrAttrDef d_file_def = {.name = "file", .dialect = "d", .print = file_print,
                                     .alias = file_alias};

static void dmod_print(AsmPrinter *p, IrOp *op) {
  static const char *const el[] = {"sym_name", NULL};
  asm_putc(p, ' ');
  asm_print_symbol_name(p, ir_op_attrz(op, "sym_name")->str);
  asm_print_block_args(p, ir_op_regions(op)[0].first, true);
  asm_print_attr_dict_with_keyword(p, op, el);
  asm_print_region(p, &ir_op_regions(op)[0], false, false);
}
static void dmod_args(IrOp *op, IrBlock *b, IrNameSetFn set, void *user) {
  (void)op;
  for (uint32_t i = 0; i < b->nargs; i++) set(user, b->args[i], "in");
}
static void const_print(AsmPrinter *p, IrOp *op) {
  asm_print_attr_dict(p, op, NULL);
  asm_puts(p, " : ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}
static void const_names(IrOp *op, IrNameSetFn set, void *user) {
  set(user, ir_op_result(op, 0), "cst");
}
static void pair_print(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  asm_puts(p, " : ");
  asm_print_type(p, ir_op_result(op, 0)->type);
}
static void pair_names(IrOp *op, IrNameSetFn set, void *user) {
  set(user, ir_op_result(op, 0), "x");
  set(user, ir_op_result(op, 1), "y");
}
static void triple_names(IrOp *op, IrNameSetFn set, void *user) {
  set(user, ir_op_result(op, 0), "q");
}
static const char *const dmod_inherent[] = {"sym_name", NULL};
static const IrOpInfo d_ops[] = {
    {.name = "d.module", .traits = IR_TRAIT_ISOLATED_FROM_ABOVE | IR_TRAIT_SYMBOL,
     .max_operands = 0, .max_results = 0, .num_regions = 1, .inherent = dmod_inherent,
     .print = dmod_print, .block_arg_names = dmod_args, .default_dialect = "d"},
    {.name = "d.const", .max_results = 1, .min_results = 1, .print = const_print,
     .result_names = const_names},
    {.name = "d.pair", .max_operands = -1, .max_results = 2, .print = pair_print,
     .result_names = pair_names},
    {.name = "d.triple", .max_operands = -1, .max_results = 3, .result_names = triple_names},
    {.name = "d.ret", .traits = IR_TRAIT_TERMINATOR, .print = NULL},
};
static const IrDialect d_dialect = {.name = "d", .ops = d_ops, .nops = 5};

static void test_custom_hooks(void) {
  ir_register_dialect(ctx, &d_dialect);
  int64_t s4[] = {4};
  const IrType *tile = ir_type_unique(ctx, &(IrType){.def = &d_tile_def, .nints = 1, .ints = s4,
                                                     .ntypes = 1, .types = (const IrType *[]){f32()}});
  const IrAttr *file = ir_attr_unique(ctx, &(IrAttr){.def = &d_file_def,
                                                     .str = ir_identz(ctx, "a.c")});
  IrOp *m = ir_module_create(ctx, NULL);
  IrOp *dm = mk(ir_module_body(m), "d.module", NULL, 0, NULL, 0, 1);
  ir_op_set_attr(dm, "sym_name", sattr("k"));
  IrBlock *b = add_block(&ir_op_regions(dm)[0]);
  IrValue *in = ir_block_add_arg(b, tile, NULL);
  IrOp *c1 = mk(b, "d.const", NULL, 0, &tile, 1, 0);
  ir_op_set_attr(c1, "v", iattr(i32(), 1));
  IrOp *c2 = mk(b, "d.const", NULL, 0, &tile, 1, 0);
  ir_op_set_attr(c2, "f", file);
  IrValue *pops[] = {ir_op_result(c1, 0), in};
  const IrType *pres[] = {tile, tile};
  IrOp *pair = mk(b, "d.pair", pops, 2, pres, 2, 0);
  const IrType *tres[] = {i32(), i32(), i32()};
  IrValue *y = ir_op_result(pair, 1);
  IrOp *tri = mk(b, "d.triple", &y, 1, tres, 3, 0);
  IrValue *uops[] = {ir_op_result(tri, 2), ir_op_result(pair, 0)};
  mk(b, "t.use", uops, 2, NULL, 0, 0);
  mk(b, "d.ret", NULL, 0, NULL, 0, 0);
  (void)c2;
  CHECK_PRINT(m, false, false,
              "#file = #d.file<\"a.c\">\n"
              "module {\n"
              "  d.module @k(%in: tile<4xf32>) {\n"
              "    %cst = const {v = 1 : i32} : tile<4xf32>\n"
              "    %cst_0 = const {f = #file} : tile<4xf32>\n"
              "    %x, %y = pair %cst, %in : tile<4xf32>\n"
              "    %q:3 = \"d.triple\"(%y) : (!d.tile<4xf32>) -> (i32, i32, i32)\n"
              "    \"t.use\"(%q#2, %x) : (i32, !d.tile<4xf32>) -> ()\n"
              "  }\n"
              "}\n");
  CHECK_PRINT(m, true, false,
              "#file = #d.file<\"a.c\">\n"
              "\"builtin.module\"() ({\n"
              "  \"d.module\"() <{sym_name = \"k\"}> ({\n"
              "  ^bb0(%arg0: !d.tile<4xf32>):\n"
              "    %0 = \"d.const\"() {v = 1 : i32} : () -> !d.tile<4xf32>\n"
              "    %1 = \"d.const\"() {f = #file} : () -> !d.tile<4xf32>\n"
              "    %2:2 = \"d.pair\"(%0, %arg0) : (!d.tile<4xf32>, !d.tile<4xf32>) -> (!d.tile<4xf32>, !d.tile<4xf32>)\n"
              "    %3:3 = \"d.triple\"(%2#1) : (!d.tile<4xf32>) -> (i32, i32, i32)\n"
              "    \"t.use\"(%3#2, %2#0) : (i32, !d.tile<4xf32>) -> ()\n"
              "    \"d.ret\"() : () -> ()\n"
              "  }) : () -> ()\n"
              "}) : () -> ()\n");
  StrBuf sb = {0};
  asm_print_type_str(&sb, tile);
  CHECK_STREQ(sb_cstr(&sb), "!d.tile<4xf32>");
  sb_clear(&sb);
  asm_print_attr_str(&sb, file);
  CHECK_STREQ(sb_cstr(&sb), "#d.file<\"a.c\">");
  sb_free(&sb);
  ir_op_erase(m);
}

/* Debug-info attributes shaped like cuda_tile's (debug_info.mlir): dialect
 * aliases nest, locations alias as #locN, all deferred after the op. */
static void di_file_print(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_file<");
  asm_print_string_literal(p, a->str->str, a->str->len);
  asm_puts(p, " in \"foo\">");
}
static void di_cu_print(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_compile_unit<file = ");
  asm_print_attr(p, a->elems[0]);
  asm_putc(p, '>');
}
static void di_sp_print(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_subprogram<file = ");
  asm_print_attr(p, a->elems[0]);
  asm_puts(p, ", compileUnit = ");
  asm_print_attr(p, a->elems[1]);
  asm_putc(p, '>');
}
static void di_loc_print(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "di_loc<");
  asm_print_attr(p, a->elems[0]);
  asm_puts(p, " in ");
  asm_print_attr(p, a->elems[1]);
  asm_putc(p, '>');
}
static const char *alias_di_file(const IrAttr *a) { (void)a; return "di_file"; }
static const char *alias_di_cu(const IrAttr *a) { (void)a; return "di_compile_unit"; }
static const char *alias_di_sp(const IrAttr *a) { (void)a; return "di_subprogram"; }
static const IrAttrDef di_file_def = {.name = "di_file", .dialect = "d", .print = di_file_print,
                                      .alias = alias_di_file};
static const IrAttrDef di_cu_def = {.name = "di_compile_unit", .dialect = "d",
                                    .print = di_cu_print, .alias = alias_di_cu};
static const IrAttrDef di_sp_def = {.name = "di_subprogram", .dialect = "d",
                                    .print = di_sp_print, .alias = alias_di_sp};
static const IrAttrDef di_loc_def = {.name = "di_loc", .dialect = "d", .print = di_loc_print,
                                     .is_location = true};

static void test_debug_info_aliases(void) {
  const IrAttr *file = ir_attr_unique(ctx, &(IrAttr){.def = &di_file_def,
                                                     .str = ir_identz(ctx, "debug_info.mlir")});
  const IrAttr *cu = ir_attr_unique(ctx, &(IrAttr){.def = &di_cu_def, .nelems = 1,
                                                   .elems = (const IrAttr *[]){file}});
  const IrAttr *sp = ir_attr_unique(ctx, &(IrAttr){.def = &di_sp_def, .nelems = 2,
                                                   .elems = (const IrAttr *[]){file, cu}});
  const IrLoc *dl[3];
  int64_t lc[3][2] = {{8, 3}, {10, 10}, {12, 5}};
  for (int i = 0; i < 3; i++)
    dl[i] = ir_attr_unique(ctx, &(IrAttr){.def = &di_loc_def, .nelems = 2,
                                          .elems = (const IrAttr *[]){
                                              floc("debug_info.mlir", lc[i][0], lc[i][1]), sp}});
  int64_t s4[] = {4};
  const IrType *tile = ir_type_unique(ctx, &(IrType){.def = &d_tile_def, .nints = 1, .ints = s4,
                                                     .ntypes = 1, .types = (const IrType *[]){f32()}});
  IrOp *dm = mk(NULL, "d.module", NULL, 0, NULL, 0, 1);
  ir_op_set_attr(dm, "sym_name", sattr("k"));
  IrBlock *b = add_block(&ir_op_regions(dm)[0]);
  IrOp *c1 = mk(b, "d.const", NULL, 0, &tile, 1, 0);
  ir_op_set_attr(c1, "v", iattr(i32(), 1));
  ir_op_set_loc(c1, dl[0]);
  IrOp *c2 = mk(b, "d.const", NULL, 0, &tile, 1, 0);
  ir_op_set_attr(c2, "v", iattr(i32(), 2));
  ir_op_set_loc(c2, dl[1]);
  ir_op_set_loc(mk(b, "t.use", NULL, 0, NULL, 0, 0), dl[2]);
  CHECK_PRINT(dm, false, true,
              "d.module @k() {\n"
              "  %cst = const {v = 1 : i32} : tile<4xf32> loc(#loc4)\n"
              "  %cst_0 = const {v = 2 : i32} : tile<4xf32> loc(#loc5)\n"
              "  \"t.use\"() : () -> () loc(#loc6)\n"
              "} loc(#loc)\n"
              "#di_file = #d.di_file<\"debug_info.mlir\" in \"foo\">\n"
              "#loc = loc(unknown)\n"
              "#loc1 = loc(\"debug_info.mlir\":8:3)\n"
              "#loc2 = loc(\"debug_info.mlir\":10:10)\n"
              "#loc3 = loc(\"debug_info.mlir\":12:5)\n"
              "#di_compile_unit = #d.di_compile_unit<file = #di_file>\n"
              "#di_subprogram = #d.di_subprogram<file = #di_file, compileUnit = #di_compile_unit>\n"
              "#loc4 = #d.di_loc<#loc1 in #di_subprogram>\n"
              "#loc5 = #d.di_loc<#loc2 in #di_subprogram>\n"
              "#loc6 = #d.di_loc<#loc3 in #di_subprogram>\n");
  /* Without debug info only the attributes used by ops get aliases. */
  ir_op_set_attr(c2, "w", sp);
  CHECK_PRINT(dm, false, false,
              "#di_file = #d.di_file<\"debug_info.mlir\" in \"foo\">\n"
              "#di_compile_unit = #d.di_compile_unit<file = #di_file>\n"
              "#di_subprogram = #d.di_subprogram<file = #di_file, compileUnit = #di_compile_unit>\n"
              "d.module @k() {\n"
              "  %cst = const {v = 1 : i32} : tile<4xf32>\n"
              "  %cst_0 = const {v = 2 : i32, w = #di_subprogram} : tile<4xf32>\n"
              "  \"t.use\"() : () -> ()\n"
              "}\n");
  ir_op_destroy(dm);
}

/* ---- value-name uniquing, alias suffixes, helper API ---------------------------- */
static void named_names(IrOp *op, IrNameSetFn set, void *user) {
  const IrAttr *n = ir_op_attrz(op, "n");
  if (n && n->str) set(user, ir_op_result(op, 0), n->str->str);
}
static void named_print(AsmPrinter *p, IrOp *op) {
  asm_print_attr_dict(p, op, (const char *const[]){"n", NULL});
}
static void term_print(AsmPrinter *p, IrOp *op) {
  if (op->noperands) {
    asm_putc(p, ' ');
    asm_print_operands(p, ir_op_operands(op), op->noperands);
  }
}
static void region_print(AsmPrinter *p, IrOp *op) {
  asm_print_region(p, &ir_op_regions(op)[0], true, false);
  asm_print_newline(p);
  asm_puts(p, "// after");
}
static const IrOpInfo e_ops[] = {
    {.name = "e.named", .max_results = 1, .print = named_print, .result_names = named_names},
    {.name = "e.yield", .traits = IR_TRAIT_TERMINATOR, .max_operands = -1, .print = term_print},
    {.name = "e.region", .num_regions = 1, .print = region_print, .default_dialect = "e"},
};
static const IrDialect e_dialect = {.name = "e", .ops = e_ops, .nops = 3};

static IrOp *named(IrBlock *b, const char *name) {
  const IrType *t = i32();
  IrOp *op = mk(b, "e.named", NULL, 0, &t, 1, 0);
  ir_op_set_attr(op, "n", sattr(name));
  return op;
}

static void test_names_and_helpers(void) {
  ir_register_dialect(ctx, &e_dialect);
  IrOp *m = ir_module_create(ctx, NULL);
  IrOp *reg = mk(ir_module_body(m), "e.region", NULL, 0, NULL, 0, 1);
  IrBlock *b = add_block(&ir_op_regions(reg)[0]);
  IrValue *arg = ir_block_add_arg(b, i32(), NULL);
  (void)arg;
  named(b, "cst");
  named(b, "cst");
  named(b, "1x");
  named(b, "a b");
  named(b, "a+b");
  named(b, "-x");
  named(b, "+x");
  named(b, "arg0");
  named(b, "v1");
  named(b, "v1");
  IrValue *y = ir_op_result(named(b, ""), 0);
  mk(b, "e.yield", &y, 1, NULL, 0, 0);
  IrOp *reg2 = mk(ir_module_body(m), "e.region", NULL, 0, NULL, 0, 1);
  IrBlock *b2 = add_block(&ir_op_regions(reg2)[0]);
  named(b2, "cst");
  mk(b2, "e.yield", NULL, 0, NULL, 0, 0);
  CHECK_PRINT(m, false, false,
              "module {\n"
              "  e.region {\n"
              "  ^bb0(%arg0: i32):\n"
              "    %cst = named\n"
              "    %cst_0 = named\n"
              "    %_1x = named\n"
              "    %a_b = named\n"
              "    %a2Bb = named\n"
              "    %-x = named\n"
              "    %_2Bx = named\n"
              "    %arg0_1 = named\n"
              "    %v1 = named\n"
              "    %v1_2 = named\n"
              "    %0 = named\n"
              "    yield %0\n"
              "  }\n"
              "  // after\n"
              "  e.region {\n"
              "    %cst = named\n"
              "  }\n"
              "  // after\n"
              "}\n");
  ir_op_erase(m);
}

/* Alias names ending in a digit get `_N` suffixes; literal names that
 * collide with generated ones are renumbered too (sorted by name first). */
static const char *alias_x1(const IrAttr *a) { return a->nints ? "x1_1" : "x1"; }
static const char *alias_loc1(const IrAttr *a) { (void)a; return "loc1"; }
static const IrAttrDef ex_def = {.name = "x", .dialect = "e", .alias = alias_x1};
static const IrAttrDef el_def = {.name = "l", .dialect = "e", .alias = alias_loc1};

static void test_alias_suffixes(void) {
  int64_t one = 1;
  const IrAttr *a = ir_attr_unique(ctx, &(IrAttr){.def = &ex_def, .str = ir_identz(ctx, "a")});
  const IrAttr *b = ir_attr_unique(ctx, &(IrAttr){.def = &ex_def, .str = ir_identz(ctx, "b")});
  const IrAttr *c = ir_attr_unique(ctx, &(IrAttr){.def = &ex_def, .nints = 1, .ints = &one});
  const IrAttr *l = ir_attr_unique(ctx, &(IrAttr){.def = &el_def});
  IrOp *m = ir_module_create(ctx, NULL);
  IrOp *x = mk(ir_module_body(m), "t.x", NULL, 0, NULL, 0, 0);
  ir_op_set_attr(x, "a", a);
  ir_op_set_attr(x, "b", b);
  ir_op_set_attr(x, "c", c);
  ir_op_set_attr(x, "d", l);
  ir_op_set_attr(x, "e", floc("f", 1, 1));
  ir_op_set_attr(x, "f", floc("f", 2, 2));
  CHECK_PRINT(m, false, false,
              "#loc = loc(\"f\":1:1)\n"
              "#loc1 = loc(\"f\":2:2)\n"
              "#loc1_1 = #e.l\n"
              "#x1 = #e.x\n"
              "#x1_1 = #e.x\n"
              "#x1_1_1 = #e.x\n"
              "module {\n"
              "  \"t.x\"() {a = #x1, b = #x1_1, c = #x1_1_1, d = #loc1_1, e = #loc, f = #loc1} : () -> ()\n"
              "}\n");
  ir_op_erase(m);
}

/* ---- round trips through the parser ------------------------------------------ */
static void roundtrip(const char *text, bool generic, bool debuginfo) {
  IrOp *m = asm_parse_buffer(ctx, "rt.mlir", text, strlen(text), NULL);
  if (!CHECK(m != NULL)) return;
  char *got = print_op(m, generic, debuginfo);
  if (!CHECK_STREQ(got, text)) printf("---- got:\n%s", got);
  free(got);
  ir_op_destroy(m);
}

static const char RT_GENERIC[] =
    "\"builtin.module\"() ({\n"
    "  %0:2 = \"t.b\"() {x = 1 : i32} : () -> (i32, f32)\n"
    "  \"t.c\"(%0#1, %0#0) ({\n"
    "  ^bb0(%arg1: i32, %arg2: f32):\n"
    "    %3 = \"t.d\"(%arg1) <{p = 2 : i64, q}> : (i32) -> i64\n"
    "    \"t.br\"(%3)[^bb1, ^bb1] : (i64) -> ()\n"
    "  ^bb1:  // 2 preds: ^bb0, ^bb0\n"
    "    \"t.ret\"() : () -> ()\n"
    "  }) : (f32, i32) -> ()\n"
    "  \"t.fn\"() ({\n"
    "  ^bb0(%arg0: i32):\n"
    "    %2 = \"t.g\"() : () -> i32\n"
    "  }, {\n"
    "  ^bb0:\n"
    "  }) : () -> ()\n"
    "  %1 = \"t.g\"() {a = [1, 2.000000e+00, \"x\"], b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tuple<i32, f32>\n"
    "}) : () -> ()\n";

static void test_roundtrips(void) {
  roundtrip(RT_GENERIC, true, false);
  roundtrip(LOC_DEBUG, false, true);
  roundtrip(LOC_PLAIN, false, false);
}

/* ---- memoized type text and integer formatting -------------------------------
 * Dialect "m": `box<T>` types printed by op hooks through asm_print_type_memo
 * with their integer payload through asm_print_int.  The same box prints
 * differently in different dialect scopes (its `m.leaf` element is short
 * only inside m ops), and a fresh printer starts with an empty memo. */
static void leaf_print(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "leaf");
}
static void box_print(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "box<");
  for (uint32_t i = 0; i < t->nints; i++) {
    asm_print_int(p, t->ints[i]);
    asm_putc(p, ',');
  }
  asm_print_uint(p, (uint64_t)t->nints);
  asm_putc(p, ',');
  asm_print_type(p, t->types[0]);
  asm_putc(p, '>');
}
static const IrTypeDef m_leaf_def = {.name = "leaf", .dialect = "m", .print = leaf_print};
static const IrTypeDef m_box_def = {.name = "box", .dialect = "m", .print = box_print};
/* `m.show : <type memoized> <type memoized>` (twice: the second is a hit). */
static void show_print(AsmPrinter *p, IrOp *op) {
  asm_puts(p, " : ");
  asm_print_type_memo(p, ir_op_result(op, 0)->type, box_print);
  asm_putc(p, ' ');
  asm_print_type_memo(p, ir_op_result(op, 0)->type, box_print);
}
static const IrOpInfo m_ops[] = {
    {.name = "m.show", .max_results = 1, .min_results = 1, .print = show_print},
};
static const IrDialect m_dialect = {.name = "m", .ops = m_ops, .nops = 1};
static const IrOpInfo n_ops[] = {
    {.name = "n.show", .max_results = 1, .min_results = 1, .print = show_print},
};
static const IrDialect n_dialect = {.name = "n", .ops = n_ops, .nops = 1};

/* SSA names taken from a string attribute: long ones (past the printer's
 * 16-byte copy pieces and its 80-byte stack buffer for `name_N`), repeats
 * and names that need sanitizing; and an attribute printed through
 * asm_print_attr_memo twice in one printer. */
static void nm_names(IrOp *op, IrNameSetFn set, void *user) {
  const IrAttr *a = ir_op_attrz(op, "nm");
  if (a && a->str) set(user, ir_op_result(op, 0), a->str->str);
}
static void nm_attr_text(AsmPrinter *p, const IrAttr *a) {
  asm_puts(p, "<");
  asm_print_attr(p, a);
  asm_puts(p, ">");
}
static void nm_print(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_attr_memo(p, ir_op_attrz(op, "nm"), nm_attr_text);
  asm_print_attr_dict(p, op, (const char *const[]){"nm", NULL});
}
static const IrOpInfo nm_ops[] = {
    {.name = "nm.named", .max_results = 1, .print = nm_print, .result_names = nm_names},
};
static const IrDialect nm_dialect = {.name = "nm", .ops = nm_ops, .nops = 1};

static void test_long_names(void) {
  ir_register_dialect(ctx, &nm_dialect);
  static const char *const names[] = {
      "abcdefghijklmnop",  /* 16 bytes: exactly one copy piece */
      "abcdefghijklmnopq", /* 17 */
      "abcdefghijklmnop",
      "abcdefghijklmnopq",
      "a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam",
      "a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam",
      "1 odd name",
      "1 odd name",
  };
  enum { N = sizeof names / sizeof names[0] };
  IrOp *m = ir_module_create(ctx, NULL);
  IrBlock *b = ir_module_body(m);
  IrValue *vals[N];
  const IrType *t = i32();
  for (size_t i = 0; i < N; i++) {
    IrOp *op = mk(b, "nm.named", NULL, 0, &t, 1, 0);
    ir_op_set_attr(op, "nm", sattr(names[i]));
    vals[i] = ir_op_result(op, 0);
  }
  mk(b, "t.use", vals, N, NULL, 0, 0);
  CHECK_PRINT(m, false, false,
              "module {\n"
              "  %abcdefghijklmnop = nm.named <\"abcdefghijklmnop\">\n"
              "  %abcdefghijklmnopq = nm.named <\"abcdefghijklmnopq\">\n"
              "  %abcdefghijklmnop_0 = nm.named <\"abcdefghijklmnop\">\n"
              "  %abcdefghijklmnopq_1 = nm.named <\"abcdefghijklmnopq\">\n"
              "  %a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam = "
              "nm.named <\"a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam\">\n"
              "  %a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam_2 = "
              "nm.named <\"a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam\">\n"
              "  %_1_odd_name = nm.named <\"1 odd name\">\n"
              "  %_1_odd_name_3 = nm.named <\"1 odd name\">\n"
              "  \"t.use\"(%abcdefghijklmnop, %abcdefghijklmnopq, %abcdefghijklmnop_0, "
              "%abcdefghijklmnopq_1, "
              "%a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam, "
              "%a_name_of_seventy_characters_that_needs_the_heap_for_its_conflict_nam_2, "
              "%_1_odd_name, %_1_odd_name_3) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
              "}\n");
  ir_op_erase(m);
}

static void test_memo_and_ints(void) {
  ir_register_dialect(ctx, &m_dialect);
  ir_register_dialect(ctx, &n_dialect);
  const IrType *leaf = ir_type_unique(ctx, &(IrType){.def = &m_leaf_def});
  int64_t v[] = {INT64_MIN, -1, 0, 9, 10, 99, 100, INT64_MAX};
  const IrType *box = ir_type_unique(ctx, &(IrType){.def = &m_box_def, .nints = 8, .ints = v,
                                                    .ntypes = 1, .types = &leaf});
  IrOp *m = ir_module_create(ctx, NULL);
  IrBlock *b = ir_module_body(m);
  mk(b, "m.show", NULL, 0, &box, 1, 0);
  mk(b, "n.show", NULL, 0, &box, 1, 0);
  mk(b, "m.show", NULL, 0, &box, 1, 0);
  mk(b, "n.show", NULL, 0, &box, 1, 0);
#define BOX_INTS "-9223372036854775808,-1,0,9,10,99,100,9223372036854775807,8,"
#define M_LINE "box<" BOX_INTS "leaf> box<" BOX_INTS "leaf>\n"
#define N_LINE "box<" BOX_INTS "!m.leaf> box<" BOX_INTS "!m.leaf>\n"
  CHECK_PRINT(m, false, false,
              "module {\n"
              "  %0 = m.show : " M_LINE
              "  %1 = n.show : " N_LINE
              "  %2 = m.show : " M_LINE
              "  %3 = n.show : " N_LINE
              "}\n");
  CHECK_PRINT(m, true, false,
              "\"builtin.module\"() ({\n"
              "  %0 = \"m.show\"() : () -> !m.box<" BOX_INTS "leaf>\n"
              "  %1 = \"n.show\"() : () -> !m.box<" BOX_INTS "leaf>\n"
              "  %2 = \"m.show\"() : () -> !m.box<" BOX_INTS "leaf>\n"
              "  %3 = \"n.show\"() : () -> !m.box<" BOX_INTS "leaf>\n"
              "}) : () -> ()\n");
#undef BOX_INTS
#undef M_LINE
#undef N_LINE
  ir_op_erase(m);
  /* sb_put_int / sb_put_uint against printf around every power of ten. */
  StrBuf got = {0};
  char want[32];
  bool same = true;
  for (int k = 0; k <= 19; k++) {
    uint64_t p10 = 1;
    for (int i = 0; i < k; i++) p10 *= 10;
    uint64_t us[] = {p10 - 1, p10, p10 + 1};
    for (int j = 0; j < 3; j++) {
      sb_clear(&got);
      sb_put_uint(&got, us[j]);
      snprintf(want, sizeof want, "%llu", (unsigned long long)us[j]);
      if (strcmp(sb_cstr(&got), want)) same = false;
      sb_clear(&got);
      sb_put_int(&got, -(int64_t)(us[j] & INT64_MAX));
      snprintf(want, sizeof want, "%lld", -(long long)(us[j] & INT64_MAX));
      if (strcmp(sb_cstr(&got), want)) same = false;
    }
  }
  CHECK(same);
  sb_clear(&got);
  sb_put_int(&got, INT64_MIN);
  sb_putc(&got, ' ');
  sb_put_uint(&got, UINT64_MAX);
  CHECK_STREQ(sb_cstr(&got), "-9223372036854775808 18446744073709551615");
  sb_free(&got);
}

/* AsmPrintOptions.sink: output above ~1 MB is handed over in pieces at op
 * boundaries; the pieces plus the rest equal the unstreamed output, and text
 * already in the buffer goes first. */
typedef struct { StrBuf all; int calls; } SinkCapture;
static void sink_cb(void *user, const char *s, size_t n) {
  SinkCapture *c = user;
  sb_putn(&c->all, s, n);
  c->calls++;
}

static void test_streaming(void) {
  StrBuf src = {0};
  sb_puts(&src, "\"t.func\"() ({\n");
  for (int i = 0; i < 30000; i++)
    sb_printf(&src, "  %%v%d = \"t.op\"() {a = \"attr\", n = %d : i64} : () -> tensor<4x8xf32>\n", i, i);
  sb_puts(&src, "  \"t.ret\"() : () -> ()\n}) : () -> ()\n");
  IrOp *m = asm_parse_buffer(ctx, "stream.mlir", src.s, src.len, NULL);
  CHECK(m != NULL);
  if (!m) {
    sb_free(&src);
    return;
  }
  for (int generic = 0; generic < 2; generic++) {
    StrBuf whole = {0};
    sb_puts(&whole, "prefix\n");
    asm_print_op_to(&whole, m, &(AsmPrintOptions){.generic = generic});
    CHECK(whole.len > (2u << 20));
    SinkCapture cap = {{0}, 0};
    StrBuf rest = {0};
    sb_puts(&rest, "prefix\n");
    asm_print_op_to(&rest, m, &(AsmPrintOptions){.generic = generic, .sink = sink_cb, .sink_user = &cap});
    CHECK(cap.calls >= 2);
    CHECK(rest.len < (2u << 20));
    sb_putn(&cap.all, rest.s, rest.len);
    CHECK(cap.all.len == whole.len && !memcmp(cap.all.s, whole.s, whole.len));
    CHECK(!strncmp(cap.all.s, "prefix\n", 7));
    sb_free(&whole);
    sb_free(&rest);
    sb_free(&cap.all);
  }
  ir_op_destroy(m);
  sb_free(&src);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ir_ctx_allow_unregistered(ctx, true);
  asm_install_printers(ctx);
  test_empty_module();
  test_regions_and_numbering();
  test_attributes();
  test_locations();
  test_custom_hooks();
  test_debug_info_aliases();
  test_names_and_helpers();
  test_alias_suffixes();
  test_roundtrips();
  test_memo_and_ints();
  test_long_names();
  test_streaming();
  ir_context_destroy(ctx);
}
