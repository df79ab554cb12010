/* printer_internal.h — state shared by the printer's files (printer.c: ops,
 * regions, blocks and SSA names; print_types.c; print_attrs.c: attributes,
 * locations and aliases).
 *
 * One AsmPrinter prints one top-level op into one StrBuf.  The printer runs
 * in two modes, as MLIR's does: a collection pass (`init` non-NULL) walks
 * the same printing code with output going to a scratch buffer, and every
 * attribute/type that would be printed is "visited" to find aliases
 * (MLIR's AliasInitializer + DummyAliasOperationPrinter); then the real pass
 * prints, replacing aliased attributes/types by `#name` / `!name`. */
#ifndef CTILE_ASM_PRINTER_INTERNAL_H
#define CTILE_ASM_PRINTER_INTERNAL_H

#include "asm/asm.h"

/* ---- scoped set of used value names (MLIR's usedNames ScopedHashTable) --- */
typedef struct NameSetEntry {
  const char *s;
  uint32_t len, hash;
  int32_t next; /* chain, index into entries (-1 = end) */
} NameSetEntry;

typedef struct NameSet {
  VEC(NameSetEntry) entries; /* insertion log; scopes pop from the end */
  int32_t *buckets;
  size_t nbuckets;
} NameSet;

/* ---- SSA and block names (MLIR's SSANameState) ---------------------------- */
/* Names are encoded as (id << 2 | 1) for `%id`, (id << 2 | 3) for `%argid`
 * (generic form only: custom form interns `argN` as a name), or an 8-aligned
 * pointer to the name string; 0 means "not named".  A table entry of an op
 * with several results holds instead its NameMulti pointer tagged with 2. */
/* Names of an op with several results and its result groups ({count,
 * start0, start1, ...} or NULL for one group). */
/* Once the op is numbered (number_op's multi_resolve), names[i] of every
 * result holds the name it prints with (its group's first result's) and
 * rno[i] the `#N` after it (-1: none), so printing a result is two loads. */
typedef struct NameMulti {
  const int *groups;
  int32_t *rno;       /* nresults entries, after names */
  uintptr_t names[];
} NameMulti;

typedef struct NameBlock {
  uint32_t ordering;  /* N of ^bbN */
  uint32_t nargs;
  uint32_t nbranch;   /* ops with successors (build_preds skips blocks without) */
  uintptr_t *args;    /* name of each block argument */
} NameBlock;

/* One numbered op, at index IrOp.order of AsmNames.ops (the numbering pass
 * gives every op of the printed tree one index, increasing in walk order,
 * so the orders also stay valid as IrOp.order's position-in-block cache). */
typedef struct NameOp {
  IrOp *op;           /* the op (guards stale orders) */
  uintptr_t name;     /* its result's name, or its NameMulti | 2 */
  NameBlock *blk;     /* the first op of a block: the block's table */
  struct NameUnit *unit; /* a deferred isolated-from-above op: its unit, until printed */
} NameOp;

/* One distinct SSA name string (the names hooks suggest repeat in every
 * function: %tview, %cst_0_i32, ...): interned once, with a flag saying
 * whether it is taken in the current scope chain (MLIR's usedNames). */
typedef struct NameAtom {
  const char *s;      /* arena copy, 8-aligned (low bit free for id tags) */
  uint32_t len, hash;
  int32_t next;       /* chain, index into atoms (-1 = end) */
  /* The last `name_K` tried for this name when taken (functions repeat
   * their conflicts): K and that atom's index (-1 = none). */
  uint32_t sfx_k;
  int32_t sfx_atom;
  bool used;
} NameAtom;

/* A deferred isolated-from-above op (see asm_names_init's `lazy`): its
 * regions are numbered when the printer reaches it, starting from these
 * counters with these atoms taken (the scopes of its enclosing regions). */
typedef struct NameUnit NameUnit;
struct NameUnit {
  unsigned value, arg, conflict;
  const uint32_t *used;  /* atom indices (custom form) */
  uint32_t nused;
};

/* Memory for the naming tables, allocated and released as a stack (a unit's
 * tables go when the printer leaves it), its chunks kept for reuse. */
typedef struct NamePool {
  char **chunks;
  size_t *sizes;
  uint32_t nchunks, cap;
  uint32_t cur;          /* chunk in use */
  size_t off;            /* bytes used in it */
} NamePool;

/* What names_enter_unit changed, for names_leave_unit. */
typedef struct NameUnitSave {
  uint32_t pool_cur;
  size_t pool_off;
  uint32_t nops;
  size_t nblocks;
} NameUnitSave;

/* The suggested-name hook's answer for one op shape (see run_hook): for op
 * kinds whose result hook reads only the op's kind, properties, attribute
 * dictionary, result count and first result type (or whose block-argument
 * hook reads only the block's argument count), the names it gave, as base
 * atoms, replayed for every later op (block) of the same shape. */
typedef struct NameHookEv {
  uint32_t idx;       /* result (block argument) index */
  int32_t atom;       /* its base name's atom, -1: a number */
} NameHookEv;

typedef struct NameHookMemo {
  const IrOpInfo *info; /* NULL: empty slot */
  const IrAttr *props, *attrs;
  const IrType *t0;   /* result hooks: the first result's type; block hooks: NULL */
  uint64_t shape;     /* result hooks: the result count; block hooks: see block_shape */
  uint32_t ev, nev;   /* its events in AsmNames.hook_ev */
} NameHookMemo;

struct NameFrame;
typedef VEC(struct NameFrame) NameStack;
typedef VEC(size_t) ScopeStack; /* marks into used_log; depth = len */

typedef struct AsmNames {
  Arena arena;       /* name strings and the atom table */
  NamePool pool;     /* blocks' and ops' tables, units, snapshots */
  NameStack stack;   /* number_walk's work lists (empty between walks) */
  ScopeStack scopes;
  U64Map blocks;     /* IrBlock* -> NameBlock* of empty blocks (see name_block) */
  NameOp *ops;       /* by IrOp.order (malloc'd) */
  uint32_t nops, cap_ops;
  U64Map extra;      /* IrValue* -> encoded name of values outside the tables (root results) */
  U64Map groups;     /* IrOp* -> int* {count, start0, ...} of ops outside the tables */
  VEC(NameAtom) atoms;      /* every distinct name */
  int32_t *abuckets;        /* hash -> first atom (-1 = none) */
  size_t nabuckets;
  VEC(uint32_t) used_log;   /* atoms marked used, in order; scopes pop from the end */
  VEC(uint32_t) arg_atoms;  /* atom of `argK` at index K */
  unsigned next_value, next_arg, next_conflict;
  U64Map units;      /* IrOp* -> NameUnit* of deferred ops not yet printed that have no
                        table entry (NameOp.unit holds the others) */
  VEC(const IrBlock *) block_log; /* empty blocks put in `blocks` inside units */
  uint32_t unit_depth;      /* units being printed */
  uint64_t log_version;     /* bumped whenever used_log changes */
  const uint32_t *snap;     /* the last used_log snapshot (shared by units) */
  uint32_t nsnap;
  uint64_t snap_version;
  bool lazy;         /* isolated-from-above ops are numbered when printed */
  bool generic;      /* hooks are not consulted in generic form */
  bool may_alias;    /* precheck result: something printed may get an alias */
  struct AsmPrinter *precheck; /* printer whose memo the precheck uses, or NULL */
  const IrType *last_type;
  NameHookMemo *hook_memo;  /* open addressing, hook_cap slots (malloc'd) */
  uint32_t hook_cap, hook_len;
  VEC(NameHookEv) hook_ev;
  /* Every `name_K` atom made by unique_from_atom: key (base atom << 32 | K)
   * -> atom index + 1, open addressing (sfx_cap slots, malloc'd), so a
   * conflict met again in a later function needs no string or hash. */
  uint64_t *sfx_keys;
  uint32_t *sfx_vals;
  uint32_t sfx_cap, sfx_len;
  uint32_t nunits;   /* deferred units not yet printed (in their ops' table entries, or `units`) */
} AsmNames;

/* Numbers every value and block under root.  With `precheck`, also sets
 * may_alias when any attribute or type of the IR could print as an alias.
 * With `lazy` (root is what gets printed), the regions of isolated-from-above
 * ops below root are numbered only when printed (asm_names_enter_unit), one
 * at a time, so the tables stay as small as the largest such op. */
void asm_names_init(AsmNames *n, IrOp *root, bool generic, bool lazy,
                    struct AsmPrinter *precheck);
bool asm_names_enter_unit(AsmNames *n, IrOp *op, NameUnitSave *save);
void asm_names_leave_unit(AsmNames *n, NameUnitSave *save);
int32_t asm_nameset_find(const NameSet *ns, const char *s, size_t n); /* -1: absent */
void asm_nameset_add(NameSet *ns, const char *s, size_t n); /* s must outlive ns */
void asm_nameset_free(NameSet *ns);
void asm_sanitize_identifier(StrBuf *out, const char *name, const char *allowed);
void asm_names_free(AsmNames *n);
/* Tests: whether the name hooks of ops marked IR_TRAIT_NAMES_PURE /
 * IR_TRAIT_BLOCK_NAMES_PURE are memoized (default true), for comparing
 * the names printed both ways.  Set it while nothing is being printed. */
void asm_names_set_hook_memo(bool on);

/* ---- aliases (MLIR's AliasInitializer / AliasState) ----------------------- */
typedef struct AliasEntry {
  const void *ptr;      /* IrAttr* or IrType* */
  const char *name;     /* alias base name, NULL when not aliased */
  uint32_t depth;
  uint32_t child_start, nchild; /* into AliasInit.children */
  uint32_t suffix;      /* 0: no number */
  bool is_type, deferrable;
  bool printed;         /* type aliases are used only once defined */
} AliasEntry;

typedef struct AliasInit {
  VEC(AliasEntry) entries; /* in first-visit order */
  VEC(uint32_t) children;
  U64Map index;            /* ptr -> entry index + 1 */
  Arena arena;             /* sanitized names */
} AliasInit;

/* Children recorded while visiting one attribute/type's nested elements. */
typedef struct AliasFrame {
  bool can_defer;
  uint32_t max_depth;
  VEC(uint32_t) children;
} AliasFrame;

typedef struct AsmAliases {
  AliasInit init;          /* owns the entries */
  VEC(uint32_t) order;     /* aliased entries, sorted as printed */
  U64Map lookup;           /* ptr -> entry index + 1 (aliased only) */
} AsmAliases;

/* The printer state a memoized text depends on besides its key: the
 * aliases, how many type aliases have been defined so far (alias_gen) and
 * the dialect scope (sd1, sd2); asm_memo_state takes it. */
typedef struct AsmMemoState {
  const struct AsmAliases *al;
  uint32_t gen;
  const char *sd1, *sd2;
  size_t sd2_len;
} AsmMemoState;

/* One entry of asm_print_type_memo's (and asm_print_attr_memo's) table:
 * the text of (type or attribute, printer fn) in one printer state. */
#define ASM_PRINT_MEMO 256       /* entries of a standalone printer's memo */
#define ASM_PRINT_MEMO_OPS 4096  /* entries when printing ops (p->names set) */
#define ASM_PCACHE 1024
typedef struct AsmPrintMemo {
  const void *key;        /* the IrType or IrAttr */
  void (*fn)(void);       /* its printer, cast */
  AsmMemoState st;
  uint32_t off, len;
} AsmPrintMemo;

/* One entry of print_op_attr_dict's memo (printer.c): the printed text of
 * an op's attribute dictionary, keyed by the uniqued property and
 * discardable dictionaries, the elided-name list (its pointer and the
 * string pointers in it) and whether ` attributes` leads, in the printer
 * state of AsmPrintMemo. */
#define ASM_DICT_MEMO 512
#define ASM_DICT_MEMO_ELIDED 6
typedef struct AsmDictMemo {
  const IrAttr *props, *attrs;
  const char *const *elided;
  const char *el[ASM_DICT_MEMO_ELIDED]; /* elided[0..nel), NULL-padded */
  uint32_t nel;
  bool keyword;
  AsmMemoState st;
  uint32_t off, len;
} AsmDictMemo;

/* ---- the printer ----------------------------------------------------------- */
struct AsmPrinter {
  IrContext *ctx;
  StrBuf *out;               /* the real output, or &scratch while collecting */
  StrBuf *stream_out;        /* with opts.sink: the buffer handed to it between ops */
  AsmPrintOptions opts;
  unsigned indent;           /* current indentation (spaces) */
  VEC(const char *) dd;      /* default dialect stack ("" = none) */
  /* Dialect types print without their "!d." prefix when their dialect is
   * the one in scope: the enclosing op's default dialect or the custom-printed
   * op's own dialect (NVIDIA's `tile<4xf32>`), or the dialect whose type or
   * attribute body is being printed.  `sd2` is not NUL-terminated. */
  const char *sd1, *sd2;
  size_t sd2_len;
  AsmNames *names;           /* NULL: standalone type/attr printing */
  AsmAliases *aliases;       /* final aliases used while printing, or NULL */
  AliasInit *init;           /* non-NULL during the collection pass */
  AliasFrame *frame;         /* innermost attribute/type being visited */
  StrBuf scratch;
  U64Map precheck;           /* memo for asm_may_have_alias */
  /* Recent attrs/types found alias-free (in front of the precheck memo);
   * ASM_PCACHE entries, allocated on first use. */
  const void **pcache;
  /* The last float formatted (asm_format_float is a pure function of the
   * value's bits and kind, and slow); fcache_len == 0: empty. */
  uint64_t fcache_bits;
  int fcache_kind;
  uint32_t fcache_len;
  char fcache[48];
  /* Printed text of recent builtin types whose spelling depends on nothing
   * but the type (no aliases, no dialect scope): see asm_print_type. */
  struct { const IrType *t; const AsmAliases *al; size_t nal; uint32_t off, len; } tcache[32];
  /* asm_print_type_memo's table (see AsmPrintMemo); NULL until used, so that
   * the printers made for one type or attribute stay small. */
  AsmPrintMemo *memo; /* memo_cap entries, allocated on first use */
  uint32_t memo_cap;  /* ASM_PRINT_MEMO, or ASM_PRINT_MEMO_OPS under an op printer */
  uint32_t alias_gen;        /* bumped whenever a type alias gets defined */
  AsmDictMemo *dmemo;        /* ASM_DICT_MEMO entries, allocated on first use */
  /* Generic-form op names known to need no escaping, with their lengths,
   * and attribute names known to print bare (direct-mapped by pointer). */
  struct { const IrOpInfo *info; uint32_t len; } gname[128];
  const IrIdent *kcache[256];
  /* Custom-form op names by (op kind, default dialect): how much of the
   * name the default dialect elides, the printed length and the length of
   * the op's dialect prefix (see print_custom_or_generic). */
  struct {
    const IrOpInfo *info;
    const char *dd;
    const char *dialect;     /* canonical copy of the dialect prefix (sd_canon) */
    uint32_t skip, len, dialect_len;
    bool has_dot;
  } ncache[256];
  /* One op name per distinct dialect prefix seen: the `sd2` scope of
   * custom-printed ops points into these, so that ops of one dialect share
   * one pointer and asm_print_type_memo compares scopes without memcmp. */
  const char *sd_canon[8];
  uint32_t sd_canon_len[8], nsd_canon;
  StrBuf tcache_text;        /* text of tcache and memo entries */
  VEC(const IrIdent *) res_used; /* dense_resource keys printed (resources.c) */
  /* The op memo (print_opmemo.c): the printed text of ops without regions
   * or successors, replayed with the current operand names; NULL until
   * used.  om_rec: the op being recorded, while its hook runs. */
  struct AsmOpMemo *om;
  struct AsmOpMemoRec *om_rec;
  /* Bumped by asm_opmemo_taint (whether or not an op is being recorded):
   * asm_print_attr_memo_pure keeps no text whose printing tainted. */
  uint32_t ntaint;
};

/* ---- the op memo (print_opmemo.c) ------------------------------------------ */
/* What one op's text is recorded with: its key (the table slot and hash),
 * where its text starts in which buffer, and the operand names printed so
 * far (position relative to `start`, operand index). */
#define ASM_OPMEMO_MAX_OPERANDS 16
#define ASM_OPMEMO_MAX_RESULTS 8
#define ASM_OPMEMO_HOLES 16
typedef struct AsmOpMemoRec {
  IrOp *op;
  const char *dd;           /* the default dialect in the key */
  StrBuf *out;
  size_t start;
  uint64_t hash;
  uint32_t slot;
  uint32_t gen, nres_used;  /* alias_gen and res_used.len at the start */
  uint32_t nholes;
  bool fail;                /* something printed that the key does not cover */
  uint32_t hole_pos[ASM_OPMEMO_HOLES], hole_end[ASM_OPMEMO_HOLES]; /* the name printed */
  uint8_t hole_idx[ASM_OPMEMO_HOLES];
} AsmOpMemoRec;

/* Replays op's memoized text (after its result names) and returns true;
 * else, when op can be memoized, starts recording it into *rec (then call
 * asm_opmemo_end after printing it) and returns false with rec->op set. */
bool asm_opmemo_begin(AsmPrinter *p, IrOp *op, const char *dd, AsmOpMemoRec *rec);
void asm_opmemo_end(AsmPrinter *p, AsmOpMemoRec *rec);
/* Prints an operand's value id while an op is being recorded (p->om_rec),
 * noting where it went. */
void asm_opmemo_print_operand(AsmPrinter *p, IrValue *v);
void asm_opmemo_free(AsmPrinter *p);

/* Printing something the op memo's key does not cover (a location, a
 * block, a region, a nested op, a newline): the op being recorded is not. */
static inline void asm_opmemo_taint(AsmPrinter *p) {
  p->ntaint++;
  if (p->om_rec) p->om_rec->fail = true;
}

/* asm_print_attr_memo (print_types.c) for printers whose output may have
 * side effects: the text is kept only when printing it defined no type
 * alias, noted no dense resource and printed nothing that taints the op
 * memo (a location), so a replay is the same text with no effect missed.
 * The key is asm_print_attr_memo's: the uniqued (immutable) attribute, fn,
 * and the printer state fn may read besides its fixed options (aliases,
 * alias_gen, dialect scope); SSA names and indentation never reach an
 * attribute's text. */
void asm_print_attr_memo_pure(AsmPrinter *p, const IrAttr *a,
                              void (*fn)(AsmPrinter *p, const IrAttr *a));

/* resources.c: the file metadata dictionary ({-# ... #-}); the parser's
 * side is asm_parse_file_metadata (parser_internal.h) */
void asm_resources_note_use(AsmPrinter *p, const IrAttr *a); /* a verbatim builtin attr */
void asm_print_file_metadata(AsmPrinter *p, StrBuf *out);    /* after a top-level op */

/* The encoded name (see NameMulti) of v when it is the only result of a
 * numbered op or an argument of a numbered block with ops, else 0 (then
 * asm_print_value_id finds it).  asm_print_value_id's fast path, shared
 * with the op memo's replay. */
static inline uintptr_t asm_value_name_fast(const AsmNames *n, const IrValue *v) {
  const IrOp *d = v->def;
  if (d) {
    if (d->nresults != 1) return 0; /* several results: a NameMulti */
    uint32_t i = d->order;
    return i < n->nops && n->ops[i].op == d ? n->ops[i].name : 0;
  }
  const IrBlock *b = ((const IrBlockArg *)v)->block;
  const IrOp *f = b ? b->first : NULL;
  if (!f) return 0;
  uint32_t i = f->order;
  const NameBlock *nb = i < n->nops && n->ops[i].op == f ? n->ops[i].blk : NULL;
  uint32_t ai = ((const IrBlockArg *)v)->argno;
  return nb && ai < nb->nargs ? nb->args[ai] : 0;
}

/* For a result of a numbered op with several results whose names are
 * resolved (a NameMulti): its name, and in *rno the `#N` printed after it
 * (-1: none); else 0 (then asm_print_value_id finds it). */
static inline uintptr_t asm_value_name_multi(const AsmNames *n, const IrValue *v, int32_t *rno) {
  const IrOp *d = v->def;
  if (!d || d->nresults < 2) return 0;
  uint32_t i = d->order;
  uintptr_t e = i < n->nops && n->ops[i].op == d ? n->ops[i].name : 0;
  if ((e & 3) != 2) return 0;
  const NameMulti *m = (const NameMulti *)(e - 2);
  uint32_t idx = ir_value_index(v);
  *rno = m->rno[idx];
  return m->names[idx];
}

/* `%N` (N >= 100) and `%argN`, out of line (printer.c). */
void asm_put_value_number(StrBuf *b, uint64_t id);
void asm_put_arg_number(StrBuf *b, uint64_t id);

/* The length of a name string of the names tables (printer.c's
 * arena_strdup keeps it in the 4 bytes before the string). */
static inline size_t asm_name_len(const char *s) {
  uint32_t len;
  memcpy(&len, s - 4, 4);
  return len;
}

/* `%` and an encoded name (see NameMulti), written straight into b
 * (inlined into the value id fast path: a call costs as much). */
static inline __attribute__((always_inline)) void asm_put_value_name_inline(StrBuf *b,
                                                                          uintptr_t e) {
  if (e & 1) {
    uint64_t id = e >> 2;
    if (e & 2) { /* %argN (generic form) */
      asm_put_arg_number(b, id);
      return;
    }
    if (id >= 100) {
      asm_put_value_number(b, id);
      return;
    }
    sb_reserve(b, 3);
    char *d = b->s + b->len;
    *d++ = '%';
    if (id >= 10) *d++ = (char)('0' + id / 10);
    *d++ = (char)('0' + id % 10);
    *d = 0;
    b->len = (size_t)(d - b->s);
    return;
  }
  const char *s = (const char *)e;
  size_t n = asm_name_len(s);
  sb_reserve(b, n + 17);
  char *d = b->s + b->len;
  *d = '%';
  for (size_t i = 0; i < n; i += 16) memcpy(d + 1 + i, s + i, 16); /* see arena_strdup */
  d[n + 1] = 0;
  b->len += n + 1;
}


/* printer.c */
void asm_printer_init(AsmPrinter *p, IrContext *ctx, StrBuf *out,
                      const AsmPrintOptions *opts);
void asm_printer_fini(AsmPrinter *p);
void asm_print_value_id(AsmPrinter *p, IrValue *v, bool print_result_no);
void asm_put_uint(StrBuf *b, uint64_t v); /* decimal, fast */
void asm_put_int(StrBuf *b, int64_t v);
/* asm_format_float(b, v, kind) through the printer's one-entry cache. */
void asm_printer_format_float(AsmPrinter *p, StrBuf *b, double v, IrFloatKind kind);

/* print_types.c */
/* Copies p->out[start, start + n) into tcache_text (dropping every memo
 * entry when the store is full) and returns its offset there. */
uint32_t asm_tcache_keep(AsmPrinter *p, size_t start, size_t n);
void asm_print_type_impl(AsmPrinter *p, const IrType *t);
bool asm_put_scalar_type(StrBuf *b, const IrType *t);
void asm_visit_type_children(AsmPrinter *p, const IrType *t);
/* Prints `prefix dialect` then `.body` or `<body>` (printDialectSymbol);
 * `body` is the text from body_start in p->out, already written. */
void asm_finish_dialect_symbol(AsmPrinter *p, size_t dot_pos, size_t body_start);
void asm_print_dialect_symbol_text(AsmPrinter *p, char prefix, const char *text,
                                   size_t n);

/* print_attrs.c */
typedef enum { ELIDE_NEVER, ELIDE_MAY, ELIDE_MUST } AsmTypeElision;
void asm_print_attr_elide(AsmPrinter *p, const IrAttr *a, AsmTypeElision e);
void asm_print_attr_impl(AsmPrinter *p, const IrAttr *a, AsmTypeElision e);
void asm_print_escaped(StrBuf *b, const char *s, size_t n); /* no quotes */
void asm_print_keyword_or_string(StrBuf *b, const char *s, size_t n);
void asm_print_location(AsmPrinter *p, const IrLoc *loc, bool allow_alias);
void asm_print_trailing_loc(AsmPrinter *p, const IrLoc *loc, bool allow_alias);
void asm_print_named_attrs(AsmPrinter *p, const IrAttr *const *vals,
                           const IrIdent *const *names, size_t n);
bool asm_print_alias(AsmPrinter *p, const void *ptr); /* true if printed */

/* Alias collection: visit an attribute/type as the collection pass does.
 * can_defer applies to visits not nested in another visit. */
void asm_alias_visit_attr(AsmPrinter *p, const IrAttr *a, bool can_defer, bool elide_type);
void asm_alias_visit_type(AsmPrinter *p, const IrType *t, bool can_defer);
void asm_aliases_finish(AsmAliases *al);
void asm_aliases_free(AsmAliases *al);
/* Prints `#a = ...` lines for aliases with deferrable == deferred. */
void asm_print_alias_defs(AsmPrinter *p, bool deferred);
/* Cheap structural test: may printing this attr/type produce an alias? */
bool asm_attr_may_alias(AsmPrinter *p, const IrAttr *a);
bool asm_type_may_alias(AsmPrinter *p, const IrType *t);

/* The pcache slot of an attribute or type (see AsmPrinter.pcache). */
static inline size_t asm_pcache_slot(const void *x) {
  return (((uintptr_t)x >> 4) ^ ((uintptr_t)x >> 14)) % ASM_PCACHE;
}

/* Whether x is known alias-free without a call (false: ask). */
static inline bool asm_pcached(const AsmPrinter *p, const void *x) {
  return p->pcache && p->pcache[asm_pcache_slot(x)] == x;
}
/* Builtin alias names (the builtin dialect's OpAsmDialectInterface) plus
 * dialect hooks; NULL when none. */
const char *asm_attr_alias_name(const IrAttr *a);
const char *asm_type_alias_name(const IrType *t);

/* The printer's current AsmMemoState. */
static inline AsmMemoState asm_memo_state(const AsmPrinter *p) {
  return (AsmMemoState){p->aliases, p->alias_gen, p->sd1, p->sd2, p->sd2_len};
}

/* Saved/restored around nested printing (see AsmPrinter.sd1). */
typedef struct AsmShortScope {
  const char *sd1, *sd2;
  size_t sd2_len;
} AsmShortScope;

static inline AsmShortScope asm_short_scope(AsmPrinter *p, const char *sd1, const char *sd2,
                                            size_t sd2_len) {
  AsmShortScope old = {p->sd1, p->sd2, p->sd2_len};
  p->sd1 = sd1;
  p->sd2 = sd2;
  p->sd2_len = sd2_len;
  return old;
}

static inline void asm_short_restore(AsmPrinter *p, AsmShortScope s) {
  p->sd1 = s.sd1;
  p->sd2 = s.sd2;
  p->sd2_len = s.sd2_len;
}

/* Appends the cached text tcache_text[off, off + n) to p->out, in 16-byte
 * pieces (tcache_keep leaves 16 bytes of slack after every entry). */
static inline void asm_put_cached(AsmPrinter *p, uint32_t off, uint32_t n) {
  StrBuf *b = p->out;
  sb_reserve(b, (size_t)n + 16);
  char *d = b->s + b->len;
  const char *s = p->tcache_text.s + off;
  for (uint32_t i = 0; i < n; i += 16) memcpy(d + i, s + i, 16);
  b->len += n;
  b->s[b->len] = 0;
}

/* Whether types of `dialect` print in short form here. */
static inline bool asm_short_dialect(const AsmPrinter *p, const char *dialect) {
  if (p->sd1 && !strcmp(p->sd1, dialect)) return true;
  return p->sd2 && !strncmp(p->sd2, dialect, p->sd2_len) && dialect[p->sd2_len] == 0;
}

static inline bool asm_is_builtin(const char *d) { /* strcmp(d, "builtin") == 0, inline */
  return d[0] == 'b' && d[1] == 'u' && d[2] == 'i' && d[3] == 'l' && d[4] == 't' &&
         d[5] == 'i' && d[6] == 'n' && d[7] == 0;
}

#endif
