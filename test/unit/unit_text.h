/* unit_text.h — text a C API print callback hands over in pieces, gathered
 * into one growing NUL-terminated buffer (callers free `buf`). */
#ifndef CTILE_UNIT_TEXT_H
#define CTILE_UNIT_TEXT_H

#include <stdlib.h>
#include <string.h>

#include "ctile/ctile.h"

typedef struct GrowText {
  char *buf;
  size_t len, cap;
  int calls; /* pieces received */
} GrowText;

/* A CtileStringCallback: appends piece to the GrowText at user. */
static inline void grow_text_append(CtileStringRef piece, void *user) {
  GrowText *t = user;
  t->calls++;
  if (t->len + piece.length + 1 > t->cap) {
    t->cap = 2 * (t->len + piece.length + 1);
    t->buf = realloc(t->buf, t->cap);
  }
  memcpy(t->buf + t->len, piece.data, piece.length);
  t->len += piece.length;
  t->buf[t->len] = 0;
}

#endif
