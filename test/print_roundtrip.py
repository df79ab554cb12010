#!/usr/bin/env python3
"""print_roundtrip.py — whatever ctile prints, it reads back (issue 18).

Property: for every program that parses and verifies — each `// -----` chunk
of the .mlir files under test/lit and examples, and the inputs of
../shared/oracle/cases — the custom and the generic print parse back, and
reprinting either gives the same text again:

    P = opt(x), G = opt -generic(x), G2 = opt -generic(P):
        opt(P) == P, opt(G) == P, opt -generic(G) == G, opt -generic(G2) == G2

(G2 may differ from G: the custom form does not spell everything the
generic one does, e.g. an absent `arg_attrs` versus `[]`, as NVIDIA's.)

and the same with --mlir-print-debuginfo (locations, their aliases) for
the custom form.  NVIDIA's bytecode (oracle V.tileirbc) read with
`ctile-translate -cudatilebc-to-mlir` must parse back and reprint to the
same text as well (B = translate(bc): opt -no-implicit-module(B) == B).

Chunks that do not parse or verify are skipped (they test diagnostics).
Uses `ctile-opt` / `ctile-translate` from PATH (lit puts the build's bin/
first) or --bin.  Prints each failure with its first differing line and
exits 1 if any; the last line is "N checked, N failed (N skipped)".
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys

MARKER = "// -----"


def split_chunks(text):
    """MLIR's split: cut at each marker (the chunk goes on after it)."""
    cut = MARKER[:-2]
    parts = text.split(cut)
    out = [parts[0]]
    for p in parts[1:]:
        if len(p) > 2 and p[:2] == "--" and p[2] != "0":
            out.append(p[2:])
        else:  # a near miss: not a split
            out[-1] += cut + p
    return [c for c in out if c.strip()]


def run(args, data):
    try:
        r = subprocess.run(args, input=data, capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return 124, b""
    return r.returncode, r.stdout


def first_diff(a, b):
    la, lb = a.decode(errors="replace").split("\n"), b.decode(errors="replace").split("\n")
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d:\n    got:  %s\n    want: %s" % (i + 1, x[:200], y[:200])
    return "line %d: one text ends early (%d vs %d lines)" % (min(len(la), len(lb)) + 1, len(la), len(lb))


def check_text(opt, name, data, flags):
    """Returns (status, message): status 'skip', 'ok' or 'fail'."""
    base = [opt, "--allow-unregistered-dialect"] + flags
    rc, p = run(base, data)
    if rc != 0:
        return "skip", ""
    rc, g = run(base + ["-mlir-print-op-generic"], data)
    if rc != 0:
        return "fail", "%s: the generic print of a verified program failed" % name
    rc, g2 = run(base + ["-mlir-print-op-generic"], p)
    if rc != 0:
        return "fail", "%s: custom -> generic: reading the printed text back failed" % name
    checks = [("custom -> custom", base, p, p), ("generic -> custom", base, g, p),
              ("generic -> generic", base + ["-mlir-print-op-generic"], g, g),
              ("custom -> generic -> generic", base + ["-mlir-print-op-generic"], g2, g2)]
    if "--mlir-print-debuginfo" not in flags:
        rc, d = run(base + ["--mlir-print-debuginfo"], data)
        if rc == 0:
            checks.append(("debuginfo -> debuginfo", base + ["--mlir-print-debuginfo"], d, d))
    for what, args, inp, want in checks:
        rc, got = run(args, inp)
        if rc != 0:
            return "fail", "%s: %s: reading the printed text back failed" % (name, what)
        if got != want:
            return "fail", "%s: %s: reprint differs at %s" % (name, what, first_diff(got, want))
    return "ok", ""


def check_bytecode(opt, translate, path):
    rc, b = run([translate, "-cudatilebc-to-mlir", path], b"")
    if rc != 0:
        return "skip", ""
    rc, got = run([opt, "-no-implicit-module"], b)
    if rc != 0:
        return "fail", "%s: the text read from bytecode does not parse back" % path
    if got.rstrip(b"\n") != b.rstrip(b"\n"):
        return "fail", "%s: reprint of the text read from bytecode differs at %s" % (
            path, first_diff(got, b))
    return "ok", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--bin", default="")
    ap.add_argument("--oracle", default="")
    ap.add_argument("-j", type=int, default=min(4, os.cpu_count() or 1))
    a = ap.parse_args()
    opt = os.path.join(a.bin, "ctile-opt") if a.bin else "ctile-opt"
    translate = os.path.join(a.bin, "ctile-translate") if a.bin else "ctile-translate"
    oracle = a.oracle or os.path.join(a.root, "..", "shared", "oracle", "cases")

    jobs = []
    files = sorted(glob.glob(os.path.join(a.root, "test", "lit", "**", "*.mlir"), recursive=True))
    files += sorted(glob.glob(os.path.join(a.root, "examples", "**", "*.mlir"), recursive=True))
    if os.path.isdir(oracle):
        files += sorted(glob.glob(os.path.join(oracle, "*", "input.mlir")))
    for f in files:
        with open(f, "rb") as fh:
            text = fh.read().decode("utf-8", errors="replace")
        for i, c in enumerate(split_chunks(text)):
            jobs.append(("text", "%s#%d" % (os.path.relpath(f, a.root), i), c.encode()))
    if os.path.isdir(oracle):
        for bc in sorted(glob.glob(os.path.join(oracle, "*", "*.tileirbc"))):
            jobs.append(("bc", bc, None))

    def one(job):
        kind, name, data = job
        if kind == "bc":
            return check_bytecode(opt, translate, name)
        return check_text(opt, name, data, [])

    checked = failed = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        for status, msg in ex.map(one, jobs):
            if status == "skip":
                skipped += 1
                continue
            checked += 1
            if status == "fail":
                failed += 1
                print("FAIL " + msg)
    print("%d checked, %d failed (%d skipped)" % (checked, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
