/* ir_internal.h — the context's private layout, shared by the lib/ir files. */
#ifndef CTILE_IR_INTERNAL_H
#define CTILE_IR_INTERNAL_H

#include "ir/ir.h"

/* Open-addressing hash set of uniqued objects keyed by a 32-bit hash plus a
 * structural equality callback. */
typedef struct UniqSlot {
  uint32_t hash;
  const void *obj;  /* NULL: empty */
} UniqSlot;

typedef struct UniqSet {
  UniqSlot *slots;  /* hash kept beside the pointer: one cache line per probe */
  size_t cap, len;
} UniqSet;

typedef struct DialectState {
  const char *dialect;
  void *state;
  void (*free_fn)(void *);
} DialectState;

typedef struct SourceBuf {
  const IrIdent *file;
  const char *buf;
  size_t len;
} SourceBuf;

/* The context's operation allocator (slab.c): 64 KB pages of one size class
 * each, a free list per class; objects over IR_SLAB_MAX get their own run. */
#define IR_SLAB_PAGE ((size_t)1 << 16)
#define IR_SLAB_MAX 1024
#define IR_SLAB_GRAIN 8 /* class step and object alignment */
#define IR_SLAB_CLASSES (IR_SLAB_MAX / IR_SLAB_GRAIN + 1)
typedef struct IrSlab {
  struct SlabPage *pages;                 /* every page and large run */
  void *free[IR_SLAB_CLASSES];            /* per class (bytes / IR_SLAB_GRAIN) */
  char *bump[IR_SLAB_CLASSES], *bump_end[IR_SLAB_CLASSES];
  size_t live;                            /* objects allocated and not freed */
} IrSlab;
#if defined(__SANITIZE_ADDRESS__)
#define IR_SLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IR_SLAB_ASAN 1
#endif
#endif
/* The allocation itself, for what the inline fast path below leaves: a new
 * page, a large run, and every allocation under AddressSanitizer (which
 * poisons free objects). */
void *ir_slab_alloc_slow(IrSlab *s, size_t n);
/* n bytes (rounded up to the grain): a pop from the class's free list or a
 * bump in its current page, inline in the callers. */
static inline void *ir_slab_alloc(IrSlab *s, size_t n) {
#ifndef IR_SLAB_ASAN
  size_t cls = (n + IR_SLAB_GRAIN - 1) / IR_SLAB_GRAIN;
  if (cls - 1 < IR_SLAB_MAX / IR_SLAB_GRAIN) { /* 1 .. the largest class */
    void *p = s->free[cls];
    if (p) {
      s->free[cls] = *(void **)p;
      s->live++;
      return p;
    }
    char *b = s->bump[cls];
    if (b && (size_t)(s->bump_end[cls] - b) >= cls * IR_SLAB_GRAIN) {
      s->bump[cls] = b + cls * IR_SLAB_GRAIN;
      s->live++;
      return b;
    }
  }
#endif
  return ir_slab_alloc_slow(s, n);
}
void ir_slab_free(IrSlab *s, void *p);
/* The slab of an object, by the start of its block (within the first page
 * of a large run). */
IrSlab *ir_slab_of(const void *p);
void ir_slab_release_all(IrSlab *s); /* every object at once, pages unmapped */
void ir_slab_destroy(IrSlab *s);

/* A recent ir_dict_attr call of at most IR_DICT_MEMO_MAX entries, as given
 * (unsorted), and its result: ops rebuild the same few dictionaries. */
#define IR_DICT_MEMO_MAX 4
#define IR_DICT_MEMO_SLOTS 128
typedef struct IrDictMemo {
  const IrAttr *dict;          /* NULL: empty slot */
  size_t n;
  IrNamedAttr e[IR_DICT_MEMO_MAX];
} IrDictMemo;

/* A recent name given to ir_op_state_add_prop and the like (the pointer
 * and the interned ident; a hit also compares the bytes). */
#define IR_LIT_MEMO_SLOTS 64
typedef struct IrLitMemo {
  const char *s;
  const IrIdent *id;
} IrLitMemo;

/* Recently uniqued scalar attributes (no elements, names or data, at most
 * one int: integers, enums, floats, strings, types), by a cheap hash of
 * their fields: the stored attribute itself holds the fields a hit
 * compares. */
#define IR_SCALAR_MEMO_SLOTS 1024

struct IrContext {
  Arena arena;                 /* immortal: idents, types, attrs, op infos */
  IrSlab ops;                  /* operations (ir_op_create) */
  UniqSet idents, types, attrs;
  VEC(const IrDialect *) dialects;
  U64Map op_infos;             /* ident pointer -> const IrOpInfo* */
  U64Map info_dialects;        /* IrOpInfo pointer -> registering IrDialect */
  U64Map heap_operands;        /* IrOp pointer -> its grown operand array (IrOp.heap_operands) */
  VEC(DialectState) dstates;
  const char *dstate_last_key; /* the last name ir_ctx_dialect_state matched by pointer */
  size_t dstate_last;          /* and its slot in dstates */
  VEC(SourceBuf) sources;
  VEC(const IrIdent *) lazy_files; /* file table of compact locations */
  IrDiagHandler diag_handler;
  void *diag_user;
  IrTypePrintFn print_type;
  IrAttrPrintFn print_attr;
  IrOpPrintFn print_op;        /* "see current operation" notes */
  bool print_op_on_diag;
  unsigned num_errors;
  bool allow_unregistered;
  /* Cached builtin objects. */
  const IrType *index_type, *none_type;
  const IrAttr *unit_attr, *empty_dict, *unknown_loc;
  const IrType *int_types[65];  /* signless i0..i64 */
  const IrType *float_types[IR_FLOAT_KIND_COUNT];
  IrDictMemo dict_memo[IR_DICT_MEMO_SLOTS];
  IrLitMemo lit_memo[IR_LIT_MEMO_SLOTS];
  const IrAttr *scalar_memo[IR_SCALAR_MEMO_SLOTS];
  /* Heap regions ir_op_create emptied (their blocks moved into the op)
   * that their state left at ir_op_state_free, for the next
   * ir_op_state_add_region of any state: a state made per op (the
   * bytecode reader's) would otherwise malloc and free one per op with
   * regions. */
  VEC(IrRegion *) spare_regions;
};

/* Up to this many keys, dictionary lookups scan (comparing interned
 * pointers, or lengths then bytes) instead of binary-searching: an op's
 * dictionaries hold a handful. */
#define IR_DICT_SCAN_MAX 16

/* The value under the key of `len` bytes at `name` in a dictionary of at
 * most IR_DICT_SCAN_MAX keys (keys are unique byte strings), or NULL. */
static inline const IrAttr *ir_dict_scann(const IrAttr *dict, const char *name, size_t len) {
  for (uint32_t i = 0, n = dict->nelems; i < n; i++) {
    const IrIdent *k = dict->names[i];
    if (k->len == len && bytes_eq(k->str, name, len)) return dict->elems[i];
  }
  return NULL;
}

/* ir_identz through ctx->lit_memo (names passed as literals repeat). */
const IrIdent *ir_ident_lit(IrContext *ctx, const char *z);

#endif
