/* test_ct_types.c — unit tests of the cuda_tile types and attributes
 * (lib/dialect/cuda_tile/ct_types.h): uniquing identity, print/parse round
 * trips of every type and attribute, every verifier message, the enum and
 * dense helpers, optimization-hint validation, debug-info queries, and a
 * no-crash pass over every prefix of the sample inputs. */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"

/* ---- harness ---------------------------------------------------------------- */

static StrBuf diags; /* "severity: message\n" of every diagnostic */

static void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, d->sev == IR_SEV_WARNING ? "warning: " : d->sev == IR_SEV_ERROR ? "error: " : "note: ");
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
  for (const IrDiag *n = d->notes; n; n = n->next_note) {
    sb_puts(&diags, "note: ");
    sb_puts(&diags, sb_cstr((StrBuf *)&n->msg));
    sb_putc(&diags, '\n');
  }
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_allow_unregistered(ctx, true);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  return ctx;
}

static const IrType *ty(IrContext *ctx, const char *s) {
  return asm_parse_type_str(ctx, s, strlen(s));
}

static const IrAttr *at(IrContext *ctx, const char *s) {
  return asm_parse_attr_str(ctx, s, strlen(s));
}

static char printed[4096];
static const char *type_str(const IrType *t) {
  StrBuf b = {0};
  asm_print_type_str(&b, t);
  snprintf(printed, sizeof printed, "%s", sb_cstr(&b));
  sb_free(&b);
  return printed;
}
static const char *attr_str(const IrAttr *a) {
  StrBuf b = {0};
  asm_print_attr_str(&b, a);
  snprintf(printed, sizeof printed, "%s", sb_cstr(&b));
  sb_free(&b);
  return printed;
}

/* diags contains `want` (as a substring, like -verify-diagnostics). */
static int has_diag(const char *want) { return strstr(sb_cstr(&diags), want) != NULL; }

#define CHECK_DIAG(want)                                                      \
  do {                                                                        \
    if (!CHECK(has_diag(want))) printf("  diagnostics were: %s\n", sb_cstr(&diags)); \
  } while (0)

/* ---- uniquing ---------------------------------------------------------------- */

static void test_uniquing(void) {
  IrContext *ctx = new_ctx();
  const IrType *f32 = ir_float_type(ctx, IR_F32);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  int64_t s48[] = {4, 8}, s84[] = {8, 4};
  const IrType *a = ct_tile_type(ctx, s48, 2, f32);
  CHECK(a == ct_tile_type(ctx, s48, 2, f32));
  CHECK(a != ct_tile_type(ctx, s84, 2, f32));
  CHECK(a != ct_tile_type(ctx, s48, 2, i32));
  CHECK(a == ty(ctx, "!cuda_tile.tile<4x8xf32>"));
  CHECK(ct_scalar_tile_type(ctx, f32) == ty(ctx, "!cuda_tile.tile<f32>"));
  CHECK(ct_ptr_type(ctx, f32) == ty(ctx, "!cuda_tile.ptr<f32>"));
  CHECK(ct_token_type(ctx) == ty(ctx, "!cuda_tile.token"));
  CHECK(ct_token_type(ctx) != ct_string_type(ctx));
  int64_t dyn[] = {IR_DYNAMIC, 16}, st[] = {16, 1};
  const IrType *tv = ct_tensor_view_type(ctx, f32, dyn, 2, st, 2);
  CHECK(tv == ty(ctx, "!cuda_tile.tensor_view<?x16xf32, strides=[16,1]>"));
  int64_t tile[] = {2, 4}, id[] = {0, 1}, sw[] = {1, 0};
  const IrType *pv = ct_partition_view_type(ctx, tile, 2, tv, id, 2, CT_NO_PADDING);
  CHECK(pv == ty(ctx, "!cuda_tile.partition_view<tile=(2x4), tensor_view<?x16xf32, strides=[16,1]>>"));
  CHECK(pv == ty(ctx, "!cuda_tile.partition_view<tile=(2x4), !cuda_tile.tensor_view<?x16xf32, strides=[16,1]>, dim_map=[0, 1]>"));
  CHECK(pv != ct_partition_view_type(ctx, tile, 2, tv, sw, 2, CT_NO_PADDING));
  CHECK(pv != ct_partition_view_type(ctx, tile, 2, tv, id, 2, CT_PAD_ZERO));
  /* attributes */
  CHECK(ct_enum_attr(ctx, &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
        at(ctx, "#cuda_tile.signedness<signed>"));
  CHECK(ct_enum_attr(ctx, &ct_enum_signedness, 1) != ct_enum_attr(ctx, &ct_enum_overflow, 1));
  CHECK(ct_enum_attr(ctx, &ct_enum_memory_scope, CT_SCOPE_SYS) ==
        ir_integer_attr(ctx, i32, 2));
  CHECK(ct_div_by_attr(ctx, 16, false, 0, false, 0) == at(ctx, "#cuda_tile.div_by<16>"));
  CHECK(ct_div_by_attr(ctx, 16, true, 4, true, 1) == at(ctx, "#cuda_tile.div_by<16, every 4 along 1>"));
  int64_t se[] = {1, 4};
  CHECK(ct_same_elements_attr(ctx, se, 2) == at(ctx, "#cuda_tile.same_elements<[1, 4]>"));
  CHECK(ct_bounded_attr(ctx, true, 0, false, 0) == at(ctx, "#cuda_tile.bounded<0, ?>"));
  CHECK(ct_bounded_attr(ctx, true, 0, false, 0) != ct_bounded_attr(ctx, true, 0, true, 0));
  const IrAttr *file = ct_di_file_attr(ctx, ir_string_attr(ctx, "f.py", 4), ir_string_attr(ctx, "/d", 2));
  CHECK(file == at(ctx, "#cuda_tile.di_file<\"f.py\" in \"/d\">"));
  const IrAttr *cu = ct_di_compile_unit_attr(ctx, file);
  CHECK(cu == at(ctx, "#cuda_tile.di_compile_unit<file = <\"f.py\" in \"/d\">>"));
  CHECK(cu == at(ctx, "#cuda_tile.di_compile_unit<file = #cuda_tile.di_file<\"f.py\" in \"/d\">>"));
  CHECK_STREQ(sb_cstr(&diags), "");
  ir_context_destroy(ctx);
}

/* ---- round trips -------------------------------------------------------------- */

/* input, canonical long form ("" = same as input) */
static const char *const type_cases[][2] = {
    {"!cuda_tile.tile<f32>", ""},
    {"!cuda_tile.tile<2xf32>", ""},
    {"!cuda_tile.tile<2x4x8xbf16>", ""},
    {"!cuda_tile.tile<2xf4E2M1FN>", ""},
    {"!cuda_tile.tile<4xf8E8M0FNU>", ""},
    {"!cuda_tile.tile<4xf8E4M3FN>", ""},
    {"!cuda_tile.tile<4xf8E5M2>", ""},
    {"!cuda_tile.tile<4xtf32>", ""},
    {"!cuda_tile.tile<8xi4>", ""},
    {"!cuda_tile.tile<8xi1>", ""},
    {"!cuda_tile.tile<i64>", ""},
    {"!cuda_tile.tile<4x!cuda_tile.ptr<i8>>", "!cuda_tile.tile<4xptr<i8>>"},
    {"!cuda_tile.tile<4xptr<i8>>", ""},
    {"!cuda_tile.tile<ptr<f64>>", ""},
    {"!cuda_tile.ptr<i1>", ""},
    {"!cuda_tile.ptr<f16>", ""},
    {"!cuda_tile.token", ""},
    {"!cuda_tile.string", ""},
    {"!cuda_tile.tensor_view<f32>", ""},
    {"!cuda_tile.tensor_view<2xf32, strides=[1]>", ""},
    {"!cuda_tile.tensor_view<?x2xf32, strides=[1, ?]>", "!cuda_tile.tensor_view<?x2xf32, strides=[1,?]>"},
    {"!cuda_tile.tensor_view<?x?xf16, strides=[?,?]>", ""},
    {"!cuda_tile.tensor_view<512x1024xf16, strides=[1024,1]>", ""},
    {"!cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>", ""},
    {"!cuda_tile.partition_view<tile=(2), padding_value = neg_zero, tensor_view<16xf32, strides=[1]>>", ""},
    {"!cuda_tile.partition_view<tile=(2), padding_value=pos_inf, !cuda_tile.tensor_view<16xf32, strides=[1]>>",
     "!cuda_tile.partition_view<tile=(2), padding_value = pos_inf, tensor_view<16xf32, strides=[1]>>"},
    {"!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 1]>",
     "!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>"},
    {"!cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>", ""},
    {"!cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<64x16xf32, strides=[16,1]>>", ""},
    {"!cuda_tile.strided_view<tile=(4x2), traversal_strides=[4, 3], padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>",
     "!cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], padding_value = nan, tensor_view<64x16xf32, strides=[16,1]>, dim_map=[1, 0]>"},
    {"!cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=1>", ""},
    {"!cuda_tile.gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>", ""},
};

static void test_type_round_trips(void) {
  IrContext *ctx = new_ctx();
  for (size_t i = 0; i < sizeof type_cases / sizeof type_cases[0]; i++) {
    const char *in = type_cases[i][0];
    const char *want = type_cases[i][1][0] ? type_cases[i][1] : in;
    const IrType *t = ty(ctx, in);
    if (!CHECK(t != NULL)) {
      printf("  input: %s\n  diagnostics: %s\n", in, sb_cstr(&diags));
      continue;
    }
    CHECK_STREQ(type_str(t), want);
    CHECK(ty(ctx, want) == t);
    CHECK(ct_type_is_dialect(t));
  }
  CHECK_STREQ(sb_cstr(&diags), "");
  ir_context_destroy(ctx);
}

static const char *const attr_cases[][2] = {
    {"#cuda_tile.signedness<unsigned>", ""},
    {"#cuda_tile.overflow<no_signed_wrap>", ""},
    {"#cuda_tile.overflow<none>", ""},
    {"#cuda_tile.rounding<nearest_int_to_zero>", ""},
    {"#cuda_tile.rounding<full>", ""},
    {"#cuda_tile.comparison_ordering<unordered>", ""},
    {"#cuda_tile.comparison_predicate<greater_than_or_equal>", ""},
    {"#cuda_tile.padding_value<zero>", ""},
    {"#cuda_tile.symbol_visibility<private>", ""},
    {"#cuda_tile.div_by<1>", ""},
    {"#cuda_tile.div_by<32, every 4 along 0>", ""},
    {"#cuda_tile.div_by<18446744073709551615>", ""},
    {"#cuda_tile.same_elements<[2, 4]>", ""},
    {"#cuda_tile.same_elements<[]>", ""},
    {"#cuda_tile.bounded<?, 42>", ""},
    {"#cuda_tile.bounded<?,?>", "#cuda_tile.bounded<?, ?>"},
    {"#cuda_tile.bounded<-9223372036854775808, 9223372036854775807>", ""},
    {"#cuda_tile.optimization_hints<>", ""},
    {"#cuda_tile.optimization_hints<sm_120={occupancy=2, num_cta_in_cga=2}, sm_100={num_cta_in_cga=2}>",
     "#cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}>"},
    {"#cuda_tile.optimization_hints<\"default\" = {allow_tma = false, latency = 3}>",
     "#cuda_tile.optimization_hints<default = {allow_tma = false, latency = 3}>"},
    {"#cuda_tile.di_file<\"foo.py\" in \"/tmp/\">", ""},
    {"#cuda_tile.di_compile_unit<file = #cuda_tile.di_file<\"a\" in \"b\">>", ""},
    {"#cuda_tile.di_subprogram<linkageName = \"l\", file = #cuda_tile.di_file<\"a\" in \"b\">, name = \"n\", "
     "line = 1, compileUnit = <file = <\"a\" in \"b\">>, scopeLine = 0>",
     "#cuda_tile.di_subprogram<file = #cuda_tile.di_file<\"a\" in \"b\">, line = 1, name = \"n\", linkageName = \"l\", "
     "compileUnit = #cuda_tile.di_compile_unit<file = #cuda_tile.di_file<\"a\" in \"b\">>>"},
    {"#cuda_tile.di_lexical_block<scope = #cuda_tile.di_subprogram<file = #cuda_tile.di_file<\"a\" in \"b\">, line = 1, "
     "name = \"n\", linkageName = \"l\", compileUnit = #cuda_tile.di_compile_unit<file = #cuda_tile.di_file<\"a\" in \"b\">>, "
     "scopeLine = 2>, file = #cuda_tile.di_file<\"a\" in \"b\">, line = 3, column = 4>",
     ""},
};

static void test_attr_round_trips(void) {
  IrContext *ctx = new_ctx();
  for (size_t i = 0; i < sizeof attr_cases / sizeof attr_cases[0]; i++) {
    const char *in = attr_cases[i][0];
    const char *want = attr_cases[i][1][0] ? attr_cases[i][1] : in;
    const IrAttr *a = at(ctx, in);
    if (!CHECK(a != NULL)) {
      printf("  input: %s\n  diagnostics: %s\n", in, sb_cstr(&diags));
      continue;
    }
    CHECK_STREQ(attr_str(a), want);
    if (!CHECK(at(ctx, want) == a)) printf("  input: %s\n", in);
  }
  CHECK_STREQ(sb_cstr(&diags), "");
  /* di_loc is a location; its payload refers to a file:line:col location. */
  const IrAttr *sp = at(ctx, "#cuda_tile.di_subprogram<file = <\"a\" in \"b\">, line = 1, name = \"n\", "
                             "linkageName = \"l\", compileUnit = <file = <\"a\" in \"b\">>>");
  const IrAttr *dl = at(ctx, "#cuda_tile.di_loc<loc(\"x.py\":3:4) in #cuda_tile.di_subprogram<file = "
                             "<\"a\" in \"b\">, line = 1, name = \"n\", linkageName = \"l\", compileUnit = "
                             "<file = <\"a\" in \"b\">>>>");
  CHECK(dl && ir_attr_is_loc(dl) && ct_attr_is_di_loc(dl));
  if (dl && sp) {
    CHECK(ct_di_loc_scope(dl) == sp);
    CHECK(ct_di_loc(ctx, ir_file_loc(ctx, ir_identz(ctx, "x.py"), 3, 4), sp) == dl);
  }
  ir_context_destroy(ctx);
}

/* ---- verifier and parse errors --------------------------------------------------- */

/* input (a type or, with '#', an attribute), expected diagnostic */
static const char *const error_cases[][2] = {
    /* tile */
    {"!cuda_tile.tile<5x?xf32>", "expected static shape"},
    {"!cuda_tile.tile<8x4xi28>",
     "failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or i1 or "
     "i8 or i16 or i32 or i64 or Pointer type"},
    {"!cuda_tile.tile<4xsi32>", "failed to verify 'elementType': f16 or bf16"},
    {"!cuda_tile.tile<4xf80>", "failed to verify 'elementType': f16 or bf16"},
    {"!cuda_tile.tile<4x!cuda_tile.token>", "failed to verify 'elementType': f16 or bf16"},
    {"!cuda_tile.tile<4xtensor<4xf32>>", "failed to verify 'elementType': f16 or bf16"},
    {"!cuda_tile.tile<5x5xf32>", "all dimensions must be powers of two, got 5, 5"},
    {"!cuda_tile.tile<1x0x2xf32>", "all dimensions must be positive constants, got 1, 0, 2"},
    {"!cuda_tile.tile<0x4xf32>", "all dimensions must be positive constants, got 0, 4"},
    {"!cuda_tile.tile<1024x1024x1024xf32>", "tile would exceed the maximum of 16777216 elements"},
    {"!cuda_tile.tile<f4E2M1FN>", "F4E2M1FN tiles must have an even number of elements"},
    {"!cuda_tile.tile<1x1xf4E2M1FN>", "F4E2M1FN tiles must have an even number of elements"},
    {"!cuda_tile.tile<1x-1xf32>", "expected valid keyword"},
    {"!cuda_tile.tile<4>", "expected 'x' in dimension list"},
    {"!cuda_tile.tile<4xpluto>", "unknown type: pluto"},
    {"!cuda_tile.tile<4xf32", "unbalanced '<' character in pretty dialect name"},
    {"!cuda_tile.tile<4xf32 4>", "expected '>'"},
    {"!cuda_tile.foo<4>", "unknown  type `foo` in dialect `cuda_tile`"},
    /* ptr */
    {"!cuda_tile.ptr<!cuda_tile.ptr<f32>>",
     "failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or "
     "f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64"},
    {"!cuda_tile.ptr<i4>", "failed to verify 'pointeeType'"},
    {"!cuda_tile.ptr<tile<2x2xf32>>", "failed to verify 'pointeeType'"},
    /* tensor_view */
    {"!cuda_tile.tensor_view<f32, strides=[]>", "strides must not be provided for 0-d tiles"},
    {"!cuda_tile.tensor_view<f16,>", "unexpected token after element type in 0-d tensor_view"},
    {"!cuda_tile.tensor_view<2xf32>", "expected 'strides'"},
    {"!cuda_tile.tensor_view<?xf32, strides=[-5]>", "expected strictly positive integer, got -5"},
    {"!cuda_tile.tensor_view<?xf32, strides=[0]>", "expected strictly positive integer, got 0"},
    {"!cuda_tile.tensor_view<?xf32, strides=[-9223372036854775808]>",
     "expected strictly positive integer, got -9223372036854775808"},
    {"!cuda_tile.tensor_view<?x32xf32, strides=[, 32]>", "expected either 64-bit integer or question mark"},
    {"!cuda_tile.tensor_view<?xf32, strides=[4, 1]>",
     "expected shape and stride to be of same rank but got shape of rank 1 and stride of rank 2"},
    {"!cuda_tile.tensor_view<0xf32, strides=[1]>",
     "dimensions must have strictly positive constant sizes but got [0]"},
    {"!cuda_tile.tensor_view<4xi4, strides=[1]>",
     "failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or "
     "f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64"},
    {"!cuda_tile.tensor_view<4xptr<f32>, strides=[1]>", "failed to verify 'elementType'"},
    /* partition_view */
    {"!cuda_tile.partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0]>",
     "expected dim_map to map exactly all 2 dimensions of the tile, got 1 mappings"},
    {"!cuda_tile.partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[2, 1]>",
     "target dimension is outside of tensor view dimensions, expected strictly less than 2, got 2"},
    {"!cuda_tile.partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0, 0]>",
     "target dimension 0 mapped at least twice (for tile dimensions 0 and 1)"},
    {"!cuda_tile.partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[-1, 1]>",
     "target dimension must not be negative, got -1"},
    {"!cuda_tile.partition_view<tile=(5x1024), tensor_view<4096x4096xf32, strides=[4096,1]>>",
     "tile shape dimensions must have power of two length but got [5, 1024]"},
    {"!cuda_tile.partition_view<tile=(1099511627776x1024), tensor_view<4096x4096xf32, strides=[4096,1]>>",
     "tile dimension 0 exceeds i32 limitations (got 1099511627776, expected strictly positive and less than "
     "or equal to 2147483647)"},
    {"!cuda_tile.partition_view<tile=(1x1), tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>",
     "expected tensor_view rank and tile rank to match, got tensor_view of rank 3 and tiles of rank 2"},
    {"!cuda_tile.partition_view<tile=(), tensor_view<f32>>", "0-dimension tile shape is not supported"},
    {"!cuda_tile.partition_view<tile=(2), padding_value = bad, tensor_view<16xf32, strides=[1]>>",
     "invalid padding_value attribute specification. Got \"bad\" but expect one of: zero, neg_zero, nan, "
     "pos_inf, neg_inf"},
    {"!cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xi32, strides=[1]>>",
     "padding_value nan can only be used with floating point element types, got 'i32'"},
    {"!cuda_tile.partition_view<tile=(2), padding_value = zero, tensor_view<16xi32, strides=[1]>, dim_map=[1]>",
     "target dimension is outside of tensor view dimensions"},
    {"!cuda_tile.partition_view<tile=(2), tile<16xf32>>",
     "expected 'tensor_view' type, but got '!cuda_tile.tile<16xf32>'"},
    {"!cuda_tile.partition_view<tile=(16x16), tensor_view<8x8xf32, strides=[8,1]>>", ""},
    {"!cuda_tile.partition_view<tile=(8192x4096), tensor_view<8192x4096xf32, strides=[4096,1]>>",
     "tile would exceed the maximum of 16777216 elements"},
    /* strided_view */
    {"!cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1], tensor_view<4096x4096xf32, strides=[4096,1]>>",
     "expected 2 traversal strides, got 1"},
    {"!cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1,0], tensor_view<4096x4096xf32, strides=[4096,1]>>",
     "traversal strides must be strictly positive but got [1, 0]"},
    {"!cuda_tile.strided_view<tile=(), traversal_strides=[], tensor_view<f32>>",
     "0-dimension tile shape is not supported"},
    /* gather_scatter_view */
    {"!cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=2>",
     "gather dimension is outside of tensor view dimensions, expected strictly less than 2, got 2"},
    {"!cuda_tile.gather_scatter_view<tile=(8x3), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>",
     "tile shape dimensions must have power of two length but got [8, 3]"},
    {"!cuda_tile.gather_scatter_view<tile=(8x16), padding_value = neg_inf, tensor_view<64x16xi8, strides=[16,1]>, sparse_dim=0>",
     "padding_value neg_inf can only be used with floating point element types, got 'i8'"},
    /* enums */
    {"#cuda_tile.signedness<maybe>", "expected ::mlir::cuda_tile::Signedness to be one of: unsigned, signed"},
    {"#cuda_tile.signedness<maybe>",
     "failed to parse CudaTile_SignednessAttr parameter 'value' which is to be a `::mlir::cuda_tile::Signedness`"},
    {"#cuda_tile.rounding<>", "expected valid keyword"},
    {"#cuda_tile.padding_value<inf>",
     "expected ::mlir::cuda_tile::PaddingValue to be one of: zero, neg_zero, nan, pos_inf, neg_inf"},
    {"#cuda_tile.bogus<1>", "unknown attribute `bogus` in dialect `cuda_tile`"},
    /* assume predicates */
    {"#cuda_tile.div_by<x>", "failed to parse parameter 'divisor' which is expected to be an integer"},
    {"#cuda_tile.div_by<4, every 2>", "expected 'along'"},
    {"#cuda_tile.div_by<4, along 2>", "expected 'every'"},
    {"#cuda_tile.same_elements<[a]>",
     "failed to parse CudaTile_SameElementsAttr parameter 'values' which is to be a `DenseI64ArrayAttr`"},
    {"#cuda_tile.bounded<1>", "expected ','"},
    /* optimization hints */
    {"#cuda_tile.optimization_hints<2>", "expected valid keyword or string"},
    {"#cuda_tile.optimization_hints<sm_100=2>",
     "expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64"},
    {"#cuda_tile.optimization_hints<sm_100={}, sm_100={}>", "duplicate optimization_hints key `sm_100`"},
    /* debug info */
    {"#cuda_tile.di_file<1 in \"x\">", "invalid kind of attribute specified"},
    {"#cuda_tile.di_file<1 in \"x\">",
     "failed to parse CudaTile_DIFileAttr parameter 'name' which is to be a `StringAttr`"},
    {"#cuda_tile.di_compile_unit<>", "expected a parameter name in struct"},
    {"#cuda_tile.di_compile_unit<file = #cuda_tile.di_compile_unit<file = <\"a\" in \"b\">>>",
     "failed to parse CudaTile_DICompileUnitAttr parameter 'file' which is to be a `DIFileAttr`"},
    {"#cuda_tile.di_subprogram<file = <\"a\" in \"b\">, line = 1, linkageName = \"l\", compileUnit = "
     "<file = <\"a\" in \"b\">>>",
     "struct is missing required parameter: name"},
    {"#cuda_tile.di_subprogram<file = <\"a\" in \"b\">, line = 1, line = 2>",
     "duplicate or unknown struct parameter name: line"},
    {"#cuda_tile.di_subprogram<file = <\"a\" in \"b\">, line = -1>", "integer value too large"},
    {"#cuda_tile.di_lexical_block<scope = #cuda_tile.di_file<\"a\" in \"b\">, file = <\"a\" in \"b\">, line = 1>",
     "failed to parse CudaTile_DILexicalBlockAttr parameter 'scope' which is to be a `DILocalScopeAttr`"},
    {"#cuda_tile.di_loc<loc(unknown) in #cuda_tile.di_subprogram<file = <\"a\" in \"b\">, line = 1, name = "
     "\"n\", linkageName = \"l\", compileUnit = <file = <\"a\" in \"b\">>>>",
     "failed to parse CudaTile_DILocAttr parameter 'sourceLoc' which is to be a `FileLineColLoc`"},
};

static void test_errors(void) {
  for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
    IrContext *ctx = new_ctx();
    const char *in = error_cases[i][0], *want = error_cases[i][1];
    bool ok = in[0] == '#' ? at(ctx, in) != NULL : ty(ctx, in) != NULL;
    if (!want[0]) {
      /* a type whose tile exceeds the tensor view is fine */
      if (!CHECK(ok)) printf("  input: %s\n  diagnostics: %s\n", in, sb_cstr(&diags));
    } else {
      CHECK(!ok);
      if (!CHECK(has_diag(want)))
        printf("  input: %s\n  wanted: %s\n  diagnostics: %s\n", in, want, sb_cstr(&diags));
    }
    ir_context_destroy(ctx);
  }
}

/* The verifiers called directly (builders, bytecode), reporting to a loc. */
static void test_direct_verifiers(void) {
  IrContext *ctx = new_ctx();
  CtEmitter e = ct_emitter_loc(ctx, ir_unknown_loc(ctx));
  const IrType *f32 = ir_float_type(ctx, IR_F32), *i8 = ir_integer_type(ctx, 8, IR_SIGNLESS);
  int64_t s[] = {4, 6};
  CHECK(ct_tile_type_checked(ctx, &e, s, 2, f32) == NULL);
  CHECK_DIAG("all dimensions must be powers of two, got 4, 6");
  CHECK(!ct_verify_tile_type(NULL, s, 2, f32)); /* silent query */
  int64_t ok[] = {4, 8};
  CHECK(ct_tile_type_checked(ctx, &e, ok, 2, f32) == ct_tile_type(ctx, ok, 2, f32));
  CHECK(ct_verify_ptr_type(NULL, i8) && !ct_verify_ptr_type(NULL, ct_ptr_type(ctx, i8)));
  int64_t dyn[] = {IR_DYNAMIC, -3}, st1[] = {1, IR_DYNAMIC};
  sb_clear(&diags);
  CHECK(!ct_verify_tensor_view_type(&e, f32, dyn, 2, st1, 2));
  CHECK_DIAG("dimensions must have strictly positive constant sizes but got [?, -3]");
  int64_t good[] = {IR_DYNAMIC, 8}, badst[] = {0, IR_DYNAMIC};
  sb_clear(&diags);
  CHECK(!ct_verify_tensor_view_type(&e, f32, good, 2, badst, 2));
  CHECK_DIAG("dimensions must have strictly positive constant strides but got [0, ?]");
  const IrType *tv = ct_tensor_view_type(ctx, f32, good, 2, st1, 2);
  int64_t tile[] = {2, 2}, map[] = {0, 1};
  sb_clear(&diags);
  CHECK(!ct_verify_partition_view_type(&e, tile, 2, f32, map, 2, CT_NO_PADDING));
  CHECK_DIAG("expected 'tensor_view' type, but got 'f32'");
  CHECK(ct_verify_partition_view_type(NULL, tile, 2, tv, map, 2, CT_PAD_NAN));
  CHECK(ct_verify_gather_scatter_view_type(NULL, tile, 2, tv, 1, CT_NO_PADDING));
  /* TileView index rules */
  const IrType *pv = ct_partition_view_type(ctx, tile, 2, tv, map, 2, CT_NO_PADDING);
  CHECK_EQ_INT(ct_view_index_rank(pv), 2);
  int64_t t22[] = {2, 2};
  CHECK(ct_view_tile_type(ctx, pv) == ct_tile_type(ctx, t22, 2, f32));
  const IrType *si32 = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS));
  const IrType *si64 = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS));
  const IrType *idx_ok[] = {si32, si32}, *idx_mix[] = {si32, si64};
  CHECK(ct_view_verify_indices(&e, pv, idx_ok, 2));
  sb_clear(&diags);
  CHECK(!ct_view_verify_indices(&e, pv, idx_mix, 2));
  CHECK_DIAG("expected index type 1 to be the same as other index types ('!cuda_tile.tile<i32>'), got "
             "'!cuda_tile.tile<i64>'");
  const IrType *gv = ct_gather_scatter_view_type(ctx, tile, 2, tv, 0, CT_NO_PADDING);
  int64_t two[] = {2}, four[] = {4};
  const IrType *g_ok[] = {ct_tile_type(ctx, two, 1, ir_integer_type(ctx, 32, IR_SIGNLESS)), si32};
  const IrType *g_bad[] = {ct_tile_type(ctx, four, 1, ir_integer_type(ctx, 32, IR_SIGNLESS)), si32};
  CHECK(ct_view_verify_indices(&e, gv, g_ok, 2));
  sb_clear(&diags);
  CHECK(!ct_view_verify_indices(&e, gv, g_bad, 2));
  CHECK_DIAG("expected gather/scatter index size (4) to match tile shape at gather/scatter dimension 0 (2)");
  ir_context_destroy(ctx);
}

/* ---- accessors ---------------------------------------------------------------------- */

static void test_accessors(void) {
  IrContext *ctx = new_ctx();
  const IrType *sv = ty(ctx, "!cuda_tile.strided_view<tile=(4x2), traversal_strides=[4,3], padding_value = nan, "
                             "tensor_view<64x?xf32, strides=[?,1]>, dim_map=[1, 0]>");
  if (CHECK(sv != NULL)) {
    CHECK(ct_type_is_strided_view(sv) && ct_type_is_view(sv));
    CHECK_EQ_INT(ct_view_tile_rank(sv), 2);
    CHECK_EQ_INT(ct_view_tile_shape(sv)[0], 4);
    CHECK_EQ_INT(ct_view_tile_shape(sv)[1], 2);
    CHECK_EQ_INT(ct_view_num_traversal_strides(sv), 2);
    CHECK_EQ_INT(ct_view_traversal_strides(sv)[1], 3);
    CHECK_EQ_INT(ct_view_dim_map_size(sv), 2);
    CHECK_EQ_INT(ct_view_dim_map(sv)[0], 1);
    CHECK_EQ_INT(ct_view_padding(sv), CT_PAD_NAN);
    const IrType *tv = ct_view_tensor_view(sv);
    CHECK(ct_type_is_tensor_view(tv));
    CHECK_EQ_INT(ct_tensor_view_rank(tv), 2);
    CHECK_EQ_INT(ct_tensor_view_shape(tv)[1], IR_DYNAMIC);
    CHECK_EQ_INT(ct_tensor_view_strides(tv)[0], IR_DYNAMIC);
    CHECK_EQ_INT(ct_tensor_view_num_dynamic_shape(tv), 1);
    CHECK_EQ_INT(ct_tensor_view_num_dynamic_strides(tv), 1);
  }
  const IrType *g = ty(ctx, "!cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, "
                            "strides=[16,1]>, sparse_dim=1>");
  if (CHECK(g != NULL)) {
    CHECK_EQ_INT(ct_view_sparse_dim(g), 1);
    CHECK_EQ_INT(ct_view_padding(g), CT_NO_PADDING);
    CHECK_EQ_INT(ct_view_dim_map_size(g), 0);
  }
  const IrType *t = ty(ctx, "!cuda_tile.tile<2x4x8xi16>");
  if (CHECK(t != NULL)) CHECK_EQ_INT(ct_tile_type_num_elements(t), 64);
  /* element classes */
  CHECK(ct_type_is_number(ir_float_type(ctx, IR_F8E8M0FNU)));
  CHECK(!ct_type_is_number(ir_float_type(ctx, IR_F8E4M3FNUZ)));
  CHECK(!ct_type_is_number(ir_integer_type(ctx, 4, IR_SIGNLESS)));
  CHECK(ct_type_is_tile_element(ir_integer_type(ctx, 4, IR_SIGNLESS)));
  CHECK(!ct_type_is_tile_element(ir_integer_type(ctx, 8, IR_UNSIGNED)));
  CHECK(!ct_type_is_tile_element(ir_index_type(ctx)));
  ir_context_destroy(ctx);
}

/* ---- enums -------------------------------------------------------------------------- */

static void test_enums(void) {
  IrContext *ctx = new_ctx();
  CHECK_EQ_INT(ct_enum_lookup(&ct_enum_rounding, str_z("nearest_int_to_zero")), 6);
  CHECK_EQ_INT(ct_enum_lookup(&ct_enum_rounding, str_z("nearest")), -1);
  CHECK_STREQ(ct_enum_keyword(&ct_enum_atomic_rmw_mode, CT_RMW_XCHG), "xchg");
  CHECK_STREQ(ct_enum_keyword(&ct_enum_memory_ordering_semantics, CT_MEM_ACQ_REL), "acq_rel");
  CHECK(ct_enum_keyword(&ct_enum_memory_scope, 3) == NULL);
  CHECK(ct_enum_attr(ctx, &ct_enum_overflow, 4) == NULL);
  const IrAttr *r = ct_enum_attr(ctx, &ct_enum_rounding, CT_ROUNDING_APPROX);
  CHECK_EQ_INT(ct_enum_value(r, &ct_enum_rounding), CT_ROUNDING_APPROX);
  CHECK_EQ_INT(ct_enum_value(r, &ct_enum_overflow), -1);
  CHECK(ct_enum_of_attr(r) == &ct_enum_rounding);
  CHECK_STREQ(attr_str(r), "#cuda_tile.rounding<approx>");
  const IrAttr *m = ct_enum_attr(ctx, &ct_enum_memory_ordering_semantics, CT_MEM_RELEASE);
  CHECK_STREQ(attr_str(m), "3 : i32");
  CHECK_EQ_INT(ct_enum_value(m, &ct_enum_memory_ordering_semantics), CT_MEM_RELEASE);
  CHECK_EQ_INT(ct_enum_value(ir_integer_attr(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), 7),
                             &ct_enum_memory_scope), -1);
  CHECK_EQ_INT(ct_rounding_default(CT_RSYN_EXP), CT_ROUNDING_FULL);
  CHECK_EQ_INT(ct_rounding_default(CT_RSYN_INTEGER), CT_ROUNDING_NEAREST_INT_TO_ZERO);
  ir_context_destroy(ctx);
}

/* ---- dense constants ------------------------------------------------------------------ */

static void test_dense(void) {
  IrContext *ctx = new_ctx();
  const IrType *i8 = ir_integer_type(ctx, 8, IR_SIGNLESS);
  int64_t s4[] = {4};
  const IrType *t = ct_tile_type(ctx, s4, 1, i8);
  uint8_t same[] = {7, 7, 7, 7}, diff[] = {0xFF, 1, 2, 3};
  const IrAttr *sp = ct_dense_attr(ctx, t, same, 4);
  CHECK(ct_dense_is_splat(sp));
  CHECK(sp == ct_dense_attr(ctx, t, same, 1));
  CHECK_EQ_INT(ct_dense_int(sp, 3), 7);
  const IrAttr *d = ct_dense_attr(ctx, t, diff, 4);
  CHECK(!ct_dense_is_splat(d));
  CHECK_EQ_INT(ct_dense_num_elements(d), 4);
  CHECK_EQ_INT(ct_dense_int(d, 0), -1);
  CHECK_EQ_INT(ct_dense_bits(d, 0), 0xFF);
  CHECK_EQ_INT(ct_dense_int(d, 3), 3);
  CHECK(ct_dense_elem_type_ok(ir_float_type(ctx, IR_F4E2M1FN)));
  CHECK(!ct_dense_elem_type_ok(ir_integer_type(ctx, 4, IR_SIGNLESS)));
  /* the generic form of a constant: a builtin dense typed by the tile */
  CHECK_STREQ(attr_str(d), "dense<[-1, 1, 2, 3]> : !cuda_tile.tile<4xi8>");
  CHECK(at(ctx, "dense<[-1, 1, 2, 3]> : !cuda_tile.tile<4xi8>") == d);
  CHECK(at(ctx, "dense<7> : !cuda_tile.tile<4xi8>") == sp);
  const IrType *f16 = ir_float_type(ctx, IR_F16);
  const IrType *tf = ct_scalar_tile_type(ctx, f16);
  uint16_t one = 0x3C00;
  const IrAttr *fa = ct_dense_attr(ctx, tf, &one, 1);
  CHECK(ct_dense_float(fa, 0) == 1.0);
  ir_context_destroy(ctx);
}

/* Parses and prints a whole module (through the ops' custom syntax, which
 * calls the dense and hint helpers). */
static const char *module_text(IrContext *ctx, const char *src, StrBuf *out) {
  IrOp *m = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  sb_clear(out);
  if (!m) return NULL;
  asm_print_op_to(out, m, &(AsmPrintOptions){0});
  ir_op_destroy(m);
  return sb_cstr(out);
}

static void test_dense_syntax(void) {
  static const char *const cases[][2] = {
      {"<i16: 0xFFFF> : tile<i16>", "<i16: -1> : tile<i16>"},
      {"<i8: 255> : tile<i8>", "<i8: -1> : tile<i8>"},
      {"<i32: [42, 42]> : tile<2xi32>", "<i32: 42> : tile<2xi32>"},
      {"<i32: 42> : tile<4x4xi32>", "<i32: 42> : tile<4x4xi32>"},
      {"<i1: [[true, false], [false, true]]> : tile<2x2xi1>", "<i1: [[true, false], [false, true]]> : tile<2x2xi1>"},
      {"<i1: -1> : tile<i1>", "<i1: true> : tile<i1>"},
      {"<f32: [1.0, 2.5]> : tile<2xf32>", "<f32: [1.000000e+00, 2.500000e+00]> : tile<2xf32>"},
      {"<f32: 0xFF800000> : tile<f32>", "<f32: 0xFF800000> : tile<f32>"},
      {"<f16: 70000.0> : tile<f16>", "<f16: 0x7C00> : tile<f16>"},
      {"<f4E2M1FN: [0x2, 0x4]> : tile<2xf4E2M1FN>", "<f4E2M1FN: [1.000000e+00, 2.000000e+00]> : tile<2xf4E2M1FN>"},
      {"<bf16: -2.0> : !cuda_tile.tile<2xbf16>", "<bf16: -2.000000e+00> : tile<2xbf16>"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    IrContext *ctx = new_ctx();
    StrBuf src = {0}, out = {0};
    sb_printf(&src, "cuda_tile.module @m {\n  entry @k() {\n    %%c = constant %s\n    return\n  }\n}\n",
              cases[i][0]);
    const char *got = module_text(ctx, sb_cstr(&src), &out);
    if (!CHECK(got && strstr(got, cases[i][1])))
      printf("  input: %s\n  wanted: %s\n  got: %s\n  diagnostics: %s\n", cases[i][0], cases[i][1],
             got ? got : "(null)", sb_cstr(&diags));
    sb_free(&src);
    sb_free(&out);
    ir_context_destroy(ctx);
  }
  /* more than 100 distinct elements print as a hex blob */
  IrContext *ctx = new_ctx();
  StrBuf src = {0}, out = {0};
  sb_puts(&src, "cuda_tile.module @m {\n  entry @k() {\n    %c = constant <i8: [");
  for (int i = 0; i < 128; i++) sb_printf(&src, "%s%d", i ? ", " : "", i);
  sb_puts(&src, "]> : tile<128xi8>\n    return\n  }\n}\n");
  const char *got = module_text(ctx, sb_cstr(&src), &out);
  CHECK(got && strstr(got, "<i8: \"0x000102030405060708090A0B0C0D0E0F10"));
  sb_free(&src);
  sb_free(&out);
  ir_context_destroy(ctx);

  static const char *const bad[][2] = {
      {"<i1: [[true, true], [true, true]]> : !cuda_tile.tile<4x2xi1>",
       "inferred shape of elements literal ([2, 2]) does not match type ([4, 2])"},
      {"<i1: [[true, true], [true]]> : !cuda_tile.tile<2x2xi1>",
       "tensor literal is invalid; ranks are not consistent between elements"},
      {"<i32: [[[1, 2]], [[3, 4], [5, 6]]]> : !cuda_tile.tile<2x2x2xi32>",
       "tensor literal is invalid; ranks are not consistent between elements"},
      {"<i32: [1, [2, 3]]> : !cuda_tile.tile<2x2xi32>",
       "tensor literal is invalid; ranks are not consistent between elements"},
      {"<i32: [1]> : !cuda_tile.tile<i32>", "inferred shape of elements literal ([1]) does not match type ([])"},
      {"<i16: ABC> : !cuda_tile.tile<i16>", "expected integer value"},
      {"<i8: true> : !cuda_tile.tile<i8>", "expected integer value"},
      {"<i8: 0x10AB> : !cuda_tile.tile<i8>", "integer constant out of range for type"},
      {"<i8: -129> : !cuda_tile.tile<i8>", "integer constant out of range for type"},
      {"<i16: 65536> : !cuda_tile.tile<i16>", "integer constant out of range for type"},
      {"<i1: 2> : !cuda_tile.tile<i1>", "integer constant out of range for type"},
      {"<f16: 0x12345678> : !cuda_tile.tile<f16>", "float constant out of range for type"},
      {"<f32: 5> : !cuda_tile.tile<f32>", "unexpected decimal integer literal for a floating point value"},
      {"<f32: 5> : !cuda_tile.tile<f32>", "add a trailing dot to make the literal a float"},
      {"<f16: 42.0> : !cuda_tile.tile<f32>", "mismatch between the element type: 'f16' and the tile element type 'f32'"},
      {"<pluto : 42.0> : !cuda_tile.tile<f32>", "unknown type: pluto"},
      {"<pluto : 42.0> : !cuda_tile.tile<f32>",
       "expect element type to be one of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or "
       "f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '<<NULL TYPE>>'"},
      {"<i4 : 1> : !cuda_tile.tile<2xi4>", "values, but got 'i4'"},
      {"<f32: 1.0> : tensor<f32>", "result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or "
                                   "f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, "
                                   "but got 'tensor<f32>'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ctx = new_ctx();
    StrBuf s2 = {0}, o2 = {0};
    sb_printf(&s2, "cuda_tile.module @m {\n  entry @k() {\n    %%c = constant %s\n    return\n  }\n}\n", bad[i][0]);
    CHECK(module_text(ctx, sb_cstr(&s2), &o2) == NULL);
    if (!CHECK(has_diag(bad[i][1])))
      printf("  input: %s\n  wanted: %s\n  diagnostics: %s\n", bad[i][0], bad[i][1], sb_cstr(&diags));
    sb_free(&s2);
    sb_free(&o2);
    ir_context_destroy(ctx);
  }
}

/* ---- assume predicates ------------------------------------------------------------------ */

/* An unregistered op to attach predicate diagnostics to. */
static IrOp *dummy_op(IrContext *ctx) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "x.assume", 8), ir_unknown_loc(ctx));
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

static void test_assume_verify(void) {
  static const char *const cases[][3] = {
      /* predicate, constrained type, expected message ("" = valid) */
      {"#cuda_tile.div_by<16>", "!cuda_tile.tile<f32>",
       "'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values"},
      {"#cuda_tile.div_by<9223372036854775808>", "!cuda_tile.tile<i8>", "'cuda_tile.div_by' divisor is too large"},
      {"#cuda_tile.div_by<4611686018427387904>", "!cuda_tile.tile<i8>", ""},
      {"#cuda_tile.div_by<7>", "!cuda_tile.tile<16xi32>", "'cuda_tile.div_by' divisor must be a power of 2"},
      {"#cuda_tile.div_by<0>", "!cuda_tile.tile<16xi32>", "'cuda_tile.div_by' divisor must be a power of 2"},
      {"#cuda_tile.div_by<1, every 8 along 0>", "!cuda_tile.tile<!cuda_tile.ptr<f16>>",
       "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile"},
      {"#cuda_tile.div_by<1, every 8 along 0>", "!cuda_tile.tensor_view<64x64xf16, strides=[1,1]>",
       "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view"},
      {"#cuda_tile.div_by<16>", "!cuda_tile.tensor_view<64x64xf16, strides=[1,1]>", ""},
      {"#cuda_tile.div_by<1, every 24 along 0>", "!cuda_tile.tile<16xi32>",
       "expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (16)"},
      {"#cuda_tile.div_by<1, every 2 along 1>", "!cuda_tile.tile<16xi32>",
       "'cuda_tile.div_by' every_dim (1) must be >= 0 and < tile rank (1)"},
      {"#cuda_tile.div_by<32, every 4 along 0>", "!cuda_tile.tile<4x8x!cuda_tile.ptr<f32>>", ""},
      {"#cuda_tile.same_elements<[8]>", "!cuda_tile.tile<!cuda_tile.ptr<f16>>",
       "expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (0)"},
      {"#cuda_tile.same_elements<[8]>", "!cuda_tile.tile<16xf32>",
       "'cuda_tile.same_elements' is valid only for tile of integer/pointer values"},
      {"#cuda_tile.same_elements<[24]>", "!cuda_tile.tile<16xi32>",
       "expected 'cuda_tile.same_elements' value 0 to be within 0 and the size of the respective dimension (16)"},
      {"#cuda_tile.same_elements<[2, 4]>", "!cuda_tile.tile<4x8xi16>", ""},
      {"#cuda_tile.bounded<0, 0>", "!cuda_tile.tile<16xf32>", "'cuda_tile.bounded' is valid only for tile of integer values"},
      {"#cuda_tile.bounded<0, 128>", "!cuda_tile.tile<16xi8>",
       "'cuda_tile.bounded' expects upper bound to be within [-128, 127]"},
      {"#cuda_tile.bounded<-129, 6>", "!cuda_tile.tile<16xi8>",
       "'cuda_tile.bounded' expects lower bound to be within [-128, 127]"},
      {"#cuda_tile.bounded<8, 6>", "!cuda_tile.tile<16xi8>",
       "'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound"},
      {"#cuda_tile.bounded<-9223372036854775808, ?>", "!cuda_tile.tile<2xi64>", ""},
      {"#cuda_tile.bounded<?, 1>", "!cuda_tile.tile<2xi1>", "'cuda_tile.bounded' expects upper bound to be within [-1, 0]"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    IrContext *ctx = new_ctx();
    const IrAttr *a = at(ctx, cases[i][0]);
    const IrType *t = ty(ctx, cases[i][1]);
    if (!CHECK(a && t && ct_attr_is_assume_predicate(a))) {
      printf("  case %zu: %s\n", i, sb_cstr(&diags));
      ir_context_destroy(ctx);
      continue;
    }
    IrOp *op = dummy_op(ctx);
    bool ok = ct_verify_assume_predicate(op, a, t);
    if (!cases[i][2][0]) {
      CHECK(ok);
      CHECK_STREQ(sb_cstr(&diags), "");
    } else {
      CHECK(!ok);
      if (!CHECK(has_diag(cases[i][2])))
        printf("  case %zu wanted: %s\n  got: %s\n", i, cases[i][2], sb_cstr(&diags));
    }
    ir_op_destroy(op);
    ir_context_destroy(ctx);
  }
  /* every/along presence mismatch (reachable only from builders/bytecode) */
  IrContext *ctx = new_ctx();
  IrOp *op = dummy_op(ctx);
  CHECK(!ct_verify_assume_predicate(op, ct_div_by_attr(ctx, 4, true, 2, false, 0),
                                    ty(ctx, "!cuda_tile.tile<4xi32>")));
  CHECK_DIAG("'cuda_tile.div_by' 'every'/'along' must be used in combination");
  ir_op_destroy(op);
  ir_context_destroy(ctx);
}

/* ---- optimization hints ------------------------------------------------------------------- */

static void test_hints(void) {
  IrContext *ctx = new_ctx();
  const IrAttr *h = at(ctx, "#cuda_tile.optimization_hints<sm_80 = {num_cta_in_cga = 2}, sm_100 = "
                            "{num_cta_in_cga = 8, num_worker_warps_per_cta = 16, latency = 11}, default = "
                            "{occupancy = 4, allow_tma = true, num_cta_in_cga = 4}>");
  if (!CHECK(h != NULL)) {
    printf("  %s\n", sb_cstr(&diags));
    ir_context_destroy(ctx);
    return;
  }
  int64_t v = -1;
  CHECK(ct_opt_hints_get(h, "sm_100", "num_cta_in_cga", &v) && v == 8);
  CHECK(ct_opt_hints_get(h, "sm_100", "num_worker_warps_per_cta", &v) && v == 8); /* clamped */
  CHECK(!ct_opt_hints_get(h, "sm_100", "latency", &v));                          /* out of range */
  CHECK(ct_opt_hints_get(h, "sm_120", "num_cta_in_cga", &v) && v == 4);           /* default */
  CHECK(ct_opt_hints_get(h, "sm_120", "allow_tma", &v) && v == 1);
  CHECK(!ct_opt_hints_get(h, "sm_80", "num_cta_in_cga", &v));                     /* Ampere: 1 only */
  CHECK(!ct_opt_hints_get(h, "sm_120", "occupancy_x", &v));

  IrOp *op = dummy_op(ctx);
  /* silent by default */
  CHECK(ct_opt_hints_verify_with_op(op, h));
  CHECK_STREQ(sb_cstr(&diags), "");
  ct_set_hint_diag_mode(ctx, CT_HINTS_WARN);
  CHECK(ct_opt_hints_verify_with_op(op, h));
  CHECK_DIAG("warning: expected 1 for sm_80.num_cta_in_cga");
  CHECK_DIAG("warning: integer value in the range [1, 10] is expected for sm_100.latency");
  ct_set_hint_diag_mode(ctx, CT_HINTS_ERROR);
  sb_clear(&diags);
  CHECK(!ct_verify_opt_hints_common(op, h));
  CHECK_DIAG("Optimization hints verification failed");
  sb_clear(&diags);
  const IrAttr *bad = at(ctx, "#cuda_tile.optimization_hints<sm_100a = {num_cta_in_cga = 2}, sm_90 = "
                              "{num_cta_in_cga = \"a\", num_worker_warps_per_cta = 9, allow_tma = 1, "
                              "occupancy = 64, foo = 1}>");
  CHECK(bad && !ct_opt_hints_verify_with_op(op, bad));
  CHECK_DIAG("warning: unknown hint key sm_100a");
  ct_set_hint_diag_mode(ctx, CT_HINTS_WARN);
  sb_clear(&diags);
  CHECK(bad && ct_opt_hints_verify_with_op(op, bad));
  CHECK_DIAG("warning: integer value expected for sm_90.num_cta_in_cga");
  CHECK_DIAG("warning: expected power-of-two \xe2\x89\xa4 32 for sm_90.num_worker_warps_per_cta");
  CHECK_DIAG("warning: boolean value expected for sm_90.allow_tma");
  CHECK_DIAG("warning: integer value in the range [1, 32] is expected for sm_90.occupancy");
  CHECK_DIAG("warning: unknown param foo for sm_90");
  /* empty hints are not checked */
  CHECK(ct_verify_opt_hints_common(op, at(ctx, "#cuda_tile.optimization_hints<>")));
  ir_op_destroy(op);
  ir_context_destroy(ctx);

  /* The drivers' typed setters, one flag at a time (issue 12: no option
   * dictionary read by string key). -Werr-hints alone stays silent. */
  ctx = new_ctx();
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_SILENT);
  ct_set_err_hints(ctx, true);
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_SILENT);
  ct_set_warn_unsupported_hints(ctx, true);
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_ERROR);
  ct_set_err_hints(ctx, false);
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_WARN);
  ct_set_warn_unsupported_hints(ctx, false);
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_SILENT);
  ct_set_hint_diag_mode(ctx, CT_HINTS_ERROR);
  CHECK(ct_hint_diag_mode(ctx) == CT_HINTS_ERROR);
  ir_context_destroy(ctx);
}

/* ---- debug info ------------------------------------------------------------------------------ */

static void test_debuginfo(void) {
  IrContext *ctx = new_ctx();
  const IrAttr *file = ct_di_file_attr(ctx, ir_string_attr(ctx, "f", 1), ir_string_attr(ctx, "d", 1));
  const IrAttr *cu = ct_di_compile_unit_attr(ctx, file);
  const IrAttr *sp = ct_di_subprogram_attr(ctx, file, 1, ir_string_attr(ctx, "k", 1),
                                           ir_string_attr(ctx, "k", 1), cu, 0);
  const IrAttr *blk = ct_di_lexical_block_attr(ctx, sp, file, 3, 0);
  const IrAttr *blk2 = ct_di_lexical_block_attr(ctx, blk, file, 5, 6);
  CHECK(ct_di_subprogram_of(blk2) == sp);
  CHECK(ct_di_subprogram_of(file) == NULL);
  CHECK_STREQ(attr_str(blk), "#cuda_tile.di_lexical_block<scope = #cuda_tile.di_subprogram<file = "
                             "#cuda_tile.di_file<\"f\" in \"d\">, line = 1, name = \"k\", linkageName = \"k\", "
                             "compileUnit = #cuda_tile.di_compile_unit<file = #cuda_tile.di_file<\"f\" in "
                             "\"d\">>>, file = #cuda_tile.di_file<\"f\" in \"d\">, line = 3>");
  CHECK_STREQ(ct_di_file_attr_def.alias(file), "di_file");
  CHECK_STREQ(ct_di_subprogram_attr_def.alias(sp), "di_subprogram");
  CHECK(ct_di_loc_attr_def.alias == NULL && ct_di_loc_attr_def.is_location);
  const IrLoc *fl = ir_file_loc(ctx, ir_identz(ctx, "x.py"), 1, 2);
  const IrLoc *dl = ct_di_loc(ctx, fl, blk2);
  CHECK(ct_di_loc_find(dl) == dl);
  CHECK(ct_di_loc_find(fl) == NULL);
  CHECK(ct_di_loc_find(ir_name_loc(ctx, ir_identz(ctx, "n"), dl)) == dl);
  CHECK(ct_di_loc_find(ir_callsite_loc(ctx, fl, dl)) == dl);
  CHECK(ct_di_loc_find(ir_callsite_loc(ctx, dl, fl)) == NULL);
  const IrLoc *parts[] = {fl, dl};
  CHECK(ct_di_loc_find(ir_fused_loc(ctx, parts, 2, NULL)) == dl);
  ir_context_destroy(ctx);
}

/* ---- robustness ------------------------------------------------------------------------------- */

/* Parses every prefix of every sample (types and attributes); under ASan
 * this is the no-crash / no-leak check for truncated input. */
static void test_truncation(void) {
  size_t n_prefixes = 0;
  for (int pass = 0; pass < 3; pass++) {
    size_t count = pass == 0 ? sizeof type_cases / sizeof type_cases[0]
                 : pass == 1 ? sizeof attr_cases / sizeof attr_cases[0]
                             : sizeof error_cases / sizeof error_cases[0];
    for (size_t i = 0; i < count; i++) {
      const char *s = pass == 0 ? type_cases[i][0] : pass == 1 ? attr_cases[i][0] : error_cases[i][0];
      size_t len = strlen(s);
      IrContext *ctx = new_ctx();
      for (size_t n = 0; n < len; n++) {
        char *b = xstrndup(s, n);
        if (s[0] == '#') (void)asm_parse_attr_str(ctx, b, n);
        else (void)asm_parse_type_str(ctx, b, n);
        free(b);
        n_prefixes++;
      }
      sb_clear(&diags);
      ir_context_destroy(ctx);
    }
  }
  CHECK(n_prefixes > 1000);
}

UNIT_MAIN {
  test_uniquing();
  test_type_round_trips();
  test_attr_round_trips();
  test_errors();
  test_direct_verifiers();
  test_accessors();
  test_enums();
  test_dense();
  test_dense_syntax();
  test_assume_verify();
  test_hints();
  test_debuginfo();
  test_truncation();
  sb_free(&diags);
}
