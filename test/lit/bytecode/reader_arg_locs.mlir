// Block arguments read from bytecode take the location of the op that owns
// the region (entry arguments: the entry's), as NVIDIA's reader builds them.
// RUN: ctile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: ctile-translate -cudatilebc-to-mlir --mlir-print-debuginfo -mlir-print-op-generic %t.bc | FileCheck %s
// CHECK: "cuda_tile.reduce"
// CHECK-NEXT: ^bb0(%arg0: !cuda_tile.tile<i32> loc([[R:#loc[0-9]*]]), %arg1: !cuda_tile.tile<i32> loc([[R]])):
// CHECK: }) : (!cuda_tile.tile<4xi32>) -> !cuda_tile.tile<i32> loc([[R]])
#loc1 = loc("k.py":3:4)
#loc2 = loc("k.py":5:6)
#f = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #f>
#sp = #cuda_tile.di_subprogram<file = #f, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @m {
  entry @k() {
    %a = iota : tile<4xi32> loc(#cuda_tile.di_loc<#loc1 in #sp>)
    %r = reduce %a dim=0 identities=[0 : i32] : tile<4xi32> -> tile<i32>
    (%x: tile<i32>, %y: tile<i32>) {
      %s = addi %x, %y : tile<i32> loc(#cuda_tile.di_loc<#loc2 in #sp>)
      yield %s : tile<i32> loc(#cuda_tile.di_loc<#loc2 in #sp>)
    } loc(#cuda_tile.di_loc<#loc1 in #sp>)
    return loc(#cuda_tile.di_loc<#loc1 in #sp>)
  } loc(#cuda_tile.di_loc<#loc1 in #sp>)
}
