/* split.c — --split-input-file, as mlir::splitAndProcessBuffer does it.
 *
 * The buffer is cut at every occurrence of the marker minus its last two
 * characters ("// ---" for "// -----"), anywhere in a line.  A cut counts
 * only if the text after it continues with the marker's last two characters
 * and at least one more character that is not '0' (MLIR's test, kept as
 * is); otherwise it is a near miss: a warning "near miss with file split
 * marker" at that point, and the pieces stay joined.  A chunk starts right
 * after the marker, i.e. on the marker's own line, which is what its
 * line_offset and first_column record (columns on that line count from
 * the line's start, as MLIR reports them).  Empty pieces are dropped, so an empty file yields no
 * chunk at all. */
#include "tool/tool.h"

#define CHECK_LEN 2

/* Finds `pat` in [s, end). */
static const char *find(const char *s, const char *end, const char *pat, size_t n) {
  if (n == 0) return NULL;
  for (const char *p = s; (size_t)(end - p) >= n; p++) {
    p = memchr(p, pat[0], (size_t)(end - p));
    if (!p || (size_t)(end - p) < n) return NULL;
    if (!memcmp(p, pat, n)) return p;
  }
  return NULL;
}

ToolChunk *tool_split_input(ToolSource *src, const char *marker, size_t *n,
                            StrBuf *diags) {
  size_t mlen = strlen(marker);
  const char *text = src->text, *end = text + src->len;
  VEC(ToolChunk) out = {0};
  if (mlen <= CHECK_LEN) { /* degenerate marker: nothing can split */
    if (src->len) vec_push(&out, ((ToolChunk){text, src->len, 0, 1}));
    *n = out.len;
    return out.data;
  }
  const char *cut = marker;
  size_t cutlen = mlen - CHECK_LEN;
  const char *tail = marker + cutlen;

  /* prev = [ps, pe): the chunk being accumulated. */
  const char *ps = text, *pe = find(text, end, cut, cutlen);
  if (!pe) pe = end;
  const char *piece = pe < end ? pe + cutlen : NULL;
  while (piece) {
    const char *next = find(piece, end, cut, cutlen);
    const char *piece_end = next ? next : end;
    size_t plen = (size_t)(piece_end - piece);
    if (pe == ps) {
      /* An empty chunk so far: MLIR restarts it at this piece. */
      ps = piece;
      pe = piece_end;
    } else if (plen > CHECK_LEN && !memcmp(piece, tail, CHECK_LEN) && piece[CHECK_LEN] != '0') {
      vec_push(&out, ((ToolChunk){ps, (size_t)(pe - ps), 0, 1}));
      ps = piece + CHECK_LEN;
      pe = piece_end;
    } else {
      tool_print_message(diags, src, piece, IR_SEV_WARNING, "near miss with file split marker", 0);
      pe = piece_end;
    }
    piece = next ? next + cutlen : NULL;
  }
  if (pe != ps) vec_push(&out, ((ToolChunk){ps, (size_t)(pe - ps), 0, 1}));
  for (size_t i = 0; i < out.len; i++) {
    unsigned line, col;
    tool_source_line_col(src, out.data[i].text, &line, &col);
    out.data[i].line_offset = line - 1;
    out.data[i].first_column = col;
  }
  *n = out.len;
  return out.data;
}
