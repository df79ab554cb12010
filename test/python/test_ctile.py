"""Tests of the ctile Python package (python/ctile) over libctile.so.

Run by test/run.sh through test/python/run.py with Debian's /usr/bin/python3
and python3-numpy; the library is found through CTILE_LIBRARY (set by the
runner to the build being tested) or the build tree.  Each test method is one
test in the suite's count."""

import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))

import ctile  # noqa: E402

SOFTMAX = os.path.join(ROOT, "examples", "softmax.mlir")
CUTILE = os.path.join(ROOT, "examples", "cutile_style_softmax.mlir")


def np_softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


# x[i] = x[i] * a + b over n elements (n <= 16), one tile block; prints a.
SCALE = """\
cuda_tile.module @k {
  entry @scale(%x: tile<ptr<f32>>, %n: tile<i32>, %a: tile<f32>, %b: tile<i64>) {
    %tv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %pv[%c0] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %a1 = reshape %a : tile<f32> -> tile<1xf32>
    %ab = broadcast %a1 : tile<1xf32> -> tile<16xf32>
    %bf = itof %b signed : tile<i64> -> tile<f32>
    %b1 = reshape %bf : tile<f32> -> tile<1xf32>
    %bb = broadcast %b1 : tile<1xf32> -> tile<16xf32>
    %m = mulf %t, %ab : tile<16xf32>
    %r = addf %m, %bb : tile<16xf32>
    %k2 = store_view_tko weak %r, %pv[%c0] : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    print_tko "a=%.2f\\n", %a : tile<f32> -> token
    return
  }
}
"""

# Adds 1.0 to 8 bf16 values (raw bits in and out) in block (x, y, z) of a
# 2x3x1 grid... every block writes the same elements, so the result is
# deterministic; prints its block id.
BF16 = """\
cuda_tile.module @k {
  entry @inc(%x: tile<ptr<bf16>>) {
    %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xbf16, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %zero = cmpi equal %bx, %c0, signed : tile<i32> -> tile<i1>
    %zy = cmpi equal %by, %c0, signed : tile<i32> -> tile<i1>
    %first = andi %zero, %zy : tile<i1>
    if %first {
      %t, %k = load_view_tko weak %pv[%c0] : partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>, tile<i32> -> tile<8xbf16>, token
      %one = constant <bf16: 1.0> : tile<8xbf16>
      %r = addf %t, %one : tile<8xbf16>
      %k2 = store_view_tko weak %r, %pv[%c0] : tile<8xbf16>, partition_view<tile=(8), tensor_view<8xbf16, strides=[1]>>, tile<i32> -> token
    }
    print_tko "%d%d%d\\n", %bx, %by, %bz : tile<i32>, tile<i32>, tile<i32> -> token
    return
  }
}
"""


def bf16_bits(values):
    """Round-to-nearest-even f32 -> bf16 raw bits, in NumPy."""
    u = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_values(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


class TestLibrary(unittest.TestCase):
    def test_import_and_version(self):
        self.assertRegex(ctile.version(), r"^\d+\.\d+\.\d+$")
        self.assertEqual(ctile.__version__, ctile.version())
        self.assertTrue(os.path.exists(ctile.library_path))

    def test_import_from_repo_root(self):
        # The README's promise: PYTHONPATH=python python3 -c "import ctile"
        env = dict(os.environ, PYTHONPATH="python")
        r = subprocess.run([sys.executable, "-c", "import ctile; print(ctile.version())"],
                           cwd=ROOT, env=env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.strip(), ctile.version())

    def test_cmake_install(self):
        # `cmake --install` puts the package beside the library and records
        # where the library went; the installed package imports on its own.
        if not os.path.exists(os.path.join(BUILD, "CMakeCache.txt")):
            self.skipTest("no configured build in %s" % BUILD)
        with tempfile.TemporaryDirectory() as prefix:
            r = subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            pkgs = [os.path.dirname(d) for d, _, files in os.walk(prefix)
                    if os.path.basename(d) == "ctile" and "__init__.py" in files]
            self.assertEqual(len(pkgs), 1, pkgs)
            env = {k: v for k, v in os.environ.items() if k != "CTILE_LIBRARY"}
            env["PYTHONPATH"] = pkgs[0]
            r = subprocess.run([sys.executable, "-c",
                                "import ctile; print(ctile.library_path)"],
                               cwd=prefix, env=env, capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertTrue(r.stdout.startswith(prefix), r.stdout)

    def test_bad_ctile_library(self):
        env = dict(os.environ, PYTHONPATH="python", CTILE_LIBRARY="/nonexistent/libctile.so")
        r = subprocess.run([sys.executable, "-c", "import ctile"], cwd=ROOT, env=env,
                           capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("CTILE_LIBRARY=/nonexistent/libctile.so", r.stderr)


class TestModule(unittest.TestCase):
    def test_parse_print_generic(self):
        m = ctile.Module.parse(SCALE, filename="scale.mlir")
        text = str(m)
        self.assertIn("entry @scale(", text)
        self.assertIn("cuda_tile.module @k", text)
        self.assertEqual(m.print(), text)
        g = m.print(generic=True)
        self.assertIn('"cuda_tile.entry"()', g)
        self.assertNotEqual(g, text)
        self.assertIn('loc("scale.mlir":', m.print(debuginfo=True))
        # The printed form parses again to the same text.
        self.assertEqual(str(ctile.Module.parse(text)), text)

    def test_load_text_and_bytecode(self):
        m = ctile.Module.load(SOFTMAX)
        self.assertEqual(m.entries, ["softmax_rows"])
        self.assertEqual(m.source, SOFTMAX)
        with tempfile.NamedTemporaryFile(suffix=".tileirbc", delete=False) as f:
            f.write(m.to_bytecode())
        try:
            b = ctile.Module.load(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(b.entries, ["softmax_rows"])
        self.assertIn("entry @softmax_rows", str(b))

    def test_bytecode_round_trip_and_versions(self):
        m = ctile.Module.load(SOFTMAX)
        data = m.to_bytecode(version="13.3")
        self.assertIsInstance(data, bytes)
        self.assertEqual(data[:8], b"\x7fTileIR\x00")
        self.assertEqual(m.to_bytecode(), data)
        self.assertEqual(m.to_bytecode(version=(13, 3)), data)
        for v in ("13.1", "13.2"):
            self.assertEqual(m.to_bytecode(version=v)[:8], b"\x7fTileIR\x00")
        back = ctile.Module.from_bytecode(data)
        # As with NVIDIA's reader, a module read from bytecode carries the entry's (empty)
        # arg_attrs/res_attrs arrays, which the writer then writes; its printed text is the
        # original's, so text -> bytecode gives the original bytes again.
        self.assertEqual(ctile.Module.parse(str(back)).to_bytecode(version="13.3"), data)
        # A module read from bytecode is the cuda_tile.module itself.
        self.assertTrue(str(back).startswith("cuda_tile.module @kernels"))
        back.run_pass_pipeline("cuda_tile.module(canonicalize)").run_pass_pipeline("cse")
        self.assertEqual(back.entries, ["softmax_rows"])
        with self.assertRaises(ctile.Error) as cm:
            m.to_bytecode(version="12.0")
        self.assertIn("unsupported bytecode version 12.0", str(cm.exception))
        with self.assertRaises(ValueError):
            m.to_bytecode(version="13")

    def test_from_bytecode_error(self):
        with self.assertRaises(ctile.Error) as cm:
            ctile.Module.from_bytecode(b"\x7fTileIR\x00\x0d\x03garbage")
        self.assertTrue(cm.exception.errors)
        self.assertIn("error:", str(cm.exception))

    def test_parse_text_given_bytecode(self):
        data = ctile.Module.load(SOFTMAX).to_bytecode()
        with self.assertRaises(ctile.Error) as cm:
            ctile.Module.parse(data)
        self.assertIn("from_bytecode", str(cm.exception))

    def test_verify(self):
        m = ctile.Module.parse(SCALE)
        self.assertTrue(m.verify())

    def test_run_pass_pipeline(self):
        src = SCALE.replace("%m = mulf %t, %ab", "%dead = mulf %t, %t : tile<16xf32>\n"
                            "    %m = mulf %t, %ab")
        m = ctile.Module.parse(src)
        before = m.print()
        self.assertIs(m.run_pass_pipeline("builtin.module(canonicalize)"), m)
        after = m.print()
        self.assertEqual(before.count("mulf"), 2)
        self.assertEqual(after.count("mulf"), 1)
        with self.assertRaises(ctile.Error) as cm:
            m.run_pass_pipeline("builtin.module(no-such-pass)")
        self.assertIn("no-such-pass", str(cm.exception))

    def test_close(self):
        m = ctile.Module.parse(SCALE)
        m.close()
        m.close()
        with self.assertRaises(ValueError):
            m.verify()
        with ctile.Module.parse(SCALE) as m2:
            self.assertEqual(m2.entries, ["scale"])


class TestErrors(unittest.TestCase):
    def test_parse_error_location(self):
        src = "cuda_tile.module @m {\n  entry @e() {\n    %x = bogus_op\n  }\n}\n"
        with self.assertRaises(ctile.Error) as cm:
            ctile.Module.parse(src, filename="bad.mlir")
        e = cm.exception
        d = e.diagnostics[0]
        self.assertEqual((d.file, d.line, d.column, d.severity), ("bad.mlir", 3, 10, "error"))
        self.assertIn("custom op 'bogus_op' is unknown", d.message)
        self.assertTrue(str(e).startswith("bad.mlir:3:10: error: custom op 'bogus_op'"))

    def test_error_matches_tool_output(self):
        # str(e) reads as ctile-opt prints the diagnostic (its first line).
        src = ("cuda_tile.module @m {\n  entry @e() {\n"
               "    %c = constant <i32: 0> : tile<32xi32>\n"
               "    %r = reshape %c : tile<32xi32> -> tile<16xi32>\n"
               "    return\n  }\n}\n")
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(src)
        try:
            with self.assertRaises(ctile.Error) as cm:
                ctile.Module.load(f.name)
            # Without the sanitizer runtime python may have preloaded (clang's
            # ASan tools carry their own).
            env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
            tool = subprocess.run([os.path.join(BUILD, "bin", "ctile-opt"), f.name,
                                   "--mlir-print-op-on-diagnostic=false"],
                                  capture_output=True, text=True, env=env)
        finally:
            os.unlink(f.name)
        self.assertEqual(tool.returncode, 1)
        self.assertEqual(str(cm.exception), tool.stderr.splitlines()[0])
        self.assertEqual(cm.exception.diagnostics[0].line, 4)

    def test_unknown_location(self):
        with self.assertRaises(ctile.Error) as cm:
            ctile.Module.parse(SCALE).run_pass_pipeline("builtin.module(no-such-pass)")
        s = str(cm.exception)
        self.assertTrue(s.startswith("<unknown>:0: error: "), s)
        self.assertIn("'no-such-pass' does not refer to a registered pass", s)
        self.assertIsNone(cm.exception.diagnostics[0].file)

    def test_runtime_error_location(self):
        m = ctile.Module.load(SOFTMAX)
        x = np.zeros((1024, 128), np.float32)
        y = np.zeros_like(x)
        with self.assertRaises(ctile.Error) as cm:
            m.run("softmax_rows", 129, x, y)
        d = cm.exception.diagnostics[0]
        self.assertEqual((d.file, d.line), (SOFTMAX, 13))
        self.assertIn("out of bounds", d.message)
        self.assertIn("tile block (128, 0, 0)", d.message)
        self.assertTrue(str(cm.exception).startswith(SOFTMAX + ":13:"))

    def test_unknown_entry_lists_entries(self):
        m = ctile.Module.load(SOFTMAX)
        with self.assertRaises(ctile.Error) as cm:
            m.run("softmax", 1)
        self.assertIn("no cuda_tile.entry named 'softmax' (entries: softmax_rows)",
                      str(cm.exception))

    def test_load_missing_file(self):
        with self.assertRaises(OSError):
            ctile.Module.load(os.path.join(ROOT, "no-such-file.mlir"))


class TestRun(unittest.TestCase):
    def test_softmax_matches_numpy(self):
        m = ctile.Module.load(SOFTMAX)
        x = np.random.default_rng(7).standard_normal((1024, 128), dtype=np.float32) * 4
        y = np.zeros_like(x)
        out = m.run("softmax_rows", 128, x, y, threads=2)
        self.assertEqual(out, "")
        np.testing.assert_allclose(y, np_softmax(x.astype(np.float64)), rtol=1e-5, atol=1e-7)

    def test_gemm_matches_numpy(self):
        m = ctile.Module.load(os.path.join(ROOT, "examples", "gemm.mlir"))
        rng = np.random.default_rng(3)
        a = rng.standard_normal((256, 256), dtype=np.float32)
        b = rng.standard_normal((256, 256), dtype=np.float32)
        c = np.zeros((256, 256), np.float32)
        m.run("gemm_f32", (4, 4), a, b, c, threads=2)
        np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64),
                                   rtol=1e-4, atol=1e-3)

    def test_shipped_data(self):
        # The README's main job: examples/data holds NumPy's softmax of the
        # shipped input; the kernel reproduces it within the --tol the README uses.
        x = np.load(os.path.join(ROOT, "examples", "data", "softmax_in.npy"))
        ref = np.load(os.path.join(ROOT, "examples", "data", "softmax_ref.npy"))
        self.assertEqual((x.dtype, x.shape, ref.dtype, ref.shape),
                         (np.float32, (1024, 128), np.float32, (1024, 128)))
        np.testing.assert_array_equal(np_softmax(x.astype(np.float64)).astype(np.float32), ref)
        y = np.zeros_like(x)
        ctile.Module.load(SOFTMAX).run("softmax_rows", 128, x, y)
        self.assertLess(float(np.abs(y - ref).max()), 1e-6)

    def test_signature(self):
        m = ctile.Module.parse(SCALE)
        sig = m.signature("scale")
        self.assertEqual([(p.kind, p.element_type) for p in sig],
                         [("buffer", "f32"), ("scalar", "i32"), ("scalar", "f32"),
                          ("scalar", "i64")])
        self.assertEqual(str(sig[0]), "ptr<f32>")
        self.assertEqual(sig[0].element_bytes, 4)

    def test_scalars_and_print(self):
        m = ctile.Module.parse(SCALE)
        x = np.arange(16, dtype=np.float32)
        out = m.run("scale", 1, x, 10, 2.5, 3)
        self.assertEqual(out, "a=2.50\n")
        np.testing.assert_array_equal(x[:10], np.arange(10, dtype=np.float32) * 2.5 + 3)
        np.testing.assert_array_equal(x[10:], np.arange(10, 16, dtype=np.float32))
        # NumPy scalars and an int for a float parameter
        x = np.ones(16, np.float32)
        m.run("scale", (1,), x, np.int32(16), 2, np.int64(-1))
        np.testing.assert_array_equal(x, np.ones(16, np.float32))

    def test_argument_checks(self):
        m = ctile.Module.parse(SCALE)
        x = np.zeros(16, np.float32)
        with self.assertRaisesRegex(TypeError, r"takes 4 argument\(s\) \(ptr<f32>, i32, "
                                    r"f32, i64\), 2 given"):
            m.run("scale", 1, x, 1)
        with self.assertRaisesRegex(TypeError, r"argument 0 of 'scale' \(ptr<f32>\) takes "
                                    r"a float32 array, got dtype float64"):
            m.run("scale", 1, x.astype(np.float64), 1, 1.0, 1)
        with self.assertRaisesRegex(TypeError, "takes a NumPy array"):
            m.run("scale", 1, [0.0] * 16, 1, 1.0, 1)
        with self.assertRaisesRegex(ValueError, "C-contiguous"):
            m.run("scale", 1, np.zeros(32, np.float32)[::2], 1, 1.0, 1)
        ro = np.zeros(16, np.float32)
        ro.setflags(write=False)
        with self.assertRaisesRegex(ValueError, "writeable"):
            m.run("scale", 1, ro, 1, 1.0, 1)
        with self.assertRaisesRegex(TypeError, "takes an integer, got float"):
            m.run("scale", 1, x, 1.5, 1.0, 1)
        with self.assertRaisesRegex(OverflowError, "does not fit in i32"):
            m.run("scale", 1, x, 1 << 32, 1.0, 1)
        with self.assertRaisesRegex(TypeError, "takes a number, got str"):
            m.run("scale", 1, x, 1, "2", 1)

    def test_grid_forms(self):
        m = ctile.Module.parse(BF16)
        x = np.zeros(8, np.uint16)
        out = m.run("inc", (2, 3), x)
        self.assertEqual(out, "000\n100\n010\n110\n020\n120\n")
        self.assertEqual(m.run("inc", [1, 1, 2], x), "000\n001\n")
        self.assertEqual(m.run("inc", 2, x), "000\n100\n")
        for bad in ((1, 1, 1, 1), (), 0, (2, -1)):
            with self.assertRaises(ValueError):
                m.run("inc", bad, x)
        with self.assertRaises(TypeError):
            m.run("inc", 1.5, x)

    def test_bf16_raw_bits(self):
        m = ctile.Module.parse(BF16)
        vals = np.array([0.5, -1.0, 2.0, 3.25, 100.0, -0.125, 7.0, 1e-3], np.float32)
        x = bf16_bits(vals)
        m.run("inc", 1, x)
        want = bf16_bits(bf16_values(bf16_bits(vals)) + np.float32(1.0))
        np.testing.assert_array_equal(x, want)
        with self.assertRaisesRegex(TypeError, "takes a uint16 or bfloat16 array"):
            m.run("inc", 1, vals)

    def test_fp8_raw_bits(self):
        src = BF16.replace("bf16", "f8E4M3FN").replace(
            "%r = addf %t, %one : tile<8xf8E4M3FN>",
            "%w = ftof %t : tile<8xf8E4M3FN> -> tile<8xf32>\n"
            "      %w1 = ftof %one : tile<8xf8E4M3FN> -> tile<8xf32>\n"
            "      %ws = addf %w, %w1 : tile<8xf32>\n"
            "      %r = ftof %ws : tile<8xf32> -> tile<8xf8E4M3FN>")
        m = ctile.Module.parse(src)
        # E4M3FN bits: 0x38 = 1.0, 0x40 = 2.0, 0x30 = 0.5, 0x3C = 1.5
        x = np.array([0x38, 0x30, 0, 0x38, 0x40, 0x38, 0x38, 0x38], np.uint8)
        m.run("inc", 1, x)
        np.testing.assert_array_equal(x[:5], [0x40, 0x3C, 0x38, 0x40, 0x44])
        with self.assertRaisesRegex(TypeError, "uint8"):
            m.run("inc", 1, x.astype(np.int16))

    def test_cutile_style_shape_args(self):
        m = ctile.Module.load(CUTILE)
        self.assertEqual(len(m.signature("softmax_masked")), 10)
        for shape in ((3, 100), (5, 128), (2, 1)):
            x = np.random.default_rng(1).standard_normal(shape, dtype=np.float32)
            y = np.zeros_like(x)
            m.run("softmax_masked", shape[0], x, y, shape_args=True)
            np.testing.assert_allclose(y, np_softmax(x), rtol=1e-5, atol=1e-7)
        # The same call with the shape and stride scalars spelled out.
        x = np.random.default_rng(2).standard_normal((4, 60), dtype=np.float32)
        y = np.zeros_like(x)
        m.run("softmax_masked", 4, x, 4, 60, 60, 1, y, 4, 60, 60, 1)
        np.testing.assert_allclose(y, np_softmax(x), rtol=1e-5, atol=1e-7)

    def test_max_steps(self):
        m = ctile.Module.load(SOFTMAX)
        x = np.zeros((1024, 128), np.float32)
        with self.assertRaises(ctile.Error) as cm:
            m.run("softmax_rows", 1, x, np.zeros_like(x), max_steps=3)
        self.assertIn("error:", str(cm.exception))

    def test_run_converted(self):
        # A module converted to nv_tileaa (hop 1) keeps its entries and runs with the same
        # arguments, bit-identically.
        m = ctile.Module.load(SOFTMAX)
        x = np.load(os.path.join(ROOT, "examples", "data", "softmax_in.npy"))
        y = np.zeros_like(x)
        m.run("softmax_rows", 128, x, y)
        c = ctile.Module.parse(str(m)).run_pass_pipeline(
            "builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize)")
        self.assertNotIn("cuda_tile.", str(c))
        self.assertEqual(c.entries, ["softmax_rows"])
        self.assertEqual([p.kind for p in c.signature("softmax_rows")], ["buffer", "buffer"])
        y2 = np.zeros_like(x)
        c.run("softmax_rows", 128, x, y2)
        self.assertTrue(np.array_equal(y, y2))

    def test_check(self):
        # --check through the C API: two blocks storing to the same row is a
        # race; the corrected kernel (one row per block) runs clean.
        m = ctile.Module.load(os.path.join(ROOT, "test", "lit", "check", "races.mlir"))
        with self.assertRaises(ctile.Error) as cm:
            m.run("same_row", 2, np.zeros((4, 8), np.float32), check="races")
        self.assertIn("data race", str(cm.exception))
        self.assertIn("tile block (1, 0, 0)", str(cm.exception))
        # Without the check the bug is invisible on the CPU.
        m.run("same_row", 2, np.zeros((4, 8), np.float32))
        y = np.zeros((4, 8), np.float32)
        m.run("own_row", 2, y, check=["all"])
        self.assertEqual(y[1].tolist(), [1.0] * 8)
        m.run("own_row", 2, np.zeros((4, 8), np.float32), check="order-shuffle=7")
        for bad in ("bogus", "order-shuffle=x", ["races", 3]):
            with self.assertRaises((ValueError, TypeError)):
                m.run("own_row", 2, np.zeros((4, 8), np.float32), check=bad)

    def test_check_nv_tileaa(self):
        # --check on nv_tileaa: the conversion chains every memory op of a block
        # with tokens, so the converted kernel is ordered; with the load's token
        # edge cut by hand (it takes the function's first token instead of the
        # store's), order reports the nv_tileaa ops.
        import re
        m = ctile.Module.load(os.path.join(ROOT, "test", "lit", "check", "order.mlir"))
        m.run_pass_pipeline("builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100})")
        a, b = np.zeros(8, np.float32), np.zeros(8, np.float32)
        m.run("raw_missing_token", 1, a, b, check="order")
        text = str(m)
        start = text.index("@raw_missing_token")
        tok = re.search(r"(%\w+) = nv_tileaa.create_mem_token", text[start:]).group(1)
        ld = re.search(r"nv_tileaa.tiled_load %\w+\[%\w+\], (%\w+) ", text[start:])
        cut = text[:start + ld.start(1)] + tok + text[start + ld.end(1):]
        with self.assertRaises(ctile.Error) as cm:
            ctile.Module.parse(cut).run("raw_missing_token", 1, a, b, check="order")
        self.assertIn("'nv_tileaa.tiled_load' op load of 4 byte(s)", str(cm.exception))
        self.assertIn("not ordered after the store by 'nv_tileaa.tiled_store'", str(cm.exception))


BUILD = os.environ.get("CTILE_BUILD_DIR", os.path.join(ROOT, "build"))

if __name__ == "__main__":
    unittest.main()
