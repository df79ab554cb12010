// synthesize-debug-info-scopes: the compile unit's file comes from the
// module's location, each function's subprogram from its own (name-loc
// child here), paths split into file name and directory; ops without a file
// location take the function's.  test-debuginfo-update-symbol-name renames
// a symbol (here without debug info) and reports a missing one.
// RUN: ctile-opt %s --pass-pipeline='builtin.module(cuda_tile.module(synthesize-debug-info-scopes))' --mlir-print-debuginfo | FileCheck %s
// RUN: ctile-opt %s --test-debuginfo-update-symbol-name="symbol-to-rename=m::k scope=m new-name=renamed update-uses=true" | FileCheck %s --check-prefix=RENAME
// RUN: not ctile-opt %s --test-debuginfo-update-symbol-name="symbol-to-rename=m::nope new-name=x" 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK:      entry @k() {
// CHECK-NEXT:   constant <i32: 1> : tile<i32> loc(#[[KLOC:loc[0-9]*]])
// CHECK-NEXT:   return loc(#[[RLOC:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[KLOC]])
// CHECK:      testing$func @t() {
// CHECK-NEXT:   return loc(#[[TRLOC:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[TLOC:loc[0-9]*]])
// CHECK-DAG:  #[[XFILE:di_file[0-9]*]] = #cuda_tile.di_file<"x.py" in "dir/sub">
// CHECK-DAG:  #[[MFILE:di_file[0-9]*]] = #cuda_tile.di_file<"mod.py" in "/root/dir">
// CHECK-DAG:  #[[YFILE:di_file[0-9]*]] = #cuda_tile.di_file<"y.py" in "/abs">
// CHECK-DAG:  #[[KFL:loc[0-9]*]] = loc("dir/sub/x.py":5:1)
// CHECK-DAG:  #[[RFL:loc[0-9]*]] = loc("dir/sub/x.py":7:3)
// CHECK-DAG:  #[[TFL:loc[0-9]*]] = loc("/abs/y.py":3:2)
// CHECK-DAG:  #[[TRFL:loc[0-9]*]] = loc("{{.*}}transforms_debuginfo.mlir":{{[0-9]+}}:5)
// CHECK-DAG:  #[[CU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[MFILE]]>
// CHECK-DAG:  #[[KSP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[XFILE]], line = 5, name = "k", linkageName = "k", compileUnit = #[[CU]], scopeLine = 5>
// CHECK-DAG:  #[[TSP:di_subprogram[0-9]*]] = #cuda_tile.di_subprogram<file = #[[YFILE]], line = 3, name = "t", linkageName = "t", compileUnit = #[[CU]], scopeLine = 3>
// CHECK-DAG:  #[[KLOC]] = #cuda_tile.di_loc<#[[KFL]] in #[[KSP]]>
// CHECK-DAG:  #[[RLOC]] = #cuda_tile.di_loc<#[[RFL]] in #[[KSP]]>
// CHECK-DAG:  #[[TLOC]] = #cuda_tile.di_loc<#[[TFL]] in #[[TSP]]>
// CHECK-DAG:  #[[TRLOC]] = #cuda_tile.di_loc<#[[TRFL]] in #[[TSP]]>

// RENAME: entry @renamed()
// RENAME: testing$func @t()

// MISSING: error: 'builtin.module' op could not find symbol op with name '@m::@nope'
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<i32> loc(unknown)
    return loc("dir/sub/x.py":7:3)
  } loc("kname"("dir/sub/x.py":5:1))
  testing$func @t() {
    return
  } loc("/abs/y.py":3:2)
} loc("/root/dir/mod.py":1:1)
