/* resources.c — MLIR's file metadata dictionary:
 *
 *   {-#
 *     dialect_resources: { builtin: { blob1: "0x08000000010203" } },
 *     external_resources: { foo: { a: "x", b: true } }
 *   #-}
 *
 * The parser keeps what it reads in the context (so a printed module keeps
 * its blobs: issue 18) and the printer writes it back after the top-level op
 * as MLIR's printFileMetadataDictionary does:
 *   - dialect_resources: only the builtin dialect takes entries (the blobs
 *     of `dense_resource<key>`), each a hex string whose first 4 bytes encode
 *     a power-of-two alignment; a blob is printed back only when a printed
 *     `dense_resource<key>` refers to it, in the order of first reference.
 *     Other registered dialects refuse entries with MLIR's messages (their
 *     OpAsmDialectInterface has no resources), unknown dialects are errors.
 *   - external_resources: kept whatever the group (mlir-opt's fallback
 *     resource map): blobs, strings and booleans, all printed back; a group
 *     with no entries is not.
 * Blobs print as "0x" + uppercase hex of the alignment and data; strings
 * with MLIR's escapes.  A builtin blob read again under the same key
 * replaces the earlier one (the blob manager's update); external entries
 * are all kept, repeats included (FallbackAsmResourceMap). */
#include "asm/parser_internal.h"
#include "asm/printer_internal.h"

#include <ctype.h>
#include <string.h>

enum { RES_BLOB, RES_STRING, RES_BOOL };

typedef struct ResEntry {
  bool external;
  const IrIdent *group; /* dialect or external group name */
  const IrIdent *key;
  int kind;
  bool b;
  StrBuf value;         /* blob: alignment (4 bytes) + data; string: its bytes */
} ResEntry;

typedef struct ResTable {
  VEC(ResEntry) e;
} ResTable;

static const char RES_STATE[] = "asm.file_metadata";

static void res_free(void *v) {
  ResTable *t = v;
  for (size_t i = 0; i < t->e.len; i++) sb_free(&t->e.data[i].value);
  vec_free(&t->e);
  free(t);
}

static ResTable *res_table(IrContext *ctx, bool create) {
  ResTable *t = ir_ctx_dialect_state(ctx, RES_STATE);
  if (!t && create) {
    t = xcalloc(1, sizeof *t);
    ir_ctx_set_dialect_state(ctx, RES_STATE, t, res_free);
  }
  return t;
}

static ResEntry *res_put(IrContext *ctx, bool external, const IrIdent *group, const IrIdent *key) {
  ResTable *t = res_table(ctx, true);
  for (size_t i = 0; !external && i < t->e.len; i++) {
    ResEntry *r = &t->e.data[i];
    if (!r->external && r->group == group && r->key == key) {
      sb_clear(&r->value);
      return r;
    }
  }
  vec_push(&t->e, ((ResEntry){.external = external, .group = group, .key = key}));
  return &vec_last(&t->e);
}

/* ---- parsing ------------------------------------------------------------------ */

/* A bare identifier (keyword) or, where allowed, a string: its text. */
static bool parse_key(AsmParser *p, bool allow_string, const IrIdent **out) {
  if (ptok(p, TOK_BARE_ID)) {
    *out = ir_ident(p->ctx, p->tok.ptr, p->tok.len);
    pnext(p);
    return true;
  }
  if (allow_string && ptok(p, TOK_STRING)) {
    StrBuf sb = {0};
    asm_tok_string_value(p->tok, &sb);
    *out = ir_ident(p->ctx, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    pnext(p);
    return true;
  }
  return false;
}

/* AsmParsedResourceEntry::parseAsBlob: a "0x..." string of at least 4
 * bytes, the first 4 a little-endian power-of-two alignment. */
static bool parse_blob_value(AsmParser *p, AsmToken vt, const IrIdent *key, StrBuf *out) {
  if (vt.kind != TOK_STRING || !asm_tok_hex_string(vt, out))
    return perr_at(p, vt.ptr, "expected hex string blob for key '%s'", key->str);
  if (out->len < 4)
    return perr_at(p, vt.ptr,
                   "expected hex string blob for key '%s' to encode alignment in first 4 bytes",
                   key->str);
  const uint8_t *b = (const uint8_t *)out->s;
  uint32_t align = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                   (uint32_t)b[3] << 24;
  if (!align || (align & (align - 1)))
    return perr_at(p, vt.ptr,
                   "expected hex string blob for key '%s' to encode alignment in first 4 bytes, "
                   "but got non-power-of-2 value: %u",
                   key->str, align);
  return true;
}

/* The entries of one group: `{` (key `:` value (`,` key `:` value)*)? `}`
 * (the `{` already consumed). */
static bool parse_group_body(AsmParser *p, bool external, const IrIdent *group) {
  if (paccept(p, TOK_RBRACE)) return true;
  do {
    const char *key_at = p->tok.ptr;
    const IrIdent *key = NULL;
    if (!parse_key(p, true, &key)) return perr(p, "expected identifier key for 'resource' entry");
    if (!pexpect(p, TOK_COLON, "expected ':'")) return false;
    AsmToken vt = p->tok;
    if (vt.kind == TOK_EOF || vt.kind == TOK_ERROR) return perr(p, "expected resource value");
    pnext(p);
    bool is_bool = vt.kind == TOK_BARE_ID && (vt.kw == KW_TRUE || vt.kw == KW_FALSE);
    if (!external) {
      if (!asm_is_builtin(group->str))
        return perr_at(p, key_at, "unknown 'resource' key '%s' for dialect '%s'", key->str,
                       group->str);
      StrBuf blob = {0};
      if (!parse_blob_value(p, vt, key, &blob)) {
        sb_free(&blob);
        return false;
      }
      ResEntry *r = res_put(p->ctx, false, group, key);
      r->kind = RES_BLOB;
      sb_putn(&r->value, blob.s, blob.len);
      sb_free(&blob);
      continue;
    }
    if (is_bool) {
      ResEntry *r = res_put(p->ctx, true, group, key);
      r->kind = RES_BOOL;
      r->b = vt.kw == KW_TRUE;
      continue;
    }
    if (vt.kind != TOK_STRING)
      return perr_at(p, vt.ptr, "expected string value for key '%s'", key->str);
    StrBuf sv = {0};
    asm_tok_string_value(vt, &sv);
    bool blob = sv.len >= 2 && sv.s[0] == '0' && sv.s[1] == 'x';
    StrBuf bytes = {0};
    if (blob && !parse_blob_value(p, vt, key, &bytes)) {
      sb_free(&sv);
      sb_free(&bytes);
      return false;
    }
    ResEntry *r = res_put(p->ctx, true, group, key);
    r->kind = blob ? RES_BLOB : RES_STRING;
    if (blob) sb_putn(&r->value, bytes.s, bytes.len);
    else sb_putn(&r->value, sv.s ? sv.s : "", sv.len);
    sb_free(&sv);
    sb_free(&bytes);
  } while (paccept(p, TOK_COMMA));
  return pexpect(p, TOK_RBRACE, "expected ',' or '}'");
}

/* `{` (name `:` `{` entries `}` (`,` ...)*)? `}` for one section. */
static bool parse_section(AsmParser *p, bool external) {
  if (!pexpect(p, TOK_LBRACE, "expected '{'")) return false;
  if (paccept(p, TOK_RBRACE)) return true;
  do {
    const char *name_at = p->tok.ptr;
    const IrIdent *name = NULL;
    if (!parse_key(p, false, &name)) return perr(p, "expected identifier key for 'resource' entry");
    if (!pexpect(p, TOK_COLON, "expected ':'") || !pexpect(p, TOK_LBRACE, "expected '{'"))
      return false;
    if (!external && !asm_is_builtin(name->str) && !ir_lookup_dialect(p->ctx, name->str, name->len))
      return perr_at(p, name_at, "dialect '%s' is unknown", name->str);
    if (!parse_group_body(p, external, name)) return false;
  } while (paccept(p, TOK_COMMA));
  return pexpect(p, TOK_RBRACE, "expected ',' or '}'");
}

/* file-metadata-dict ::= `{-#` (entry (`,` entry)*)? `#-}`, the current
 * token being `{-#`. */
bool asm_parse_file_metadata(AsmParser *p) {
  pnext(p);
  if (paccept(p, TOK_META_END)) return true;
  do {
    const char *key_at = p->tok.ptr;
    if (!ptok(p, TOK_BARE_ID)) return perr(p, "expected identifier key in file metadata dictionary");
    AsmToken k = p->tok;
    pnext(p);
    if (!pexpect(p, TOK_COLON, "expected ':'")) return false;
    if (k.len == 17 && !memcmp(k.ptr, "dialect_resources", 17)) {
      if (!parse_section(p, false)) return false;
    } else if (k.len == 18 && !memcmp(k.ptr, "external_resources", 18)) {
      if (!parse_section(p, true)) return false;
    } else {
      return perr_at(p, key_at, "unknown key '%.*s' in file metadata dictionary", (int)k.len,
                     k.ptr);
    }
  } while (paccept(p, TOK_COMMA));
  return pexpect(p, TOK_META_END, "expected ',' or '#-}'");
}

/* ---- printing ------------------------------------------------------------------ */

/* The key of a verbatim `dense_resource<key>` attribute text, or false. */
static bool dense_resource_key(IrContext *ctx, const IrAttr *a, const IrIdent **out) {
  static const char pre[] = "dense_resource<";
  size_t np = sizeof pre - 1;
  if (!a->str || a->str->len <= np + 1 || memcmp(a->str->str, pre, np)) return false;
  const char *s = a->str->str + np;
  const char *end = memchr(s, '>', a->str->len - np);
  if (!end) return false;
  if (*s == '"') {
    /* a quoted key: unescape through a string token of the same text */
    AsmToken t = {.kind = TOK_STRING, .ptr = s, .len = (uint32_t)(end - s)};
    StrBuf sb = {0};
    asm_tok_string_value(t, &sb);
    *out = ir_ident(ctx, sb.s ? sb.s : "", sb.len);
    sb_free(&sb);
    return true;
  }
  *out = ir_ident(ctx, s, (size_t)(end - s));
  return true;
}

void asm_resources_note_use(AsmPrinter *p, const IrAttr *a) {
  if (p->init || !p->ctx || !res_table(p->ctx, false)) return;
  const IrIdent *key = NULL;
  if (!dense_resource_key(p->ctx, a, &key)) return;
  for (size_t i = 0; i < p->res_used.len; i++)
    if (p->res_used.data[i] == key) return;
  vec_push(&p->res_used, key);
}

/* printKeywordOrString */
static void print_key(StrBuf *b, const IrIdent *k) {
  bool bare = k->len > 0 && (isalpha((unsigned char)k->str[0]) || k->str[0] == '_');
  for (size_t i = 0; bare && i < k->len; i++) {
    unsigned char c = (unsigned char)k->str[i];
    bare = isalnum(c) || c == '_' || c == '$' || c == '.';
  }
  if (bare) {
    sb_putn(b, k->str, k->len);
  } else {
    sb_putc(b, '"');
    asm_print_escaped(b, k->str, k->len);
    sb_putc(b, '"');
  }
}

static void print_value(StrBuf *b, const ResEntry *r) {
  static const char hex[] = "0123456789ABCDEF";
  if (r->kind == RES_BOOL) {
    sb_puts(b, r->b ? "true" : "false");
  } else if (r->kind == RES_STRING) {
    sb_putc(b, '"');
    asm_print_escaped(b, r->value.s ? r->value.s : "", r->value.len);
    sb_putc(b, '"');
  } else {
    sb_puts(b, "\"0x");
    for (size_t i = 0; i < r->value.len; i++) {
      uint8_t c = (uint8_t)r->value.s[i];
      sb_putc(b, hex[c >> 4]);
      sb_putc(b, hex[c & 15]);
    }
    sb_putc(b, '"');
  }
}

typedef struct MetaOut {
  StrBuf *b;
  bool dict, section, need_section_comma, need_group_comma;
} MetaOut;

static void emit_entry(MetaOut *m, const char *section, const IrIdent *group, bool *had_group,
                       const ResEntry *r) {
  if (!m->dict) {
    m->dict = true;
    sb_puts(m->b, "\n{-#\n");
  }
  if (!m->section) {
    m->section = true;
    if (m->need_section_comma) sb_puts(m->b, ",\n");
    sb_printf(m->b, "  %s_resources: {\n", section);
  }
  if (!*had_group) {
    *had_group = true;
    if (m->need_group_comma) sb_puts(m->b, ",\n");
    sb_puts(m->b, "    ");
    sb_putn(m->b, group->str, group->len);
    sb_puts(m->b, ": {\n");
  } else {
    sb_puts(m->b, ",\n");
  }
  sb_puts(m->b, "      ");
  print_key(m->b, r->key);
  sb_puts(m->b, ": ");
  print_value(m->b, r);
}

static void end_group(MetaOut *m, bool had_group) {
  m->need_group_comma |= had_group;
  if (had_group) sb_puts(m->b, "\n    }");
}

void asm_print_file_metadata(AsmPrinter *p, StrBuf *out) {
  ResTable *t = p->ctx ? res_table(p->ctx, false) : NULL;
  if (!t) return;
  MetaOut m = {.b = out};
  /* dialect_resources: the builtin blobs the printed IR refers to */
  bool had = false;
  const IrIdent *builtin = ir_identz(p->ctx, "builtin");
  for (size_t u = 0; u < p->res_used.len; u++)
    for (size_t i = 0; i < t->e.len; i++) {
      const ResEntry *r = &t->e.data[i];
      if (!r->external && r->group == builtin && r->key == p->res_used.data[u])
        emit_entry(&m, "dialect", builtin, &had, r);
    }
  end_group(&m, had);
  if (m.section) sb_puts(out, "\n  }");
  /* external_resources: every group, in the order first read */
  m.need_group_comma = false;
  m.need_section_comma = m.section;
  m.section = false;
  VEC(const IrIdent *) groups = {0};
  for (size_t i = 0; i < t->e.len; i++) {
    const ResEntry *r = &t->e.data[i];
    bool seen = !r->external;
    for (size_t g = 0; !seen && g < groups.len; g++) seen = groups.data[g] == r->group;
    if (seen) continue;
    vec_push(&groups, r->group);
    bool hadg = false;
    for (size_t j = i; j < t->e.len; j++)
      if (t->e.data[j].external && t->e.data[j].group == r->group)
        emit_entry(&m, "external", r->group, &hadg, &t->e.data[j]);
    end_group(&m, hadg);
  }
  vec_free(&groups);
  if (m.section) sb_puts(out, "\n  }");
  if (m.dict) sb_puts(out, "\n#-}\n");
}
