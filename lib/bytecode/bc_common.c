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
      if (bc_op_descs[i].ver == supported[k] && bc_op_descs[i].opcode > m)
        m = bc_op_descs[i].opcode;
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

void bc_varint(BcBuf *b, uint64_t v) {
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
