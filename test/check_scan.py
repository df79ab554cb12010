#!/usr/bin/env python3
"""test/check_scan.py — run `ctile-run --check=all` over every kernel the project can run and
report any run that the checks turn from a success into a failure (a false positive, unless the
kernel really has the bug: see KNOWN).

Kernels scanned:
  1. every `// RUN: ctile-run %s ...` line of test/lit (outside test/lit/check) that is expected
     to succeed (no `not`), with its own grid and arguments, `--check=all` appended;
  2. every entry of ../shared/oracle/cases/*/input.mlir (NVIDIA's lit chunks, the `in__*`
     testing$func programs recast as entries, the project's lit files and examples): scalar
     parameters get 1, pointer parameters a 4096-element iota buffer, grid 1, at most 10^6 steps;
     entries that do not run cleanly without checks either (they need other arguments) are
     skipped.
With --pipeline P every run gets `--pipeline P` (e.g. the cuda_tile -> nv_tileaa conversion,
so the checks run on the converted kernels); then any kernel that does not run cleanly without
checks either (the pipeline does not convert it) is skipped, and a KNOWN kernel that was skipped
is not required to report.
Prints one line per reported run ("FALSE POSITIVE: ..." or "known: ..." for KNOWN ones), then
"check scan: N runs, K known reports, F false positives, S skipped" and exits 1 iff F > 0 or a
KNOWN report did not happen.  ctile-run is taken from PATH (or --ctile-run)."""

import argparse
import glob
import os
import re
import shlex
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Kernels whose report is a true positive: (file suffix, entry) -> text the report must contain.
# Each is a missing-token-edge bug of the cuda_tile input: the hop-1 conversion threads one
# token chain through every memory op of a block, so under --pipeline they must run clean.
KNOWN = {
    # The scratch alloca is stored to and loaded back with no token between the two ops.
    ("test/lit/interp/misc_ops.mlir", "misc"):
        "'cuda_tile.load_ptr_tko' op load of 4 byte(s)",
}


def run(cmd, timeout=120):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "timeout"


def lit_runs(ctile_run):
    for path in sorted(glob.glob(os.path.join(REPO, "test/lit/**/*.mlir"), recursive=True)):
        rel = os.path.relpath(path, REPO)
        if rel.startswith("test/lit/check/"):
            continue
        for line in open(path, encoding="utf-8"):
            m = re.match(r"\s*//\s*RUN:\s*ctile-run\s+%s\s+(.*)$", line)
            if not m or "%t" in m.group(1):
                continue
            args = shlex.split(m.group(1).split("|")[0])
            if "--help" in args:
                continue
            entry = args[args.index("--entry") + 1] if "--entry" in args else "?"
            yield rel, entry, [ctile_run, path] + args


def param_arg(ty):
    m = re.match(r"tile<ptr<(\w+)>>$", ty)
    if m:
        return "%s[4096]=iota" % m.group(1)
    m = re.match(r"tile<(\w+)>$", ty)
    if m:
        t = m.group(1)
        return "%s:%s" % (t, "true" if t == "i1" else "1")
    return None


def oracle_runs(ctile_run, oracle):
    for path in sorted(glob.glob(os.path.join(oracle, "cases/*/input.mlir"))):
        text = open(path, encoding="utf-8").read()
        for m in re.finditer(r"\bentry\s+@([\w$.]+)\s*\(([^)]*)\)", text):
            params = [p for p in m.group(2).split(",") if p.strip()]
            args = []
            for p in params:
                a = param_arg(p.split(":", 1)[1].strip()) if ":" in p else None
                if a is None:
                    break
                args += ["--arg", a]
            else:
                rel = os.path.relpath(path, oracle)
                yield rel, m.group(1), [ctile_run, path, "--entry", m.group(1), "--grid", "1", "--max-steps", "1000000"] + args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ctile-run", default="ctile-run")
    ap.add_argument("--oracle", default=os.path.join(REPO, "..", "shared", "oracle"))
    ap.add_argument("--pipeline", default=None)
    a = ap.parse_args()
    runs = known = fp = skipped = 0
    seen_known = set()
    skipped_known = set()
    extra = ["--pipeline", a.pipeline] if a.pipeline else []
    known_set = {} if a.pipeline else KNOWN
    sources = [("lit", lit_runs(a.ctile_run))]
    if os.path.isdir(a.oracle):
        sources.append(("oracle", oracle_runs(a.ctile_run, a.oracle)))
    for kind, gen in sources:
        for rel, entry, cmd in gen:
            cmd = cmd + extra
            key = next((k for k in known_set if rel.endswith(k[0]) and entry == k[1]), None)
            rc, err = run(cmd + ["--check=all"])
            if rc != 0 and (kind == "oracle" or extra) and run(cmd)[0] != 0:
                # fails without checks too: needs other arguments than the scan guesses, or
                # the pipeline does not convert it
                skipped += 1
                if key:
                    skipped_known.add(key)
                continue
            runs += 1
            if rc == 0:
                continue
            first = err.strip().splitlines()[0] if err.strip() else "exit %d" % rc
            first = first.split(": error: ", 1)[-1]
            if key and known_set[key] in first:
                known += 1
                seen_known.add(key)
                print("known: %s @%s: %s" % (rel, entry, first))
            else:
                fp += 1
                print("FALSE POSITIVE: %s @%s: %s\n  %s" % (rel, entry, first, " ".join(cmd)))
    missing = [k for k in known_set if k not in seen_known and k not in skipped_known]
    for k in missing:
        print("KNOWN REPORT MISSING: %s @%s" % k)
    print("check scan: %d runs, %d known reports, %d false positives, %d skipped"
          % (runs, known, fp, skipped))
    return 1 if fp or missing else 0


if __name__ == "__main__":
    sys.exit(main())
