/* asm.h — MLIR textual format: the parser (generic syntax plus dispatch to
 * per-op custom-syntax hooks) and the printer (generic and custom forms).
 *
 * The functions below come in two groups: entry points used by tools, and
 * the helper API that dialect hooks (IrOpInfo.parse/print, IrDialect
 * parse_type/parse_attr, IrTypeDef/IrAttrDef print) call — the counterpart
 * of MLIR's OpAsmParser / OpAsmPrinter / DialectAsmParser. */
#ifndef CTILE_ASM_H
#define CTILE_ASM_H

#include "ir/ir.h"

typedef struct AsmParser AsmParser;
typedef struct AsmPrinter AsmPrinter;

/* ======================================================================== */
/* Entry points                                                             */
/* ======================================================================== */

typedef struct AsmParseOptions {
  bool no_implicit_module;  /* don't wrap top-level ops in builtin.module */
  /* Source line offset: when parsing a chunk of a split file, line numbers
   * reported are relative to the whole file (chunk starts at line_offset+1). */
  unsigned line_offset;
  /* 1-based column at which buf starts on its first line (a split chunk
   * starts right after the marker, on the marker's line): columns reported
   * on that line count from there, as MLIR's.  0: taken from the context's
   * ASM_FIRST_COLUMN_STATE (set by a driver that splits), else 1. */
  unsigned first_column;
  /* Memos kept across asm_parse_buffer calls (asm_parse_memo_new; NULL:
   * each parse starts cold).  See AsmParseMemo at the end of this file. */
  struct AsmParseMemo *memo;
} AsmParseOptions;
/* ir_ctx_dialect_state key under which a tool may store, as a uintptr_t, the
 * first_column of the chunk it is about to parse in that context. */
#define ASM_FIRST_COLUMN_STATE "asm.first_column"
/* ir_ctx_dialect_state key under which a tool may store an AsmInputRelease:
 * while parsing, fn(user, upto) is called about every ASM_RELEASE_STEP bytes
 * with a position in the buffer before which the parser expects to read no
 * more (it still may, e.g. for a diagnostic), and once with the buffer's end
 * after parsing.  A tool that mapped its input uses it to hand the pages
 * behind back (they are read again from the file should anything look), so
 * the input and the IR built from it never both count in full. */
#define ASM_INPUT_RELEASE_STATE "asm.input_release"
#define ASM_RELEASE_STEP ((size_t)1 << 20)
typedef struct AsmInputRelease {
  void (*fn)(void *user, const char *upto);
  void *user;
} AsmInputRelease;

/* Parses a whole buffer named `filename` (registered with the context as a
 * diagnostic source).  Returns the top-level op — a builtin.module wrapping
 * the file's ops unless the file is exactly one op that is a builtin.module
 * or no_implicit_module is set (then the single top-level op; more than one
 * is an error).  NULL after reporting errors.  `buf` must be NUL-terminated
 * at buf[len]. */
IrOp *asm_parse_buffer(IrContext *ctx, const char *filename, const char *buf,
                       size_t len, const AsmParseOptions *opts);

typedef struct AsmPrintOptions {
  bool generic;          /* -mlir-print-op-generic */
  bool debuginfo;        /* --mlir-print-debuginfo: print loc(...) */
  bool pretty_debuginfo; /* --mlir-pretty-debuginfo */
  bool local_scope;      /* don't print aliases */
  /* --mlir-elide-elementsattrs-if-larger=N: dense elements attributes with
   * more than N elements (splats excepted) print as
   * `dense_resource<__elided__>`; 0 = never. */
  int64_t elide_elements_limit;
  /* Streaming: when set, asm_print_op_to hands the whole output buffer to
   * sink (and empties it) whenever it holds more than 64 KB at an op
   * boundary, so printing a large module needs no buffer of its size.  Text
   * already in the buffer when printing starts goes first.  What is left at
   * the end stays in the buffer for the caller. */
  void (*sink)(void *user, const char *s, size_t n);
  void *sink_user;
} AsmPrintOptions;

/* Prints op (normally a module) followed by a newline. */
void asm_print_op_to(StrBuf *out, IrOp *op, const AsmPrintOptions *opts);

/* Standalone printing for diagnostics and tools (as MLIR prints them in
 * messages: full "!dialect." prefixes, no aliases). */
void asm_print_type_str(StrBuf *b, const IrType *t);
void asm_print_attr_str(StrBuf *b, const IrAttr *a);
/* A location as diagnostics without a file part show it: `loc(...)`. */
void asm_print_loc(StrBuf *out, const IrLoc *loc);
/* Prints one op as MLIR's Diagnostic::appendOp does for the "see current
 * operation" note: local scope (names numbered from the nearest
 * isolated-from-above ancestor, no aliases), elements attributes larger than
 * 16 elided, generic form when `generic`; no trailing newline. */
void asm_print_op_for_diag(StrBuf *b, IrOp *op, bool generic);
/* Installs these (types and attributes for diagnostics' %T/%A, and the op
 * printer for "see current operation" notes) into the context. */
void asm_install_printers(IrContext *ctx);

/* builtin.module's custom form (`module @name attributes {...} {...}`);
 * the IrOpInfo.print hook of ir_builtin_module_info. */
void asm_builtin_module_print(AsmPrinter *p, IrOp *op);

/* Parses a standalone type / attribute from a string (for tools, tests). */
const IrType *asm_parse_type_str(IrContext *ctx, const char *s, size_t n);
const IrAttr *asm_parse_attr_str(IrContext *ctx, const char *s, size_t n);

/* MLIR float printing (AsmPrinter::printFloatValue): shortest %e form with 6
 * digits that round-trips in the type's semantics, else the full decimal,
 * else hex bits (0x7FC00000).  `kind` gives the semantics. */
void asm_format_float(StrBuf *b, double v, IrFloatKind kind);

/* ======================================================================== */
/* Parser helper API for custom-syntax hooks                                */
/* ======================================================================== */

/* A source position inside the buffer being parsed. */
typedef struct AsmLoc { const char *ptr; } AsmLoc;

IrContext *asm_ctx(AsmParser *p);
AsmLoc asm_cur_loc(AsmParser *p);
const IrLoc *asm_to_ir_loc(AsmParser *p, AsmLoc l);
/* Reports "file:line:col: error: msg" at l; returns false. */
bool asm_error_at(AsmParser *p, AsmLoc l, const char *fmt, ...);
bool asm_error(AsmParser *p, const char *fmt, ...); /* at current token */

/* Punctuation.  Required forms report MLIR's "expected 'x'" on failure. */
typedef enum AsmPunct {
  ASM_LPAREN, ASM_RPAREN, ASM_LSQUARE, ASM_RSQUARE, ASM_LBRACE, ASM_RBRACE,
  ASM_LESS, ASM_GREATER, ASM_COLON, ASM_COMMA, ASM_EQUAL, ASM_ARROW,
  ASM_QUESTION, ASM_STAR, ASM_PLUS, ASM_MINUS, ASM_VBAR, ASM_ELLIPSIS,
  ASM_LPROPS /* "<{" */, ASM_RPROPS /* "}>" */
} AsmPunct;
bool asm_parse_punct(AsmParser *p, AsmPunct k);
bool asm_parse_optional_punct(AsmParser *p, AsmPunct k);
bool asm_peek_punct(AsmParser *p, AsmPunct k);

/* Bare identifiers / keywords (letters, digits, '_', '$', '.'). */
bool asm_parse_keyword(AsmParser *p, const char *kw);          /* "expected 'kw'" */
bool asm_parse_optional_keyword(AsmParser *p, const char *kw);
bool asm_peek_keyword(AsmParser *p, const char *kw);
/* The one nesting limit of ctile's readers (issue 12).  The text parser
 * counts one level for each operation, region, type, attribute, location
 * and bracketed dense-literal list being parsed, dialect type/attribute
 * bodies included (asm_nesting_enter), and reports "nesting depth exceeds
 * the limit of 1000" past it; the bytecode reader counts the same levels
 * against the same constant, so whatever one accepts the other can hold. */
#define ASM_MAX_NESTING_DEPTH 1000
/* One level of that count around a dialect's recursive parse: false (after
 * the error) past the limit; each successful enter pairs with a leave. */
bool asm_nesting_enter(AsmParser *p);
void asm_nesting_leave(AsmParser *p);

/* The most attribute/type nodes that the alias uses of one parsed text may
 * expand to.  Aliases let a small text stand for an exponentially large
 * value (`#a1 = [#a0, #a0]`, ...), which printing writes out in full; every
 * use of an attribute, type or location alias adds the node count of its
 * value (each attribute, type and element, dense data counted by bytes), and
 * the use that passes this limit is an error located at it. */
#define ASM_MAX_ALIAS_EXPANSION (UINT64_C(1) << 26)

/* The registered op of dialect d (a full "dialect.op" name) whose mnemonic
 * is within a third of mn's length (1 to 3 edits) of `mn`, for "did you
 * mean" notes on unknown ops; NULL when none is that close. */
const char *asm_closest_op_name(const IrDialect *d, const char *mn, size_t n);
/* True when the current token is `k` and the next one the keyword `kw`
 * (nothing consumed): `, token = %t` versus `, %operand`. */
bool asm_peek_punct_keyword(AsmParser *p, AsmPunct k, const char *kw);
bool asm_parse_keyword_any(AsmParser *p, Str *out);            /* "expected keyword" */
bool asm_parse_optional_keyword_any(AsmParser *p, Str *out);
/* Parses one of `options` (NULL-terminated), storing its index; on failure
 * reports "expected one of: a, b, c" style errors via `what`. */
bool asm_parse_keyword_of(AsmParser *p, const char *const *options, int *index,
                          const char *what);

/* Literals.  Integers accept an optional leading '-' and hex.  Floats accept
 * integers, decimal floats and hex bit patterns (0x...) interpreted in
 * `kind` (pass IR_F64 for plain doubles). */
bool asm_parse_integer(AsmParser *p, int64_t *out);
bool asm_parse_optional_integer(AsmParser *p, int64_t *out, bool *present);
bool asm_parse_float(AsmParser *p, IrFloatKind kind, double *out);
bool asm_parse_string(AsmParser *p, char **out, size_t *len);  /* malloc'd */
bool asm_parse_optional_string(AsmParser *p, char **out, size_t *len, bool *present);
bool asm_peek_string(AsmParser *p);
bool asm_peek_integer(AsmParser *p);
bool asm_peek_float(AsmParser *p);

/* `@name` (or `@"quoted name"`). */
bool asm_parse_symbol_name(AsmParser *p, const IrIdent **out);
bool asm_parse_optional_symbol_name(AsmParser *p, const IrIdent **out);

/* Types and attributes in full MLIR syntax (aliases resolved).  Inside an op
 * whose default dialect is D, `asm_parse_type` also accepts D's types
 * without the "!D." prefix (NVIDIA's short forms: `tile<4xf32>`). */
bool asm_parse_type(AsmParser *p, const IrType **out);
bool asm_parse_optional_type(AsmParser *p, const IrType **out, bool *present);
bool asm_parse_type_list(AsmParser *p, IrTypeVec *out); /* t (, t)* */
/* Memoized dialect type parsing: returns fn(p, arg) — a dialect's parser for
 * one type whose text starts at `start`, either the current token or a
 * mnemonic just consumed and directly followed by the current `<` token —
 * unless the same text was parsed before by the same fn in the same
 * short-form dialect context: a spelling `word<...>` or `!dialect.word<...>`
 * (up to its matching '>', no comment or string inside), or such a word
 * alone when no '<' follows it, is then not parsed again.  Only successful
 * parses that reported nothing and consumed exactly that text are
 * recorded, so fn's result must depend only on the text (arg included),
 * type aliases (never redefined) and that context — for a word alone, fn
 * must not look past it except for a '<'; NULL after an error, as fn. */
typedef const IrType *(*AsmTypeMemoFn)(AsmParser *p, void *arg);
const IrType *asm_parse_type_memo(AsmParser *p, AsmLoc start, AsmTypeMemoFn fn, void *arg);
bool asm_parse_colon_type(AsmParser *p, const IrType **out);
/* A `(T, T) -> (T)` function type or just results. */
bool asm_parse_function_type(AsmParser *p, const IrType **out);
/* `type` may give the expected type for typed literals (e.g. `42` inside a
 * i32 context); NULL lets the attribute carry its own `: T`. */
bool asm_parse_attr(AsmParser *p, const IrType *type, const IrAttr **out);
bool asm_parse_optional_attr(AsmParser *p, const IrType *type, const IrAttr **out,
                             bool *present);
/* `{a = 1, b}` into st->attrs (present when the next token is `{`). */
bool asm_parse_optional_attr_dict(AsmParser *p, IrOpState *st);
/* `attributes {…}` form used by function-like ops. */
bool asm_parse_optional_attr_dict_with_keyword(AsmParser *p, IrOpState *st);
/* `<{...}>` properties into st->props. */
bool asm_parse_optional_props(AsmParser *p, IrOpState *st);
/* Dialect attribute/type body helpers: parse a balanced `<...>` body verbatim. */
bool asm_parse_balanced_body(AsmParser *p, Str *out);
/* Shape lists as in builtin shaped types (added by the parser):
 * `4x?x8` (with_trailing_x: `4x?x8x`, as before an element type), `?`
 * stored as IR_DYNAMIC ("expected static shape" unless allow_dynamic);
 * `x` glued to the next word (`4xf32`) is split as MLIR does. */
typedef VEC(int64_t) AsmI64Vec;
bool asm_parse_dimension_list(AsmParser *p, AsmI64Vec *out, bool allow_dynamic,
                              bool with_trailing_x);
bool asm_parse_x_in_dimension_list(AsmParser *p);
/* A tensor literal as inside `dense<...>` (element, nested lists, or a
 * "0x..." hex string) built as a dense elements attribute of `type` with
 * element type `elem` and static `shape` — MLIR's TensorLiteralParser with
 * its diagnostics (all-equal elements become a splat). */
bool asm_parse_dense_elements_literal(AsmParser *p, const IrType *type, const IrType *elem,
                                      const int64_t *shape, size_t rank, const IrAttr **out);

/* Dense data in MLIR's hex form `"0x..."` (raw storage: i1 bit-packed,
 * ceil(width / 8) bytes per element): asm_print_dense_hex writes n elements
 * stored es bytes each (the quotes included); asm_dense_hex_decode reads the
 * bytes of such a string back for numel elements into malloc'd storage of
 * esize bytes per element (*count: numel, or 1 for a splat); false when
 * the size fits neither. */
void asm_print_dense_hex(AsmPrinter *p, const IrType *elem, const uint8_t *data, size_t es,
                         size_t n);
bool asm_dense_hex_decode(const IrType *elem, const uint8_t *bytes, size_t n, int64_t numel,
                          size_t esize, uint8_t **data, size_t *count);

/* Operands: `%name` or `%name#N`. */
typedef struct AsmOperand {
  Str name;         /* without '%' */
  unsigned number;  /* #N (0 when absent) */
  AsmLoc loc;
} AsmOperand;
bool asm_parse_operand(AsmParser *p, AsmOperand *out);
bool asm_parse_optional_operand(AsmParser *p, AsmOperand *out, bool *present);
bool asm_peek_operand(AsmParser *p);
/* Zero or more comma-separated operands. */
typedef VEC(AsmOperand) AsmOperandVec;
bool asm_parse_operand_list(AsmParser *p, AsmOperandVec *out);
/* Resolves an operand against the current scope with the given type and
 * appends it to st->operands ("use of undeclared SSA value name", "use of
 * value '%x' expects different type than prior uses: …"). */
bool asm_resolve_operand(AsmParser *p, const AsmOperand *o, const IrType *t,
                         IrOpState *st);
bool asm_resolve_operands(AsmParser *p, const AsmOperand *o, size_t n,
                          const IrType *const *types, size_t ntypes,
                          AsmLoc loc, IrOpState *st);
/* Resolves to a value without appending (NULL after an error). */
IrValue *asm_resolve_value(AsmParser *p, const AsmOperand *o, const IrType *t);

/* Region arguments declared in custom syntax (`%iv = ...`, `(%a: T)`). */
typedef struct AsmArgument {
  AsmOperand ssa;
  const IrType *type;
  const IrLoc *loc;           /* optional trailing loc(...) */
  const IrAttr *attrs;        /* optional arg attribute dict */
} AsmArgument;
/* Parses `(%a: T {attrs} loc(...), ...)` — `allow_attrs` enables dicts. */
typedef VEC(AsmArgument) AsmArgumentVec;
bool asm_parse_argument_list(AsmParser *p, AsmArgumentVec *out,
                             bool allow_types, bool allow_attrs);
/* Parses `{ ... }` into region r.  If `args` is non-NULL, they become the
 * entry block's arguments (and the region must not start with a label).
 * An empty region `{}` gets no blocks.  With `implicit_terminator` (the
 * op info of the terminator) a missing terminator is added by the caller;
 * this function only parses. */
bool asm_parse_region(AsmParser *p, IrRegion *r, const AsmArgument *args,
                      size_t nargs);
bool asm_parse_optional_region(AsmParser *p, IrRegion *r, const AsmArgument *args,
                               size_t nargs, bool *present);
/* Successor `^bb` reference (for branch-like custom ops). */
bool asm_parse_successor(AsmParser *p, IrBlock **out);

/* The op being parsed (for hooks that need its name/result count). */
const IrOpInfo *asm_current_op_info(AsmParser *p);
unsigned asm_num_results_expected(AsmParser *p); /* count of `%r` defined */

/* ======================================================================== */
/* Printer helper API for custom-syntax hooks                               */
/* ======================================================================== */
IrContext *asm_printer_ctx(AsmPrinter *p);
const AsmPrintOptions *asm_printer_options(AsmPrinter *p);
void asm_puts(AsmPrinter *p, const char *s);
void asm_putn(AsmPrinter *p, const char *s, size_t n);
void asm_putc(AsmPrinter *p, char c);
void asm_printf(AsmPrinter *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* asm_puts through an inline call, so the compiler folds strlen of the
 * string literals hooks mostly pass (the function stays for pointers). */
static inline void asm_puts_inline_(AsmPrinter *p, const char *s) { asm_putn(p, s, strlen(s)); }
#define asm_puts(p, s) asm_puts_inline_((p), (s))
void asm_print_newline(AsmPrinter *p);   /* newline + current indentation */
/* Decimal integers (the text of "%lld" / "%llu", without a format to scan). */
void asm_print_int(AsmPrinter *p, int64_t v);
void asm_print_uint(AsmPrinter *p, uint64_t v);
/* Memoized dialect type text: prints `t` with `fn` (normally a dialect's
 * short-form printer) the first time, and replays the same text when the
 * same (t, fn) is printed again in the same printer state (aliases and
 * dialect scope).  fn's output must depend on nothing else. */
void asm_print_type_memo(AsmPrinter *p, const IrType *t,
                         void (*fn)(AsmPrinter *p, const IrType *t));
/* The same for an attribute printed by `fn` (e.g. a dialect's custom form
 * of a constant's value), under the same conditions: fn's output depends
 * on the attribute, the printer options and the state above only. */
void asm_print_attr_memo(AsmPrinter *p, const IrAttr *a,
                         void (*fn)(AsmPrinter *p, const IrAttr *a));

/* Full-syntax type ("!cuda_tile.tile<4xf32>", "i32"); inside an op whose
 * default dialect matches the type's dialect it prints the short form
 * ("tile<4xf32>"), as MLIR does. */
void asm_print_type(AsmPrinter *p, const IrType *t);
void asm_print_attr(AsmPrinter *p, const IrAttr *a);
/* Attribute without its `: type` suffix where MLIR elides it. */
void asm_print_attr_no_type(AsmPrinter *p, const IrAttr *a);
void asm_print_float(AsmPrinter *p, double v, IrFloatKind kind);
void asm_print_string_literal(AsmPrinter *p, const char *s, size_t n); /* "..." escaped */
void asm_print_symbol_name(AsmPrinter *p, const IrIdent *name);        /* @name */
void asm_print_operand(AsmPrinter *p, IrValue *v);                      /* %name */
void asm_print_operands(AsmPrinter *p, IrUse *ops, size_t n);           /* a, b */
void asm_print_optional_loc(AsmPrinter *p, const IrLoc *loc); /* " loc(...)" with debuginfo */
/* ` {a = 1}` excluding names in `elided` (NULL-terminated) and, for
 * registered ops, nothing else: props and attrs are merged as MLIR's custom
 * printers do. */
void asm_print_attr_dict(AsmPrinter *p, IrOp *op, const char *const *elided);
void asm_print_attr_dict_with_keyword(AsmPrinter *p, IrOp *op,
                                      const char *const *elided);
/* `(%a: T, %b: U)` for the entry block of r (names bound for printing).
 * Argument locations are neither printed nor aliased, even with
 * -mlir-print-debuginfo: this is the signature form of NVIDIA's
 * printFunctionSignatureWithCudaTileTypes (reduce/scan bodies). */
void asm_print_block_args(AsmPrinter *p, IrBlock *b, bool with_types);
/* Prints ` {` region body `}`.  print_entry_args: print `^bb0(...)` label;
 * print_terminator: false elides a terminator with no operands. */
void asm_print_region(AsmPrinter *p, IrRegion *r, bool print_entry_args,
                      bool print_empty_terminator);
void asm_print_successor(AsmPrinter *p, IrBlock *b);
/* Prints a whole nested op (as the printer would at this point). */
void asm_print_op(AsmPrinter *p, IrOp *op);

/* Parse memos that outlive one asm_parse_buffer call: a caller parsing a
 * large input piece by piece in one context (the streamed bytecode write)
 * passes the same carrier in each call's AsmParseOptions.memo, and the
 * custom op memo's templates (parse_opmemo.c: copies of the text, and the
 * context's uniqued types and attributes, never pointers into a buffer)
 * carry over instead of being learned again.  A carrier serves one context
 * (used with another, it starts over); the parses' output and diagnostics
 * are the same with or without it.  CTILE_PMEMO=0 still turns the memo
 * off. */
typedef struct AsmParseMemo AsmParseMemo;
AsmParseMemo *asm_parse_memo_new(void);
void asm_parse_memo_free(AsmParseMemo *m);
/* Parses the ops of buf[0..to) as if they were the body of an op of `in`
 * (one region, one block: `in`'s default dialect for short op names, its
 * dialect's short type forms) with no copy of the text: a builtin.module
 * holding them, or NULL after reporting errors.  buf must be
 * NUL-terminated at buf[len] (len may reach past `to`: the text after it
 * is looked at as the lexer's lookahead, never parsed).  Locations count
 * lines from buf (plus opts->line_offset).  opts->memo is used as by
 * asm_parse_buffer; nothing is registered as the file's source text and
 * no input release is told. */
IrOp *asm_parse_op_range(IrContext *ctx, const char *filename, const char *buf, size_t len,
                         const char *to, const IrOpInfo *in, const AsmParseOptions *opts);
/* The op memo hits of the parses that used m so far (for tests). */
unsigned long asm_parse_memo_hits(const AsmParseMemo *m);

#endif
