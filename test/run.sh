#!/usr/bin/env bash
# test/run.sh — build ctile and run every test stage; the one command CI and developers use.
#
#   test/run.sh                 build in build/ and test
#   test/run.sh --sanitize      build in build-asan/ with CTILE_SANITIZE=ON (ASan+UBSan) and test
#   test/run.sh --build-dir D   use build dir D instead
#
# Stages, all run even when an earlier one fails:
#   1. unit tests:   every test/unit/test_<name>.c -> <build>/test/test_<name> (exit 0 = pass)
#   2. lit:          test/lit (*.mlir, *.test) via test/lit/lit.cfg.py
#   2b. python:      test/python (the ctile package) with /usr/bin/python3 + python3-numpy
#   3. conformance:  NVIDIA's suite via test/conformance/run.py; only the files listed in
#                    test/conformance-must-pass.txt count as tests here
#   4. oracle:       ../shared/oracle (NVIDIA's recorded outputs) via test/oracle/run.sh; each
#                    check counts; test/oracle/known-failures.txt lists the expected failures
#   5. fuzz corpora: every test/fuzz/corpus/<name>/ through <build>/fuzz/replay_<name>
# The last line is exactly "N passed, N failed" (a failed build adds one failure);
# exit status 0 iff nothing failed.
# Missing tools (cmake, gcc, clang, python3, FileCheck + lit) are installed with apt-get
# (root, or passwordless sudo), running `apt-get update` only when something is missing.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

SANITIZE=0
BUILD=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sanitize) SANITIZE=1 ;;
    --build-dir) BUILD=$2; shift ;;
    --build-dir=*) BUILD=${1#*=} ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "run.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$BUILD" ]; then
  if [ $SANITIZE = 1 ]; then BUILD=build-asan; else BUILD=build; fi
fi
mkdir -p "$BUILD" && BUILD=$(cd "$BUILD" && pwd)
JOBS=$(nproc 2>/dev/null || echo 2)

if [ $SANITIZE = 1 ]; then
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi

# ---------------------------------------------------------------------------- tools
apt_install() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo="sudo -n"
    else echo "run.sh: missing packages ($*) and not root; install them first" >&2; return 1; fi
  fi
  if [ -z "${APT_UPDATED:-}" ]; then
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    APT_UPDATED=1
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# Newest /usr/lib/llvm-N with bin/FileCheck and a lit: bin/lit (llvm-22 layout),
# build/utils/lit/lit.py (llvm-14 layout) or utils/lit/lit.py. Sets LLVM_BIN, LIT_PY.
find_llvm() {
  LLVM_BIN="" LIT_PY=""
  local d l
  for d in $(ls -d /usr/lib/llvm-* 2>/dev/null | sort -t- -k2 -n -r); do
    [ -x "$d/bin/FileCheck" ] || continue
    for l in "$d/bin/lit" "$d/build/utils/lit/lit.py" "$d/utils/lit/lit.py"; do
      if [ -f "$l" ]; then
        LLVM_BIN=$d/bin LIT_PY=$l
        return 0
      fi
    done
  done
  return 1
}

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v make >/dev/null || command -v ninja >/dev/null || missing+=(make)
command -v gcc >/dev/null || missing+=(gcc libc6-dev)
command -v clang >/dev/null || missing+=(clang libclang-rt-dev)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: installing ${missing[*]}"
  apt_install "${missing[@]}" || { echo "run.sh: could not install ${missing[*]}"; echo "0 passed, 1 failed"; exit 1; }
fi
if ! find_llvm; then
  echo "run.sh: installing FileCheck + lit (llvm-22-tools, else llvm-14-tools)"
  apt_install llvm-22-tools || apt_install llvm-14-tools
  find_llvm || { echo "run.sh: FileCheck/lit not available"; echo "0 passed, 1 failed"; exit 1; }
fi
echo "run.sh: build dir $BUILD; FileCheck from $LLVM_BIN; lit $LIT_PY"

PASSED=0
FAILED=0   # build failure (0/1) is added at the end

# ---------------------------------------------------------------------------- build
# Keep going past errors so one broken file fails only what depends on it. Linked outputs
# are removed first, so no stage can run a stale binary from an earlier build.
echo "== build ($BUILD)"
build_fail=0
SAN_FLAG=OFF; [ $SANITIZE = 1 ] && SAN_FLAG=ON
if ! cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCTILE_SANITIZE=$SAN_FLAG -DCTILE_WERROR=${CTILE_WERROR:-ON} >"$BUILD/configure.log" 2>&1; then
  cat "$BUILD/configure.log"
  echo "build: configure FAILED (counted as 1 failure)"
  build_fail=1
else
  grep -E '^-- ctile:' "$BUILD/configure.log"
  rm -f "$BUILD"/bin/* "$BUILD"/test/test_* "$BUILD"/lib/libctile* "$BUILD"/fuzz/*
  keep_going=-k
  grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja' "$BUILD/CMakeCache.txt" && keep_going="-k 0"
  if cmake --build "$BUILD" -j "$JOBS" -- $keep_going >"$BUILD/build.log" 2>&1; then
    echo "build: ok (log: $BUILD/build.log)"
  else
    cat "$BUILD/build.log"
    echo "build: FAILED (counted as 1 failure; stages below run with whatever was built)"
    build_fail=1
  fi
fi

# ---------------------------------------------------------------------------- unit tests
echo "== unit tests"
u_pass=0 u_fail=0
for src in test/unit/test_*.c; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .c)
  exe="$BUILD/test/$name"
  if [ ! -x "$exe" ]; then
    echo "$name: FAILED (not built)"
    u_fail=$((u_fail + 1))
    continue
  fi
  if out=$(cd "$BUILD/test" && timeout -k 5 300 "$exe" </dev/null 2>&1); then
    echo "$out" | tail -n 1
    u_pass=$((u_pass + 1))
  else
    rc=$?
    echo "$out"
    echo "$name: FAILED (exit $rc)"
    u_fail=$((u_fail + 1))
  fi
done
echo "unit tests: $u_pass passed, $u_fail failed"
PASSED=$((PASSED + u_pass)) FAILED=$((FAILED + u_fail))

# ---------------------------------------------------------------------------- lit
echo "== lit (test/lit)"
l_pass=0 l_fail=0
if [ -z "$(find test/lit -type f \( -name '*.mlir' -o -name '*.test' \) -not -path '*/Inputs/*' 2>/dev/null | head -n 1)" ]; then
  echo "lit: no tests yet"
else
  json="$BUILD/lit-results.json"
  rm -f "$json"
  timeout -k 10 1800 python3 "$LIT_PY" -v -o "$json" \
    --param build_dir="$BUILD" --param llvm_tools_dir="$LLVM_BIN" test/lit </dev/null
  counts=$(python3 - "$json" <<'EOF'
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except Exception:
    print("0 1"); sys.exit()
ok = sum(t["code"] in ("PASS", "XFAIL", "FLAKYPASS") for t in tests)
skip = sum(t["code"] in ("UNSUPPORTED", "EXCLUDED", "SKIPPED") for t in tests)
print(ok, len(tests) - ok - skip)
EOF
)
  read -r l_pass l_fail <<<"$counts"
  [ -f "$json" ] || echo "lit: did not produce results (counted as 1 failure)"
fi
echo "lit: $l_pass passed, $l_fail failed"
PASSED=$((PASSED + l_pass)) FAILED=$((FAILED + l_fail))

# ---------------------------------------------------------------------------- python
# The Python package (python/ctile) over $BUILD/lib/libctile.so, with Debian's python3 and
# python3-numpy (the python3 first on PATH may lack NumPy). Under --sanitize the library
# is instrumented, so the sanitizer runtime is preloaded into python (leak checks off:
# the interpreter itself keeps memory until exit); if that does not work it is skipped.
echo "== python (test/python)"
p_pass=0 p_fail=0
PY=/usr/bin/python3
if [ ! -x "$PY" ] || ! "$PY" -c 'import numpy' 2>/dev/null; then
  echo "run.sh: installing python3 + python3-numpy"
  apt_install python3 python3-numpy || true
fi
py_env=(env CTILE_LIBRARY="$BUILD/lib/libctile.so" CTILE_BUILD_DIR="$BUILD")
py_skip=""
if [ $SANITIZE = 1 ]; then
  py_cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$BUILD/CMakeCache.txt" 2>/dev/null)
  case "$(basename "${py_cc:-cc}")" in
    clang*) py_rt=$("$py_cc" -print-file-name=libclang_rt.asan-x86_64.so 2>/dev/null) ;;
    *) py_rt=$("${py_cc:-gcc}" -print-file-name=libasan.so 2>/dev/null) ;;
  esac
  py_env+=(LD_PRELOAD="$py_rt" ASAN_OPTIONS=detect_leaks=0:abort_on_error=0)
  if [ ! -f "$py_rt" ] || ! "${py_env[@]}" PYTHONPATH=python "$PY" -c 'import ctile' </dev/null >/dev/null 2>&1; then
    py_skip="cannot load the sanitized libctile.so into python (runtime: ${py_rt:-none})"
  fi
fi
if [ ! -x "$PY" ] || ! "$PY" -c 'import numpy' 2>/dev/null; then
  echo "python: /usr/bin/python3 with NumPy not available (counted as 1 failure)"
  p_fail=1
elif [ -n "$py_skip" ]; then
  echo "python: skipped ($py_skip)"
else
  p_out=$(timeout -k 5 600 "${py_env[@]}" "$PY" test/python/run.py </dev/null 2>&1)
  if line=$(echo "$p_out" | grep -E '^python: [0-9]+ passed, [0-9]+ failed$' | tail -n 1); then
    p_pass=$(echo "$line" | awk '{print $2}') p_fail=$(echo "$line" | awk '{print $4}')
    [ "$p_fail" = 0 ] && [ "$p_pass" = 0 ] && p_fail=1
    if [ "$p_fail" = 0 ]; then echo "$p_out" | grep -E '^Ran [0-9]+ test'
    else echo "$p_out" | grep -v '^python: '; fi
  else
    echo "$p_out" | tail -n 40
    echo "python: runner did not report (counted as 1 failure)"
    p_fail=1
  fi
fi
echo "python: $p_pass passed, $p_fail failed"
PASSED=$((PASSED + p_pass)) FAILED=$((FAILED + p_fail))

# ---------------------------------------------------------------------------- conformance
echo "== conformance (../shared/conformance/cuda-tile/test)"
c_out=$(python3 test/conformance/run.py --build-dir "$BUILD" --lit "$LIT_PY" \
          --llvm-tools-dir "$LLVM_BIN" </dev/null 2>&1)
c_rc=$?
echo "$c_out"
c_pass=0 c_fail=0
if line=$(echo "$c_out" | grep -E '^must-pass: [0-9]+ passed, [0-9]+ failed$' | tail -n 1); then
  c_pass=$(echo "$line" | awk '{print $2}') c_fail=$(echo "$line" | awk '{print $4}')
fi
if [ $c_rc != 0 ] && [ "$c_fail" = 0 ]; then
  echo "conformance: driver failed (exit $c_rc; counted as 1 failure)"
  c_fail=1
fi
echo "conformance must-pass files: $c_pass passed, $c_fail failed"
PASSED=$((PASSED + c_pass)) FAILED=$((FAILED + c_fail))

echo "== equivalence (test/equiv: original vs convert-cuda-tile-to-nv-tileaa)"
e_out=$(timeout -k 10 1200 test/equiv/run.sh "$BUILD" </dev/null 2>&1)
echo "$e_out"
e_pass=0 e_fail=1
if line=$(echo "$e_out" | grep -E '^equiv: [0-9]+ passed, [0-9]+ failed$' | tail -n 1); then
  e_pass=$(echo "$line" | awk '{print $2}') e_fail=$(echo "$line" | awk '{print $4}')
fi
PASSED=$((PASSED + e_pass)) FAILED=$((FAILED + e_fail))

echo "== canonicalization (test/canon: converted vs converted+canonicalize, token graph)"
k_out=$(timeout -k 10 1200 test/canon/run.sh "$BUILD" </dev/null 2>&1)
echo "$k_out"
k_pass=0 k_fail=1
if line=$(echo "$k_out" | grep -E '^canon: [0-9]+ passed, [0-9]+ failed$' | tail -n 1); then
  k_pass=$(echo "$line" | awk '{print $2}') k_fail=$(echo "$line" | awk '{print $4}')
fi
PASSED=$((PASSED + k_pass)) FAILED=$((FAILED + k_fail))

# ---------------------------------------------------------------------------- oracle
echo "== oracle (../shared/oracle)"
o_out=$(timeout -k 10 1800 bash test/oracle/run.sh "$BUILD" </dev/null 2>&1)
echo "$o_out" | grep -v '^oracle: [0-9]* passed, [0-9]* failed$'
o_pass=0 o_fail=1
if line=$(echo "$o_out" | grep -E '^oracle: [0-9]+ passed, [0-9]+ failed$' | tail -n 1); then
  o_pass=$(echo "$line" | awk '{print $2}') o_fail=$(echo "$line" | awk '{print $4}')
else
  echo "oracle: driver failed (counted as 1 failure)"
fi
echo "oracle: $o_pass passed, $o_fail failed"
PASSED=$((PASSED + o_pass)) FAILED=$((FAILED + o_fail))

# ---------------------------------------------------------------------------- fuzz corpora
# Every corpus test/fuzz/corpus/<name>/ is replayed through <build>/fuzz/replay_<name>
# (plain executables built with any compiler; under --sanitize with ASan+UBSan):
# one test per corpus, failing when the replay program is missing or any input fails.
echo "== fuzz corpus replay (test/fuzz/corpus)"
f_pass=0 f_fail=0
for dir in test/fuzz/corpus/*/; do
  [ -d "$dir" ] || continue
  name=$(basename "$dir")
  exe="$BUILD/fuzz/replay_$name"
  if [ ! -x "$exe" ]; then
    echo "replay_$name: FAILED (not built)"
    f_fail=$((f_fail + 1))
  elif out=$(timeout -k 5 600 "$exe" "$dir" </dev/null 2>&1); then
    echo "replay_$name: $(echo "$out" | tail -n 1)"
    f_pass=$((f_pass + 1))
  else
    echo "$out" | tail -n 30
    echo "replay_$name: FAILED"
    f_fail=$((f_fail + 1))
  fi
done
echo "fuzz corpus replay: $f_pass passed, $f_fail failed"
PASSED=$((PASSED + f_pass)) FAILED=$((FAILED + f_fail))

# ---------------------------------------------------------------------------- summary
FAILED=$((FAILED + build_fail))
echo "== summary: build $([ $build_fail = 0 ] && echo ok || echo FAILED), unit $u_pass/$((u_pass + u_fail)), lit $l_pass/$((l_pass + l_fail)), conformance must-pass $c_pass/$((c_pass + c_fail)), oracle $o_pass/$((o_pass + o_fail)), fuzz corpora $f_pass/$((f_pass + f_fail)), equivalence $e_pass/$((e_pass + e_fail))"
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
