// lower-nv-tileaa materializes nv_tileaa.plugin and nv_tileaa.execute as
// nv_tileas.agent regions carrying their input / output layouts and their
// resource requirements (seed 001: materialize_agent_region +
// attach_plugin_layouts).  Layouts given on the source op are carried; else
// each value's layout is its own type.  The form round-trips, and an
// execute keeps running the same in ctile-run.
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-nv-tileaa-agents)' %s | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | ctile-opt | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(lower-nv-tileaa)' -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: ctile-run %s --entry run --grid 2 > %t.a
// RUN: ctile-run %s --pipeline=lower-nv-tileaa --entry run --grid 2 > %t.b
// RUN: diff %t.a %t.b
// RUN: FileCheck %s --check-prefix=OUT < %t.b
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %S/agents.mlir.bad

module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<100>} {
  nv_tileaa.func @unary(%a: tile<16xf32>, %k: i32) -> (tile<16xf32>) {
    nv_tileaa.return %a : tile<16xf32>
  }
  // CHECK-LABEL: nv_tileaa.func @plugin(
  // CHECK-NEXT: %[[R:.*]] = nv_tileas.agent %arg0, %arg1 {input_layouts = [#nv_tileaa.activation_layout<nhwc>, i32], named_barriers = 2 : i32, output_layouts = [#nv_tileaa.activation_layout<nchw>], registers = 128 : i32, shared_memory = 4096 : i32, tensor_memory = 65536 : i32} : (!nv_tileaa.tile<16xf32>, i32) -> (!nv_tileaa.tile<16xf32>) {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: !nv_tileaa.tile<16xf32>, %[[B:.*]]: i32):
  // CHECK-NEXT: %[[C:.*]] = nv_tileaa.call @unary(%[[A]], %[[B]]) : (tile<16xf32>, i32) -> tile<16xf32>
  // CHECK-NEXT: nv_tileas.async.pipeline.yield %[[C]] : !nv_tileaa.tile<16xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: nv_tileaa.return %[[R]]
  nv_tileaa.func @plugin(%a: tile<16xf32>, %k: i32) -> (tile<16xf32>) {
    %r = nv_tileaa.plugin @unary(%a, %k) {registers = 128 : i32, named_barriers = 2 : i32, shared_memory = 4096 : i32, tensor_memory = 65536 : i32, input_layouts = [#nv_tileaa.activation_layout<nhwc>, i32], output_layouts = [#nv_tileaa.activation_layout<nchw>]} : (tile<16xf32>, i32) -> tile<16xf32>
    nv_tileaa.return %r : tile<16xf32>
  }
  // Nested executes: the inner one becomes an agent inside the outer agent;
  // uses of the inputs inside each region become its block arguments.
  // CHECK-LABEL: nv_tileaa.func @nested(
  // CHECK-NEXT: %[[O:.*]]:2 = nv_tileas.agent %arg0, %arg1 {input_layouts = [!nv_tileaa.tile<16xf32>, i32], output_layouts = [!nv_tileaa.tile<16xf32>, i32], registers = 64 : i32} : (!nv_tileaa.tile<16xf32>, i32) -> (!nv_tileaa.tile<16xf32>, i32) {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: !nv_tileaa.tile<16xf32>, %[[K:.*]]: i32):
  // CHECK-NEXT: %[[I:.*]] = nv_tileas.agent %[[X]] {input_layouts = [!nv_tileaa.tile<16xf32>], output_layouts = [!nv_tileaa.tile<16xf32>]} : (!nv_tileaa.tile<16xf32>) -> (!nv_tileaa.tile<16xf32>) {
  // CHECK-NEXT: ^bb0(%[[Y:.*]]: !nv_tileaa.tile<16xf32>):
  // CHECK-NEXT: %[[S:.*]] = nv_tileaa.addf %[[Y]], %[[Y]]
  // CHECK-NEXT: nv_tileas.async.pipeline.yield %[[S]] : !nv_tileaa.tile<16xf32>
  // CHECK-NEXT: }
  // CHECK-NEXT: nv_tileas.async.pipeline.yield %[[I]], %[[K]] : !nv_tileaa.tile<16xf32>, i32
  // CHECK-NEXT: }
  // CHECK-NEXT: nv_tileaa.return %[[O]]#0, %[[O]]#1
  nv_tileaa.func @nested(%a: tile<16xf32>, %k: i32) -> (tile<16xf32>, i32) {
    %e:2 = nv_tileaa.execute %a, %k attributes {registers = 64 : i32} : tile<16xf32>, i32 -> tile<16xf32>, i32 {
      %i = nv_tileaa.execute %a : tile<16xf32> -> tile<16xf32> {
        %s = nv_tileaa.addf %a, %a : tile<16xf32>, tile<16xf32> -> tile<16xf32>
        nv_tileaa.yield %s : tile<16xf32>
      }
      nv_tileaa.yield %i, %k : tile<16xf32>, i32
    }
    nv_tileaa.return %e#0, %e#1 : tile<16xf32>, i32
  }
  // OUT: block 0: 0 4
  // OUT: block 1: 2 6
  nv_tileaa.func @run() attributes {nv_tileaa.kernel} {
    %pid = nv_tileaa.get_program_id {axis = 0 : i32} : i32
    %c2 = arith.constant 2 : i32
    %p2 = arith.muli %pid, %c2 : i32
    %e:2 = nv_tileaa.execute %p2 : i32 -> i32, i32 {
      %c4 = arith.constant 4 : i32
      %s = arith.addi %p2, %c4 : i32
      nv_tileaa.yield %p2, %s : i32, i32
    }
    nv_tileaa.print %pid, %e#0, %e#1 {str = "block %d: %d %d\n"} : i32, i32, i32
    nv_tileaa.return
  }
}
