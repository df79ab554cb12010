// Strict .npy input (NumPy's format: magic, version 1.0-3.0, a header dict
// with exactly 'descr', 'fortran_order' and 'shape', non-negative dimensions
// with a checked byte size, and exactly that much data).  Every malformed file
// is rejected with a message naming the file and the field; before, several
// crashed (negative or overlong shape, wrapping byte size) or were accepted.
// Inputs/make_npy.py spells out each file's bytes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/make_npy.py good %t/good.npy
// RUN: python3 %S/Inputs/make_npy.py v2 %t/v2.npy
// RUN: python3 %S/Inputs/make_npy.py v3 %t/v3.npy
// RUN: python3 %S/Inputs/make_npy.py rank9 %t/rank9.npy
// RUN: python3 %S/Inputs/make_npy.py rank33 %t/rank33.npy
// RUN: python3 %S/Inputs/make_npy.py negative %t/negative.npy
// RUN: python3 %S/Inputs/make_npy.py digits %t/digits.npy
// RUN: python3 %S/Inputs/make_npy.py wrap %t/wrap.npy
// RUN: python3 %S/Inputs/make_npy.py product %t/product.npy
// RUN: python3 %S/Inputs/make_npy.py abc %t/abc.npy
// RUN: python3 %S/Inputs/make_npy.py notuple %t/notuple.npy
// RUN: python3 %S/Inputs/make_npy.py nul %t/nul.npy
// RUN: python3 %S/Inputs/make_npy.py nul2 %t/nul2.npy
// RUN: python3 %S/Inputs/make_npy.py version9 %t/version9.npy
// RUN: python3 %S/Inputs/make_npy.py minor1 %t/minor1.npy
// RUN: python3 %S/Inputs/make_npy.py inside %t/inside.npy
// RUN: python3 %S/Inputs/make_npy.py inside2 %t/inside2.npy
// RUN: python3 %S/Inputs/make_npy.py noshape %t/noshape.npy
// RUN: python3 %S/Inputs/make_npy.py nodescr %t/nodescr.npy
// RUN: python3 %S/Inputs/make_npy.py dupkey %t/dupkey.npy
// RUN: python3 %S/Inputs/make_npy.py fortran %t/fortran.npy
// RUN: python3 %S/Inputs/make_npy.py fortranbad %t/fortranbad.npy
// RUN: python3 %S/Inputs/make_npy.py bigendian %t/bigendian.npy
// RUN: python3 %S/Inputs/make_npy.py complex %t/complex.npy
// RUN: python3 %S/Inputs/make_npy.py trailing %t/trailing.npy
// RUN: python3 %S/Inputs/make_npy.py notdict %t/notdict.npy
// RUN: python3 %S/Inputs/make_npy.py short %t/short.npy
// RUN: python3 %S/Inputs/make_npy.py long %t/long.npy
// RUN: python3 %S/Inputs/make_npy.py hdrlen %t/hdrlen.npy
// RUN: python3 %S/Inputs/make_npy.py magic %t/magic.npy
// RUN: python3 %S/Inputs/make_npy.py tiny %t/tiny.npy
// RUN: python3 %S/Inputs/make_npy.py empty %t/empty.npy
// RUN: ctile-run %s --entry copy --grid 1 --arg %t/good.npy --arg 'f32[4]=zeros' --dump 1 | FileCheck %s --check-prefix=GOOD
// RUN: ctile-run %s --entry copy --grid 1 --arg %t/v2.npy --arg 'f32[4]=zeros' --dump 1 | FileCheck %s --check-prefix=GOOD
// RUN: ctile-run %s --entry copy --grid 1 --arg %t/v3.npy --arg 'f32[4]=zeros' --dump 1 | FileCheck %s --check-prefix=GOOD
// RUN: ctile-run %s --entry copy --grid 1 --arg %t/rank9.npy --arg %t/rank9.npy --out 1=%t/out9.npy
// RUN: tail -c +11 %t/out9.npy | head -c 100 | FileCheck %s --check-prefix=RANK9
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/rank33.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=RANK33
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/negative.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/digits.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=DIGITS
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/wrap.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/product.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=PRODUCT
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/abc.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=ABC
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/notuple.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NOTUPLE
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/nul.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NUL
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/nul2.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NUL2
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/version9.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=VERSION9
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/minor1.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=MINOR1
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/inside.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=INSIDE
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/inside2.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=INSIDE2
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/noshape.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NOSHAPE
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/nodescr.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NODESCR
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/dupkey.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=DUPKEY
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/fortran.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=FORTRAN
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/fortranbad.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=FORTRANBAD
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/bigendian.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=BIGENDIAN
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/complex.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=COMPLEX
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/trailing.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=TRAILING
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/notdict.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NOTDICT
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/short.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/long.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/hdrlen.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=HDRLEN
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/magic.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=MAGIC
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/tiny.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/empty.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=EMPTY
// The spec form T[..]=FILE.npy reads the same way:
// RUN: not ctile-run %s --entry copy --grid 1 --arg 'f32[4]=%t/negative.npy' --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// A directory, a missing file, and a device that never ends:
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=NOTNPY
// RUN: mkdir -p %t/dir.npy
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/dir.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/missing.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: ln -sf /dev/zero %t/zero.npy
// RUN: not ctile-run %s --entry copy --grid 1 --arg %t/zero.npy --arg 'f32[4]=zeros' 2>&1 | FileCheck %s --check-prefix=ZERO

// GOOD: arg 1: [2, 4, 6, 8]
// RANK9: {'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, 4), }
// RANK33: rank33.npy': malformed .npy header: 'shape': more than 32 dimensions
// NEGATIVE: negative.npy': malformed .npy header: 'shape': negative dimension
// DIGITS: digits.npy': malformed .npy header: 'shape': a dimension does not fit in 64 bits
// WRAP: wrap.npy': 'shape' describes more than 1099511627776 bytes of data
// PRODUCT: product.npy': 'shape' describes more than 1099511627776 bytes of data
// ABC: abc.npy': malformed .npy header: 'shape': a dimension is not a non-negative integer
// NOTUPLE: notuple.npy': malformed .npy header: 'shape': (N) is a number, not a tuple (write (N,))
// NUL: nul.npy': malformed .npy header: NUL byte in the header
// NUL2: nul2.npy': malformed .npy header: NUL byte in the header
// VERSION9: version9.npy': unsupported .npy format version 9.0 (1.0, 2.0 and 3.0 are)
// MINOR1: minor1.npy': unsupported .npy format version 1.1
// INSIDE: inside.npy': malformed .npy header: 'descr': string too long
// INSIDE2: inside2.npy': malformed .npy header: unknown key 'note' (only 'descr', 'fortran_order' and 'shape' are allowed)
// NOSHAPE: noshape.npy': malformed .npy header: missing key 'shape'
// NODESCR: nodescr.npy': malformed .npy header: missing key 'descr'
// DUPKEY: dupkey.npy': malformed .npy header: duplicate key 'shape'
// FORTRAN: fortran.npy': 'fortran_order': Fortran-order arrays are not supported
// FORTRANBAD: fortranbad.npy': malformed .npy header: 'fortran_order': expected True or False
// BIGENDIAN: bigendian.npy': malformed .npy header: 'descr': unsupported dtype '>f4' (little-endian bool, int, uint and float only)
// COMPLEX: complex.npy': malformed .npy header: 'descr': unsupported dtype '<c8'
// TRAILING: trailing.npy': malformed .npy header: text after the dict
// NOTDICT: notdict.npy': malformed .npy header: expected a dict '{...}'
// SHORT: short.npy': the data holds 12 bytes, 'shape' and 'descr' need 16
// LONG: long.npy': the data holds more than 16 bytes, 'shape' and 'descr' need 16
// HDRLEN: hdrlen.npy': truncated .npy file (header of 65535 bytes, 8 present)
// MAGIC: magic.npy' is not a NumPy .npy file (no \x93NUMPY magic)
// TINY: tiny.npy' is not a NumPy .npy file (no \x93NUMPY magic)
// EMPTY: empty.npy' is not a NumPy .npy file (no \x93NUMPY magic)
// NOTNPY: ctile-run: --arg 0 ('{{.*}}'): parameter 0 is a pointer (!cuda_tile.tile<ptr<f32>>): expected a buffer TYPE[D0,...]=INIT or a .npy file
// DIR: ctile-run: --arg 0: cannot read '{{.*}}dir.npy': it is a directory, not a .npy file
// MISSING: ctile-run: --arg 0: cannot read '{{.*}}missing.npy': No such file or directory
// ZERO: zero.npy' is not a NumPy .npy file (no \x93NUMPY magic)

cuda_tile.module @m {
  // y = 2 * x (4 elements)
  entry @copy(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %ty = make_tensor_view %y, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %py = make_partition_view %ty : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %px[%c0] : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %d = addf %t, %t : tile<4xf32>
    %k2 = store_view_tko weak %d, %py[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
