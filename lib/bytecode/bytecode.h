/* bytecode.h — the Tile IR bytecode (.tileirbc) reader and writer.
 *
 * Forward contract written by the ctile-opt driver before lib/bytecode
 * exists: tools call bc_read_module when their input starts with the Tile IR
 * magic (0x7F 'T' 'i' 'l' 'e' 'I' 'R' 0x00).
 *
 * Until lib/bytecode defines it, the declaration is weak so that tools link
 * and can test the symbol for NULL ("bytecode input is not supported yet").
 * Whoever implements it: set CTILE_HAVE_BC_READ to 1 below (a weak reference
 * would not pull the reader's object out of libctile.a, so it must become a
 * plain declaration) and extend this header as needed. */
#ifndef CTILE_BYTECODE_H
#define CTILE_BYTECODE_H

#include "ir/ir.h"

#ifndef CTILE_HAVE_BC_READ
#define CTILE_HAVE_BC_READ 0
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

#endif
