#!/usr/bin/env python3
"""equiv.py — runs every runnable kernel of the project twice with ctile-run,
as written, after `--pipeline convert-cuda-tile-to-nv-tileaa{...}` and after
the conversion followed by canonicalize, with the same arguments, and
requires byte-identical results.

Kernels: every `ctile-run %s ...` RUN line of test/lit (lines under `not`
are skipped: they test errors), and the examples in KERNELS below (random
inputs with fixed seeds).  For each run the buffers named by --dump/--out
are compared (stdout of --dump byte for byte; .npy files byte for byte).
The first difference fails the kernel, naming kernel, buffer and element.
A kernel whose file does not convert fails unless the file is listed in
test/equiv/unconvertible.txt ("path: reason" lines, the reason being the
first op the conversion cannot legalize); a listed file that now converts
fails too (remove it from the list), so the list can only shrink.
Prints one line per failure and ends with "equiv: N passed, N failed"."""
import os, re, shlex, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PIPE = "convert-cuda-tile-to-nv-tileaa{compute-capability=100}"
# each kernel also runs converted and canonicalized (arith/scf/nv_tileaa folds)
PIPES = [PIPE, PIPE + ",canonicalize"]

KERNELS = [
    ("examples/softmax.mlir", ["--entry", "softmax_rows", "--grid", "128",
                               "--arg", "f32[1024,128]=rand:1", "--arg", "f32[1024,128]=zeros",
                               "--dump", "1"]),
    ("examples/gemm.mlir", ["--entry", "gemm_f32", "--grid", "4,4",
                            "--arg", "f32[256,256]=rand:1", "--arg", "f32[256,256]=rand:2",
                            "--arg", "f32[256,256]=zeros", "--dump", "2"]),
]


def lit_kernels():
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, "test", "lit")):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(d, f)
            for line in open(path, encoding="utf-8", errors="replace"):
                m = re.search(r"RUN:\s*(.*)$", line)
                if not m:
                    continue
                cmd = m.group(1).split("|")[0].strip()
                if not cmd.startswith("ctile-run %s") or "--pipeline" in cmd:
                    continue
                args = shlex.split(cmd)[2:]
                args = [a for a in args if a not in ("2>&1",)]
                # the step budget counts ops, which the conversion changes
                if any("%" in a for a in args) or any(a.startswith("--max-steps") for a in args):
                    continue
                out.append((os.path.relpath(path, ROOT), args))
    return out


def run(exe, path, args):
    p = subprocess.run([exe, path] + args, cwd=ROOT, capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            return i, x, y
    return None


def known_unconvertible():
    known = {}
    for line in open(os.path.join(ROOT, "test", "equiv", "unconvertible.txt"), encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            path, _, why = line.partition(": ")
            known[path] = why
    return known


def conversion_error(build, path):
    p = subprocess.run([os.path.join(build, "bin", "ctile-opt"),
                        "--convert-cuda-tile-to-nv-tileaa=compute-capability=100", path],
                       cwd=ROOT, capture_output=True, timeout=300)
    if p.returncode == 0:
        return None
    m = re.search(r"failed to legalize operation '[^']*'", p.stderr.decode("utf-8", "replace"))
    return m.group(0) if m else "conversion failed"


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    exe = os.path.join(build, "bin", "ctile-run")
    passed = failed = skipped = 0
    seen = set()
    known = known_unconvertible()
    conv = {}
    for path, _ in KERNELS + lit_kernels():
        if path not in conv:
            conv[path] = conversion_error(build, path)
    for path in sorted(conv):
        if conv[path] and path not in known:
            print("equiv: FAIL %s does not convert (%s) and is not in test/equiv/unconvertible.txt" % (path, conv[path]))
            failed += 1
        elif not conv[path] and path in known:
            print("equiv: FAIL %s converts now: remove it from test/equiv/unconvertible.txt" % path)
            failed += 1
    for path, args in KERNELS + lit_kernels():
        key = (path, tuple(args))
        if key in seen:
            continue
        if conv[path]:
            skipped += 1
            continue
        seen.add(key)
        name = "%s %s" % (path, " ".join(a for a in args if not a.startswith("--arg")))
        rc1, o1, e1 = run(exe, path, args)
        if rc1 != 0:
            continue  # not a runnable kernel invocation (errors are tested elsewhere)
        for pipe in PIPES:
            rc2, o2, e2 = run(exe, path, ["--pipeline", pipe] + args)
            tag = name + ("" if pipe == PIPE else " [+canonicalize]")
            if rc2 != 0:
                last = e2.strip().splitlines()[-3:] if e2.strip() else [str(rc2)]
                print("equiv: FAIL %s: converted run failed: %s" % (tag, " | ".join(last)))
                failed += 1
                continue
            d = first_diff(o1, o2)
            if d:
                i, x, y = d
                print("equiv: FAIL %s: output line %d (buffer/element) differs:\n  original:  %s\n  converted: %s" % (tag, i + 1, x, y))
                failed += 1
                continue
            passed += 1
    print("equiv: %d kernel runs not converted (files in test/equiv/unconvertible.txt)" % skipped)
    print("equiv: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
