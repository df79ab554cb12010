// The printer's op memo (lib/asm/print_opmemo.c) on cuda_tile ops: ops of one
// shape replayed with their own operand names (block arguments, results,
// `#N` results of a multi-result op, conflict-suffixed names, the same value
// twice); ops that differ only in a discardable attribute, a property (the
// overflow flag, the comparison predicate, signedness), an operand type or a
// result type, each printed from its own text; optional operands (the
// token) present and absent; and the same through the generic form and
// read back.  Every line is what the hooks print without the memo.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN --strict-whitespace --match-full-lines

// CHECK:      %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
// CHECK-NEXT:      %0 = addi %arg0, %arg1 : tile<4xi32>
// CHECK-NEXT:      %1 = addi %arg1, %arg0 : tile<4xi32>
// CHECK-NEXT:      %2 = addi %0, %1 : tile<4xi32>
// CHECK-NEXT:      %3 = addi %2, %2 : tile<4xi32>
// CHECK-NEXT:      %4 = addi %arg0, %arg0 : tile<4xi32>
// CHECK-NEXT:      %5 = addi %4, %3 : tile<4xi32>
// CHECK-NEXT:      %6 = addi %arg0, %arg1 overflow<no_signed_wrap> : tile<4xi32>
// CHECK-NEXT:      %7 = addi %arg1, %6 overflow<no_signed_wrap> : tile<4xi32>
// CHECK-NEXT:      %8 = addi %arg0, %arg1 {tag = 1 : i32} : tile<4xi32>
// CHECK-NEXT:      %9 = addi %8, %arg1 {tag = 2 : i32} : tile<4xi32>
// CHECK-NEXT:      %10 = addi %9, %arg1 {tag = 1 : i32} : tile<4xi32>
// CHECK-NEXT:      %11 = addi %arg2, %arg3 : tile<8xi32>
// CHECK-NEXT:      %12 = addi %arg3, %arg2 : tile<8xi32>
// CHECK-NEXT:      %13 = addi %blockId_x, %blockId_y : tile<i32>
// CHECK-NEXT:      %14 = addi %blockId_z, %blockId_x : tile<i32>
// CHECK-NEXT:      %15 = cmpi less_than %arg0, %arg1, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %16 = cmpi less_than %arg1, %arg0, unsigned : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %17 = cmpi equal %arg1, %arg0, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %18 = cmpi less_than %0, %1, signed : tile<4xi32> -> tile<4xi1>
// CHECK-NEXT:      %reshape = reshape %blockId_x : tile<i32> -> tile<1xi32>
// CHECK-NEXT:      %reshape_0 = reshape %blockId_y : tile<i32> -> tile<1x1xi32>
// CHECK-NEXT:      %reshape_1 = reshape %blockId_z : tile<i32> -> tile<1xi32>
// CHECK-NEXT:      %19 = itof %arg0 signed  : tile<4xi32> -> tile<4xf32>
// CHECK-NEXT:      %20 = itof %arg1 unsigned  : tile<4xi32> -> tile<4xf32>
// CHECK-NEXT:      %21 = itof %0 signed  : tile<4xi32> -> tile<4xf32>
// CHECK-NEXT:      %22 = addf %19, %20  : tile<4xf32>
// CHECK-NEXT:      %23 = addf %20, %21 rounding<zero> : tile<4xf32>
// CHECK-NEXT:      %24 = addf %21, %19  : tile<4xf32>
// CHECK-NEXT:      %result, %result_token = load_ptr_tko weak %arg4, %arg5, %arg0 : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
// CHECK-NEXT:      %result_2, %result_token_3 = load_ptr_tko weak %arg4, %arg5, %result token=%result_token : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
// CHECK-NEXT:      %result_4, %result_token_5 = load_ptr_tko weak %arg4, %arg5, %result_2 token=%result_token_3 : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
// CHECK-NEXT:      %result_6, %result_token_7 = load_ptr_tko weak %arg4, %arg5, %result_4 : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
// CHECK-NEXT:      %25 = addi %result_6, %result_4 : tile<4xi32>
// CHECK-NEXT:      return

// GEN:      %0:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
// GEN:      %4 = "cuda_tile.addi"(%3, %3) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
// GEN-NEXT:      %5 = "cuda_tile.addi"(%arg0, %arg0) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
// GEN:      %14 = "cuda_tile.addi"(%0#0, %0#1) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN-NEXT:      %15 = "cuda_tile.addi"(%0#2, %0#0) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN:      %20 = "cuda_tile.reshape"(%0#0) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<1xi32>
// GEN-NEXT:      %21 = "cuda_tile.reshape"(%0#1) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<1x1xi32>
// GEN-NEXT:      %22 = "cuda_tile.reshape"(%0#2) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<1xi32>
// GEN:      %30:2 = "cuda_tile.load_ptr_tko"(%arg4, %arg5, %29#0, %29#1) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!cuda_tile.tile<4xptr<i32>>, !cuda_tile.tile<4xi1>, !cuda_tile.tile<4xi32>, !cuda_tile.token) -> (!cuda_tile.tile<4xi32>, !cuda_tile.token)
// GEN-NEXT:      %31:2 = "cuda_tile.load_ptr_tko"(%arg4, %arg5, %30#0, %30#1) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (!cuda_tile.tile<4xptr<i32>>, !cuda_tile.tile<4xi1>, !cuda_tile.tile<4xi32>, !cuda_tile.token) -> (!cuda_tile.tile<4xi32>, !cuda_tile.token)
// GEN-NEXT:      %32:2 = "cuda_tile.load_ptr_tko"(%arg4, %arg5, %31#0) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!cuda_tile.tile<4xptr<i32>>, !cuda_tile.tile<4xi1>, !cuda_tile.tile<4xi32>) -> (!cuda_tile.tile<4xi32>, !cuda_tile.token)
// GEN-NEXT:      %33 = "cuda_tile.addi"(%32#0, %31#0) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>



cuda_tile.module @m {
  testing$func @k(%a: tile<4xi32>, %b: tile<4xi32>, %c: tile<8xi32>, %d: tile<8xi32>, %p: tile<4xptr<i32>>, %m: tile<4xi1>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %0 = addi %a, %b : tile<4xi32>
    %1 = addi %b, %a : tile<4xi32>
    %2 = addi %0, %1 : tile<4xi32>
    %3 = addi %2, %2 : tile<4xi32>
    %4 = addi %a, %a : tile<4xi32>
    %5 = addi %4, %3 : tile<4xi32>
    %6 = addi %a, %b overflow<no_signed_wrap> : tile<4xi32>
    %7 = addi %b, %6 overflow<no_signed_wrap> : tile<4xi32>
    %8 = addi %a, %b {tag = 1 : i32} : tile<4xi32>
    %9 = addi %8, %b {tag = 2 : i32} : tile<4xi32>
    %10 = addi %9, %b {tag = 1 : i32} : tile<4xi32>
    %11 = addi %c, %d : tile<8xi32>
    %12 = addi %d, %c : tile<8xi32>
    %13 = addi %bid, %by : tile<i32>
    %14 = addi %bz, %bid : tile<i32>
    %15 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
    %16 = cmpi less_than %b, %a, unsigned : tile<4xi32> -> tile<4xi1>
    %17 = cmpi equal %b, %a, signed : tile<4xi32> -> tile<4xi1>
    %18 = cmpi less_than %0, %1, signed : tile<4xi32> -> tile<4xi1>
    %19 = reshape %bid : tile<i32> -> tile<1xi32>
    %20 = reshape %by : tile<i32> -> tile<1x1xi32>
    %21 = reshape %bz : tile<i32> -> tile<1xi32>
    %22 = itof %a signed : tile<4xi32> -> tile<4xf32>
    %23 = itof %b unsigned : tile<4xi32> -> tile<4xf32>
    %24 = itof %0 signed : tile<4xi32> -> tile<4xf32>
    %25 = addf %22, %23 : tile<4xf32>
    %26 = addf %23, %24 rounding<zero> : tile<4xf32>
    %27 = addf %24, %22 : tile<4xf32>
    %x, %tl = load_ptr_tko weak %p, %m, %a : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    %x1, %tl1 = load_ptr_tko weak %p, %m, %x token=%tl : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    %x2, %tl2 = load_ptr_tko weak %p, %m, %x1 token=%tl1 : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    %x3, %tl3 = load_ptr_tko weak %p, %m, %x2 : tile<4xptr<i32>>, tile<4xi1>, tile<4xi32> -> tile<4xi32>, token
    %28 = addi %x3, %x2 : tile<4xi32>
    return
  }
}
