/* register.c — the one place that lists every dialect libctile ships.  Each
 * dialect exposes `const IrDialect <name>_dialect` from its own folder. */
#include "dialect/dialects.h"

#include "asm/asm.h"

void ctile_register_all(IrContext *ctx) {
  asm_install_printers(ctx);
}
