/* capi_run.c — the C API's entry point to the reference interpreter
 * (ctileRunEntry): converts the public argument/option structs to lib/interp's
 * and forwards print_tko output to the caller's string callback.  Also the
 * introspection a caller needs to build those arguments: the module's
 * entries and each parameter's kind and element type. */
#include "capi/capi_internal.h"
#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "interp/interp.h"

_Static_assert(CTILE_RUN_DEFAULT_MAX_STEPS == INTERP_DEFAULT_MAX_STEPS,
               "ctile.h and interp.h disagree on the default step budget");

typedef struct RunPrint {
  CtileStringCallback cb;
  void *user;
} RunPrint;

static void run_print(void *user, const char *text, size_t len) {
  RunPrint *p = user;
  p->cb(ctileStringRefCreate(text, len), p->user);
}

bool ctileRunEntry(CtileModule module, CtileStringRef entry, const CtileRunArg *args,
                   size_t numArgs, const CtileRunOptions *options) {
  IrOp *m = capi_module(module);
  if (!m) return false;
  char *name = xmalloc(entry.length + 1);
  if (entry.length) memcpy(name, entry.data, entry.length);
  name[entry.length] = 0;
  InterpArg *ia = xcalloc(numArgs + 1, sizeof(InterpArg));
  for (size_t i = 0; i < numArgs; i++) {
    ia[i].kind = args[i].kind == CTILE_RUN_ARG_BUFFER ? INTERP_ARG_BUFFER : INTERP_ARG_SCALAR;
    ia[i].i = args[i].i;
    ia[i].f = args[i].f;
    ia[i].data = args[i].data;
    ia[i].bytes = args[i].bytes;
  }
  InterpOptions o = {.grid = {1, 1, 1}, .threads = 1};
  RunPrint rp = {NULL, NULL};
  if (options) {
    for (int d = 0; d < 3; d++) o.grid[d] = options->grid[d];
    o.threads = options->threads;
    o.max_steps = options->maxSteps;
    o.checks = options->checks & INTERP_CHECK_ALL; /* CTILE_RUN_CHECK_* == INTERP_CHECK_* */
    o.seed = options->checkSeed;
    if (options->print) {
      rp.cb = options->print;
      rp.user = options->printUserData;
      o.print = run_print;
      o.print_user = &rp;
    }
  }
  bool ok = interp_run(m, name, ia, numArgs, &o);
  free(ia);
  free(name);
  return ok;
}

/* ---- entries and parameters ------------------------------------------------------ */

/* Visits the entries below `op` in program order, as interp_find_entry
 * searches (through nested ops with regions, not into testing funcs); stops
 * when `visit` returns true and returns that entry. */
static IrOp *walk_entries(IrOp *op, bool (*visit)(IrOp *, void *), void *user) {
  for (unsigned ri = 0; ri < op->nregions; ri++)
    for (IrBlock *b = ir_op_regions(op)[ri].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (interp_is_entry(o)) {
          if (visit(o, user)) return o;
        } else if (o->nregions && !ct_op_is(o, CT_OP_testing_func)) {
          IrOp *f = walk_entries(o, visit, user);
          if (f) return f;
        }
      }
  return NULL;
}

/* Counts down user's intptr_t; true at the entry where it reaches -1. */
static bool count_entry(IrOp *op, void *user) {
  (void)op;
  intptr_t *left = user;
  return (*left)-- == 0;
}

intptr_t ctileModuleGetNumEntries(CtileModule module) {
  IrOp *m = capi_module(module);
  if (!m) return 0;
  intptr_t left = INTPTR_MAX;
  walk_entries(m, count_entry, &left);
  return INTPTR_MAX - left;
}

CtileOperation ctileModuleGetEntry(CtileModule module, intptr_t pos) {
  IrOp *m = capi_module(module);
  if (!m || pos < 0) return capi_wrap_op(NULL);
  return capi_wrap_op(walk_entries(m, count_entry, &pos));
}

CtileOperation ctileModuleLookupEntry(CtileModule module, CtileStringRef name) {
  IrOp *m = capi_module(module);
  if (!m || (!name.data && name.length)) return capi_wrap_op(NULL);
  char *z = xstrndup(name.data ? name.data : "", name.length);
  IrOp *e = strlen(z) == name.length ? interp_find_entry(m, z) : NULL;
  free(z);
  return capi_wrap_op(e);
}

/* The entry's body block, or NULL when op is not an entry with a body. */
static IrBlock *entry_body(CtileOperation entry) {
  IrOp *op = capi_op(entry);
  if (!op || !interp_is_entry(op) || !op->nregions) return NULL;
  return ir_region_entry(ir_op_region(op, 0));
}

CtileStringRef ctileEntryGetName(CtileOperation entry) {
  IrOp *op = capi_op(entry);
  const IrIdent *n = op && interp_is_entry(op) ? ir_symbol_name(op) : NULL;
  return n ? ctileStringRefCreate(n->str, n->len) : ctileStringRefCreate("", 0);
}

intptr_t ctileEntryGetNumParams(CtileOperation entry) {
  IrBlock *body = entry_body(entry);
  return body ? (intptr_t)body->nargs : 0;
}

bool ctileEntryGetParam(CtileOperation entry, intptr_t pos, CtileEntryParam *param) {
  IrBlock *body = entry_body(entry);
  if (!body || pos < 0 || (uint64_t)pos >= body->nargs || !param) return false;
  const IrType *elem = NULL;
  bool isptr = false;
  if (!interp_param_info(body->args[pos]->type, &isptr, &elem)) return false;
  StrBuf b = {0};
  asm_print_type_str(&b, elem);
  const IrIdent *name = ir_identz(ir_op_context(capi_op(entry)), sb_cstr(&b));
  sb_free(&b);
  param->kind = isptr ? CTILE_RUN_ARG_BUFFER : CTILE_RUN_ARG_SCALAR;
  param->elementType = capi_wrap_type(elem);
  param->elementTypeName = ctileStringRefCreate(name->str, name->len);
  param->elementBytes = interp_elem_bytes(elem);
  param->isFloat = ir_type_is_float(elem);
  return true;
}

bool ctileIsBytecode(const void *data, size_t length) {
  return data && bc_is_tile_bytecode(data, length);
}
