/* interp_host.h — host-side data for the interpreter: buffers, NumPy .npy
 * files and ctile-run's `--arg` specs.
 *
 * What a tool, the C API or a Python binding needs to feed interp_run from
 * files and command lines: InterpBuffer (a dense row-major host buffer in
 * the element's memory format, see InterpArg), a strict reader and a writer
 * for NumPy's .npy format (versions 1.0-3.0), and the parser of the argument
 * specs that ctile-run documents (`i32:128`, `f32[64,128]=rand:1`,
 * `x.npy`...).  Nothing here prints: errors are appended to a StrBuf as one
 * line that names the file (or the spec) and the field at fault. */
#ifndef CTILE_INTERP_HOST_H
#define CTILE_INTERP_HOST_H

#include <stdio.h>

#include "interp/interp.h"

/* Most dimensions a buffer (and a .npy shape) may have (NumPy's old
 * NPY_MAXDIMS), and the largest buffer in bytes (1 TiB) a spec or a .npy
 * file may describe; both are checked before anything is allocated. */
#define INTERP_MAX_BUFFER_RANK 32
#define INTERP_MAX_BUFFER_BYTES ((uint64_t)1 << 40)
/* Largest .npy header accepted (NumPy's writer never gets near it). */
#define INTERP_NPY_MAX_HEADER ((size_t)1 << 20)

/* A dense, row-major host buffer of elements `elem`: n elements stored in
 * `bytes` bytes (interp_buffer_bytes), `data` owned (interp_buffer_free),
 * 256-byte aligned and zero-padded past the end. */
typedef struct InterpBuffer {
  const IrType *elem;
  int64_t shape[INTERP_MAX_BUFFER_RANK];
  int rank;
  size_t n;
  size_t bytes;
  void *data;
} InterpBuffer;

/* Zeroed storage for `bytes` bytes aligned to 256 (kernels commonly assume
 * div_by<16..256> on pointer parameters, as CUDA allocations satisfy);
 * from 4 MiB up, aligned to 2 MiB and advised onto transparent huge pages
 * (as NumPy's arrays are).  NULL when out of memory or larger than
 * INTERP_MAX_BUFFER_BYTES. */
void *interp_buffer_alloc(size_t bytes);
void interp_buffer_free(InterpBuffer *b);

/* ---- NumPy .npy ------------------------------------------------------------ */

/* A parsed .npy preamble and header. */
typedef struct InterpNpyHeader {
  unsigned major, minor;
  char descr[8];          /* e.g. "<f4", "|u1" */
  size_t item_size;       /* bytes per item, from descr */
  bool fortran_order;
  int rank;
  int64_t shape[INTERP_MAX_BUFFER_RANK];
  uint64_t count;         /* items: product of shape (1 for rank 0) */
  uint64_t data_bytes;    /* count * item_size (<= INTERP_MAX_BUFFER_BYTES) */
  size_t data_offset;     /* where the data starts: preamble + header */
} InterpNpyHeader;

/* The NumPy dtype string for elem's memory format ("<f4", "|b1"; raw bit
 * patterns for formats NumPy lacks: bf16 "<u2", tf32 "<u4", f8 "|u1",
 * f4E2M1FN "|u1" with two elements per byte). */
const char *interp_npy_descr(const IrType *elem);

/* Parses the preamble and header at the start of data[0, len) strictly:
 * magic, version 1.0/2.0/3.0, a dict with exactly the keys 'descr' (a
 * supported little-endian bool/int/uint/float dtype), 'fortran_order'
 * (True/False) and 'shape' (a tuple of non-negative integers, at most
 * INTERP_MAX_BUFFER_RANK), whose byte size must not exceed
 * INTERP_MAX_BUFFER_BYTES.  `len` may stop right after the header.  On
 * failure appends "'NAME': ..." naming the field to err. */
bool interp_npy_parse_header(const char *name, const uint8_t *data, size_t len,
                             InterpNpyHeader *h, StrBuf *err);

/* Fills b (b->elem set by the caller) from a whole .npy file image: the
 * dtype must hold b->elem's memory format, the data must be exactly the
 * header's size, and then either the file's shape is taken (take_shape) or
 * its element count must equal b->n.  Fortran order is accepted for rank
 * <= 1 only. */
bool interp_npy_decode(const char *name, const uint8_t *data, size_t len, InterpBuffer *b,
                       bool take_shape, StrBuf *err);
/* interp_npy_decode for a file, reading no more than the header promises
 * (so a device or an endless pipe fails at once, and a directory says so). */
bool interp_npy_read(const char *path, InterpBuffer *b, bool take_shape, StrBuf *err);
/* Writes b as a version 1.0 .npy stream (header padded to 64 bytes);
 * false (errno set) when a write fails. */
bool interp_npy_write(FILE *f, const InterpBuffer *b);

/* ---- argument specs ---------------------------------------------------------- */

/* Parses the value of a scalar spec for element type elem: floats
 * (strtod syntax), i1 (true/false/1/0), integers in decimal, hex (0x) or
 * octal, which must fit the width as a signed value or, for the unsigned
 * spelling of a non-negative literal, as a bit pattern (i64:0xffffffffffffffff
 * is -1).  Sets a->kind = INTERP_ARG_SCALAR and a->i or a->f. */
bool interp_scalar_parse(const IrType *elem, const char *s, InterpArg *a, StrBuf *err);

/* Parses spec number `idx` for a parameter of type `ptype` (tile<T> or
 * tile<ptr<T>>): `TYPE:VALUE` for scalars; for pointers a buffer
 * `T[D0,...]=zeros|iota|const:V|rand:SEED|FILE.npy` or `FILE.npy` (shape
 * from the file).  On success fills a (buffers: a->data/bytes point into
 * b, which the caller frees with interp_buffer_free). */
bool interp_arg_parse(IrContext *ctx, const char *spec, const IrType *ptype, size_t idx,
                      InterpArg *a, InterpBuffer *b, StrBuf *err);

/* The row-major strides, in elements, of a buffer of shape[rank]. */
void interp_buffer_strides(const InterpBuffer *b, int64_t *strides);

/* The arguments of one entry: args[i] for parameter i, and for buffer
 * parameters bufs[i] (bufs[i].data != NULL) holding their storage. */
typedef struct InterpArgs {
  InterpArg *args;
  InterpBuffer *bufs;
  size_t n;
} InterpArgs;

/* Applies specs[0, nspecs) to the parameters of `entry` in order.  With
 * shape_args, each buffer spec of rank R also fills the 2R parameters after
 * its pointer, which must be integer scalars (tile<i32> or tile<i64>): the
 * buffer's shape, then its row-major strides in elements, the way cuTile
 * Python flattens an array argument into (base_ptr, *shape, *strides).
 * Errors (a spec that does not fit, a count mismatch) go to err. */
bool interp_args_build(IrContext *ctx, IrOp *entry, const char *const *specs, size_t nspecs,
                       bool shape_args, InterpArgs *out, StrBuf *err);
void interp_args_free(InterpArgs *a);

#endif
