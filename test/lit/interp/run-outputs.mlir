// --out files: opened (as a temporary file beside the target) before the
// kernel runs, so a bad path costs no computation; renamed over the target
// only when the run succeeds, through symbolic links (which stay links);
// /dev/stdout and other non-regular files are written in place; the input
// file is never an output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not ctile-run %s --entry loud --grid 1 --arg 'i32[4]=zeros' --out 0=%t/no-such-dir/x.npy > %t/stdout 2>&1
// RUN: FileCheck %s --check-prefix=NODIR < %t/stdout
// RUN: ctile-run %s --entry ok --grid 1 --arg 'i32[4]=zeros' --out 0=%t/a.npy --dump 0 | FileCheck %s --check-prefix=OK
// RUN: ctile-run %s --entry ok --grid 1 --arg %t/a.npy --dump 0 | FileCheck %s --check-prefix=OK
// RUN: ls %t | FileCheck %s --check-prefix=NOTMP
// A failed run keeps the old file (and leaves no temporary file):
// RUN: cp %t/a.npy %t/keep.npy
// RUN: not ctile-run %s --entry fails --grid 1 --arg 'i32[4]=zeros' --out 0=%t/a.npy 2>/dev/null
// RUN: cmp %t/a.npy %t/keep.npy
// RUN: ls %t | FileCheck %s --check-prefix=NOTMP
// Through a symbolic link: a failure keeps target and link, success writes
// the target and keeps the link.
// RUN: echo KEEP > %t/target && ln -s target %t/link
// RUN: not ctile-run %s --entry fails --grid 1 --arg 'i32[4]=zeros' --out 0=%t/link 2>/dev/null
// RUN: test -L %t/link && FileCheck %s --check-prefix=KEEP < %t/target
// RUN: ctile-run %s --entry ok --grid 1 --arg 'i32[4]=zeros' --out 0=%t/link
// RUN: test -L %t/link && cmp %t/target %t/keep.npy
// Non-regular files are written in place:
// RUN: ctile-run %s --entry ok --grid 1 --arg 'i32[4]=zeros' --out 0=/dev/stdout | cmp - %t/keep.npy
// RUN: ctile-run %s --entry ok --grid 1 --arg 'i32[4]=zeros' --out 0=/dev/null
// The input is never overwritten:
// RUN: cp %s %t/k.mlir
// RUN: not ctile-run %t/k.mlir --entry ok --grid 1 --arg 'i32[4]=zeros' --out 0=%t/k.mlir 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: cmp %s %t/k.mlir

// NODIR: ctile-run: --out 0: cannot open output file '{{.*}}no-such-dir/x.npy': No such file or directory
// NODIR-NOT: before the run
// OK: arg 0: [1, 2, 3, 4]
// NOTMP-NOT: .tmp-
// KEEP: KEEP
// SELF: ctile-run: --out 0: output file '{{.*}}k.mlir' is the input file '{{.*}}k.mlir'; refusing to overwrite it

cuda_tile.module @m {
  // prints (so a run before the error would show)
  entry @loud(%p: tile<ptr<i32>>) {
    %k0 = print_tko "before the run\n" -> token
    return
  }
  // p[i] = i + 1
  entry @ok(%p: tile<ptr<i32>>) {
    %c = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %p, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %v = iota : tile<4xi32>
    %one = constant <i32: 1> : tile<4xi32>
    %w = addi %v, %one : tile<4xi32>
    %k = store_view_tko weak %w, %pv[%c] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @fails(%p: tile<ptr<i32>>) {
    %f = constant <i1: false> : tile<i1>
    assert %f, "no" : tile<i1>
    return
  }
}
