// --shape-args: a buffer --arg also fills the 2 x rank integer parameters
// after its pointer with its shape, then its row-major strides in elements,
// as cuTile Python flattens an array argument into (base_ptr, *shape,
// *strides).  --expect N=FILE.npy compares a buffer with a reference after
// the run, with --tol ATOL[,RTOL] (integers exact by default).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --dump 5 --out 5=%t/want.npy | FileCheck %s --check-prefix=DUMP
// RUN: ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 5=%t/want.npy | FileCheck %s --check-prefix=MATCH
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=const:1' --arg 'f32[8,8]=zeros' --expect 5=%t/want.npy 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not ctile-run %s --entry scale2 --grid 1 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 5=%t/want.npy 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 5=%t/want.npy --expect 0=%t/want.npy --tol 64,0 | FileCheck %s --check-prefix=TOL
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 0=%t/want.npy --tol 62.5 2>&1 | FileCheck %s --check-prefix=TOL2
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 5=%t/want.npy --tol x 2>&1 | FileCheck %s --check-prefix=BADTOL
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[4,8]=iota' --arg 'f32[8,8]=zeros' --expect 0=%t/want.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' --expect 5=%t/missing.npy 2>&1 | FileCheck %s --check-prefix=NOREF
// Integers: exact by default; i64 shape parameters; a rank-1 buffer.
// RUN: ctile-run %s --entry inc --grid 1 --shape-args --arg 'i64[4]=iota' --out 0=%t/iota.npy
// RUN: ctile-run %s --entry inc --grid 1 --shape-args --arg 'i64[4]=zeros' --dump 0 | FileCheck %s --check-prefix=INC
// RUN: not ctile-run %s --entry inc --grid 1 --shape-args --arg 'i64[4]=zeros' --expect 0=%t/iota.npy 2>&1 | FileCheck %s --check-prefix=INTMIS
// RUN: ctile-run %s --entry inc --grid 1 --shape-args --arg 'i64[4]=zeros' --expect 0=%t/iota.npy --tol 3 | FileCheck %s --check-prefix=INTTOL
// Count and type errors:
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8]=iota' 2>&1 | FileCheck %s --check-prefix=FEW
// RUN: not ctile-run %s --entry scale2 --grid 2 --shape-args --arg 'f32[8,8,1]=iota' --arg 'f32[8,8]=zeros' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not ctile-run %s --entry scale2 --grid 2 --arg 'f32[8,8]=iota' --arg 'f32[8,8]=zeros' 2>&1 | FileCheck %s --check-prefix=HINT
// RUN: not ctile-run %s --entry small --grid 1 --shape-args --arg 'f32[200]=zeros' 2>&1 | FileCheck %s --check-prefix=FIT
// RUN: ctile-run --help | FileCheck %s --check-prefix=HELP

// DUMP: arg 5: [0, 2, 4, 6, 8, 10, 12, 14, 16, {{.*}}, 124, 126]
// MATCH: scale2: param 5 f32[8,8], grid 2: matches reference (max abs err 0)
// MISMATCH: scale2: param 5 f32[8,8], grid 2: MISMATCH at [0,0]: got 2, want 0 (63 of 64 elements differ; tolerance atol 1e-06, rtol 1e-05)
// grid 1 covers the first 4 rows only
// HALF: scale2: param 5 f32[8,8], grid 1: MISMATCH at [4,0]: got 0, want 64 (32 of 64 elements differ
// TOL: scale2: param 5 f32[8,8], grid 2: matches reference (max abs err 0)
// TOL-NEXT: scale2: param 0 f32[8,8], grid 2: matches reference (max abs err 63)
// TOL2: scale2: param 0 f32[8,8], grid 2: MISMATCH at [7,7]: got 63, want 126 (1 of 64 elements differ; tolerance atol 62.5, rtol 0)
// BADTOL: ctile-run: bad --tol (expected ATOL[,RTOL], non-negative numbers): x
// COUNT: ctile-run: --expect 0: '{{.*}}want.npy' holds 64 element(s), parameter 0's buffer 32
// NOREF: ctile-run: --expect 5: cannot read '{{.*}}missing.npy': No such file or directory
// INC: arg 0: [1, 1, 1, 1]
// INTMIS: inc: param 0 i64[4], grid 1: MISMATCH at [1]: got 1, want 2 (3 of 4 elements differ; tolerance atol 0, rtol 0)
// INTTOL: inc: param 0 i64[4], grid 1: matches reference (max abs err 3)
// FEW: ctile-run: entry 'scale2' has 10 parameter(s), but the 1 --arg given fill 5 (with --shape-args)
// RANK: ctile-run: --arg 0: with --shape-args parameter 5 (the buffer's stride 1) must be an integer scalar, not !cuda_tile.tile<ptr<f32>>
// HINT: ctile-run: --arg 1 ('f32[8,8]=zeros'): expected TYPE:VALUE for parameter of type !cuda_tile.tile<i32> (a kernel that takes each array's shape and strides after its pointer needs --shape-args)
// FIT: ctile-run: --arg 0: with --shape-args the buffer's dimension 0 (200) does not fit parameter 1 of type i8
// HELP: --shape-args

cuda_tile.module @m {
  // y = 2 * x over 2-D arrays passed as (ptr, shape0, shape1, stride0, stride1);
  // 4x8 tiles, one block per 4 rows.
  entry @scale2(%x: tile<ptr<f32>>, %xs0: tile<i32>, %xs1: tile<i32>, %xt0: tile<i32>, %xt1: tile<i32>,
                %y: tile<ptr<f32>>, %ys0: tile<i32>, %ys1: tile<i32>, %yt0: tile<i32>, %yt1: tile<i32>) {
    %xv = make_tensor_view %x, shape = [%xs0, %xs1], strides = [%xt0, %xt1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %yv = make_tensor_view %y, shape = [%ys0, %ys1], strides = [%yt0, %yt1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %xp = make_partition_view %xv : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,?]>>
    %yp = make_partition_view %yv : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,?]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %xp[%bx, %c0] : partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> tile<4x8xf32>, token
    %d = addf %t, %t : tile<4x8xf32>
    %k2 = store_view_tko weak %d, %yp[%bx, %c0] : tile<4x8xf32>, partition_view<tile=(4x8), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
  // x[i] = x[i] + 1 over a 1-D array passed as (ptr, shape0, stride0) in i64.
  entry @inc(%x: tile<ptr<i64>>, %n: tile<i64>, %s: tile<i64>) {
    %xv = make_tensor_view %x, shape = [%n], strides = [%s] : tile<i64> -> tensor_view<?xi64, strides=[?]>
    %xp = make_partition_view %xv : partition_view<tile=(4), tensor_view<?xi64, strides=[?]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t, %k = load_view_tko weak %xp[%c0] : partition_view<tile=(4), tensor_view<?xi64, strides=[?]>>, tile<i32> -> tile<4xi64>, token
    %one = constant <i64: 1> : tile<4xi64>
    %d = addi %t, %one : tile<4xi64>
    %k2 = store_view_tko weak %d, %xp[%c0] : tile<4xi64>, partition_view<tile=(4), tensor_view<?xi64, strides=[?]>>, tile<i32> -> token
    return
  }
  entry @small(%x: tile<ptr<f32>>, %n: tile<i8>, %s: tile<i8>) {
    return
  }
}
