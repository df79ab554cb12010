// Result names of cuda_tile.assume follow NVIDIA's AssumeOp::getAsmResultNames:
// "assume_" + the name the producer's OpAsmOpInterface gives the value. Ops
// with several named ODS results (grid queries, token-returning memory ops)
// get that interface from ODS; if/loop/scan declare it without naming their
// results ("assume_"); block arguments and producers without the interface
// give "assume".
// RUN: ctile-opt %s | FileCheck %s

cuda_tile.module @m {
  testing$func @k(%p: !cuda_tile.tile<ptr<i32>>, %c: !cuda_tile.tile<i1>, %t: !cuda_tile.tile<8xi32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: %assume_blockId_x = assume bounded<0, ?>, %blockId_x
    %0 = assume bounded<0, ?>, %bx : tile<i32>
    // CHECK: %assume_gridSize_y = assume bounded<1, ?>, %gridSize_y
    %1 = assume bounded<1, ?>, %ny : tile<i32>
    // CHECK: %assume_blockId_x_0 = assume bounded<0, 7>, %blockId_x
    %2 = assume bounded<0, 7>, %bx : tile<i32>
    // CHECK: %assume_assume_blockId_x = assume div_by<1>, %assume_blockId_x
    %3 = assume div_by<1>, %0 : tile<i32>
    // CHECK: %assume = assume div_by<16>, %arg0
    %4 = assume div_by<16>, %p : tile<ptr<i32>>
    %v, %tok = load_ptr_tko weak %4 : tile<ptr<i32>> -> tile<i32>, token
    // CHECK: %assume_result = assume bounded<0, ?>, %result
    %5 = assume bounded<0, ?>, %v : tile<i32>
    %r = if %c -> (tile<i32>) {
      yield %bx : tile<i32>
    } else {
      yield %by : tile<i32>
    }
    // CHECK: %assume_ = assume bounded<0, ?>, %0 :
    %6 = assume bounded<0, ?>, %r : tile<i32>
    %s = scan %t dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %x = addi %a, %b : tile<i32>
      yield %x : tile<i32>
    }
    // CHECK: %assume__1 = assume bounded<0, ?>, %1 :
    %7 = assume bounded<0, ?>, %s : tile<8xi32>
    // CHECK: %assume_cst_3_i32 = assume bounded<0, ?>, %cst_3_i32
    %c3 = constant <i32: 3> : tile<i32>
    %8 = assume bounded<0, ?>, %c3 : tile<i32>
    // CHECK: %assume_2 = assume bounded<0, ?>, %2 : tile<8xi32>
    %sh = addi %t, %t : tile<8xi32>
    %9 = assume bounded<0, ?>, %sh : tile<8xi32>
    print_tko "%d %d %d %d %d %d %d %d %d %d\0A", %1, %2, %3, %5, %6, %7, %8, %9, %nx, %nz : tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<i32>, tile<8xi32>, tile<i32>, tile<8xi32>, tile<i32>, tile<i32> -> token
  }
}
