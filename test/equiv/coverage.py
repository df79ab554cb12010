#!/usr/bin/env python3
"""coverage.py — conversion coverage: every verifying cuda_tile program in
test/lit, examples and ../shared/conformance/cuda-tile/test (split at
`// -----` like --split-input-file) must convert with
convert-cuda-tile-to-nv-tileaa (no cuda_tile op left, result verified).

Programs that cannot convert are listed in test/equiv/not_converted.txt as
"path#chunk: reason" (reason = the first op the conversion cannot legalize,
or the first error).  A program that fails and is not listed fails the
check, and so does a listed program that converts now (the list only
shrinks).  `coverage.py BUILD --write-list` rewrites the list.  Ends with
"coverage: N passed, N failed" (passed = programs that convert)."""
import os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIST = os.path.join(ROOT, "test", "equiv", "not_converted.txt")
DIRS = ["test/lit", "examples", "../shared/conformance/cuda-tile/test"]


def programs():
    for base in DIRS:
        top = os.path.join(ROOT, base)
        for d, _, files in os.walk(top):
            for f in sorted(files):
                if not f.endswith(".mlir"):
                    continue
                path = os.path.join(d, f)
                text = open(path, encoding="utf-8", errors="replace").read()
                if "cuda_tile" not in text and "entry" not in text:
                    continue
                chunks = re.split(r"(?m)^// -----.*$", text)
                for i, c in enumerate(chunks):
                    if "expected-error" in c or "expected-warning" in c:
                        continue
                    yield os.path.relpath(path, ROOT) + ("#%d" % i if len(chunks) > 1 else ""), c


def check(build, text):
    """None if the program does not verify or has no cuda_tile op, "" if it
    converts, else the reason."""
    opt = os.path.join(build, "bin", "ctile-opt")
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        name = f.name
    try:
        p = subprocess.run([opt, "-mlir-print-op-generic", name], capture_output=True, timeout=120)
        if p.returncode != 0 or b'"cuda_tile.' not in p.stdout:
            return None
        q = subprocess.run([opt, "--convert-cuda-tile-to-nv-tileaa=compute-capability=100", name],
                           capture_output=True, timeout=120)
        if q.returncode == 0:
            return ""
        err = q.stderr.decode("utf-8", "replace")
        m = re.search(r"failed to legalize operation '[^']*'", err)
        if m and "testing$" in m.group(0):
            # TestingOps.td: bytecode-versioning fixtures with no semantics;
            # NVIDIA's pass marks all of cuda_tile illegal and has no pattern
            # for them, so they stay unconverted by design
            return m.group(0) + " (test-only op, no semantics: no pattern by design)"
        if m:
            return m.group(0)
        m = re.search(r"error: (.*)", err)
        return m.group(1).strip() if m else "conversion failed"
    finally:
        os.unlink(name)


def main():
    build = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(ROOT, "build")
    write = "--write-list" in sys.argv
    known = {}
    if os.path.exists(LIST):
        for line in open(LIST, encoding="utf-8"):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                k, _, why = line.partition(": ")
                known[k] = why
    ok = bad = 0
    fails = []
    reasons = {}
    for key, text in programs():
        r = check(build, text)
        if r is None:
            continue
        if r == "":
            ok += 1
            if key in known and not write:
                print("coverage: FAIL %s converts now: remove it from test/equiv/not_converted.txt" % key)
                bad += 1
            continue
        fails.append((key, r))
        reasons[r] = reasons.get(r, 0) + 1
        if key not in known and not write:
            print("coverage: FAIL %s does not convert (%s) and is not in test/equiv/not_converted.txt" % (key, r))
            bad += 1
    if write:
        with open(LIST, "w", encoding="utf-8") as f:
            f.write("# Verifying cuda_tile programs that convert-cuda-tile-to-nv-tileaa cannot convert yet\n"
                    "# (path#chunk: first op it cannot legalize).  Checked by test/equiv/coverage.py,\n"
                    "# which fails when a program is missing here or when a listed one converts.\n"
                    "# Regenerate with: python3 test/equiv/coverage.py build --write-list\n")
            for k, r in fails:
                f.write("%s: %s\n" % (k, r))
    print("coverage: %d programs convert, %d do not (listed); by reason:" % (ok, len(fails)))
    for r, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print("  %4d  %s" % (n, r))
    print("coverage: %d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
