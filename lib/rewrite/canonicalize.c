/* canonicalize.c — the canonicalize pass (MLIR's Canonicalizer): the
 * canonicalization patterns of every registered op plus folding, applied by
 * the greedy driver to the regions of the op the pass runs on.
 * Options (MLIR's): top-down (default true), max-iterations (10),
 * max-num-rewrites (-1), test-convergence (false: non-convergence is not a
 * failure), disable-patterns / enable-patterns (by pattern debug name),
 * region-simplify (accepted, ignored: see greedy.c). */
#include "rewrite/rw_internal.h"

typedef struct InfoList {
  VEC(const IrOpInfo *) v;
} InfoList;

static void collect_info(const IrOpInfo *info, void *user) {
  InfoList *l = user;
  vec_push(&l->v, info);
}

static int info_cmp(const void *a, const void *b) {
  return strcmp((*(const IrOpInfo *const *)a)->name, (*(const IrOpInfo *const *)b)->name);
}

/* Fills `l` with the registered op infos sorted by name. */
static void registered_infos(IrContext *ctx, InfoList *l) {
  ir_ctx_for_each_op_info(ctx, collect_info, l);
  if (l->v.len > 1) qsort(l->v.data, l->v.len, sizeof *l->v.data, info_cmp);
}

static void add_dialect_patterns(const IrDialect *d, void *user) {
  RwPatternSet *set = user;
  if (d->canonicalize) d->canonicalize(set, set->ctx);
}

void rw_collect_canonicalization_patterns(IrContext *ctx, RwPatternSet *set) {
  InfoList l = {0};
  registered_infos(ctx, &l);
  for (size_t i = 0; i < l.v.len; i++)
    if (l.v.data[i]->canonicalize) l.v.data[i]->canonicalize(set, ctx);
  vec_free(&l.v);
  ir_ctx_for_each_dialect(ctx, add_dialect_patterns, set);
}

/* The cached canonicalization patterns, rebuilt when ops were registered
 * since they were collected. */
static const RwPatternSet *canon_patterns(IrContext *ctx) {
  RwState *s = rw_state(ctx);
  InfoList l = {0};
  ir_ctx_for_each_op_info(ctx, collect_info, &l);
  size_t n = l.v.len;
  vec_free(&l.v);
  if (!s->canon_valid || s->canon_nops != n) {
    s->canon.pats.len = 0;
    rw_collect_canonicalization_patterns(ctx, &s->canon);
    s->canon_valid = true;
    s->canon_nops = n;
  }
  return &s->canon;
}

/* Whether `name` is an element of the comma-separated list `list`. */
static bool list_has(Str list, const char *name) {
  size_t nl = name ? strlen(name) : 0;
  const char *p = list.s, *end = list.s + list.n;
  while (p <= end) {
    const char *q = p;
    while (q < end && *q != ',') q++;
    const char *a = p, *b = q;
    while (a < b && (*a == ' ' || *a == '"' || *a == '\'')) a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '"' || b[-1] == '\'')) b--;
    if (name && (size_t)(b - a) == nl && !memcmp(a, name, nl)) return true;
    p = q + 1;
  }
  return false;
}

static bool canonicalize_run(IrOp *op, const char *options) {
  IrContext *ctx = ir_op_context(op);
  RwGreedyConfig cfg;
  rw_greedy_config_init(&cfg);
  cfg.top_down = rw_pass_option_bool(options, "top-down", true);
  cfg.max_iterations = rw_pass_option_int(options, "max-iterations", 10);
  cfg.max_num_rewrites = rw_pass_option_int(options, "max-num-rewrites", RW_NO_LIMIT);
  cfg.split_isolated = true; /* the canonicalization patterns have no side effects */
  bool test_convergence = rw_pass_option_bool(options, "test-convergence", false);
  Str dis = {0}, en = {0};
  bool has_dis = rw_pass_option(options, "disable-patterns", &dis) && dis.n;
  bool has_en = rw_pass_option(options, "enable-patterns", &en) && en.n;
  const RwPatternSet *all = canon_patterns(ctx);
  RwPatternSet filtered;
  const RwPatternSet *set = all;
  if (has_dis || has_en) {
    rw_pattern_set_init(&filtered, ctx);
    for (size_t i = 0; i < all->pats.len; i++) {
      const RwPattern *p = &all->pats.data[i];
      if (has_dis && list_has(dis, p->name)) continue;
      if (has_en && !list_has(en, p->name)) continue;
      rw_pattern_add_pattern(&filtered, p);
    }
    set = &filtered;
  }
  bool converged = rw_apply_patterns_greedily(op, set, &cfg, NULL);
  if (set == &filtered) rw_pattern_set_free(&filtered);
  /* Canonicalization is best effort: not converging only fails when asked. */
  return converged || !test_convergence;
}

static const char *const region_simplify_values[] = {"disabled", "normal", "aggressive",
                                                     "true", "false", "0", "1", NULL};

static const RwPassOption canonicalize_opts[] = {
    {"disable-patterns", RW_OPT_LIST,
     "Labels of patterns that should be filtered out during application", NULL},
    {"enable-patterns", RW_OPT_LIST,
     "Labels of patterns that should be used during application, all other patterns are "
     "filtered out",
     NULL},
    {"max-iterations", RW_OPT_INT, "Max. iterations between applying patterns / simplifying regions",
     NULL},
    {"max-num-rewrites", RW_OPT_INT, "Max. number of pattern rewrites within an iteration", NULL},
    {"region-simplify", RW_OPT_STRING, "Perform control flow optimizations to the region tree",
     region_simplify_values},
    {"test-convergence", RW_OPT_BOOL, "Test only: Fail pass on non-convergence to detect cyclic pattern",
     NULL},
    {"top-down", RW_OPT_BOOL, "Seed the worklist in general top-down order", NULL},
    {NULL, RW_OPT_BOOL, NULL, NULL},
};

const RwPassInfo rw_canonicalize_pass = {
    .name = "canonicalize",
    .summary = "Canonicalize operations",
    .anchor = NULL,
    .run = canonicalize_run,
    .class_name = "Canonicalizer",
    .opts = canonicalize_opts,
};
