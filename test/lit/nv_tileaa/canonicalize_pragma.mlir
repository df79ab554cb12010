// nv_tileaa.pragma as tileiras has it (cuda_tile's experimental$pragma
// converts to it): a region op whose nv_tileaa.yield gives its results, the
// directives in ocgEnterDirectives / ocgLeaveDirectives.  prune_pragma_results
// (seed 001 "Pragma result pruning": drop unused pragma-carried results and
// rewrite the region terminator; the directives do not depend on a result)
// where it fires and where it does not.  Execution: test/canon/exec/pragma.mlir.
// RUN: ctile-opt --canonicalize %s | FileCheck %s
// RUN: ctile-opt --canonicalize %s | ctile-opt --verify-diagnostics > /dev/null
// RUN: ctile-opt --canonicalize=disable-patterns=prune_pragma_results %s | FileCheck %s --check-prefix=OFF
// OFF: %{{.*}}:3 = nv_tileaa.pragma
//
// A live result in the middle: the pragma keeps only it, its yield yields
// only it; directives and region stay.
// CHECK-LABEL: nv_tileaa.func @middle(
// CHECK-NEXT: %[[P:.*]] = nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22set knob X=1\22;"], ocgLeaveDirectives = [".pragma \22reset knob X\22;"]} : tile<4xf32> {
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.addf %arg0, %arg0
// CHECK-NEXT: nv_tileaa.yield %[[S]] : tile<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return %[[P]] : tile<4xf32>
nv_tileaa.func @middle(%a: tile<4xf32>, %k: i32, %x: f32) -> tile<4xf32> {
  %0:3 = nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22set knob X=1\22;"], ocgLeaveDirectives = [".pragma \22reset knob X\22;"]} : i32, tile<4xf32>, f32 {
    %s = nv_tileaa.addf %a, %a : tile<4xf32>, tile<4xf32> -> tile<4xf32>
    nv_tileaa.yield %k, %s, %x : i32, tile<4xf32>, f32
  }
  nv_tileaa.return %0#1 : tile<4xf32>
}

// Survivors keep their order (#0 and #2), even when used the other way round.
// CHECK-LABEL: nv_tileaa.func @order(
// CHECK-NEXT: %[[P:.*]]:2 = nv_tileaa.pragma : i32, f32 {
// CHECK-NEXT: nv_tileaa.yield %arg1, %arg2 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return %[[P]]#1, %[[P]]#0 : f32, i32
nv_tileaa.func @order(%a: tile<4xf32>, %k: i32, %x: f32) -> (f32, i32) {
  %0:3 = nv_tileaa.pragma : i32, tile<4xf32>, f32 {
    nv_tileaa.yield %k, %a, %x : i32, tile<4xf32>, f32
  }
  nv_tileaa.return %0#2, %0#0 : f32, i32
}

// No result used: the pragma stays (its directives apply to the region),
// with no results; every result used: unchanged.
// CHECK-LABEL: nv_tileaa.func @kept(
// CHECK-NEXT: nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22next knob FenceCode\22;"]} {
// CHECK-NEXT: nv_tileaa.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:.*]]:2 = nv_tileaa.pragma : i32, f32 {
// CHECK-NEXT: nv_tileaa.yield %arg1, %arg2 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.return %[[P]]#0, %[[P]]#1
nv_tileaa.func @kept(%a: tile<4xf32>, %k: i32, %x: f32) -> (i32, f32) {
  %0:2 = nv_tileaa.pragma attributes {ocgEnterDirectives = [".pragma \22next knob FenceCode\22;"]} : i32, f32 {
    nv_tileaa.yield %k, %x : i32, f32
  }
  %1:2 = nv_tileaa.pragma : i32, f32 {
    nv_tileaa.yield %k, %x : i32, f32
  }
  nv_tileaa.return %1#0, %1#1 : i32, f32
}
