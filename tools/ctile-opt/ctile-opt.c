/* ctile-opt — the mlir-opt of ctile: parse MLIR text (or Tile IR bytecode),
 * verify it, run passes, print the result.
 *
 *   ctile-opt [options] [input-file]          (default input "-": stdin)
 *
 * Options and their behaviour follow mlir-opt (MlirOptMain): one flag per
 * registered pass (--canonicalize, --cse=…, run in command-line order),
 * --pass-pipeline / -p, -o, --split-input-file[=marker],
 * --verify-diagnostics[=all|only-expected], --allow-unregistered-dialect,
 * --no-implicit-module, --verify-each, --mlir-print-op-generic,
 * --mlir-print-debuginfo, plus cuda-tile-opt's -Wunsupported-hints and
 * -Werr-hints, and --stats (op counts per op name on stderr after the
 * pipeline, in the format of mlir-opt's --print-op-stats pass).  Each input chunk runs in a fresh context:
 * parse -> verify -> pass pipeline -> print.  Exit status 0 on success, 1 on
 * any error (under --verify-diagnostics: 0 iff the diagnostics matched).
 * The machinery lives in lib/tool; this file only wires it together. */
#include <stdio.h>
#include <unistd.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "dialect/dialects.h"
#include "ir/destroy_isolated.h"
#include "rewrite/rewrite.h"
#include "tool/tool.h"

/* One pass given as its own flag, e.g. --canonicalize="max-iterations=3". */
typedef struct PassFlag {
  const char *name;
  size_t len;
  const char *options; /* text after '=' or NULL */
} PassFlag;

typedef struct OptConfig {
  IrContext *reg;                   /* registry context: pass lookup, --help */
  StrBuf pass_list;                 /* rw_list_passes text (help, suggestions) */
  VEC(const char *) pass_names;     /* names inside pass_list, for suggestions */
  VEC(PassFlag) passes;
  StrBuf pass_text;                 /* "a,b{opts}" built from `passes` */
  const char *pipeline;             /* --pass-pipeline (NULL when absent) */
  int pipeline_count;
  const char *output, *input;
  const char *split, *output_marker, *verify;
  bool verify_each, allow_unregistered, no_implicit_module;
  bool generic, debuginfo, pretty_debuginfo, local_scope, disable_threading;
  bool warn_hints, err_hints, list_passes, dump_pipeline, help, version;
  bool print_op_on_diag, stats;
  uint64_t elide_limit;             /* --mlir-elide-elementsattrs-if-larger (0: off) */
  uint64_t max_input;               /* --max-input-size (0: the default) */
} OptConfig;


/* Registers a pass flag; false when `name` is not a registered pass. */
static bool pass_flag(void *user, const char *name, size_t n, const char *value) {
  OptConfig *c = user;
  if (!rw_find_pass(c->reg, name, n)) return false;
  vec_push(&c->passes, ((PassFlag){name, n, value}));
  return true;
}

/* Registered pass names for "Did you mean" suggestions, taken from the
 * "  --name  summary" lines of rw_list_passes. */
static const char *const *pass_names(void *user, size_t *n) {
  OptConfig *c = user;
  if (!c->pass_names.len) {
    for (char *line = c->pass_list.s; line && *line;) {
      char *nl = strchr(line, '\n');
      if (nl) *nl = 0;
      char *name = line + strspn(line, " ");
      if (!strncmp(name, "--", 2)) {
        name += 2;
        name[strcspn(name, " \t")] = 0;
        if (*name) vec_push(&c->pass_names, name);
      }
      line = nl ? nl + 1 : NULL;
    }
  }
  *n = c->pass_names.len;
  return c->pass_names.data;
}

/* Builds "canonicalize{max-iterations=3},cse": anchored on whatever the
 * top-level op is, as mlir-opt's pass manager is. */
static void build_pass_text(OptConfig *c) {
  for (size_t i = 0; i < c->passes.len; i++) {
    const PassFlag *p = &c->passes.data[i];
    if (i) sb_putc(&c->pass_text, ',');
    sb_putn(&c->pass_text, p->name, p->len);
    if (p->options && *p->options) sb_printf(&c->pass_text, "{%s}", p->options);
  }
}

static void setup_context(IrContext *ctx, void *user) {
  OptConfig *c = user;
  ctile_register_all(ctx);
  ir_ctx_allow_unregistered(ctx, c->allow_unregistered);
  if (c->warn_hints) ct_set_warn_unsupported_hints(ctx, true);
  if (c->err_hints) ct_set_err_hints(ctx, true);
  rw_set_verify_each(ctx, c->verify_each);
  /* MlirOptMain: the note is off while verifying diagnostics. */
  ir_ctx_set_print_op_on_diagnostic(ctx, c->print_op_on_diag && !c->verify);
}

/* Reads a bytecode chunk through lib/bytecode when it is linked in. */
static IrOp *read_bytecode(IrContext *ctx, const char *name, const char *buf, size_t len) {
#if CTILE_HAVE_BC_READ
  return bc_read_module(ctx, name, (const uint8_t *)buf, len);
#else
  if (bc_read_module) return bc_read_module(ctx, name, (const uint8_t *)buf, len);
  ir_error(ctx, ir_file_loc(ctx, ir_identz(ctx, name), 0, 0),
           "bytecode input is not supported yet");
  return NULL;
#endif
}

/* Number of top-level passes in a printed pipeline "anchor(a,b{x},c(d))"
 * (MLIR's OpPassManager::size(), shown by --dump-pass-pipeline). */
static unsigned count_passes(const char *text) {
  const char *p = strchr(text, '(');
  if (!p || p[1] == ')') return 0;
  unsigned n = 1;
  int depth = 0;
  for (p++; *p; p++) {
    if (*p == '(' || *p == '{') depth++;
    else if ((*p == ')' || *p == '}') && depth-- == 0) break;
    else if (*p == ',' && depth == 0) n++;
  }
  return n;
}

/* Builds the chunk's pass pipeline (after parsing, as mlir-opt does, so its
 * errors are reported per chunk at an unknown location) and runs it. */
static bool run_passes(IrContext *ctx, IrOp *op, OptConfig *c) {
  if (c->pipeline_count && c->passes.len)
    return ir_error(ctx, NULL,
                    "'-pass-pipeline' option can't be used with individual pass options");
  RwPipeline *pl = c->pipeline_count
                       ? rw_pipeline_parse(ctx, c->pipeline, NULL)
                       : rw_pipeline_parse(ctx, sb_cstr(&c->pass_text), ir_op_name(op));
  if (!pl) return false;
  if (c->dump_pipeline) {
    StrBuf b = {0};
    rw_pipeline_print(pl, &b);
    fprintf(stderr, "Pass Manager with %u passes:\n%s\n\n", count_passes(sb_cstr(&b)),
            sb_cstr(&b));
    sb_free(&b);
  }
  bool ok = rw_pipeline_run(pl, op);
  rw_pipeline_free(pl);
  return ok;
}

static IrWalkResult collect_name(IrOp *op, void *user) {
  VEC(const char *) *names = user;
  vec_push(names, ir_op_name(op));
  return IR_WALK_ADVANCE;
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* --stats: how many ops of each name `op` holds (itself included), sorted
 * by name, as mlir-opt's --print-op-stats prints them: the dialect part
 * right-aligned, the op part left-aligned, then " , " and the count. */
static void print_op_stats(IrOp *op, FILE *f) {
  VEC(const char *) names = {0};
  ir_walk_pre(op, collect_name, &names);
  qsort(names.data, names.len, sizeof *names.data, cmp_names);
  int wd = 0, wo = 0;
  for (size_t i = 0; i < names.len; i++) {
    const char *dot = strchr(names.data[i], '.');
    int d = dot ? (int)(dot - names.data[i]) : 0;
    int o = (int)strlen(names.data[i]) - (dot ? d + 1 : 0);
    if (d > wd) wd = d;
    if (o > wo) wo = o;
  }
  fputs("Operations encountered:\n-----------------------\n", f);
  for (size_t i = 0, n; i < names.len; i += n) {
    for (n = 1; i + n < names.len && !strcmp(names.data[i], names.data[i + n]); n++) {
    }
    const char *name = names.data[i], *dot = strchr(name, '.');
    int d = dot ? (int)(dot - name) : 0;
    fprintf(f, "  %*s%.*s%s%-*s , %zu\n", wd - d, "", d, name, dot ? "." : "", wo,
            dot ? dot + 1 : name, n);
  }
  vec_free(&names);
}

/* parse -> verify -> passes -> print, for one chunk. */
static bool process_chunk(IrContext *ctx, const char *name, const char *buf, size_t len,
                          unsigned line_offset, StrBuf *out, const ToolSink *sink,
                          void *user) {
  OptConfig *c = user;
  IrOp *op;
  if (tool_is_tile_bytecode(buf, len)) {
    op = read_bytecode(ctx, name, buf, len);
  } else {
    AsmParseOptions po = {.no_implicit_module = c->no_implicit_module,
                          .line_offset = line_offset};
    op = asm_parse_buffer(ctx, name, buf, len, &po);
  }
  if (!op) return false;
  bool ok = ir_verify(op);
  if (ok && (c->pipeline_count || c->passes.len)) ok = run_passes(ctx, op, c);
  if (ok && c->stats) print_op_stats(op, stderr);
  if (ok) {
    AsmPrintOptions po = {.generic = c->generic, .debuginfo = c->debuginfo,
                          .pretty_debuginfo = c->pretty_debuginfo,
                          .local_scope = c->local_scope,
                          .elide_elements_limit = (int64_t)c->elide_limit,
                          .sink = sink->fn, .sink_user = sink->user};
    asm_print_op_to(out, op, &po);
    sb_putc(out, '\n'); /* mlir-opt ends each printed op with an empty line */
  }
  /* A top-level op that verified is a tree no use crosses (nothing lies
   * outside it): one walk frees it. */
  if (ok) ir_op_destroy_isolated(op);
  else ir_op_destroy(op);
  return ok;
}

int main(int argc, char **argv) {
  OptConfig c = {.output = "-", .input = "-", .output_marker = TOOL_DEFAULT_SPLIT_MARKER,
                 .verify_each = true, .print_op_on_diag = true};
  /* Table order is --help order. */
  const ToolOpt opts[] = {
      {TOOL_OPT("allow-unregistered-dialect", TOOL_OPT_BOOL, &c.allow_unregistered,
           "Allow operation with no registered dialects")},
      {TOOL_OPT("dump-pass-pipeline", TOOL_OPT_BOOL, &c.dump_pipeline,
           "Print the pipeline that will be run")},
      {TOOL_OPT("help", TOOL_OPT_HELP, &c.help, "Display available options")},
      {TOOL_OPT("help-hidden", TOOL_OPT_HELP, &c.help, "Display all available options"),
       .hidden = true},
      {TOOL_OPT("list-passes", TOOL_OPT_BOOL, &c.list_passes,
           "Print the list of registered passes and exit")},
      {TOOL_OPT("mlir-disable-threading", TOOL_OPT_BOOL, &c.disable_threading,
           "Disable multi-threading (accepted for compatibility; ctile is single-threaded)")},
      {TOOL_OPT("mlir-elide-elementsattrs-if-larger", TOOL_OPT_UINT, &c.elide_limit,
           "Elide ElementsAttrs with \"...\" that have more elements than the given upper "
           "limit")},
      {TOOL_OPT("mlir-pretty-debuginfo", TOOL_OPT_BOOL, &c.pretty_debuginfo,
           "Print pretty debug info in MLIR output")},
      {TOOL_OPT("mlir-print-debuginfo", TOOL_OPT_BOOL, &c.debuginfo,
           "Print debug info in MLIR output")},
      {TOOL_OPT("mlir-print-local-scope", TOOL_OPT_BOOL, &c.local_scope,
           "Print with local scope and inline information (eliding aliases for attributes, "
           "types, and locations)")},
      {TOOL_OPT("mlir-print-op-generic", TOOL_OPT_BOOL, &c.generic, "Print the generic op form")},
      {TOOL_OPT("mlir-print-op-on-diagnostic", TOOL_OPT_BOOL, &c.print_op_on_diag,
           "When a diagnostic is emitted on an operation, also print the operation as an "
           "attached note")},
      {TOOL_OPT("no-implicit-module", TOOL_OPT_BOOL, &c.no_implicit_module,
           "Disable implicit addition of a top-level module op during parsing")},
      {TOOL_OPT("max-input-size", TOOL_OPT_UINT, &c.max_input,
           "Largest input file read, in bytes (default 256 MiB)"), .value_desc = "bytes"},
      {TOOL_OPT("o", TOOL_OPT_STRING, &c.output, "Output filename"), .value_desc = "filename"},
      {TOOL_OPT("output-split-marker", TOOL_OPT_STRING, &c.output_marker,
           "Split marker to use for merging the ouput")},
      {TOOL_OPT("p", TOOL_OPT_ALIAS, NULL, "Alias for --pass-pipeline"),
       .alias_of = "pass-pipeline"},
      {TOOL_OPT("pass-pipeline", TOOL_OPT_STRING, &c.pipeline,
           "Textual description of the pass pipeline to run"),
       .count = &c.pipeline_count},
      {TOOL_OPT("split-input-file", TOOL_OPT_OPTSTRING, &c.split,
           "Split the input file into chunks using the given or default marker and process "
           "each chunk independently"),
       .implicit = TOOL_DEFAULT_SPLIT_MARKER},
      {TOOL_OPT("stats", TOOL_OPT_BOOL, &c.stats,
           "Print the number of operations of each name (after the passes) to stderr, as "
           "mlir-opt's --print-op-stats does")},
      {TOOL_OPT("verify-diagnostics", TOOL_OPT_ENUM, &c.verify,
           "Check that emitted diagnostics match expected-* lines on the corresponding line"),
       .implicit = "all", .values = tool_verify_level_names},
      {TOOL_OPT("verify-each", TOOL_OPT_BOOL, &c.verify_each,
           "Run the verifier after each transformation pass")},
      {TOOL_OPT("version", TOOL_OPT_HELP, &c.version, "Display the version of this program")},
      {TOOL_OPT("Werr-hints", TOOL_OPT_BOOL, &c.err_hints,
           "Treat unsupported/invalid optimization hints as errors")},
      {TOOL_OPT("Wunsupported-hints", TOOL_OPT_BOOL, &c.warn_hints,
           "Enable warnings for unsupported/invalid optimization hints")},
  };

  ToolCl cl = {.argv0 = argv[0] ? argv[0] : "ctile-opt",
               .prog = tool_base_name(argv[0] ? argv[0] : "ctile-opt"),
               .opts = opts, .nopts = sizeof opts / sizeof opts[0],
               .dynamic = pass_flag, .dynamic_names = pass_names, .user = &c,
               .positional = &c.input};

  c.reg = ir_context_create();
  ctile_register_all(c.reg);
  StrBuf passes = {0};
  rw_list_passes(c.reg, &passes);
  sb_puts(&c.pass_list, sb_cstr(&passes)); /* a copy, cut into names on demand */
  StrBuf msg = {0}, out = {0};
  int rc = 1;
  bool parsed = tool_cl_parse(&cl, argc, argv, &msg);
  fputs(sb_cstr(&msg), stderr);
  sb_clear(&msg);

  if (c.help) {
    sb_puts(&msg, "\nCompiler passes to run:\n");
    sb_puts(&msg, sb_cstr(&passes));
    tool_cl_help(&cl, "ctile modular optimizer driver (mlir-opt for CUDA Tile IR)",
                 "[options] <input file>", sb_cstr(&msg), &out);
    fputs(sb_cstr(&out), stdout);
    rc = 0;
    goto done;
  }
  if (!parsed) goto done;
  if (c.version) {
    printf("ctile version %s\n", ctileGetVersion());
    rc = 0;
    goto done;
  }
  if (c.list_passes) {
    fputs(sb_cstr(&passes), stdout);
    rc = 0;
    goto done;
  }
  build_pass_text(&c);

  if (!strcmp(c.input, "-") && isatty(fileno(stdin)))
    fputs("(processing input from stdin now, hit ctrl-c/ctrl-d to interrupt)\n", stderr);
  ToolDriver d = {
      .split_marker = c.split,
      .output_marker = c.output_marker,
      .verify = tool_verify_level(c.verify),
      .errs = stderr,
      .setup = setup_context,
      .process = process_chunk,
      .user = &c,
      .max_input = c.max_input,
  };
  rc = tool_run_file(&d, cl.prog, c.input, c.output);

done:
  sb_free(&passes);
  sb_free(&c.pass_list);
  vec_free(&c.pass_names);
  sb_free(&msg);
  sb_free(&out);
  sb_free(&c.pass_text);
  vec_free(&c.passes);
  ir_context_destroy(c.reg);
  return rc;
}
