// hoist_extract_through_elementwise through a matching expand_dims (seed 001
// "Extract motion": the extracted lane maps one-to-one to the source lane),
// where it fires and where each safety condition blocks it.  Execution
// proof: test/canon/exec/expand_dims.mlir (test/canon/run.sh).
// RUN: ctile-opt --canonicalize %s | FileCheck %s
// RUN: ctile-opt --canonicalize %s | ctile-opt --verify-diagnostics > /dev/null
// RUN: ctile-opt --canonicalize=disable-patterns=hoist_extract_through_elementwise %s | FileCheck %s --check-prefix=OFF
//
// The extract indexes the size-one axis with the constant 0: it reads x at
// the other indices.
// CHECK-LABEL: nv_tileaa.func @indexed_axis(
// CHECK-NEXT: %[[R:.*]] = nv_tileaa.extract %arg0, %arg1, %arg2 : tile<4x8xf32>, index, index -> f32
// CHECK-NEXT: nv_tileaa.return %[[R]] : f32
// OFF-LABEL: nv_tileaa.func @indexed_axis(
// OFF: nv_tileaa.expand_dims
// OFF: nv_tileaa.extract %{{.*}} : tile<4x1x8xf32>, index, index, index -> f32
nv_tileaa.func @indexed_axis(%x: tile<4x8xf32>, %i: index, %j: index) -> f32 {
  %c0 = arith.constant 0 : index
  %e = nv_tileaa.expand_dims %x {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
  %r = nv_tileaa.extract %e, %i, %c0, %j : tile<4x1x8xf32>, index, index, index -> f32
  nv_tileaa.return %r : f32
}

// Only the size-one axis is indexed: the extract is x itself.
// CHECK-LABEL: nv_tileaa.func @leading_axis(
// CHECK-NEXT: nv_tileaa.return %arg0 : tile<8xf32>
nv_tileaa.func @leading_axis(%x: tile<8xf32>) -> tile<8xf32> {
  %c0 = arith.constant 0 : i32
  %e = nv_tileaa.expand_dims %x {axis = 0 : i32} : tile<8xf32> -> tile<1x8xf32>
  %r = nv_tileaa.extract %e, %c0 : tile<1x8xf32>, i32 -> tile<8xf32>
  nv_tileaa.return %r : tile<8xf32>
}

// The size-one axis lies after the indexed axes: the extract moves before
// the expand_dims, whose axis shifts by the number of indices.
// CHECK-LABEL: nv_tileaa.func @axis_after(
// CHECK-NEXT: %[[X:.*]] = nv_tileaa.extract %arg0, %arg1 : tile<4x8x2xf32>, index -> tile<8x2xf32>
// CHECK-NEXT: %[[E:.*]] = nv_tileaa.expand_dims %[[X]] {axis = 1 : i32} : tile<8x2xf32> -> tile<8x1x2xf32>
// CHECK-NEXT: nv_tileaa.return %[[E]] : tile<8x1x2xf32>
nv_tileaa.func @axis_after(%x: tile<4x8x2xf32>, %i: index) -> tile<8x1x2xf32> {
  %e = nv_tileaa.expand_dims %x {axis = 2 : i32} : tile<4x8x2xf32> -> tile<4x8x1x2xf32>
  %r = nv_tileaa.extract %e, %i : tile<4x8x1x2xf32>, index -> tile<8x1x2xf32>
  nv_tileaa.return %r : tile<8x1x2xf32>
}

// A chain: extract through expand_dims, then through the elementwise op.
// CHECK-LABEL: nv_tileaa.func @chain(
// CHECK-NEXT: %[[A:.*]] = nv_tileaa.extract %arg0, %arg2 : tile<4x8xf32>, index -> tile<8xf32>
// CHECK-NEXT: %[[B:.*]] = nv_tileaa.extract %arg1, %arg2 : tile<4x8xf32>, index -> tile<8xf32>
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.addf %[[A]], %[[B]] : tile<8xf32>, tile<8xf32> -> tile<8xf32>
// CHECK-NEXT: %[[E:.*]] = nv_tileaa.expand_dims %[[S]] {axis = 0 : i32} : tile<8xf32> -> tile<1x8xf32>
// CHECK-NEXT: nv_tileaa.return %[[E]]
nv_tileaa.func @chain(%a: tile<4x8xf32>, %b: tile<4x8xf32>, %i: index) -> tile<1x8xf32> {
  %s = nv_tileaa.addf %a, %b : tile<4x8xf32>, tile<4x8xf32> -> tile<4x8xf32>
  %e = nv_tileaa.expand_dims %s {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
  %r = nv_tileaa.extract %e, %i : tile<4x1x8xf32>, index -> tile<1x8xf32>
  nv_tileaa.return %r : tile<1x8xf32>
}

// Blocked: the size-one axis is indexed by a value not known to be 0 (a
// dynamic index, or the constant 1, which names no lane).
// CHECK-LABEL: nv_tileaa.func @blocked_index(
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[E:.*]] = nv_tileaa.expand_dims %arg0 {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
// CHECK-NEXT: %[[R1:.*]] = nv_tileaa.extract %[[E]], %arg1, %arg3, %arg2 : tile<4x1x8xf32>, index, index, index -> f32
// CHECK-NEXT: %[[R2:.*]] = nv_tileaa.extract %[[E]], %arg1, %[[C1]], %arg2 : tile<4x1x8xf32>, index, index, index -> f32
// CHECK-NEXT: nv_tileaa.return %[[R1]], %[[R2]] : f32, f32
nv_tileaa.func @blocked_index(%x: tile<4x8xf32>, %i: index, %j: index, %k: index) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %e = nv_tileaa.expand_dims %x {axis = 1 : i32} : tile<4x8xf32> -> tile<4x1x8xf32>
  %r1 = nv_tileaa.extract %e, %i, %k, %j : tile<4x1x8xf32>, index, index, index -> f32
  %r2 = nv_tileaa.extract %e, %i, %c1, %j : tile<4x1x8xf32>, index, index, index -> f32
  nv_tileaa.return %r1, %r2 : f32, f32
}

// Blocked: the axis lies after the indices but the expand_dims has another
// use (the hoist would duplicate it), or the extract would leave no axis of
// x to insert the size-one axis into.
// CHECK-LABEL: nv_tileaa.func @blocked_after(
// CHECK-NEXT: %[[E:.*]] = nv_tileaa.expand_dims %arg0 {axis = 2 : i32} : tile<4x8xf32> -> tile<4x8x1xf32>
// CHECK-NEXT: %[[R:.*]] = nv_tileaa.extract %[[E]], %arg2 : tile<4x8x1xf32>, index -> tile<8x1xf32>
// CHECK-NEXT: %[[F:.*]] = nv_tileaa.expand_dims %arg1 {axis = 1 : i32} : tile<4xf32> -> tile<4x1xf32>
// CHECK-NEXT: %[[G:.*]] = nv_tileaa.extract %[[F]], %arg2 : tile<4x1xf32>, index -> tile<1xf32>
// CHECK-NEXT: nv_tileaa.return %[[R]], %[[E]], %[[G]]
nv_tileaa.func @blocked_after(%x: tile<4x8xf32>, %y: tile<4xf32>, %i: index) -> (tile<8x1xf32>, tile<4x8x1xf32>, tile<1xf32>) {
  %e = nv_tileaa.expand_dims %x {axis = 2 : i32} : tile<4x8xf32> -> tile<4x8x1xf32>
  %r = nv_tileaa.extract %e, %i : tile<4x8x1xf32>, index -> tile<8x1xf32>
  %f = nv_tileaa.expand_dims %y {axis = 1 : i32} : tile<4xf32> -> tile<4x1xf32>
  %g = nv_tileaa.extract %f, %i : tile<4x1xf32>, index -> tile<1xf32>
  nv_tileaa.return %r, %e, %g : tile<8x1xf32>, tile<4x8x1xf32>, tile<1xf32>
}
