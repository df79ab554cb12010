/* pass.c — the `convert-cuda-tile-to-nv-tileaa` pass: parses its
 * compute-capability option, sets up the conversion (cuda_tile illegal, the
 * type converter below, the pattern families), runs the generic driver and
 * checks that no cuda_tile op is left.  Diagnostics are those of tileiras'
 * ConvertCudaTileToTileAA: "invalid or missing --compute-capability option"
 * and "failed to convert cuda_tile to nv_tileaa". */
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"
#include "conversion/conversions.h"

#include <stdlib.h>
#include <string.h>

/* Element type of a tile: pointers become nv_tileaa pointers (address
 * space 1, global). */
static const IrType *convert_elem(IrContext *ctx, const IrType *e) {
  if (ct_type_is_ptr(e)) {
    const IrType *p = ct_ptr_type_pointee(e);
    return aa_ptr_type(ctx, p, 1);
  }
  return e;
}

bool c2a_convert_type(CvConversion *cv, const IrType *t, IrTypeVec *out) {
  IrContext *ctx = cv->ctx;
  const IrType *r = t;
  if (ct_type_is_tile(t)) {
    const IrType *e = convert_elem(ctx, ct_tile_type_elem(t));
    size_t rank = ct_tile_type_rank(t);
    r = rank == 0 ? e : aa_tile_type(ctx, ct_tile_type_shape(t), rank, e);
  } else if (ct_type_is_token(t)) {
    r = aa_mem_token_type(ctx);
  } else if (ct_type_is_tensor_view(t)) {
    r = aa_memref_type(ctx, ct_tensor_view_elem(t), ct_tensor_view_shape(t),
                       ct_tensor_view_rank(t), ct_tensor_view_strides(t),
                       ct_tensor_view_num_strides(t), 1, -1);
  } else if (ct_type_is_view(t)) {
    IrTypeVec tmp = {0};
    bool ok = c2a_convert_type(cv, ct_view_tensor_view(t), &tmp);
    if (ok) r = tmp.data[0];
    vec_free(&tmp);
    if (!ok) return false;
  } else if (ct_type_is_ptr(t)) {
    r = convert_elem(ctx, t);
  } else if (ct_type_is_dialect(t)) {
    return false; /* string and other cuda_tile-only types */
  }
  vec_push(out, r);
  return true;
}

/* compute-capability=N (also sm_N): the SM number, or -1. */
static int64_t parse_cc(const char *options) {
  Str v;
  if (!options || !rw_pass_option(options, "compute-capability", &v)) return -1;
  const char *s = v.s;
  size_t n = v.n;
  if (n > 3 && !strncmp(s, "sm_", 3)) s += 3, n -= 3;
  if (n == 0 || n > 6) return -1;
  int64_t cc = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    cc = cc * 10 + (s[i] - '0');
  }
  return cc > 0 ? cc : -1;
}

static const char *const illegal_prefixes[] = {"cuda_tile.", NULL};

bool c2a_run(IrOp *root, int64_t sm) {
  IrContext *ctx = ir_op_context(root);
  C2a st;
  memset(&st, 0, sizeof st);
  st.sm = sm;
  CvConversion cv;
  cv_init(&cv, ctx, illegal_prefixes, c2a_convert_type, &st);
  c2a_add_core_patterns(&cv);
  c2a_add_memory_patterns(&cv);
  c2a_add_compute_patterns(&cv);
  bool ok = c2a_lift_early_exits(root) && cv_apply_partial(&cv, root);
  cv_free(&cv);
  ptrmap_free(&st.chain);
  ptrmap_free(&st.casts);
  ptrmap_free(&st.threaded);
  vec_free(&st.consts);
  free(st.dmemo);
  free(st.cmemo);
  if (ok) ok = aa_module_has_no_cuda_tile(root);
  if (!ok) {
    ir_error(ctx, ir_op_loc(root), "failed to convert cuda_tile to nv_tileaa");
    return false;
  }
  ir_op_set_attr(root, "nv_tileaa.compute_capability", aa_compute_capability_attr(ctx, sm));
  return true;
}

static bool run_pass(IrOp *op, const char *options) {
  int64_t sm = parse_cc(options);
  if (sm < 0) return ir_error(ir_op_context(op), ir_op_loc(op), "invalid or missing --compute-capability option");
  return c2a_run(op, sm);
}

static const RwPassOption c2a_opts[] = {
    {"compute-capability", RW_OPT_STRING, "target compute capability (e.g. 100 or sm_100)", NULL},
    {NULL, RW_OPT_BOOL, NULL, NULL}};

static const RwPassInfo c2a_pass = {
    .name = "convert-cuda-tile-to-nv-tileaa",
    .summary = "Convert cuda_tile to the nv_tileaa dialect (with arith, math and scf)",
    .anchor = NULL,
    .run = run_pass,
    .class_name = "ConvertCudaTileToTileAA",
    .opts = c2a_opts,
};

void cv_register_conversions(IrContext *ctx) { rw_register_pass(ctx, &c2a_pass); }
