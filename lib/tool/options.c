/* options.c — tool settings carried by a context: a DictionaryAttr in the
 * state slot TOOL_OPTIONS_SLOT (see tool.h).  Flags that change what library
 * code does go through the library's typed setters instead
 * (ct_set_warn_unsupported_hints, rw_set_verify_each, ...).  The dictionary
 * is uniqued and immortal in the context: nothing to free. */
#include "tool/tool.h"

void tool_ctx_set_option(IrContext *ctx, const char *key, const IrAttr *value) {
  const IrAttr *d = ir_ctx_dialect_state(ctx, TOOL_OPTIONS_SLOT);
  d = ir_dict_set(ctx, d, ir_identz(ctx, key), value);
  ir_ctx_set_dialect_state(ctx, TOOL_OPTIONS_SLOT, (void *)d, NULL);
}

void tool_ctx_set_flag(IrContext *ctx, const char *key, bool on) {
  tool_ctx_set_option(ctx, key, ir_bool_attr(ctx, on));
}

const IrAttr *tool_ctx_option(IrContext *ctx, const char *key) {
  return ir_dict_getz(ctx, ir_ctx_dialect_state(ctx, TOOL_OPTIONS_SLOT), key);
}

bool tool_ctx_flag(IrContext *ctx, const char *key, bool dflt) {
  const IrAttr *a = tool_ctx_option(ctx, key);
  if (a == ir_bool_attr(ctx, true)) return true;
  if (a == ir_bool_attr(ctx, false)) return false;
  return dflt;
}
