#!/usr/bin/env python3
"""Generates the inputs and the reference output of the README's main job
(examples/softmax.mlir, entry softmax_rows) with NumPy alone:

  softmax_in.npy   float32[1024, 128]  input matrix, seeded standard normal values
  softmax_ref.npy  float32[1024, 128]  row softmax of the input, computed in
                                       float64 by NumPy and rounded to float32

The reference does not depend on ctile in any way: it is what the kernel's
result is checked against (ctile-run --expect 1=examples/data/softmax_ref.npy).

    /usr/bin/python3 examples/data/gen.py            # rewrite both files
    /usr/bin/python3 examples/data/gen.py --check    # verify the shipped files

--check recomputes the reference from the shipped input (so it does not rely
on NumPy's random streams staying the same across versions) and exits 1 if it
differs from the shipped reference."""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
IN = os.path.join(HERE, "softmax_in.npy")
REF = os.path.join(HERE, "softmax_ref.npy")
ROWS, COLS = 1024, 128  # fixed by examples/softmax.mlir


def softmax_rows(x):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)


def main(argv):
    if argv[1:] == ["--check"]:
        x, ref = np.load(IN), np.load(REF)
        ok = (x.dtype == np.float32 and x.shape == (ROWS, COLS) and ref.dtype == np.float32
              and ref.shape == (ROWS, COLS) and np.array_equal(softmax_rows(x), ref))
        print("examples/data: %s" % ("reference matches the input" if ok else "MISMATCH"))
        return 0 if ok else 1
    if argv[1:]:
        print(__doc__)
        return 2
    rng = np.random.default_rng(20261125)
    x = rng.standard_normal((ROWS, COLS)).astype(np.float32)
    np.save(IN, x)
    np.save(REF, softmax_rows(x))
    print("wrote %s and %s" % (IN, REF))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
