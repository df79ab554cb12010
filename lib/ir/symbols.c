/* symbols.c — symbol names (`sym_name`) and lookups through symbol tables. */
#include "ir/ir_internal.h"

/* `sym_name` in one dictionary, found by scanning its keys (length first)
 * instead of interning "sym_name" for every query: the verifier asks this of
 * every op directly inside a symbol table. */
static const IrAttr *find_sym_name(const IrAttr *dict) {
  static const char key[] = "sym_name";
  for (uint32_t i = 0; dict && i < dict->nelems; i++) {
    const IrIdent *k = dict->names[i];
    if (k->len == sizeof key - 1 && !memcmp(k->str, key, sizeof key - 1)) return dict->elems[i];
  }
  return NULL;
}

const IrIdent *ir_symbol_name(const IrOp *op) {
  const IrAttr *a = find_sym_name(op->props); /* properties first, as ir_op_attr */
  if (!a) a = find_sym_name(op->attrs);
  return ir_attr_is(a, &ir_string_attr_def) ? a->str : NULL;
}

IrOp *ir_symbol_lookup(IrOp *table, const IrIdent *name) {
  if (!table || table->nregions == 0) return NULL;
  for (IrBlock *b = ir_op_regions(table)[0].first; b; b = b->next)
    for (IrOp *o = b->first; o; o = o->next)
      if (ir_symbol_name(o) == name) return o;
  return NULL;
}

IrOp *ir_symbol_table_of(IrOp *op) {
  for (IrOp *p = ir_op_parent_op(op); p; p = ir_op_parent_op(p))
    if (p->info->traits & IR_TRAIT_SYMBOL_TABLE) return p;
  return NULL;
}

IrOp *ir_symbol_resolve(IrOp *from, const IrAttr *ref) {
  if (!ir_attr_is(ref, &ir_symref_attr_def)) return NULL;
  for (IrOp *t = (from->info->traits & IR_TRAIT_SYMBOL_TABLE) ? from : ir_symbol_table_of(from);
       t; t = ir_symbol_table_of(t)) {
    IrOp *o = ir_symbol_lookup(t, ref->str);
    for (uint32_t i = 0; o && i < ref->nelems; i++)
      o = ir_symbol_lookup(o, ref->elems[i]->str);
    if (o) return o;
  }
  return NULL;
}
