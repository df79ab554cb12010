/* capi.c — the public C API (include/ctile/ctile.h) over libctile's IR,
 * parser, printer and pass manager.  Each function is a thin conversion:
 * unwrap the handles, call the library, wrap the result.  Null handles are
 * tolerated everywhere (queries on them return null/zero), so a caller's
 * chain of navigation calls needs no checks in between. */
#include "capi/capi_internal.h"

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "dialect/dialects.h"
#include "rewrite/rewrite.h"

const char *ctileGetVersion(void) { return CTILE_VERSION_STRING; }

/* ---- context and diagnostics -------------------------------------------------- */

static void free_state(void *p) {
  CapiState *st = p;
  for (size_t i = 0; i < st->sources.len; i++) free(st->sources.data[i]);
  vec_free(&st->sources);
  free(st);
}

CtileContext ctileContextCreate(void) {
  IrContext *ctx = ir_context_create();
  CapiState *st = xcalloc(1, sizeof *st);
  ir_ctx_set_dialect_state(ctx, CAPI_STATE_SLOT, st, free_state);
  ctile_register_all(ctx);
  return capi_wrap_ctx(ctx);
}

void ctileContextDestroy(CtileContext ctx) { ir_context_destroy(capi_ctx(ctx)); }

void ctileContextSetAllowUnregisteredDialects(CtileContext ctx, bool allow) {
  if (ctx.ptr) ir_ctx_allow_unregistered(capi_ctx(ctx), allow);
}

bool ctileContextGetAllowUnregisteredDialects(CtileContext ctx) {
  return ctx.ptr && ir_ctx_allows_unregistered(capi_ctx(ctx));
}

void ctileContextSetPrintOpOnDiagnostic(CtileContext ctx, bool enable) {
  if (ctx.ptr) ir_ctx_set_print_op_on_diagnostic(capi_ctx(ctx), enable);
}

unsigned ctileContextGetNumErrors(CtileContext ctx) {
  return ctx.ptr ? ir_ctx_num_errors(capi_ctx(ctx)) : 0;
}

/* Passes one diagnostic (then its notes, depth first) to the user. */
static void deliver(CapiState *st, const IrDiag *d) {
  StrBuf where = {0};
  const IrLoc *fl = ir_loc_find_file(d->loc);
  if (fl) sb_printf(&where, "%s:%lld:%lld", fl->str->str, (long long)fl->ints[0],
                    (long long)fl->ints[1]);
  else asm_print_loc(&where, d->loc);
  st->handler((CtileDiagnosticSeverity)d->sev, sb_cstr(&where), sb_cstr((StrBuf *)&d->msg),
              st->user);
  sb_free(&where);
  for (const IrDiag *n = d->notes; n; n = n->next_note) deliver(st, n);
}

static void capi_diag_handler(void *user, const IrDiag *d) { deliver(user, d); }

void ctileContextSetDiagnosticHandler(CtileContext ctx, CtileDiagnosticHandler handler,
                                      void *userData) {
  IrContext *c = capi_ctx(ctx);
  CapiState *st = c ? capi_state(c) : NULL;
  if (!st) return;
  st->handler = handler;
  st->user = userData;
  if (handler) ir_ctx_set_diag_handler(c, capi_diag_handler, st);
  else ir_ctx_set_diag_handler(c, NULL, NULL);
}

bool ctileContextSetOption(CtileContext ctx, const char *name, const char *value) {
  IrContext *c = capi_ctx(ctx);
  if (!c || !name) return false;
  if (!value) value = "true";
  bool on = !strcmp(value, "true") || !strcmp(value, "1");
  bool off = !strcmp(value, "false") || !strcmp(value, "0");
  if (!strcmp(name, "verify-each") && (on || off)) rw_set_verify_each(c, on);
  else if (!strcmp(name, "Wunsupported-hints") && (on || off))
    ct_set_warn_unsupported_hints(c, on);
  else if (!strcmp(name, "Werr-hints") && (on || off)) ct_set_err_hints(c, on);
  else {
    /* Any other setting is kept in the context's option dictionary (state
     * slot "options", as the drivers keep theirs) for code that reads it. */
    const IrAttr *v = (on || off) ? ir_bool_attr(c, on) : ir_string_attr(c, value, strlen(value));
    const IrAttr *d = ir_dict_set(c, ir_ctx_dialect_state(c, "options"), ir_identz(c, name), v);
    ir_ctx_set_dialect_state(c, "options", (void *)d, NULL);
  }
  return true;
}

/* ---- modules ------------------------------------------------------------------ */

CtileModule ctileModuleParse(CtileContext ctx, const char *text, size_t length,
                             const char *filename) {
  IrContext *c = capi_ctx(ctx);
  CapiState *st = c ? capi_state(c) : NULL;
  if (!st || (!text && length)) return capi_wrap_module(NULL);
  /* The parser wants buf[len] == 0, and diagnostics may quote the text
   * later: keep a copy for the context's lifetime. */
  char *copy = xstrndup(text ? text : "", length);
  vec_push(&st->sources, copy);
  AsmParseOptions po = {0};
  IrOp *op = asm_parse_buffer(c, filename ? filename : "<string>", copy, length, &po);
  if (op && !ir_verify(op)) {
    ir_op_destroy(op);
    op = NULL;
  }
  return capi_wrap_module(op);
}

void ctileModuleDestroy(CtileModule module) {
  if (module.ptr) ir_op_destroy(capi_module(module));
}

CtileOperation ctileModuleGetOperation(CtileModule module) {
  return capi_wrap_op(capi_module(module));
}

CtileContext ctileModuleGetContext(CtileModule module) {
  return capi_wrap_ctx(module.ptr ? ir_op_context(capi_module(module)) : NULL);
}

bool ctileModuleVerify(CtileModule module) {
  return module.ptr && ir_verify(capi_module(module));
}

bool ctileModuleRunPipeline(CtileModule module, const char *pipeline) {
  IrOp *op = capi_module(module);
  if (!op || !pipeline) return false;
  return rw_run_pipeline(ir_op_context(op), op, pipeline);
}

static AsmPrintOptions print_options(unsigned flags) {
  AsmPrintOptions o = {0};
  o.generic = (flags & CTILE_PRINT_GENERIC) != 0;
  o.debuginfo = (flags & CTILE_PRINT_DEBUGINFO) != 0;
  o.local_scope = (flags & CTILE_PRINT_LOCAL_SCOPE) != 0;
  return o;
}

/* Large output reaches the callback in pieces as it is printed (the
 * printer's sink), so printing needs no buffer of the module's size. */
typedef struct CapiSink {
  CtileStringCallback cb;
  void *user;
} CapiSink;

static void capi_sink(void *user, const char *s, size_t n) {
  CapiSink *k = user;
  if (k->cb && n) k->cb(ctileStringRefCreate(s, n), k->user);
}

void ctileModulePrint(CtileModule module, unsigned flags, CtileStringCallback callback,
                      void *userData) {
  if (!module.ptr) return;
  StrBuf b = {0};
  AsmPrintOptions o = print_options(flags);
  CapiSink k = {callback, userData};
  o.sink = capi_sink;
  o.sink_user = &k;
  asm_print_op_to(&b, capi_module(module), &o);
  capi_emit(&b, callback, userData);
  sb_free(&b);
}

/* ---- bytecode ------------------------------------------------------------------- */

bool ctileModuleWriteBytecode(CtileModule module, unsigned major, unsigned minor,
                              CtileStringCallback callback, void *userData) {
  IrOp *op = capi_module(module);
  if (!op) return false;
  if (!major && !minor) major = 13, minor = 3;
  if (!bc_version_supported(major, minor))
    return ir_error(ir_op_context(op), NULL, "unsupported bytecode version %u.%u", major,
                    minor);
  uint8_t *bytes = NULL;
  size_t n = 0;
  if (!bc_write_module(op, major, minor, &bytes, &n)) return false;
  if (callback) callback(ctileStringRefCreate((const char *)bytes, n), userData);
  free(bytes);
  return true;
}

CtileModule ctileModuleReadBytecode(CtileContext ctx, const void *data, size_t length) {
  IrContext *c = capi_ctx(ctx);
  if (!c || (!data && length)) return capi_wrap_module(NULL);
  IrOp *op = bc_read_module(c, "<bytecode>", data ? data : "", length);
  if (op && !ir_verify(op)) {
    ir_op_destroy(op);
    op = NULL;
  }
  return capi_wrap_module(op);
}

/* ---- operations --------------------------------------------------------------- */

CtileStringRef ctileOperationGetName(CtileOperation op) {
  const char *n = op.ptr ? ir_op_name(capi_op(op)) : "";
  return ctileStringRefCreate(n, strlen(n));
}

CtileContext ctileOperationGetContext(CtileOperation op) {
  return capi_wrap_ctx(op.ptr ? ir_op_context(capi_op(op)) : NULL);
}

CtileLocation ctileOperationGetLocation(CtileOperation op) {
  return capi_wrap_loc(op.ptr ? ir_op_loc(capi_op(op)) : NULL);
}

CtileOperation ctileOperationGetParentOperation(CtileOperation op) {
  return capi_wrap_op(op.ptr ? ir_op_parent_op(capi_op(op)) : NULL);
}

CtileBlock ctileOperationGetBlock(CtileOperation op) {
  return capi_wrap_block(op.ptr ? capi_op(op)->block : NULL);
}

CtileOperation ctileOperationGetNextInBlock(CtileOperation op) {
  return capi_wrap_op(op.ptr ? capi_op(op)->next : NULL);
}

CtileOperation ctileOperationGetPrevInBlock(CtileOperation op) {
  return capi_wrap_op(op.ptr ? capi_op(op)->prev : NULL);
}

/* True when pos indexes [0, n). */
static bool in_range(intptr_t pos, uint32_t n) { return pos >= 0 && (uint64_t)pos < n; }

intptr_t ctileOperationGetNumOperands(CtileOperation op) {
  return op.ptr ? (intptr_t)capi_op(op)->noperands : 0;
}

CtileValue ctileOperationGetOperand(CtileOperation op, intptr_t pos) {
  IrOp *o = capi_op(op);
  if (!o || !in_range(pos, o->noperands)) return capi_wrap_value(NULL);
  return capi_wrap_value(ir_op_operand(o, (unsigned)pos));
}

intptr_t ctileOperationGetNumResults(CtileOperation op) {
  return op.ptr ? (intptr_t)capi_op(op)->nresults : 0;
}

CtileValue ctileOperationGetResult(CtileOperation op, intptr_t pos) {
  IrOp *o = capi_op(op);
  if (!o || !in_range(pos, o->nresults)) return capi_wrap_value(NULL);
  return capi_wrap_value(ir_op_result(o, (unsigned)pos));
}

intptr_t ctileOperationGetNumRegions(CtileOperation op) {
  return op.ptr ? (intptr_t)capi_op(op)->nregions : 0;
}

CtileRegion ctileOperationGetRegion(CtileOperation op, intptr_t pos) {
  IrOp *o = capi_op(op);
  if (!o || !in_range(pos, o->nregions)) return capi_wrap_region(NULL);
  return capi_wrap_region(ir_op_region(o, (unsigned)pos));
}

intptr_t ctileOperationGetNumSuccessors(CtileOperation op) {
  return op.ptr ? (intptr_t)capi_op(op)->nsuccessors : 0;
}

CtileBlock ctileOperationGetSuccessor(CtileOperation op, intptr_t pos) {
  IrOp *o = capi_op(op);
  if (!o || !in_range(pos, o->nsuccessors)) return capi_wrap_block(NULL);
  return capi_wrap_block(ir_op_successors(o)[pos]);
}

static uint32_t dict_size(const IrAttr *d) { return d ? d->nelems : 0; }

intptr_t ctileOperationGetNumAttributes(CtileOperation op) {
  IrOp *o = capi_op(op);
  return o ? (intptr_t)dict_size(o->props) + (intptr_t)dict_size(o->attrs) : 0;
}

CtileAttribute ctileOperationGetAttribute(CtileOperation op, intptr_t pos,
                                          CtileStringRef *name) {
  IrOp *o = capi_op(op);
  const IrAttr *dict = NULL;
  if (o && in_range(pos, dict_size(o->props))) {
    dict = o->props;
  } else if (o && pos >= 0) {
    pos -= (intptr_t)dict_size(o->props);
    if (in_range(pos, dict_size(o->attrs))) dict = o->attrs;
  }
  if (!dict) {
    if (name) *name = ctileStringRefCreate("", 0);
    return capi_wrap_attr(NULL);
  }
  if (name) *name = ctileStringRefCreate(dict->names[pos]->str, dict->names[pos]->len);
  return capi_wrap_attr(dict->elems[pos]);
}

CtileAttribute ctileOperationGetAttributeByName(CtileOperation op, const char *name) {
  if (!op.ptr || !name) return capi_wrap_attr(NULL);
  return capi_wrap_attr(ir_op_attrz(capi_op(op), name));
}

bool ctileOperationVerify(CtileOperation op) { return op.ptr && ir_verify(capi_op(op)); }

void ctileOperationPrint(CtileOperation op, unsigned flags, CtileStringCallback callback,
                         void *userData) {
  if (!op.ptr) return;
  StrBuf b = {0};
  AsmPrintOptions o = print_options(flags);
  CapiSink k = {callback, userData};
  o.sink = capi_sink;
  o.sink_user = &k;
  asm_print_op_to(&b, capi_op(op), &o); /* the rest always ends the op's text */
  if (b.len && b.s[b.len - 1] == '\n') b.s[--b.len] = 0;
  capi_emit(&b, callback, userData);
  sb_free(&b);
}

/* ---- regions and blocks ------------------------------------------------------- */

CtileBlock ctileRegionGetFirstBlock(CtileRegion region) {
  return capi_wrap_block(region.ptr ? capi_region(region)->first : NULL);
}

CtileOperation ctileRegionGetParentOperation(CtileRegion region) {
  return capi_wrap_op(region.ptr ? capi_region(region)->parent : NULL);
}

CtileBlock ctileBlockGetNextInRegion(CtileBlock block) {
  return capi_wrap_block(block.ptr ? capi_block(block)->next : NULL);
}

CtileRegion ctileBlockGetParentRegion(CtileBlock block) {
  return capi_wrap_region(block.ptr ? capi_block(block)->parent : NULL);
}

CtileOperation ctileBlockGetParentOperation(CtileBlock block) {
  return capi_wrap_op(block.ptr ? ir_block_parent_op(capi_block(block)) : NULL);
}

CtileOperation ctileBlockGetFirstOperation(CtileBlock block) {
  return capi_wrap_op(block.ptr ? capi_block(block)->first : NULL);
}

CtileOperation ctileBlockGetTerminator(CtileBlock block) {
  return capi_wrap_op(block.ptr ? ir_block_terminator(capi_block(block)) : NULL);
}

intptr_t ctileBlockGetNumArguments(CtileBlock block) {
  return block.ptr ? (intptr_t)capi_block(block)->nargs : 0;
}

CtileValue ctileBlockGetArgument(CtileBlock block, intptr_t pos) {
  IrBlock *b = capi_block(block);
  if (!b || !in_range(pos, b->nargs)) return capi_wrap_value(NULL);
  return capi_wrap_value(b->args[pos]);
}

/* ---- values ------------------------------------------------------------------- */

CtileType ctileValueGetType(CtileValue value) {
  return capi_wrap_type(value.ptr ? capi_value(value)->type : NULL);
}

bool ctileValueIsABlockArgument(CtileValue value) {
  return value.ptr && ir_value_is_block_arg(capi_value(value));
}

bool ctileValueIsAOpResult(CtileValue value) {
  return value.ptr && !ir_value_is_block_arg(capi_value(value));
}

CtileOperation ctileOpResultGetOwner(CtileValue value) {
  return capi_wrap_op(value.ptr ? capi_value(value)->def : NULL);
}

CtileBlock ctileBlockArgumentGetOwner(CtileValue value) {
  IrValue *v = capi_value(value);
  return capi_wrap_block(v && ir_value_is_block_arg(v) ? ir_value_arg_block(v) : NULL);
}

intptr_t ctileValueGetIndex(CtileValue value) {
  return value.ptr ? (intptr_t)ir_value_index(capi_value(value)) : 0;
}

intptr_t ctileValueGetNumUses(CtileValue value) {
  intptr_t n = 0;
  for (IrUse *u = value.ptr ? capi_value(value)->uses : NULL; u; u = u->next) n++;
  return n;
}

/* ---- types, attributes, locations --------------------------------------------- */

CtileType ctileTypeParseGet(CtileContext ctx, const char *text) {
  if (!ctx.ptr || !text) return capi_wrap_type(NULL);
  return capi_wrap_type(asm_parse_type_str(capi_ctx(ctx), text, strlen(text)));
}

CtileAttribute ctileAttributeParseGet(CtileContext ctx, const char *text) {
  if (!ctx.ptr || !text) return capi_wrap_attr(NULL);
  return capi_wrap_attr(asm_parse_attr_str(capi_ctx(ctx), text, strlen(text)));
}

void ctileTypePrint(CtileType type, CtileStringCallback callback, void *userData) {
  if (!type.ptr) return;
  StrBuf b = {0};
  asm_print_type_str(&b, capi_type(type));
  capi_emit(&b, callback, userData);
  sb_free(&b);
}

void ctileAttributePrint(CtileAttribute attr, CtileStringCallback callback,
                         void *userData) {
  if (!attr.ptr) return;
  StrBuf b = {0};
  asm_print_attr_str(&b, capi_attr(attr));
  capi_emit(&b, callback, userData);
  sb_free(&b);
}

bool ctileLocationGetFileLineCol(CtileLocation loc, CtileStringRef *filename,
                                 unsigned *line, unsigned *column) {
  const IrLoc *fl = ir_loc_find_file(capi_loc(loc));
  if (!fl) return false;
  if (filename) *filename = ctileStringRefCreate(fl->str->str, fl->str->len);
  if (line) *line = (unsigned)fl->ints[0];
  if (column) *column = (unsigned)fl->ints[1];
  return true;
}

bool ctileLocationIsUnknown(CtileLocation loc) {
  return loc.ptr && ir_attr_is(capi_loc(loc), &ir_unknown_loc_def);
}

void ctileLocationPrint(CtileLocation loc, CtileStringCallback callback, void *userData) {
  if (!loc.ptr) return;
  StrBuf b = {0};
  asm_print_loc(&b, capi_loc(loc));
  capi_emit(&b, callback, userData);
  sb_free(&b);
}
