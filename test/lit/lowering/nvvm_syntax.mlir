// The nvvm mbarrier subset prints in MLIR's exact syntax, in both the
// seed's `.shared` spelling and MLIR 22's (mlir-opt-22 prints the second
// group identically), and round-trips through the generic form.
// RUN: ctile-opt %s | FileCheck %s
// RUN: ctile-opt %s | ctile-opt | FileCheck %s
// RUN: ctile-opt -mlir-print-op-generic %s | ctile-opt | FileCheck %s
// RUN: not ctile-opt --split-input-file %s.bad 2>&1 | FileCheck %s.bad

module {
  nv_tileaa.func @f(%c: i32) {
    %b = nv_tileas.alloc_mbarrier {slot = 31 : i32} : !llvm.ptr<3>
    nvvm.mbarrier.init.shared %b, %c : !llvm.ptr<3>, i32
    %s = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    nvvm.mbarrier.try_wait.parity.shared %b, %c, %c : !llvm.ptr<3>, i32, i32
    nvvm.mbarrier.init %b, %c : !llvm.ptr<3>, i32
    %t = nvvm.mbarrier.arrive %b : !llvm.ptr<3> -> i64
    nvvm.mbarrier.try_wait.parity %b, %c, %c : !llvm.ptr<3>, i32, i32
    nv_tileaa.return
  }
}
// CHECK: %[[B:.*]] = nv_tileas.alloc_mbarrier {slot = 31 : i32} : !llvm.ptr<3>
// CHECK-NEXT: nvvm.mbarrier.init.shared %[[B]], %arg0 : !llvm.ptr<3>, i32
// CHECK-NEXT: %{{.*}} = nvvm.mbarrier.arrive.shared %[[B]] : !llvm.ptr<3> -> i64
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity.shared %[[B]], %arg0, %arg0 : !llvm.ptr<3>, i32, i32
// CHECK-NEXT: nvvm.mbarrier.init %[[B]], %arg0 : !llvm.ptr<3>, i32
// CHECK-NEXT: %{{.*}} = nvvm.mbarrier.arrive %[[B]] : !llvm.ptr<3> -> i64
// CHECK-NEXT: nvvm.mbarrier.try_wait.parity %[[B]], %arg0, %arg0 : !llvm.ptr<3>, i32, i32
