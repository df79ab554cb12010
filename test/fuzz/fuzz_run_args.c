/* fuzz_run_args.c — libFuzzer target for what ctile-run parses from its
 * user besides the program: `--arg` specs (lib/interp/interp_args.c) and
 * NumPy .npy images (lib/interp/interp_npy.c).  Any input must give either
 * arguments or an error message — never a crash, UB, leak, or an allocation
 * larger than the input describes.
 *
 * The first byte picks the mode and the parameter type:
 *   bit 7 set:   the rest is a .npy image, decoded for a buffer of that
 *                parameter's element type (bit 6: take its shape), and the
 *                buffer is written back and decoded again, which must agree;
 *   bit 6 set:   the rest is a list of specs separated by '\n', applied to
 *                a whole entry (bit 5: with --shape-args);
 *   otherwise:   the rest is one spec for that parameter.
 * Specs naming a file (".npy") are skipped: files are not what is fuzzed
 * here, and the decoder sees the same bytes in the first mode.  So are specs
 * whose dimensions multiply past 2^22 elements, which would only measure
 * the allocator. */
#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"
#include "interp/interp_host.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char module_text[] =
    "cuda_tile.module @m {\n"
    "  entry @p(%a: tile<i1>, %b: tile<i8>, %c: tile<i32>, %d: tile<i64>, %e: tile<f16>,\n"
    "           %f: tile<f32>, %g: tile<ptr<f32>>, %h: tile<ptr<bf16>>, %i: tile<ptr<i1>>,\n"
    "           %j: tile<ptr<f4E2M1FN>>, %k: tile<ptr<i64>>, %l: tile<ptr<f8E4M3FN>>,\n"
    "           %m: tile<ptr<tf32>>, %n: tile<ptr<f64>>, %o: tile<4xf32>) {\n"
    "    return\n"
    "  }\n"
    "  entry @arrays(%x: tile<ptr<f32>>, %x0: tile<i32>, %x1: tile<i32>, %xs0: tile<i32>,\n"
    "                %xs1: tile<i32>, %y: tile<ptr<i8>>, %y0: tile<i64>, %ys0: tile<i64>,\n"
    "                %z: tile<i16>) {\n"
    "    return\n"
    "  }\n"
    "}\n";

static void quiet(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

/* Whether a spec is worth parsing here (see the file comment). */
static bool spec_ok(const char *s) {
  if (strstr(s, ".npy")) return false;
  const char *br = strchr(s, '[');
  if (!br) return true;
  uint64_t prod = 1;
  for (const char *p = br + 1; *p && *p != ']';) {
    if (*p >= '0' && *p <= '9') {
      uint64_t v = 0;
      while (*p >= '0' && *p <= '9') {
        if (v < ((uint64_t)1 << 40)) v = v * 10 + (uint64_t)(*p - '0');
        p++;
      }
      if (v) prod = prod > ((uint64_t)1 << 22) / v ? ((uint64_t)1 << 23) : prod * v;
    } else {
      p++;
    }
  }
  return prod <= ((uint64_t)1 << 22);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > (1u << 16)) return 0;
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, quiet, NULL);
  IrOp *m = asm_parse_buffer(ctx, "fuzz.mlir", module_text, sizeof module_text - 1,
                             &(AsmParseOptions){0});
  if (!m) abort();
  IrOp *ent = interp_find_entry(m, "p"), *arrays = interp_find_entry(m, "arrays");
  IrBlock *body = ir_region_entry(ir_op_region(ent, 0));
  unsigned sel = data[0];
  const IrType *ptype = body->args[sel % body->nargs]->type;
  StrBuf err = {0};
  if (sel & 0x80) {
    InterpBuffer b;
    memset(&b, 0, sizeof b);
    const IrType *elem = ct_tile_type_elem(ptype);
    b.elem = ct_type_is_ptr(elem) ? ct_ptr_type_pointee(elem) : elem;
    bool take = sel & 0x40;
    if (!take) b.n = (size_t)(sel & 7);
    if (interp_npy_decode("fuzz.npy", data + 1, size - 1, &b, take, &err)) {
      /* what we write reads back the same */
      char *img = NULL;
      size_t len = 0;
      FILE *f = open_memstream(&img, &len);
      if (!f || !interp_npy_write(f, &b)) abort();
      fclose(f);
      InterpBuffer b2;
      memset(&b2, 0, sizeof b2);
      b2.elem = b.elem;
      StrBuf e2 = {0};
      if (!interp_npy_decode("back.npy", (const uint8_t *)img, len, &b2, true, &e2)) abort();
      if (b2.bytes != b.bytes || (b.bytes && memcmp(b.data, b2.data, b.bytes))) abort();
      interp_buffer_free(&b2);
      sb_free(&e2);
      free(img);
    }
    interp_buffer_free(&b);
  } else {
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    if (sel & 0x40) {
      VEC(const char *) specs = {0};
      bool ok = true;
      for (char *p = text, *nl; p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl) *nl = 0;
        if (!spec_ok(p)) ok = false;
        vec_push(&specs, (const char *)p);
      }
      InterpArgs a;
      if (ok) {
        interp_args_build(ctx, sel & 0x20 ? arrays : ent, specs.data, specs.len, sel & 0x20, &a,
                          &err);
        interp_args_free(&a);
      }
      vec_free(&specs);
    } else if (spec_ok(text)) {
      InterpArg a;
      InterpBuffer b;
      memset(&b, 0, sizeof b);
      interp_arg_parse(ctx, text, ptype, 0, &a, &b, &err);
      interp_buffer_free(&b);
      const IrType *elem = ct_tile_type_elem(ptype);
      if (!ct_type_is_ptr(elem)) {
        sb_clear(&err);
        interp_scalar_parse(elem, text, &a, &err);
      }
    }
    free(text);
  }
  sb_free(&err);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
  return 0;
}
