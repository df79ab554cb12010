module {
  %outer = "test.outer"() : () -> !cuda_tile.tile<i32>
  %c = cuda_tile.constant <i32: 7> : !cuda_tile.tile<i32>
  cuda_tile.module @first {
    entry @a(%x: tile<ptr<f32>>) {
      %c0 = constant <i32: 0> : tile<i32>
      %c1 = constant <i32: 1> : tile<i32>
      %c7 = constant <i32: 7> : tile<i32>
      %s = addi %c0, %c1 : tile<i32>
      %r = for %k in (%c0 to %c7, step %c1) : tile<i32> iter_values(%acc = %s) -> (tile<i32>) {
        %n = addi %acc, %k : tile<i32>
        continue %n : tile<i32>
      }
      return
    }
    entry @b(%y: tile<ptr<f32>>, %z: tile<ptr<f32>>) {
      %c7 = constant <i32: 7> : tile<i32>
      %c7b = constant <i32: 7> : tile<i32>
      %bx, %by, %bz = get_tile_block_id : tile<i32>
      return
    }
  }
  cuda_tile.module @second {
    entry @c() {
      %c7 = constant <i32: 7> : tile<i32>
      return
    }
  }
  %tail = "test.tail"() : () -> !cuda_tile.tile<i32>
}
