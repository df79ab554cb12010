/* test_interp_host.c — the host-side library behind ctile-run's arguments
 * (lib/interp/interp_host.h), as a C API or Python user calls it: the strict
 * .npy header parser (fields, checked sizes, the exact data length), .npy
 * write/decode round trips for every memory format, scalar parsing with its
 * range rules, buffer specs, and interp_args_build with --shape-args
 * (pointer, shape, row-major strides) run through interp_run. */
#include <math.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"
#include "interp/interp_host.h"
#include "unit.h"

static IrContext *ctx;

/* A version 1.0 .npy image of `dict` (padded) followed by n data bytes. */
static size_t npy_image(uint8_t *out, const char *dict, const void *data, size_t n) {
  size_t dl = strlen(dict), pad = (64 - (10 + dl + 1) % 64) % 64, hl = dl + pad + 1;
  memcpy(out, "\x93NUMPY\x01\x00", 8);
  out[8] = (uint8_t)(hl & 0xff);
  out[9] = (uint8_t)(hl >> 8);
  memcpy(out + 10, dict, dl);
  memset(out + 10 + dl, ' ', pad);
  out[10 + dl + pad] = '\n';
  memcpy(out + 10 + hl, data, n);
  return 10 + hl + n;
}

/* Parses `dict`; returns the error text ("" on success) in a static buffer. */
static const char *header_err(const char *dict, InterpNpyHeader *h) {
  static char msg[512];
  uint8_t img[1024];
  size_t n = npy_image(img, dict, "", 0);
  StrBuf err = {0};
  bool ok = interp_npy_parse_header("t.npy", img, n, h, &err);
  snprintf(msg, sizeof msg, "%s", ok ? "" : sb_cstr(&err));
  sb_free(&err);
  return msg;
}

static void test_header(void) {
  InterpNpyHeader h;
  CHECK_STREQ(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", &h), "");
  CHECK_EQ_INT(h.rank, 2);
  CHECK_EQ_INT(h.shape[1], 3);
  CHECK_EQ_INT(h.count, 6);
  CHECK_EQ_INT(h.data_bytes, 24);
  CHECK_EQ_INT(h.data_offset % 64, 0);
  /* any key order, double quotes, no trailing comma, rank 0 */
  CHECK_STREQ(header_err("{\"shape\": (), \"descr\": \"|b1\", \"fortran_order\": True}", &h), "");
  CHECK_EQ_INT(h.rank, 0);
  CHECK_EQ_INT(h.count, 1);
  CHECK(h.fortran_order);
  /* zero-sized arrays are fine */
  CHECK_STREQ(header_err("{'descr': '<i8', 'fortran_order': False, 'shape': (0, 5)}", &h), "");
  CHECK_EQ_INT(h.data_bytes, 0);
  /* every rule, with the field named */
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (-2,)}", &h),
               "'shape': negative dimension"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (4, abc)}", &h),
               "'shape': a dimension is not a non-negative integer"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (9223372036854775808,)}", &h),
               "does not fit in 64 bits"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387905,)}", &h),
               "'shape' describes more than 1099511627776 bytes"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (4)}", &h),
               "not a tuple"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False}", &h), "missing key 'shape'"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", &h),
               "unknown key 'x'"));
  CHECK(strstr(header_err("{'descr': '>i4', 'fortran_order': False, 'shape': (1,)}", &h),
               "unsupported dtype '>i4'"));
  CHECK(strstr(header_err("{'descr': '|f4', 'fortran_order': False, 'shape': (1,)}", &h),
               "unsupported dtype '|f4'"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,)}", &h),
               "'fortran_order': expected True or False"));
  CHECK(strstr(header_err("{'descr': '<f4', 'fortran_order': False, 'shape': (1,)} x", &h),
               "text after the dict"));
  /* rank limit: 32 dimensions pass, 33 do not */
  char dict[512];
  strcpy(dict, "{'descr': '<f4', 'fortran_order': False, 'shape': (");
  for (int i = 0; i < 32; i++) strcat(dict, "1, ");
  strcat(dict, ")}");
  CHECK_STREQ(header_err(dict, &h), "");
  CHECK_EQ_INT(h.rank, 32);
  strcpy(dict + strlen(dict) - 2, "1,)}");
  CHECK(strstr(header_err(dict, &h), "more than 32 dimensions"));
  /* preamble */
  StrBuf err = {0};
  uint8_t img[256];
  size_t n = npy_image(img, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,)}", "", 0);
  img[6] = 4;
  CHECK(!interp_npy_parse_header("t.npy", img, n, &h, &err));
  CHECK(strstr(sb_cstr(&err), "unsupported .npy format version 4.0"));
  img[6] = 1;
  sb_clear(&err);
  CHECK(!interp_npy_parse_header("t.npy", img, 40, &h, &err));
  CHECK(strstr(sb_cstr(&err), "truncated .npy file"));
  sb_free(&err);
}

/* Every element format: write, decode, compare bytes and shape. */
static void test_roundtrip(void) {
  static const char *const names[] = {"i1", "i8", "i16", "i32", "i64", "f16", "bf16",
                                      "f32", "tf32", "f64", "f8E4M3FN", "f8E5M2", "f4E2M1FN"};
  for (size_t t = 0; t < sizeof names / sizeof names[0]; t++) {
    InterpBuffer b;
    memset(&b, 0, sizeof b);
    b.elem = asm_parse_type_str(ctx, names[t], strlen(names[t]));
    if (!CHECK(b.elem != NULL)) continue;
    b.rank = 2, b.shape[0] = 3, b.shape[1] = 2, b.n = 6;
    b.bytes = interp_buffer_bytes(b.elem, b.n);
    b.data = interp_buffer_alloc(b.bytes);
    for (size_t i = 0; i < b.n; i++) interp_store_elem(b.elem, b.data, i, (double)i * 0.5);
    char *img = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&img, &len);
    CHECK(interp_npy_write(f, &b));
    fclose(f);
    CHECK_EQ_INT(len % 64, b.bytes % 64); /* header padded to 64 bytes */
    InterpBuffer c;
    memset(&c, 0, sizeof c);
    c.elem = b.elem;
    StrBuf err = {0};
    if (CHECK(interp_npy_decode("r.npy", (const uint8_t *)img, len, &c, true, &err))) {
      CHECK_EQ_INT(c.bytes, b.bytes);
      CHECK(memcmp(c.data, b.data, b.bytes) == 0);
      if (interp_elem_bytes(b.elem)) {
        CHECK_EQ_INT(c.rank, 2);
        CHECK_EQ_INT(c.shape[0], 3);
      }
    }
    /* one byte more or less than the header says is an error */
    sb_clear(&err);
    InterpBuffer d;
    memset(&d, 0, sizeof d);
    d.elem = b.elem;
    CHECK(!interp_npy_decode("r.npy", (const uint8_t *)img, len - 1, &d, true, &err));
    CHECK(strstr(sb_cstr(&err), "'shape' and 'descr' need"));
    interp_buffer_free(&c);
    interp_buffer_free(&b);
    sb_free(&err);
    free(img);
  }
}

static void test_scalars(void) {
  const IrType *i64 = ir_integer_type(ctx, 64, IR_SIGNLESS), *i16 = ir_integer_type(ctx, 16, IR_SIGNLESS);
  InterpArg a;
  StrBuf err = {0};
  CHECK(interp_scalar_parse(i64, "0xffffffffffffffff", &a, &err) && a.i == -1);
  CHECK(interp_scalar_parse(i64, "-0x8000000000000000", &a, &err) && a.i == INT64_MIN);
  CHECK(interp_scalar_parse(i64, "9223372036854775807", &a, &err) && a.i == INT64_MAX);
  CHECK(!interp_scalar_parse(i64, "18446744073709551616", &a, &err));
  CHECK(!interp_scalar_parse(i64, "-9223372036854775809", &a, &err));
  CHECK(interp_scalar_parse(i16, "65535", &a, &err) && a.i == 65535);
  CHECK(interp_scalar_parse(i16, "-32768", &a, &err) && a.i == -32768);
  CHECK(!interp_scalar_parse(i16, "65536", &a, &err));
  CHECK(!interp_scalar_parse(i16, "-32769", &a, &err));
  CHECK(!interp_scalar_parse(i16, "-", &a, &err));
  CHECK(!interp_scalar_parse(i16, "+", &a, &err));
  CHECK(!interp_scalar_parse(i16, "", &a, &err));
  CHECK(interp_scalar_parse(ir_float_type(ctx, IR_F32), "-1.5e3", &a, &err) && a.f == -1500);
  CHECK(!interp_scalar_parse(ir_float_type(ctx, IR_F32), "1e999", &a, &err));
  sb_free(&err);
}

/* interp_args_build with shape_args fills (ptr, shape..., strides...) and
 * the kernel sees them: it stores them into a second buffer. */
static void test_shape_args(void) {
  static const char src[] =
      "cuda_tile.module @m {\n"
      " entry @k(%x: tile<ptr<f32>>, %d0: tile<i32>, %d1: tile<i32>, %d2: tile<i32>,\n"
      "          %s0: tile<i32>, %s1: tile<i32>, %s2: tile<i32>, %o: tile<ptr<i64>>, %n: tile<i64>, %t: tile<i64>) {\n"
      "  %ov = make_tensor_view %o, shape = [8], strides = [1] : tensor_view<8xi64, strides=[1]>\n"
      "  %op = make_partition_view %ov : partition_view<tile=(8), tensor_view<8xi64, strides=[1]>>\n"
      "  %a = reshape %d0 : tile<i32> -> tile<1xi32>\n"
      "  %b = reshape %d1 : tile<i32> -> tile<1xi32>\n"
      "  %c = reshape %d2 : tile<i32> -> tile<1xi32>\n"
      "  %e = reshape %s0 : tile<i32> -> tile<1xi32>\n"
      "  %f = reshape %s1 : tile<i32> -> tile<1xi32>\n"
      "  %g = reshape %s2 : tile<i32> -> tile<1xi32>\n"
      "  %h = reshape %n : tile<i64> -> tile<1xi64>\n"
      "  %i = reshape %t : tile<i64> -> tile<1xi64>\n"
      "  %ab = cat %a, %b dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>\n"
      "  %ce = cat %c, %e dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>\n"
      "  %fg = cat %f, %g dim = 0 : tile<1xi32>, tile<1xi32> -> tile<2xi32>\n"
      "  %q = cat %ab, %ce dim = 0 : tile<2xi32>, tile<2xi32> -> tile<4xi32>\n"
      "  %zz = constant <i32: 0> : tile<2xi32>\n"
      "  %r = cat %fg, %zz dim = 0 : tile<2xi32>, tile<2xi32> -> tile<4xi32>\n"
      "  %all = cat %q, %r dim = 0 : tile<4xi32>, tile<4xi32> -> tile<8xi32>\n"
      "  %w = exti %all signed : tile<8xi32> -> tile<8xi64>\n"
      "  %c0 = constant <i32: 0> : tile<i32>\n"
      "  %k = store_view_tko weak %w, %op[%c0] : tile<8xi64>, partition_view<tile=(8), tensor_view<8xi64, strides=[1]>>, tile<i32> -> token\n"
      "  return\n"
      " }\n"
      "}\n";
  IrOp *m = asm_parse_buffer(ctx, "k.mlir", src, strlen(src), &(AsmParseOptions){0});
  if (!CHECK(m != NULL) || !CHECK(ir_verify(m))) {
    if (m) ir_op_destroy(m);
    return;
  }
  IrOp *e = interp_find_entry(m, "k");
  const char *specs[] = {"f32[2,3,4]=zeros", "i64[8]=zeros"};
  InterpArgs a;
  StrBuf err = {0};
  if (CHECK(interp_args_build(ctx, e, specs, 2, true, &a, &err))) {
    CHECK_EQ_INT(a.n, 10);
    InterpOptions o = {.grid = {1, 1, 1}, .threads = 1};
    CHECK(interp_run(m, "k", a.args, a.n, &o));
    const int64_t *got = a.bufs[7].data;
    static const int64_t want[8] = {2, 3, 4, 12, 4, 1, 0, 0};
    for (int i = 0; i < 8; i++) CHECK_EQ_INT(got[i], want[i]);
    /* the i64 pair after the second buffer: its shape 8 and stride 1 */
    CHECK_EQ_INT(a.args[8].i, 8);
    CHECK_EQ_INT(a.args[9].i, 1);
  }
  interp_args_free(&a);
  /* without shape_args the counts do not match */
  sb_clear(&err);
  CHECK(!interp_args_build(ctx, e, specs, 2, false, &a, &err));
  interp_args_free(&a);
  sb_free(&err);
  ir_op_destroy(m);
}

static void test_strides(void) {
  InterpBuffer b;
  memset(&b, 0, sizeof b);
  b.rank = 3, b.shape[0] = 5, b.shape[1] = 6, b.shape[2] = 7;
  int64_t s[3];
  interp_buffer_strides(&b, s);
  CHECK_EQ_INT(s[0], 42);
  CHECK_EQ_INT(s[1], 7);
  CHECK_EQ_INT(s[2], 1);
  CHECK(interp_buffer_alloc(INTERP_MAX_BUFFER_BYTES + 1) == NULL);
  void *p = interp_buffer_alloc(3);
  CHECK(p != NULL && ((uintptr_t)p & 255) == 0);
  free(p);
  /* from 4 MiB up: 2 MiB aligned (huge pages), zeroed, writable to the end */
  size_t big = ((size_t)4 << 20) + 12;
  unsigned char *q = interp_buffer_alloc(big);
  if (CHECK(q != NULL)) {
    CHECK(((uintptr_t)q & (((uintptr_t)2 << 20) - 1)) == 0);
    size_t nz = 0;
    for (size_t i = 0; i < big; i += 4093) nz += q[i] != 0;
    CHECK(q[big - 1] == 0 && nz == 0);
    q[big - 1] = 1;
    free(q);
  }
  q = interp_buffer_alloc(((size_t)4 << 20) - 1024); /* just under: no 2 MiB alignment needed */
  CHECK(q != NULL && ((uintptr_t)q & 255) == 0);
  free(q);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ctile_register_all(ctx);
  test_header();
  test_roundtrip();
  test_scalars();
  test_shape_args();
  test_strides();
  ir_context_destroy(ctx);
}
