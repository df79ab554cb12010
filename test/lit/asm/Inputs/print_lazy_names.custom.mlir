module {
  %0 = "test.outer"() : () -> !cuda_tile.tile<i32>
  %cst_7_i32 = cuda_tile.constant <i32: 7> : tile<i32>
  cuda_tile.module @first {
    entry @a(%arg0: tile<ptr<f32>>) {
      %cst_0_i32 = constant <i32: 0> : tile<i32>
      %cst_1_i32 = constant <i32: 1> : tile<i32>
      %cst_7_i32_0 = constant <i32: 7> : tile<i32>
      %2 = addi %cst_0_i32, %cst_1_i32 : tile<i32>
      %for = for %loopIdx in (%cst_0_i32 to %cst_7_i32_0, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %2) -> (tile<i32>) {
        %3 = addi %iterArg0, %loopIdx : tile<i32>
        continue %3 : tile<i32>
      }
      return
    }
    entry @b(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f32>>) {
      %cst_7_i32_0 = constant <i32: 7> : tile<i32>
      %cst_7_i32_1 = constant <i32: 7> : tile<i32>
      %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
      return
    }
  }
  cuda_tile.module @second {
    entry @c() {
      %cst_7_i32_0 = constant <i32: 7> : tile<i32>
      return
    }
  }
  %1 = "test.tail"() : () -> !cuda_tile.tile<i32>
}

