#!/usr/bin/env python3
"""test/conformance/run.py — run NVIDIA's cuda-tile lit suite against ctile and summarise.

Steps:
  1. copy the suite (default <repo>/../shared/conformance/cuda-tile/test) to
     <build>/conformance/suite, applying test/conformance-overrides.tsv to the copy
     (../shared itself is never modified);
  2. run lit with test/conformance/lit.cfg.py on that copy (log: <build>/conformance/lit.log,
     per-test results: <build>/conformance/results.json);
  3. print "conformance: X/Y lit files pass", then every failing file;
  4. print "must-pass: P passed, F failed" for the files in test/conformance-must-pass.txt,
     with the output of each one that failed, and exit 1 iff one of them failed.
If the suite is absent it prints "conformance: skipped (../shared not found)" and exits 0.

conformance-overrides.tsv: a header row, then one row per override:
  FILE<TAB>NVIDIA_TEXT<TAB>SEED_TEXT
FILE is relative to the suite root; every occurrence of NVIDIA_TEXT in FILE is replaced by
SEED_TEXT. In the text columns \\t, \\n and \\\\ stand for tab, newline and backslash.
Rows for one file apply in order. An override whose NVIDIA_TEXT is not found marks that file
as failed (the override is stale). Blank lines and lines starting with '#' are ignored.
"""

import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASS_CODES = {"PASS", "XFAIL", "FLAKYPASS"}
SKIP_CODES = {"UNSUPPORTED", "EXCLUDED", "SKIPPED"}


def find_llvm():
    """Newest /usr/lib/llvm-N with bin/FileCheck and a lit script: (tools_dir, lit_py).
    llvm-22 ships lit as bin/lit, llvm-14 as build/utils/lit/lit.py."""
    def version(path):
        m = re.search(r"llvm-(\d+)", path)
        return int(m.group(1)) if m else 0

    for fc in sorted(glob.glob("/usr/lib/llvm-*/bin/FileCheck"), key=version, reverse=True):
        root = os.path.dirname(os.path.dirname(fc))
        for lit_py in (os.path.join(root, "bin", "lit"),
                       os.path.join(root, "build", "utils", "lit", "lit.py"),
                       os.path.join(root, "utils", "lit", "lit.py")):
            if os.path.isfile(lit_py):
                return os.path.dirname(fc), lit_py
    return "", ""


def read_list(path):
    """Non-comment, non-blank lines of PATH ('#' starts a comment)."""
    entries = []
    if os.path.isfile(path):
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    entries.append(line)
    return entries


def unescape(text):
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n", "\\": "\\"}.get(m.group(1), m.group(0)),
                  text)


def read_overrides(path):
    """[(file, nvidia_text, seed_text)] from the TSV; raises ValueError on a malformed row."""
    rows = []
    if not os.path.isfile(path):
        return rows
    with open(path, newline="") as f:
        lines = f.read().split("\n")
    for n, line in enumerate(lines, 1):
        line = line.rstrip("\r")
        if not line.strip() or line.startswith("#") or n == 1:
            continue  # line 1 is the header
        cols = line.split("\t")
        if len(cols) != 3 or not cols[0] or not cols[1]:
            raise ValueError("%s:%d: expected FILE<TAB>NVIDIA_TEXT<TAB>SEED_TEXT" % (path, n))
        rows.append((cols[0], unescape(cols[1]), unescape(cols[2])))
    return rows


def copy_suite(suite, scratch, overrides):
    """Fresh copy of SUITE at SCRATCH with overrides applied; returns {file: problem}."""
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(suite, scratch, symlinks=True)
    problems = {}
    for rel, old, new in overrides:
        path = os.path.join(scratch, rel)
        try:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
        except OSError:
            problems[rel] = "override names a file missing from the suite"
            continue
        if old not in text:
            problems[rel] = "override is stale: NVIDIA text not found"
            continue
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text.replace(old, new))
    return problems


def discover(root):
    """Test files lit should find: *.mlir outside Inputs/ folders, relative to ROOT."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "Inputs" and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(".mlir"):
                found.append(os.path.relpath(os.path.join(dirpath, name), root))
    return found


def excerpt(text, n=80):
    """First N lines of a lit test's output, indented; lit's stdout section (usually the
    printed IR) is dropped when there is a stderr section, which holds the first error."""
    m = re.search(r"^Command Output \(stdout\):\n--\n.*?^--\n(?=Command Output \(stderr\))",
                  text, re.M | re.S)
    if m:
        text = text[:m.start()] + "(stdout omitted)\n" + text[m.end():]
    lines = text.rstrip("\n").split("\n")
    return "\n".join(["    " + l for l in lines[:n]] + (["    ..."] if len(lines) > n else []))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default=os.environ.get("CTILE_BUILD_DIR") or os.path.join(REPO, "build"))
    ap.add_argument("--suite", default=os.environ.get("CTILE_CONFORMANCE_SUITE")
                    or os.path.join(REPO, "..", "shared", "conformance", "cuda-tile", "test"))
    ap.add_argument("--lit", default=os.environ.get("CTILE_LIT", ""), help="path to lit.py")
    ap.add_argument("--llvm-tools-dir", default=os.environ.get("CTILE_LLVM_TOOLS_DIR", ""))
    ap.add_argument("--must-pass", default=os.path.join(REPO, "test", "conformance-must-pass.txt"))
    ap.add_argument("--overrides", default=os.path.join(REPO, "test", "conformance-overrides.tsv"))
    ap.add_argument("--print-passing", action="store_true", help="also list the files that pass")
    ap.add_argument("-v", "--verbose", action="store_true", help="echo lit's full output")
    args = ap.parse_args()

    suite = os.path.abspath(args.suite)
    if not os.path.isdir(suite):
        print("conformance: skipped (../shared not found)")
        return 0

    tools_dir, lit_py = find_llvm()
    lit_py = args.lit or lit_py
    tools_dir = args.llvm_tools_dir or tools_dir
    must_pass = read_list(args.must_pass)
    if not lit_py or not os.path.isfile(lit_py) or not tools_dir:
        print("conformance: error: lit.py / FileCheck not found (install llvm-22-tools)")
        print("must-pass: 0 passed, %d failed" % len(must_pass))
        return 1 if must_pass else 0

    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "conformance")
    scratch = os.path.join(work, "suite")
    results_json = os.path.join(work, "results.json")
    log_path = os.path.join(work, "lit.log")
    os.makedirs(work, exist_ok=True)
    shutil.rmtree(os.path.join(work, "out"), ignore_errors=True)  # no stale %t files
    for p in (results_json,):
        if os.path.exists(p):
            os.remove(p)

    try:
        problems = copy_suite(suite, scratch, read_overrides(args.overrides))
    except ValueError as e:
        print("conformance: error: %s" % e)
        print("must-pass: 0 passed, %d failed" % max(1, len(must_pass)))
        return 1

    cmd = [sys.executable, lit_py, "-v", "-o", results_json,
           "--param", "build_dir=" + build,
           "--param", "conformance_src=" + scratch,
           "--param", "llvm_tools_dir=" + tools_dir,
           os.path.join(REPO, "test", "conformance")]
    with open(log_path, "w") as log:
        try:
            subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           timeout=1800)
        except subprocess.TimeoutExpired:
            log.write("\nrun.py: lit timed out after 1800 s\n")
    if args.verbose:
        with open(log_path) as f:
            sys.stdout.write(f.read())

    results = {}  # rel path -> (code, output)
    try:
        with open(results_json) as f:
            for t in json.load(f).get("tests", []):
                rel = t["name"].split(" :: ", 1)[-1]
                results[rel] = (t["code"], t.get("output") or "")
    except (OSError, ValueError, KeyError):
        print("conformance: error: lit produced no results; see %s" % log_path)

    status = {}  # rel path -> (code, output)
    for rel in sorted(set(discover(scratch)) | set(results)):
        code, output = results.get(rel, ("NOT RUN", "lit did not run this file"))
        if rel in problems:
            code, output = "OVERRIDE", problems[rel]
        status[rel] = (code, output)

    counted = {r: s for r, s in status.items() if s[0] not in SKIP_CODES}
    passing = sorted(r for r, s in counted.items() if s[0] in PASS_CODES)
    failing = sorted(r for r, s in counted.items() if s[0] not in PASS_CODES)
    skipped = len(status) - len(counted)
    print("conformance: %d/%d lit files pass%s" % (len(passing), len(counted),
          " (%d unsupported)" % skipped if skipped else ""))
    for rel in failing:
        print("  %-9s %s" % (status[rel][0], rel))
    if args.print_passing:
        for rel in passing:
            print("  %-9s %s" % ("PASS", rel))
    print("  (lit log: %s)" % log_path)

    mp_pass, mp_fail = 0, []
    for rel in must_pass:
        rel = os.path.normpath(rel)
        if rel not in status:
            mp_fail.append((rel, "MISSING", "listed in must-pass but not in the suite"))
        elif status[rel][0] in PASS_CODES:
            mp_pass += 1
        else:
            mp_fail.append((rel,) + status[rel])
    for rel, code, output in mp_fail:
        print("must-pass REGRESSION: %s (%s)" % (rel, code))
        print(excerpt(output))
    print("must-pass: %d passed, %d failed" % (mp_pass, len(mp_fail)))
    return 1 if mp_fail else 0


if __name__ == "__main__":
    sys.exit(main())
