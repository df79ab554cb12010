#!/usr/bin/env python3
"""canon.py — execution proof of nv_tileaa canonicalization (seed 001).

Every runnable kernel of the project (test/equiv/equiv.py's list: the
`ctile-run %s` RUN lines of test/lit, test/lit/nv_tileaa/canonicalize_exec.mlir
included, and the examples) runs after convert-cuda-tile-to-nv-tileaa and after
convert + canonicalize, with the same arguments, on its own inputs and again
with every `rand:SEED` argument re-seeded; the dumps must be byte-identical
(no tolerance is needed: the only inexact fold, fold_constant_dot of a zero
multiplicand, differs only for Inf/NaN/-0.0 inputs, which `rand:` never gives).
For each converted file, tokens.py checks the token graph before/after (and
must reject the broken graphs of fixtures/bad_*).
Then the hand-written nv_tileaa programs of exec/ (rewrites the conversion
never exposes: expand_dims, queues): each runs as written and after
--canonicalize on every `// CANON-RUN: ARGS` line with identical output, and
every `// CANON-FIRES: PATTERN` must change the module (--canonicalize with
and without disable-patterns=PATTERN differ).  A program using an op that
ctile-run cannot execute yet is reported as SKIP with the interpreter's
message (its FIRES checks still run) and starts counting once it can.
Prints the ops canonicalization removes from the converted kernels, and
ends with "canon: N passed, N failed"."""
import importlib.util, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
spec = importlib.util.spec_from_file_location("equiv", os.path.join(ROOT, "test", "equiv", "equiv.py"))
equiv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(equiv)
PIPE = equiv.PIPE
PATTERNS = ("fold_constant_dot,fuse_addptr_chain,push_assume_through_splat,"
            "push_select_through_splat,canonicalize_masked_load,canonicalize_masked_store,"
            "fold_expand_dims_of_splat,fold_view_chain,fold_broadcast_of_splat,"
            "hoist_extract_through_elementwise,prune_queue_get_results,prune_pragma_results,"
            "fold_atomic_cas,fold_atomic_rmw")
OP_LINE = re.compile(r"^\s*(?:%[\w$.#:-]+(?:, %[\w$.#:-]+)* = )?(?!module\b)[a-z_]+\.[\w.]+[ \n]")


def count_ops(text):
    return sum(1 for l in text.splitlines() if OP_LINE.match(l))


def reseed(args, k):
    return [re.sub(r"rand:(\d+)", lambda m: "rand:%d" % (int(m.group(1)) + 1000 * k), a) for a in args]


def exec_fixtures(run, opt):
    """The exec/ programs: (passed, failed) counts; skips are printed."""
    passed = failed = 0
    d = os.path.join(HERE, "exec")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".mlir"):
            continue
        path = os.path.join(d, f)
        rel = os.path.relpath(path, ROOT)
        text = open(path).read()
        runs = [l.split("CANON-RUN:", 1)[1].split() for l in text.splitlines() if "CANON-RUN:" in l]
        fires = [l.split("CANON-FIRES:", 1)[1].strip() for l in text.splitlines() if "CANON-FIRES:" in l]
        if not runs:
            print("canon: FAIL %s: no CANON-RUN line" % rel)
            failed += 1
            continue
        on = subprocess.run([opt, "--canonicalize", path], capture_output=True, timeout=60)
        if on.returncode != 0:
            print("canon: FAIL %s: canonicalize failed: %s" % (rel, on.stderr.decode()[-300:]))
            failed += 1
            continue
        for pat in fires:
            off = subprocess.run([opt, "--canonicalize=disable-patterns=" + pat, path],
                                 capture_output=True, timeout=60)
            if off.returncode != 0 or off.stdout == on.stdout:
                print("canon: FAIL %s: pattern %s does not fire" % (rel, pat))
                failed += 1
            else:
                passed += 1
        for args in runs:
            name = "%s %s" % (rel, " ".join(args))
            r1 = subprocess.run([run, path] + args, capture_output=True, timeout=120)
            err = r1.stderr.decode("utf-8", "replace")
            if r1.returncode != 0 and "is not supported by the interpreter" in err:
                line = next((l for l in err.splitlines() if "not supported" in l), err.strip())
                print("canon: SKIP %s: ctile-run cannot execute it yet (%s); only the "
                      "FIRES checks ran" % (name, line.strip()))
                continue
            if r1.returncode != 0 or not r1.stdout:
                print("canon: FAIL %s: the program does not run: %s" % (name, err.strip()[-300:]))
                failed += 1
                continue
            r2 = subprocess.run([run, path, "--pipeline", "canonicalize"] + args,
                                capture_output=True, timeout=120)
            if r2.returncode != 0:
                print("canon: FAIL %s: canonicalized run failed: %s"
                      % (name, r2.stderr.decode("utf-8", "replace").strip()[-300:]))
                failed += 1
                continue
            dd = equiv.first_diff(r1.stdout.decode("utf-8", "replace"),
                                  r2.stdout.decode("utf-8", "replace"))
            if dd:
                print("canon: FAIL %s: output line %d differs:\n  as written:    %s\n"
                      "  canonicalized: %s" % (name, dd[0] + 1, dd[1], dd[2]))
                failed += 1
                continue
            passed += 1
    return passed, failed


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build")
    run = os.path.join(build, "bin", "ctile-run")
    opt = os.path.join(build, "bin", "ctile-opt")
    passed = failed = 0
    known = equiv.known_unconvertible()
    kernels = equiv.KERNELS + equiv.lit_kernels()
    files = sorted({p for p, _ in kernels if p not in known})
    before_ops = after_ops = generic_ops = 0
    tmp = tempfile.mkdtemp(prefix="canon.")
    # the token check must itself catch broken graphs (fixtures/bad_*) and
    # accept a legally removed op (fixtures/good_*)
    fx = os.path.join(HERE, "fixtures")
    for f in sorted(os.listdir(fx)):
        if f == "before.mlir":
            continue
        t = subprocess.run([sys.executable, os.path.join(HERE, "tokens.py"),
                            os.path.join(fx, "before.mlir"), os.path.join(fx, f)],
                           capture_output=True, timeout=60)
        if (t.returncode != 0) == f.startswith("bad_"):
            passed += 1
        else:
            print("canon: FAIL token check self-test %s: %s" % (f, t.stdout.decode().strip()))
            failed += 1
    for path in files:
        conv = subprocess.run([opt, "--pass-pipeline=builtin.module(%s)" % PIPE, path], cwd=ROOT,
                              capture_output=True, timeout=300)
        if conv.returncode != 0:
            continue
        canon = subprocess.run([opt, "--canonicalize", "-"], input=conv.stdout, cwd=ROOT,
                               capture_output=True, timeout=300)
        if canon.returncode != 0:
            print("canon: FAIL %s: canonicalize failed: %s" % (path, canon.stderr.decode()[-300:]))
            failed += 1
            continue
        b, a = conv.stdout.decode(), canon.stdout.decode()
        generic = subprocess.run([opt, "--canonicalize=disable-patterns=" + PATTERNS, "-"],
                                 input=conv.stdout, cwd=ROOT, capture_output=True, timeout=300)
        before_ops += count_ops(b)
        after_ops += count_ops(a)
        generic_ops += count_ops(generic.stdout.decode())
        fb, fa = os.path.join(tmp, "before.mlir"), os.path.join(tmp, "after.mlir")
        open(fb, "w").write(b)
        open(fa, "w").write(a)
        t = subprocess.run([sys.executable, os.path.join(HERE, "tokens.py"), fb, fa],
                           capture_output=True, timeout=300)
        if t.returncode != 0:
            print("canon: FAIL %s token graph:\n%s" % (path, t.stdout.decode().strip()))
            failed += 1
        else:
            passed += 1
    seen = set()
    for path, args in kernels:
        if path in known:
            continue
        for k in (0, 1):
            a = reseed(args, k)
            key = (path, tuple(a))
            if key in seen or (k and a == args):
                continue
            seen.add(key)
            name = "%s %s" % (path, " ".join(x for x in a if not x.startswith("--arg")))
            r1 = subprocess.run([run, path, "--pipeline", PIPE] + a, cwd=ROOT, capture_output=True, timeout=300)
            if r1.returncode != 0:
                continue  # not a runnable invocation (errors are tested elsewhere)
            r2 = subprocess.run([run, path, "--pipeline", PIPE + ",canonicalize"] + a, cwd=ROOT,
                                capture_output=True, timeout=300)
            if r2.returncode != 0:
                print("canon: FAIL %s: canonicalized run failed: %s" % (name, r2.stderr.decode().strip()[-300:]))
                failed += 1
                continue
            d = equiv.first_diff(r1.stdout.decode("utf-8", "replace"), r2.stdout.decode("utf-8", "replace"))
            if d:
                print("canon: FAIL %s: output line %d differs:\n  converted:     %s\n  canonicalized: %s"
                      % (name, d[0] + 1, d[1], d[2]))
                failed += 1
                continue
            passed += 1
    p, f = exec_fixtures(run, opt)
    passed += p
    failed += f
    print("canon: converted kernels (%d files): %d ops before canonicalize, %d after (%d removed; "
          "%d after generic folds/DCE alone, so the nv_tileaa patterns remove %d more)"
          % (len(files), before_ops, after_ops, before_ops - after_ops, generic_ops,
             generic_ops - after_ops))
    print("canon: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
