/* bc_common.c — pieces both directions of the Tile IR bytecode use: the byte
 * buffer with the format's integer encodings (LEB128-style varints, zigzag
 * signed varints, fixed little-endian words, 0xCB alignment padding) and the
 * table of bytecode versions this implementation reads and writes. */
#include <stdlib.h>
#include <string.h>

#include "bytecode/bc_internal.h"

/* Supported versions, oldest first (250.x are the testing versions NVIDIA's
 * test builds accept; they only unlock the testing ops). */
static const uint16_t supported[] = {BC_V(13, 1), BC_V(13, 2), BC_V(13, 3),
                                     BC_V(250, 0), BC_V(250, 1)};

size_t bc_supported_versions(const uint16_t **out) {
  *out = supported;
  return sizeof supported / sizeof supported[0];
}

bool bc_version_supported(unsigned major, unsigned minor) {
  for (size_t i = 0; i < sizeof supported / sizeof supported[0]; i++)
    if (supported[i] == BC_V(major, minor)) return true;
  return false;
}

/* The highest opcode usable in version v: the largest opcode of the ops
 * introduced in v, or of the newest earlier version that introduced any. */
uint32_t bc_max_opcode(uint16_t v) {
  uint32_t best = 0;
  for (size_t k = 0; k < sizeof supported / sizeof supported[0] && supported[k] <= v; k++) {
    uint32_t m = 0;
    for (size_t i = 0; i < bc_num_op_descs; i++)
      if (bc_op_ver(&bc_op_descs[i]) == supported[k] && bc_op_opcode(&bc_op_descs[i]) > m)
        m = bc_op_opcode(&bc_op_descs[i]);
    if (m) best = m;
  }
  return best;
}

void bc_version_str(uint16_t v, char buf[16]) {
  snprintf(buf, 16, "%u.%u", BC_V_MAJOR(v), BC_V_MINOR(v));
}

void bc_buf_reserve(BcBuf *b, size_t extra) {
  if (b->cap - b->len >= extra) return;
  size_t cap = b->cap ? b->cap * 2 : 256;
  while (cap - b->len < extra) cap *= 2;
  b->d = realloc(b->d, cap);
  if (!b->d) abort();
  b->cap = cap;
}

void bc_bytes(BcBuf *b, const void *p, size_t n) {
  if (!n) return;
  bc_buf_reserve(b, n);
  memcpy(b->d + b->len, p, n);
  b->len += n;
}

void bc_varint_slow(BcBuf *b, uint64_t v) {
  bc_buf_reserve(b, 10);
  do {
    uint8_t byte = v & 0x7f;
    v >>= 7;
    if (v) byte |= 0x80;
    b->d[b->len++] = byte;
  } while (v);
}

void bc_le(BcBuf *b, uint64_t v, unsigned nbytes) {
  bc_buf_reserve(b, nbytes);
  for (unsigned i = 0; i < nbytes; i++, v >>= 8) b->d[b->len++] = (uint8_t)v;
}

void bc_align(BcBuf *b, size_t align) {
  if (align < 2) return;
  while (b->len % align) bc_byte(b, BC_ALIGN_BYTE);
}

void bc_buf_free(BcBuf *b) {
  free(b->d);
  b->d = NULL;
  b->len = b->cap = 0;
}

/* Flag-bit assignment of an op's optional attributes (and, with segment
 * sizes, optional operands): grouped by introducing version, ascending;
 * within one version attributes first, then operands, each in ODS order.
 * bits[i] is the bit of argument i or -1.  Returns the number of bits. */
unsigned bc_flag_bits(const BcOpDesc *d, bool seg, int bits[BC_MAX_ARGS]) {
  uint16_t vers[BC_MAX_ARGS];
  size_t nv = 0;
  for (size_t i = 0; i < BC_MAX_ARGS; i++) bits[i] = -1;
  for (size_t i = 0; i < d->nargs && i < BC_MAX_ARGS; i++) {
    const BcArg *a = &d->args[i];
    if (!((a->kind >= BC_A_UNIT && a->optional) || (seg && a->kind == BC_OPND_OPT))) continue;
    size_t k = 0;
    while (k < nv && vers[k] != a->ver) k++;
    if (k == nv) vers[nv++] = a->ver;
  }
  for (size_t x = 0; x < nv; x++)
    for (size_t y = x + 1; y < nv; y++)
      if (vers[y] < vers[x]) {
        uint16_t t = vers[x];
        vers[x] = vers[y];
        vers[y] = t;
      }
  unsigned bit = 0;
  for (size_t x = 0; x < nv; x++)
    for (int pass = 0; pass < 2; pass++)
      for (size_t i = 0; i < d->nargs && i < BC_MAX_ARGS; i++) {
        const BcArg *a = &d->args[i];
        if (a->ver != vers[x]) continue;
        if ((pass == 0 && a->kind >= BC_A_UNIT && a->optional) ||
            (pass == 1 && seg && a->kind == BC_OPND_OPT))
          bits[i] = (int)bit++;
      }
  return bit;
}

/* Raw storage of a dense constant as MLIR's DenseElementsAttr::getRawData
 * gives it (and NVIDIA's writer stores it): one element when all elements
 * are equal (a splat), else every element; i1 is bit-packed, lowest bit
 * first, and a true splat is the byte 0xff; tf32 elements take 3 bytes (its
 * 19 bits rounded up to bytes).  The IR keeps i1 as one 0/1 byte per element
 * and tf32 in 4 bytes.  `data` holds one element (splat) or `count`. */
void bc_dense_to_raw(const IrType *elem, int64_t count, const uint8_t *data, size_t ndata,
                     BcBuf *out) {
  size_t esz = ir_dense_elem_size(elem);
  bool splat = count <= 1 || ndata <= esz;
  if (!splat && esz && ndata == esz * (uint64_t)count) {
    splat = true;
    for (size_t i = esz; i < ndata && splat; i++) splat = data[i] == data[i % esz];
  }
  bool i1 = ir_type_is_integer(elem) && ir_integer_width(elem) == 1;
  bool tf32 = ir_type_is_float(elem) && ir_float_kind(elem) == IR_TF32;
  size_t n = splat ? (ndata < esz ? ndata : esz) : ndata;
  if (i1 && splat) {
    bc_varint(out, 1);
    bc_byte(out, n && data[0] ? 0xff : 0x00);
  } else if (i1) {
    bc_varint(out, (n + 7) / 8);
    for (size_t i = 0; i < n; i += 8) {
      uint8_t byte = 0;
      for (size_t k = 0; k < 8 && i + k < n; k++)
        if (data[i + k]) byte |= (uint8_t)(1u << k);
      bc_byte(out, byte);
    }
  } else if (tf32 && esz == 4) {
    bc_varint(out, n / 4 * 3);
    for (size_t i = 0; i + 4 <= n; i += 4) bc_bytes(out, data + i, 3);
  } else {
    bc_varint(out, n);
    bc_bytes(out, data, n);
  }
}

/* The inverse of bc_dense_to_raw, with MLIR's rules for a valid raw buffer
 * (DenseElementsAttr::isValidRawBuffer): i1 is a single 0x00/0xff byte (a
 * splat) or ceil(count/8) bit-packed bytes; other types are one element (a
 * splat) or `count` elements.  Returns a malloc'd IR-form buffer (*ndata
 * bytes, *splat when all elements are equal: then one element), or NULL when
 * the size does not fit the type. */
uint8_t *bc_dense_from_raw(const IrType *elem, int64_t count, const uint8_t *raw, size_t n,
                           size_t *ndata, bool *splat) {
  size_t esz = ir_dense_elem_size(elem);
  bool i1 = ir_type_is_integer(elem) && ir_integer_width(elem) == 1;
  bool tf32 = ir_type_is_float(elem) && ir_float_kind(elem) == IR_TF32;
  size_t rsz = tf32 && esz == 4 ? 3 : esz; /* raw bytes per element */
  if (!esz || count < 0) return NULL;
  uint8_t *out = NULL;
  size_t len = 0;
  if (i1) {
    if (n == 1 && (raw[0] == 0 || raw[0] == 0xff)) {
      out = malloc(1);
      if (out) out[0] = raw[0] ? 1 : 0;
      len = 1;
    } else if (count > 0 && n == ((uint64_t)count + 7) / 8) {
      out = malloc((size_t)count);
      for (size_t i = 0; out && i < (size_t)count; i++) out[i] = (raw[i / 8] >> (i % 8)) & 1;
      len = (size_t)count;
    } else {
      return NULL;
    }
  } else {
    size_t elems;
    if (n == rsz) elems = 1;
    else if ((uint64_t)count * rsz == n && n) elems = (size_t)count;
    else return NULL;
    out = malloc(elems * esz);
    for (size_t i = 0; out && i < elems; i++) {
      memset(out + i * esz, 0, esz);
      memcpy(out + i * esz, raw + i * rsz, rsz);
    }
    len = elems * esz;
  }
  if (!out) abort();
  bool all_same = true;
  for (size_t i = esz; i < len && all_same; i++) all_same = out[i] == out[i % esz];
  *splat = all_same;
  *ndata = all_same ? esz : len;
  return out;
}

/* The 8-byte magic every tileirbc file starts with. */
bool bc_is_tile_bytecode(const char *buf, size_t len) {
  return buf && len >= 8 && !memcmp(buf, "\x7FTileIR\0", 8);
}

/* The per-kind facts of the encoding of row d (of op info). */
void bc_plan_init(BcPlan *p, IrContext *ctx, const BcOpDesc *d, const IrOpInfo *info) {
  p->seg = ir_op_info_has(info, IR_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS);
  for (size_t i = 0; i < d->nres; i++)
    if (d->res_ver[i] != bc_op_ver(d)) p->versioned = true;
  p->min_opt = 0xffff;
  for (size_t i = 0; i < d->nargs; i++) {
    const BcArg *a = &d->args[i];
    if ((a->kind >= BC_A_UNIT && a->optional) || (p->seg && a->kind == BC_OPND_OPT)) {
      p->any_opt = true;
      if (a->ver < p->min_opt) p->min_opt = a->ver;
    }
    if (a->kind <= BC_OPND_VAR) {
      p->ngroups++;
      if (a->kind != BC_OPND) p->nvar++, p->count_operands = true;
    }
    if (i < BC_MAX_ARGS) p->ids[i] = ir_identz(ctx, a->name);
  }
  bc_flag_bits(d, p->seg, p->bits);
}
