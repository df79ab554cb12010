// Runtime errors are reported with the op's location and the tile block id
// (never a crash), and bad command lines get clear messages.
// RUN: not ctile-run %s --entry oob --grid 4 --arg 'f32[8]=zeros' 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not ctile-run %s --entry misaligned --grid 1 --arg 'f32[8]=zeros' 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not ctile-run %s --entry divzero --grid 1,2 --arg i32:0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not ctile-run %s --entry asserts --grid 3 -j 2 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not ctile-run %s --entry assumes --grid 1 --arg i32:6 2>&1 | FileCheck %s --check-prefix=ASSUME
// RUN: ctile-run %s --entry assumes --grid 1 --arg i32:8
// RUN: not ctile-run %s --entry viewoob --grid 3 --arg 'f32[8]=zeros' 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not ctile-run %s --entry oob --grid 1 --arg 'i32[8]=zeros' 2>&1 | FileCheck %s --check-prefix=SPEC1
// RUN: not ctile-run %s --entry oob --grid 1 --arg 'f32:1.0' 2>&1 | FileCheck %s --check-prefix=SPEC2
// RUN: not ctile-run %s --entry divzero --grid 1 --arg 'i64:3' 2>&1 | FileCheck %s --check-prefix=SPEC3
// RUN: not ctile-run %s --entry divzero --grid 1 --arg 'i32:abc' 2>&1 | FileCheck %s --check-prefix=SPEC4
// RUN: not ctile-run %s --entry divzero --grid 1 2>&1 | FileCheck %s --check-prefix=SPEC5
// RUN: not ctile-run %s --entry oob --grid 1 --arg 'f32[8]=bogus' 2>&1 | FileCheck %s --check-prefix=SPEC6
// RUN: not ctile-run %s --entry nosuch --grid 1 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not ctile-run %s --entry oob --grid 0 --arg 'f32[8]=zeros' 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: ctile-run --help | FileCheck %s --check-prefix=HELP
// RUN: not ctile-run %s --entry constglobal --grid 1 2>&1 | FileCheck %s --check-prefix=CONST

// SPEC1: --arg 0 ('i32[8]=zeros'): a buffer of i32 does not fit parameter type !cuda_tile.tile<ptr<f32>>
// SPEC2: --arg 0 ('f32:1.0'): parameter 0 is a pointer
// SPEC3: --arg 0 ('i64:3'): a i64 value does not fit parameter type !cuda_tile.tile<i32>
// SPEC4: --arg 0 ('i32:abc'): 'abc' is not an integer value
// SPEC5: entry 'divzero' has 1 parameter(s), but 0 --arg given
// SPEC6: unknown initializer 'bogus'
// ENTRY: no cuda_tile.entry named 'nosuch'
// GRID: bad --grid
// HELP: USAGE: ctile-run FILE --entry NAME --grid X[,Y[,Z]]
// HELP: bf16 -> uint16
// HELP: f4E2M1FN -> uint8 with two elements per

cuda_tile.module @m {
  // Block b reads element 3*b: blocks 0..2 are in bounds, block 3 reads element 9 of 8.
  // OOB: errors.mlir:[[@LINE+6]]:{{[0-9]+}}: error: 'cuda_tile.load_ptr_tko' op out-of-bounds load of 4 byte(s) at address {{.*}} (tile block (3, 0, 0))
  entry @oob(%p: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %i = muli %bx, %three : tile<i32>
    %q = offset %p, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %v, %t = load_ptr_tko weak %q : tile<ptr<f32>> -> tile<f32>, token
    return
  }

  // ALIGN: errors.mlir:[[@LINE+7]]:{{[0-9]+}}: error: 'cuda_tile.store_ptr_tko' op misaligned 4-byte access at address {{.*}} (tile block (0, 0, 0))
  entry @misaligned(%p: tile<ptr<f32>>) {
    %a = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %one = constant <i64: 1> : tile<i64>
    %b = addi %a, %one : tile<i64>
    %q = int_to_ptr %b : tile<i64> -> tile<ptr<f32>>
    %x = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %q, %x : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // Block (0, 1) divides by y - 1 = 0.
  // DIV: errors.mlir:[[@LINE+6]]:{{[0-9]+}}: error: 'cuda_tile.divi' op integer division by zero (element 0) (tile block (0, 1, 0))
  entry @divzero(%n: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %d = subi %one, %by : tile<i32>
    %k = constant <i32: 7> : tile<i32>
    %q = divi %k, %d signed : tile<i32>
    return
  }

  // Blocks 1 and 2 fail; the lowest failing block is reported whatever -j is.
  // ASSERT: errors.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'cuda_tile.assert' op assertion failed: block id must be 0 (tile block (1, 0, 0))
  entry @asserts() {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %ok = cmpi equal %bx, %zero, signed : tile<i32> -> tile<i1>
    assert %ok, "block id must be 0" : tile<i1>
    return
  }

  // ASSUME: errors.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'cuda_tile.assume' op violated assumption div_by<4>: element 0 is 6 (tile block (0, 0, 0))
  entry @assumes(%n: tile<i32>) {
    %a = assume div_by<4>, %n : tile<i32>
    return
  }

  // A partition view of 8 elements has 2 tiles of 4: index 2 is outside its index space.
  // VIEW: errors.mlir:[[@LINE+5]]:{{[0-9]+}}: error: 'cuda_tile.load_view_tko' op index 2 out of bounds of the partition view's index space (dimension 0 has 2 tiles) (tile block (2, 0, 0))
  entry @viewoob(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %t, %k = load_view_tko weak %pv[%bx] : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    return
  }

  global constant @ro <i32: [1, 2]> : tile<2xi32>
  // CONST: error: 'cuda_tile.store_ptr_tko' op store to constant global memory
  entry @constglobal() {
    %g = get_global @ro : tile<ptr<i32>>
    %v = constant <i32: 5> : tile<i32>
    %t = store_ptr_tko weak %g, %v : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
