#!/usr/bin/env python3
"""lower.py — hop-2 equivalence: every runnable project kernel that converts
(the kernels of equiv.py, project and conformance) runs with ctile-run after
`convert-cuda-tile-to-nv-tileaa{...}` and after
`convert-cuda-tile-to-nv-tileaa{...},canonicalize,lower-nv-tileaa`, with the
same arguments; the results must be byte-identical.  Every converting file
must also go through ctile-opt's full pipeline and print no mem_token
(the token lowering leaves none), and so must every program that
coverage.py finds converting (test/lit, examples, the conformance suite).
The queue kernels of test/equiv/queues (hand-written nv_tileaa: queues have
no cuda_tile form) run as written and after lower-nv-tileaa (queues ->
nv_tileas pipeline regions) with byte-identical output, and the lowered
text holds no queue op.
Prints one line per failure and ends with "lower: N passed, N failed"."""
import os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import coverage  # noqa: E402
import equiv  # noqa: E402

LOWER = equiv.PIPE + ",canonicalize,lower-nv-tileaa"
QUEUES = "test/equiv/queues/kernels.mlir"
QUEUE_RUNS = [["--entry", "ring4", "--grid", "3"], ["--entry", "two_queues", "--grid", "4"]]


def check_queues(exe, opt):
    """Queue kernels: (passed, failed) of the lowering and run comparisons."""
    passed = failed = 0
    p = subprocess.run([opt, "--pass-pipeline=builtin.module(lower-nv-tileaa)", QUEUES],
                       cwd=equiv.ROOT, capture_output=True, timeout=300)
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode != 0 or "nv_tileaa.queue" in out or "create_queue" in out:
        err = p.stderr.decode("utf-8", "replace").strip().splitlines()
        print("lower: FAIL %s: ctile-opt lower-nv-tileaa: %s" %
              (QUEUES, err[0] if err else "queue op left in the output"))
        failed += 1
    else:
        passed += 1
    for args in QUEUE_RUNS:
        name = "%s %s" % (QUEUES, " ".join(args))
        rc1, o1, e1 = equiv.run(exe, QUEUES, args)
        rc2, o2, e2 = equiv.run(exe, QUEUES, ["--pipeline", "lower-nv-tileaa"] + args)
        d = equiv.first_diff(o1, o2)
        if rc1 != 0 or rc2 != 0 or not o1 or d:
            why = ("run failed: %s" % (e1 or e2).strip().splitlines()[0] if rc1 or rc2
                   else "no output" if not o1 else "output line %d differs" % (d[0] + 1))
            print("lower: FAIL %s: %s" % (name, why))
            failed += 1
        else:
            passed += 1
    return passed, failed


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(equiv.ROOT, "build")
    exe = os.path.join(build, "bin", "ctile-run")
    opt = os.path.join(build, "bin", "ctile-opt")
    passed = failed = 0
    kernels = equiv.KERNELS + equiv.lit_kernels()
    conf = equiv.conformance_kernels() if hasattr(equiv, "conformance_kernels") else []
    conv = {}
    for path, _ in kernels + conf:
        if path not in conv:
            conv[path] = equiv.conversion_error(build, path)
    tmp = getattr(equiv, "TMP", None)
    for path in sorted(p for p in conv if not conv[p] and not (tmp and p.startswith(tmp))):
        p = subprocess.run([opt, "--pass-pipeline=builtin.module(%s)" % LOWER, path],
                           cwd=equiv.ROOT, capture_output=True, timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0 or "mem_token" in out:
            err = p.stderr.decode("utf-8", "replace").strip().splitlines()
            print("lower: FAIL %s: ctile-opt lower-nv-tileaa: %s" %
                  (path, err[0] if err else "mem_token left in the output"))
            failed += 1
            continue
        # the lowered form is valid IR: it parses and verifies again
        r = subprocess.run([opt, "-"], input=p.stdout, capture_output=True, timeout=300)
        if r.returncode != 0:
            err = r.stderr.decode("utf-8", "replace").strip().splitlines()
            print("lower: FAIL %s: lowered output does not re-parse: %s" %
                  (path, err[0] if err else r.returncode))
            failed += 1
        else:
            passed += 1
    print("lower: %d files lowered by ctile-opt" % passed)
    progs = 0
    for key, text in coverage.programs():
        if coverage.check(build, text) != "":
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(text)
            name = f.name
        try:
            p = subprocess.run([opt, "--pass-pipeline=builtin.module(%s)" % LOWER, name],
                               capture_output=True, timeout=300)
        finally:
            os.unlink(name)
        if p.returncode != 0 or b"mem_token" in p.stdout:
            err = p.stderr.decode("utf-8", "replace").strip().splitlines()
            print("lower: FAIL %s: ctile-opt lower-nv-tileaa: %s" %
                  (key, err[0] if err else "mem_token left in the output"))
            failed += 1
        else:
            passed += 1
            progs += 1
    print("lower: %d converting programs (coverage.py's set) lowered by ctile-opt" % progs)
    files = passed
    seen = set()
    for path, args in kernels + conf:
        key = (path, tuple(args))
        if key in seen or conv[path]:
            continue
        seen.add(key)
        shown = os.path.basename(path) if tmp and path.startswith(tmp) else path
        name = "%s %s" % (shown, " ".join(a for a in args if not a.startswith("--arg")))
        rc1, o1, _ = equiv.run(exe, path, ["--pipeline", equiv.PIPE] + args)
        if rc1 != 0:
            continue  # not a runnable invocation (equiv.py reports converted-run failures)
        rc2, o2, e2 = equiv.run(exe, path, ["--pipeline", LOWER] + args)
        if rc2 != 0:
            print("lower: FAIL %s: lowered run failed: %s" %
                  (name, e2.strip().splitlines()[0] if e2.strip() else rc2))
            failed += 1
            continue
        d = equiv.first_diff(o1, o2)
        if d:
            i, x, y = d
            print("lower: FAIL %s: output line %d differs:\n  converted: %s\n  lowered:   %s" %
                  (name, i + 1, x, y))
            failed += 1
            continue
        passed += 1
    print("lower: %d kernel runs bit-identical after lower-nv-tileaa" % (passed - files))
    qp, qf = check_queues(exe, opt)
    print("lower: %d queue checks (lowered file, runs bit-identical)" % qp)
    passed += qp
    failed += qf
    if tmp:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    print("lower: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
