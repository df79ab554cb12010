// Token lowering (convert-nv-tileaa-tokens, lower-nv-tileaa): tokens become
// mbarriers of the per-CTA pool, joins become parity-wait chains, memory
// effects keep consuming and yielding the (now !llvm.ptr<3>) handle, and the
// lowered kernel runs bit-identically.
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' %s | FileCheck %s
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' %s | ctile-opt | FileCheck %s
// RUN: ctile-run %s --entry k --grid 2 --arg 'f32[8]=rand:1' --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --dump 1 --dump 2 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa' --entry k --grid 2 --arg 'f32[8]=rand:1' --arg 'f32[8]=zeros' --arg 'f32[8]=zeros' --dump 1 --dump 2 > %t.b
// RUN: diff %t.a %t.b

cuda_tile.module @m {
  entry @k(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %dst2: tile<ptr<f32>>) {
    %t = make_token : token
    %b = reshape %src : tile<ptr<f32>> -> tile<1xptr<f32>>
    %p0 = broadcast %b : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %lane = iota : tile<8xi32>
    %p = offset %p0, %lane : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %x, %t1 = load_ptr_tko weak %p token = %t : tile<8xptr<f32>> -> tile<8xf32>, token
    %db = reshape %dst : tile<ptr<f32>> -> tile<1xptr<f32>>
    %q0 = broadcast %db : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %q = offset %q0, %lane : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %t2 = store_ptr_tko weak %q, %x token = %t1 : tile<8xptr<f32>>, tile<8xf32> -> token
    %j = join_tokens %t1, %t2 : token
    %y, %t3 = load_ptr_tko weak %q token = %j : tile<8xptr<f32>> -> tile<8xf32>, token
    %eb = reshape %dst2 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %r0 = broadcast %eb : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %r = offset %r0, %lane : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %z = addf %y, %x : tile<8xf32>
    %t4 = store_ptr_tko weak %r, %z token = %t3 : tile<8xptr<f32>>, tile<8xf32> -> token
    return
  }
}

// One slot for the one token; init with one producer and the creator's arrival.
// CHECK-LABEL: nv_tileaa.func @k
// CHECK: %[[BAR:.*]] = nv_tileas.alloc_mbarrier {slot = 0 : i32} : !llvm.ptr<3>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: nvvm.mbarrier.init.shared %[[BAR]], %[[ONE]] : !llvm.ptr<3>, i32
// CHECK-NEXT: %{{.*}} = nvvm.mbarrier.arrive.shared %[[BAR]] : !llvm.ptr<3> -> i64
// The memory effects consume the incoming handle and yield a successor.
// CHECK: %[[L:.*]]:2 = nv_tileaa.load %{{.*}}[], %[[BAR]] {{.*}} -> tile<8xf32>, !llvm.ptr<3>
// CHECK: %[[S:.*]] = nv_tileaa.store %{{.*}}[], %[[L]]#0, %[[L]]#1 {{.*}} -> !llvm.ptr<3>
// The join of two producers: one parity wait per producer.
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[L]]#1, %[[Z]], %[[Z]] : !llvm.ptr<3>, i32, i32
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[S]], %[[Z]], %[[Z]] : !llvm.ptr<3>, i32, i32
// CHECK-NEXT: %{{.*}}:2 = nv_tileaa.load %{{.*}}[], %[[L]]#1
// CHECK-NOT: mem_token
// CHECK-NOT: join_mem_token
