/* test_verify_diag.c — unit tests of the tool driver pieces in lib/tool:
 * the -verify-diagnostics engine (designator syntax, line designators,
 * matching, MLIR's exact mismatch messages), LLVM-style source rendering,
 * --split-input-file chunking, diagnostic rendering and command-line
 * parsing.  Diagnostics are built with lib/ir and fed through a context
 * handler, exactly as the driver does. */
#include "unit.h"

#include "tool/tool.h"

/* ---- helpers ------------------------------------------------------------------ */

static ToolVerifier *cur_verifier;

static void verify_handler(void *user, const IrDiag *d) {
  (void)user;
  tool_verifier_process(cur_verifier, d);
}

static const IrLoc *floc(IrContext *ctx, const char *file, int64_t line, int64_t col) {
  return ir_file_loc(ctx, ir_identz(ctx, file), line, col);
}

/* Emits a diagnostic (with an optional note) through the context. */
static void emit(IrContext *ctx, IrSeverity sev, const IrLoc *loc, const char *msg,
                 const IrLoc *note_loc, const char *note) {
  IrDiag *d = ir_diag_new(ctx, sev, loc);
  ir_diag_append(ctx, d, "%s", msg);
  if (note) ir_diag_add_note(ctx, d, note_loc, "%s", note);
  ir_diag_emit(ctx, d);
}

/* A verifier over `text` named f.mlir; the caller ends with done(). */
typedef struct Fixture {
  IrContext *ctx;
  ToolSourceMgr sm;
  ToolVerifier v;
  StrBuf out;
} Fixture;

static void setup(Fixture *f, const char *text, bool only_expected) {
  memset(f, 0, sizeof *f);
  f->ctx = ir_context_create();
  tool_srcmgr_init(&f->sm);
  f->sm.no_disk = true;
  ToolSource *src = tool_srcmgr_add(&f->sm, "f.mlir", text, strlen(text));
  tool_verifier_init(&f->v, &f->sm, &f->out, only_expected);
  tool_verifier_scan(&f->v, src, text, strlen(text), 0);
  cur_verifier = &f->v;
  ir_ctx_set_diag_handler(f->ctx, verify_handler, NULL);
}

static void done(Fixture *f) {
  tool_verifier_free(&f->v);
  tool_srcmgr_free(&f->sm);
  ir_context_destroy(f->ctx);
  sb_free(&f->out);
}

static ToolExpectedFile *file0(Fixture *f) {
  return f->v.files.len ? f->v.files.data[0] : NULL;
}

/* The expected text of designator i as a NUL-terminated string (static). */
static const char *exp_text(const ToolExpected *e) {
  static char buf[256];
  size_t n = e->text_len < sizeof buf - 1 ? e->text_len : sizeof buf - 1;
  memcpy(buf, e->text, n);
  buf[n] = 0;
  return buf;
}

/* ---- designator syntax -------------------------------------------------------- */

static void test_designator_syntax(void) {
  const char *text =
      "op0\n"                                        /* 1 */
      "// expected-error {{same line}}\n"            /* 2 */
      "// expected-warning @+2 {{two below}}\n"      /* 3 */
      "// expected-remark@-3{{three above}}\n"       /* 4 */
      "// expected-note @above {{above me}}\n"       /* 5 */
      "// expected-error @below {{below me}}\n"      /* 6 */
      "op7\n"                                        /* 7 */
      "x // expected-error {{a}} expected-error {{b}}\n" /* 8: leftmost wins */
      "// expected-error {{not at end}} trailing\n"  /* 9: no designator */
      "// expected-errors {{bad kind}}\n"            /* 10: no designator */
      "// expected-error @foo {{bad where}}\n"       /* 11: no designator */
      "// expected-error @+010 {{octal}}   \t\n"     /* 12: trailing ws trimmed */
      "// expected-error\t{{tab}}\n"                 /* 13: tab not allowed */
      "// expected-error {{}}\n"                     /* 14: empty text */
      "// expected-error {{{{x}}}}\n"                /* 15: text "{{x}}" */
      "// expected-error @below {{dangling}}\n";     /* 16 */
  Fixture f;
  setup(&f, text, false);
  ToolExpectedFile *ef = file0(&f);
  CHECK(ef != NULL);
  if (!ef) {
    done(&f);
    return;
  }
  CHECK_EQ_INT(ef->exp.len, 10);
  struct { IrSeverity k; unsigned line; const char *t; } want[] = {
      {IR_SEV_ERROR, 2, "same line"},    {IR_SEV_WARNING, 5, "two below"},
      {IR_SEV_REMARK, 1, "three above"}, {IR_SEV_NOTE, 1, "above me"},
      {IR_SEV_ERROR, 7, "below me"},     {IR_SEV_ERROR, 8, "a}} expected-error {{b"},
      {IR_SEV_ERROR, 20, "octal"},       {IR_SEV_ERROR, 14, ""},
      {IR_SEV_ERROR, 15, "{{x}}"},       {IR_SEV_ERROR, 17, "dangling"},
  };
  for (size_t i = 0; i < ef->exp.len && i < 10; i++) {
    CHECK_EQ_INT(ef->exp.data[i].kind, want[i].k);
    CHECK_EQ_INT(ef->exp.data[i].line, want[i].line);
    CHECK_STREQ(exp_text(&ef->exp.data[i]), want[i].t);
  }
  CHECK_EQ_INT(f.v.unknown.len, 0);
  done(&f);
}

static void test_line_offset_and_unknown(void) {
  /* A chunk starting on line 11 of the file. */
  const char *text = "\n// expected-error @+1 {{x}}\nop\n// expected-warning @unknown {{u}}\n";
  Fixture f;
  setup(&f, "", false);
  ToolSource *src = tool_srcmgr_add(&f.sm, "g.mlir", text, strlen(text));
  tool_verifier_scan(&f.v, src, text, strlen(text), 10);
  CHECK_EQ_INT(f.v.files.len, 2);
  ToolExpectedFile *g = f.v.files.len == 2 ? f.v.files.data[1] : NULL;
  CHECK(g && g->exp.len == 1 && g->exp.data[0].line == 13);
  CHECK_EQ_INT(f.v.unknown.len, 1);
  /* The unknown-location designator matches a diagnostic without a file. */
  emit(f.ctx, IR_SEV_WARNING, ir_unknown_loc(f.ctx), "uuu", NULL, NULL);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "g.mlir", 13, 1), "xx", NULL, NULL);
  CHECK(tool_verifier_finish(&f.v));
  CHECK_STREQ(sb_cstr(&f.out), "");
  done(&f);
}

/* ---- matching and messages ----------------------------------------------------- */

static void test_all_matched(void) {
  const char *text =
      "  %0 = op\n"
      "// expected-error @-1 {{bad op}}\n"
      "// expected-note @-2 {{see here}}\n"
      "// expected-remark @-3 {{twice}}\n";
  Fixture f;
  setup(&f, text, false);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 1, 3), "'x.op' op bad op indeed",
       floc(f.ctx, "f.mlir", 1, 8), "see here please");
  /* one designator may match several diagnostics */
  emit(f.ctx, IR_SEV_REMARK, floc(f.ctx, "f.mlir", 1, 3), "twice", NULL, NULL);
  emit(f.ctx, IR_SEV_REMARK, floc(f.ctx, "f.mlir", 1, 3), "twice", NULL, NULL);
  CHECK(tool_verifier_finish(&f.v));
  CHECK_STREQ(sb_cstr(&f.out), "");
  done(&f);
}

static void test_unexpected(void) {
  const char *text = "op1\n  op2 here\n";
  Fixture f;
  setup(&f, text, false);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 2, 3), "boom", NULL, NULL);
  CHECK_STREQ(sb_cstr(&f.out),
              "f.mlir:2:3: error: unexpected error: boom\n"
              "  op2 here\n"
              "  ^\n");
  sb_clear(&f.out);
  /* Notes are checked on their own. */
  emit(f.ctx, IR_SEV_WARNING, floc(f.ctx, "f.mlir", 1, 1), "w", floc(f.ctx, "f.mlir", 1, 2),
       "n");
  CHECK_STREQ(sb_cstr(&f.out),
              "f.mlir:1:1: error: unexpected warning: w\n"
              "op1\n"
              "^\n"
              "f.mlir:1:2: error: unexpected note: n\n"
              "op1\n"
              " ^\n");
  sb_clear(&f.out);
  /* No file location: "<unknown>:0:". */
  emit(f.ctx, IR_SEV_ERROR, ir_unknown_loc(f.ctx), "lost", NULL, NULL);
  CHECK_STREQ(sb_cstr(&f.out), "<unknown>:0: error: unexpected error: lost\n");
  sb_clear(&f.out);
  /* A file location whose line is not in the buffer: no source line. */
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 40, 2), "far", NULL, NULL);
  CHECK_STREQ(sb_cstr(&f.out), "f.mlir:40:2: error: unexpected error: far\n");
  CHECK(!tool_verifier_finish(&f.v));
  done(&f);
}

static void test_not_produced(void) {
  const char *text = "op\n\t// expected-error@-1 {{never}}\n// expected-warning {{a very long text}}\n";
  Fixture f;
  setup(&f, text, false);
  CHECK(!tool_verifier_finish(&f.v));
  /* The range covers as many columns as the text, starting at "expected-";
   * tabs in the line are expanded to 8 columns. */
  CHECK_STREQ(sb_cstr(&f.out),
              "f.mlir:2:5: error: expected error \"never\" was not produced\n"
              "        // expected-error@-1 {{never}}\n"
              "           ^~~~~\n"
              "f.mlir:3:4: error: expected warning \"a very long text\" was not produced\n"
              "// expected-warning {{a very long text}}\n"
              "   ^~~~~~~~~~~~~~~~\n");
  /* A second finish does not report again. */
  sb_clear(&f.out);
  CHECK(!tool_verifier_finish(&f.v));
  CHECK_STREQ(sb_cstr(&f.out), "");
  done(&f);
}

static void test_near_miss_and_only_expected(void) {
  const char *text = "op // expected-error {{mixed}}\n";
  Fixture f;
  setup(&f, text, false);
  emit(f.ctx, IR_SEV_WARNING, floc(f.ctx, "f.mlir", 1, 1), "mixed up", NULL, NULL);
  CHECK_STREQ(sb_cstr(&f.out),
              "f.mlir:1:7: error: 'warning' diagnostic emitted when expecting a 'error'\n"
              "op // expected-error {{mixed}}\n"
              "      ^\n");
  done(&f);

  setup(&f, text, true);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 1, 1), "something else", NULL, NULL);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 1, 1), "all mixed", NULL, NULL);
  CHECK(tool_verifier_finish(&f.v));
  CHECK_STREQ(sb_cstr(&f.out), "");
  done(&f);
}

static void test_regex(void) {
  const char *text =
      "op\n"
      "// expected-error-re @-1 {{value {{[0-9]+}} (out) of range}}\n"
      "// expected-error-re @-2 {{unterminated {{abc}}\n"
      "// expected-error-re @-3 {{bad {{a(}} x}}\n";
  Fixture f;
  setup(&f, text, false);
  /* The malformed patterns are reported while scanning. */
  CHECK(strstr(sb_cstr(&f.out),
               "f.mlir:3:4: error: found start of regex with no end '}}'\n") != NULL);
  CHECK(strstr(sb_cstr(&f.out), "f.mlir:4:4: error: invalid regex: ") != NULL);
  CHECK(!f.v.ok);
  ToolExpectedFile *ef = file0(&f);
  CHECK(ef && ef->exp.len == 1);
  sb_clear(&f.out);
  /* Literal parts are escaped: "(out)" must appear verbatim. */
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 1, 1), "value 42 out of range", NULL, NULL);
  CHECK(strstr(sb_cstr(&f.out), "unexpected error: value 42 out of range") != NULL);
  sb_clear(&f.out);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "f.mlir", 1, 1), "a value 42 (out) of range!", NULL,
       NULL);
  CHECK_STREQ(sb_cstr(&f.out), "");
  CHECK(ef && ef->exp.len == 1 && ef->exp.data[0].matched);
  done(&f);
}

/* A diagnostic in another file (read from disk when it exists): no
 * designators there, so it is unexpected. */
static void test_other_file(void) {
  Fixture f;
  setup(&f, "op\n", false);
  emit(f.ctx, IR_SEV_ERROR, floc(f.ctx, "/nonexistent/x.py", 3, 4), "elsewhere", NULL, NULL);
  CHECK_STREQ(sb_cstr(&f.out), "/nonexistent/x.py:3:4: error: unexpected error: elsewhere\n");
  done(&f);
}

/* ---- source rendering ---------------------------------------------------------- */

static void test_print_message(void) {
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  const char *text = "a\tbc\n\xc3\xa9t\xc3\xa9\nlast";
  ToolSource *src = tool_srcmgr_add(&sm, "t.mlir", text, strlen(text));
  StrBuf b = {0};
  tool_print_message(&b, src, text + 2, IR_SEV_WARNING, "w", 2);
  CHECK_STREQ(sb_cstr(&b), "t.mlir:1:3: warning: w\na       bc\n        ^~\n");
  sb_clear(&b);
  /* non-ASCII line: no caret line */
  tool_print_message(&b, src, text + 5, IR_SEV_NOTE, "n", 0);
  CHECK_STREQ(sb_cstr(&b), "t.mlir:2:1: note: n\n\xc3\xa9t\xc3\xa9\n");
  sb_clear(&b);
  /* caret past the end of the last line (no trailing newline) */
  tool_print_message(&b, src, text + strlen(text), IR_SEV_ERROR, "e", 0);
  CHECK_STREQ(sb_cstr(&b), "t.mlir:3:5: error: e\nlast\n    ^\n");
  sb_clear(&b);
  tool_print_message(&b, NULL, NULL, IR_SEV_REMARK, "r", 0);
  CHECK_STREQ(sb_cstr(&b), "<unknown>:0: remark: r\n");
  sb_free(&b);
  CHECK(tool_source_find(src, 3, 5) == text + strlen(text));
  CHECK(tool_source_find(src, 3, 6) == NULL);
  CHECK(tool_source_find(src, 1, 6) == NULL); /* would cross the newline */
  CHECK(tool_source_find(src, 4, 1) == NULL);
  unsigned line, col;
  tool_source_line_col(src, text + 11, &line, &col);
  CHECK(line == 3 && col == 1);
  tool_srcmgr_free(&sm);
}

static void noop_handler(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
}

static void test_render(void) {
  IrContext *ctx = ir_context_create();
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  sm.no_disk = true;
  const char *text = "first\nsecond\n";
  tool_srcmgr_add(&sm, "r.mlir", text, strlen(text));
  StrBuf out = {0};
  IrDiag *d = ir_diag_new(ctx, IR_SEV_ERROR, floc(ctx, "r.mlir", 2, 2));
  ir_diag_append(ctx, d, "msg %d", 7);
  ir_diag_add_note(ctx, d, floc(ctx, "r.mlir", 2, 2), "same place");
  ir_diag_add_note(ctx, d, floc(ctx, "r.mlir", 1, 1), "elsewhere");
  ir_diag_add_note(ctx, d, floc(ctx, "r.mlir", 1, 1), "again");
  tool_render_diag(&sm, d, &out);
  CHECK_STREQ(sb_cstr(&out),
              "r.mlir:2:2: error: msg 7\n"
              "second\n"
              " ^\n"
              "r.mlir:2:2: note: same place\n"
              "r.mlir:1:1: note: elsewhere\n"
              "first\n"
              "^\n"
              "r.mlir:1:1: note: again\n");
  ir_ctx_set_diag_handler(ctx, noop_handler, NULL);
  ir_diag_emit(ctx, d); /* frees */
  sb_clear(&out);
  /* call-site: shown at the callee, then "called from" the callers */
  const IrLoc *cs = ir_callsite_loc(ctx, floc(ctx, "r.mlir", 1, 2),
                                    ir_callsite_loc(ctx, floc(ctx, "r.mlir", 2, 1),
                                                    floc(ctx, "other.py", 9, 9)));
  IrDiag *c = ir_diag_new(ctx, IR_SEV_REMARK, cs);
  ir_diag_append(ctx, c, "inlined");
  tool_render_diag(&sm, c, &out);
  CHECK_STREQ(sb_cstr(&out),
              "r.mlir:1:2: remark: inlined\n"
              "first\n"
              " ^\n"
              "r.mlir:2:1: note: called from\n"
              "second\n"
              "^\n"
              "other.py:9:9: note: called from\n");
  sb_free(&out);
  ir_diag_emit(ctx, c);
  tool_srcmgr_free(&sm);
  ir_context_destroy(ctx);
}

/* ---- --split-input-file ------------------------------------------------------- */

static size_t split(const char *text, const char *marker, ToolChunk **chunks, StrBuf *diag) {
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  ToolSource *src = tool_srcmgr_add(&sm, "s.mlir", text, strlen(text));
  size_t n = 0;
  *chunks = tool_split_input(src, marker, &n, diag);
  tool_srcmgr_free(&sm);
  return n;
}

static void test_split(void) {
  StrBuf diag = {0};
  ToolChunk *c;
  const char *t1 = "a\n// -----\nb\nc\n// -----\n\nd\n";
  size_t n = split(t1, TOOL_DEFAULT_SPLIT_MARKER, &c, &diag);
  CHECK_EQ_INT(n, 3);
  if (n == 3) {
    CHECK(c[0].text == t1 && c[0].len == 2 && c[0].line_offset == 0);
    CHECK(c[1].text == t1 + 10 && c[1].len == 5 && c[1].line_offset == 1);
    CHECK(c[2].text == t1 + 23 && c[2].len == 4 && c[2].line_offset == 4);
  }
  CHECK_STREQ(sb_cstr(&diag), "");
  free(c);

  /* near misses: too short a marker, a marker followed by '0', a marker at
   * the very end; a longer dash run still splits. */
  const char *t2 = "a\n// ----\nb\n// -----0\nc\n// ------\nd\n// -----";
  n = split(t2, TOOL_DEFAULT_SPLIT_MARKER, &c, &diag);
  CHECK_EQ_INT(n, 2);
  if (n == 2) {
    CHECK(c[0].text == t2 && c[0].line_offset == 0);
    CHECK(c[1].line_offset == 5 && c[1].text[0] == '-');
  }
  CHECK_STREQ(sb_cstr(&diag),
              "s.mlir:2:7: warning: near miss with file split marker\n"
              "// ----\n"
              "      ^\n"
              "s.mlir:4:7: warning: near miss with file split marker\n"
              "// -----0\n"
              "      ^\n"
              "s.mlir:8:7: warning: near miss with file split marker\n"
              "// -----\n"
              "      ^\n");
  free(c);
  sb_clear(&diag);

  n = split("", TOOL_DEFAULT_SPLIT_MARKER, &c, &diag);
  CHECK_EQ_INT(n, 0);
  free(c);
  n = split("x ;; ==== y ;; ==== z", ";; ====", &c, &diag);
  CHECK_EQ_INT(n, 3);
  free(c);
  sb_free(&diag);
}

/* ---- command lines ------------------------------------------------------------ */

typedef struct ClState {
  bool flag, help;
  const char *out, *opt, *en, *pos;
  int passes;
} ClState;

static bool dyn(void *user, const char *name, size_t n, const char *value) {
  (void)value;
  if (n == 3 && !memcmp(name, "cse", 3)) return ++((ClState *)user)->passes, true;
  return false;
}

static bool cl_run(ClState *s, StrBuf *err, int argc, char **argv) {
  static const char *const vals[] = {"all", "only-expected", NULL};
  memset(s, 0, sizeof *s);
  s->out = "-";
  const ToolOpt opts[] = {
      {.name = "allow-unregistered-dialect", .kind = TOOL_OPT_BOOL, .storage = &s->flag},
      {.name = "o", .kind = TOOL_OPT_STRING, .storage = &s->out},
      {.name = "split-input-file", .kind = TOOL_OPT_OPTSTRING, .storage = &s->opt,
       .implicit = "// -----"},
      {.name = "verify-diagnostics", .kind = TOOL_OPT_ENUM, .storage = &s->en,
       .implicit = "all", .values = vals},
      {.name = "help", .kind = TOOL_OPT_HELP, .storage = &s->help},
  };
  ToolCl cl = {.argv0 = "./bin/ctile-opt", .prog = "ctile-opt", .opts = opts, .nopts = 5,
               .dynamic = dyn, .user = s, .positional = &s->pos};
  sb_clear(err);
  return tool_cl_parse(&cl, argc, argv, err);
}

static void test_cl(void) {
  ClState s;
  StrBuf err = {0};
  char *a1[] = {"x", "-allow-unregistered-dialect", "--split-input-file", "-o", "out.mlir",
                "--cse", "in.mlir", "-cse=a=b", "--verify-diagnostics=only-expected"};
  CHECK(cl_run(&s, &err, 9, a1));
  CHECK(s.flag && s.passes == 2);
  CHECK_STREQ(s.out, "out.mlir");
  CHECK_STREQ(s.opt, "// -----");
  CHECK_STREQ(s.pos, "in.mlir");
  CHECK_STREQ(s.en, "only-expected");

  char *a2[] = {"x", "--allow-unregistered-dialect=false", "-o=f", "--split-input-file=;;", "-"};
  CHECK(cl_run(&s, &err, 5, a2));
  CHECK(!s.flag);
  CHECK_STREQ(s.out, "f");
  CHECK_STREQ(s.opt, ";;");
  CHECK_STREQ(s.pos, "-");

  char *a3[] = {"x", "--allow-unregistred-dialect"};
  CHECK(!cl_run(&s, &err, 2, a3));
  CHECK_STREQ(sb_cstr(&err),
              "ctile-opt: Unknown command line argument '--allow-unregistred-dialect'.  Try: "
              "'./bin/ctile-opt --help'\n"
              "ctile-opt: Did you mean '--allow-unregistered-dialect'?\n");

  char *a4[] = {"x", "-o"};
  CHECK(!cl_run(&s, &err, 2, a4));
  CHECK_STREQ(sb_cstr(&err), "ctile-opt: for the -o option: requires a value!\n");

  char *a5[] = {"x", "--allow-unregistered-dialect=maybe"};
  CHECK(!cl_run(&s, &err, 2, a5));
  CHECK_STREQ(sb_cstr(&err),
              "ctile-opt: for the --allow-unregistered-dialect option: 'maybe' is invalid value "
              "for boolean argument! Try 0 or 1\n");

  char *a6[] = {"x", "--verify-diagnostics=some"};
  CHECK(!cl_run(&s, &err, 2, a6));
  CHECK_STREQ(sb_cstr(&err),
              "ctile-opt: for the --verify-diagnostics option: Cannot find option named "
              "'some'!\n");

  char *a7[] = {"x", "a.mlir", "b.mlir"};
  CHECK(!cl_run(&s, &err, 3, a7));
  CHECK_STREQ(sb_cstr(&err),
              "ctile-opt: Too many positional arguments specified!\n"
              "Can specify at most 1 positional arguments: See: ./bin/ctile-opt --help\n");

  char *a8[] = {"x", "-o", "a", "-o", "b"};
  CHECK(!cl_run(&s, &err, 5, a8));
  CHECK_STREQ(sb_cstr(&err), "ctile-opt: for the -o option: may only occur zero or one times!\n");

  char *a9[] = {"x", "--", "-weird-name.mlir"};
  CHECK(cl_run(&s, &err, 3, a9));
  CHECK_STREQ(s.pos, "-weird-name.mlir");

  char *a10[] = {"x", "--help=1"};
  CHECK(!cl_run(&s, &err, 2, a10));
  CHECK_STREQ(sb_cstr(&err),
              "ctile-opt: for the --help option: does not allow a value! '1' specified.\n");
  CHECK_EQ_INT(tool_edit_distance("kitten", 6, "sitting", 7), 3);
  sb_free(&err);
}

/* ---- context options ---------------------------------------------------------- */

static void test_ctx_options(void) {
  IrContext *ctx = ir_context_create();
  CHECK(!tool_ctx_flag(ctx, "Wunsupported-hints", false));
  tool_ctx_set_flag(ctx, "Wunsupported-hints", true);
  tool_ctx_set_flag(ctx, "verify-each", false);
  const IrAttr *opts = ir_ctx_dialect_state(ctx, TOOL_OPTIONS_SLOT);
  CHECK(ir_dict_getz(ctx, opts, "Wunsupported-hints") == ir_bool_attr(ctx, true));
  CHECK(tool_ctx_flag(ctx, "Wunsupported-hints", false));
  CHECK(!tool_ctx_flag(ctx, "verify-each", true));
  CHECK(tool_ctx_flag(ctx, "Werr-hints", true)); /* unset: default */
  ir_context_destroy(ctx);
  CHECK(tool_is_tile_bytecode("\x7FTileIR\0\x0d", 9));
  CHECK(!tool_is_tile_bytecode("\x7ETileIR\0\x0d", 9));
  CHECK(!tool_is_tile_bytecode("\x7FTileIR", 7));
}

UNIT_MAIN {
  test_designator_syntax();
  test_line_offset_and_unknown();
  test_all_matched();
  test_unexpected();
  test_not_produced();
  test_near_miss_and_only_expected();
  test_regex();
  test_other_file();
  test_print_message();
  test_render();
  test_split();
  test_cl();
  test_ctx_options();
}
