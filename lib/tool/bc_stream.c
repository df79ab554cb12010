/* bc_stream.c — reading a bytecode module and printing its custom form one
 * batch of functions at a time (ctile-translate -cudatilebc-to-mlir), and
 * the other way, text to bytecode a batch at a time (see "Writing" below).
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
#include "bytecode/bc_scan.h"
#include "bytecode/bytecode.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "ir/destroy_isolated.h"
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
  if (so->use_sink && n >= 64 * 1024) {
    /* a batch's text goes to the sink as it is, not copied first (after
     * what is waiting, in order) */
    if (so->out->len) {
      so->sink->fn(so->sink->user, so->out->s, so->out->len);
      sb_clear(so->out);
    }
    so->sink->fn(so->sink->user, s, n);
    so->sunk = true;
    return;
  }
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

/* Bytes of bytecode per printed batch: each batch gets a fresh printer whose
 * tables and memos start cold, so bigger batches print for less (32 KB: 476.8 M
 * instructions for the benchmark read against 485.1 M at 16 KB) while the IR
 * held at once grows (peak RSS 8.7 against 7.7 MiB). */
#define STREAM_BATCH (32 * 1024)

/* Destroys the ops of b; `isolated`: they are verified functions (isolated
 * from above, no results), torn down in one walk each. */
static void empty_block(IrBlock *b, bool isolated) {
  while (b && b->first) {
    IrOp *o = b->first;
    ir_op_unlink(o);
    if (isolated) ir_op_destroy_isolated(o);
    else ir_op_destroy(o);
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
    if (!ok || !batch) empty_block(sbody, ok);
  }
  if (ok) stream_out_put(so, "}\n", 2);
  u64map_free(&names);
  sb_free(&t);
  sb_free(&hdr);
  empty_block(sbody, false);
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

/* ======================================================================== */
/* Writing: MLIR text to bytecode a batch of functions at a time            */
/* ======================================================================== */

/* -mlir-to-cudatilebc on a file that is one `cuda_tile.module` of globals
 * followed by `entry` functions parses, verifies and encodes the functions a
 * batch at a time (bc_stream_writer_*), so that only a batch of IR is alive
 * instead of the whole module.  The bytecode lists every function's name and
 * signature before anything else, so the text is first cut into top-level
 * ops by a scanner that only matches brackets (scan_module), the functions'
 * headers are parsed with empty bodies and declared, then the module's own
 * line and globals are parsed and verified, then each batch of functions is
 * parsed inside a module line of its own, each function verified in the
 * globals' module (its symbol references see the globals) and written.
 *
 * Anything the scanner does not expect (aliases, a `loc(...)`, globals after
 * functions, the generic form, text after the module), any diagnostic, a
 * repeated symbol name or a function the writer cannot take this way (debug
 * info) makes it give up; the caller then writes the whole module, which
 * reports the same diagnostics as before.  Compact file locations are not
 * written to bytecode, so parsing the batches with other line numbers than
 * the file's changes no byte. */

/* One top-level function of the text: offsets into the buffer. */
typedef struct FnSpan {
  size_t start;  /* its first byte (`entry`) */
  size_t ropen;  /* its region's '{' (0: none seen yet) */
  size_t rclose; /* just after the region's '}' */
  size_t end;    /* where the next op (or the module's '}') starts */
  size_t name;   /* its name (after the '@') */
  size_t sig;    /* the end of the name: the signature's text up to ropen */
} FnSpan;
typedef VEC(FnSpan) FnSpanVec;

/* Byte classes of the scanner: SC_START, a letter or '_' (an identifier's
 * first byte); SC_IDENT, those and digits, '$' and '.'; SC_SPACE, white
 * space. */
enum { SC_START = 1, SC_IDENT = 2, SC_SPACE = 4 };
#define SC_L SC_START | SC_IDENT
#define SC_ROW_UPPER SC_L, SC_L, SC_L, SC_L, SC_L, SC_L, SC_L, SC_L
static const uint8_t sc_class[256] = {
    ['\t'] = SC_SPACE, ['\n'] = SC_SPACE, ['\r'] = SC_SPACE, ['\f'] = SC_SPACE, [' '] = SC_SPACE,
    ['$'] = SC_IDENT, ['.'] = SC_IDENT, ['_'] = SC_L,
    ['0'] = SC_IDENT, ['1'] = SC_IDENT, ['2'] = SC_IDENT, ['3'] = SC_IDENT, ['4'] = SC_IDENT,
    ['5'] = SC_IDENT, ['6'] = SC_IDENT, ['7'] = SC_IDENT, ['8'] = SC_IDENT, ['9'] = SC_IDENT,
    ['A'] = SC_ROW_UPPER, ['I'] = SC_ROW_UPPER, ['Q'] = SC_ROW_UPPER, ['Y'] = SC_L, ['Z'] = SC_L,
    ['a'] = SC_ROW_UPPER, ['i'] = SC_ROW_UPPER, ['q'] = SC_ROW_UPPER, ['y'] = SC_L, ['z'] = SC_L,
};
#undef SC_ROW_UPPER
#undef SC_L

static inline bool sc_ident_start(unsigned char c) { return sc_class[c] & SC_START; }
static inline bool sc_ident_char(unsigned char c) { return sc_class[c] & SC_IDENT; }

/* Skips white space and `//` comments. */
static size_t sc_skip_ws(const char *s, size_t len, size_t i) {
  while (i < len) {
    char c = s[i];
    if (sc_class[(unsigned char)c] & SC_SPACE) {
      i++;
    } else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
      const char *nl = memchr(s + i, '\n', len - i);
      i = nl ? (size_t)(nl - s) + 1 : len;
    } else {
      break;
    }
  }
  return i;
}

/* At a '"': the offset after the closing quote, or len when there is none. */
static size_t sc_skip_string(const char *s, size_t len, size_t i) {
  for (i++; i < len; i++) {
    if (s[i] == '\\') i++;
    else if (s[i] == '"') return i + 1;
    else if (s[i] == '\n') return len;
  }
  return len;
}

/* At a '{': the offset after its matching '}' (strings and comments
 * skipped), or len when there is none. */
static size_t sc_match_brace(const char *s, size_t len, size_t i) {
  size_t depth = 0;
  while (i < len) {
    i = bc_scan_brace_stop(s, len, i);
    if (i >= len) break;
    switch (s[i]) {
    case '{': depth++, i++; break;
    case '}':
      i++;
      if (--depth == 0) return i;
      break;
    case '"': i = sc_skip_string(s, len, i); break;
    default: /* '/' */
      if (i + 1 < len && s[i + 1] == '/') i = sc_skip_ws(s, len, i);
      else i++;
      break;
    }
  }
  return len;
}

/* Right after a function's `entry`: where the header is only names, types
 * and balanced brackets up to its first '{' (no string, comment or other
 * brace before it), that '{' is its region's, as the loop of scan_module
 * would find it; the region is matched at once and the offset after it
 * returned.  Else i, unchanged, for that loop to take the header a bracket at
 * a time. */
static size_t sc_header_fast(const char *s, size_t len, size_t i, FnSpan *cur) {
  size_t p = bc_scan_header_end(s, len, i);
  if (p >= len || s[p] != '{') return i;
  size_t e = sc_match_brace(s, len, p);
  if (e >= len) return i;
  cur->ropen = p;
  cur->rclose = e;
  return e;
}

static bool sc_word_is(const char *w, size_t n, const char *kw) {
  return strlen(kw) == n && !memcmp(w, kw, n);
}

/* Cuts `cuda_tile.module @name [attributes {...}] { globals... functions... }`
 * into the spans of its functions (each ends where the next one starts, the
 * last at the module's closing '}').  False for any text not of that shape. */
static bool scan_module(const char *s, size_t len, FnSpanVec *fns) {
  static const char kw[] = "cuda_tile.module";
  size_t i = sc_skip_ws(s, len, 0);
  if (len - i < sizeof kw || memcmp(s + i, kw, sizeof kw - 1) ||
      sc_ident_char((unsigned char)s[i + sizeof kw - 1]))
    return false;
  i = sc_skip_ws(s, len, i + sizeof kw - 1);
  if (i >= len || s[i] != '@' || i + 1 >= len || !sc_ident_start((unsigned char)s[i + 1]))
    return false;
  for (i++; i < len && sc_ident_char((unsigned char)s[i]);) i++;
  i = sc_skip_ws(s, len, i);
  if (len - i > 10 && !memcmp(s + i, "attributes", 10) &&
      !sc_ident_char((unsigned char)s[i + 10])) {
    i = sc_skip_ws(s, len, i + 10);
    if (i >= len || s[i] != '{') return false;
    i = sc_skip_ws(s, len, sc_match_brace(s, len, i));
  }
  if (i >= len || s[i] != '{') return false;
  i++;
  FnSpan *cur = NULL;
  int depth = 0; /* ( [ < at the module body's level */
  for (;;) {
    /* in a function's header only brackets and strings matter: the rest
     * (names, types, white space) is passed over at once */
    if (cur && !cur->ropen) i += strcspn(s + i, "{}()[]<>\"/");
    i = sc_skip_ws(s, len, i);
    if (i >= len) return false;
    unsigned char c = (unsigned char)s[i];
    if (c == '}' && depth == 0) break;
    if (c == '"') {
      if (depth == 0) return false; /* generic form, quoted names */
      i = sc_skip_string(s, len, i);
    } else if (c == '{') {
      size_t e = sc_match_brace(s, len, i);
      if (e >= len) return false;
      if (cur && depth == 0 && !cur->ropen) {
        cur->ropen = i;
        cur->rclose = e;
      } else if (cur && depth == 0 && cur->rclose != i && sc_skip_ws(s, len, cur->rclose) != i) {
        return false; /* braces after the region but not right after it */
      }
      i = e;
    } else if (c == '(' || c == '[' || c == '<') {
      depth++, i++;
    } else if (c == ')' || c == ']' || c == '>') {
      if (!(c == '>' && s[i - 1] == '-') && --depth < 0) return false;
      i++;
    } else if (sc_ident_start(c)) {
      size_t w = i;
      while (i < len && sc_ident_char((unsigned char)s[i])) i++;
      if (depth) continue;
      const char *ws = s + w;
      size_t wn = i - w;
      if (sc_word_is(ws, wn, "entry") || sc_word_is(ws, wn, "cuda_tile.entry")) {
        if (cur && !cur->ropen) return false;
        if (cur) cur->end = w;
        vec_push(fns, ((FnSpan){.start = w}));
        cur = &fns->data[fns->len - 1];
        i = sc_header_fast(s, len, i, cur);
      } else if (cur && (cur->ropen || sc_word_is(ws, wn, "global") ||
                         sc_word_is(ws, wn, "cuda_tile.global") || sc_word_is(ws, wn, "loc"))) {
        return false; /* globals after functions, locations, ... */
      }
    } else {
      i++;
    }
  }
  if (!cur || !cur->ropen) return false;
  cur->end = i;
  /* nothing but white space and comments after the module */
  return sc_skip_ws(s, len, i + 1) == len;
}

static const char batch_head[] = "cuda_tile.module @__ctile_batch {\n";

/* Parses the module text in t (the whole of it counted as one op): the
 * cuda_tile.module, or NULL. */
static IrOp *parse_piece(IrContext *ctx, const char *name, StrBuf *t, AsmParseMemo *memo) {
  /* line_offset 1: the piece is not registered as the file's source text;
   * memo: the parse memos carried from the pieces before */
  AsmParseOptions po = {.no_implicit_module = true, .line_offset = 1, .memo = memo};
  IrOp *m = asm_parse_buffer(ctx, name, sb_cstr(t), t->len, &po);
  if (m && !ct_op_is(m, CT_OP_module)) {
    ir_op_destroy(m);
    m = NULL;
  }
  return m;
}

/* The ops of the module's body, if there are exactly n, all entries. */
static bool body_is_entries(IrOp *m, size_t n) {
  IrBlock *b = ir_op_regions(m)[0].first;
  size_t k = 0;
  for (IrOp *o = b ? b->first : NULL; o; o = o->next, k++)
    if (!ct_op_is(o, CT_OP_entry)) return false;
  return k == n;
}

/* The signature texts met so far (write_streamed, step 1). */
typedef struct SigSlot {
  uint64_t hash; /* 0: free */
  size_t off, len;
  const IrType *sig;
} SigSlot;

#define WRITE_BATCH (512 * 1024)

/* The functions of buf[from..to), parsed in place as the body of a
 * cuda_tile.module (asm_parse_op_range: no copy of the text, the memos
 * carried in memo), in a builtin.module; NULL on an error (counted by the
 * caller's handler: the whole-module write then reports it).  buf[nul] is
 * the input's NUL (nul >= to). */
static IrOp *parse_range(IrContext *ctx, const char *name, const char *buf, size_t from,
                         size_t to, size_t nul, AsmParseMemo *memo) {
  const IrOpInfo *in = ir_op_info_find(ctx, "cuda_tile.module", strlen("cuda_tile.module"));
  if (!in) return NULL;
  AsmParseOptions po = {.line_offset = 1, .memo = memo};
  return asm_parse_op_range(ctx, name, buf + from, nul - from, buf + to, in, &po);
}

static bool write_streamed(IrContext *ctx, const char *name, const char *buf,
                           BcStreamWriter *sw, const FnSpanVec *fns, unsigned *ndiags) {
  const AsmInputRelease *rel = ir_ctx_dialect_state(ctx, ASM_INPUT_RELEASE_STATE);
  StrBuf t = {0};
  U64Map names = {0};
  IrOp *globals = NULL;
  bool ok = true;
  AsmParseMemo *memo = asm_parse_memo_new();
  /* 1. Every function's name and signature.  Functions whose signature
   * text (what follows the name up to the body) was seen before share its
   * type; the others' headers are parsed with empty bodies, a batch at a
   * time. */
  size_t nf = fns->len, cap = 64;
  while (cap < 2 * nf) cap *= 2;
  SigSlot *sigs = xcalloc(cap, sizeof *sigs);
  size_t *slot_of = xcalloc(nf, sizeof *slot_of);
  VEC(size_t) todo = {0};
  for (size_t i = 0; i < nf && ok; i++) {
    const FnSpan *f = &fns->data[i];
    size_t k = f->start;
    while (k < f->ropen && sc_ident_char((unsigned char)buf[k])) k++;
    k = sc_skip_ws(buf, f->ropen, k);
    ok = k < f->ropen && buf[k] == '@' && sc_ident_start((unsigned char)buf[k + 1]) &&
         sc_skip_ws(buf, f->end, f->rclose) == f->end; /* no attributes, no loc(...) */
    if (!ok) break;
    size_t ne = k + 1;
    while (ne < f->ropen && sc_ident_char((unsigned char)buf[ne])) ne++;
    fns->data[i].name = k + 1;
    fns->data[i].sig = ne;
    uint64_t h = hash_bytes(buf + ne, f->ropen - ne, 0) | 1;
    size_t m = cap - 1, at = (size_t)h & m;
    while (sigs[at].hash && !(sigs[at].hash == h && sigs[at].len == f->ropen - ne &&
                              !memcmp(buf + sigs[at].off, buf + ne, f->ropen - ne)))
      at = (at + 1) & m;
    if (!sigs[at].hash) {
      sigs[at] = (SigSlot){.hash = h, .off = ne, .len = f->ropen - ne};
      vec_push(&todo, i);
    }
    slot_of[i] = at;
  }
  for (size_t i = 0; i < todo.len && ok;) {
    sb_clear(&t);
    sb_puts(&t, batch_head);
    size_t j = i;
    for (; j < todo.len && (j == i || t.len < WRITE_BATCH); j++) {
      const FnSpan *f = &fns->data[todo.data[j]];
      sb_putn(&t, buf + f->start, f->ropen - f->start);
      sb_puts(&t, "{\n}\n");
    }
    sb_puts(&t, "}\n");
    IrOp *m = parse_piece(ctx, name, &t, memo);
    ok = m && !*ndiags && body_is_entries(m, j - i);
    size_t k = i;
    for (IrOp *o = ok ? ir_op_regions(m)[0].first->first : NULL; o && ok; o = o->next, k++) {
      const IrAttr *ft = ir_op_attrz(o, "function_type");
      ok = ft && ft->def == &ir_type_attr_def;
      if (ok) sigs[slot_of[todo.data[k]]].sig = ft->type;
    }
    if (m) ir_op_destroy(m);
    i = j;
  }
  for (size_t i = 0; i < nf && ok; i++) {
    const FnSpan *f = &fns->data[i];
    const IrIdent *id = ir_ident(ctx, buf + f->name, f->sig - f->name);
    ok = !u64map_get(&names, (uintptr_t)id) &&
         bc_stream_writer_declare(sw, id, sigs[slot_of[i]].sig);
    if (ok) u64map_put(&names, (uintptr_t)id, (void *)id);
  }
  free(sigs);
  free(slot_of);
  vec_free(&todo);
  /* 2. The module's line and its globals. */
  if (ok) {
    sb_clear(&t);
    sb_putn(&t, buf, fns->data[0].start);
    sb_puts(&t, "\n}\n");
    globals = parse_piece(ctx, name, &t, memo);
    ok = globals && !*ndiags;
  }
  IrBlock *gbody = globals ? ir_op_regions(globals)[0].first : NULL;
  for (IrOp *g = gbody ? gbody->first : NULL; g && ok; g = g->next) {
    const IrIdent *id = ir_symbol_name(g);
    ok = id && !u64map_get(&names, (uintptr_t)id);
    if (ok) u64map_put(&names, (uintptr_t)id, g);
  }
  ok = ok && ir_verify(globals) && !*ndiags && bc_stream_writer_globals(sw, globals);
  /* 3. The functions, a batch of about WRITE_BATCH bytes of text at a time,
   * parsed where they are (the input's NUL: after the module's last line) */
  size_t nul = fns->len ? fns->data[fns->len - 1].end : 0;
  nul += strlen(buf + nul);
  for (size_t i = 0; i < fns->len && ok;) {
    size_t j = i;
    while (j < fns->len && (j == i || fns->data[j].start - fns->data[i].start < WRITE_BATCH)) j++;
    IrOp *m = parse_range(ctx, name, buf, fns->data[i].start, fns->data[j - 1].end, nul, memo);
    /* the input before this batch is not read again (unless to fall back) */
    if (rel) rel->fn(rel->user, buf + fns->data[i].start);
    ok = m && !*ndiags && body_is_entries(m, j - i);
    IrBlock *mb = m ? ir_op_regions(m)[0].first : NULL;
    while (ok && mb->first) {
      IrOp *f = mb->first;
      ir_op_unlink(f);
      ir_block_append(gbody, f);
      bool verified = ir_verify(f) && !*ndiags;
      ok = verified && bc_stream_writer_function(sw, f, globals) && !*ndiags;
      ir_op_unlink(f);
      /* a verified function is isolated from above: one walk frees it */
      if (verified) ir_op_destroy_isolated(f);
      else ir_op_destroy(f);
    }
    if (m) ir_op_destroy(m);
    i = j;
  }
  if (globals) ir_op_destroy(globals);
  asm_parse_memo_free(memo);
  u64map_free(&names);
  sb_free(&t);
  return ok;
}

bool tool_write_bc_streamed(IrContext *ctx, const char *name, const char *buf, size_t len,
                            unsigned vmajor, unsigned vminor, uint8_t **out, size_t *out_len) {
  *out = NULL;
  *out_len = 0;
  FnSpanVec fns = {0};
  if (!scan_module(buf, len, &fns)) {
    vec_free(&fns);
    return false;
  }
  IrDiagHandler prev;
  void *prev_user;
  unsigned ndiags = 0;
  ir_ctx_get_diag_handler(ctx, &prev, &prev_user);
  ir_ctx_set_diag_handler(ctx, count_diag, &ndiags);
  BcStreamWriter *sw = bc_stream_writer_new(ctx, vmajor, vminor);
  bool ok = write_streamed(ctx, name, buf, sw, &fns, &ndiags) &&
            bc_stream_writer_finish(sw, out, out_len) && !ndiags;
  if (!ok) {
    free(*out);
    *out = NULL;
    *out_len = 0;
  }
  bc_stream_writer_free(sw);
  ir_ctx_set_diag_handler(ctx, prev, prev_user);
  vec_free(&fns);
  return ok;
}
