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

/* A memoized attribute parse at the current token, for texts that repeat
 * verbatim and end on a '>' (e.g. a dialect's constant `<i32: 0> : T<..>`):
 * fn parses it and returns it, or NULL after reporting an error; a text
 * already parsed by fn in the same context (pstrip_dialect, nesting room)
 * returns the same attribute with the text consumed.  As for
 * asm_parse_type_memo, fn's result must depend only on the text, arg
 * included (arg should be a constant), and it must not look past the
 * text's final '>'. */
typedef const IrAttr *(*AsmAttrMemoFn)(AsmParser *p, void *arg);
const IrAttr *asm_parse_attr_memo_here(AsmParser *p, AsmAttrMemoFn fn, void *arg);
/* The same for texts that end on `close` (']' for an array), a parse
 * being remembered only when keep (if not NULL) accepts its result. */
const IrAttr *asm_parse_attr_memo_at(AsmParser *p, AsmAttrMemoFn fn, void *arg, char close,
                                     bool (*keep)(const IrAttr *a));

#endif
