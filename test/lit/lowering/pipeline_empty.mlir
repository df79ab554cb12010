// A pipeline whose every payload position canonicalization pruned prints as
// pipeline<> and parses back (the empty type list is legal).
// RUN: ctile-opt %s | ctile-opt | FileCheck %s

module {
  nv_tileaa.func @empty() attributes {nv_tileaa.kernel} {
    // CHECK: create_pipeline {stages = 1 : i32} : pipeline<>
    %p = nv_tileas.async.pipeline.create_pipeline {stages = 1 : i32} : !nv_tileas.pipeline<>
    nv_tileaa.return
  }
}
