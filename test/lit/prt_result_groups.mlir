// Operands that are results of a several-results op with a result group
// (`%reduce#0`, `%reduce#1`) printed by the op memo's replay: a store's text
// recorded with `%reduce#1` and replayed for later stores, in the same
// function and in the next one (where the names restart), each with its own
// `#N`.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s

// CHECK-LABEL: entry @first(
// CHECK: %reduce:2 = reduce %3, %0 dim=0
// CHECK: %4 = store_ptr_tko weak %arg1, %reduce#0 : tile<ptr<f32>>, tile<f32> -> token
// CHECK-NEXT: %5 = store_ptr_tko weak %arg2, %reduce#1 token=%4 : tile<ptr<i32>>, tile<i32> -> token
// CHECK-NEXT: %6 = store_ptr_tko weak %arg1, %reduce#0 token=%5 : tile<ptr<f32>>, tile<f32> -> token
// CHECK-NEXT: %7 = store_ptr_tko weak %arg2, %reduce#1 token=%6 : tile<ptr<i32>>, tile<i32> -> token
// CHECK-LABEL: entry @second(
// CHECK: %reduce:2 = reduce %3, %0 dim=0
// CHECK: %4 = store_ptr_tko weak %arg1, %reduce#0 : tile<ptr<f32>>, tile<f32> -> token
// CHECK-NEXT: %5 = store_ptr_tko weak %arg2, %reduce#1 token=%4 : tile<ptr<i32>>, tile<i32> -> token
// CHECK-NEXT: %6 = store_ptr_tko weak %arg1, %reduce#0 token=%5 : tile<ptr<f32>>, tile<f32> -> token
// CHECK-NEXT: %7 = store_ptr_tko weak %arg2, %reduce#1 token=%6 : tile<ptr<i32>>, tile<i32> -> token

cuda_tile.module @m {
  entry @first(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f32>>, %arg2: tile<ptr<i32>>, %arg3: tile<ptr<f32>>, %arg4: tile<f32>) {
    %reshape = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bcast = broadcast %reshape : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %0 = iota : tile<8xi32>
    %1 = offset %bcast, %0 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %result, %result_token = load_ptr_tko weak %1 : tile<8xptr<f32>> -> tile<8xf32>, token
    %reshape_0 = reshape %arg4 : tile<f32> -> tile<1xf32>
    %bcast_1 = broadcast %reshape_0 : tile<1xf32> -> tile<8xf32>
    %2 = subf %result, %bcast_1  : tile<8xf32>
    %3 = mulf %2, %2  : tile<8xf32>
    %reduce:2 = reduce %3, %0 dim=0 identities=[0x7F800000 : f32, 2147483647 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32> 
    (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
      %10 = cmpf less_than ordered %reduce_rhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
      %11 = cmpf equal ordered %reduce_rhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
      %12 = cmpi less_than %reduce_rhs1, %reduce_lhs1, signed : tile<i32> -> tile<i1>
      %13 = andi %11, %12 : tile<i1>
      %14 = ori %10, %13 : tile<i1>
      %15 = select %14, %reduce_rhs0, %reduce_lhs0 : tile<i1>, tile<f32>
      %16 = select %14, %reduce_rhs1, %reduce_lhs1 : tile<i1>, tile<i32>
      yield %15, %16 : tile<f32>, tile<i32>
    }
    %4 = store_ptr_tko weak %arg1, %reduce#0 : tile<ptr<f32>>, tile<f32> -> token
    %5 = store_ptr_tko weak %arg2, %reduce#1 token=%4 : tile<ptr<i32>>, tile<i32> -> token
    %6 = store_ptr_tko weak %arg1, %reduce#0 token=%5 : tile<ptr<f32>>, tile<f32> -> token
    %7 = store_ptr_tko weak %arg2, %reduce#1 token=%6 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
  entry @second(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f32>>, %arg2: tile<ptr<i32>>, %arg3: tile<ptr<f32>>, %arg4: tile<f32>) {
    %reshape = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bcast = broadcast %reshape : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %0 = iota : tile<8xi32>
    %1 = offset %bcast, %0 : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %result, %result_token = load_ptr_tko weak %1 : tile<8xptr<f32>> -> tile<8xf32>, token
    %reshape_0 = reshape %arg4 : tile<f32> -> tile<1xf32>
    %bcast_1 = broadcast %reshape_0 : tile<1xf32> -> tile<8xf32>
    %2 = subf %result, %bcast_1  : tile<8xf32>
    %3 = mulf %2, %2  : tile<8xf32>
    %reduce:2 = reduce %3, %0 dim=0 identities=[0x7F800000 : f32, 2147483647 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32> 
    (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
      %10 = cmpf less_than ordered %reduce_rhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
      %11 = cmpf equal ordered %reduce_rhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
      %12 = cmpi less_than %reduce_rhs1, %reduce_lhs1, signed : tile<i32> -> tile<i1>
      %13 = andi %11, %12 : tile<i1>
      %14 = ori %10, %13 : tile<i1>
      %15 = select %14, %reduce_rhs0, %reduce_lhs0 : tile<i1>, tile<f32>
      %16 = select %14, %reduce_rhs1, %reduce_lhs1 : tile<i1>, tile<i32>
      yield %15, %16 : tile<f32>, tile<i32>
    }
    %4 = store_ptr_tko weak %arg1, %reduce#0 : tile<ptr<f32>>, tile<f32> -> token
    %5 = store_ptr_tko weak %arg2, %reduce#1 token=%4 : tile<ptr<i32>>, tile<i32> -> token
    %6 = store_ptr_tko weak %arg1, %reduce#0 token=%5 : tile<ptr<f32>>, tile<f32> -> token
    %7 = store_ptr_tko weak %arg2, %reduce#1 token=%6 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
