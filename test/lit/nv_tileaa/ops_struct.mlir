// Functions, plugins, launch structure, grid and queue flow of nv_tileaa.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s > %t.generic.mlir
// RUN: ctile-opt -mlir-print-op-generic %t.generic.mlir | diff %t.generic.mlir -
//
// CHECK-LABEL: nv_tileaa.func @callee(%arg0: tile<16xf32> {nv_tileaa.noalias}, %arg1: i32) -> (tile<16xf32>, i32) attributes {compute_capability = #nv_tileaa.compute_capability<90>} {
// CHECK-NEXT: nv_tileaa.return %arg0, %arg1 : tile<16xf32>, i32
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @kernel(%arg0: tile<16xf32>, %arg1: i32) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
// CHECK-NEXT: %0:2 = nv_tileaa.call @callee(%arg0, %arg1) : (tile<16xf32>, i32) -> (tile<16xf32>, i32)
// CHECK-NEXT: %1 = nv_tileaa.call @unary(%arg0) : (tile<16xf32>) -> tile<16xf32>
// CHECK-NEXT: nv_tileaa.call @sink(%arg1) : (i32) -> ()
// CHECK-NEXT: %2 = nv_tileaa.execute %arg0 attributes {tensor_memory} : tile<16xf32> -> tile<16xf32> {
// CHECK-NEXT: %5 = nv_tileaa.addf %arg0, %arg0 : tile<16xf32>, tile<16xf32> -> tile<16xf32>
// CHECK-NEXT: nv_tileaa.yield %5 : tile<16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %3 = nv_tileaa.plugin @unary(%arg0) {named_barriers = 1 : i32, registers = 64 : i32, shared_memory = 4096 : i32} : (tile<16xf32>) -> tile<16xf32>
// CHECK-NEXT: nv_tileaa.launch_func @sink(%arg1) {grid = array<i64: 4, 1, 1>} : (i32) -> ()
// CHECK-NEXT: %4 = nv_tileaa.inject_ir %arg1 {ir = "llvm.nop"} : i32 -> i32
// CHECK-NEXT: nv_tileaa.yield
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @unary(%arg0: tile<16xf32>) -> (tile<16xf32>) {
// CHECK-NEXT: nv_tileaa.return %arg0 : tile<16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @sink(%arg0: i32) {
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
// CHECK-LABEL: nv_tileaa.func @grid(%arg0: tile<16xf32>, %arg1: i32) {
// CHECK-NEXT: %0 = nv_tileaa.get_program_id {axis = 0 : i32} : !nv_tileaa.program_id
// CHECK-NEXT: %1 = nv_tileaa.get_num_programs {axis = 1 : i32} : i32
// CHECK-NEXT: %2 = nv_tileaa.is_valid_program_id %0 : !nv_tileaa.program_id -> i1
// CHECK-NEXT: %3 = nv_tileaa.cancel_next_program_id : !nv_tileaa.program_id
// CHECK-NEXT: %4 = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>, i32>
// CHECK-NEXT: nv_tileaa.queue.put %4, %arg0, %arg1 : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>, i32
// CHECK-NEXT: %5:2 = nv_tileaa.queue.get %4 : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
// CHECK-NEXT: %6 = nv_tileaa.execute %5#0 : tile<16xf32> -> tile<16xf32> {
// CHECK-NEXT: nv_tileaa.queue.yield %5#0 : tile<16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %7 = nv_tileaa.create_queue : !nv_tileaa.queue<tile<16xf32>, isolated>
// CHECK-NEXT: nv_tileaa.return
// CHECK-NEXT: }
nv_tileaa.func @callee(%a: tile<16xf32> {nv_tileaa.noalias}, %b: i32) -> (tile<16xf32>, i32) attributes {"compute-capability" = #nv_tileaa<compute-capability<90>>} {
  nv_tileaa.return %a, %b : tile<16xf32>, i32
}

nv_tileaa.func @kernel(%a: tile<16xf32>, %n: i32) attributes {compute_capability = #nv_tileaa.compute_capability<100>} {
  %r:2 = nv_tileaa.call @callee(%a, %n) : (tile<16xf32>, i32) -> (tile<16xf32>, i32)
  %one = nv_tileaa.call @unary(%a) : (tile<16xf32>) -> tile<16xf32>
  nv_tileaa.call @sink(%n) : (i32) -> ()
  %e = nv_tileaa.execute %a attributes {tensor_memory} : tile<16xf32> -> tile<16xf32> {
    %s = nv_tileaa.addf %a, %a : tile<16xf32>, tile<16xf32> -> tile<16xf32>
    nv_tileaa.yield %s : tile<16xf32>
  }
  %pl = nv_tileaa.plugin @unary(%a) {named_barriers = 1 : i32, registers = 64 : i32, shared_memory = 4096 : i32} : (tile<16xf32>) -> tile<16xf32>
  nv_tileaa.launch_func @sink(%n) {grid = array<i64: 4, 1, 1>} : (i32) -> ()
  %x = nv_tileaa.inject_ir %n {ir = "llvm.nop"} : i32 -> i32
  nv_tileaa.yield
}

nv_tileaa.func @unary(%a: tile<16xf32>) -> (tile<16xf32>) {
  nv_tileaa.return %a : tile<16xf32>
}

nv_tileaa.func @sink(%n: i32) {
  nv_tileaa.return
}

nv_tileaa.func @grid(%v: tile<16xf32>, %k: i32) {
  %pid = nv_tileaa.get_program_id {axis = 0 : i32} : !nv_tileaa.program_id
  %np = nv_tileaa.get_num_programs {axis = 1 : i32} : i32
  %ok = nv_tileaa.is_valid_program_id %pid : !nv_tileaa.program_id -> i1
  %next = nv_tileaa.cancel_next_program_id : !nv_tileaa.program_id
  %q = nv_tileaa.create_queue {depth = 2 : i32} : !nv_tileaa.queue<tile<16xf32>, i32>
  nv_tileaa.queue.put %q, %v, %k : !nv_tileaa.queue<tile<16xf32>, i32>, tile<16xf32>, i32
  %g:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<tile<16xf32>, i32> -> tile<16xf32>, i32
  %e = nv_tileaa.execute %g#0 : tile<16xf32> -> tile<16xf32> {
    nv_tileaa.queue.yield %g#0 : tile<16xf32>
  }
  %iq = nv_tileaa.create_queue : !nv_tileaa.queue<tile<16xf32>, isolated>
  nv_tileaa.return
}
