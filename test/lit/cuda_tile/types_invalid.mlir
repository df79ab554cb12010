// cuda_tile type verifiers and type parse errors (NVIDIA's messages; the
// tile element message is the seed's).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

// expected-error @below{{expected static shape}}
"u"() : () -> !cuda_tile.tile<5x?xf32>

// -----

// expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or i1 or i8 or i16 or i32 or i64 or Pointer type}}
"u"() : () -> !cuda_tile.tile<8x4xi28>

// -----

// expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or i1 or i8 or i16 or i32 or i64 or Pointer type}}
"u"() : () -> !cuda_tile.tile<4xui8>

// -----

// expected-error @below{{all dimensions must be powers of two, got 3, 5, 9}}
"u"() : () -> !cuda_tile.tile<3x5x9xf32>

// -----

// expected-error @below{{all dimensions must be positive constants, got 1, 0, 2}}
"u"() : () -> !cuda_tile.tile<1x0x2xf32>

// -----

// expected-error @below{{tile would exceed the maximum of 16777216 elements}}
"u"() : () -> !cuda_tile.tile<1024x1024x1024xf32>

// -----

// expected-error @below{{F4E2M1FN tiles must have an even number of elements}}
"u"() : () -> !cuda_tile.tile<1x1xf4E2M1FN>

// -----

// expected-error @below{{expected valid keyword}}
"u"() : () -> !cuda_tile.tile<1x-1x4xf32>

// -----

// expected-error @below{{unknown type: pluto}}
"u"() : () -> !cuda_tile.tile<4xpluto>

// -----

// expected-error @below{{unknown  type `tiles` in dialect `cuda_tile`}}
"u"() : () -> !cuda_tile.tiles<4xf32>

// -----

// expected-error @below{{failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
"u"() : () -> !cuda_tile.ptr<!cuda_tile.ptr<f32>>

// -----

// expected-error @below{{failed to verify 'pointeeType'}}
"u"() : () -> !cuda_tile.tile<ptr<tile<2x2xf32>>>

// -----

// expected-error @below{{strides must not be provided for 0-d tiles}}
"u"() : () -> !cuda_tile.tensor_view<f32, strides=[]>

// -----

// expected-error @below{{unexpected token after element type in 0-d tensor_view}}
"u"() : () -> !cuda_tile.tensor_view<f16,>

// -----

// expected-error @below{{expected 'strides'}}
"u"() : () -> !cuda_tile.tensor_view<2xf32>

// -----

// expected-error @below{{expected strictly positive integer, got -9223372036854775808}}
"u"() : () -> !cuda_tile.tensor_view<?xf32, strides=[-9223372036854775808]>

// -----

// expected-error @below{{expected either 64-bit integer or question mark}}
"u"() : () -> !cuda_tile.tensor_view<?x32xf32, strides=[, 32]>

// -----

// expected-error @below{{expected shape and stride to be of same rank but got shape of rank 1 and stride of rank 2}}
"u"() : () -> !cuda_tile.tensor_view<?xf32, strides=[4, 1]>

// -----

// expected-error @below{{dimensions must have strictly positive constant sizes but got [0, ?]}}
"u"() : () -> !cuda_tile.tensor_view<0x?xf32, strides=[1, 1]>

// -----

// expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
"u"() : () -> !cuda_tile.tensor_view<32xptr<f32>, strides=[1]>

// -----

// expected-error @below{{expected dim_map to map exactly all 2 dimensions of the tile, got 1 mappings}}
"u"() : () -> !cuda_tile.partition_view<tile=(1024x1024), tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0]>

// -----

// expected-error @below{{target dimension 1 mapped at least twice (for tile dimensions 0 and 1)}}
"u"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 1]>

// -----

// expected-error @below{{target dimension must not be negative, got -1}}
"u"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[-1, 1]>

// -----

// expected-error @below{{tile dimension 1 exceeds i32 limitations (got 4294967296, expected strictly positive and less than or equal to 2147483647)}}
"u"() : () -> !cuda_tile.partition_view<tile=(2x4294967296), tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below{{0-dimension tile shape is not supported}}
"u"() : () -> !cuda_tile.partition_view<tile=(), tensor_view<f32>>

// -----

// expected-error @below{{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1}}
"u"() : () -> !cuda_tile.partition_view<tile=(2), tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below{{invalid padding_value attribute specification. Got "inf" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf}}
"u"() : () -> !cuda_tile.partition_view<tile=(2), padding_value = inf, tensor_view<16xf32, strides=[1]>>

// -----

// expected-error @below{{padding_value pos_inf can only be used with floating point element types, got 'i16'}}
"u"() : () -> !cuda_tile.partition_view<tile=(2), padding_value = pos_inf, tensor_view<16xi16, strides=[1]>>

// -----

// expected-error @below{{expected 'tensor_view' type, but got '!cuda_tile.partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>'}}
"u"() : () -> !cuda_tile.partition_view<tile=(4), partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>>

// -----

// expected-error @below{{tile would exceed the maximum of 16777216 elements}}
"u"() : () -> !cuda_tile.partition_view<tile=(8192x4096), tensor_view<8192x4096xf32, strides=[4096,1]>>

// -----

// expected-error @below{{expected 2 traversal strides, got 1}}
"u"() : () -> !cuda_tile.strided_view<tile=(4x4), traversal_strides=[1], tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below{{traversal strides must be strictly positive but got [1, -1]}}
"u"() : () -> !cuda_tile.strided_view<tile=(4x4), traversal_strides=[1,-1], tensor_view<16x16xf32, strides=[16,1]>>

// -----

// expected-error @below{{gather dimension is outside of tensor view dimensions, expected strictly less than 2, got 5}}
"u"() : () -> !cuda_tile.gather_scatter_view<tile=(8x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=5>

// -----

// expected-error @below{{tile dimension 0 exceeds i32 limitations (got 8589934592, expected strictly positive and less than or equal to 2147483647)}}
"u"() : () -> !cuda_tile.gather_scatter_view<tile=(8589934592x16), tensor_view<64x16xf32, strides=[16,1]>, sparse_dim=0>
