// Bounded work: --max-steps counts elements of work (an op takes 1 + E/64
// steps, E the elements of its largest result tile, or operand when it has
// no results, and M*N*K for mmaf), so a loop over big tiles stops as early as
// a loop of scalar ops; --timeout bounds the whole run in wall-clock time; a
// grid has at most 2^30 blocks; view tile counts near INT64_MAX do not
// overflow.
//
// @big with n = 3: constants 1 + 1 + (1 + 2^20/64), the for 16385 (its
// result tile), per iteration addf 16385 and continue 16385, return 1:
// 3 + 16384 + 16385 + 3 * 32770 + 1 = 131083.
// RUN: ctile-run %s --entry big --grid 1 --arg i32:3 --max-steps 131083
// RUN: not ctile-run %s --entry big --grid 1 --arg i32:3 --max-steps 131082 2>&1 | FileCheck %s --check-prefix=BIG
// @mma: constants of 64x32, 32x16 and 64x16 (33 + 9 + 17), mmaf 1 + 64*16*32/64 = 513, return 1: 573.
// RUN: ctile-run %s --entry mma --grid 1 --max-steps 573
// RUN: not ctile-run %s --entry mma --grid 1 --max-steps 572 2>&1 | FileCheck %s --check-prefix=MMA
// RUN: not ctile-run %s --entry forever --grid 1 --max-steps 0 --timeout 0.2 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// RUN: not ctile-run %s --entry trivial --grid 1073741824 --timeout 0.2 2>&1 | FileCheck %s --check-prefix=TIMEOUT2
// RUN: not ctile-run %s --entry trivial --grid 2147483647,65535,65535 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not ctile-run %s --entry trivial --grid 1073741825 2>&1 | FileCheck %s --check-prefix=GRID1
// RUN: not ctile-run %s --entry trivial --grid 1 --timeout -1 2>&1 | FileCheck %s --check-prefix=BADT
// RUN: ctile-run %s --entry count --grid 1 --arg 'f32[16]=zeros' --arg i64:9223372036854775807 --arg 'i64[1]=zeros' --dump 2 | FileCheck %s --check-prefix=COUNT
// RUN: not ctile-run %s --entry load --grid 1 --arg 'f32[16]=zeros' --arg i64:9223372036854775807 --arg i64:576460752303423487 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not ctile-run %s --entry load --grid 1 --arg 'f32[16]=zeros' --arg i64:9223372036854775807 --arg i64:576460752303423488 2>&1 | FileCheck %s --check-prefix=LOAD2
// RUN: ctile-run --help | FileCheck %s --check-prefix=HELP

// BIG: 'cuda_tile.return' op exceeded the step limit of 131082 steps per tile block (raise it with --max-steps)
// MMA: 'cuda_tile.return' op exceeded the step limit of 572 steps per tile block
// TIMEOUT: error: 'cuda_tile.loop' op exceeded the time limit of 0.2 s for the run (raise it with --timeout) (tile block (0, 0, 0))
// TIMEOUT2: exceeded the time limit of 0.2 s for the run (raise it with --timeout)
// GRID: error: grid (2147483647, 65535, 65535) has 9223090559730712575 tile blocks, more than the limit of 1073741824 per run
// GRID1: error: grid (1073741825, 1, 1) has 1073741825 tile blocks, more than the limit of 1073741824 per run
// BADT: ctile-run: bad --timeout (expected seconds, 0 to 1e9): -1
// ceil((2^63 - 1) / 16) = 2^59
// COUNT: arg 2: [576460752303423488]
// the last tile: 15 of its 16 elements lie in the view (and past the buffer)
// LOAD: op out-of-bounds load of 60 byte(s)
// LOAD2: op index 576460752303423488 out of bounds of the partition view's index space (dimension 0 has 576460752303423488 tiles)
// HELP: --timeout SECONDS   stop the whole run with an error after SECONDS of wall-clock time

cuda_tile.module @m {
  entry @big(%n: tile<i32>) {
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %a = constant <f32: 1.0> : tile<1024x1024xf32>
    %r = for %iv in (%z to %n, step %one) : tile<i32> iter_values(%acc = %a) -> (tile<1024x1024xf32>) {
      %s = addf %acc, %acc : tile<1024x1024xf32>
      continue %s : tile<1024x1024xf32>
    }
    return
  }
  entry @mma() {
    %a = constant <f32: 1.0> : tile<64x32xf32>
    %b = constant <f32: 1.0> : tile<32x16xf32>
    %c = constant <f32: 0.0> : tile<64x16xf32>
    %d = mmaf %a, %b, %c : tile<64x32xf32>, tile<32x16xf32>, tile<64x16xf32>
    return
  }
  entry @forever() {
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%i = %z) : tile<i32> -> tile<i32> {
      %n = addi %i, %one : tile<i32>
      continue %n : tile<i32>
    }
    return
  }
  entry @trivial() {
    return
  }
  entry @count(%p: tile<ptr<f32>>, %n: tile<i64>, %out: tile<ptr<i64>>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %s = get_index_space_shape %pv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> -> tile<i64>
    %t = store_ptr_tko weak %out, %s : tile<ptr<i64>>, tile<i64> -> token
    return
  }
  entry @load(%p: tile<ptr<f32>>, %n: tile<i64>, %i: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i64> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %t, %k = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i64> -> tile<16xf32>, token
    return
  }
}
