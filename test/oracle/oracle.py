#!/usr/bin/env python3
# test/oracle/oracle.py — differential test of ctile against NVIDIA's recorded outputs.
#
# For every case folder of ../shared/oracle/cases (NVIDIA cuda-tile v13.3.2 outputs, see
# its README) this runs, inside the folder, the same commands NVIDIA's tools ran and
# compares the results exactly:
#   opt      ctile-opt -no-implicit-module input.mlir                     == opt.mlir
#   generic  ctile-opt -no-implicit-module -mlir-print-op-generic ...     == generic.mlir
#   wV       ctile-translate -mlir-to-cudatilebc -no-implicit-module
#              --bytecode-version=V input.mlir -o X                       == V.tileirbc (bytes)
#   rV       ctile-translate -cudatilebc-to-mlir V.tileirbc               == V.frombc.mlir
#   refV     where V.refused.txt exists: the write must exit non-zero (not by a signal)
#            with a located "FILE:LINE[:COL]: error:" diagnostic.
# A failing check prints the case, the kind, and the first differing line (text) or byte
# offset (bytecode). Checks listed in the known-failures file ("case kind" per line, '#'
# comments) are expected to fail: they count as passed while they fail, and as failed
# ("unexpectedly passes, remove it from the list") once they pass, so the list only shrinks.
# The last line is "oracle: N passed, N failed". Only the Python standard library is used.
import argparse
import os
import re
import subprocess
import sys
import tempfile

VERSIONS = ("13.1", "13.2", "13.3")
TIMEOUT = 60
LOCATED = re.compile(r"^[^\n:]+:\d+(:\d+)?: error: ", re.M)


def run(argv, cwd):
    """Runs argv in cwd; returns (exit code, stdout bytes, stderr bytes). A timeout is rc -9."""
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -9, b"", b"timed out"


def first_text_diff(got, want):
    """Describes the first differing line of two byte strings, or None when equal."""
    if got == want:
        return None
    g = got.decode("utf-8", "replace").split("\n")
    w = want.decode("utf-8", "replace").split("\n")
    for i in range(max(len(g), len(w))):
        gl = g[i] if i < len(g) else "<end of output>"
        wl = w[i] if i < len(w) else "<end of file>"
        if gl != wl:
            return "line %d:\n      want: %s\n      got:  %s" % (i + 1, wl, gl)
    return "outputs differ"


def first_byte_diff(got, want):
    """Describes the first differing byte offset of two byte strings, or None when equal."""
    if got == want:
        return None
    n = min(len(got), len(want))
    for i in range(n):
        if got[i] != want[i]:
            return "byte offset %d (0x%x): want 0x%02x, got 0x%02x (sizes want %d, got %d)" % (
                i, i, want[i], got[i], len(want), len(got))
    return "byte offset %d: sizes differ (want %d, got %d)" % (n, len(want), len(got))


def with_stderr(msg, rc, err):
    """Appends the exit status and the first stderr line to a failure description."""
    if rc != 0:
        line = err.decode("utf-8", "replace").strip().split("\n")[0]
        msg += "\n      (exit %d: %s)" % (rc, line)
    return msg


def check_case(case_dir, opt, translate, tmp):
    """Yields (kind, failure description or None) for every check of one case folder."""
    def read(name):
        with open(os.path.join(case_dir, name), "rb") as f:
            return f.read()

    rc, out, err = run([opt, "-no-implicit-module", "input.mlir"], case_dir)
    d = first_text_diff(out, read("opt.mlir"))
    yield "opt", d and with_stderr(d, rc, err)
    rc, out, err = run([opt, "-no-implicit-module", "-mlir-print-op-generic", "input.mlir"], case_dir)
    d = first_text_diff(out, read("generic.mlir"))
    yield "generic", d and with_stderr(d, rc, err)
    for v in VERSIONS:
        if os.path.exists(os.path.join(case_dir, v + ".tileirbc")):
            if os.path.exists(tmp):
                os.unlink(tmp)
            rc, out, err = run([translate, "-mlir-to-cudatilebc", "-no-implicit-module",
                                "--bytecode-version=" + v, "input.mlir", "-o", tmp], case_dir)
            got = b""
            if rc == 0 and os.path.exists(tmp):
                with open(tmp, "rb") as f:
                    got = f.read()
            d = first_byte_diff(got, read(v + ".tileirbc"))
            yield "w" + v, d and with_stderr(d, rc, err)
            rc, out, err = run([translate, "-cudatilebc-to-mlir", v + ".tileirbc"], case_dir)
            d = first_text_diff(out, read(v + ".frombc.mlir"))
            yield "r" + v, d and with_stderr(d, rc, err)
        if os.path.exists(os.path.join(case_dir, v + ".refused.txt")):
            rc, out, err = run([translate, "-mlir-to-cudatilebc", "-no-implicit-module",
                                "--bytecode-version=" + v, "input.mlir", "-o", tmp], case_dir)
            text = err.decode("utf-8", "replace")
            if rc == 0:
                d = "wrote bytecode where NVIDIA refuses: " + read(v + ".refused.txt").decode(
                    "utf-8", "replace").split("\n")[0]
            elif rc < 0 or rc >= 128:
                d = "exit %d (signal or timeout), not a clean refusal" % rc
            elif not LOCATED.search(text):
                d = "refused without a located error: " + (text.strip().split("\n") or [""])[0]
            else:
                d = None
            yield "ref" + v, d


def load_known(path):
    """Reads the known-failures list into a set of (case, kind)."""
    known = set()
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                parts = line.split()
                if len(parts) == 2:
                    known.add((parts[0], parts[1]))
                else:
                    print("oracle: known-failures: ignoring malformed line: %s" % line)
    return known


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description="compare ctile with NVIDIA's recorded outputs")
    ap.add_argument("build_dir")
    ap.add_argument("--oracle", default=os.path.join(root, "..", "shared", "oracle"))
    ap.add_argument("--known", default=os.path.join(here, "known-failures.txt"))
    ap.add_argument("--kinds", default="", help="comma list of kind prefixes (opt,generic,w,r,ref)")
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    a = ap.parse_intermixed_args()

    cases_dir = os.path.join(a.oracle, "cases")
    if not os.path.isdir(cases_dir):
        print("oracle: %s is absent; skipping" % cases_dir)
        print("oracle: 0 passed, 0 failed")
        return 0
    bindir = os.path.join(os.path.abspath(a.build_dir), "bin")
    opt, translate = os.path.join(bindir, "ctile-opt"), os.path.join(bindir, "ctile-translate")
    for tool in (opt, translate):
        if not os.access(tool, os.X_OK):
            print("oracle: %s not built" % tool)
            print("oracle: 0 passed, 1 failed")
            return 1
    kinds = [k for k in a.kinds.split(",") if k]
    known = load_known(a.known)
    seen = set()
    passed = failed = xfail = 0
    fd, tmp = tempfile.mkstemp(suffix=".tileirbc")
    os.close(fd)
    try:
        for case in sorted(a.cases or os.listdir(cases_dir)):
            case_dir = os.path.join(cases_dir, case)
            if not os.path.isfile(os.path.join(case_dir, "input.mlir")):
                continue
            for kind, diff in check_case(case_dir, opt, translate, tmp):
                if kinds and not any(kind.startswith(k) and (k != "r" or not kind.startswith("ref"))
                                     for k in kinds):
                    continue
                key = (case, kind)
                seen.add(key)
                if key in known:
                    if diff is None:
                        print("FAIL %s %s: unexpectedly passes, remove it from %s" % (
                            case, kind, os.path.basename(a.known)))
                        failed += 1
                    else:
                        xfail += 1
                        passed += 1
                elif diff is None:
                    passed += 1
                else:
                    print("FAIL %s %s: %s" % (case, kind, diff))
                    failed += 1
    finally:
        os.unlink(tmp)
    if not a.cases and not kinds:
        for case, kind in sorted(known - seen):
            print("FAIL %s %s: listed in %s but no such check exists; remove it" % (
                case, kind, os.path.basename(a.known)))
            failed += 1
    print("oracle: %d checks, %d expected failures (%s)" % (passed + failed, xfail,
                                                         os.path.basename(a.known)))
    print("oracle: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
