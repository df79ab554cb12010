// ctile-run's command line: scalar arguments are range-checked (the unsigned
// spelling of a non-negative literal is its bit pattern), parameter indexes
// do not wrap, failed writes to stdout exit 1, --version, and a wrong --entry
// lists the entries that exist.
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:99999999999999999999 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:-9223372036854775809 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:0xffffffffffffffff --dump 0 | FileCheck %s --check-prefix=UNS
// RUN: ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:9223372036854775807 --dump 0 | FileCheck %s --check-prefix=MAX
// RUN: ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:-9223372036854775808 --dump 0 | FileCheck %s --check-prefix=MIN
// RUN: ctile-run %s --entry scal8 --grid 1 --arg 'i8[1]=zeros' --arg i8:255 --dump 0 | FileCheck %s --check-prefix=I8
// const:V fills integers exactly (it went through a double: UB past 2^63, rounded past 2^53):
// RUN: ctile-run %s --entry scal --grid 1 --arg 'i64[2]=const:9223372036854775807' --arg i64:1 --dump 0 | FileCheck %s --check-prefix=CMAX
// RUN: ctile-run %s --entry scal --grid 1 --arg 'i64[2]=const:9007199254740993' --arg i64:1 --dump 0 | FileCheck %s --check-prefix=C53
// RUN: not ctile-run %s --entry scal8 --grid 1 --arg 'i8[1]=zeros' --arg i8:256 2>&1 | FileCheck %s --check-prefix=I8BIG
// RUN: not ctile-run %s --entry scal8 --grid 1 --arg 'i8[1]=zeros' --arg i8:-129 2>&1 | FileCheck %s --check-prefix=I8SMALL
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg 'i64: 5' 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[-1]=zeros' --arg i64:1 2>&1 | FileCheck %s --check-prefix=NEGDIM
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[99999999999999999999]=zeros' --arg i64:1 2>&1 | FileCheck %s --check-prefix=BIGDIM
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[4294967296,4294967296]=zeros' --arg i64:1 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=rand:99999999999999999999' --arg i64:1 2>&1 | FileCheck %s --check-prefix=SEED
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:1 --dump 4294967296 2>&1 | FileCheck %s --check-prefix=DUMPIDX
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:1 --out 4294967296=x.npy 2>&1 | FileCheck %s --check-prefix=OUTIDX
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:1 --dump 1 2>&1 | FileCheck %s --check-prefix=NOTBUF
// Writes to stdout that fail (a full device) are errors:
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:1 --dump 0 > /dev/full 2> %t.err
// RUN: FileCheck %s --check-prefix=FULL < %t.err
// RUN: not ctile-run %s --entry hello --grid 2 > /dev/full 2> %t.err2
// RUN: FileCheck %s --check-prefix=FULL < %t.err2
// RUN: not ctile-run %s --entry scal --grid 1 --arg 'i64[1]=zeros' --arg i64:1 --out 0=- > /dev/full 2> %t.err3
// RUN: FileCheck %s --check-prefix=FULLOUT < %t.err3
// RUN: not ctile-run --help > /dev/full
// RUN: ctile-run --version | FileCheck %s --check-prefix=VERSION
// RUN: not ctile-run %s --entry hell --grid 1 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not ctile-run %s --entry nothing_like_it --grid 1 2>&1 | FileCheck %s --check-prefix=ENTRY2

// BIG: --arg 1 ('i64:99999999999999999999'): '99999999999999999999' does not fit in i64
// SMALL: --arg 1 ('i64:-9223372036854775809'): '-9223372036854775809' does not fit in i64
// UNS: arg 0: [-1]
// MAX: arg 0: [9223372036854775807]
// MIN: arg 0: [-9223372036854775808]
// I8: arg 0: [-1]
// CMAX: arg 0: [1, 9223372036854775807]
// C53: arg 0: [1, 9007199254740993]
// I8BIG: '256' does not fit in i8
// I8SMALL: '-129' does not fit in i8
// SPACE: ' 5' is not an integer value
// NEGDIM: bad buffer shape: negative dimension
// BIGDIM: bad buffer shape: a dimension does not fit in 64 bits
// HUGE: bad buffer shape: buffer larger than 2^40 bytes
// SEED: rand needs an integer seed (0 to 2^64-1)
// DUMPIDX: ctile-run: bad --dump parameter index (expected 0 to 2147483647): 4294967296
// OUTIDX: ctile-run: bad --out parameter index (expected 0 to 2147483647): 4294967296=x.npy
// NOTBUF: ctile-run: --dump 1: parameter 1 is not a buffer
// FULL: ctile-run: error writing to standard output: No space left on device
// FULLOUT: ctile-run: --out 0: cannot write '-': IO failure on output stream: No space left on device
// FULLOUT-NOT: error writing to standard output
// VERSION: ctile version {{[0-9]+\.[0-9]+\.[0-9]+}}
// ENTRY: ctile-run: no cuda_tile.entry named 'hell' in {{.*}}run-args.mlir; did you mean 'hello'? (entries: 'scal', 'scal8', 'hello')
// ENTRY2: ctile-run: no cuda_tile.entry named 'nothing_like_it' in {{.*}}run-args.mlir (entries: 'scal', 'scal8', 'hello')

cuda_tile.module @m {
  entry @scal(%p: tile<ptr<i64>>, %v: tile<i64>) {
    %t = store_ptr_tko weak %p, %v : tile<ptr<i64>>, tile<i64> -> token
    return
  }
  entry @scal8(%p: tile<ptr<i8>>, %v: tile<i8>) {
    %t = store_ptr_tko weak %p, %v : tile<ptr<i8>>, tile<i8> -> token
    return
  }
  entry @hello() {
    %c = constant <i32: 7> : tile<i32>
    %k = print_tko "hello %d\n", %c : tile<i32> -> token
    return
  }
}
