/* driver.c — the per-chunk loop every tool shares, and its files.
 *
 * MlirOptMain's shape: the input is read whole, optionally split into
 * chunks, and each chunk gets a fresh context whose diagnostics are either
 * printed (source line and caret taken from the whole input, so line numbers
 * are the file's) or checked against the chunk's expected-* designators.
 * Chunk outputs are joined by the output split marker.  Input and output
 * files follow mlir::openInputFile / llvm::ToolOutputFile: the input is read
 * whole up to a size limit (a regular file is mapped read-only instead, and
 * the parser hands its pages back as it moves on); the output is opened up front as a temporary
 * file beside the target, filled, and renamed over the target only on
 * success, so a failed run leaves the target as it was and never removes a
 * file it did not create (devices and stdout are written in place). */
#define _XOPEN_SOURCE 700 /* realpath */
#define _DEFAULT_SOURCE   /* madvise */
#include "tool/tool.h"

#include "asm/asm.h"
#include "bytecode/bytecode.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- diagnostic handlers ---------------------------------------------------- */

static void flush_to(StrBuf *b, FILE *f) {
  if (f && b->len) {
    fwrite(b->s, 1, b->len, f);
    fflush(f);
  }
  sb_clear(b);
}

static void render_handler(void *user, const IrDiag *d) {
  ToolRenderState *st = user;
  tool_render_diag(st->sm, d, st->out);
  if (st->flush_to) flush_to(st->out, st->flush_to);
}

void tool_install_renderer(IrContext *ctx, ToolRenderState *state) {
  ir_ctx_set_diag_handler(ctx, render_handler, state);
}

typedef struct VerifyState {
  ToolVerifier v;
  FILE *errs;
} VerifyState;

static void verify_handler(void *user, const IrDiag *d) {
  VerifyState *st = user;
  tool_verifier_process(&st->v, d);
  flush_to(st->v.out, st->errs);
}

/* ---- the loop ----------------------------------------------------------------- */

/* The mapped input whose pages the parser hands back (ASM_INPUT_RELEASE_STATE). */
typedef struct MappedInput {
  const char *base;
  size_t len;
} MappedInput;

/* Drops the whole pages of the mapping before `upto` from memory (a chunk
 * copied out of the input lies elsewhere and is left alone).  The mapping
 * is private and read-only, so the kernel reads them again from the file. */
static void release_mapped(void *user, const char *upto) {
  const MappedInput *m = user;
  if (upto < m->base || upto > m->base + m->len) return;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t n = (size_t)(upto - m->base) / page * page;
  if (n) madvise((void *)(uintptr_t)m->base, n, MADV_DONTNEED);
}

/* Processes one chunk in a fresh context; returns its success. */
static bool run_chunk(const ToolDriver *d, ToolSourceMgr *sm, ToolSource *src,
                      const ToolChunk *c, StrBuf *diag, StrBuf *out) {
  IrContext *ctx = ir_context_create();
  VerifyState vs;
  ToolRenderState rs = {sm, diag, d->errs};
  if (d->verify != TOOL_VERIFY_NONE) {
    tool_verifier_init(&vs.v, sm, diag, d->verify == TOOL_VERIFY_ONLY_EXPECTED);
    vs.errs = d->errs;
    tool_verifier_scan(&vs.v, src, c->text, c->len, c->line_offset);
    flush_to(diag, d->errs);
    ir_ctx_set_diag_handler(ctx, verify_handler, &vs);
  } else {
    tool_install_renderer(ctx, &rs);
  }
  if (d->setup) d->setup(ctx, d->user);
  MappedInput mapped = {d->mapped, d->mapped_len};
  AsmInputRelease release = {release_mapped, &mapped};
  if (d->mapped) ir_ctx_set_dialect_state(ctx, ASM_INPUT_RELEASE_STATE, &release, NULL);
  /* split chunk columns (asm.h ASM_FIRST_COLUMN_STATE, "asm.first_column") */
  if (c->first_column > 1)
    ir_ctx_set_dialect_state(ctx, "asm.first_column", (void *)(uintptr_t)c->first_column, NULL);
  /* The parser wants a NUL right after its text: the input has one at its
   * end, so only chunks that end before it are copied. */
  char *buf = c->text + c->len == src->text + src->len ? NULL : xstrndup(c->text, c->len);
  bool ok = d->process(ctx, src->name, buf ? buf : c->text, c->len, c->line_offset, out,
                       &d->sink, d->user);
  if (d->verify != TOOL_VERIFY_NONE) {
    ok = tool_verifier_finish(&vs.v);
    flush_to(diag, d->errs);
  }
  ir_context_destroy(ctx);
  if (d->verify != TOOL_VERIFY_NONE) tool_verifier_free(&vs.v);
  free(buf);
  flush_to(diag, d->errs);
  return ok;
}

bool tool_driver_run(const ToolDriver *d, const char *name, const char *text,
                     size_t len, StrBuf *out) {
  ToolSourceMgr sm;
  tool_srcmgr_init(&sm);
  ToolSource *src = tool_srcmgr_add(&sm, name, text, len);
  StrBuf diag = {0};
  ToolChunk whole = {text, len, 0, 1}, *chunks = &whole;
  size_t n = 1;
  if (d->split_marker) {
    chunks = tool_split_input(src, d->split_marker, &n, &diag);
    flush_to(&diag, d->errs);
  }
  const char *sep = d->output_marker ? d->output_marker : TOOL_DEFAULT_SPLIT_MARKER;
  bool ok = true;
  for (size_t i = 0; i < n; i++) {
    if (i) {
      sb_puts(out, sep);
      sb_putc(out, '\n');
    }
    if (!run_chunk(d, &sm, src, &chunks[i], &diag, out)) ok = false;
  }
  if (chunks != &whole) free(chunks);
  sb_free(&diag);
  tool_srcmgr_free(&sm);
  return ok;
}

/* ---- files ------------------------------------------------------------------- */

const char *tool_input_display_name(const char *path) {
  return strcmp(path, "-") ? path : "<stdin>";
}

char *tool_read_input_max(const char *path, size_t *len, uint64_t max, StrBuf *err) {
  struct stat st;
  bool is_stdin = !strcmp(path, "-");
  if (!max) max = TOOL_DEFAULT_MAX_INPUT;
  if (!is_stdin && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
    sb_printf(err, "cannot open input file '%s': %s", path, strerror(EISDIR));
    return NULL;
  }
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  if (!f) {
    sb_printf(err, "cannot open input file '%s': %s", path, strerror(errno));
    return NULL;
  }
  /* A regular file's size is known: refuse it at once when too large, else
   * one exact allocation.  Anything else (a pipe, a device) is read in
   * doubling steps and stops at the limit, so /dev/zero fails fast. */
  size_t cap = 1 << 16, n = 0;
  bool too_big = false;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0) {
    if ((uintmax_t)st.st_size > max) too_big = true;
    else cap = (size_t)st.st_size + 2; /* +1 NUL, +1 so reading stops at EOF */
  }
  char *buf = too_big ? NULL : xmalloc(cap);
  int e = 0;
  while (buf) {
    if (n + 1 >= cap) {
      if (n >= max) {
        too_big = true;
        break;
      }
      size_t ncap = cap * 2 > max + 2 ? (size_t)max + 2 : cap * 2;
      buf = xrealloc(buf, ncap);
      cap = ncap;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (n > max) {
      too_big = true;
      break;
    }
    if (got == 0) break;
  }
  if (ferror(f)) e = errno ? errno : EIO;
  if (f != stdin) fclose(f);
  if (too_big || e) {
    free(buf);
    if (too_big)
      sb_printf(err, "input file '%s' is larger than the limit of %llu bytes (raise it with "
                     "--max-input-size)", path, (unsigned long long)max);
    else
      sb_printf(err, "cannot open input file '%s': %s", path, strerror(e));
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* A regular file's contents mapped read-only and private, when the byte after
 * them is a NUL (the kernel zero-fills the last page past the end of the
 * file; a size that fills its last page exactly has none), else NULL: the
 * caller reads it instead. */
static char *map_input(const char *path, size_t *len, uint64_t max) {
  struct stat st;
  if (!strcmp(path, "-")) return NULL;
  int fd = open(path, O_RDONLY);
  if (fd < 0) return NULL;
  char *p = NULL;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      (uintmax_t)st.st_size <= (max ? max : TOOL_DEFAULT_MAX_INPUT) &&
      (size_t)st.st_size % page != 0) {
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) {
      p = m;
      *len = (size_t)st.st_size;
    }
  }
  close(fd);
  return p;
}

char *tool_read_input(const char *path, size_t *len, StrBuf *err) {
  return tool_read_input_max(path, len, TOOL_DEFAULT_MAX_INPUT, err);
}

bool tool_output_is_input(const char *output, const char *input, StrBuf *err) {
  struct stat so, si;
  if (!strcmp(output, "-") || !strcmp(input, "-")) return false;
  if (stat(output, &so) != 0 || stat(input, &si) != 0 || !S_ISREG(so.st_mode)) return false;
  if (so.st_dev != si.st_dev || so.st_ino != si.st_ino) return false;
  sb_printf(err, "output file '%s' is the input file '%s'; refusing to overwrite it", output,
            input);
  return true;
}

/* The file a path names after following symbolic links (malloc'd), or a
 * copy of path when it is not a link or the link dangles. */
static char *resolve_target(const char *path) {
  struct stat st;
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
    char *r = realpath(path, NULL);
    if (r) return r;
    /* a dangling link: its target (one level), relative to the link's folder */
    char buf[PATH_MAX];
    ssize_t n = readlink(path, buf, sizeof buf - 1);
    if (n > 0) {
      buf[n] = 0;
      const char *slash = strrchr(path, '/');
      StrBuf t = {0};
      if (buf[0] != '/' && slash) sb_putn(&t, path, (size_t)(slash - path + 1));
      sb_puts(&t, buf);
      return sb_take(&t);
    }
  }
  return xstrndup(path, strlen(path));
}

bool tool_output_open(ToolOutput *o, const char *path, StrBuf *err) {
  memset(o, 0, sizeof *o);
  o->path = xstrndup(path, strlen(path));
  if (!strcmp(path, "-")) {
    o->f = stdout;
    o->is_stdout = o->stream = true;
    return true;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if ((exists && !S_ISREG(st.st_mode)) || !strncmp(path, "/dev/", 5) ||
      !strncmp(path, "/proc/", 6)) {
    /* /dev/stdout (even when it leads to a regular file), /dev/null, a
     * FIFO: written in place (appending, so a redirected stdout keeps what
     * is already in it), never renamed over or removed */
    struct stat fs;
    int fds[2] = {1, 2};
    for (int i = 0; i < 2; i++)
      if (exists && fstat(fds[i], &fs) == 0 && fs.st_dev == st.st_dev && fs.st_ino == st.st_ino) {
        o->f = i ? stderr : stdout; /* share the stream (and its file offset) */
        o->is_stdout = o->stream = true;
        return true;
      }
    o->f = fopen(path, exists && S_ISREG(st.st_mode) ? "ab" : "wb");
    if (!o->f) goto fail;
    o->stream = true;
    return true;
  }
  /* A regular file (or a new one): written to a temporary file beside the
   * target (through symbolic links) and renamed over it on success. */
  o->target = resolve_target(path);
  size_t tl = strlen(o->target);
  o->tmp = xmalloc(tl + 16);
  memcpy(o->tmp, o->target, tl);
  memcpy(o->tmp + tl, ".tmp-XXXXXX", 12);
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    int e = errno;
    free(o->tmp);
    o->tmp = NULL;
    if (exists) {
      /* no temporary file beside it (a read-only directory): the existing
       * file is written in place, as LLVM does */
      o->f = fopen(o->target, "wb");
      if (o->f) return true;
      e = errno;
    }
    errno = e; /* a missing directory, no permission */
    goto fail;
  }
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
  o->f = fdopen(fd, "wb");
  if (!o->f) {
    int e = errno;
    close(fd);
    unlink(o->tmp);
    errno = e;
    goto fail;
  }
  return true;
fail:
  sb_printf(err, "cannot open output file '%s': %s", path, strerror(errno));
  free(o->path);
  free(o->tmp);
  free(o->target);
  memset(o, 0, sizeof *o);
  return false;
}

void tool_output_write(void *user, const char *s, size_t n) {
  ToolOutput *o = user;
  if (!o->f || o->write_errno || !n) return;
  if (fwrite(s, 1, n, o->f) != n) o->write_errno = errno ? errno : EIO;
}

bool tool_output_finish(ToolOutput *o, const char *data, size_t n, bool success,
                        StrBuf *err) {
  bool ok = true;
  if (!o->f) return false;
  if (o->write_errno) {
    sb_printf(err, "IO failure on output stream: %s", strerror(o->write_errno));
    ok = false;
  } else if (success || o->stream) {
    errno = 0;
    if ((n && fwrite(data, 1, n, o->f) != n) || fflush(o->f) != 0) {
      sb_printf(err, "IO failure on output stream: %s", strerror(errno ? errno : EIO));
      ok = false;
    }
  }
  if (!o->is_stdout) {
    if (fclose(o->f) != 0 && ok) {
      sb_printf(err, "IO failure on output stream: %s", strerror(errno));
      ok = false;
    }
  }
  if (o->tmp) {
    if (success && ok && rename(o->tmp, o->target) != 0) {
      sb_printf(err, "cannot write output file '%s': %s", o->path, strerror(errno));
      ok = false;
    }
    if (!success || !ok) unlink(o->tmp); /* only ever the file we made */
  }
  o->f = NULL;
  free(o->path);
  free(o->tmp);
  free(o->target);
  o->path = o->tmp = o->target = NULL;
  return ok;
}

bool tool_is_tile_bytecode(const char *buf, size_t len) {
  return bc_is_tile_bytecode(buf, len);
}

const char *const tool_verify_level_names[] = {"all", "only-expected", NULL};

ToolVerifyLevel tool_verify_level(const char *value) {
  if (!value) return TOOL_VERIFY_NONE;
  return strcmp(value, "only-expected") == 0 ? TOOL_VERIFY_ONLY_EXPECTED : TOOL_VERIFY_ALL;
}

int tool_run_file(const ToolDriver *d, const char *prog, const char *input,
                  const char *output) {
  StrBuf msg = {0}, out = {0};
  size_t len = 0;
  int rc = 1;
  char *mapped = map_input(input, &len, d->max_input);
  char *text = mapped ? mapped : tool_read_input_max(input, &len, d->max_input, &msg);
  if (!text) {
    fprintf(stderr, "%s\n", sb_cstr(&msg));
    goto done;
  }
  if (tool_output_is_input(output, input, &msg)) {
    fprintf(stderr, "%s: %s\n", prog, sb_cstr(&msg));
    goto done;
  }
  ToolOutput o;
  if (!tool_output_open(&o, output, &msg)) {
    fprintf(stderr, "%s\n", sb_cstr(&msg));
    goto done;
  }
  /* Output is handed to the file as it is made (when the tool streams it):
   * a failed run removes the file as before, and stdout gets everything
   * either way. */
  ToolDriver run = *d;
  run.sink = (ToolSink){tool_output_write, &o};
  if (mapped) {
    run.mapped = mapped;
    run.mapped_len = len;
  }
  bool ok = tool_driver_run(&run, tool_input_display_name(input), text, len, &out);
  if (!tool_output_finish(&o, out.s, out.len, ok, &msg)) {
    fprintf(stderr, "%s: %s\n", prog, sb_cstr(&msg));
    ok = false;
  }
  rc = ok ? 0 : 1;
done:
  if (mapped) munmap(mapped, len);
  else free(text);
  sb_free(&msg);
  sb_free(&out);
  return rc;
}
