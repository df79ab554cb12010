/* verify_diag.c — the -verify-diagnostics engine (MLIR's
 * SourceMgrDiagnosticVerifierHandler, reproduced).
 *
 * Designators are comments of the form
 *     expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$
 * found anywhere on a line (the line is right-trimmed first).  The text is
 * a plain substring of the expected message; with `-re`, `{{…}}` blocks
 * inside it are POSIX extended regexes and the rest is literal.  A designator
 * applies to its own line, to an offset line (@+N / @-N), to the nearest
 * earlier non-designator line (@above), to the next non-designator line
 * (@below; the chunk's line count if none follows), or to diagnostics with
 * no file location (@unknown).
 *
 * Each emitted diagnostic, and separately each of its notes, must match a
 * designator of the same severity on the line of its first file location;
 * a designator may match any number of diagnostics.  Mismatches print as
 * MLIR prints them: "unexpected error: <msg>" at the diagnostic, "'warning'
 * diagnostic emitted when expecting a 'error'" at the designator, and at the
 * end "expected error "<text>" was not produced" for unmatched designators,
 * each with the designator's line and a caret/tilde range under it. */
#include "tool/tool.h"

#include <ctype.h>
#include <regex.h>

#define KIND_COUNT 4
static const char *const kind_names[KIND_COUNT] = {"error", "note", "remark", "warning"};
static const IrSeverity kind_sev[KIND_COUNT] = {IR_SEV_ERROR, IR_SEV_NOTE, IR_SEV_REMARK,
                                                IR_SEV_WARNING};

void tool_verifier_init(ToolVerifier *v, ToolSourceMgr *sm, StrBuf *out,
                        bool only_expected) {
  memset(v, 0, sizeof *v);
  v->sm = sm;
  v->out = out;
  v->only_expected = only_expected;
  v->ok = true;
}

static void free_expected(ToolExpected *e) {
  if (e->regex) {
    regfree(e->regex);
    free(e->regex);
  }
}

void tool_verifier_free(ToolVerifier *v) {
  for (size_t i = 0; i < v->files.len; i++) {
    ToolExpectedFile *f = v->files.data[i];
    for (size_t j = 0; j < f->exp.len; j++) free_expected(&f->exp.data[j]);
    vec_free(&f->exp);
    free(f->name);
    free(f);
  }
  for (size_t j = 0; j < v->unknown.len; j++) free_expected(&v->unknown.data[j]);
  vec_free(&v->files);
  vec_free(&v->unknown);
}

/* The designator list for `name`, created when `create`. */
static ToolExpectedFile *file_for(ToolVerifier *v, const char *name, bool create) {
  for (size_t i = 0; i < v->files.len; i++)
    if (!strcmp(v->files.data[i]->name, name)) return v->files.data[i];
  if (!create) return NULL;
  ToolExpectedFile *f = xcalloc(1, sizeof *f);
  f->name = xstrndup(name, strlen(name));
  vec_push(&v->files, f);
  return f;
}

/* Reports `msg` at the designator (ExpectedDiag::emitError): a '~' range as
 * long as the expected text, starting at "expected-". */
static void report_at(ToolVerifier *v, const ToolExpected *e, const char *msg,
                      bool with_range) {
  if (e->unknown_loc) tool_print_message(v->out, NULL, NULL, IR_SEV_ERROR, msg, 0);
  else tool_print_message(v->out, e->src, e->at, IR_SEV_ERROR, msg,
                          with_range ? e->text_len : 0);
  v->ok = false;
}

/* ---- designator syntax ---------------------------------------------------- */

typedef struct Designator {
  const char *at;         /* "expected-" */
  int kind;               /* index into kind_names */
  bool re;
  char where;             /* 0 none, '+', '-', 'a'bove, 'b'elow, 'u'nknown */
  unsigned offset;
  const char *text;
  size_t text_len;
} Designator;

/* Matches the designator regex at `p` (a candidate "expected-" inside the
 * trimmed line [line, end)).  `{{(.*)}}$` makes the text run to the final
 * "}}" of the line. */
static bool match_at(const char *p, const char *end, Designator *d) {
  const char *q = p + 9; /* strlen("expected-") */
  d->at = p;
  d->kind = -1;
  for (int k = 0; k < KIND_COUNT; k++) {
    size_t n = strlen(kind_names[k]);
    if ((size_t)(end - q) >= n && !memcmp(q, kind_names[k], n)) {
      d->kind = k;
      q += n;
      break;
    }
  }
  if (d->kind < 0) return false;
  d->re = end - q >= 3 && !memcmp(q, "-re", 3);
  if (d->re) q += 3;
  while (q < end && *q == ' ') q++;
  d->where = 0;
  d->offset = 0;
  if (q < end && *q == '@') {
    q++;
    if (q < end && (*q == '+' || *q == '-')) {
      d->where = *q++;
      const char *digits = q;
      while (q < end && *q >= '0' && *q <= '9') q++;
      if (q == digits) return false;
      /* StringRef::getAsInteger(0, …): a leading 0 means octal; a malformed
       * number leaves the offset at 0. */
      unsigned base = digits[0] == '0' && q - digits > 1 ? 8 : 10, val = 0;
      bool bad = false;
      for (const char *c = digits; c < q; c++) {
        unsigned dg = (unsigned)(*c - '0');
        if (dg >= base) bad = true;
        val = val * base + dg;
      }
      d->offset = bad ? 0 : val;
    } else {
      static const char *const words[] = {"above", "below", "unknown"};
      size_t w = 0;
      for (; w < 3; w++) {
        size_t n = strlen(words[w]);
        if ((size_t)(end - q) >= n && !memcmp(q, words[w], n)) {
          q += n;
          break;
        }
      }
      if (w == 3) return false;
      d->where = words[w][0];
    }
    while (q < end && *q == ' ') q++;
  }
  if (end - q < 4 || q[0] != '{' || q[1] != '{' || end[-1] != '}' || end[-2] != '}')
    return false;
  d->text = q + 2;
  d->text_len = (size_t)(end - 2 - d->text);
  return true;
}

/* The leftmost designator on the line, if any (regex search semantics). */
static bool find_designator(const char *line, const char *end, Designator *d) {
  while (end > line && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' ||
                        end[-1] == '\v' || end[-1] == '\f' || end[-1] == '\r'))
    end--;
  for (const char *p = line; end - p >= 9; p++) {
    p = memchr(p, 'e', (size_t)(end - p));
    if (!p || end - p < 9) return false;
    if (!memcmp(p, "expected-", 9) && match_at(p, end, d)) return true;
  }
  return false;
}

/* Escapes the ERE metacharacters of a literal piece (llvm::Regex::escape). */
static void regex_escape(StrBuf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (strchr("()^$|*+?.[]\\{}", s[i])) sb_putc(b, '\\');
    sb_putc(b, s[i]);
  }
}

/* ---- llvm::Regex syntax ------------------------------------------------------
 * MLIR validates each {{re}} with llvm::Regex (Henry Spencer's ERE engine)
 * and reports its message; glibc's regcomp accepts and rejects other texts
 * with other words.  LlvmRe follows Spencer's parser (p_ere, p_ere_exp,
 * p_bracket, p_count) to find the first error, and on success writes the
 * same regex in glibc's ERE dialect: `{` not followed by a digit is a
 * literal, `\c` is c itself, [[:<:]] / [[:>:]] are word boundaries. */
enum {
  LRE_OK, LRE_ECOLLATE, LRE_ECTYPE, LRE_EESCAPE, LRE_ESUBREG, LRE_EBRACK, LRE_EPAREN,
  LRE_EBRACE, LRE_BADBR, LRE_ERANGE, LRE_BADRPT, LRE_EMPTY
};
static const char *const lre_msgs[] = {
    "", "invalid collating element", "invalid character class", "trailing backslash (\\)",
    "invalid backreference number", "brackets ([ ]) not balanced", "parentheses not balanced",
    "braces not balanced", "invalid repetition count(s)", "invalid character range",
    "repetition-operator operand invalid", "empty (sub)expression"};

typedef struct LlvmRe {
  const char *s, *end;
  int err;
  unsigned nsub;
  bool closed[10];  /* groups 1..9 closed so far (for back-references) */
  StrBuf *out;
} LlvmRe;

static bool lre_more(const LlvmRe *r) { return !r->err && r->s < r->end; }
static bool lre_more2(const LlvmRe *r) { return !r->err && r->s + 1 < r->end; }
static void lre_set(LlvmRe *r, int e) {
  if (!r->err) r->err = e;
}
static bool lre_digit(char c) { return c >= '0' && c <= '9'; }
/* One literal character in glibc ERE. */
static void lre_lit(LlvmRe *r, char c) {
  if (strchr("()^$|*+?.[]\\{}", c)) sb_putc(r->out, '\\');
  sb_putc(r->out, c);
}

/* p_count: 1-3 digits up to DUPMAX (255). */
static int lre_count(LlvmRe *r) {
  int count = 0, nd = 0;
  while (lre_more(r) && lre_digit(*r->s) && count <= 255) {
    count = count * 10 + (*r->s++ - '0');
    nd++;
  }
  if (!(nd > 0 && count <= 255)) lre_set(r, LRE_BADBR);
  return count;
}

/* p_b_coll_elem for `[.x.]` / `[=x=]`: one character (named collating
 * elements are not supported: "invalid collating element"). */
static void lre_coll_elem(LlvmRe *r, char endc) {
  const char *sp = r->s;
  while (r->s < r->end && !(r->s + 1 < r->end && r->s[0] == endc && r->s[1] == ']')) r->s++;
  if (r->s >= r->end) {
    lre_set(r, LRE_EBRACK);
    return;
  }
  if (r->s - sp != 1) lre_set(r, LRE_ECOLLATE);
}

/* p_bracket, after `[` (copied through: glibc reads bracket expressions
 * alike). */
static void lre_bracket(LlvmRe *r) {
  const char *start = r->s - 1;
  if (r->end - r->s >= 6 && (!memcmp(r->s, "[:<:]]", 6) || !memcmp(r->s, "[:>:]]", 6))) {
    sb_puts(r->out, r->s[2] == '<' ? "\\<" : "\\>");
    r->s += 6;
    return;
  }
  if (lre_more(r) && *r->s == '^') r->s++;
  if (lre_more(r) && (*r->s == ']' || *r->s == '-')) r->s++;
  while (lre_more(r) && *r->s != ']' && !(r->s + 1 < r->end && r->s[0] == '-' && r->s[1] == ']')) {
    /* p_b_term */
    char c = 0;
    if (*r->s == '[') c = r->s + 1 < r->end ? r->s[1] : 0;
    else if (*r->s == '-') {
      lre_set(r, LRE_ERANGE);
      return;
    }
    if (c == ':') {
      r->s += 2;
      if (!lre_more(r)) return lre_set(r, LRE_EBRACK);
      if (*r->s == '-' || *r->s == ']') return lre_set(r, LRE_ECTYPE);
      const char *cs = r->s;
      while (r->s < r->end && isalpha((unsigned char)*r->s)) r->s++;
      static const char *const classes[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                            "lower", "print", "punct", "space", "upper", "xdigit"};
      bool known = false;
      for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        known = known || ((size_t)(r->s - cs) == strlen(classes[i]) &&
                          !memcmp(cs, classes[i], (size_t)(r->s - cs)));
      if (!known) return lre_set(r, LRE_ECTYPE);
      if (!lre_more(r)) return lre_set(r, LRE_EBRACK);
      if (!(r->s + 1 < r->end && r->s[0] == ':' && r->s[1] == ']')) return lre_set(r, LRE_ECTYPE);
      r->s += 2;
    } else if (c == '=') {
      r->s += 2;
      if (!lre_more(r)) return lre_set(r, LRE_EBRACK);
      if (*r->s == '-' || *r->s == ']') return lre_set(r, LRE_ECOLLATE);
      lre_coll_elem(r, '=');
      if (r->err) return;
      if (!lre_more(r)) return lre_set(r, LRE_EBRACK);
      r->s += 2;
    } else {
      /* p_b_symbol, then an optional range */
      unsigned char lo, hi;
      if (r->s + 1 < r->end && r->s[0] == '[' && r->s[1] == '.') {
        r->s += 2;
        const char *cs = r->s;
        lre_coll_elem(r, '.');
        if (r->err) return;
        lo = (unsigned char)*cs;
        r->s += 2;
      } else {
        lo = (unsigned char)*r->s++;
      }
      hi = lo;
      if (lre_more(r) && *r->s == '-' && lre_more2(r) && r->s[1] != ']') {
        r->s++;
        if (lre_more(r) && *r->s == '-') {
          r->s++;
          hi = '-';
        } else if (!lre_more(r)) {
          return lre_set(r, LRE_EBRACK);
        } else {
          hi = (unsigned char)*r->s++;
        }
      }
      if (lo > hi) return lre_set(r, LRE_ERANGE);
    }
  }
  if (lre_more(r) && *r->s == '-') r->s++;
  if (!lre_more(r) || *r->s != ']') return lre_set(r, LRE_EBRACK);
  r->s++;
  sb_putn(r->out, start, (size_t)(r->s - start));
}

static void lre_ere(LlvmRe *r, char stop);

/* p_ere_exp: one atom and at most one repetition. */
static void lre_exp(LlvmRe *r) {
  char c = *r->s++;
  bool wascaret = false;
  switch (c) {
  case '(': {
    if (!lre_more(r)) return lre_set(r, LRE_EPAREN);
    unsigned sub = ++r->nsub;
    sb_putc(r->out, '(');
    if (*r->s != ')') lre_ere(r, ')');
    if (sub < 10) r->closed[sub] = true;
    if (!lre_more(r) || *r->s != ')') return lre_set(r, LRE_EPAREN);
    r->s++;
    sb_putc(r->out, ')');
    break;
  }
  case ')':
    return lre_set(r, LRE_EPAREN);
  case '^':
    sb_putc(r->out, '^');
    wascaret = true;
    break;
  case '$':
  case '.':
    sb_putc(r->out, c);
    break;
  case '|':
    return lre_set(r, LRE_EMPTY);
  case '*':
  case '+':
  case '?':
    return lre_set(r, LRE_BADRPT);
  case '[':
    lre_bracket(r);
    break;
  case '\\':
    if (!lre_more(r)) return lre_set(r, LRE_EESCAPE);
    c = *r->s++;
    if (c >= '1' && c <= '9') {
      if (!r->closed[c - '0']) return lre_set(r, LRE_ESUBREG);
      /* kept as written: in the whole pattern it counts the `(...)` put
       * around each piece too, as in MLIR's (see compile_regex) */
      sb_putc(r->out, '\\');
      sb_putc(r->out, c);
    } else {
      lre_lit(r, c);
    }
    break;
  case '{':
    if (lre_more(r) && lre_digit(*r->s)) return lre_set(r, LRE_BADRPT);
    lre_lit(r, c);
    break;
  default:
    lre_lit(r, c);
    break;
  }
  if (!lre_more(r)) return;
  c = *r->s;
  if (!(c == '*' || c == '+' || c == '?' || (c == '{' && lre_more2(r) && lre_digit(r->s[1]))))
    return;
  r->s++;
  if (wascaret) return lre_set(r, LRE_BADRPT);
  if (c == '{') {
    const char *from = r->s - 1;
    int n1 = lre_count(r);
    if (lre_more(r) && *r->s == ',') {
      r->s++;
      if (lre_more(r) && lre_digit(*r->s)) {
        int n2 = lre_count(r);
        if (n1 > n2) lre_set(r, LRE_BADBR);
      }
    }
    if (r->err) return;
    if (!lre_more(r) || *r->s != '}') {
      while (lre_more(r) && *r->s != '}') r->s++;
      return lre_set(r, r->s < r->end ? LRE_BADBR : LRE_EBRACE);
    }
    r->s++;
    sb_putn(r->out, from, (size_t)(r->s - from));
  } else {
    sb_putc(r->out, c);
  }
  if (!lre_more(r)) return;
  c = *r->s;
  if (c == '*' || c == '+' || c == '?' || (c == '{' && lre_more2(r) && lre_digit(r->s[1])))
    lre_set(r, LRE_BADRPT);
}

/* p_ere: branches separated by `|`, none empty, up to `stop`. */
static void lre_ere(LlvmRe *r, char stop) {
  for (;;) {
    size_t before = r->out->len;
    while (lre_more(r) && *r->s != '|' && *r->s != stop) lre_exp(r);
    if (r->err) return;
    if (r->out->len == before) return lre_set(r, LRE_EMPTY);
    if (!lre_more(r) || *r->s != '|') return;
    r->s++;
    sb_putc(r->out, '|');
  }
}

/* llvm::Regex(re).isValid: NULL, with the glibc form of re appended to
 * out, or LLVM's message. */
static const char *llvm_regex_check(const char *re, size_t n, StrBuf *out) {
  LlvmRe r = {.s = re, .end = re + n, .out = out};
  lre_ere(&r, 0);
  if (!r.err && r.s < r.end) r.err = LRE_EPAREN; /* a stray ')' at the top */
  return r.err ? lre_msgs[r.err] : NULL;
}

/* Compiles the `-re` text: literal pieces escaped, each {{re}} as (re).
 * Reports MLIR's errors at the designator and returns false. */
static bool compile_regex(ToolVerifier *v, ToolExpected *e) {
  StrBuf pat = {0}, msg = {0};
  const char *s = e->text, *end = e->text + e->text_len;
  bool ok = true;
  while (s < end) {
    const char *open = NULL;
    for (const char *p = s; p + 1 < end; p++)
      if (p[0] == '{' && p[1] == '{') { open = p; break; }
    if (!open) {
      regex_escape(&pat, s, (size_t)(end - s));
      break;
    }
    regex_escape(&pat, s, (size_t)(open - s));
    s = open + 2;
    const char *close = NULL;
    for (const char *p = s; p + 1 < end; p++)
      if (p[0] == '}' && p[1] == '}') { close = p; break; }
    if (!close) {
      report_at(v, e, "found start of regex with no end '}}'", true);
      ok = false;
      break;
    }
    StrBuf piece = {0};
    const char *err = llvm_regex_check(s, (size_t)(close - s), &piece);
    if (err) {
      sb_printf(&msg, "invalid regex: %s", err);
      report_at(v, e, sb_cstr(&msg), true);
      ok = false;
      sb_free(&piece);
      break;
    }
    sb_putc(&pat, '(');
    sb_putn(&pat, piece.s ? piece.s : "", piece.len);
    sb_putc(&pat, ')');
    sb_free(&piece);
    s = close + 2;
  }
  if (ok) {
    /* Only the pieces are validated (as MLIR does); a whole pattern that
     * does not compile — a back-reference to a group of the `(...)` put
     * around each piece that is still open — matches nothing, as MLIR's
     * invalid llvm::Regex does. */
    e->regex = xmalloc(sizeof(regex_t));
    if (regcomp(e->regex, sb_cstr(&pat), REG_EXTENDED | REG_NOSUB) != 0) {
      free(e->regex);
      e->regex = NULL;
    }
  }
  sb_free(&pat);
  sb_free(&msg);
  return ok;
}

void tool_verifier_scan(ToolVerifier *v, ToolSource *src, const char *begin,
                        size_t len, unsigned line_offset) {
  ToolExpectedFile *f = file_for(v, src->name, true);
  VEC(size_t) below = {0};       /* indices waiting for the next plain line */
  unsigned last_plain = 0;       /* 0-based index of the last plain line */
  unsigned nlines = 1;
  for (size_t i = 0; i < len; i++) nlines += begin[i] == '\n';
  const char *line = begin, *end = begin + len;
  for (unsigned ln = 0; ln < nlines; ln++) {
    const char *eol = memchr(line, '\n', (size_t)(end - line));
    if (!eol) eol = end;
    Designator d;
    if (!find_designator(line, eol, &d)) {
      for (size_t k = 0; k < below.len; k++) f->exp.data[below.data[k]].line = line_offset + ln + 1;
      below.len = 0;
      last_plain = ln;
    } else {
      ToolExpected e = {0};
      e.kind = kind_sev[d.kind];
      e.line = line_offset + ln + 1;
      e.src = src;
      e.at = d.at;
      e.text = d.text;
      e.text_len = d.text_len;
      e.is_regex = d.re;
      e.unknown_loc = d.where == 'u';
      if (!d.re || compile_regex(v, &e)) {
        switch (d.where) {
        case '+': e.line += d.offset; break;
        case '-': e.line -= d.offset; break;
        case 'a': e.line = line_offset + last_plain + 1; break;
        case 'b':
          vec_push(&below, f->exp.len);
          e.line = line_offset + nlines;
          break;
        default: break;
        }
        if (e.unknown_loc) vec_push(&v->unknown, e);
        else vec_push(&f->exp, e);
      }
    }
    line = eol < end ? eol + 1 : end;
  }
  vec_free(&below);
}

/* Scans a file's designators the first time a diagnostic points into it. */
static ToolExpectedFile *expectations_for(ToolVerifier *v, const char *name) {
  ToolExpectedFile *f = file_for(v, name, false);
  if (f) return f;
  ToolSource *src = tool_srcmgr_get(v->sm, name);
  if (!src) return NULL;
  tool_verifier_scan(v, src, src->text, src->len, 0);
  return file_for(v, name, false);
}

static bool expected_matches(const ToolExpected *e, const char *msg) {
  if (e->is_regex) return e->regex && regexec(e->regex, msg, 0, NULL, 0) == 0;
  if (e->text_len == 0) return true;
  char *t = xstrndup(e->text, e->text_len);
  bool hit = strstr(msg, t) != NULL;
  free(t);
  return hit;
}

/* Checks one diagnostic (not its notes). */
static void process_one(ToolVerifier *v, const IrLoc *loc, const char *msg,
                        IrSeverity kind) {
  const IrLoc *fl = ir_loc_find_file(loc);
  ToolExpected *list;
  size_t n;
  if (fl) {
    ToolExpectedFile *f = expectations_for(v, fl->str->str);
    list = f ? f->exp.data : NULL;
    n = f ? f->exp.len : 0;
  } else {
    list = v->unknown.data;
    n = v->unknown.len;
  }
  ToolExpected *near = NULL;
  for (size_t i = 0; i < n; i++) {
    ToolExpected *e = &list[i];
    if (fl && (fl->ints[0] < 0 || (uint64_t)fl->ints[0] != e->line)) continue;
    if (!expected_matches(e, msg)) continue;
    if (e->kind == kind) {
      e->matched = true;
      return;
    }
    near = e;
  }
  if (v->only_expected) return;
  StrBuf m = {0};
  if (near) {
    sb_printf(&m, "'%s' diagnostic emitted when expecting a '%s'", tool_severity_name(kind),
              tool_severity_name(near->kind));
    report_at(v, near, sb_cstr(&m), false);
  } else {
    sb_printf(&m, "unexpected %s: %s", tool_severity_name(kind), msg);
    tool_render_at(v->sm, loc, sb_cstr(&m), IR_SEV_ERROR, true, v->out);
    v->ok = false;
  }
  sb_free(&m);
}

static void process_notes(ToolVerifier *v, const IrDiag *n) {
  for (; n; n = n->next_note) {
    process_one(v, n->loc, sb_cstr((StrBuf *)&n->msg), n->sev);
    process_notes(v, n->notes);
  }
}

void tool_verifier_process(ToolVerifier *v, const IrDiag *d) {
  process_one(v, d->loc, sb_cstr((StrBuf *)&d->msg), d->sev);
  process_notes(v, d->notes);
}

/* Reports an unmatched designator once (marking it, so a second finish
 * does not repeat the report). */
static void check_unmatched(ToolVerifier *v, ToolExpected *e) {
  if (e->matched) return;
  e->matched = true;
  StrBuf m = {0};
  sb_printf(&m, "expected %s \"", tool_severity_name(e->kind));
  sb_putn(&m, e->text, e->text_len);
  sb_puts(&m, "\" was not produced");
  report_at(v, e, sb_cstr(&m), true);
  sb_free(&m);
}

bool tool_verifier_finish(ToolVerifier *v) {
  for (size_t i = 0; i < v->files.len; i++) {
    ToolExpectedFile *f = v->files.data[i];
    for (size_t j = 0; j < f->exp.len; j++) check_unmatched(v, &f->exp.data[j]);
  }
  for (size_t j = 0; j < v->unknown.len; j++) check_unmatched(v, &v->unknown.data[j]);
  return v->ok;
}
