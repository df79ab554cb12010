/* tool.h — the driver machinery shared by ctile's command-line tools
 * (ctile-opt, ctile-translate, ctile-run): what mlir-opt gets from LLVM's
 * cl::, SourceMgr and MLIR's tool utilities, reproduced so our tools behave
 * like MLIR's byte for byte where scripts and tests look.
 *
 *   cl.c          command-line parsing with LLVM cl:: conventions (single or
 *                 double dash, `--opt=value`, `-o file`, LLVM's error texts)
 *   srcmgr.c      source buffers by name, line/column mapping and LLVM's
 *                 SMDiagnostic rendering (source line, caret, `~` ranges)
 *   diag_render.c MLIR's SourceMgrDiagnosticHandler: how a diagnostic with
 *                 its location, call stack and notes is printed
 *   verify_diag.c MLIR's SourceMgrDiagnosticVerifierHandler (the
 *                 -verify-diagnostics engine: `// expected-error @+1 {{..}}`)
 *   split.c       --split-input-file (MLIR's splitAndProcessBuffer)
 *   driver.c      the per-chunk loop: a fresh context per chunk, handler
 *                 installation, output joining; input reading and output
 *                 files (MLIR's openInputFile / ToolOutputFile)
 *   options.c     tool settings stored in a context for the library to read
 *
 * Text goes only where the caller says (a StrBuf, or the FILE* in ToolDriver):
 * this layer never writes to a stream or exits of its own accord. */
#ifndef CTILE_TOOL_H
#define CTILE_TOOL_H

#include <stdio.h>

#include "ir/ir.h"

/* ======================================================================== */
/* Source buffers (llvm::SourceMgr)                                         */
/* ======================================================================== */

/* One named buffer.  `name` is what locations carry as their file name. */
typedef struct ToolSource {
  char *name;
  const char *text;
  size_t len;
  char *owned;            /* text when the manager owns it (loaded from disk) */
  size_t *nl;             /* offsets of every '\n', computed on first use */
  size_t nnl;
} ToolSource;

typedef struct ToolSourceMgr {
  VEC(ToolSource *) bufs;
  VEC(char *) missing;    /* names that could not be loaded (negative cache) */
  bool no_disk;           /* don't load unknown names from disk */
} ToolSourceMgr;

void tool_srcmgr_init(ToolSourceMgr *sm);
void tool_srcmgr_free(ToolSourceMgr *sm);
/* Registers `text` (borrowed: it must outlive the manager) under `name`;
 * a later buffer of the same name shadows an earlier one. */
ToolSource *tool_srcmgr_add(ToolSourceMgr *sm, const char *name,
                            const char *text, size_t len);
/* The buffer named `name`; unknown names are read from disk once, as
 * MLIR's handlers do (regular files only), unless sm->no_disk. */
ToolSource *tool_srcmgr_get(ToolSourceMgr *sm, const char *name);

/* 1-based line and column of `ptr` (inside src->text .. text+len). */
void tool_source_line_col(ToolSource *src, const char *ptr, unsigned *line,
                          unsigned *col);
/* Pointer for a 1-based line/column, or NULL when it is not in the buffer
 * (SourceMgr::FindLocForLineAndColumn). */
const char *tool_source_find(ToolSource *src, unsigned line, unsigned col);

/* SourceMgr::PrintMessage: "name:L:C: error: msg", the source line and a
 * caret, with `~` under [ptr, ptr+range_len) on that line.  src == NULL or
 * ptr == NULL prints "<unknown>:0: error: msg". */
void tool_print_message(StrBuf *out, ToolSource *src, const char *ptr,
                        IrSeverity kind, const char *msg, size_t range_len);
/* An SMDiagnostic without source: "loc: kind: msg" (loc may be empty). */
void tool_print_plain(StrBuf *out, const char *loc, IrSeverity kind,
                      const char *msg);
const char *tool_severity_name(IrSeverity s);

/* ======================================================================== */
/* Diagnostic rendering (mlir::SourceMgrDiagnosticHandler)                  */
/* ======================================================================== */

/* Appends `d` and its notes as mlir-opt prints them: the first file
 * location found in the diagnostic's location (else "<unknown>:0:" and the
 * printed location), the source line with a caret when the file is known,
 * "called from" notes for call-site locations, then each attached note
 * (its source line only when its location differs from the previous one). */
void tool_render_diag(ToolSourceMgr *sm, const IrDiag *d, StrBuf *out);
/* Renders one message at `loc` (SourceMgrDiagnosticHandler::emitDiagnostic
 * for a location + text). */
void tool_render_at(ToolSourceMgr *sm, const IrLoc *loc, const char *msg,
                    IrSeverity kind, bool show_source, StrBuf *out);
/* Prints a location as MLIR does in messages: `loc("a.mlir":1:2)`. */
void tool_print_loc(StrBuf *out, const IrLoc *loc);

/* ======================================================================== */
/* Expected-diagnostic verification (-verify-diagnostics)                   */
/* ======================================================================== */

/* One `expected-<kind>` designator. */
typedef struct ToolExpected {
  IrSeverity kind;
  unsigned line;          /* line the diagnostic must be reported on */
  bool unknown_loc;       /* `@unknown`: matches diagnostics without a file */
  bool matched;
  bool is_regex;          /* `expected-<kind>-re` */
  void *regex;            /* compiled regex_t when is_regex */
  ToolSource *src;        /* where the designator is written */
  const char *at;         /* start of "expected-" in src->text */
  const char *text;       /* expected substring (points into src->text) */
  size_t text_len;
} ToolExpected;

typedef struct ToolExpectedFile {
  char *name;
  VEC(ToolExpected) exp;
} ToolExpectedFile;

typedef struct ToolVerifier {
  ToolSourceMgr *sm;
  StrBuf *out;            /* where mismatches are reported */
  bool only_expected;     /* -verify-diagnostics=only-expected */
  bool ok;
  VEC(ToolExpectedFile *) files;
  VEC(ToolExpected) unknown;  /* `@unknown` designators */
} ToolVerifier;

void tool_verifier_init(ToolVerifier *v, ToolSourceMgr *sm, StrBuf *out,
                        bool only_expected);
void tool_verifier_free(ToolVerifier *v);
/* Collects the designators of text [begin, begin+len) of `src` (one split
 * chunk, or the whole buffer), whose first line is line `line_offset`+1 of
 * src.  Malformed `-re` patterns are reported at once. */
void tool_verifier_scan(ToolVerifier *v, ToolSource *src, const char *begin,
                        size_t len, unsigned line_offset);
/* Checks one emitted diagnostic and each of its notes against the
 * designators ("unexpected error: …" when none matches). */
void tool_verifier_process(ToolVerifier *v, const IrDiag *d);
/* Reports every designator that was never matched ("expected error "…" was
 * not produced"); true iff every check so far succeeded. */
bool tool_verifier_finish(ToolVerifier *v);

/* ======================================================================== */
/* --split-input-file (mlir::splitAndProcessBuffer)                         */
/* ======================================================================== */

#define TOOL_DEFAULT_SPLIT_MARKER "// -----"

typedef struct ToolChunk {
  const char *text;       /* inside the source buffer */
  size_t len;
  unsigned line_offset;   /* the chunk starts on line line_offset+1 */
  unsigned first_column;  /* ... at this 1-based column (after the marker) */
} ToolChunk;

/* Splits src on `marker` exactly as MLIR does (near misses such as
 * "// ----" are reported as warnings into `diags` and do not split).
 * Returns a malloc'd array of *n chunks (possibly zero). */
ToolChunk *tool_split_input(ToolSource *src, const char *marker, size_t *n,
                            StrBuf *diags);

/* ======================================================================== */
/* Per-chunk driver (MlirOptMain's processBuffer)                           */
/* ======================================================================== */

typedef enum ToolVerifyLevel {
  TOOL_VERIFY_NONE, TOOL_VERIFY_ALL, TOOL_VERIFY_ONLY_EXPECTED
} ToolVerifyLevel;

/* The values `--verify-diagnostics[=…]` accepts (NULL-terminated), and the
 * level a parsed value (NULL: flag absent) stands for. */
extern const char *const tool_verify_level_names[];
ToolVerifyLevel tool_verify_level(const char *value);

/* Where finished output may go early: fn(user, text, n), or nothing when fn
 * is NULL (see ToolDriver.sink). */
typedef struct ToolSink {
  void (*fn)(void *user, const char *s, size_t n);
  void *user;
} ToolSink;

typedef struct ToolDriver {
  /* Input splitting: NULL = process the whole buffer at once. */
  const char *split_marker;
  /* Joins chunk outputs (followed by "\n"); NULL = TOOL_DEFAULT_SPLIT_MARKER. */
  const char *output_marker;
  ToolVerifyLevel verify;
  FILE *errs;             /* diagnostics go here (normally stderr) */
  /* Prepares each chunk's fresh context (dialects, options). */
  void (*setup)(IrContext *ctx, void *user);
  /* Does the work on one chunk; `buf` is NUL-terminated at buf[len]; text
   * for the output goes to `out`.  When sink->fn is set, process may hand
   * the whole of `out` (earlier chunks' text included) to it and empty `out`
   * at any time, e.g. through AsmPrintOptions.sink.  Returns success. */
  bool (*process)(IrContext *ctx, const char *name, const char *buf,
                  size_t len, unsigned line_offset, StrBuf *out,
                  const ToolSink *sink, void *user);
  void *user;
  /* Set by tool_run_file to the output file; left empty by other callers. */
  ToolSink sink;
  /* Largest input tool_run_file reads (0: TOOL_DEFAULT_MAX_INPUT). */
  uint64_t max_input;
  /* Set by tool_run_file when the input is a file mapped read-only: the
   * parser hands its pages back as it moves on (ASM_INPUT_RELEASE_STATE);
   * they are read again from the file if anything looks back. */
  const char *mapped;
  size_t mapped_len;
} ToolDriver;

/* Runs `d` over `text` named `name` (with a NUL at text[len], as read_file
 * leaves it): splits it when asked, gives every chunk
 * a fresh context with diagnostics rendered (or verified) against the whole
 * buffer, and appends the joined output to `out`.  True iff every chunk
 * succeeded (under verification: iff every chunk's diagnostics matched). */
bool tool_driver_run(const ToolDriver *d, const char *name, const char *text,
                     size_t len, StrBuf *out);

/* Installs a context diagnostic handler that renders into `out` through sm
 * (the non-verifying mode of tool_driver_run, for tools that drive contexts
 * themselves).  `state` must stay alive while the handler is installed. */
typedef struct ToolRenderState {
  ToolSourceMgr *sm;
  StrBuf *out;
  FILE *flush_to;         /* when non-NULL, `out` is written here and cleared
                             after each diagnostic */
} ToolRenderState;
void tool_install_renderer(IrContext *ctx, ToolRenderState *state);

/* ---- input and output files --------------------------------------------- */

/* The default limit on an input file's size (every tool; raised with
 * --max-input-size): far above real modules, and reached quickly when the
 * input is endless (/dev/zero). */
#define TOOL_DEFAULT_MAX_INPUT ((uint64_t)1 << 28)

/* Reads `path` ("-" = stdin) like mlir::openInputFile, at most `max` bytes
 * (0: TOOL_DEFAULT_MAX_INPUT); on failure appends "cannot open input file
 * 'PATH': REASON" (or "input file 'PATH' is larger than the limit of N
 * bytes ...") to err and returns NULL.  The buffer is NUL-terminated at
 * [*len]. */
char *tool_read_input_max(const char *path, size_t *len, uint64_t max, StrBuf *err);
/* tool_read_input_max with the default limit. */
char *tool_read_input(const char *path, size_t *len, StrBuf *err);
/* True (with a message in err) when `output` names the same regular file
 * as `input`: tools refuse to overwrite their input. */
bool tool_output_is_input(const char *output, const char *input, StrBuf *err);
/* The name diagnostics use for `path`: "<stdin>" for "-". */
const char *tool_input_display_name(const char *path);

/* llvm::ToolOutputFile: opened before the work starts (so a bad path is
 * reported early) as a temporary file beside the target ("TARGET.tmp-XXXXXX",
 * through symbolic links, which are kept), written, and renamed over the
 * target on success; on failure only the temporary file is removed, so the
 * target keeps its old contents.  Paths that exist and are not regular
 * files (/dev/stdout, /dev/null, FIFOs) are written in place and never
 * removed.  "-" is stdout, whose text is written even on failure (mlir-opt
 * streams it); so is the text for those in-place files.  An existing file in
 * a directory where no temporary file can be made is written in place. */
typedef struct ToolOutput {
  char *path;
  char *tmp;              /* the temporary file, or NULL when written in place */
  char *target;           /* what tmp is renamed to (path, links followed) */
  FILE *f;
  bool is_stdout;         /* f is stdout or stderr (never closed) */
  bool stream;            /* written in place and also on failure: stdout, devices */
  int write_errno;        /* first failed early write (tool_output_write), or 0 */
} ToolOutput;
bool tool_output_open(ToolOutput *o, const char *path, StrBuf *err);
/* Writes text before the end (a ToolSink function; user = the ToolOutput).
 * A failure is remembered and reported by tool_output_finish. */
void tool_output_write(void *o, const char *s, size_t n);
/* -cudatilebc-to-mlir's custom form with one batch of functions alive at a
 * time (bc_stream.c): reads the bytecode in buf, verifies and prints it to
 * out, handing text to sink early only when `output` is a file written
 * through a temporary file or /dev/null.  Returns false, having discarded
 * what it produced and shown no diagnostic, whenever the whole-module path
 * (bc_read_module, ir_verify, print) must run instead. */
bool tool_read_bc_streamed(IrContext *ctx, const char *name, const char *buf, size_t len,
                           const char *output, StrBuf *out, const ToolSink *sink);
/* -mlir-to-cudatilebc with one batch of functions alive at a time
 * (bc_stream.c): the bytes bc_write_module would give for the parsed and
 * verified text in buf, in a malloc'd *out; false, having shown nothing and
 * written nothing, whenever that could differ (any diagnostic, text not of
 * the simple shape it handles): the caller then does the whole-module write. */
bool tool_write_bc_streamed(IrContext *ctx, const char *name, const char *buf, size_t len,
                            unsigned vmajor, unsigned vminor, uint8_t **out, size_t *out_len);
/* Writes data (when success, or always for in-place outputs) and closes;
 * renames the temporary file over the target on success, removes it on
 * failure.  Returns false (with a message in err) on a write error. */
bool tool_output_finish(ToolOutput *o, const char *data, size_t n,
                        bool success, StrBuf *err);

/* The common tail of a tool's main: reads `input`, opens `output`, runs `d`
 * over the input and writes the result, reporting I/O problems as
 * "PROG: message" on stderr.  Returns the process exit status (0 or 1). */
int tool_run_file(const ToolDriver *d, const char *prog, const char *input,
                  const char *output);

/* True if the buffer starts with the Tile IR bytecode magic
 * 0x7F 'T' 'i' 'l' 'e' 'I' 'R' 0x00. */
bool tool_is_tile_bytecode(const char *buf, size_t len);

/* ======================================================================== */
/* Tool settings carried by a context                                        */
/* ======================================================================== */

/* A tool's own settings, kept in a DictionaryAttr stored in the context's
 * state slot TOOL_OPTIONS_SLOT.  Boolean settings are BoolAttrs, others
 * StringAttrs (attributes are uniqued, and the dictionary is immortal in the
 * context, so nothing needs freeing).  Keys are the flag names without
 * dashes.  Library code never reads this dictionary: flags that change what
 * the library does reach it through typed setters (ct_set_warn_unsupported_
 * hints, ct_set_err_hints, rw_set_verify_each). */
#define TOOL_OPTIONS_SLOT "options"
void tool_ctx_set_option(IrContext *ctx, const char *key, const IrAttr *value);
void tool_ctx_set_flag(IrContext *ctx, const char *key, bool on);
const IrAttr *tool_ctx_option(IrContext *ctx, const char *key);
/* A boolean setting; `dflt` when unset or not a BoolAttr. */
bool tool_ctx_flag(IrContext *ctx, const char *key, bool dflt);

/* ======================================================================== */
/* Command lines (llvm::cl conventions)                                     */
/* ======================================================================== */

typedef enum ToolOptKind {
  TOOL_OPT_BOOL,      /* -x, -x=true|false|1|0 (value only after '=') */
  TOOL_OPT_STRING,    /* -x V or -x=V (value required) */
  TOOL_OPT_OPTSTRING, /* -x or -x=V (value only after '='; `implicit` when absent) */
  TOOL_OPT_ENUM,      /* -x or -x=one-of(values) (value only after '=') */
  TOOL_OPT_UINT,      /* -x N or -x=N, an unsigned decimal (storage: uint64_t) */
  TOOL_OPT_HELP,      /* prints help (caller checks *storage) */
  TOOL_OPT_ALIAS      /* another spelling of opt `alias_of` */
} ToolOptKind;

typedef struct ToolOpt {
  const char *name;         /* without dashes: "split-input-file", "o" */
  ToolOptKind kind;
  const char *value_desc;   /* "<filename>" in help; NULL for none */
  const char *desc;
  void *storage;            /* bool* (BOOL, HELP), uint64_t* (UINT) or const char ** */
  const char *implicit;     /* OPTSTRING/ENUM value when given bare */
  const char *const *values;/* ENUM: NULL-terminated allowed values */
  const char *alias_of;     /* ALIAS: target option name */
  bool hidden;              /* not listed by --help */
  int *count;               /* optional: incremented per occurrence */
} ToolOpt;

/* The common fields of a ToolOpt table row: {TOOL_OPT("o", TOOL_OPT_STRING,
 * &cfg.output, "Output filename"), .value_desc = "filename"}. */
#define TOOL_OPT(n, k, s, d) .name = (n), .kind = (k), .storage = (s), .desc = (d)

/* The file-name part of a path (argv[0] -> the program name in messages). */
const char *tool_base_name(const char *path);

typedef struct ToolCl {
  const char *argv0;        /* as invoked (LLVM's "Try: 'ARGV0 --help'") */
  const char *prog;         /* basename of argv0 */
  const ToolOpt *opts;
  size_t nopts;
  /* Options not in the table (one per registered pass): return true when
   * `name` is one, recording the occurrence; value is NULL when absent. */
  bool (*dynamic)(void *user, const char *name, size_t n, const char *value);
  /* Names of the dynamic options, for "Did you mean" suggestions. */
  const char *const *(*dynamic_names)(void *user, size_t *n);
  void *user;
  const char **positional;  /* receives the one positional argument */
} ToolCl;

/* Parses argv; returns true on success, else appends LLVM-style messages
 * ("PROG: Unknown command line argument '--x'.  Try: 'ARGV0 --help'") to
 * err.  Options are processed in order. */
bool tool_cl_parse(const ToolCl *cl, int argc, char **argv, StrBuf *err);
/* LLVM-style help text: OVERVIEW, USAGE and the table's visible options
 * (plus `extra` appended verbatim, e.g. the pass list). */
void tool_cl_help(const ToolCl *cl, const char *overview, const char *usage,
                  const char *extra, StrBuf *out);
/* Levenshtein distance (for suggestions; exposed for tests). */
unsigned tool_edit_distance(const char *a, size_t na, const char *b, size_t nb);

#endif
