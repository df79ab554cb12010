// Input of print_debuginfo_regions.test (line numbers matter).
cuda_tile.module @m {
  testing$func @f(%t: !cuda_tile.tile<8xi32>) {
    %s = scan %t dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
    (%a: tile<i32>, %b: tile<i32>) {
      %x = addi %a, %b : tile<i32>
      yield %x : tile<i32>
    }
    %r = reduce %t dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
    (%a: tile<i32>, %b: tile<i32>) {
      %x = addi %a, %b : tile<i32>
      yield %x : tile<i32>
    }
    return
  }
}
