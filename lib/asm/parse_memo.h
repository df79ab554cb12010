/* parse_memo.h — additions to the hook API (asm.h) for memoizing what a
 * dialect parses from source text that repeats (types, constants); the
 * implementations are in parse_types.c and parse_attrs.c.  Kept apart from
 * asm.h so that those files' owner can extend them without touching the
 * shared header. */
#ifndef CTILE_ASM_PARSE_MEMO_H
#define CTILE_ASM_PARSE_MEMO_H

#include "asm/asm.h"

/* asm_parse_type_memo for a text starting at the current token. */
const IrType *asm_parse_type_memo_here(AsmParser *p, AsmTypeMemoFn fn, void *arg);

#endif
