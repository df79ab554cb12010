/* diag.c — diagnostics: building messages (printf plus %T/%A for types and
 * attributes), attaching notes, routing to the context's handler, and the
 * MLIR-shaped default rendering "file:line:col: error: msg" with the source
 * line and a caret when the source buffer is known. */
#include "ir/ir_internal.h"

#include <stdio.h>
#include <stdlib.h>

void ir_ctx_set_diag_handler(IrContext *ctx, IrDiagHandler h, void *user) {
  ctx->diag_handler = h;
  ctx->diag_user = user;
}

void ir_ctx_get_diag_handler(IrContext *ctx, IrDiagHandler *h, void **user) {
  *h = ctx->diag_handler;
  *user = ctx->diag_user;
}

void ir_ctx_set_printers(IrContext *ctx, IrTypePrintFn pt, IrAttrPrintFn pa) {
  ctx->print_type = pt;
  ctx->print_attr = pa;
}

unsigned ir_ctx_num_errors(IrContext *ctx) { return ctx->num_errors; }

void ir_ctx_add_source(IrContext *ctx, const IrIdent *file, const char *buf, size_t len) {
  for (size_t i = 0; i < ctx->sources.len; i++)
    if (ctx->sources.data[i].file == file) {
      ctx->sources.data[i].buf = buf;
      ctx->sources.data[i].len = len;
      return;
    }
  vec_push(&ctx->sources, ((SourceBuf){file, buf, len}));
}

void ir_ctx_clear_sources(IrContext *ctx) { ctx->sources.len = 0; }

IrDiag *ir_diag_new(IrContext *ctx, IrSeverity sev, const IrLoc *loc) {
  IrDiag *d = xcalloc(1, sizeof *d);
  d->sev = sev;
  d->loc = loc ? loc : ctx->unknown_loc;
  return d;
}

typedef struct ExtCtx {
  IrContext *ctx;
} ExtCtx;

static void diag_ext(StrBuf *b, char conv, va_list *ap, void *user) {
  IrContext *ctx = ((ExtCtx *)user)->ctx;
  if (conv == 'T') {
    const IrType *t = va_arg(*ap, const IrType *);
    if (!t) sb_puts(b, "<<NULL TYPE>>");
    else if (ctx->print_type) ctx->print_type(b, t);
    else sb_printf(b, "<%s.%s>", t->def->dialect, t->def->name);
  } else {
    const IrAttr *a = va_arg(*ap, const IrAttr *);
    if (!a) sb_puts(b, "<<NULL ATTRIBUTE>>");
    else if (ctx->print_attr) ctx->print_attr(b, a);
    else sb_printf(b, "<%s.%s>", a->def->dialect, a->def->name);
  }
}

void ir_diag_vappend(IrContext *ctx, IrDiag *d, const char *fmt, va_list ap) {
  ExtCtx e = {ctx};
  va_list cp;
  va_copy(cp, ap);
  sb_vformat(&d->msg, fmt, &cp, "TA", diag_ext, &e);
  va_end(cp);
}

void ir_diag_append(IrContext *ctx, IrDiag *d, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_diag_vappend(ctx, d, fmt, ap);
  va_end(ap);
}

IrDiag *ir_diag_add_note(IrContext *ctx, IrDiag *d, const IrLoc *loc, const char *fmt, ...) {
  IrDiag *n = ir_diag_new(ctx, IR_SEV_NOTE, loc);
  va_list ap;
  va_start(ap, fmt);
  ir_diag_vappend(ctx, n, fmt, ap);
  va_end(ap);
  IrDiag **pp = &d->notes;
  while (*pp) pp = &(*pp)->next_note;
  *pp = n;
  return n;
}

static void diag_free(IrDiag *d) {
  while (d) {
    IrDiag *next = d->next_note;
    diag_free(d->notes);
    sb_free(&d->msg);
    free(d);
    d = next;
  }
}

static const char *sev_name(IrSeverity s) {
  switch (s) {
  case IR_SEV_ERROR: return "error";
  case IR_SEV_WARNING: return "warning";
  case IR_SEV_REMARK: return "remark";
  default: return "note";
  }
}

/* Renders one diagnostic (without notes). */
static void format_one(IrContext *ctx, const IrDiag *d, StrBuf *out) {
  const IrLoc *fl = ir_loc_find_file(d->loc);
  if (fl) sb_printf(out, "%s:%lld:%lld: ", fl->str->str, (long long)fl->ints[0],
                    (long long)fl->ints[1]);
  else sb_puts(out, "loc(unknown): ");
  sb_printf(out, "%s: %s\n", sev_name(d->sev), sb_cstr((StrBuf *)&d->msg));
  if (!fl) return;
  for (size_t i = 0; i < ctx->sources.len; i++) {
    const SourceBuf *s = &ctx->sources.data[i];
    if (s->file != fl->str) continue;
    int64_t line = fl->ints[0], col = fl->ints[1];
    const char *p = s->buf, *end = s->buf + s->len;
    for (int64_t l = 1; l < line && p < end; l++) {
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      if (!nl) { p = end; break; }
      p = nl + 1;
    }
    if (p >= end && line > 1) return;
    const char *e = memchr(p, '\n', (size_t)(end - p));
    if (!e) e = end;
    sb_putn(out, p, (size_t)(e - p));
    sb_putc(out, '\n');
    for (int64_t c = 1; c < col && c <= e - p; c++) sb_putc(out, p[c - 1] == '\t' ? '\t' : ' ');
    sb_puts(out, "^\n");
    return;
  }
}

void ir_diag_format(IrContext *ctx, const IrDiag *d, StrBuf *out) {
  format_one(ctx, d, out);
  for (const IrDiag *n = d->notes; n; n = n->next_note) format_one(ctx, n, out);
}

void ir_diag_emit(IrContext *ctx, IrDiag *d) {
  if (d->sev == IR_SEV_ERROR) ctx->num_errors++;
  if (ctx->diag_handler) {
    ctx->diag_handler(ctx->diag_user, d);
  } else {
    StrBuf b = {0};
    ir_diag_format(ctx, d, &b);
    fputs(sb_cstr(&b), stderr);
    sb_free(&b);
  }
  diag_free(d);
}

static bool emit_v(IrContext *ctx, IrSeverity sev, const IrLoc *loc, const char *fmt, va_list ap) {
  IrDiag *d = ir_diag_new(ctx, sev, loc);
  ir_diag_vappend(ctx, d, fmt, ap);
  ir_diag_emit(ctx, d);
  return false;
}

bool ir_error(IrContext *ctx, const IrLoc *loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit_v(ctx, IR_SEV_ERROR, loc, fmt, ap);
  va_end(ap);
  return false;
}

bool ir_warning(IrContext *ctx, const IrLoc *loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit_v(ctx, IR_SEV_WARNING, loc, fmt, ap);
  va_end(ap);
  return false;
}

bool ir_remark(IrContext *ctx, const IrLoc *loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit_v(ctx, IR_SEV_REMARK, loc, fmt, ap);
  va_end(ap);
  return false;
}

void ir_ctx_set_op_printer(IrContext *ctx, IrOpPrintFn po) { ctx->print_op = po; }
void ir_ctx_set_print_op_on_diagnostic(IrContext *ctx, bool on) { ctx->print_op_on_diag = on; }

/* Operation::emitError's note: "see current operation: " and the op, on a
 * line of its own when it prints on several (Diagnostic::appendOp). */
static void attach_current_op(IrContext *ctx, IrDiag *d, IrOp *op) {
  if (!ctx->print_op_on_diag || !ctx->print_op) return;
  StrBuf b = {0};
  ctx->print_op(&b, op, d->sev == IR_SEV_ERROR);
  IrDiag *n = ir_diag_add_note(ctx, d, ir_op_loc(op), "see current operation: ");
  if (b.len && memchr(b.s, '\n', b.len)) sb_putc(&n->msg, '\n');
  if (b.len) sb_putn(&n->msg, b.s, b.len);
  sb_free(&b);
}

static IrDiag *op_diag_v(IrOp *op, IrSeverity sev, bool prefix, const char *fmt, va_list ap) {
  IrContext *ctx = ir_op_context(op);
  IrDiag *d = ir_diag_new(ctx, sev, ir_op_loc(op));
  if (prefix) ir_diag_append(ctx, d, "'%s' op ", op->info->name);
  ir_diag_vappend(ctx, d, fmt, ap);
  attach_current_op(ctx, d, op);
  return d;
}

IrDiag *ir_op_diag(IrOp *op, IrSeverity sev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = op_diag_v(op, sev, true, fmt, ap);
  va_end(ap);
  return d;
}

IrDiag *ir_op_emit(IrOp *op, IrSeverity sev, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = op_diag_v(op, sev, false, fmt, ap);
  va_end(ap);
  return d;
}

IrDiag *ir_op_emitv(IrOp *op, IrSeverity sev, const char *fmt, va_list ap) {
  return op_diag_v(op, sev, false, fmt, ap);
}

bool ir_op_emit_error(IrOp *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = op_diag_v(op, IR_SEV_ERROR, false, fmt, ap);
  va_end(ap);
  ir_diag_emit(ir_op_context(op), d);
  return false;
}

bool ir_op_error(IrOp *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IrDiag *d = op_diag_v(op, IR_SEV_ERROR, true, fmt, ap);
  va_end(ap);
  ir_diag_emit(ir_op_context(op), d);
  return false;
}
