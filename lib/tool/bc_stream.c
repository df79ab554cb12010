/* bc_stream.c — reading a bytecode module and printing its custom form one
 * batch of functions at a time (ctile-translate -cudatilebc-to-mlir).
 *
 * The custom form prints every function on its own (names restart at each
 * isolated entry, no aliases), so the text of a module is its header line,
 * its globals, each function's text and the closing "}\n".  read_streamed
 * produces exactly that while only one function is alive: it verifies the
 * globals in a module of their own, then loads each function into it,
 * verifies it there (its symbol references see the globals), moves it into
 * an empty module, prints that, keeps the text between the header line and
 * the closing line, and destroys the function.  Peak memory is one function
 * instead of the whole module.
 *
 * It only ever succeeds where reading the whole module, verifying and
 * printing it would, with the same text: any diagnostic, a repeated symbol
 * name (the module's symbol table check, which needs all of them at once)
 * or text not of the expected shape makes it give up, discard what it
 * made, and the caller does the whole-module read, which reports the same
 * diagnostics in the same order as before. */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "tool/tool.h"

typedef struct StreamOut {
  StrBuf *out;
  const ToolSink *sink;
  ToolOutput *file;  /* the sink's output file when it can be emptied again */
  size_t start;      /* out->len on entry */
  bool use_sink;     /* text may go to the sink before the end */
  bool sunk;         /* some did */
} StreamOut;

/* Whether text may reach the output before the run is known to succeed:
 * for files written through a temporary file (removed on failure, emptied
 * again here when the streamed attempt gives up) and /dev/null.  Standard
 * output and other devices get text only after success, as before. */
static void stream_out_init(StreamOut *so, const char *output, StrBuf *out, const ToolSink *sink) {
  *so = (StreamOut){.out = out, .sink = sink, .start = out->len};
  if (!sink || sink->fn != tool_output_write || !sink->user) return;
  ToolOutput *o = sink->user;
  if (!o->stream && o->f) {
    so->file = o;
    so->use_sink = true;
  } else if (!strcmp(output, "/dev/null")) {
    so->use_sink = true;
  }
}

static void stream_out_put(StreamOut *so, const char *s, size_t n) {
  sb_putn(so->out, s, n);
  if (so->use_sink && so->out->len >= 64 * 1024) {
    so->sink->fn(so->sink->user, so->out->s, so->out->len);
    sb_clear(so->out);
    so->sunk = true;
  }
}

/* Takes back everything the streamed attempt produced. */
static void stream_out_discard(StreamOut *so) {
  if (so->sunk && so->file) {
    fflush(so->file->f);
    if (ftruncate(fileno(so->file->f), 0) != 0) so->file->write_errno = errno ? errno : EIO;
    rewind(so->file->f);
  }
  so->out->len = so->sunk ? 0 : so->start;
  if (so->out->s) so->out->s[so->out->len] = '\0';
}

/* Counts the diagnostics of the streamed attempt (and shows none). */
static void count_diag(void *user, const IrDiag *d) {
  (void)d;
  ++*(unsigned *)user;
}

/* Prints `module` into t (emptied first); false unless the text starts
 * with hdr (hdr == NULL: any first line) and ends with the module's closing
 * line, "}\n" (nothing after it, such as a resource section). */
static bool print_shaped(IrOp *module, StrBuf *t, const char *hdr, size_t nhdr) {
  sb_clear(t);
  AsmPrintOptions po = {0};
  asm_print_op_to(t, module, &po);
  if (t->len < 3 || memcmp(t->s + t->len - 3, "\n}\n", 3) != 0) return false;
  if (hdr) return t->len >= nhdr + 2 && !memcmp(t->s, hdr, nhdr);
  return true;
}

#define STREAM_BATCH (16 * 1024)

/* Destroys the ops of b. */
static void empty_block(IrBlock *b) {
  while (b && b->first) {
    IrOp *o = b->first;
    ir_op_unlink(o);
    ir_op_destroy(o);
  }
}

static bool read_streamed(IrContext *ctx, const char *name, const char *buf, size_t len,
                          StreamOut *so) {
  IrDiagHandler prev;
  void *prev_user;
  unsigned ndiags = 0;
  ir_ctx_get_diag_handler(ctx, &prev, &prev_user);
  ir_ctx_set_diag_handler(ctx, count_diag, &ndiags);
  BcLazyModule *m = bc_lazy_open(ctx, name, (const uint8_t *)buf, len);
  IrOp *globals = m ? bc_lazy_load_module_shell(m, true) : NULL;
  IrOp *shell = globals ? bc_lazy_load_module_shell(m, false) : NULL;
  StrBuf t = {0}, hdr = {0};
  U64Map names = {0};
  bool ok = shell && !ndiags;
  /* Symbol names, all distinct (the functions' from the function table). */
  IrBlock *gbody = globals ? ir_op_regions(globals)[0].first : NULL;
  for (IrOp *g = gbody ? gbody->first : NULL; g && ok; g = g->next) {
    const IrIdent *id = ir_symbol_name(g);
    ok = id && !u64map_get(&names, (uintptr_t)id);
    if (ok) u64map_put(&names, (uintptr_t)id, g);
  }
  size_t nf = m ? bc_lazy_num_functions(m) : 0;
  for (size_t i = 0; i < nf && ok; i++) {
    size_t n;
    const char *fname = bc_lazy_function_name(m, i, &n);
    const IrIdent *id = ir_ident(ctx, fname, n);
    ok = !u64map_get(&names, (uintptr_t)id);
    if (ok) u64map_put(&names, (uintptr_t)id, (void *)id);
  }
  /* The header line and the globals, as the whole module prints them. */
  ok = ok && ir_verify(globals) && !ndiags && print_shaped(globals, &t, NULL, 0);
  if (ok) {
    const char *nl = memchr(t.s, '\n', t.len);
    size_t nh = (size_t)(nl - t.s) + 1;
    sb_putn(&hdr, t.s, nh);
    /* the module's own line first: no alias definitions above it (they
     * would depend on what each batch uses) */
    static const char mod[] = "cuda_tile.module ";
    ok = nh + 2 <= t.len && nh > sizeof mod - 1 && !memcmp(t.s, mod, sizeof mod - 1);
    if (ok) stream_out_put(so, t.s, t.len - 2);
  }
  /* Functions go to the printed module in batches of about STREAM_BATCH
   * bytes of bytecode (a few MB of IR), so that the printer's per-module
   * work (its tables and memos) is shared by many small functions. */
  IrBlock *sbody = shell ? ir_op_regions(shell)[0].first : NULL;
  size_t batch = 0;
  for (size_t i = 0; i < nf && ok; i++) {
    IrOp *f = bc_lazy_load_function(m, i);
    if (!f) {
      ok = false;
      break;
    }
    ir_block_append(gbody, f);
    ok = ir_verify(f) && !ndiags;
    ir_op_unlink(f);
    ir_block_append(sbody, f);
    batch += bc_lazy_function_size(m, i);
    if (ok && (batch >= STREAM_BATCH || i + 1 == nf)) {
      ok = print_shaped(shell, &t, hdr.s, hdr.len);
      if (ok) stream_out_put(so, t.s + hdr.len, t.len - hdr.len - 2);
      batch = 0;
    }
    if (!ok || !batch) empty_block(sbody);
  }
  if (ok) stream_out_put(so, "}\n", 2);
  u64map_free(&names);
  sb_free(&t);
  sb_free(&hdr);
  empty_block(sbody);
  if (shell) ir_op_destroy(shell);
  if (globals) ir_op_destroy(globals);
  bc_lazy_close(m);
  ir_ctx_set_diag_handler(ctx, prev, prev_user);
  if (!ok) stream_out_discard(so);
  return ok;
}

bool tool_read_bc_streamed(IrContext *ctx, const char *name, const char *buf, size_t len,
                           const char *output, StrBuf *out, const ToolSink *sink) {
  StreamOut so;
  stream_out_init(&so, output, out, sink);
  return read_streamed(ctx, name, buf, len, &so);
}
