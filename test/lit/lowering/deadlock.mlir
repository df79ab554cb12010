// ctile-run executes the mbarrier form with its ordering semantics: a wait
// on a phase whose arrivals are all in is passed, a wait that can never
// complete is a reported deadlock (location, slot, block id), not a hang.
// RUN: ctile-run %s --entry ok --grid 2
// RUN: not ctile-run %s --entry stuck --grid 2,1,1 2>&1 | FileCheck %s
// RUN: not ctile-run %s --entry uninit --grid 1 2>&1 | FileCheck %s --check-prefix=UNINIT

module {
  nv_tileaa.func @ok() attributes {nv_tileaa.kernel} {
    %b = nv_tileas.alloc_mbarrier {slot = 5 : i32} : !llvm.ptr<3>
    %n = arith.constant 2 : i32
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    nvvm.mbarrier.init.shared %b, %n : !llvm.ptr<3>, i32
    %s0 = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    %s1 = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    nvvm.mbarrier.try_wait.parity.shared %b, %z, %z : !llvm.ptr<3>, i32, i32
    %s2 = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    %s3 = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    nvvm.mbarrier.try_wait.parity.shared %b, %one, %z : !llvm.ptr<3>, i32, i32
    nv_tileaa.return
  }
  nv_tileaa.func @stuck() attributes {nv_tileaa.kernel} {
    %b = nv_tileas.alloc_mbarrier {slot = 3 : i32} : !llvm.ptr<3>
    %n = arith.constant 2 : i32
    %z = arith.constant 0 : i32
    nvvm.mbarrier.init.shared %b, %n : !llvm.ptr<3>, i32
    %s0 = nvvm.mbarrier.arrive.shared %b : !llvm.ptr<3> -> i64
    // CHECK: deadlock.mlir:[[@LINE+1]]:5: error: 'nvvm.mbarrier.try_wait.parity.shared' op deadlock: waits on mbarrier slot 3 for phase parity 0, which can never complete (1 of 2 arrivals missing) (tile block (0, 0, 0))
    nvvm.mbarrier.try_wait.parity.shared %b, %z, %z : !llvm.ptr<3>, i32, i32
    nv_tileaa.return
  }
  nv_tileaa.func @uninit() attributes {nv_tileaa.kernel} {
    %b = nv_tileas.alloc_mbarrier {slot = 0 : i32} : !llvm.ptr<3>
    %z = arith.constant 0 : i32
    // UNINIT: error: 'nvvm.mbarrier.try_wait.parity.shared' op waits on an mbarrier that was never initialized (tile block (0, 0, 0))
    nvvm.mbarrier.try_wait.parity.shared %b, %z, %z : !llvm.ptr<3>, i32, i32
    nv_tileaa.return
  }
}
