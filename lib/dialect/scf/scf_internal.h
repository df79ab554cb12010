/* scf_internal.h — the hooks of the scf op rows (syntax.c, verify.c) and
 * the helpers they share.  Internal to lib/dialect/scf. */
#ifndef CTILE_SCF_INTERNAL_H
#define CTILE_SCF_INTERNAL_H

#include "asm/asm.h"
#include "dialect/scf/scf.h"

#define SCF_ATTRS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* syntax.c */
bool scf_parse_condition(AsmParser *p, IrOpState *st);
void scf_print_condition(AsmPrinter *p, IrOp *op);
bool scf_parse_execute_region(AsmParser *p, IrOpState *st);
void scf_print_execute_region(AsmPrinter *p, IrOp *op);
bool scf_parse_for(AsmParser *p, IrOpState *st);
void scf_print_for(AsmPrinter *p, IrOp *op);
bool scf_parse_if(AsmParser *p, IrOpState *st);
void scf_print_if(AsmPrinter *p, IrOp *op);
bool scf_parse_index_switch(AsmParser *p, IrOpState *st);
void scf_print_index_switch(AsmPrinter *p, IrOp *op);
bool scf_parse_while(AsmParser *p, IrOpState *st);
void scf_print_while(AsmPrinter *p, IrOp *op);
bool scf_parse_yield(AsmParser *p, IrOpState *st);
void scf_print_yield(AsmPrinter *p, IrOp *op);

/* verify.c */
bool scf_verify_condition(IrOp *op);
bool scf_verify_execute_region(IrOp *op);
bool scf_verify_for(IrOp *op);
bool scf_verify_for_regions(IrOp *op);
bool scf_verify_if(IrOp *op);
bool scf_verify_if_regions(IrOp *op);
bool scf_verify_index_switch(IrOp *op);
bool scf_verify_while_regions(IrOp *op);

/* fold.c */
struct RwPatternSet;
void scf_add_canonicalization_patterns(struct RwPatternSet *set, IrContext *ctx);

/* The terminator of region r's first block (NULL when empty or missing). */
IrOp *scf_region_terminator(IrOp *op, unsigned r);

#endif
