/* srcmgr.c — named source buffers and LLVM's diagnostic rendering.
 *
 * This is the part of llvm::SourceMgr / llvm::SMDiagnostic that tools show
 * users: "file:line:col: error: message", then the source line (tabs
 * expanded to 8 columns) and a caret line with '~' under a highlighted
 * range.  MLIR's handlers look buffers up by file name and read unknown
 * files from disk, so we do too (regular files only, so a location naming a
 * FIFO cannot hang a tool). */
#include "tool/tool.h"

#include <errno.h>
#include <sys/stat.h>

#define TAB_STOP 8

void tool_srcmgr_init(ToolSourceMgr *sm) { memset(sm, 0, sizeof *sm); }

void tool_srcmgr_free(ToolSourceMgr *sm) {
  for (size_t i = 0; i < sm->bufs.len; i++) {
    ToolSource *s = sm->bufs.data[i];
    free(s->name);
    free(s->owned);
    free(s->nl);
    free(s);
  }
  for (size_t i = 0; i < sm->missing.len; i++) free(sm->missing.data[i]);
  vec_free(&sm->bufs);
  vec_free(&sm->missing);
}

ToolSource *tool_srcmgr_add(ToolSourceMgr *sm, const char *name,
                            const char *text, size_t len) {
  ToolSource *s = xcalloc(1, sizeof *s);
  s->name = xstrndup(name, strlen(name));
  s->text = text;
  s->len = len;
  vec_push(&sm->bufs, s);
  return s;
}

/* Latest buffer registered under `name`, without touching the disk. */
static ToolSource *find_loaded(ToolSourceMgr *sm, const char *name) {
  for (size_t i = sm->bufs.len; i-- > 0;)
    if (!strcmp(sm->bufs.data[i]->name, name)) return sm->bufs.data[i];
  return NULL;
}

ToolSource *tool_srcmgr_get(ToolSourceMgr *sm, const char *name) {
  ToolSource *s = find_loaded(sm, name);
  if (s || sm->no_disk) return s;
  for (size_t i = 0; i < sm->missing.len; i++)
    if (!strcmp(sm->missing.data[i], name)) return NULL;
  struct stat st;
  size_t len = 0;
  char *text = NULL;
  if (*name && stat(name, &st) == 0 && S_ISREG(st.st_mode) &&
      (uint64_t)st.st_size <= TOOL_DEFAULT_MAX_INPUT) /* a file named by a location */
    text = read_file(name, &len);
  if (!text) {
    vec_push(&sm->missing, xstrndup(name, strlen(name)));
    return NULL;
  }
  s = tool_srcmgr_add(sm, name, text, len);
  s->owned = text;
  return s;
}

/* Builds the table of newline offsets on first use. */
static void index_lines(ToolSource *src) {
  if (src->nl || src->len == 0) return;
  size_t n = 0;
  for (size_t i = 0; i < src->len; i++) n += src->text[i] == '\n';
  src->nl = xmalloc((n ? n : 1) * sizeof *src->nl);
  src->nnl = 0;
  for (size_t i = 0; i < src->len; i++)
    if (src->text[i] == '\n') src->nl[src->nnl++] = i;
}

/* Line: 1 + newlines before ptr.  Column: bytes since the last '\n' or '\r'
 * (SourceMgr::getLineAndColumn). */
void tool_source_line_col(ToolSource *src, const char *ptr, unsigned *line,
                          unsigned *col) {
  index_lines(src);
  size_t off = (size_t)(ptr - src->text);
  size_t lo = 0, hi = src->nnl; /* count of newlines with offset < off */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (src->nl[mid] < off) lo = mid + 1;
    else hi = mid;
  }
  *line = (unsigned)lo + 1;
  size_t start = off;
  while (start > 0 && src->text[start - 1] != '\n' && src->text[start - 1] != '\r') start--;
  *col = (unsigned)(off - start) + 1;
}

const char *tool_source_find(ToolSource *src, unsigned line, unsigned col) {
  index_lines(src);
  const char *p;
  if (line <= 1) p = src->text;
  else if ((size_t)(line - 1) > src->nnl) return NULL;
  else p = src->text + src->nl[line - 2] + 1;
  if (col) col--;
  if (col) {
    const char *end = src->text + src->len;
    if ((size_t)(end - p) < col) return NULL;
    for (unsigned i = 0; i < col; i++)
      if (p[i] == '\n' || p[i] == '\r') return NULL;
    p += col;
  }
  return p;
}

const char *tool_severity_name(IrSeverity s) {
  switch (s) {
  case IR_SEV_ERROR: return "error";
  case IR_SEV_WARNING: return "warning";
  case IR_SEV_REMARK: return "remark";
  default: return "note";
  }
}

void tool_print_plain(StrBuf *out, const char *loc, IrSeverity kind,
                      const char *msg) {
  if (loc && *loc) sb_printf(out, "%s: ", loc);
  sb_printf(out, "%s: %s\n", tool_severity_name(kind), msg);
}

/* The source line with tabs expanded (printSourceLine). */
static void put_source_line(StrBuf *out, const char *s, size_t n) {
  unsigned col = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\t') {
      sb_putc(out, s[i]);
      col++;
      continue;
    }
    do {
      sb_putc(out, ' ');
      col++;
    } while (col % TAB_STOP != 0);
  }
  sb_putc(out, '\n');
}

void tool_print_message(StrBuf *out, ToolSource *src, const char *ptr,
                        IrSeverity kind, const char *msg, size_t range_len) {
  if (!src || !ptr) {
    sb_printf(out, "<unknown>:0: %s: %s\n", tool_severity_name(kind), msg);
    return;
  }
  const char *bs = src->text, *be = src->text + src->len;
  const char *ls = ptr, *le = ptr;
  while (ls != bs && ls[-1] != '\n' && ls[-1] != '\r') ls--;
  while (le != be && *le != '\n' && *le != '\r') le++;
  unsigned line, col;
  tool_source_line_col(src, ptr, &line, &col);
  sb_printf(out, "%s:%u:%u: %s: %s\n", strcmp(src->name, "-") ? src->name : "<stdin>",
            line, col, tool_severity_name(kind), msg);

  size_t ncols = (size_t)(le - ls);
  for (size_t i = 0; i < ncols; i++)
    if ((unsigned char)ls[i] >= 0x80) { /* LLVM: no caret for non-ASCII lines */
      put_source_line(out, ls, ncols);
      return;
    }
  /* Caret line: ncols+1 columns, '~' over the range, '^' at the column. */
  char *caret = xmalloc(ncols + 2);
  memset(caret, ' ', ncols + 1);
  caret[ncols + 1] = 0;
  if (range_len) {
    const char *rs = ptr, *re = ptr + range_len;
    if (re > le) re = le;
    for (const char *p = rs; p < re; p++) caret[p - ls] = '~';
  }
  size_t c = (size_t)(ptr - ls);
  caret[c <= ncols ? c : ncols] = '^';
  size_t clen = ncols + 1;
  while (clen > 0 && caret[clen - 1] == ' ') clen--;
  put_source_line(out, ls, ncols);
  unsigned outcol = 0;
  for (size_t i = 0; i < clen; i++) {
    if (i >= ncols || ls[i] != '\t') {
      sb_putc(out, caret[i]);
      outcol++;
      continue;
    }
    do {
      sb_putc(out, caret[i]);
      outcol++;
    } while (outcol % TAB_STOP != 0);
  }
  sb_putc(out, '\n');
  free(caret);
}
