/* interp_args.c — ctile-run's argument specs (see interp_host.h).
 *
 * A spec is matched against the entry parameter it is for: scalars
 * (tile<T>) take `TYPE:VALUE`, pointers (tile<ptr<T>>) a buffer
 * `T[D0,...]=INIT` or a .npy file.  Every number is range-checked: a
 * scalar that does not fit its width, a negative or oversized dimension,
 * or a shape whose byte size overflows is an error naming the spec, never a
 * silently saturated or wrapped value.  interp_args_build applies the specs
 * to a whole entry, optionally expanding each buffer into the pointer and
 * its shape and stride scalars as cuTile Python's kernel ABI passes arrays. */
#include "interp/interp_host.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"

/* splitmix64: the deterministic generator behind rand:SEED. */
static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static char *type_str(const IrType *t) {
  StrBuf b = {0};
  asm_print_type_str(&b, t);
  return sb_take(&b);
}

bool interp_scalar_parse(const IrType *elem, const char *s, InterpArg *a, StrBuf *err) {
  char *end;
  a->kind = INTERP_ARG_SCALAR;
  if (ir_type_is_float(elem)) {
    errno = 0;
    a->f = *s == ' ' || *s == '\t' ? 0 : strtod(s, &end);
    if (*s == ' ' || *s == '\t' || end == s || *end) {
      sb_printf(err, "'%s' is not a floating-point value", s);
      return false;
    }
    if (errno == ERANGE && isinf(a->f)) {
      sb_printf(err, "'%s' is out of the range of a double", s);
      return false;
    }
    return true;
  }
  if (ir_type_is_integer(elem) && ir_integer_width(elem) == 1) {
    if (!strcmp(s, "true") || !strcmp(s, "1")) { a->i = 1; return true; }
    if (!strcmp(s, "false") || !strcmp(s, "0")) { a->i = 0; return true; }
    sb_printf(err, "'%s' is not an i1 value (true, false, 1, 0)", s);
    return false;
  }
  unsigned w = ir_type_is_integer(elem) ? ir_integer_width(elem) : 64;
  bool neg = *s == '-';
  bool digit = (neg || *s == '+') ? (s[1] >= '0' && s[1] <= '9') : (*s >= '0' && *s <= '9');
  errno = 0;
  int64_t v = 0;
  uint64_t u = 0;
  if (digit && neg) v = strtoll(s, &end, 0);
  else if (digit) u = strtoull(s, &end, 0);
  if (!digit || *end) {
    sb_printf(err, "'%s' is not an integer value", s);
    return false;
  }
  /* negative: must fit as signed; non-negative: as signed or, spelled
   * unsigned, as the bit pattern of the width (i8:255 is -1) */
  uint64_t umax = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
  int64_t smin = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
  if (errno == ERANGE || (neg && v < smin) || (!neg && u > umax)) {
    sb_printf(err, "'%s' does not fit in i%u", s, w);
    return false;
  }
  a->i = neg ? v : (int64_t)u;
  return true;
}

static void quiet_handler(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

/* Parses an element type name (i32, bf16, f8E4M3FN...) without reporting
 * diagnostics; NULL when it is not a type. */
static const IrType *parse_elem_quiet(IrContext *ctx, const char *s, size_t n) {
  bool ok = n > 0 && n < 32;
  for (size_t i = 0; ok && i < n; i++)
    if (!(s[i] == '_' || (s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'z') ||
          (s[i] >= 'A' && s[i] <= 'Z')))
      ok = false;
  if (!ok) return NULL;
  IrDiagHandler h;
  void *u;
  ir_ctx_get_diag_handler(ctx, &h, &u);
  ir_ctx_set_diag_handler(ctx, quiet_handler, NULL);
  const IrType *t = asm_parse_type_str(ctx, s, n);
  ir_ctx_set_diag_handler(ctx, h, u);
  return t;
}

/* "[D0,D1,...]" at p (after the '['): the dimensions into b with a checked
 * element count; *endp is left at the ']' . */
static bool parse_dims(const char *p, InterpBuffer *b, const char **endp, const char **why) {
  b->rank = 0;
  uint64_t n = 1;
  size_t esize = interp_elem_bytes(b->elem);
  while (*p && *p != ']') {
    if (*p < '0' || *p > '9') {
      *why = *p == '-' ? "negative dimension" : "a dimension is not a non-negative integer";
      return false;
    }
    char *e;
    errno = 0;
    unsigned long long v = strtoull(p, &e, 10);
    if (errno == ERANGE || v > (unsigned long long)INT64_MAX) {
      *why = "a dimension does not fit in 64 bits";
      return false;
    }
    if (b->rank == INTERP_MAX_BUFFER_RANK) {
      *why = "too many dimensions";
      return false;
    }
    if (v && n > INTERP_MAX_BUFFER_BYTES / v) n = INTERP_MAX_BUFFER_BYTES + 1;
    else n *= v;
    b->shape[b->rank++] = (int64_t)v;
    p = e;
    if (*p == ',' || *p == 'x') {
      p++;
      if (*p == ']') {
        *why = "empty dimension";
        return false;
      }
    } else if (*p != ']') {
      *why = "expected ',' or ']' after a dimension";
      return false;
    }
  }
  if (n > INTERP_MAX_BUFFER_BYTES || (esize && n > INTERP_MAX_BUFFER_BYTES / esize)) {
    *why = "buffer larger than 2^40 bytes";
    return false;
  }
  b->n = (size_t)n;
  *endp = p;
  return true;
}

bool interp_arg_parse(IrContext *ctx, const char *spec, const IrType *ptype, size_t idx,
                      InterpArg *a, InterpBuffer *b, StrBuf *err) {
  char *pt = type_str(ptype);
  bool ok = false;
  memset(a, 0, sizeof *a);
  if (!ct_type_is_tile(ptype)) {
    sb_printf(err, "--arg %zu ('%s'): parameter type %s is not supported by ctile-run", idx,
              spec, pt);
    goto out;
  }
  const IrType *elem = ct_tile_type_elem(ptype);
  bool isptr = ct_type_is_ptr(elem);
  if (!isptr && ct_tile_type_rank(ptype) != 0) {
    sb_printf(err, "--arg %zu ('%s'): parameter type %s is not a scalar or pointer tile", idx,
              spec, pt);
    goto out;
  }
  if (!isptr) {
    const char *colon = strchr(spec, ':');
    const IrType *t = colon ? parse_elem_quiet(ctx, spec, (size_t)(colon - spec)) : NULL;
    if (!colon || !t) {
      sb_printf(err, "--arg %zu ('%s'): expected TYPE:VALUE for parameter of type %s", idx, spec, pt);
      goto out;
    }
    if (t != elem) {
      char *ts = type_str(t);
      sb_printf(err, "--arg %zu ('%s'): a %s value does not fit parameter type %s", idx, spec,
                ts, pt);
      free(ts);
      goto out;
    }
    StrBuf e2 = {0};
    if (!interp_scalar_parse(elem, colon + 1, a, &e2)) {
      sb_printf(err, "--arg %zu ('%s'): %s", idx, spec, sb_cstr(&e2));
      sb_free(&e2);
      goto out;
    }
    ok = true;
    goto out;
  }
  const IrType *pointee = ct_ptr_type_pointee(elem);
  memset(b, 0, sizeof *b);
  b->elem = pointee;
  const char *br = strchr(spec, '[');
  size_t sl = strlen(spec);
  if (!br) {
    if (sl > 4 && strcmp(spec + sl - 4, ".npy") == 0) {
      StrBuf e2 = {0};
      if (!interp_npy_read(spec, b, true, &e2)) {
        sb_printf(err, "--arg %zu: %s", idx, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
      ok = true;
      goto fill;
    }
    sb_printf(err, "--arg %zu ('%s'): parameter %zu is a pointer (%s): expected a buffer "
                   "TYPE[D0,...]=INIT or a .npy file", idx, spec, idx, pt);
    goto out;
  }
  {
    const IrType *t = parse_elem_quiet(ctx, spec, (size_t)(br - spec));
    if (!t) {
      sb_printf(err, "--arg %zu ('%s'): unknown element type '%.*s'", idx, spec, (int)(br - spec), spec);
      goto out;
    }
    if (t != pointee) {
      char *ts = type_str(t);
      sb_printf(err, "--arg %zu ('%s'): a buffer of %s does not fit parameter type %s", idx,
                spec, ts, pt);
      free(ts);
      goto out;
    }
    const char *p, *why = NULL;
    if (!parse_dims(br + 1, b, &p, &why)) {
      sb_printf(err, "--arg %zu ('%s'): bad buffer shape: %s", idx, spec, why);
      goto out;
    }
    if (*p != ']' || p[1] != '=') {
      sb_printf(err, "--arg %zu ('%s'): expected '=INIT' after the buffer shape", idx, spec);
      goto out;
    }
    const char *init = p + 2;
    b->bytes = interp_buffer_bytes(pointee, b->n);
    bool fl = ir_type_is_float(pointee);
    InterpArg cv = {0};
    uint64_t seed = 0;
    enum { ZEROS, IOTA, CONST, RAND, NPY } kind;
    if (!strcmp(init, "zeros")) {
      kind = ZEROS;
    } else if (!strcmp(init, "iota")) {
      kind = IOTA;
    } else if (!strncmp(init, "const:", 6)) {
      kind = CONST;
      StrBuf e2 = {0};
      if (!interp_scalar_parse(pointee, init + 6, &cv, &e2)) {
        sb_printf(err, "--arg %zu ('%s'): %s", idx, spec, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
    } else if (!strncmp(init, "rand:", 5)) {
      kind = RAND;
      char *e;
      errno = 0;
      seed = strtoull(init + 5, &e, 0);
      if (init[5] < '0' || init[5] > '9' || *e || errno == ERANGE) {
        sb_printf(err, "--arg %zu ('%s'): rand needs an integer seed (0 to 2^64-1)", idx, spec);
        goto out;
      }
    } else if (strlen(init) > 4 && !strcmp(init + strlen(init) - 4, ".npy")) {
      kind = NPY;
    } else {
      sb_printf(err, "--arg %zu ('%s'): unknown initializer '%s' (zeros, iota, const:V, "
                     "rand:SEED or a .npy path)", idx, spec, init);
      goto out;
    }
    if (kind == NPY) {
      StrBuf e2 = {0};
      if (!interp_npy_read(init, b, false, &e2)) {
        sb_printf(err, "--arg %zu: %s", idx, sb_cstr(&e2));
        sb_free(&e2);
        goto out;
      }
      ok = true;
      goto fill;
    }
    b->data = interp_buffer_alloc(b->bytes);
    if (!b->data) {
      sb_printf(err, "--arg %zu ('%s'): out of memory allocating %zu bytes", idx, spec, b->bytes);
      goto out;
    }
    double v = cv.f;
    for (size_t i = 0; kind == CONST && !fl && i < b->n; i++)
      interp_store_int(pointee, b->data, i, cv.i); /* exact for every i64 */
    for (size_t i = 0; kind != ZEROS && (fl || kind != CONST) && i < b->n; i++) {
      if (kind == IOTA) {
        v = (double)i;
      } else if (kind == RAND) {
        uint64_t r = splitmix(&seed);
        v = fl ? (double)(r >> 11) * 0x1.0p-52 - 1.0 : (double)(r % 100);
      }
      interp_store_elem(pointee, b->data, i, v);
    }
    ok = true;
  }
fill:
  a->kind = INTERP_ARG_BUFFER;
  a->data = b->data;
  a->bytes = b->bytes;
out:
  free(pt);
  return ok;
}

/* Fills parameters [p, p + 2 * rank) with b's shape and strides. */
static bool fill_shape_args(const InterpBuffer *b, IrBlock *body, size_t p, size_t spec,
                            InterpArgs *out, StrBuf *err) {
  int64_t strides[INTERP_MAX_BUFFER_RANK];
  interp_buffer_strides(b, strides);
  for (int k = 0; k < 2 * b->rank; k++) {
    size_t q = p + (size_t)k;
    const IrType *t = q < body->nargs ? body->args[q]->type : NULL;
    const IrType *el = t && ct_type_is_tile(t) && ct_tile_type_rank(t) == 0 ? ct_tile_type_elem(t)
                                                                           : NULL;
    if (!el || !ir_type_is_integer(el) || ir_integer_width(el) < 2) {
      if (!t) {
        sb_printf(err, "--arg %zu: with --shape-args a rank-%d buffer needs %d more parameter(s) "
                       "after its pointer (shape, then strides), but the entry has only %u",
                  spec, b->rank, 2 * b->rank, body->nargs);
      } else {
        char *ts = type_str(t);
        sb_printf(err, "--arg %zu: with --shape-args parameter %zu (the buffer's %s %d) must be "
                       "an integer scalar, not %s", spec, q, k < b->rank ? "dimension" : "stride",
                  k % b->rank, ts);
        free(ts);
      }
      return false;
    }
    int64_t v = k < b->rank ? b->shape[k] : strides[k - b->rank];
    unsigned w = ir_integer_width(el);
    if (w < 64 && v > (((int64_t)1 << (w - 1)) - 1)) {
      sb_printf(err, "--arg %zu: with --shape-args the buffer's %s %d (%lld) does not fit "
                     "parameter %zu of type i%u", spec, k < b->rank ? "dimension" : "stride",
                k % b->rank, (long long)v, q, w);
      return false;
    }
    out->args[q].kind = INTERP_ARG_SCALAR;
    out->args[q].i = v;
  }
  return true;
}

bool interp_args_build(IrContext *ctx, IrOp *entry, const char *const *specs, size_t nspecs,
                       bool shape_args, InterpArgs *out, StrBuf *err) {
  IrBlock *body = ir_region_entry(ir_op_region(entry, 0));
  size_t np = body ? body->nargs : 0;
  const IrIdent *name = ir_symbol_name(entry);
  memset(out, 0, sizeof *out);
  out->n = np;
  out->args = xcalloc(np + 1, sizeof(InterpArg));
  out->bufs = xcalloc(np + 1, sizeof(InterpBuffer));
  size_t p = 0;
  for (size_t s = 0; s < nspecs; s++) {
    if (p >= np) {
      sb_printf(err, "entry '%s' has %zu parameter(s), but %zu --arg given%s",
                name ? name->str : "?", np, nspecs,
                shape_args ? " (with --shape-args, each buffer also fills its shape and "
                             "stride parameters)" : "");
      return false;
    }
    if (!interp_arg_parse(ctx, specs[s], body->args[p]->type, p, &out->args[p], &out->bufs[p],
                          err)) {
      const IrType *t = body->args[p]->type;
      if (!shape_args && strchr(specs[s], '[') && ct_type_is_tile(t) &&
          !ct_type_is_ptr(ct_tile_type_elem(t)))
        sb_puts(err, " (a kernel that takes each array's shape and strides after its pointer "
                     "needs --shape-args)");
      return false;
    }
    size_t q = p + 1;
    if (shape_args && out->args[p].kind == INTERP_ARG_BUFFER) {
      if (!fill_shape_args(&out->bufs[p], body, q, p, out, err)) return false;
      q += 2 * (size_t)out->bufs[p].rank;
    }
    p = q;
  }
  if (p != np) {
    if (shape_args)
      sb_printf(err, "entry '%s' has %zu parameter(s), but the %zu --arg given fill %zu "
                     "(with --shape-args)", name ? name->str : "?", np, nspecs, p);
    else
      sb_printf(err, "entry '%s' has %zu parameter(s), but %zu --arg given",
                name ? name->str : "?", np, nspecs);
    return false;
  }
  return true;
}

void interp_args_free(InterpArgs *a) {
  for (size_t i = 0; a->bufs && i < a->n; i++) interp_buffer_free(&a->bufs[i]);
  free(a->bufs);
  free(a->args);
  memset(a, 0, sizeof *a);
}
