/* diag_render.c — how a tool prints a diagnostic: MLIR's
 * SourceMgrDiagnosticHandler, reproduced.
 *
 * A diagnostic is shown at the first file:line:col location found inside
 * its location (depth-first, as Location::findInstanceOf).  If the file's
 * text is known (the input buffer, or a file that can be read from disk)
 * the source line and a caret follow.  A location with no file part prints
 * as "<unknown>:0: error: " followed by the location itself (unless it is
 * loc(unknown)) and the message.  Call-site locations add "called from"
 * notes for up to 10 callers; attached notes come last, and a note repeats
 * the source line only when its location differs from the one before. */
#include "tool/tool.h"

#include "asm/asm.h"

#define CALL_STACK_LIMIT 10

void tool_print_loc(StrBuf *out, const IrLoc *loc) { asm_print_loc(out, loc); }

void tool_render_at(ToolSourceMgr *sm, const IrLoc *loc, const char *msg,
                    IrSeverity kind, bool show_source, StrBuf *out) {
  const IrLoc *fl = ir_loc_find_file(loc);
  if (!fl) {
    StrBuf m = {0};
    if (loc && !ir_attr_is(loc, &ir_unknown_loc_def)) {
      tool_print_loc(&m, loc);
      sb_puts(&m, ": ");
    }
    sb_puts(&m, msg);
    tool_print_message(out, NULL, NULL, kind, sb_cstr(&m), 0);
    sb_free(&m);
    return;
  }
  int64_t line = fl->ints[0], col = fl->ints[1];
  if (show_source && line > 0 && col > 0 && line <= UINT32_MAX && col <= UINT32_MAX) {
    ToolSource *src = tool_srcmgr_get(sm, fl->str->str);
    const char *p = src ? tool_source_find(src, (unsigned)line, (unsigned)col) : NULL;
    if (p) {
      tool_print_message(out, src, p, kind, msg, 0);
      return;
    }
  }
  StrBuf where = {0};
  sb_printf(&where, "%s:%lld:%lld", fl->str->str, (long long)line, (long long)col);
  tool_print_plain(out, sb_cstr(&where), kind, msg);
  sb_free(&where);
}

/* The call-site location inside loc, looking through name locations and
 * the first fused member that has one (getCallSiteLoc). */
static const IrLoc *callsite_of(const IrLoc *loc) {
  if (!loc) return NULL;
  if (ir_attr_is(loc, &ir_name_loc_def))
    return loc->nelems ? callsite_of(loc->elems[0]) : NULL;
  if (ir_attr_is(loc, &ir_callsite_loc_def)) return loc;
  if (ir_attr_is(loc, &ir_fused_loc_def)) {
    uint32_t n = loc->nelems - ((loc->flags & 1) ? 1 : 0);
    for (uint32_t i = 0; i < n; i++) {
      const IrLoc *c = callsite_of(loc->elems[i]);
      if (c) return c;
    }
  }
  return NULL;
}

static void render_notes(ToolSourceMgr *sm, const IrDiag *first,
                         const IrLoc **prev, StrBuf *out) {
  for (const IrDiag *n = first; n; n = n->next_note) {
    tool_render_at(sm, n->loc, sb_cstr((StrBuf *)&n->msg), n->sev, n->loc != *prev, out);
    *prev = n->loc;
    render_notes(sm, n->notes, prev, out);
  }
}

void tool_render_diag(ToolSourceMgr *sm, const IrDiag *d, StrBuf *out) {
  const IrLoc *loc = d->loc;
  tool_render_at(sm, loc, sb_cstr((StrBuf *)&d->msg), d->sev, true, out);
  const IrLoc *cs = callsite_of(loc);
  if (cs) {
    loc = cs->elems[1];
    for (unsigned depth = 0; depth < CALL_STACK_LIMIT; depth++) {
      tool_render_at(sm, loc, "called from", IR_SEV_NOTE, true, out);
      if (!(cs = callsite_of(loc))) break;
      loc = cs->elems[1];
    }
  }
  render_notes(sm, d->notes, &loc, out);
}
