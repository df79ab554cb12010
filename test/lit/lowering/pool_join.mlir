// Token lowering on nv_tileaa input: joins of 1, 2 and 8 producers, and the
// 32-mbarrier pool (32 tokens fit; the 33rd is a hard, located error).
// RUN: ctile-opt --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(lower-nv-tileaa)' %s | FileCheck %s
// CHECK-LABEL: nv_tileaa.func @join1
// CHECK: %[[B:.*]] = nv_tileas.alloc_mbarrier {slot = 0 : i32}
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[B]], %[[Z]], %[[Z]]
// CHECK-NOT: try_wait
// CHECK: nv_tileaa.return
module {
  nv_tileaa.func @join1() attributes {nv_tileaa.kernel} {
    %t = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %j = nv_tileaa.join_mem_token %t : !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @join2
// CHECK: %[[A:.*]] = nv_tileas.alloc_mbarrier {slot = 0 : i32}
// CHECK: %[[B:.*]] = nv_tileas.alloc_mbarrier {slot = 1 : i32}
// CHECK: nvvm.mbarrier.try_wait.parity.shared %[[A]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[B]],
// CHECK-NOT: try_wait
// CHECK: nv_tileaa.return
module {
  nv_tileaa.func @join2() attributes {nv_tileaa.kernel} {
    %a = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %b = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %j = nv_tileaa.join_mem_token %a, %b : !nv_tileaa.mem_token, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @join8
// CHECK: %[[T0:.*]] = nv_tileas.alloc_mbarrier {slot = 0 : i32}
// CHECK: %[[T1:.*]] = nv_tileas.alloc_mbarrier {slot = 1 : i32}
// CHECK: %[[T2:.*]] = nv_tileas.alloc_mbarrier {slot = 2 : i32}
// CHECK: %[[T3:.*]] = nv_tileas.alloc_mbarrier {slot = 3 : i32}
// CHECK: %[[T4:.*]] = nv_tileas.alloc_mbarrier {slot = 4 : i32}
// CHECK: %[[T5:.*]] = nv_tileas.alloc_mbarrier {slot = 5 : i32}
// CHECK: %[[T6:.*]] = nv_tileas.alloc_mbarrier {slot = 6 : i32}
// CHECK: %[[T7:.*]] = nv_tileas.alloc_mbarrier {slot = 7 : i32}
// CHECK: arith.constant 0 : i32
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T0]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T1]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T2]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T3]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T4]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T5]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T6]],
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[T7]],
// CHECK-NOT: try_wait
// CHECK: nv_tileaa.return
module {
  nv_tileaa.func @join8() attributes {nv_tileaa.kernel} {
    %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t2 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t3 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t4 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t5 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t6 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t7 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %j = nv_tileaa.join_mem_token %t0, %t1, %t2, %t3, %t4, %t5, %t6, %t7 : !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
// -----
// CHECK-LABEL: nv_tileaa.func @fits32
// CHECK: alloc_mbarrier {slot = 31 : i32}
module {
  nv_tileaa.func @fits32() attributes {nv_tileaa.kernel} {
    %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t2 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t3 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t4 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t5 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t6 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t7 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t8 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t9 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t10 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t11 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t12 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t13 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t14 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t15 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t16 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t17 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t18 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t19 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t20 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t21 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t22 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t23 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t24 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t25 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t26 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t27 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t28 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t29 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t30 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t31 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
// -----
module {
  nv_tileaa.func @over32() attributes {nv_tileaa.kernel} {
    %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t2 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t3 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t4 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t5 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t6 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t7 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t8 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t9 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t10 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t11 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t12 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t13 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t14 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t15 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t16 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t17 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t18 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t19 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t20 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t21 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t22 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t23 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t24 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t25 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t26 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t27 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t28 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t29 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t30 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t31 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    // expected-error @below {{more than 32 memory tokens live in one CTA: token #33 of function 'over32' has no free slot in the per-CTA pool of 32 mbarriers}}
    %t32 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
// -----
// A signature with token inputs and results takes the carrier type too.
// CHECK-LABEL: nv_tileaa.func @sig(%arg0: !llvm.ptr<3>) -> (!llvm.ptr<3>)
// CHECK-NEXT: nv_tileaa.return %arg0 : !llvm.ptr<3>
module {
  nv_tileaa.func @sig(%t: !nv_tileaa.mem_token) -> (!nv_tileaa.mem_token) {
    nv_tileaa.return %t : !nv_tileaa.mem_token
  }
}
