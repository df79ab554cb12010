// Value names the printer makes (lib/asm/printer.c): cuda_tile hook names
// that collide within a function (`%cst_0_i32_0`, `%tview_1`, result groups
// `%result, %result_token_2`), block arguments named by for/reduce hooks
// and nested `for`s (`%loopIdx_9`), names of an enclosing region met again
// in a nested one (`%cst_f32_7` inside `if`, `%cst_0_i32_7` inside `for`),
// hook names that follow an operand (`%assume_blockId_x`), and a sibling
// function whose ops have the same shapes (memoized hook answers replayed)
// but other constants, so its conflict counter meets the names at other
// values.  Custom form, its round trip, and the generic form's numbers.
// RUN: ctile-opt %s | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --strict-whitespace --match-full-lines
// RUN: ctile-opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN

cuda_tile.module @m {
  testing$func @f0(%p: tile<ptr<f32>>, %n: tile<i64>, %ip: tile<ptr<i32>>, %x8: tile<8xf32>, %a44: tile<4x4xf32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c0b = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %f = constant <f32: 1.5> : tile<f32>
    %t = constant <i1: true> : tile<i1>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %tv2 = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
    %x, %xt = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %v, %tok = load_ptr_tko weak %ip : tile<ptr<i32>> -> tile<i32>, token
    %prev, %tc = atomic_cas_tko relaxed device %ip, %c0, %c1 token = %tok : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %b = broadcast %a44 : tile<4x4xf32> -> tile<4x4xf32>
    %r = reshape %a44 : tile<4x4xf32> -> tile<16xf32>
    %r2 = reshape %b : tile<4x4xf32> -> tile<16xf32>
    %s = scan %x8 dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%sp: tile<f32>, %sq: tile<f32>) {
      yield %sp : tile<f32>
    }
    %cond = constant <i1: false> : tile<i1>
    %ifr:2 = if %cond -> (tile<f32>, tile<f32>) {
      %f2 = constant <f32: 1.5> : tile<f32>
      yield %f2, %f : tile<f32>, tile<f32>
    } else {
      yield %f, %f : tile<f32>, tile<f32>
    }
    %tv3 = make_tensor_view %p, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %sv = make_strided_view %tv3 : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
    %gv = make_gather_scatter_view %tv3 : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
    %as = assume bounded<0, ?>, %c1 : tile<i32>
    %as2 = assume bounded<0, ?>, %bx : tile<i32>
    %red = reduce %x8 dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%lhs: tile<f32>, %rhs: tile<f32>) {
      %sum = addf %lhs, %rhs : tile<f32>
      yield %sum : tile<f32>
    }
    %acc = for %i in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a = %c0) -> (tile<i32>) {
      %k = constant <i32: 0> : tile<i32>
      %w = for %j in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a2 = %a) -> (tile<i32>) {
        %s2 = addi %a2, %j : tile<i32>
        continue %s2 : tile<i32>
      }
      continue %w : tile<i32>
    }
    return
  }
  testing$func @f1(%p: tile<ptr<f32>>, %n: tile<i64>, %ip: tile<ptr<i32>>, %x8: tile<8xf32>, %a44: tile<4x4xf32>) {
    %c0 = constant <i32: 2> : tile<i32>
    %c0b = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %f = constant <f32: 1.5> : tile<f32>
    %t = constant <i1: true> : tile<i1>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %tv2 = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
    %x, %xt = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %v, %tok = load_ptr_tko weak %ip : tile<ptr<i32>> -> tile<i32>, token
    %prev, %tc = atomic_cas_tko relaxed device %ip, %c0, %c1 token = %tok : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %b = broadcast %a44 : tile<4x4xf32> -> tile<4x4xf32>
    %r = reshape %a44 : tile<4x4xf32> -> tile<16xf32>
    %r2 = reshape %b : tile<4x4xf32> -> tile<16xf32>
    %s = scan %x8 dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%sp: tile<f32>, %sq: tile<f32>) {
      yield %sp : tile<f32>
    }
    %cond = constant <i1: false> : tile<i1>
    %ifr:2 = if %cond -> (tile<f32>, tile<f32>) {
      %f2 = constant <f32: 1.5> : tile<f32>
      yield %f2, %f : tile<f32>, tile<f32>
    } else {
      yield %f, %f : tile<f32>, tile<f32>
    }
    %tv3 = make_tensor_view %p, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
    %sv = make_strided_view %tv3 : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
    %gv = make_gather_scatter_view %tv3 : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
    %as = assume bounded<0, ?>, %c1 : tile<i32>
    %as2 = assume bounded<0, ?>, %bx : tile<i32>
    %red = reduce %x8 dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%lhs: tile<f32>, %rhs: tile<f32>) {
      %sum = addf %lhs, %rhs : tile<f32>
      yield %sum : tile<f32>
    }
    %acc = for %i in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a = %c0) -> (tile<i32>) {
      %k = constant <i32: 0> : tile<i32>
      %w = for %j in (%c0 to %c1, step %c1) : tile<i32> iter_values(%a2 = %a) -> (tile<i32>) {
        %s2 = addi %a2, %j : tile<i32>
        continue %s2 : tile<i32>
      }
      continue %w : tile<i32>
    }
    return
  }
}

// CHECK:module {
// CHECK-NEXT:  cuda_tile.module @m {
// CHECK-NEXT:    testing$func @f0(%arg0: tile<ptr<f32>>, %arg1: tile<i64>, %arg2: tile<ptr<i32>>, %arg3: tile<8xf32>, %arg4: tile<4x4xf32>) {
// CHECK-NEXT:      %cst_0_i32 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %cst_0_i32_0 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %cst_1_i32 = constant <i32: 1> : tile<i32>
// CHECK-NEXT:      %cst_f32 = constant <f32: 1.500000e+00> : tile<f32>
// CHECK-NEXT:      %true = constant <i1: true> : tile<i1>
// CHECK-NEXT:      %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
// CHECK-NEXT:      %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
// CHECK-NEXT:      %tview = make_tensor_view %arg0, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
// CHECK-NEXT:      %tview_1 = make_tensor_view %arg0, shape = [%arg1, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
// CHECK-NEXT:      %pview = make_partition_view %tview : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_0_i32] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
// CHECK-NEXT:      %result, %result_token_2 = load_ptr_tko weak %arg2 : tile<ptr<i32>> -> tile<i32>, token
// CHECK-NEXT:      %result_3, %result_token_4 = atomic_cas_tko relaxed device %arg2, %cst_0_i32, %cst_1_i32 token=%result_token_2 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
// CHECK-NEXT:      %bcast = broadcast %arg4 : tile<4x4xf32> -> tile<4x4xf32>
// CHECK-NEXT:      %reshape = reshape %arg4 : tile<4x4xf32> -> tile<16xf32>
// CHECK-NEXT:      %reshape_5 = reshape %bcast : tile<4x4xf32> -> tile<16xf32>
// CHECK-NEXT:      %0 = scan %arg3 dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32> 
// CHECK-NEXT:      (%arg5: tile<f32>, %arg6: tile<f32>) {
// CHECK-NEXT:        yield %arg5 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %false = constant <i1: false> : tile<i1>
// CHECK-NEXT:      %1:2 = if %false -> (tile<f32>, tile<f32>) {
// CHECK-NEXT:        %cst_f32_7 = constant <f32: 1.500000e+00> : tile<f32>
// CHECK-NEXT:        yield %cst_f32_7, %cst_f32 : tile<f32>, tile<f32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        yield %cst_f32, %cst_f32 : tile<f32>, tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %tview_6 = make_tensor_view %arg0, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
// CHECK-NEXT:      %sview = make_strided_view %tview_6 : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
// CHECK-NEXT:      %gsview = make_gather_scatter_view %tview_6 : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
// CHECK-NEXT:      %assume_cst_1_i32 = assume bounded<0, ?>, %cst_1_i32 : tile<i32>
// CHECK-NEXT:      %assume_blockId_x = assume bounded<0, ?>, %blockId_x : tile<i32>
// CHECK-NEXT:      %reduce = reduce %arg3 dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %2 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %for = for %loopIdx in (%cst_0_i32 to %cst_1_i32, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_i32) -> (tile<i32>) {
// CHECK-NEXT:        %cst_0_i32_7 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:        %for_8 = for %loopIdx_9 in (%cst_0_i32 to %cst_1_i32, step %cst_1_i32) : tile<i32> iter_values(%iterArg0_10 = %iterArg0) -> (tile<i32>) {
// CHECK-NEXT:          %2 = addi %iterArg0_10, %loopIdx_9 : tile<i32>
// CHECK-NEXT:          continue %2 : tile<i32>
// CHECK-NEXT:        }
// CHECK-NEXT:        continue %for_8 : tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    testing$func @f1(%arg0: tile<ptr<f32>>, %arg1: tile<i64>, %arg2: tile<ptr<i32>>, %arg3: tile<8xf32>, %arg4: tile<4x4xf32>) {
// CHECK-NEXT:      %cst_2_i32 = constant <i32: 2> : tile<i32>
// CHECK-NEXT:      %cst_0_i32 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:      %cst_1_i32 = constant <i32: 1> : tile<i32>
// CHECK-NEXT:      %cst_f32 = constant <f32: 1.500000e+00> : tile<f32>
// CHECK-NEXT:      %true = constant <i1: true> : tile<i1>
// CHECK-NEXT:      %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
// CHECK-NEXT:      %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
// CHECK-NEXT:      %tview = make_tensor_view %arg0, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
// CHECK-NEXT:      %tview_0 = make_tensor_view %arg0, shape = [%arg1, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
// CHECK-NEXT:      %pview = make_partition_view %tview : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>
// CHECK-NEXT:      %tile, %result_token = load_view_tko weak %pview[%cst_2_i32, %cst_2_i32] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
// CHECK-NEXT:      %result, %result_token_1 = load_ptr_tko weak %arg2 : tile<ptr<i32>> -> tile<i32>, token
// CHECK-NEXT:      %result_2, %result_token_3 = atomic_cas_tko relaxed device %arg2, %cst_2_i32, %cst_1_i32 token=%result_token_1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
// CHECK-NEXT:      %bcast = broadcast %arg4 : tile<4x4xf32> -> tile<4x4xf32>
// CHECK-NEXT:      %reshape = reshape %arg4 : tile<4x4xf32> -> tile<16xf32>
// CHECK-NEXT:      %reshape_4 = reshape %bcast : tile<4x4xf32> -> tile<16xf32>
// CHECK-NEXT:      %0 = scan %arg3 dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32> 
// CHECK-NEXT:      (%arg5: tile<f32>, %arg6: tile<f32>) {
// CHECK-NEXT:        yield %arg5 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %false = constant <i1: false> : tile<i1>
// CHECK-NEXT:      %1:2 = if %false -> (tile<f32>, tile<f32>) {
// CHECK-NEXT:        %cst_f32_6 = constant <f32: 1.500000e+00> : tile<f32>
// CHECK-NEXT:        yield %cst_f32_6, %cst_f32 : tile<f32>, tile<f32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        yield %cst_f32, %cst_f32 : tile<f32>, tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %tview_5 = make_tensor_view %arg0, shape = [4096, 4096], strides = [4096, 1] : tensor_view<4096x4096xf32, strides=[4096,1]>
// CHECK-NEXT:      %sview = make_strided_view %tview_5 : strided_view<tile=(1024x1024), traversal_strides=[1024,1], tensor_view<4096x4096xf32, strides=[4096,1]>>
// CHECK-NEXT:      %gsview = make_gather_scatter_view %tview_5 : gather_scatter_view<tile=(8x16), tensor_view<4096x4096xf32, strides=[4096,1]>, sparse_dim=0>
// CHECK-NEXT:      %assume_cst_1_i32 = assume bounded<0, ?>, %cst_1_i32 : tile<i32>
// CHECK-NEXT:      %assume_blockId_x = assume bounded<0, ?>, %blockId_x : tile<i32>
// CHECK-NEXT:      %reduce = reduce %arg3 dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32> 
// CHECK-NEXT:      (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
// CHECK-NEXT:        %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
// CHECK-NEXT:        yield %2 : tile<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      %for = for %loopIdx in (%cst_2_i32 to %cst_1_i32, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_2_i32) -> (tile<i32>) {
// CHECK-NEXT:        %cst_0_i32_6 = constant <i32: 0> : tile<i32>
// CHECK-NEXT:        %for_7 = for %loopIdx_8 in (%cst_2_i32 to %cst_1_i32, step %cst_1_i32) : tile<i32> iter_values(%iterArg0_9 = %iterArg0) -> (tile<i32>) {
// CHECK-NEXT:          %2 = addi %iterArg0_9, %loopIdx_8 : tile<i32>
// CHECK-NEXT:          continue %2 : tile<i32>
// CHECK-NEXT:        }
// CHECK-NEXT:        continue %for_7 : tile<i32>
// CHECK-NEXT:      }
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GEN: "cuda_tile.testing$func"() <{arg_attrs = [{}, {}, {}, {}, {}], function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>, !cuda_tile.tile<ptr<i32>>, !cuda_tile.tile<8xf32>, !cuda_tile.tile<4x4xf32>) -> (), sym_name = "f0"}> ({
// GEN: ^bb0(%arg13: !cuda_tile.tile<ptr<f32>>, %arg14: !cuda_tile.tile<i64>, %arg15: !cuda_tile.tile<ptr<i32>>, %arg16: !cuda_tile.tile<8xf32>, %arg17: !cuda_tile.tile<4x4xf32>):
// GEN: %36:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
// GEN: ^bb0(%arg24: !cuda_tile.tile<f32>, %arg25: !cuda_tile.tile<f32>):
// GEN: %53 = "cuda_tile.assume"(%33) <{predicate = #cuda_tile.bounded<0, ?>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN: %54 = "cuda_tile.assume"(%36#0) <{predicate = #cuda_tile.bounded<0, ?>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN: ^bb0(%arg22: !cuda_tile.tile<f32>, %arg23: !cuda_tile.tile<f32>):
// GEN: %56 = "cuda_tile.for"(%31, %33, %33, %31) ({
// GEN: ^bb0(%arg18: !cuda_tile.tile<i32>, %arg19: !cuda_tile.tile<i32>):
// GEN: %58 = "cuda_tile.for"(%31, %33, %33, %arg19) ({
// GEN: ^bb0(%arg20: !cuda_tile.tile<i32>, %arg21: !cuda_tile.tile<i32>):
// GEN: "cuda_tile.testing$func"() <{arg_attrs = [{}, {}, {}, {}, {}], function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i64>, !cuda_tile.tile<ptr<i32>>, !cuda_tile.tile<8xf32>, !cuda_tile.tile<4x4xf32>) -> (), sym_name = "f1"}> ({
// GEN: ^bb0(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: !cuda_tile.tile<i64>, %arg2: !cuda_tile.tile<ptr<i32>>, %arg3: !cuda_tile.tile<8xf32>, %arg4: !cuda_tile.tile<4x4xf32>):
// GEN: %5:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
// GEN: ^bb0(%arg11: !cuda_tile.tile<f32>, %arg12: !cuda_tile.tile<f32>):
// GEN: %22 = "cuda_tile.assume"(%2) <{predicate = #cuda_tile.bounded<0, ?>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN: %23 = "cuda_tile.assume"(%5#0) <{predicate = #cuda_tile.bounded<0, ?>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
// GEN: ^bb0(%arg9: !cuda_tile.tile<f32>, %arg10: !cuda_tile.tile<f32>):
// GEN: %25 = "cuda_tile.for"(%0, %2, %2, %0) ({
// GEN: ^bb0(%arg5: !cuda_tile.tile<i32>, %arg6: !cuda_tile.tile<i32>):
// GEN: %27 = "cuda_tile.for"(%0, %2, %2, %arg6) ({
// GEN: ^bb0(%arg7: !cuda_tile.tile<i32>, %arg8: !cuda_tile.tile<i32>):
