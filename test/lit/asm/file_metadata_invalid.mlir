// Malformed file metadata dictionaries: MLIR's messages and locations.
// RUN: not ctile-opt -split-input-file %s 2>&1 | FileCheck %s

module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:26: error: dialect 'nodialect' is unknown
{-# dialect_resources: { nodialect: { a: "0x04000000" } } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:40: error: expected hex string blob for key 'a'
{-# dialect_resources: { builtin: { a: "zz" } } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:40: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes
{-# dialect_resources: { builtin: { a: "0x01" } } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:40: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3
{-# dialect_resources: { builtin: { a: "0x03000000" } } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:5: error: unknown key 'bogus' in file metadata dictionary
{-# bogus: { } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:39: error: unknown 'resource' key 'a' for dialect 'cuda_tile'
{-# dialect_resources: { cuda_tile: { a: "0x04000000" } } #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:54: error: expected ',' or '}'
{-# dialect_resources: { builtin: { a: "0x04000000" }  #-}

// -----
module {}
// CHECK: file_metadata_invalid.mlir:[[@LINE+1]]:37: error: expected string value for key 'a'
{-# external_resources: { foo: { a: 5 } } #-}
