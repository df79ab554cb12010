/* capi_run.c — the C API's entry point to the reference interpreter
 * (ctileRunEntry): converts the public argument/option structs to lib/interp's
 * and forwards print_tko output to the caller's string callback. */
#include "capi/capi_internal.h"
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
  InterpOptions o = {{1, 1, 1}, 1, NULL, NULL, 0, 0, 0};
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
