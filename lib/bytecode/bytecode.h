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

/* Lazy loading: bc_lazy_open decodes the header, sections, string / type /
 * constant / debug tables and scans the function table (bodies are only
 * located, not decoded); each function's body is decoded when it is
 * materialized.  `data` must outlive the handle.  Errors go to the context's
 * diagnostics; open returns NULL and load_* return NULL on failure. */
typedef struct BcLazyModule BcLazyModule;
BcLazyModule *bc_lazy_open(IrContext *ctx, const char *name, const uint8_t *data,
                           size_t len);
size_t bc_lazy_num_functions(const BcLazyModule *m);
/* Name of function i (not NUL-terminated; *len bytes); "" if out of range. */
const char *bc_lazy_function_name(BcLazyModule *m, size_t i, size_t *len);
/* The size in bytes of function i's encoded body (0 if out of range): a
 * measure of what loading it costs. */
size_t bc_lazy_function_size(const BcLazyModule *m, size_t i);
/* A detached cuda_tile.entry op for function i, its body decoded now. */
IrOp *bc_lazy_load_function(BcLazyModule *m, size_t i);
/* The whole cuda_tile.module (globals, then every function). */
IrOp *bc_lazy_load_module(BcLazyModule *m);
/* The cuda_tile.module without its functions: with the globals when
 * `globals`, else empty (functions loaded one at a time go into it). */
IrOp *bc_lazy_load_module_shell(BcLazyModule *m, bool globals);
void bc_lazy_close(BcLazyModule *m);

/* Writes the cuda_tile.module `op` (or a builtin.module holding exactly
 * one) as Tile IR bytecode version vmajor.vminor into a malloc'd buffer
 * (*out, *out_len).  Returns false after reporting errors to the op's
 * context (nothing is returned then). */
bool bc_write_module(IrOp *op, unsigned vmajor, unsigned vminor, uint8_t **out,
                     size_t *out_len);

/* The streaming form: the file goes to `sink` one section at a time as each
 * is completed (nothing is assembled in memory beyond the section being
 * built).  After a failure, bytes already given to the sink are garbage. */
bool bc_write_module_stream(IrOp *op, unsigned vmajor, unsigned vminor,
                            void (*sink)(const uint8_t *data, size_t len, void *user),
                            void *user);

/* Writing a module held a part at a time (ctile-translate's streamed
 * write, lib/tool/bc_stream.c): the same bytes as bc_write_module on the
 * whole module, from these calls in this order:
 *   bc_stream_writer_declare   each function of the module, in module
 *                              order: its name and signature (function type);
 *   bc_stream_writer_globals   the cuda_tile.module with its attributes and
 *                              globals, and no function;
 *   bc_stream_writer_function  each function again, in the same order, whole
 *                              (`module`: the module it is verified in, which
 *                              anchors diagnostics);
 *   bc_stream_writer_finish    the file, in a malloc'd buffer.
 * Any call returns false where the result could differ from the whole
 * module's (a function with a location other than a plain file
 * one, a name or signature not the one declared, an op not of the expected kind) or after an error; the caller
 * then frees the writer and writes the whole module instead.  Errors are
 * reported to the context as bc_write_module reports them. */
typedef struct BcStreamWriter BcStreamWriter;
BcStreamWriter *bc_stream_writer_new(IrContext *ctx, unsigned vmajor, unsigned vminor);
bool bc_stream_writer_declare(BcStreamWriter *s, const IrIdent *name, const IrType *sig);
bool bc_stream_writer_globals(BcStreamWriter *s, IrOp *module);
bool bc_stream_writer_function(BcStreamWriter *s, IrOp *fn, IrOp *module);
bool bc_stream_writer_finish(BcStreamWriter *s, uint8_t **out, size_t *out_len);
void bc_stream_writer_free(BcStreamWriter *s);

/* True if vmajor.vminor is a version this implementation reads and writes. */
/* Whether buf starts with the Tile IR bytecode magic "\x7FTileIR\0". */
bool bc_is_tile_bytecode(const char *buf, size_t len);
bool bc_version_supported(unsigned vmajor, unsigned vminor);
/* The supported versions, oldest first, packed as (major << 8 | minor). */
size_t bc_supported_versions(const uint16_t **out);

#endif
