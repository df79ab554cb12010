// cuda_tile attribute parse errors (NVIDIA's and ODS's wording).
// RUN: ctile-opt %s -verify-diagnostics -split-input-file --allow-unregistered-dialect

// expected-error @below{{expected ::mlir::cuda_tile::Signedness to be one of: unsigned, signed}}
// expected-error @below{{failed to parse CudaTile_SignednessAttr parameter 'value' which is to be a `::mlir::cuda_tile::Signedness`}}
"u"() {a = #cuda_tile.signedness<maybe>} : () -> ()

// -----

// expected-error @below{{expected ::mlir::cuda_tile::RoundingMode to be one of: nearest_even, zero, negative_inf, positive_inf, approx, full, nearest_int_to_zero}}
// expected-error @below{{failed to parse CudaTile_RoundingModeAttr parameter}}
"u"() {a = #cuda_tile.rounding<nearest>} : () -> ()

// -----

// expected-error @below{{unknown attribute `atomic_rmw_mode` in dialect `cuda_tile`}}
"u"() {a = #cuda_tile.atomic_rmw_mode<add>} : () -> ()

// -----

// expected-error @below{{expected integer value}}
// expected-error @below{{failed to parse parameter 'divisor' which is expected to be an integer}}
"u"() {a = #cuda_tile.div_by<x>} : () -> ()

// -----

// expected-error @below{{expected 'along'}}
"u"() {a = #cuda_tile.div_by<4, every 2>} : () -> ()

// -----

// expected-error @below{{expected integer value}}
// expected-error @below{{failed to parse CudaTile_SameElementsAttr parameter 'values' which is to be a `DenseI64ArrayAttr`}}
"u"() {a = #cuda_tile.same_elements<[1, a]>} : () -> ()

// -----

// expected-error @below{{expected '?'}}
"u"() {a = #cuda_tile.bounded<x, 1>} : () -> ()

// -----

// expected-error @below{{expected valid keyword or string}}
"u"() {a = #cuda_tile.optimization_hints<2>} : () -> ()

// -----

// expected-error @below{{expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64}}
"u"() {a = #cuda_tile.optimization_hints<sm_100=2>} : () -> ()

// -----

// expected-error @below{{duplicate optimization_hints key `sm_90`}}
"u"() {a = #cuda_tile.optimization_hints<sm_90={}, "sm_90"={}>} : () -> ()

// -----

// expected-error @below{{invalid kind of attribute specified}}
// expected-error @below{{failed to parse CudaTile_DIFileAttr parameter 'name' which is to be a `StringAttr`}}
"u"() {a = #cuda_tile.di_file<1 in "x">} : () -> ()

// -----

// expected-error @below{{expected valid keyword}}
// expected-error @below{{expected a parameter name in struct}}
"u"() {a = #cuda_tile.di_compile_unit<>} : () -> ()

// -----

// expected-error @below{{struct is missing required parameter: linkageName}}
"u"() {a = #cuda_tile.di_subprogram<file = <"a" in "b">, line = 1, name = "n", compileUnit = <file = <"a" in "b">>>} : () -> ()

// -----

// expected-error @below{{duplicate or unknown struct parameter name: column}}
"u"() {a = #cuda_tile.di_subprogram<file = <"a" in "b">, column = 1>} : () -> ()

// -----

// expected-error @below{{invalid kind of attribute specified}}
// expected-error @below{{failed to parse CudaTile_DILexicalBlockAttr parameter 'scope' which is to be a `DILocalScopeAttr`}}
"u"() {a = #cuda_tile.di_lexical_block<scope = #cuda_tile.di_file<"a" in "b">, file = <"a" in "b">, line = 1>} : () -> ()

// -----

// expected-error @below{{invalid kind of attribute specified}}
// expected-error @below{{failed to parse CudaTile_DILocAttr parameter 'sourceLoc' which is to be a `FileLineColLoc`}}
"u"() {a = #cuda_tile.di_loc<loc(unknown) in #cuda_tile.di_subprogram<file = <"a" in "b">, line = 1, name = "n", linkageName = "l", compileUnit = <file = <"a" in "b">>>>} : () -> ()
