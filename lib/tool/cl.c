/* cl.c — command lines with llvm::cl's conventions and messages.
 *
 * Every option takes one or two leading dashes ("-split-input-file" ==
 * "--split-input-file"); values follow '=' ("--pass-pipeline=X"), and
 * options that require one may take the next argument instead ("-o out").
 * Booleans accept =true/false/1/0 (and TRUE/True/FALSE/False); a bare "-"
 * or anything without a leading dash is the positional input; "--" ends the
 * options.  Errors use LLVM's exact wording, e.g.
 *   ctile-opt: Unknown command line argument '--foo'.  Try: 'ctile-opt --help'
 *   ctile-opt: Did you mean '--no-implicit-module'?
 *   ctile-opt: for the -o option: requires a value!
 * and a table option given twice is an error, as for LLVM's cl::opt. */
#include "tool/tool.h"

unsigned tool_edit_distance(const char *a, size_t na, const char *b, size_t nb) {
  unsigned *row = xmalloc((nb + 1) * sizeof *row);
  for (size_t j = 0; j <= nb; j++) row[j] = (unsigned)j;
  for (size_t i = 1; i <= na; i++) {
    unsigned diag = row[0];
    row[0] = (unsigned)i;
    for (size_t j = 1; j <= nb; j++) {
      unsigned up = row[j];
      unsigned best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  unsigned d = row[nb];
  free(row);
  return d;
}

/* LLVM's PrintArg: one dash for one-letter names, two otherwise. */
static const char *dashes(size_t n) { return n == 1 ? "-" : "--"; }

static const ToolOpt *lookup(const ToolCl *cl, const char *name, size_t n) {
  for (size_t i = 0; i < cl->nopts; i++) {
    const ToolOpt *o = &cl->opts[i];
    if (strlen(o->name) == n && !memcmp(o->name, name, n)) return o;
  }
  return NULL;
}

static bool takes_value(const ToolOpt *o) {
  return o->kind != TOOL_OPT_HELP;
}

/* The closest option name to `arg` for "Did you mean" (LookupNearestOption):
 * the part before '=' is compared for options that take values. */
static void suggest(const ToolCl *cl, const char *arg, StrBuf *err) {
  const char *eq = strchr(arg, '=');
  size_t lhs = eq ? (size_t)(eq - arg) : strlen(arg);
  const char *best = NULL;
  bool best_val = false;
  unsigned best_d = 0;
  size_t ndyn = 0;
  const char *const *dyn = cl->dynamic_names ? cl->dynamic_names(cl->user, &ndyn) : NULL;
  for (size_t i = 0; i < cl->nopts + ndyn; i++) {
    const char *name;
    bool val;
    if (i < cl->nopts) {
      const ToolOpt *o = &cl->opts[i];
      if (o->hidden) continue;
      name = o->name;
      val = takes_value(o);
    } else {
      name = dyn[i - cl->nopts];
      val = true;
    }
    size_t fl = val ? lhs : strlen(arg);
    unsigned d = tool_edit_distance(name, strlen(name), arg, fl);
    if (!best || d < best_d) {
      best = name;
      best_d = d;
      best_val = val;
    }
  }
  if (!best) return;
  sb_printf(err, "%s: Did you mean '%s%s", cl->prog, dashes(strlen(best)), best);
  if (eq && eq[1] && best_val) sb_printf(err, "=%s", eq + 1);
  sb_puts(err, "'?\n");
}

static bool opt_error(const ToolCl *cl, const ToolOpt *o, StrBuf *err, const char *fmt,
                      const char *arg) {
  sb_printf(err, "%s: for the %s%s option: ", cl->prog, dashes(strlen(o->name)),
            o->name);
  sb_printf(err, fmt, arg);
  sb_putc(err, '\n');
  return false;
}

static bool parse_bool(const char *v, bool *out) {
  static const char *const t[] = {"", "true", "TRUE", "True", "1"};
  static const char *const f[] = {"false", "FALSE", "False", "0"};
  for (size_t i = 0; i < 5; i++)
    if (!strcmp(v, t[i])) return *out = true, true;
  for (size_t i = 0; i < 4; i++)
    if (!strcmp(v, f[i])) return *out = false, true;
  return false;
}

/* Applies one occurrence of table option `o` (value NULL when absent);
 * `i` is advanced when the value is taken from the next argument. */
static bool apply(const ToolCl *cl, const ToolOpt *o, const char *value, int *i,
                  int argc, char **argv, int *seen, StrBuf *err) {
  if (o->kind == TOOL_OPT_ALIAS) {
    const ToolOpt *t = lookup(cl, o->alias_of, strlen(o->alias_of));
    if (!t) return opt_error(cl, o, err, "%s", "alias of an unknown option");
    return apply(cl, t, value, i, argc, argv, seen, err);
  }
  size_t idx = (size_t)(o - cl->opts);
  if (seen[idx]++ && o->kind != TOOL_OPT_HELP)
    return opt_error(cl, o, err, "%s", "may only occur zero or one times!");
  if (o->count) ++*o->count;
  switch (o->kind) {
  case TOOL_OPT_BOOL: {
    bool b = true;
    if (value && !parse_bool(value, &b))
      return opt_error(cl, o, err, "'%s' is invalid value for boolean argument! Try 0 or 1",
                       value);
    *(bool *)o->storage = b;
    return true;
  }
  case TOOL_OPT_HELP:
    if (value) return opt_error(cl, o, err, "does not allow a value! '%s' specified.", value);
    *(bool *)o->storage = true;
    return true;
  case TOOL_OPT_STRING:
    if (!value) {
      if (*i + 1 >= argc) return opt_error(cl, o, err, "%s", "requires a value!");
      value = argv[++*i];
    }
    *(const char **)o->storage = value;
    return true;
  case TOOL_OPT_OPTSTRING:
    *(const char **)o->storage = value ? value : o->implicit;
    return true;
  case TOOL_OPT_UINT: {
    if (!value) {
      if (*i + 1 >= argc) return opt_error(cl, o, err, "%s", "requires a value!");
      value = argv[++*i];
    }
    /* llvm::cl::parser<unsigned>: decimal digits only, no overflow. */
    uint64_t v = 0;
    bool okv = *value != 0;
    for (const char *c = value; okv && *c; c++) {
      if (*c < '0' || *c > '9' || v > (UINT32_MAX - (uint64_t)(*c - '0')) / 10) okv = false;
      else v = v * 10 + (uint64_t)(*c - '0');
    }
    if (!okv) return opt_error(cl, o, err, "'%s' value invalid for uint argument!", value);
    *(uint64_t *)o->storage = v;
    return true;
  }
  case TOOL_OPT_ENUM:
    if (!value) value = o->implicit;
    for (const char *const *v = o->values; v && *v; v++)
      if (!strcmp(*v, value)) {
        *(const char **)o->storage = *v;
        return true;
      }
    return opt_error(cl, o, err, "Cannot find option named '%s'!", value);
  case TOOL_OPT_ALIAS:
    break;
  }
  return false;
}

const char *tool_base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

bool tool_cl_parse(const ToolCl *cl, int argc, char **argv, StrBuf *err) {
  bool ok = true, dashdash = false;
  int *seen = xcalloc(cl->nopts + 1, sizeof *seen);
  int npos = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (dashdash || arg[0] != '-' || arg[1] == 0) {
      if (npos++ == 0 && cl->positional) *cl->positional = arg;
      continue;
    }
    if (!strcmp(arg, "--")) {
      dashdash = true;
      continue;
    }
    const char *name = arg + 1;
    if (*name == '-') name++;
    const char *eq = strchr(name, '=');
    size_t n = eq ? (size_t)(eq - name) : strlen(name);
    const char *value = eq ? eq + 1 : NULL;
    const ToolOpt *o = lookup(cl, name, n);
    if (o) {
      if (!apply(cl, o, value, &i, argc, argv, seen, err)) ok = false;
      continue;
    }
    if (n && cl->dynamic && cl->dynamic(cl->user, name, n, value)) continue;
    sb_printf(err, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n", cl->prog,
              arg, cl->argv0);
    suggest(cl, name, err);
    ok = false;
  }
  if (npos > 1) {
    sb_printf(err,
              "%s: Too many positional arguments specified!\n"
              "Can specify at most 1 positional arguments: See: %s --help\n",
              cl->prog, cl->argv0);
    ok = false;
  }
  free(seen);
  return ok;
}

/* "--name=<value>" as LLVM's help shows it. */
static void opt_spelling(const ToolOpt *o, StrBuf *b) {
  size_t n = strlen(o->name);
  sb_printf(b, "%s%s", dashes(n), o->name);
  const char *vd = o->value_desc;
  switch (o->kind) {
  case TOOL_OPT_STRING:
    sb_printf(b, "%s<%s>", n == 1 ? " " : "=", vd ? vd : "string");
    break;
  case TOOL_OPT_OPTSTRING:
    sb_printf(b, "[=<%s>]", vd ? vd : "string");
    break;
  case TOOL_OPT_UINT:
    sb_printf(b, "%s<%s>", n == 1 ? " " : "=", vd ? vd : "uint");
    break;
  case TOOL_OPT_ENUM:
    sb_puts(b, "[=<value>]");
    break;
  default:
    break;
  }
}

void tool_cl_help(const ToolCl *cl, const char *overview, const char *usage,
                  const char *extra, StrBuf *out) {
  if (overview) sb_printf(out, "OVERVIEW: %s\n\n", overview);
  sb_printf(out, "USAGE: %s %s\n\nOPTIONS:\n\n", cl->prog, usage ? usage : "[options]");
  size_t width = 0;
  for (size_t i = 0; i < cl->nopts; i++) {
    if (cl->opts[i].hidden) continue;
    StrBuf b = {0};
    opt_spelling(&cl->opts[i], &b);
    if (b.len > width) width = b.len;
    sb_free(&b);
  }
  for (size_t i = 0; i < cl->nopts; i++) {
    const ToolOpt *o = &cl->opts[i];
    if (o->hidden) continue;
    StrBuf b = {0};
    opt_spelling(o, &b);
    sb_printf(out, "  %-*s - %s\n", (int)width, sb_cstr(&b), o->desc ? o->desc : "");
    if (o->kind == TOOL_OPT_ENUM)
      for (const char *const *v = o->values; v && *v; v++)
        sb_printf(out, "    =%s\n", *v);
    sb_free(&b);
  }
  if (extra) sb_puts(out, extra);
}
