/* pass_manager.c — the pass registry, pass options, and the pass manager
 * with textual pipelines (MLIR's PassRegistry.cpp + Pass.cpp, in C).
 *
 * A pipeline is a tree of pass managers (Pm).  Each Pm is anchored on an op
 * name (or "any") and holds a list of elements: a pass, or an adaptor that
 * runs nested Pms on the ops *directly* inside the current op's regions
 * (MLIR's OpToOpPassAdaptor).  Adjacent adaptors are merged after building
 * (MLIR's finalizePassList), so `m(a),m(b)` runs a then b on each `m`.
 *
 * Error wording and shapes follow mlir-opt:
 *  - structural parse errors are rendered as a SourceMgr message over the
 *    pipeline text ("MLIR Textual PassPipeline Parser:1:C: error: …", the
 *    text line and a caret);
 *  - building errors ("Can't add pass …", "<Pass-Options-Parser>: …",
 *    "failed to add `x` with options `y`") are collected and reported as one
 *    diagnostic at unknown location, as mlir-opt does for --pass-pipeline;
 *  - run-time errors are op diagnostics ("'x' op trying to schedule a pass
 *    on an unsupported operation", "can't run 'x' pass manager on 'y' op"). */
#include "rewrite/rw_internal.h"

#include <errno.h>

#define RW_MAX_PIPELINE_DEPTH 1000

/* ======================================================================== */
/* Registry                                                                 */
/* ======================================================================== */
void rw_register_pass(IrContext *ctx, const RwPassInfo *pass) {
  RwState *s = rw_state(ctx);
  if (!pass || !pass->name || !pass->run) return;
  if (rw_find_pass(ctx, pass->name, strlen(pass->name))) return;
  vec_push(&s->passes, pass);
}

const RwPassInfo *rw_find_pass(IrContext *ctx, const char *name, size_t n) {
  RwState *s = rw_state(ctx);
  for (size_t i = 0; i < s->passes.len; i++) {
    const char *pn = s->passes.data[i]->name;
    if (strlen(pn) == n && !memcmp(pn, name, n)) return s->passes.data[i];
  }
  return NULL;
}

static int pass_cmp(const void *a, const void *b) {
  return strcmp((*(const RwPassInfo *const *)a)->name, (*(const RwPassInfo *const *)b)->name);
}

void rw_list_passes(IrContext *ctx, StrBuf *out) {
  RwState *s = rw_state(ctx);
  size_t n = s->passes.len, w = 0;
  const RwPassInfo **v = xmalloc((n ? n : 1) * sizeof *v);
  for (size_t i = 0; i < n; i++) {
    v[i] = s->passes.data[i];
    if (strlen(v[i]->name) > w) w = strlen(v[i]->name);
  }
  qsort(v, n, sizeof *v, pass_cmp);
  for (size_t i = 0; i < n; i++)
    sb_printf(out, "  --%-*s  %s\n", (int)w, v[i]->name, v[i]->summary ? v[i]->summary : "");
  free(v);
}

/* ======================================================================== */
/* Pass options ("k=v k2='a b' flag k3={x y}")                              */
/* ======================================================================== */
static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static Str str_trim(Str s) {
  while (s.n && is_space(*s.s)) s.s++, s.n--;
  while (s.n && is_space(s.s[s.n - 1])) s.n--;
  return s;
}

/* Index of the '}' closing the '{' at s[open] (nesting and quotes aware), or
 * n if none. */
static size_t match_brace(const char *s, size_t open, size_t n) {
  int depth = 0;
  for (size_t i = open; i < n; i++) {
    char c = s[i];
    if (c == '\'' || c == '"') {
      const char *q = memchr(s + i + 1, c, n - i - 1);
      if (q) i = (size_t)(q - s);
      continue;
    }
    if (c == '{') depth++;
    else if (c == '}' && --depth == 0) return i;
  }
  return n;
}

/* extractArgAndUpdateOptions: trims, drops one level of matching quotes or
 * of enclosing braces. */
static Str strip_arg(Str s) {
  s = str_trim(s);
  if (s.n <= 1) return s;
  if ((s.s[0] == '\'' || s.s[0] == '"') && s.s[s.n - 1] == s.s[0])
    return str_trim((Str){s.s + 1, s.n - 2});
  if (s.s[0] == '{' && match_brace(s.s, 0, s.n) == s.n - 1)
    return str_trim((Str){s.s + 1, s.n - 2});
  return s;
}

typedef struct OptArg {
  Str key, value;
} OptArg;

/* parseNextArg: reads one `key[=value]` from [*pp, end); false at the end. */
static bool next_opt(const char **pp, const char *end, OptArg *a) {
  const char *p = *pp;
  while (p < end && is_space(*p)) p++;
  if (p >= end) return false;
  const char *ks = p;
  while (p < end && *p != ' ' && *p != '=') p++;
  a->key = strip_arg((Str){ks, (size_t)(p - ks)});
  a->value = (Str){p, 0};
  if (p < end && *p == '=') {
    const char *vs = ++p;
    while (p < end && *p != ' ') {
      if (*p == '\'' || *p == '"') {
        const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));
        if (q) p = q;
      } else if (*p == '{') {
        size_t m = match_brace(p, 0, (size_t)(end - p));
        p = m == (size_t)(end - p) ? end - 1 : p + m;
      }
      p++;
    }
    a->value = strip_arg((Str){vs, (size_t)(p - vs)});
  }
  *pp = p;
  return true;
}

bool rw_pass_option(const char *options, const char *key, Str *value) {
  if (!options) return false;
  const char *p = options, *end = options + strlen(options);
  OptArg a;
  bool found = false;
  while (next_opt(&p, end, &a))
    if (str_eqz(a.key, key)) {
      *value = a.value;
      found = true;
    }
  return found;
}

/* StringRef::getAsInteger(0, …): optional '-', radix prefixes 0x 0b 0o 0. */
static bool parse_int(Str s, int64_t *out) {
  if (!s.n || s.n > 64) return false;
  char buf[72];
  memcpy(buf, s.s, s.n);
  buf[s.n] = 0;
  const char *p = buf;
  bool neg = *p == '-';
  if (neg) p++;
  int base = 10;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) base = 16, p += 2;
  else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) base = 2, p += 2;
  else if (p[0] == '0' && (p[1] == 'o' || p[1] == 'O')) base = 8, p += 2;
  else if (p[0] == '0' && p[1]) base = 8, p += 1;
  if (!*p) return false;
  for (const char *q = p; *q; q++) {
    int d = (*q >= '0' && *q <= '9') ? *q - '0'
            : (*q >= 'a' && *q <= 'f') ? *q - 'a' + 10
            : (*q >= 'A' && *q <= 'F') ? *q - 'A' + 10 : 99;
    if (d >= base) return false;
  }
  errno = 0;
  unsigned long long v = strtoull(p, NULL, base);
  if (errno || v > (unsigned long long)INT64_MAX + (neg ? 1u : 0u)) return false;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
}

/* cl::parser<bool>: "" (bare flag), true/TRUE/True/1, false/FALSE/False/0. */
static int parse_bool(Str s) {
  if (!s.n || str_eqz(s, "true") || str_eqz(s, "TRUE") || str_eqz(s, "True") || str_eqz(s, "1"))
    return 1;
  if (str_eqz(s, "false") || str_eqz(s, "FALSE") || str_eqz(s, "False") || str_eqz(s, "0"))
    return 0;
  return -1;
}

int64_t rw_pass_option_int(const char *options, const char *key, int64_t dflt) {
  Str v;
  int64_t r;
  return rw_pass_option(options, key, &v) && parse_int(v, &r) ? r : dflt;
}

bool rw_pass_option_bool(const char *options, const char *key, bool dflt) {
  Str v;
  if (!rw_pass_option(options, key, &v)) return dflt;
  int b = parse_bool(v);
  return b < 0 ? dflt : b == 1;
}

/* ======================================================================== */
/* Error sink                                                               */
/* ======================================================================== */
/* Textual (--pass-pipeline) errors are collected into one diagnostic, as
 * mlir-opt streams them into one error message; flag-style (implicit)
 * pipelines report each error on its own. */
typedef struct ErrSink {
  IrContext *ctx;
  bool collect;
  StrBuf buf;
} ErrSink;

static void err_line(ErrSink *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void err_line(ErrSink *e, const char *fmt, ...) {
  StrBuf line = {0};
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(&line, fmt, ap);
  va_end(ap);
  while (line.len && line.s[line.len - 1] == '\n') line.s[--line.len] = 0;
  if (e->collect) {
    sb_putn(&e->buf, line.s ? line.s : "", line.len);
    sb_putc(&e->buf, '\n');
  } else {
    ir_error(e->ctx, ir_unknown_loc(e->ctx), "%s", sb_cstr(&line));
  }
  sb_free(&line);
}

static void err_flush(ErrSink *e) {
  if (e->collect && e->buf.len) {
    while (e->buf.len && e->buf.s[e->buf.len - 1] == '\n') e->buf.s[--e->buf.len] = 0;
    ir_error(e->ctx, ir_unknown_loc(e->ctx), "%s", sb_cstr(&e->buf));
  }
  sb_free(&e->buf);
}

/* A SourceMgr-style message over the pipeline text `buf` at `at`. */
static void err_at(ErrSink *e, const char *buf, size_t len, const char *at, const char *msg,
                   Str arg) {
  size_t off = (size_t)(at - buf), line = 1, ls = 0;
  for (size_t i = 0; i < off && i < len; i++)
    if (buf[i] == '\n') line++, ls = i + 1;
  size_t le = ls;
  while (le < len && buf[le] != '\n') le++;
  StrBuf m = {0};
  sb_printf(&m, "MLIR Textual PassPipeline Parser:%zu:%zu: error: ", line, off - ls + 1);
  if (arg.s) {
    sb_putc(&m, '\'');
    sb_putstr(&m, arg);
    sb_putc(&m, '\'');
  }
  sb_puts(&m, msg);
  sb_putc(&m, '\n');
  sb_putn(&m, buf + ls, le - ls);
  sb_putc(&m, '\n');
  for (size_t i = ls; i < off; i++) sb_putc(&m, buf[i] == '\t' ? '\t' : ' ');
  sb_putc(&m, '^');
  err_line(e, "%s", sb_cstr(&m));
  sb_free(&m);
}

/* ======================================================================== */
/* Textual pipeline: parse into elements                                    */
/* ======================================================================== */
typedef struct TElem TElem;
typedef struct TList {
  TElem *data;
  size_t len, cap;
} TList;

struct TElem {
  Str name;
  Str opts;
  bool has_opts;
  bool nested;        /* `name(...)`: an op pipeline */
  TList inner;
  const RwPassInfo *pass;
};

static void tlist_free(TList *l) {
  for (size_t i = 0; i < l->len; i++) tlist_free(&l->data[i].inner);
  vec_free(l);
}

/* TextualPipeline::parsePipelineText over buf[0..len). */
static bool parse_text(ErrSink *e, const char *buf, size_t len, TList *top) {
  VEC(TList *) stack = {0};
  vec_push(&stack, top);
  const char *p = buf, *end = buf + len;
  bool ok = true;
  for (;;) {
    TList *cur = vec_last(&stack);
    const char *pos = p;
    while (pos < end && !(*pos && strchr(",(){", *pos))) pos++;
    vec_push(cur, ((TElem){0}));
    TElem *el = &vec_last(cur);
    el->name = str_trim((Str){p, (size_t)(pos - p)});
    if (!el->name.n) { /* point at where the empty name is */
      const char *q = p;
      while (q < pos && is_space(*q)) q++;
      el->name.s = q;
    }
    if (pos == end) break;
    p = pos;
    if (*p == '{') {
      /* MLIR counts braces only (no quote handling) here */
      int depth = 0;
      size_t close = len;
      for (const char *q = p; q < end; q++) {
        if (*q == '{') depth++;
        else if (*q == '}' && --depth == 0) {
          close = (size_t)(q - buf);
          break;
        }
      }
      if (close == len) {
        err_at(e, buf, len, p, "missing closing '}' while processing pass options", (Str){0});
        ok = false;
        break;
      }
      el->opts = (Str){p + 1, (size_t)(buf + close - p - 1)};
      el->has_opts = true;
      p = buf + close + 1;
      while (p < end && is_space(*p)) p++;
    } else if (*p == '(') {
      p++;
      el->nested = true;
      if (stack.len > RW_MAX_PIPELINE_DEPTH) {
        err_at(e, buf, len, p - 1, "pipeline nesting is too deep", (Str){0});
        ok = false;
        break;
      }
      vec_push(&stack, &el->inner);
      continue;
    }
    while (p < end && *p == ')') {
      p++;
      if (stack.len == 1) {
        err_at(e, buf, len, p - 1,
               "encountered extra closing ')' creating unbalanced parentheses while parsing "
               "pipeline",
               (Str){0});
        ok = false;
        goto done;
      }
      stack.len--;
      while (p < end && is_space(*p)) p++;
    }
    if (p == end) break;
    if (*p != ',') {
      err_at(e, buf, len, p, "expected ',' after parsing pipeline", (Str){0});
      ok = false;
      break;
    }
    p++;
  }
  if (ok && stack.len > 1) {
    err_at(e, buf, len, p, "encountered unbalanced parentheses while parsing pipeline", (Str){0});
    ok = false;
  }
done:
  vec_free(&stack);
  return ok;
}

/* resolvePipelineElements: binds pass names to registered passes. */
static bool resolve(ErrSink *e, IrContext *ctx, const char *buf, size_t len, TList *l) {
  for (size_t i = 0; i < l->len; i++) {
    TElem *el = &l->data[i];
    if (el->nested) {
      if (!resolve(e, ctx, buf, len, &el->inner)) return false;
      continue;
    }
    el->pass = rw_find_pass(ctx, el->name.s, el->name.n);
    if (!el->pass) {
      err_at(e, buf, len, el->name.s, " does not refer to a registered pass or pass pipeline",
             el->name);
      return false;
    }
  }
  return true;
}

/* ======================================================================== */
/* Pass managers                                                            */
/* ======================================================================== */
typedef struct Pm Pm;

typedef struct PmElem {
  const RwPassInfo *pass;   /* NULL: adaptor */
  char *options;            /* raw option text or NULL */
  VEC(Pm *) mgrs;           /* adaptor: nested pass managers */
  bool dead;                /* merged away */
} PmElem;

struct Pm {
  char *anchor;             /* op name, NULL: any */
  VEC(PmElem) elems;
};

struct RwPipeline {
  IrContext *ctx;
  Pm *root;
};

static Pm *pm_new(const char *anchor, size_t n) {
  Pm *pm = xcalloc(1, sizeof *pm);
  if (anchor && !(n == 3 && !memcmp(anchor, "any", 3))) pm->anchor = xstrndup(anchor, n);
  return pm;
}

static void pm_free(Pm *pm) {
  if (!pm) return;
  for (size_t i = 0; i < pm->elems.len; i++) {
    PmElem *e = &pm->elems.data[i];
    free(e->options);
    for (size_t k = 0; k < e->mgrs.len; k++) pm_free(e->mgrs.data[k]);
    vec_free(&e->mgrs);
  }
  vec_free(&pm->elems);
  free(pm->anchor);
  free(pm);
}

static const char *anchor_name(const Pm *pm) { return pm->anchor ? pm->anchor : "any"; }
static const char *class_name(const RwPassInfo *p) { return p->class_name ? p->class_name : p->name; }

/* Adds an adaptor running `child` to `pm`; returns the child. */
static Pm *pm_nest(Pm *pm, Pm *child) {
  vec_push(&pm->elems, ((PmElem){0}));
  vec_push(&vec_last(&pm->elems).mgrs, child);
  return child;
}

/* Pass::initializeOptions against the pass's declared options. */
static bool check_options(ErrSink *e, const RwPassInfo *pass, Str opts) {
  if (!pass->opts || !opts.s) return true;
  const char *p = opts.s, *end = opts.s + opts.n;
  OptArg a;
  while (next_opt(&p, end, &a)) {
    if (!a.key.n) continue;
    const RwPassOption *o = pass->opts;
    while (o->name && !str_eqz(a.key, o->name)) o++;
    if (!o->name) {
      err_line(e, "<Pass-Options-Parser>: no such option %.*s", (int)a.key.n, a.key.s);
      return false;
    }
    int64_t iv;
    bool bad = false;
    const char *why = "";
    switch (o->kind) {
    case RW_OPT_BOOL:
      bad = parse_bool(a.value) < 0;
      why = "is invalid value for boolean argument! Try 0 or 1";
      break;
    case RW_OPT_INT:
      bad = !parse_int(a.value, &iv);
      why = "value invalid for integer argument!";
      break;
    case RW_OPT_STRING:
      if (o->values) {
        bad = true;
        for (const char *const *v = o->values; *v && bad; v++) bad = !str_eqz(a.value, *v);
        if (bad) {
          err_line(e, "<Pass-Options-Parser>: for the --%s option: Cannot find option named '%.*s'!",
                   o->name, (int)a.value.n, a.value.s);
          return false;
        }
      }
      break;
    case RW_OPT_LIST:
      break;
    }
    if (bad) {
      err_line(e, "<Pass-Options-Parser>: for the --%s option: '%.*s' %s", o->name,
               (int)a.value.n, a.value.s, why);
      return false;
    }
  }
  return true;
}

/* TextualPipeline::addToPipeline (and, with `implicit`, the flag path with
 * implicit nesting of op-specific passes). */
static bool build(ErrSink *e, TList *l, Pm *pm, bool implicit) {
  for (size_t i = 0; i < l->len; i++) {
    TElem *el = &l->data[i];
    if (el->nested) {
      Pm *child = pm_nest(pm, pm_new(el->name.s, el->name.n));
      if (!build(e, &el->inner, child, false)) {
        if (e->collect)
          err_line(e, "failed to add `%.*s` with options `%.*s` to inner pipeline",
                   (int)el->name.n, el->name.s, (int)el->opts.n, el->opts.s ? el->opts.s : "");
        return false;
      }
      continue;
    }
    const RwPassInfo *pass = el->pass;
    bool ok = check_options(e, pass, el->opts);
    Pm *target = pm;
    if (pm->anchor && pass->anchor && strcmp(pm->anchor, pass->anchor)) {
      if (implicit) {
        target = pm_nest(pm, pm_new(pass->anchor, strlen(pass->anchor)));
      } else {
        err_line(e,
                 "Can't add pass '%s' restricted to '%s' on a PassManager intended to run on "
                 "'%s', did you intend to nest?",
                 class_name(pass), pass->anchor, anchor_name(pm));
        ok = false;
        target = NULL;
      }
    }
    if (target) {
      vec_push(&target->elems, ((PmElem){0}));
      PmElem *pe = &vec_last(&target->elems);
      pe->pass = pass;
      pe->options = el->has_opts ? xstrndup(el->opts.s, el->opts.n) : NULL;
    }
    if (!ok) {
      if (e->collect)
        err_line(e, "failed to add `%.*s` with options `%.*s`", (int)el->name.n, el->name.s,
                 (int)el->opts.n, el->opts.s ? el->opts.s : "");
      return false;
    }
  }
  return true;
}

/* ---- finalization: merging adjacent adaptors --------------------------------------- */
static bool pass_can_schedule(const RwPassInfo *p, const char *opname) {
  return !p->anchor || !strcmp(p->anchor, opname);
}

/* OpPassManagerImpl::canScheduleOn by op name (for merging decisions). */
static bool pm_can_schedule_name(IrContext *ctx, Pm *pm, const char *opname) {
  if (pm->anchor) return !strcmp(pm->anchor, opname);
  const IrOpInfo *info = ir_op_info_find(ctx, opname, strlen(opname));
  if (!info || !(info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE)) return false;
  for (size_t i = 0; i < pm->elems.len; i++)
    if (pm->elems.data[i].pass && !pass_can_schedule(pm->elems.data[i].pass, opname)) return false;
  return true;
}

static bool schedule_conflict(IrContext *ctx, Pm *generic, PmElem *others) {
  for (size_t i = 0; i < others->mgrs.len; i++) {
    Pm *o = others->mgrs.data[i];
    if (!o->anchor || pm_can_schedule_name(ctx, generic, o->anchor)) return true;
  }
  return false;
}

static Pm *find_generic(PmElem *a) {
  for (size_t i = 0; i < a->mgrs.len; i++)
    if (!a->mgrs.data[i]->anchor) return a->mgrs.data[i];
  return NULL;
}

static int pm_order(const void *pa, const void *pb) {
  const Pm *a = *(Pm *const *)pa, *b = *(Pm *const *)pb;
  if (a->anchor && b->anchor) return strcmp(a->anchor, b->anchor);
  return a->anchor ? -1 : b->anchor ? 1 : 0;
}

/* OpToOpPassAdaptor::tryMergeInto: moves cur's pass managers into last. */
static bool try_merge(IrContext *ctx, PmElem *cur, PmElem *last) {
  Pm *g = find_generic(cur);
  if (g && schedule_conflict(ctx, g, last)) return false;
  g = find_generic(last);
  if (g && schedule_conflict(ctx, g, cur)) return false;
  for (size_t i = 0; i < cur->mgrs.len; i++) {
    Pm *pm = cur->mgrs.data[i], *ex = NULL;
    for (size_t k = 0; k < last->mgrs.len && !ex; k++) {
      Pm *c = last->mgrs.data[k];
      if ((!c->anchor && !pm->anchor) || (c->anchor && pm->anchor && !strcmp(c->anchor, pm->anchor)))
        ex = c;
    }
    if (!ex) {
      vec_push(&last->mgrs, pm);
      continue;
    }
    for (size_t k = 0; k < pm->elems.len; k++) vec_push(&ex->elems, pm->elems.data[k]);
    pm->elems.len = 0;
    pm_free(pm);
  }
  cur->mgrs.len = 0;
  qsort(last->mgrs.data, last->mgrs.len, sizeof *last->mgrs.data, pm_order);
  return true;
}

static void finalize(IrContext *ctx, Pm *pm);

static void finalize_adaptor(IrContext *ctx, PmElem *a) {
  for (size_t i = 0; i < a->mgrs.len; i++) finalize(ctx, a->mgrs.data[i]);
}

/* OpPassManagerImpl::finalizePassList. */
static void finalize(IrContext *ctx, Pm *pm) {
  size_t last = SIZE_MAX;
  for (size_t i = 0; i < pm->elems.len; i++) {
    PmElem *e = &pm->elems.data[i];
    if (!e->pass) {
      if (last == SIZE_MAX) {
        last = i;
        continue;
      }
      if (try_merge(ctx, e, &pm->elems.data[last])) {
        e->dead = true;
        vec_free(&e->mgrs);
      } else {
        last = i;
      }
    } else if (last != SIZE_MAX) {
      finalize_adaptor(ctx, &pm->elems.data[last]);
      last = SIZE_MAX;
    }
  }
  if (last != SIZE_MAX) finalize_adaptor(ctx, &pm->elems.data[last]);
  size_t k = 0;
  for (size_t i = 0; i < pm->elems.len; i++)
    if (!pm->elems.data[i].dead) pm->elems.data[k++] = pm->elems.data[i];
  pm->elems.len = k;
}

/* ======================================================================== */
/* Parsing entry points                                                     */
/* ======================================================================== */
static RwPipeline *parse_into(IrContext *ctx, ErrSink *e, Pm *root, const char *buf, size_t len,
                              bool implicit) {
  TList l = {0};
  bool ok = true;
  if (len) ok = parse_text(e, buf, len, &l) && resolve(e, ctx, buf, len, &l) &&
                build(e, &l, root, implicit);
  tlist_free(&l);
  if (!ok) {
    pm_free(root);
    return NULL;
  }
  finalize(ctx, root);
  RwPipeline *pl = xcalloc(1, sizeof *pl);
  pl->ctx = ctx;
  pl->root = root;
  return pl;
}

RwPipeline *rw_pipeline_parse(IrContext *ctx, const char *text, const char *implicit_anchor) {
  rw_state(ctx); /* registers the generic passes */
  ErrSink e = {ctx, implicit_anchor == NULL, {0}};
  RwPipeline *pl = NULL;
  if (implicit_anchor) {
    pl = parse_into(ctx, &e, pm_new(implicit_anchor, strlen(implicit_anchor)), text,
                    strlen(text), true);
  } else {
    Str t = str_trim(str_z(text));
    const char *open = memchr(t.s, '(', t.n);
    if (!open || open == t.s || t.s[t.n - 1] != ')') {
      err_line(&e, "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
                   "'builtin.module(...)'");
    } else {
      Str name = str_trim((Str){t.s, (size_t)(open - t.s)});
      pl = parse_into(ctx, &e, pm_new(name.s, name.n), open + 1,
                      (size_t)(t.s + t.n - 1 - (open + 1)), false);
    }
  }
  err_flush(&e);
  return pl;
}

void rw_pipeline_free(RwPipeline *pl) {
  if (!pl) return;
  pm_free(pl->root);
  free(pl);
}

/* ======================================================================== */
/* Running                                                                  */
/* ======================================================================== */
static bool run_pm(RwState *s, Pm *pm, IrOp *op);

/* Whether `pm` can run on `op` (OpPassManagerImpl::canScheduleOn). */
static bool pm_can_schedule(Pm *pm, IrOp *op) {
  if (pm->anchor) return !strcmp(pm->anchor, op->info->name);
  if (op->info->traits & IR_TRAIT_UNREGISTERED) return false;
  return pm_can_schedule_name(ir_op_context(op), pm, op->info->name);
}

/* Set by rw_pass_preserved_all while a pass runs on this thread. */
static _Thread_local bool pass_preserved_all;

void rw_pass_preserved_all(void) { pass_preserved_all = true; }

/* OpToOpPassAdaptor::run: one pass (or adaptor) on one op, then verify:
 * not after an adaptor (its nested ops were verified after their own
 * passes), and, as MLIR skips the verifier when a pass preserved all
 * analyses, not after a pass that reported it changed nothing (the op
 * verified before it ran).  A pass that runs a pipeline of its own keeps
 * its report: the flag is saved around each pass. */
static bool run_elem(RwState *s, PmElem *e, IrOp *op) {
  if (op->info->traits & IR_TRAIT_UNREGISTERED)
    return ir_op_error(op, "trying to schedule a pass on an unregistered operation");
  if (!(op->info->traits & IR_TRAIT_ISOLATED_FROM_ABOVE))
    return ir_op_error(op, "trying to schedule a pass on an operation not marked as "
                           "'IsolatedFromAbove'");
  if (e->pass && !pass_can_schedule(e->pass, op->info->name))
    return ir_op_error(op, "trying to schedule a pass on an unsupported operation");
  bool ok = true;
  if (e->pass) {
    if (s->have_instr && s->instr.before_pass) s->instr.before_pass(s->instr.user, e->pass, op);
    bool outer = pass_preserved_all;
    pass_preserved_all = false;
    ok = e->pass->run(op, e->options);
    bool preserved = pass_preserved_all;
    pass_preserved_all = outer;
    if (ok && s->verify_each && !preserved) ok = ir_verify(op);
    if (s->have_instr && s->instr.after_pass) s->instr.after_pass(s->instr.user, e->pass, op, !ok);
    return ok;
  }
  for (uint32_t r = 0; r < op->nregions && ok; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b && ok; b = b->next)
      for (IrOp *o = b->first, *n; o && ok; o = n) {
        n = o->next;
        for (size_t i = 0; i < e->mgrs.len; i++)
          if (pm_can_schedule(e->mgrs.data[i], o)) {
            ok = run_pm(s, e->mgrs.data[i], o);
            break;
          }
      }
  return ok;
}

static bool run_pm(RwState *s, Pm *pm, IrOp *op) {
  for (size_t i = 0; i < pm->elems.len; i++)
    if (!run_elem(s, &pm->elems.data[i], op)) return false;
  return true;
}

bool rw_pipeline_run(RwPipeline *pl, IrOp *root) {
  if (pl->root->anchor && strcmp(pl->root->anchor, root->info->name)) {
    ir_error(pl->ctx, ir_op_loc(root), "can't run '%s' pass manager on '%s' op", pl->root->anchor,
             root->info->name);
    return false;
  }
  return run_pm(rw_state(pl->ctx), pl->root, root);
}

bool rw_run_pipeline(IrContext *ctx, IrOp *root, const char *pipeline) {
  Str t = str_trim(str_z(pipeline));
  size_t i = 0;
  while (i < t.n && t.s[i] != '(' && t.s[i] != ',' && t.s[i] != '{') i++;
  bool wrapped = i < t.n && t.s[i] == '(' && t.s[t.n - 1] == ')';
  RwPipeline *pl = rw_pipeline_parse(ctx, pipeline, wrapped ? NULL : root->info->name);
  if (!pl) return false;
  bool ok = rw_pipeline_run(pl, root);
  rw_pipeline_free(pl);
  return ok;
}

/* ======================================================================== */
/* Printing                                                                 */
/* ======================================================================== */
static void print_elems(const Pm *pm, StrBuf *out) {
  for (size_t i = 0; i < pm->elems.len; i++) {
    const PmElem *e = &pm->elems.data[i];
    if (i) sb_putc(out, ',');
    if (e->pass) {
      sb_puts(out, e->pass->name);
      if (e->options) sb_printf(out, "{%s}", e->options);
      continue;
    }
    for (size_t k = 0; k < e->mgrs.len; k++) {
      if (k) sb_putc(out, ',');
      sb_printf(out, "%s(", anchor_name(e->mgrs.data[k]));
      print_elems(e->mgrs.data[k], out);
      sb_putc(out, ')');
    }
  }
}

void rw_pipeline_print(const RwPipeline *pl, StrBuf *out) {
  sb_printf(out, "%s(", anchor_name(pl->root));
  print_elems(pl->root, out);
  sb_putc(out, ')');
}
