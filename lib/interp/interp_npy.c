/* interp_npy.c — host buffers and NumPy .npy files (see interp_host.h).
 *
 * The reader follows NumPy's format description (numpy.lib.format): the
 * magic "\x93NUMPY", a version byte pair (1.0: 2-byte header length; 2.0
 * and 3.0: 4-byte), then a Python dict literal with exactly the keys
 * 'descr', 'fortran_order' and 'shape', padded with spaces and a newline.
 * The dict is parsed as the small literal grammar NumPy writes, not
 * searched for substrings, so anything else (an unknown or missing key, a
 * NUL, text after the dict, a shape that is not a tuple of non-negative
 * integers that fit, a shape whose byte size overflows or exceeds
 * INTERP_MAX_BUFFER_BYTES) is rejected with the field named.  The data must
 * then be exactly count * item size bytes. */
#define _DEFAULT_SOURCE /* madvise */
#include "interp/interp_host.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

/* Buffers of 4 MiB and more are 2 MiB aligned and advised onto huge pages,
 * as NumPy allocates its arrays on Linux: a kernel's tiles then cost far
 * fewer TLB misses (the fused GEMM's loop over a 1024-wide f32 A read in
 * place measured 5-7% faster on them, stand-alone), and runs compare fairly
 * with NumPy's. */
#define HUGE_FROM ((size_t)4 << 20)
#define HUGE_ALIGN ((size_t)2 << 20)

void *interp_buffer_alloc(size_t bytes) {
  if (bytes > INTERP_MAX_BUFFER_BYTES) return NULL;
  size_t n = (bytes + 64 + 255) & ~(size_t)255;
  void *p = NULL;
  if (posix_memalign(&p, n >= HUGE_FROM ? HUGE_ALIGN : 256, n)) return NULL;
#ifdef MADV_HUGEPAGE
  if (n >= HUGE_FROM) madvise(p, n, MADV_HUGEPAGE); /* advice only: failure is harmless */
#endif
  memset(p, 0, n);
  return p;
}

void interp_buffer_free(InterpBuffer *b) {
  free(b->data);
  b->data = NULL;
}

void interp_buffer_strides(const InterpBuffer *b, int64_t *strides) {
  int64_t s = 1;
  for (int i = b->rank - 1; i >= 0; i--) {
    strides[i] = s;
    s *= b->shape[i];
  }
}

const char *interp_npy_descr(const IrType *elem) {
  if (ir_type_is_float(elem)) {
    switch (ir_float_kind(elem)) {
    case IR_F16: return "<f2";
    case IR_F32: return "<f4";
    case IR_F64: return "<f8";
    case IR_BF16: return "<u2";
    case IR_TF32: return "<u4";
    default: return "|u1";
    }
  }
  if (ir_type_is_integer(elem)) {
    switch (interp_elem_bytes(elem)) {
    case 1: return ir_integer_width(elem) == 1 ? "|b1" : "|i1";
    case 2: return "<i2";
    case 4: return "<i4";
    default: return "<i8";
    }
  }
  return "<i8";
}

/* Whether a file's descr can hold elem's memory format: the same string,
 * the other signedness of the same size, or a byte for i1. */
static bool descr_fits(const IrType *elem, const char *d) {
  const char *want = interp_npy_descr(elem);
  if (strcmp(d, want) == 0) return true;
  if (d[2] == want[2] && (d[1] == 'i' || d[1] == 'u') && (want[1] == 'i' || want[1] == 'u'))
    return true;
  return strcmp(want, "|b1") == 0 && (strcmp(d, "|u1") == 0 || strcmp(d, "|i1") == 0);
}

/* ---- header grammar ------------------------------------------------------------ */

typedef struct HdrParser {
  const char *p, *end;
  const char *name;
  StrBuf *err;
} HdrParser;

static bool hdr_fail(HdrParser *h, const char *fmt, const char *a) {
  sb_printf(h->err, "'%s': malformed .npy header: ", h->name);
  sb_printf(h->err, fmt, a);
  return false;
}

static void hdr_ws(HdrParser *h) {
  while (h->p < h->end && (*h->p == ' ' || *h->p == '\t' || *h->p == '\n' || *h->p == '\r'))
    h->p++;
}

static bool hdr_eat(HdrParser *h, char c) {
  hdr_ws(h);
  if (h->p < h->end && *h->p == c) {
    h->p++;
    return true;
  }
  return false;
}

/* A quoted string without escapes into out[cap] (longer ones fail). */
static bool hdr_string(HdrParser *h, char *out, size_t cap, const char *what) {
  hdr_ws(h);
  if (h->p >= h->end || (*h->p != '\'' && *h->p != '"'))
    return hdr_fail(h, "%s: expected a quoted string", what);
  char q = *h->p++;
  const char *s = h->p;
  while (h->p < h->end && *h->p != q && *h->p != '\\' && *h->p != '\n') h->p++;
  if (h->p >= h->end || *h->p != q) return hdr_fail(h, "%s: unterminated or escaped string", what);
  size_t n = (size_t)(h->p - s);
  h->p++;
  if (n >= cap) return hdr_fail(h, "%s: string too long", what);
  memcpy(out, s, n);
  out[n] = 0;
  return true;
}

/* 'shape': a tuple "()", "(N,)" or "(N, M, ...)" with an optional trailing
 * comma; each dimension decimal digits that fit in int64. */
static bool hdr_shape(HdrParser *h, InterpNpyHeader *hd) {
  if (!hdr_eat(h, '(')) return hdr_fail(h, "%s: expected a tuple of dimensions", "'shape'");
  hd->rank = 0;
  bool comma = true; /* a dimension may follow */
  for (;;) {
    if (hdr_eat(h, ')')) break;
    if (!comma) return hdr_fail(h, "%s: expected ',' or ')' between dimensions", "'shape'");
    hdr_ws(h);
    const char *s = h->p;
    if (s < h->end && *s == '-')
      return hdr_fail(h, "%s: negative dimension", "'shape'");
    uint64_t v = 0;
    bool big = false;
    while (h->p < h->end && *h->p >= '0' && *h->p <= '9') {
      unsigned dg = (unsigned)(*h->p - '0');
      if (v > ((uint64_t)INT64_MAX - dg) / 10) big = true;
      else v = v * 10 + dg;
      h->p++;
    }
    if (h->p == s) return hdr_fail(h, "%s: a dimension is not a non-negative integer", "'shape'");
    if (big) return hdr_fail(h, "%s: a dimension does not fit in 64 bits", "'shape'");
    if (hd->rank == INTERP_MAX_BUFFER_RANK) {
      sb_printf(h->err, "'%s': malformed .npy header: 'shape': more than %d dimensions", h->name,
                INTERP_MAX_BUFFER_RANK);
      return false;
    }
    hd->shape[hd->rank++] = (int64_t)v;
    comma = hdr_eat(h, ',');
    if (hd->rank == 1 && !comma) {
      hdr_ws(h);
      if (h->p < h->end && *h->p == ')')
        return hdr_fail(h, "%s: (N) is a number, not a tuple (write (N,))", "'shape'");
    }
  }
  return true;
}

/* Item size of a supported descr ("<f4", "|b1"...), 0 when unsupported. */
static size_t descr_item_size(const char *d) {
  if (strlen(d) != 3) return 0;
  char order = d[0], kind = d[1];
  size_t size = (size_t)(d[2] - '0');
  if (size != 1 && size != 2 && size != 4 && size != 8) return 0;
  if (order != '<' && order != '|' && order != '=') return 0;
  if (order == '|' && size != 1) return 0; /* '|' means "no byte order": bytes only */
  switch (kind) {
  case 'b': return size == 1 ? 1 : 0;
  case 'i': case 'u': return size;
  case 'f': return size >= 2 ? size : 0;
  default: return 0;
  }
}

bool interp_npy_parse_header(const char *name, const uint8_t *data, size_t len,
                             InterpNpyHeader *hd, StrBuf *err) {
  memset(hd, 0, sizeof *hd);
  if (len < 8 || memcmp(data, "\x93NUMPY", 6) != 0) {
    sb_printf(err, "'%s' is not a NumPy .npy file (no \\x93NUMPY magic)", name);
    return false;
  }
  hd->major = data[6];
  hd->minor = data[7];
  if (hd->major < 1 || hd->major > 3 || hd->minor != 0) {
    sb_printf(err, "'%s': unsupported .npy format version %u.%u (1.0, 2.0 and 3.0 are)", name,
              hd->major, hd->minor);
    return false;
  }
  size_t pre = hd->major == 1 ? 10 : 12;
  if (len < pre) {
    sb_printf(err, "'%s': truncated .npy file (no header length)", name);
    return false;
  }
  size_t hl = data[8] | (size_t)data[9] << 8;
  if (hd->major > 1) hl |= (size_t)data[10] << 16 | (size_t)data[11] << 24;
  if (hl > INTERP_NPY_MAX_HEADER) {
    sb_printf(err, "'%s': .npy header length %zu exceeds the limit of %zu bytes", name, hl,
              INTERP_NPY_MAX_HEADER);
    return false;
  }
  if (len - pre < hl) {
    sb_printf(err, "'%s': truncated .npy file (header of %zu bytes, %zu present)", name, hl,
              len - pre);
    return false;
  }
  hd->data_offset = pre + hl;
  const char *text = (const char *)data + pre;
  if (memchr(text, 0, hl)) {
    sb_printf(err, "'%s': malformed .npy header: NUL byte in the header", name);
    return false;
  }
  HdrParser h = {text, text + hl, name, err};
  if (!hdr_eat(&h, '{')) return hdr_fail(&h, "%s", "expected a dict '{...}'");
  bool seen[3] = {false, false, false};
  static const char *const keys[3] = {"descr", "fortran_order", "shape"};
  for (;;) {
    if (hdr_eat(&h, '}')) break;
    char key[32];
    if (!hdr_string(&h, key, sizeof key, "key")) return false;
    int k = 0;
    while (k < 3 && strcmp(key, keys[k])) k++;
    if (k == 3) return hdr_fail(&h, "unknown key '%s' (only 'descr', 'fortran_order' and "
                                "'shape' are allowed)", key);
    if (seen[k]) return hdr_fail(&h, "duplicate key '%s'", key);
    seen[k] = true;
    if (!hdr_eat(&h, ':')) return hdr_fail(&h, "expected ':' after '%s'", key);
    if (k == 0) {
      if (!hdr_string(&h, hd->descr, sizeof hd->descr, "'descr'")) return false;
      hd->item_size = descr_item_size(hd->descr);
      if (!hd->item_size)
        return hdr_fail(&h, "'descr': unsupported dtype '%s' (little-endian bool, int, uint "
                        "and float only)", hd->descr);
    } else if (k == 1) {
      hdr_ws(&h);
      size_t rest = (size_t)(h.end - h.p);
      if (rest >= 4 && !memcmp(h.p, "True", 4)) hd->fortran_order = true, h.p += 4;
      else if (rest >= 5 && !memcmp(h.p, "False", 5)) hd->fortran_order = false, h.p += 5;
      else return hdr_fail(&h, "%s: expected True or False", "'fortran_order'");
    } else if (!hdr_shape(&h, hd)) {
      return false;
    }
    if (!hdr_eat(&h, ',')) {
      if (!hdr_eat(&h, '}')) return hdr_fail(&h, "%s", "expected ',' or '}' after a value");
      break;
    }
  }
  for (int k = 0; k < 3; k++)
    if (!seen[k]) return hdr_fail(&h, "missing key '%s'", keys[k]);
  hdr_ws(&h);
  if (h.p != h.end) return hdr_fail(&h, "%s", "text after the dict");
  /* checked element count and byte size */
  uint64_t count = 1;
  for (int i = 0; i < hd->rank; i++) {
    uint64_t d = (uint64_t)hd->shape[i];
    if (d && count > INTERP_MAX_BUFFER_BYTES / d) {
      count = UINT64_MAX;
      break;
    }
    count *= d;
  }
  if (count == UINT64_MAX || count > INTERP_MAX_BUFFER_BYTES / hd->item_size) {
    sb_printf(err, "'%s': 'shape' describes more than %llu bytes of data", name,
              (unsigned long long)INTERP_MAX_BUFFER_BYTES);
    return false;
  }
  hd->count = count;
  hd->data_bytes = count * hd->item_size;
  return true;
}

/* Checks a parsed header against b and sets b's shape, n and bytes. */
static bool npy_apply(const char *name, const InterpNpyHeader *hd, InterpBuffer *b,
                      bool take_shape, StrBuf *err) {
  if (hd->fortran_order && hd->rank > 1) {
    sb_printf(err, "'%s': 'fortran_order': Fortran-order arrays are not supported", name);
    return false;
  }
  if (!descr_fits(b->elem, hd->descr)) {
    StrBuf t = {0};
    if (ir_type_is_float(b->elem)) sb_puts(&t, ir_float_kind_name(ir_float_kind(b->elem)));
    else if (ir_type_is_integer(b->elem)) sb_printf(&t, "i%u", ir_integer_width(b->elem));
    else sb_puts(&t, "pointers");
    sb_printf(err, "'%s' has dtype '%s', but a buffer of %s needs '%s'", name, hd->descr,
              sb_cstr(&t), interp_npy_descr(b->elem));
    sb_free(&t);
    return false;
  }
  bool f4 = interp_elem_bytes(b->elem) == 0;
  uint64_t elems = f4 ? hd->count * 2 : hd->count;
  if (take_shape) {
    b->rank = hd->rank;
    memcpy(b->shape, hd->shape, sizeof(int64_t) * (size_t)hd->rank);
    if (f4) b->rank = 1, b->shape[0] = (int64_t)elems;
    b->n = (size_t)elems;
  } else if ((f4 ? (b->n + 1) / 2 : b->n) != hd->count) {
    sb_printf(err, "'%s' holds %llu element(s), the spec asks for %zu", name,
              (unsigned long long)hd->count, f4 ? (b->n + 1) / 2 : b->n);
    return false;
  }
  b->bytes = interp_buffer_bytes(b->elem, b->n); /* == hd->data_bytes */
  return true;
}

bool interp_npy_decode(const char *name, const uint8_t *data, size_t len, InterpBuffer *b,
                       bool take_shape, StrBuf *err) {
  InterpNpyHeader hd;
  if (!interp_npy_parse_header(name, data, len, &hd, err)) return false;
  if (!npy_apply(name, &hd, b, take_shape, err)) return false;
  if (len - hd.data_offset != hd.data_bytes) {
    sb_printf(err, "'%s': the data holds %zu bytes, 'shape' and 'descr' need %llu", name,
              len - hd.data_offset, (unsigned long long)hd.data_bytes);
    return false;
  }
  b->data = interp_buffer_alloc(b->bytes);
  if (!b->data) {
    sb_printf(err, "'%s': out of memory allocating %zu bytes", name, b->bytes);
    return false;
  }
  memcpy(b->data, data + hd.data_offset, (size_t)hd.data_bytes);
  return true;
}

/* Reads up to n bytes; the count read (short only at end of file or on an
 * error, told apart by ferror). */
static size_t read_some(FILE *f, void *p, size_t n) { return n ? fread(p, 1, n, f) : 0; }

bool interp_npy_read(const char *path, InterpBuffer *b, bool take_shape, StrBuf *err) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    sb_printf(err, "cannot read '%s': it is a directory, not a .npy file", path);
    return false;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    sb_printf(err, "cannot read '%s': %s", path, strerror(errno));
    return false;
  }
  bool ok = false;
  uint8_t pre[12];
  uint8_t *img = NULL;
  InterpNpyHeader hd;
  /* the preamble alone first (10 bytes, 12 from version 2.0): a wrong magic
   * or version fails before the header length is trusted */
  size_t got = read_some(f, pre, 10);
  if (ferror(f)) goto ioerr;
  if (got == 10 && pre[6] >= 2 && pre[6] <= 3 && !memcmp(pre, "\x93NUMPY", 6)) {
    got += read_some(f, pre + 10, 2);
    if (ferror(f)) goto ioerr;
  }
  size_t prelen = got >= 7 && pre[6] >= 2 ? 12 : 10;
  size_t hl = 0;
  if (got >= prelen) {
    hl = pre[8] | (size_t)pre[9] << 8;
    if (prelen == 12) hl |= (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
  }
  if (got < prelen || hl > INTERP_NPY_MAX_HEADER || memcmp(pre, "\x93NUMPY", 6) ||
      pre[6] < 1 || pre[6] > 3 || pre[7]) {
    if (interp_npy_parse_header(path, pre, got, &hd, err)) /* cannot happen */
      sb_printf(err, "'%s': truncated .npy file", path);
    goto done;
  }
  img = xmalloc(prelen + hl + 1);
  memcpy(img, pre, prelen);
  size_t have = prelen + read_some(f, img + prelen, hl);
  if (ferror(f)) goto ioerr;
  if (!interp_npy_parse_header(path, img, have, &hd, err)) goto done;
  if (!npy_apply(path, &hd, b, take_shape, err)) goto done;
  b->data = interp_buffer_alloc(b->bytes);
  if (!b->data) {
    sb_printf(err, "'%s': out of memory allocating %zu bytes", path, b->bytes);
    goto done;
  }
  size_t data_got = read_some(f, b->data, (size_t)hd.data_bytes);
  if (ferror(f)) goto ioerr;
  int extra = data_got == hd.data_bytes ? fgetc(f) : EOF;
  if (ferror(f)) goto ioerr;
  if (data_got != hd.data_bytes || extra != EOF) {
    sb_printf(err, "'%s': the data holds %s%zu bytes, 'shape' and 'descr' need %llu", path,
              extra != EOF ? "more than " : "", data_got, (unsigned long long)hd.data_bytes);
    goto done;
  }
  ok = true;
  goto done;
ioerr:
  sb_printf(err, "cannot read '%s': %s", path, strerror(errno ? errno : EIO));
done:
  if (!ok) interp_buffer_free(b);
  free(img);
  fclose(f);
  return ok;
}

bool interp_npy_write(FILE *f, const InterpBuffer *b) {
  StrBuf h = {0};
  sb_printf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", interp_npy_descr(b->elem));
  bool f4 = interp_elem_bytes(b->elem) == 0;
  if (f4) sb_printf(&h, "%zu,", b->bytes);
  else if (b->rank == 1) sb_printf(&h, "%lld,", (long long)b->shape[0]);
  else
    for (int i = 0; i < b->rank; i++)
      sb_printf(&h, "%s%lld", i ? ", " : "", (long long)b->shape[i]);
  sb_puts(&h, "), }");
  while ((10 + h.len + 1) % 64) sb_putc(&h, ' ');
  sb_putc(&h, '\n');
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(h.len & 0xFF),
                           (unsigned char)(h.len >> 8)};
  errno = 0;
  bool ok = fwrite(pre, 1, 10, f) == 10 && fwrite(h.s, 1, h.len, f) == h.len &&
            (b->bytes == 0 || fwrite(b->data, 1, b->bytes, f) == b->bytes);
  if (!errno && !ok) errno = EIO;
  sb_free(&h);
  return ok;
}
