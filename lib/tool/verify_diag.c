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
    char *piece = xstrndup(s, (size_t)(close - s));
    regex_t probe;
    int rc = regcomp(&probe, piece, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
      char err[256];
      regerror(rc, &probe, err, sizeof err);
      sb_printf(&msg, "invalid regex: %s", err);
      report_at(v, e, sb_cstr(&msg), true);
      ok = false;
    } else {
      regfree(&probe);
    }
    free(piece);
    if (!ok) break;
    sb_putc(&pat, '(');
    sb_putn(&pat, s, (size_t)(close - s));
    sb_putc(&pat, ')');
    s = close + 2;
  }
  if (ok) {
    e->regex = xmalloc(sizeof(regex_t));
    if (regcomp(e->regex, sb_cstr(&pat), REG_EXTENDED | REG_NOSUB) != 0) {
      free(e->regex);
      e->regex = NULL;
      report_at(v, e, "invalid regex: malformed pattern", true);
      ok = false;
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
  if (e->is_regex) return regexec(e->regex, msg, 0, NULL, 0) == 0;
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
