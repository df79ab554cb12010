// Input of pname_print_memo.test: one attribute dictionary on ops in
// different places (module keyword form, custom ops, generic form), with an
// aliased type inside (a tuple of 17 elements prints as `!tuple`), elided
// and non-elided variants, and hook names colliding (`cst`, `cst_0`, ...).
cuda_tile.module @memo attributes {pname.k = 1 : i32, pname.t = !cuda_tile.tile<4xi32>} {
  entry @a() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 0> : tile<i32>
    %cst = constant <i32: 7> : tile<i32>
    %n0 = constant <i8: [1, 2]> : tile<2xi8>
    %n1 = constant <i8: [1, 3]> : tile<2xi8>
    %n2 = constant <i8: [1, 4]> : tile<2xi8>
    %x = "cuda_tile.addi"(%c0, %c1) {pname.k = 1 : i32, pname.t = !cuda_tile.tile<4xi32>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %y = "cuda_tile.addi"(%x, %cst) {pname.k = 1 : i32, pname.t = !cuda_tile.tile<4xi32>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %z = "cuda_tile.addi"(%y, %cst) {pname.k = 2 : i32} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %w = "cuda_tile.addi"(%z, %cst) {pname.tu = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %v = "cuda_tile.addi"(%w, %cst) {pname.tu = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    %u = "cuda_tile.addi"(%v, %cst) <{overflow = #cuda_tile.overflow<no_signed_wrap>}> {pname.k = 1 : i32, pname.t = !cuda_tile.tile<4xi32>} : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
    return
  }
  entry @b() {
    %n0 = constant <i8: [1, 2]> : tile<2xi8>
    %n1 = constant <i8: [1, 2]> : tile<2xi8>
    %x = "cuda_tile.addi"(%n0, %n1) {pname.k = 1 : i32, pname.t = !cuda_tile.tile<4xi32>} : (!cuda_tile.tile<2xi8>, !cuda_tile.tile<2xi8>) -> !cuda_tile.tile<2xi8>
    return
  }
}
