/* unit_lex.h — the reference the lexer tests check positions against. */
#ifndef CTILE_UNIT_LEX_H
#define CTILE_UNIT_LEX_H

#include <stddef.h>

/* Naive 1-based line and column of offset `off` in s. */
static inline void naive_line_col(const char *s, size_t off, unsigned *line, unsigned *col) {
  unsigned l = 1;
  size_t start = 0;
  for (size_t i = 0; i < off; i++)
    if (s[i] == '\n') {
      l++;
      start = i + 1;
    }
  *line = l;
  *col = (unsigned)(off - start) + 1;
}

#endif
