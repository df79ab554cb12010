/* strbuf.c — the growable string builder and an extensible printf-style
 * formatter (standard conversions via snprintf, one argument at a time, plus
 * caller-defined letters such as the IR's %T for types). */
#include "support/support.h"

#include <stdio.h>
#include <stdlib.h>

void sb_grow_(StrBuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t nc = b->cap ? b->cap * 2 : 64;
  while (nc < b->len + extra + 1) nc *= 2;
  b->s = xrealloc(b->s, nc);
  b->cap = nc;
}

void sb_putstr(StrBuf *b, Str s) { sb_putn(b, s.s, s.n); }

/* Counts the digits, then writes them in place right to left, two at a
 * time from a pair table. */
void sb_put_uint(StrBuf *b, uint64_t v) {
  static const char pairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  size_t nd = 1;
  for (uint64_t t = v; t >= 10; t /= 10) nd++;
  sb_reserve(b, nd);
  char *end = b->s + b->len + nd, *d = end;
  while (v >= 100) {
    unsigned r = (unsigned)(v % 100);
    v /= 100;
    *--d = pairs[2 * r + 1];
    *--d = pairs[2 * r];
  }
  if (v >= 10) {
    *--d = pairs[2 * v + 1];
    *--d = pairs[2 * v];
  } else {
    *--d = (char)('0' + v);
  }
  *end = 0;
  b->len += nd;
}

/* INT64_MIN negates in unsigned arithmetic. */
void sb_put_int(StrBuf *b, int64_t v) {
  if (v < 0) {
    sb_putc(b, '-');
    sb_put_uint(b, 0 - (uint64_t)v);
  } else {
    sb_put_uint(b, (uint64_t)v);
  }
}

/* Formats straight into the spare capacity; only output that does not fit
 * is formatted a second time, after growing. */
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) {
  sb_reserve(b, 32);
  size_t avail = b->cap - b->len;
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(b->s + b->len, avail, fmt, ap2);
  va_end(ap2);
  if (n < 0) {
    b->s[b->len] = 0;
    return;
  }
  if ((size_t)n >= avail) {
    sb_reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  }
  b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

void sb_clear(StrBuf *b) {
  b->len = 0;
  if (b->s) b->s[0] = 0;
}

void sb_free(StrBuf *b) {
  free(b->s);
  memset(b, 0, sizeof *b);
}

char *sb_take(StrBuf *b) {
  char *s = b->s ? b->s : xstrndup("", 0);
  memset(b, 0, sizeof *b);
  return s;
}

const char *sb_cstr(StrBuf *b) { return b->s ? b->s : ""; }

/* sb_printf without format checking: the format is assembled at run time. */
static void sb_printf_nocheck(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

/* Formats one standard conversion whose spec is spec[0..n) (starting at '%'),
 * pulling its argument(s) from ap according to the length modifier. */
static void fmt_one(StrBuf *b, const char *spec, size_t n, char conv,
                    const char *lenmod, va_list *ap, bool star_w, bool star_p) {
  char f[64];
  if (n >= sizeof f) n = sizeof f - 1;
  memcpy(f, spec, n);
  f[n] = 0;
  int w = star_w ? va_arg(*ap, int) : 0;
  int p = star_p ? va_arg(*ap, int) : 0;
#define EMIT(val)                                                        \
  do {                                                                   \
    if (star_w && star_p) sb_printf_raw(b, f, w, p, val);                \
    else if (star_w) sb_printf_raw(b, f, w, val);                        \
    else if (star_p) sb_printf_raw(b, f, p, val);                        \
    else sb_printf_raw(b, f, val);                                       \
  } while (0)
#define sb_printf_raw(...) sb_printf_nocheck(__VA_ARGS__)
  switch (conv) {
  case 'd': case 'i':
    if (!strcmp(lenmod, "ll")) EMIT(va_arg(*ap, long long));
    else if (!strcmp(lenmod, "l")) EMIT(va_arg(*ap, long));
    else if (!strcmp(lenmod, "z")) EMIT(va_arg(*ap, ptrdiff_t));
    else if (!strcmp(lenmod, "j")) EMIT(va_arg(*ap, intmax_t));
    else if (!strcmp(lenmod, "t")) EMIT(va_arg(*ap, ptrdiff_t));
    else EMIT(va_arg(*ap, int));
    break;
  case 'u': case 'x': case 'X': case 'o':
    if (!strcmp(lenmod, "ll")) EMIT(va_arg(*ap, unsigned long long));
    else if (!strcmp(lenmod, "l")) EMIT(va_arg(*ap, unsigned long));
    else if (!strcmp(lenmod, "z")) EMIT(va_arg(*ap, size_t));
    else if (!strcmp(lenmod, "j")) EMIT(va_arg(*ap, uintmax_t));
    else if (!strcmp(lenmod, "t")) EMIT(va_arg(*ap, size_t));
    else EMIT(va_arg(*ap, unsigned));
    break;
  case 'c': EMIT(va_arg(*ap, int)); break;
  case 's': EMIT(va_arg(*ap, const char *)); break;
  case 'p': EMIT(va_arg(*ap, void *)); break;
  default: EMIT(va_arg(*ap, double)); break; /* f e g a F E G A */
  }
#undef EMIT
#undef sb_printf_raw
}

void sb_vformat(StrBuf *b, const char *fmt, va_list *ap,
                const char *ext_letters, SbExtFn ext, void *user) {
  const char *p = fmt;
  while (*p) {
    const char *pct = strchr(p, '%');
    if (!pct) {
      sb_puts(b, p);
      return;
    }
    sb_putn(b, p, (size_t)(pct - p));
    const char *q = pct + 1;
    if (*q == '%') {
      sb_putc(b, '%');
      p = q + 1;
      continue;
    }
    bool star_w = false, star_p = false;
    while (*q && strchr("-+ #0", *q)) q++;
    if (*q == '*') { star_w = true; q++; }
    else while (*q >= '0' && *q <= '9') q++;
    if (*q == '.') {
      q++;
      if (*q == '*') { star_p = true; q++; }
      else while (*q >= '0' && *q <= '9') q++;
    }
    char lenmod[3] = {0};
    if ((q[0] == 'h' && q[1] == 'h') || (q[0] == 'l' && q[1] == 'l')) {
      lenmod[0] = q[0]; lenmod[1] = q[1]; q += 2;
    } else if (*q && strchr("hlzjtL", *q)) {
      lenmod[0] = *q++;
    }
    char conv = *q;
    if (!conv) { sb_puts(b, pct); return; }
    if (ext_letters && strchr(ext_letters, conv)) {
      ext(b, conv, ap, user);
    } else if (strchr("diuxXocspfeEgGaAF", conv)) {
      fmt_one(b, pct, (size_t)(q - pct + 1), conv, lenmod, ap, star_w, star_p);
    } else {
      sb_putn(b, pct, (size_t)(q - pct + 1));
    }
    p = q + 1;
  }
}
