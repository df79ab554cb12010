/* bytecode.h — the Tile IR bytecode (.tileirbc) reader and writer.
 *
 * Tools call bc_read_module when their input starts with the Tile IR magic
 * (0x7F 'T' 'i' 'l' 'e' 'I' 'R' 0x00), and bc_write_module to serialize a
 * cuda_tile.module (ctile-translate -mlir-to-cudatilebc).
 *
 * CTILE_HAVE_BC_READ tells the ctile-opt driver (which was written before
 * lib/bytecode existed and tests a weak symbol otherwise) that the reader is
 * linked in. */
#ifndef CTILE_BYTECODE_H
#define CTILE_BYTECODE_H

#include <stdint.h>

#include "ir/ir.h"

#ifndef CTILE_HAVE_BC_READ
#define CTILE_HAVE_BC_READ 1
#endif

/* Reads a whole bytecode buffer named `name` (used in locations and
 * diagnostics) into a new top-level op owned by the caller; NULL after
 * reporting errors to the context's diagnostics. */
#if CTILE_HAVE_BC_READ
IrOp *bc_read_module(IrContext *ctx, const char *name, const uint8_t *data,
                     size_t len);
#else
IrOp *bc_read_module(IrContext *ctx, const char *name, const uint8_t *data,
                     size_t len) __attribute__((weak));
#endif

/* Writes the cuda_tile.module `op` (or a builtin.module holding exactly
 * one) as Tile IR bytecode version vmajor.vminor into a malloc'd buffer
 * (*out, *out_len).  Returns false after reporting errors to the op's
 * context (nothing is returned then). */
bool bc_write_module(IrOp *op, unsigned vmajor, unsigned vminor, uint8_t **out,
                     size_t *out_len);

/* True if vmajor.vminor is a version this implementation reads and writes. */
bool bc_version_supported(unsigned vmajor, unsigned vminor);
/* The supported versions, oldest first, packed as (major << 8 | minor). */
size_t bc_supported_versions(const uint16_t **out);

#endif
