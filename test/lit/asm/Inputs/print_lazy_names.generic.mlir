"builtin.module"() ({
  %0 = "test.outer"() : () -> !cuda_tile.tile<i32>
  %1 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
  "cuda_tile.module"() <{sym_name = "first"}> ({
    "cuda_tile.entry"() <{arg_attrs = [{}], function_type = (!cuda_tile.tile<ptr<f32>>) -> (), sym_name = "a"}> ({
    ^bb0(%arg2: !cuda_tile.tile<ptr<f32>>):
      %7 = "cuda_tile.constant"() <{value = dense<0> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      %8 = "cuda_tile.constant"() <{value = dense<1> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      %9 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      %10 = "cuda_tile.addi"(%7, %8) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      %11 = "cuda_tile.for"(%7, %9, %8, %10) ({
      ^bb0(%arg3: !cuda_tile.tile<i32>, %arg4: !cuda_tile.tile<i32>):
        %12 = "cuda_tile.addi"(%arg4, %arg3) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
        "cuda_tile.continue"(%12) : (!cuda_tile.tile<i32>) -> ()
      }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
      "cuda_tile.return"() : () -> ()
    }) : () -> ()
    "cuda_tile.entry"() <{arg_attrs = [{}, {}], function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<ptr<f32>>) -> (), sym_name = "b"}> ({
    ^bb0(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: !cuda_tile.tile<ptr<f32>>):
      %4 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      %5 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      %6:3 = "cuda_tile.get_tile_block_id"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>)
      "cuda_tile.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "cuda_tile.module"() <{sym_name = "second"}> ({
    "cuda_tile.entry"() <{arg_attrs = [], function_type = () -> (), sym_name = "c"}> ({
      %3 = "cuda_tile.constant"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> !cuda_tile.tile<i32>
      "cuda_tile.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  %2 = "test.tail"() : () -> !cuda_tile.tile<i32>
}) : () -> ()

