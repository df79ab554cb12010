#!/usr/bin/env python3
"""equiv.py — runs every runnable kernel of the project twice with ctile-run,
as written, after `--pipeline convert-cuda-tile-to-nv-tileaa{...}` and after
the conversion followed by canonicalize, with the same arguments, and
requires byte-identical results.

Kernels: every `ctile-run %s ...` and `not ctile-run %s ...` RUN line of
test/lit (not those with --max-steps, --check, --timeout, --max-input-size),
the examples in KERNELS below (random inputs with fixed seeds), and every
entry of the NVIDIA conformance programs whose parameters are pointers or
scalars (arguments derived from the signature).  For a run that succeeds as
written the buffers named by --dump/--out are compared (stdout of --dump
byte for byte; .npy files byte for byte); the first difference fails the
kernel, naming kernel, buffer and element.  A run that fails as written
with an error message must fail the same way after the conversion: same
exit status and the same error lines up to what norm_error() makes equal
(op name, overflow flag spelling, negi as subi, heap addresses); it is not
compared after canonicalize, which may erase a dead op that traps.  Failing
runs that differ are listed in test/equiv/failing_differ.txt (shrink-only,
as the lists below).
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
                if cmd.startswith("not ctile-run %s"):
                    cmd = cmd[4:]  # a failing run: compared on exit status and message
                if not cmd.startswith("ctile-run %s") or "--pipeline" in cmd:
                    continue
                args = shlex.split(cmd)[2:]
                args = [a for a in args if a not in ("2>&1",)]
                # the step budget counts ops, which the conversion changes; --check's
                # race/order analyses read cuda_tile's memory orderings (and the
                # conversion chains ops that had no token, which changes what
                # order-shuffle may reorder)
                # (--timeout / --max-input-size: time and driver limits, not kernel results)
                if any("%" in a for a in args) or any(
                        a.startswith(("--max-steps", "--check", "--timeout", "--max-input-size"))
                        for a in args):
                    continue
                out.append((os.path.relpath(path, ROOT), args))
    return out


TMP = None


def conformance_kernels():
    """Entries of the NVIDIA conformance programs (split at `// -----`),
    with arguments derived from the signature: a 4096-element random buffer
    per pointer parameter (all dumped), a small value per scalar; entries
    with other parameter kinds (views, tiles) are left out."""
    global TMP
    import tempfile
    TMP = TMP or tempfile.mkdtemp(prefix="ctile-equiv-")
    out = []
    top = os.path.join(ROOT, "..", "shared", "conformance", "cuda-tile", "test")
    n = 0
    for d, _, files in os.walk(top):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            text = open(os.path.join(d, f), encoding="utf-8", errors="replace").read()
            for ci, chunk in enumerate(re.split(r"(?m)^// -----.*$", text)):
                if "expected-error" in chunk or "entry @" not in chunk:
                    continue
                entries = re.findall(r"entry @([A-Za-z_0-9$]+)\(([^)]*)\)", chunk)
                if not entries:
                    continue
                n += 1
                path = os.path.join(TMP, "conf%d_%s" % (n, f))
                open(path, "w", encoding="utf-8").write(chunk)
                for name, params in entries:
                    args, bufs, ok = [], [], True
                    for i, prm in enumerate(p for p in params.split(",") if p.strip()):
                        t = prm.split(":", 1)[-1].strip().replace("!cuda_tile.", "")
                        m = re.fullmatch(r"tile<ptr<([a-z0-9A-Z]+)>>", t)
                        s = re.fullmatch(r"tile<([a-z0-9A-Z]+)>", t)
                        if m and not m.group(1).startswith("f4") and not m.group(1).startswith("f8"):
                            args += ["--arg", "%s[4096]=rand:%d" % (m.group(1), i + 1)]
                            bufs += ["--dump", str(i)]
                        elif s and s.group(1).startswith("i"):
                            args += ["--arg", "%s:%d" % (s.group(1), 1 if s.group(1) == "i1" else 3)]
                        elif s and s.group(1) in ("f16", "bf16", "f32", "f64"):
                            args += ["--arg", "%s:1.5" % s.group(1)]
                        else:
                            ok = False
                    if ok:
                        out.append((path, ["--entry", name, "--grid", "2"] + args + bufs))
    return out


def run(exe, path, args):
    p = subprocess.run([exe, path] + args, cwd=ROOT, capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


# cuda_tile overflow flag spellings -> arith's (the converted op's)
FLAGS = {"no_signed_wrap": "nsw", "no_unsigned_wrap": "nuw", "no_wrap": "nsw, nuw"}


def norm_error(err):
    """The error lines of a failing run, with what the conversion renames by
    design made equal (docs/conversion.md, "Failing runs"): the op name
    ('cuda_tile.addi' op / 'arith.addi' op -> 'OP' op), the overflow flag
    spelling (overflow<no_signed_wrap> -> overflow<nsw>), negi's operands
    (-(x) -> 0 - x: negi becomes subi from zero)."""
    out = []
    for line in err.splitlines():
        if "error:" not in line:
            continue
        line = re.sub(r"'[A-Za-z_$.]+' op ", "'OP' op ", line)
        line = re.sub(r"0x[0-9a-f]+", "0x...", line)  # heap addresses differ per process
        line = re.sub(r"overflow<(no_signed_wrap|no_unsigned_wrap|no_wrap)>",
                      lambda m: "overflow<%s>" % FLAGS[m.group(1)], line)
        line = re.sub(r": -\((-?[0-9]+)\) wraps", r": 0 - \1 wraps", line)
        out.append(line)
    return out


def first_diff(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<missing>"
        y = lb[i] if i < len(lb) else "<missing>"
        if x != y:
            return i, x, y
    return None


def known_differences():
    """test/equiv/failing_differ.txt: "path ARGS: reason" lines (ARGS as the
    run's ctile-run arguments, space-joined) naming the failing runs whose
    converted run does not fail the same way yet."""
    known = {}
    for line in open(os.path.join(ROOT, "test", "equiv", "failing_differ.txt"), encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, why = line.partition(": ")
            known[key] = why
    return known


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
    compared = {"project": 0, "conformance": 0}
    errored = 0
    seen = set()
    known = known_unconvertible()
    differ, differ_seen, failing_same = known_differences(), set(), 0
    conv = {}
    kernels = KERNELS + lit_kernels()
    conf = conformance_kernels()
    for path, _ in kernels + conf:
        if path not in conv:
            conv[path] = conversion_error(build, path)
    for path in sorted(conv):
        if path.startswith(TMP or "\0"):
            continue  # conformance chunks: coverage.py accounts for them
        if conv[path] and path not in known:
            print("equiv: FAIL %s does not convert (%s) and is not in test/equiv/unconvertible.txt" % (path, conv[path]))
            failed += 1
        elif not conv[path] and path in known:
            print("equiv: FAIL %s converts now: remove it from test/equiv/unconvertible.txt" % path)
            failed += 1
    for path, args in kernels + conf:
        key = (path, tuple(args))
        if key in seen:
            continue
        if conv[path]:
            skipped += 1
            continue
        seen.add(key)
        shown = path
        if TMP and path.startswith(TMP):
            shown = "conformance:" + os.path.basename(path).split("_", 1)[1]
        name = "%s %s" % (shown, " ".join(a for a in args if not a.startswith("--arg")))
        rc1, o1, e1 = run(exe, path, args)
        if rc1 != 0 and not norm_error(e1):
            errored += 1
            continue  # not a kernel run (e.g. bad arguments): nothing to compare
        if rc1 != 0:
            errored += 1
        compared["conformance" if TMP and path.startswith(TMP) else "project"] += 1
        for pipe in PIPES:
            rc2, o2, e2 = run(exe, path, ["--pipeline", pipe] + args)
            tag = name + ("" if pipe == PIPE else " [+canonicalize]")
            if rc1 != 0:
                # a failing run must fail the same way: exit status and error message
                # (after the conversion only: canonicalize may erase a dead op that traps)
                if pipe != PIPE:
                    continue
                why = None
                if rc2 != rc1:
                    why = "fails with status %d as written, %d converted" % (rc1, rc2)
                else:
                    d = first_diff("\n".join(norm_error(e1)), "\n".join(norm_error(e2)))
                    if d:
                        why = "error differs:\n  original:  %s\n  converted: %s" % (d[1], d[2])
                key = "%s %s" % (path, " ".join(args))
                if why and key in differ:
                    differ_seen.add(key)
                    continue
                if why:
                    print("equiv: FAIL %s: %s" % (tag, why))
                    failed += 1
                    continue
                if key in differ:
                    print("equiv: FAIL %s fails the same way now: remove it from "
                          "test/equiv/failing_differ.txt" % tag)
                    failed += 1
                    continue
                failing_same += 1
                passed += 1
                continue
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
    for key in sorted(set(differ) - differ_seen):
        print("equiv: FAIL %s is listed in test/equiv/failing_differ.txt but no such failing "
              "run differs" % key)
        failed += 1
    print("equiv: %d failing runs fail the same way converted (status and message); "
          "%d listed as differing (test/equiv/failing_differ.txt)" % (failing_same, len(differ_seen)))
    if TMP:
        import shutil
        shutil.rmtree(TMP, ignore_errors=True)
    print("equiv: %d kernel runs compared both ways (%d project, %d conformance entries); "
          "%d fail as written (those with an error message compared on status and message); %d not converted (files in test/equiv/unconvertible.txt, "
          "conformance programs in not_converted.txt)"
          % (compared["project"] + compared["conformance"], compared["project"],
             compared["conformance"], errored, skipped))
    print("equiv: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
