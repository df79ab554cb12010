/* driver.c — the per-chunk loop every tool shares, and its files.
 *
 * MlirOptMain's shape: the input is read whole, optionally split into
 * chunks, and each chunk gets a fresh context whose diagnostics are either
 * printed (source line and caret taken from the whole input, so line numbers
 * are the file's) or checked against the chunk's expected-* designators.
 * Chunk outputs are joined by the output split marker.  Input and output
 * files follow mlir::openInputFile / llvm::ToolOutputFile: the output is
 * opened up front, filled at the end, and removed when the tool fails. */
#include "tool/tool.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- diagnostic handlers ---------------------------------------------------- */

static void flush_to(StrBuf *b, FILE *f) {
  if (f && b->len) {
    fwrite(b->s, 1, b->len, f);
    fflush(f);
  }
  sb_clear(b);
}

static void render_handler(void *user, const IrDiag *d) {
  ToolRenderState *st = user;
  tool_render_diag(st->sm, d, st->out);
  if (st->flush_to) flush_to(st->out, st->flush_to);
}

void tool_install_renderer(IrContext *ctx, ToolRenderState *state) {
  ir_ctx_set_diag_handler(ctx, render_handler, state);
}

typedef struct VerifyState {
  ToolVerifier v;
  FILE *errs;
} VerifyState;

static void verify_handler(void *user, const IrDiag *d) {
  VerifyState *st = user;
  tool_verifier_process(&st->v, d);
  flush_to(st->v.out, st->errs);
}

/* ---- the loop ----------------------------------------------------------------- */

/* Processes one chunk in a fresh context; returns its success. */
static bool run_chunk(const ToolDriver *d, ToolSourceMgr *sm, ToolSource *src,
                      const ToolChunk *c, StrBuf *diag, StrBuf *out) {
  IrContext *ctx = ir_context_create();
  VerifyState vs;
  ToolRenderState rs = {sm, diag, d->errs};
  if (d->verify != TOOL_VERIFY_NONE) {
    tool_verifier_init(&vs.v, sm, diag, d->verify == TOOL_VERIFY_ONLY_EXPECTED);
    vs.errs = d->errs;
    tool_verifier_scan(&vs.v, src, c->text, c->len, c->line_offset);
    flush_to(diag, d->errs);
    ir_ctx_set_diag_handler(ctx, verify_handler, &vs);
  } else {
    tool_install_renderer(ctx, &rs);
  }
  if (d->setup) d->setup(ctx, d->user);
  /* split chunk columns (asm.h ASM_FIRST_COLUMN_STATE, "asm.first_column") */
  if (c->first_column > 1)
    ir_ctx_set_dialect_state(ctx, "asm.first_column", (void *)(uintptr_t)c->first_column, NULL);
  /* The parser wants a NUL right after its text: the input has one at its
   * end, so only chunks that end before it are copied. */
  char *buf = c->text + c->len == src->text + src->len ? NULL : xstrndup(c->text, c->len);
  bool ok = d->process(ctx, src->name, buf ? buf : c->text, c->len, c->line_offset, out,
                       &d->sink, d->user);
  if (d->verify != TOOL_VERIFY_NONE) {
    ok = tool_verifier_finish(&vs.v);
    flush_to(diag, d->errs);
  }
  ir_context_destroy(ctx);
  if (d->verify != TOOL_VERIFY_NONE) tool_verifier_free(&vs.v);
  free(buf);
  flush_to(diag, d->errs);
  return ok;
}

bool tool_driver_run(const ToolDriver *d, const char *name, const char *text,
                     size_t len, StrBuf *out) {
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  ToolSource *src = tool_srcmgr_add(&sm, name, text, len);
  StrBuf diag = {0};
  ToolChunk whole = {text, len, 0, 1}, *chunks = &whole;
  size_t n = 1;
  if (d->split_marker) {
    chunks = tool_split_input(src, d->split_marker, &n, &diag);
    flush_to(&diag, d->errs);
  }
  const char *sep = d->output_marker ? d->output_marker : TOOL_DEFAULT_SPLIT_MARKER;
  bool ok = true;
  for (size_t i = 0; i < n; i++) {
    if (i) {
      sb_puts(out, sep);
      sb_putc(out, '\n');
    }
    if (!run_chunk(d, &sm, src, &chunks[i], &diag, out)) ok = false;
  }
  if (chunks != &whole) free(chunks);
  sb_free(&diag);
  tool_srcmgr_free(&sm);
  return ok;
}

/* ---- files ------------------------------------------------------------------- */

const char *tool_input_display_name(const char *path) {
  return strcmp(path, "-") ? path : "<stdin>";
}

char *tool_read_input(const char *path, size_t *len, StrBuf *err) {
  struct stat st;
  int e = 0;
  char *buf = NULL;
  if (strcmp(path, "-") && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) e = EISDIR;
  else if (!(buf = read_file(path, len))) e = errno ? errno : EIO;
  if (!buf) sb_printf(err, "cannot open input file '%s': %s", path, strerror(e));
  return buf;
}

bool tool_output_open(ToolOutput *o, const char *path, StrBuf *err) {
  memset(o, 0, sizeof *o);
  o->path = xstrndup(path, strlen(path));
  if (!strcmp(path, "-")) {
    o->f = stdout;
    o->is_stdout = true;
    return true;
  }
  o->f = fopen(path, "wb");
  if (!o->f) {
    sb_printf(err, "cannot open output file '%s': %s", path, strerror(errno));
    free(o->path);
    o->path = NULL;
    return false;
  }
  return true;
}

void tool_output_write(void *user, const char *s, size_t n) {
  ToolOutput *o = user;
  if (!o->f || o->write_errno || !n) return;
  if (fwrite(s, 1, n, o->f) != n) o->write_errno = errno ? errno : EIO;
}

bool tool_output_finish(ToolOutput *o, const char *data, size_t n, bool success,
                        StrBuf *err) {
  bool ok = true;
  if (!o->f) return false;
  if (o->write_errno) {
    sb_printf(err, "IO failure on output stream: %s", strerror(o->write_errno));
    ok = false;
  } else if (success || o->is_stdout) {
    if ((n && fwrite(data, 1, n, o->f) != n) || fflush(o->f) != 0) {
      sb_printf(err, "IO failure on output stream: %s", strerror(errno));
      ok = false;
    }
  }
  if (!o->is_stdout) {
    if (fclose(o->f) != 0 && ok) {
      sb_printf(err, "IO failure on output stream: %s", strerror(errno));
      ok = false;
    }
    struct stat st;
    if ((!success || !ok) && stat(o->path, &st) == 0 && S_ISREG(st.st_mode)) unlink(o->path);
  }
  o->f = NULL;
  free(o->path);
  o->path = NULL;
  return ok;
}

bool tool_is_tile_bytecode(const char *buf, size_t len) {
  return len >= 8 && !memcmp(buf, "\x7FTileIR\0", 8);
}

const char *const tool_verify_level_names[] = {"all", "only-expected", NULL};

ToolVerifyLevel tool_verify_level(const char *value) {
  if (!value) return TOOL_VERIFY_NONE;
  return strcmp(value, "only-expected") == 0 ? TOOL_VERIFY_ONLY_EXPECTED : TOOL_VERIFY_ALL;
}

int tool_run_file(const ToolDriver *d, const char *prog, const char *input,
                  const char *output) {
  StrBuf msg = {0}, out = {0};
  size_t len = 0;
  int rc = 1;
  char *text = tool_read_input(input, &len, &msg);
  if (!text) {
    fprintf(stderr, "%s\n", sb_cstr(&msg));
    goto done;
  }
  ToolOutput o;
  if (!tool_output_open(&o, output, &msg)) {
    fprintf(stderr, "%s\n", sb_cstr(&msg));
    goto done;
  }
  /* Output is handed to the file as it is made (when the tool streams it):
   * a failed run removes the file as before, and stdout gets everything
   * either way. */
  ToolDriver run = *d;
  run.sink = (ToolSink){tool_output_write, &o};
  bool ok = tool_driver_run(&run, tool_input_display_name(input), text, len, &out);
  if (!tool_output_finish(&o, out.s, out.len, ok, &msg)) {
    fprintf(stderr, "%s: %s\n", prog, sb_cstr(&msg));
    ok = false;
  }
  rc = ok ? 0 : 1;
done:
  free(text);
  sb_free(&msg);
  sb_free(&out);
  return rc;
}
