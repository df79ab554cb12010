#!/usr/bin/env python3
"""tokens.py — the token-graph check of nv_tileaa canonicalization.

Usage: tokens.py BEFORE.mlir AFTER.mlir   (both printed by ctile-opt)

For every function of AFTER (matched to BEFORE by name):
  1. dominance: every memory op's token operand is a function/block argument
     or is defined earlier in the same region or an enclosing one;
  2. chain position: the memory ops of AFTER are those of BEFORE in the same
     order (an op may only disappear or, for atomic_rmw/atomic_cas, become a
     load), and a surviving op whose token comes directly from a memory op
     (before or after) has the same memory predecessor on both sides, where a
     removed op forwards its incoming token.  Tokens that reach an op through
     control flow (scf results, block arguments) may be re-routed by the
     generic scf canonicalizations; the execution runs cover those.
Prints "tokens: ok N memory ops" or one "tokens: FAIL ..." line per problem;
exit status 1 on failure."""
import re, sys

MEM = ("load", "store", "tiled_load", "tiled_store", "gather_load", "scatter_store",
       "atomic_cas", "atomic_rmw", "tiled_atomic_rmw")
OP_RE = re.compile(r"^\s*(?:(%[\w$.-]+)(?::\d+)? = )?([\w.]+)\b(.*)$")
FUNC_RE = re.compile(r"nv_tileaa\.func @([\w$.-]+)\((.*?)\)\s*(?:->|attributes|\{)")


def parse(path):
    """{func: [op dicts]} with name, result, operands text, token, path (region ids)."""
    funcs, cur, stack, nregion = {}, None, [], 0
    for ln, line in enumerate(open(path, encoding="utf-8")):
        m = FUNC_RE.search(line)
        if m:
            cur = funcs.setdefault(m.group(1), {"ops": [], "args": set()})
            cur["args"].update(re.findall(r"%[\w$.-]+", m.group(2)))
        s = line.strip()
        if cur is not None and s.startswith("^"):
            cur["args"].update(re.findall(r"%[\w$.-]+", s))
        om = OP_RE.match(line)
        if cur is not None and om and not s.startswith("^") and not s.startswith("}"):
            res, name, rest = om.group(1), om.group(2), om.group(3)
            # region-block args of scf.for etc. (iter_args(%a = ...)) count as defined
            for a in re.findall(r"(%[\w$.-]+) = ", rest):
                cur["args"].add(a)
            for a in re.findall(r"for (%[\w$.-]+) = ", line):
                cur["args"].add(a)
            op = {"line": ln, "res": res, "name": name, "rest": rest,
                  "path": tuple(stack), "token": None}
            if name.startswith("nv_tileaa.") and name[10:] in MEM:
                head = re.split(r" \{| : ", rest, maxsplit=1)[0]
                types = rest.split(" : ", 1)[1] if " : " in rest else ""
                ins = types.split(" -> ")[0]
                if ins.rstrip().endswith("!nv_tileaa.mem_token"):
                    toks = re.findall(r"%[\w$.-]+(?:#\d+)?", head)
                    op["token"] = toks[-1] if toks else None
            cur["ops"].append(op)
        opens, closes = line.count("{") - line.count("{{"), line.count("}")
        # only structural braces (attribute dicts open and close on one line)
        net = opens - closes
        while net > 0:
            nregion += 1
            stack.append(nregion)
            net -= 1
        while net < 0 and stack:
            stack.pop()
            net += 1
    return funcs


def resolve(ops, tok, user):
    """The op defining value tok as seen from op `user`: the latest earlier
    definition whose region encloses the user's (None: an argument or not
    dominating)."""
    base = tok.split("#")[0]
    best = None
    for o in ops:
        if o["line"] >= user["line"]:
            break
        if o["res"] == base and user["path"][:len(o["path"])] == o["path"]:
            best = o
    return best


def check_func(fname, before, after, errors):
    def is_mem(o):
        return o["name"].startswith("nv_tileaa.") and o["name"][10:] in MEM
    mem_after = [o for o in after["ops"] if is_mem(o)]
    mem_before = [o for o in before["ops"] if is_mem(o)]
    # 1. dominance (printed names are reused in sibling regions: a use sees
    # the latest earlier definition in its region or an enclosing one)
    for op in mem_after:
        t = op["token"]
        if not t:
            continue
        if t.split("#")[0] in after["args"]:
            continue
        if not resolve(after["ops"], t, op):
            errors.append("tokens: FAIL @%s: token %s of %s (line %d) does not dominate it"
                          % (fname, t, op["name"], op["line"] + 1))
    # 2. align memory ops (same order; removals; atomic -> load)
    align, i = {}, 0
    for j, op in enumerate(mem_after):
        while i < len(mem_before):
            b = mem_before[i]["name"]
            if b == op["name"] or (op["name"] == "nv_tileaa.load" and "atomic" in b):
                align[j] = i
                i += 1
                break
            i += 1
        else:
            errors.append("tokens: FAIL @%s: memory op %s (line %d) has no counterpart"
                          % (fname, op["name"], op["line"] + 1))
            return
    kept = set(align.values())

    def producer(ops, funcargs, tok, user, removed):
        """The memory op producing tok for `user`, following removed ops'
        incoming tokens; or a description of a non-memory producer."""
        while tok:
            base = tok.split("#")[0]
            o = resolve(ops, tok, user)
            if o is None:
                return ("arg", base) if base in funcargs else ("unknown", base)
            if o["name"].startswith("nv_tileaa.") and o["name"][10:] in MEM:
                if removed is not None and id(o) in removed:
                    tok, user = o["token"], o
                    continue
                return ("mem", id(o))
            return ("op", o["name"])
        return ("none", None)

    removed = {id(b) for k, b in enumerate(mem_before) if k not in kept}
    for j, op in enumerate(mem_after):
        b = mem_before[align[j]]
        pa = producer(after["ops"], after["args"], op["token"], op, None)
        pb = producer(before["ops"], before["args"], b["token"], b, removed)
        if pa[0] == "mem":
            ja = next(k for k, o in enumerate(mem_after) if id(o) == pa[1])
            pa = ("mem", id(mem_before[align[ja]]))
        # A memory predecessor must stay the same memory op.  Where the token
        # comes through control flow or an argument on either side, generic
        # scf canonicalization may legally re-route it (an scf.if folded into
        # a select of tokens, a forwarded yield): the runs check those.
        if (pa[0] == "mem" or pb[0] == "mem") and pa != pb:
            errors.append("tokens: FAIL @%s: %s (line %d) moved in the token chain (%s vs %s)"
                          % (fname, op["name"], op["line"] + 1, pa[0], pb[0]))
    return len(mem_after)


def main():
    before, after = parse(sys.argv[1]), parse(sys.argv[2])
    errors, n = [], 0
    for f in after:
        if f not in before:
            errors.append("tokens: FAIL function @%s is new" % f)
            continue
        n += check_func(f, before[f], after[f], errors) or 0
    for e in errors:
        print(e)
    if not errors:
        print("tokens: ok %d memory ops" % n)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
