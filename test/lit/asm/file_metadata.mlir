// The file metadata dictionary survives a print (issue 18): builtin blobs
// that a printed dense_resource refers to (in order of first reference, an
// unreferenced one dropped), every external resource (blob, string, bool;
// repeats kept), as mlir-opt 22 prints this file, and it reads back to the
// same text.  Malformed
// dictionaries get MLIR's messages (file_metadata_invalid.mlir).
// RUN: ctile-opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: ctile-opt %s | ctile-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: ctile-opt %s -mlir-print-op-generic | ctile-opt | FileCheck %s --match-full-lines --strict-whitespace
// RUN: ctile-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL

module attributes {t.x = dense_resource<zz> : tensor<2xi8>, t.y = dense_resource<"b b"> : tensor<1xi8>} {
}

{-# dialect_resources: { builtin: { "b b": "0x0100000001", zz: "0x01000000aabb", unused: "0x0400000000000000" } },
    external_resources: { foo: { a: "x\"y", b: true, c: "0x01000000ff" }, bar: {} } #-}
{-# external_resources: { foo: { b: false } } #-}

//      CHECK:module attributes {t.x = dense_resource<zz> : tensor<2xi8>, t.y = dense_resource<"b b"> : tensor<1xi8>} {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:{-#
// CHECK-NEXT:  dialect_resources: {
// CHECK-NEXT:    builtin: {
// CHECK-NEXT:      zz: "0x01000000AABB",
// CHECK-NEXT:      "b b": "0x0100000001"
// CHECK-NEXT:    }
// CHECK-NEXT:  },
// CHECK-NEXT:  external_resources: {
// CHECK-NEXT:    foo: {
// CHECK-NEXT:      a: "x\22y",
// CHECK-NEXT:      b: true,
// CHECK-NEXT:      c: "0x01000000FF",
// CHECK-NEXT:      b: false
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:#-}
// CHECK-EMPTY:
// CHECK-NOT:{{.}}

// LOCAL-NOT: {-#
