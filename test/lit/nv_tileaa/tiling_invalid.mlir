// Seed 000 verify_block_tile / verify_conv_tile: every diagnostic, verbatim.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

nv_tileaa.func @no_tile_sizes(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects non-empty tileSizes}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], tileSizes = array<i64>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @missing_tile_sizes(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects non-empty tileSizes}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>]} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @no_dim_groups(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects non-empty dimGroups}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [], tileSizes = array<i64: 1>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @rank_mismatch(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects rank of tileSizes be equal to rank of dimGroups, but got 2 vs 3}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], tileSizes = array<i64: 1, 2>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @zero_size(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects all tile size bigger than zero}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], tileSizes = array<i64: 1, 0, 4>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @tiled_twice(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.block_tile' op expects dim is being tiled only one time, but got 2}}
  %0 = nv_tileaa.block_tile %t {dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 2, 3>], tileSizes = array<i64: 1, 2, 4>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @filter_size(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.conv_tile' op expects filter size must be in range 1 to 3}}
  %0 = nv_tileaa.conv_tile %t {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], filterSizes = array<i64: 3, 4>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @filter_size_zero(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.conv_tile' op expects filter size must be in range 1 to 3}}
  %0 = nv_tileaa.conv_tile %t {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], filterSizes = array<i64: 0, 1>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_params(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.conv_tile' op expects conv params size matched with each other}}
  %0 = nv_tileaa.conv_tile %t {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>], filterSizes = array<i64: 3, 3>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @channel_missing(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.conv_tile' op expects channel must be a dimGroup}}
  %0 = nv_tileaa.conv_tile %t {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2>], filterSizes = array<i64: 3, 3>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @channel_not_alone(%t: tile<1x16x16x32xf16>) {
  // expected-error @below{{'nv_tileaa.conv_tile' op expects channel dimGroup should contain only channel}}
  %0 = nv_tileaa.conv_tile %t {channel = 3 : i64, conv_params = #nv_tileaa.conv_params<stride = [1, 1], padding = [1, 1], dilation = [1, 1]>, dimGroups = [array<i64: 0>, array<i64: 1, 2, 3>], filterSizes = array<i64: 3, 3>} : tile<1x16x16x32xf16> -> tile<1x16x16x32xf16>
  nv_tileaa.return
}
