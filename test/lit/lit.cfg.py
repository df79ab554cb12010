# -*- Python -*-
# test/lit/lit.cfg.py — lit configuration for ctile's own .mlir/.test tests.
#
# Run:  python3 /usr/lib/llvm-NN/build/utils/lit/lit.py -v test/lit
# Parameters (--param NAME=VALUE) or environment:
#   build_dir       / CTILE_BUILD_DIR      build tree holding bin/ctile-*  (default <repo>/build)
#   llvm_tools_dir  / CTILE_LLVM_TOOLS_DIR  where FileCheck, not, count, split-file live
#                                          (default: newest /usr/lib/llvm-*/bin with FileCheck)
# PATH inside RUN lines: <build>/bin, then the LLVM tools dir, then the inherited PATH.
# Substitutions: %round_trip_test (test/conformance/round_trip_test.sh), %ctile_src (repo root).
# Feature "asan" is available when the build dir was configured with CTILE_SANITIZE=ON.

import glob
import os
import re
import shlex

import lit.formats


def _param(name, env):
    return lit_config.params.get(name) or os.environ.get(env) or ""


def _find_llvm_tools_dir():
    def version(path):
        m = re.search(r"llvm-(\d+)", path)
        return int(m.group(1)) if m else 0

    found = sorted(glob.glob("/usr/lib/llvm-*/bin/FileCheck"), key=version, reverse=True)
    return os.path.dirname(found[0]) if found else ""


config.name = "ctile"
config.test_format = lit.formats.ShTest(execute_external=True)  # bash, like upstream MLIR
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(os.path.dirname(config.test_source_root))
build_dir = os.path.abspath(_param("build_dir", "CTILE_BUILD_DIR") or os.path.join(repo_root, "build"))
config.test_exec_root = os.path.join(build_dir, "lit")

llvm_tools_dir = _param("llvm_tools_dir", "CTILE_LLVM_TOOLS_DIR") or _find_llvm_tools_dir()
if not llvm_tools_dir or not os.path.exists(os.path.join(llvm_tools_dir, "FileCheck")):
    lit_config.fatal("FileCheck not found; install llvm-22-tools or pass --param llvm_tools_dir=DIR")

path = [os.path.join(build_dir, "bin"), llvm_tools_dir, config.environment.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
# Sanitizer reports exit 1, which `not tool ...` would take for an expected error; in RUN
# lines make them abort instead, so `not` sees a crash and the test fails.
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var] + ":abort_on_error=1"

round_trip = os.path.join(repo_root, "test", "conformance", "round_trip_test.sh")
config.substitutions.append(("%round_trip_test", "bash " + shlex.quote(round_trip)))
config.substitutions.append(("%ctile_src", shlex.quote(repo_root)))

try:
    with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
        if re.search(r"^CTILE_SANITIZE:BOOL=(ON|1|TRUE|YES)$", f.read(), re.M | re.I):
            config.available_features.add("asan")
except OSError:
    pass

# NVIDIA's recorded outputs (../shared/oracle, see its README): %oracle is its cases folder;
# tests comparing with it say "REQUIRES: oracle" and are UNSUPPORTED where it is absent.
oracle_cases = os.path.join(repo_root, "..", "shared", "oracle", "cases")
if os.path.isdir(oracle_cases):
    config.available_features.add("oracle")
config.substitutions.append(("%oracle", shlex.quote(os.path.abspath(oracle_cases))))
