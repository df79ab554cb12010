/* ctile.h — the public C API of libctile.
 *
 * Modelled on MLIR's C API (mlir-c): every object is an opaque handle, a
 * small struct holding one pointer, passed by value; a handle whose `ptr` is
 * NULL is "null" (test with the ...IsNull functions).  Strings are passed as
 * CtileStringRef (pointer + length, not necessarily NUL-terminated) and text
 * output goes through a CtileStringCallback, called one or more times with
 * consecutive pieces.
 *
 * Ownership:
 *   - CtileContext owns everything created in it (types, attributes, the
 *     source text of parsed modules); destroy it last.
 *   - CtileModule is owned by the caller (ctileModuleDestroy).
 *   - Operations, blocks, regions and values are borrowed from their module
 *     and stay valid until the module is destroyed or a pipeline rewrites it.
 *   - Strings handed to callbacks or returned as CtileStringRef live as long
 *     as the context (names, messages) or only for the call (printing).
 *
 * Errors are reported as diagnostics: set a handler with
 * ctileContextSetDiagnosticHandler; without one they are printed to stderr in
 * MLIR's format ("file:line:col: error: message").
 *
 * The header is self-contained C99/C11 and C++ (extern "C"). */
#ifndef CTILE_CTILE_H
#define CTILE_CTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CTILE_API marks the functions libctile.so exports: the library is built with
 * -fvisibility=hidden, so everything else in it stays internal. */
#if defined(_WIN32)
#define CTILE_API
#elif defined(__GNUC__) || defined(__clang__)
#define CTILE_API __attribute__((visibility("default")))
#else
#define CTILE_API
#endif

#define CTILE_VERSION_MAJOR 0
#define CTILE_VERSION_MINOR 1
#define CTILE_VERSION_PATCH 0
#define CTILE_VERSION_STRING "0.1.0"

/* The library's version, "MAJOR.MINOR.PATCH" (may differ from the header's
 * CTILE_VERSION_STRING when linked against another build). */
CTILE_API const char *ctileGetVersion(void);

/* ======================================================================== */
/* Handles and helper types                                                  */
/* ======================================================================== */

#define CTILE_DEFINE_HANDLE(name) \
  typedef struct name {           \
    void *ptr;                    \
  } name

CTILE_DEFINE_HANDLE(CtileContext);
CTILE_DEFINE_HANDLE(CtileModule);
CTILE_DEFINE_HANDLE(CtileOperation);
CTILE_DEFINE_HANDLE(CtileRegion);
CTILE_DEFINE_HANDLE(CtileBlock);
CTILE_DEFINE_HANDLE(CtileValue);
/* Types, attributes and locations are immutable and uniqued in their
 * context: two handles are equal iff their ptr fields are equal. */
typedef struct CtileType { const void *ptr; } CtileType;
typedef struct CtileAttribute { const void *ptr; } CtileAttribute;
typedef struct CtileLocation { const void *ptr; } CtileLocation;

#undef CTILE_DEFINE_HANDLE

/* A string slice (not necessarily NUL-terminated). */
typedef struct CtileStringRef {
  const char *data;
  size_t length;
} CtileStringRef;

/* Receives text in one or more pieces. */
typedef void (*CtileStringCallback)(CtileStringRef piece, void *userData);

static inline CtileStringRef ctileStringRefCreate(const char *data, size_t length) {
  CtileStringRef s;
  s.data = data;
  s.length = length;
  return s;
}

static inline bool ctileContextIsNull(CtileContext c) { return !c.ptr; }
static inline bool ctileModuleIsNull(CtileModule m) { return !m.ptr; }
static inline bool ctileOperationIsNull(CtileOperation o) { return !o.ptr; }
static inline bool ctileRegionIsNull(CtileRegion r) { return !r.ptr; }
static inline bool ctileBlockIsNull(CtileBlock b) { return !b.ptr; }
static inline bool ctileValueIsNull(CtileValue v) { return !v.ptr; }
static inline bool ctileTypeIsNull(CtileType t) { return !t.ptr; }
static inline bool ctileAttributeIsNull(CtileAttribute a) { return !a.ptr; }
static inline bool ctileLocationIsNull(CtileLocation l) { return !l.ptr; }

/* ======================================================================== */
/* Context and diagnostics                                                   */
/* ======================================================================== */

typedef enum CtileDiagnosticSeverity {
  CTILE_DIAGNOSTIC_ERROR = 0,
  CTILE_DIAGNOSTIC_WARNING = 1,
  CTILE_DIAGNOSTIC_REMARK = 2,
  CTILE_DIAGNOSTIC_NOTE = 3
} CtileDiagnosticSeverity;

/* Receives each diagnostic, then each of its notes (severity NOTE) in a
 * separate call.  `location` is "file:line:col" when the diagnostic has a
 * file location (the first one found inside it), else the location as MLIR
 * prints it ("loc(unknown)", "loc(\"name\")").  Both strings are
 * NUL-terminated and valid only during the call. */
typedef void (*CtileDiagnosticHandler)(CtileDiagnosticSeverity severity,
                                       const char *location,
                                       const char *message, void *userData);

/* A new context with every dialect and pass of libctile registered. */
CTILE_API CtileContext ctileContextCreate(void);
/* Destroys the context (modules created in it must be destroyed first). */
CTILE_API void ctileContextDestroy(CtileContext ctx);
/* Accept operations, types and attributes of unknown dialects (mlir-opt's
 * --allow-unregistered-dialect).  Off by default. */
CTILE_API void ctileContextSetAllowUnregisteredDialects(CtileContext ctx, bool allow);
CTILE_API bool ctileContextGetAllowUnregisteredDialects(CtileContext ctx);
/* Errors reported on an operation get a note "see current operation: <op>"
 * (the op in generic form), as with mlir-opt's
 * --mlir-print-op-on-diagnostic.  Off by default in a context. */
CTILE_API void ctileContextSetPrintOpOnDiagnostic(CtileContext ctx, bool enable);
/* Installs `handler` (NULL restores the default: print to stderr). */
CTILE_API void ctileContextSetDiagnosticHandler(CtileContext ctx,
                                      CtileDiagnosticHandler handler,
                                      void *userData);
/* Number of error diagnostics reported in this context so far. */
CTILE_API unsigned ctileContextGetNumErrors(CtileContext ctx);
/* Sets a tool option the library consults, by its command-line name without
 * dashes: "Wunsupported-hints", "Werr-hints", "verify-each".  `value`
 * "true"/"1" or "false"/"0" sets a flag; anything else is stored as text.
 * Returns false for a NULL name. */
CTILE_API bool ctileContextSetOption(CtileContext ctx, const char *name, const char *value);

/* ======================================================================== */
/* Modules                                                                   */
/* ======================================================================== */

/* Parses MLIR text (`length` bytes; need not be NUL-terminated).  Top-level
 * operations are wrapped in a builtin.module unless the text is a single
 * builtin.module.  `filename` names the buffer in locations and
 * diagnostics (NULL: "<string>").  The result is verified; on any error the
 * diagnostics are reported and a null module is returned. */
CTILE_API CtileModule ctileModuleParse(CtileContext ctx, const char *text, size_t length,
                             const char *filename);
CTILE_API void ctileModuleDestroy(CtileModule module);
/* The module's top-level operation (builtin.module or, as parsed, another
 * single op). */
CTILE_API CtileOperation ctileModuleGetOperation(CtileModule module);
CTILE_API CtileContext ctileModuleGetContext(CtileModule module);
/* Runs the verifier; reports diagnostics and returns false on failure. */
CTILE_API bool ctileModuleVerify(CtileModule module);
/* Runs a textual pass pipeline, e.g. "builtin.module(canonicalize,cse)" or
 * "canonicalize{max-iterations=3}".  False (with diagnostics) on a malformed
 * pipeline, an unknown pass or a failing pass. */
CTILE_API bool ctileModuleRunPipeline(CtileModule module, const char *pipeline);

/* Printing flags (bitwise or). */
enum {
  CTILE_PRINT_GENERIC = 1u << 0,    /* --mlir-print-op-generic */
  CTILE_PRINT_DEBUGINFO = 1u << 1,  /* --mlir-print-debuginfo */
  CTILE_PRINT_LOCAL_SCOPE = 1u << 2 /* --mlir-print-local-scope */
};

/* Prints the module as ctile-opt would (ending with a newline).  A large
 * module's text reaches the callback in several pieces, in order. */
CTILE_API void ctileModulePrint(CtileModule module, unsigned flags,
                      CtileStringCallback callback, void *userData);

/* ---- Tile IR bytecode (.tileirbc) ---------------------------------------- */

/* Serializes the module (a cuda_tile.module, or a builtin.module holding
 * exactly one) as Tile IR bytecode of version `major`.`minor` (13.1, 13.2 or
 * 13.3; 0.0 picks the newest).  The bytes are passed to `callback` in one
 * piece.  False (with diagnostics, nothing written) when the module cannot be
 * encoded in that version. */
CTILE_API bool ctileModuleWriteBytecode(CtileModule module, unsigned major, unsigned minor,
                              CtileStringCallback callback, void *userData);
/* Reads `length` bytes of Tile IR bytecode into a new, verified module (a
 * cuda_tile.module named "kernels"); a null module after reporting errors. */
CTILE_API CtileModule ctileModuleReadBytecode(CtileContext ctx, const void *data, size_t length);

/* ======================================================================== */
/* Operations                                                                */
/* ======================================================================== */

/* Full name, "cuda_tile.addi" (valid as long as the context). */
CTILE_API CtileStringRef ctileOperationGetName(CtileOperation op);
CTILE_API CtileContext ctileOperationGetContext(CtileOperation op);
CTILE_API CtileLocation ctileOperationGetLocation(CtileOperation op);
/* Parent op / containing block; null at the top. */
CTILE_API CtileOperation ctileOperationGetParentOperation(CtileOperation op);
CTILE_API CtileBlock ctileOperationGetBlock(CtileOperation op);
/* Next / previous op in the same block; null at the end. */
CTILE_API CtileOperation ctileOperationGetNextInBlock(CtileOperation op);
CTILE_API CtileOperation ctileOperationGetPrevInBlock(CtileOperation op);

CTILE_API intptr_t ctileOperationGetNumOperands(CtileOperation op);
CTILE_API CtileValue ctileOperationGetOperand(CtileOperation op, intptr_t pos);
CTILE_API intptr_t ctileOperationGetNumResults(CtileOperation op);
CTILE_API CtileValue ctileOperationGetResult(CtileOperation op, intptr_t pos);
CTILE_API intptr_t ctileOperationGetNumRegions(CtileOperation op);
CTILE_API CtileRegion ctileOperationGetRegion(CtileOperation op, intptr_t pos);
CTILE_API intptr_t ctileOperationGetNumSuccessors(CtileOperation op);
CTILE_API CtileBlock ctileOperationGetSuccessor(CtileOperation op, intptr_t pos);

/* Properties and discardable attributes together, as MLIR's
 * getAttrDictionary view: number, and the pos-th (name, value) pair (null
 * attribute and empty name when pos is out of range). */
CTILE_API intptr_t ctileOperationGetNumAttributes(CtileOperation op);
CTILE_API CtileAttribute ctileOperationGetAttribute(CtileOperation op, intptr_t pos,
                                          CtileStringRef *name);
/* The attribute named `name` (properties first), or null. */
CTILE_API CtileAttribute ctileOperationGetAttributeByName(CtileOperation op,
                                                const char *name);

/* Verifies this op and everything nested in it. */
CTILE_API bool ctileOperationVerify(CtileOperation op);
/* Prints the op (with its regions) as ctile-opt would, no newline added. */
CTILE_API void ctileOperationPrint(CtileOperation op, unsigned flags,
                         CtileStringCallback callback, void *userData);

/* ======================================================================== */
/* Regions and blocks                                                        */
/* ======================================================================== */

CTILE_API CtileBlock ctileRegionGetFirstBlock(CtileRegion region);
CTILE_API CtileOperation ctileRegionGetParentOperation(CtileRegion region);
CTILE_API CtileBlock ctileBlockGetNextInRegion(CtileBlock block);
CTILE_API CtileRegion ctileBlockGetParentRegion(CtileBlock block);
CTILE_API CtileOperation ctileBlockGetParentOperation(CtileBlock block);
CTILE_API CtileOperation ctileBlockGetFirstOperation(CtileBlock block);
/* The last op if it is a terminator, else null. */
CTILE_API CtileOperation ctileBlockGetTerminator(CtileBlock block);
CTILE_API intptr_t ctileBlockGetNumArguments(CtileBlock block);
CTILE_API CtileValue ctileBlockGetArgument(CtileBlock block, intptr_t pos);

/* ======================================================================== */
/* Values                                                                    */
/* ======================================================================== */

CTILE_API CtileType ctileValueGetType(CtileValue value);
CTILE_API bool ctileValueIsABlockArgument(CtileValue value);
CTILE_API bool ctileValueIsAOpResult(CtileValue value);
/* Defining op of a result (null for block arguments). */
CTILE_API CtileOperation ctileOpResultGetOwner(CtileValue value);
/* Owning block of a block argument (null for results). */
CTILE_API CtileBlock ctileBlockArgumentGetOwner(CtileValue value);
/* Result number or argument number. */
CTILE_API intptr_t ctileValueGetIndex(CtileValue value);
/* Number of uses (operands referring to the value). */
CTILE_API intptr_t ctileValueGetNumUses(CtileValue value);

/* ======================================================================== */
/* Types, attributes, locations                                              */
/* ======================================================================== */

static inline bool ctileTypeEqual(CtileType a, CtileType b) { return a.ptr == b.ptr; }
static inline bool ctileAttributeEqual(CtileAttribute a, CtileAttribute b) {
  return a.ptr == b.ptr;
}
static inline bool ctileLocationEqual(CtileLocation a, CtileLocation b) {
  return a.ptr == b.ptr;
}

/* Parses a type / attribute written in MLIR syntax ("!cuda_tile.tile<4xf32>",
 * "42 : i32"); null (with diagnostics) on error. */
CTILE_API CtileType ctileTypeParseGet(CtileContext ctx, const char *text);
CTILE_API CtileAttribute ctileAttributeParseGet(CtileContext ctx, const char *text);
/* Prints as MLIR does in diagnostics (full dialect prefixes, no aliases). */
CTILE_API void ctileTypePrint(CtileType type, CtileStringCallback callback, void *userData);
CTILE_API void ctileAttributePrint(CtileAttribute attr, CtileStringCallback callback,
                         void *userData);

/* The first file:line:col inside the location (looking through names, call
 * sites and fused locations).  Returns false when there is none; outputs
 * may be NULL.  The filename is valid as long as the context. */
CTILE_API bool ctileLocationGetFileLineCol(CtileLocation loc, CtileStringRef *filename,
                                 unsigned *line, unsigned *column);
CTILE_API bool ctileLocationIsUnknown(CtileLocation loc);
/* Prints as MLIR does: loc("a.mlir":1:2). */
CTILE_API void ctileLocationPrint(CtileLocation loc, CtileStringCallback callback,
                        void *userData);

/* ======================================================================== */
/* Running kernels on the CPU (reference interpreter, lib/interp)           */
/* ======================================================================== */

/* One argument of an entry, in parameter order.  A scalar parameter
 * (tile<T> of rank 0) takes `i` (integers, truncated to T's width) or `f`
 * (floats, rounded to T); a pointer parameter (tile<ptr<T>>) takes host
 * memory [data, data + bytes) that the caller owns and the kernel may read
 * and write.  Elements in memory: little-endian integers (i1 one byte),
 * IEEE f16/f32/f64, raw bf16 bits (2 bytes), tf32 as 4 bytes (19 bits in the
 * high bits), f8 formats one byte, f4E2M1FN two per byte (low nibble
 * first).  Every access is bounds-checked against the buffers given. */
typedef enum CtileRunArgKind {
  CTILE_RUN_ARG_SCALAR = 0,
  CTILE_RUN_ARG_BUFFER = 1
} CtileRunArgKind;

typedef struct CtileRunArg {
  CtileRunArgKind kind;
  int64_t i;
  double f;
  void *data;
  size_t bytes;
} CtileRunArg;

static inline CtileRunArg ctileRunArgInt(int64_t v) {
  CtileRunArg a = {CTILE_RUN_ARG_SCALAR, v, 0.0, NULL, 0};
  return a;
}
static inline CtileRunArg ctileRunArgFloat(double v) {
  CtileRunArg a = {CTILE_RUN_ARG_SCALAR, 0, v, NULL, 0};
  return a;
}
static inline CtileRunArg ctileRunArgBuffer(void *data, size_t bytes) {
  CtileRunArg a = {CTILE_RUN_ARG_BUFFER, 0, 0.0, data, bytes};
  return a;
}

typedef struct CtileRunOptions {
  int64_t grid[3];               /* tile blocks in x, y, z (values < 1 mean 1) */
  int threads;                   /* worker threads (< 1 means 1) */
  /* print_tko output, block by block in block order (NULL discards it) */
  CtileStringCallback print;
  void *printUserData;
  /* Step budget: the most work one tile block may do before the run stops
   * with an error (an op costs 1 + E/64 steps for E elements of its largest
   * result, M*N*K for mma; loop bodies count once per iteration; see
   * docs/ctile-run.md); 0 means unlimited.  CTILE_RUN_DEFAULT_MAX_STEPS is
   * what ctile-run uses. */
  uint64_t maxSteps;
  /* ctile-run --check: CTILE_RUN_CHECK_* bits (0: none; checked runs use one
   * thread), and the seed of the shuffled tile block order. */
  unsigned checks;
  uint64_t checkSeed;
} CtileRunOptions;

#define CTILE_RUN_CHECK_ORDER 1u   /* unordered conflicting accesses in a tile block */
#define CTILE_RUN_CHECK_RACES 2u   /* conflicting accesses from two tile blocks */
#define CTILE_RUN_CHECK_UNINIT 4u  /* reads of never-written alloca memory */
#define CTILE_RUN_CHECK_SHUFFLE 8u /* tile blocks in an order drawn from checkSeed */
#define CTILE_RUN_CHECK_RERUN 16u  /* two runs (checkSeed, checkSeed + 1), buffers compared */
#define CTILE_RUN_CHECK_ALL 31u

#define CTILE_RUN_DEFAULT_MAX_STEPS 100000000ull

/* Runs the cuda_tile.entry named `entry` of a verified module over the grid
 * with the semantics of the Tile IR specification.  Results do not depend
 * on the thread count (except for programs racing through atomics).
 * Returns false after reporting an error as a diagnostic: bad arguments, or
 * a runtime error (out-of-bounds or misaligned access, integer division by
 * zero, failed assert or assume, integer overflow under an overflow<...>
 * flag, an exhausted maxSteps budget) with the op's location and block id. */
CTILE_API bool ctileRunEntry(CtileModule module, CtileStringRef entry, const CtileRunArg *args,
                   size_t numArgs, const CtileRunOptions *options);

/* ---- Entries and their parameters (what ctileRunEntry expects) ----------- */

/* The entry ops of the module (cuda_tile.entry, or the nv_tileaa.func kernels
 * that convert-cuda-tile-to-nv-tileaa makes of them), in program order,
 * found where ctileRunEntry looks for them (inside module ops, at any depth):
 * their number and the pos-th one (null when pos is out of range). */
CTILE_API intptr_t ctileModuleGetNumEntries(CtileModule module);
CTILE_API CtileOperation ctileModuleGetEntry(CtileModule module, intptr_t pos);
/* The entry ctileRunEntry would run for `name`, or null. */
CTILE_API CtileOperation ctileModuleLookupEntry(CtileModule module, CtileStringRef name);
/* An entry's symbol name (empty for anything else); valid as long as the
 * context. */
CTILE_API CtileStringRef ctileEntryGetName(CtileOperation entry);

/* One parameter of an entry. */
typedef struct CtileEntryParam {
  /* CTILE_RUN_ARG_BUFFER for tile<ptr<T>>, else CTILE_RUN_ARG_SCALAR */
  CtileRunArgKind kind;
  /* T: the pointee of a pointer parameter, the element of a scalar one */
  CtileType elementType;
  /* T as MLIR prints it ("f32", "bf16", "i1", "f8E4M3FN"; valid as long as
   * the context) */
  CtileStringRef elementTypeName;
  /* bytes one element occupies in a buffer (see CtileRunArg); 0 for
   * f4E2M1FN, which packs two elements per byte */
  size_t elementBytes;
  /* true for floating-point T, false for integers (i1 included) */
  bool isFloat;
} CtileEntryParam;

/* Number of parameters of an entry (0 for anything else). */
CTILE_API intptr_t ctileEntryGetNumParams(CtileOperation entry);
/* Describes the pos-th parameter; false (and *param untouched) when `entry`
 * is not an entry or pos is out of range. */
CTILE_API bool ctileEntryGetParam(CtileOperation entry, intptr_t pos, CtileEntryParam *param);

/* True when the bytes start with Tile IR bytecode's magic ("\x7FTileIR\0"),
 * i.e. ctileModuleReadBytecode rather than ctileModuleParse reads them. */
CTILE_API bool ctileIsBytecode(const void *data, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* CTILE_CTILE_H */
