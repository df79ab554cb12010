// Tokens through scf loops and ifs: the loop carries the token as an
// iter_arg (now a !llvm.ptr<3> handle), a token made inside the body takes a
// pool slot of its own and is joined with the carried one, and an if yields
// one of two tokens.  The lowered kernel runs bit-identically.
// RUN: ctile-opt --pass-pipeline='builtin.module(convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa)' %s | FileCheck %s
// RUN: ctile-run %s --entry k --grid 3 --arg 'f32[4]=rand:3' --arg 'f32[4]=zeros' --arg 'i32[1]=rand:4' --dump 1 > %t.a
// RUN: ctile-run %s --pipeline='convert-cuda-tile-to-nv-tileaa{compute-capability=100},canonicalize,lower-nv-tileaa' --entry k --grid 3 --arg 'f32[4]=rand:3' --arg 'f32[4]=zeros' --arg 'i32[1]=rand:4' --dump 1 > %t.b
// RUN: diff %t.a %t.b

cuda_tile.module @m {
  entry @k(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %flag: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %t0 = make_token : token
    %f, %tf = load_ptr_tko weak %flag token = %t0 : tile<ptr<i32>> -> tile<i32>, token
    %r:2 = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %tf, %s = %c0) -> (token, tile<i32>) {
      %ti = make_token : token
      %j = join_tokens %acc, %ti : token
      %ps = offset %src, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
      %x, %tx = load_ptr_tko weak %ps token = %j : tile<ptr<f32>> -> tile<f32>, token
      %pd = offset %dst, %i : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
      %y = addf %x, %x : tile<f32>
      %ty = store_ptr_tko weak %pd, %y token = %tx : tile<ptr<f32>>, tile<f32> -> token
      %s1 = addi %s, %i : tile<i32>
      continue %ty, %s1 : token, tile<i32>
    }
    %neg = cmpi less_than %f, %c0, signed : tile<i32> -> tile<i1>
    %tsel = if %neg -> (token) {
      %ff = itof %f signed : tile<i32> -> tile<f32>
      %t5 = store_ptr_tko weak %dst, %ff token = %r#0 : tile<ptr<f32>>, tile<f32> -> token
      yield %t5 : token
    } else {
      yield %r#0 : token
    }
    %w, %tw = load_ptr_tko weak %dst token = %tsel : tile<ptr<f32>> -> tile<f32>, token
    %c3 = constant <i32: 3> : tile<i32>
    %p3 = offset %dst, %c3 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %w2 = addf %w, %w : tile<f32>
    %t6 = store_ptr_tko weak %p3, %w2 token = %tw : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}

// CHECK-LABEL: nv_tileaa.func @k
// CHECK: %[[B0:.*]] = nv_tileas.alloc_mbarrier {slot = 0 : i32} : !llvm.ptr<3>
// CHECK: %[[F:.*]]:2 = nv_tileaa.load {{.*}}, %[[B0]] {{.*}}!llvm.ptr<3>
// CHECK: = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:[^ ]*]] = %[[F]]#1, {{.*}}) -> (!llvm.ptr<3>, i32
// CHECK: %[[B1:.*]] = nv_tileas.alloc_mbarrier {slot = 1 : i32} : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.init.shared %[[B1]]
// CHECK: nvvm.mbarrier.try_wait.parity.shared %[[ACC]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[B1]],
// CHECK: nv_tileaa.load {{.*}}, %[[ACC]] {{.*}}!llvm.ptr<3>
// CHECK: scf.yield {{.*}} : !llvm.ptr<3>, i32
// CHECK: scf.if %{{.*}} -> (!llvm.ptr<3>
// CHECK: nv_tileaa.store {{.*}} -> !llvm.ptr<3>
// CHECK: scf.yield {{.*}} : !llvm.ptr<3>
// CHECK-NOT: mem_token
