// Shape ops, reduce and scan (with bodies), pack/unpack, mmaf/mmai on small
// tiles.  Expected values computed by hand.
// RUN: ctile-run %s --entry shapes --grid 1 | FileCheck %s

cuda_tile.module @m {
  entry @shapes() {
    %r = constant <i32: [[1, 2, 3, 4]]> : tile<1x4xi32>
    %b = broadcast %r : tile<1x4xi32> -> tile<2x4xi32>
    // CHECK: broadcast: {{\[\[}}1, 2, 3, 4], [1, 2, 3, 4]]
    print_tko "broadcast: %d\n", %b : tile<2x4xi32> -> token
    %m = constant <i32: [[0, 1, 2, 3], [4, 5, 6, 7]]> : tile<2x4xi32>
    %p = permute %m [1, 0] : tile<2x4xi32> -> tile<4x2xi32>
    // CHECK: permute: {{\[\[}}0, 4], [1, 5], [2, 6], [3, 7]]
    print_tko "permute: %d\n", %p : tile<4x2xi32> -> token
    %rs = reshape %p : tile<4x2xi32> -> tile<8xi32>
    // CHECK: reshape: [0, 4, 1, 5, 2, 6, 3, 7]
    print_tko "reshape: %d\n", %rs : tile<8xi32> -> token
    %c0 = cat %m, %m dim = 0 : tile<2x4xi32>, tile<2x4xi32> -> tile<4x4xi32>
    // CHECK: cat0: {{\[\[}}0, 1, 2, 3], [4, 5, 6, 7], [0, 1, 2, 3], [4, 5, 6, 7]]
    print_tko "cat0: %d\n", %c0 : tile<4x4xi32> -> token
    %c1 = cat %m, %b dim = 1 : tile<2x4xi32>, tile<2x4xi32> -> tile<2x8xi32>
    // CHECK: cat1: {{\[\[}}0, 1, 2, 3, 1, 2, 3, 4], [4, 5, 6, 7, 1, 2, 3, 4]]
    print_tko "cat1: %d\n", %c1 : tile<2x8xi32> -> token
    %one = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    // slice (1, 0) of shape 1x4 of the 4x4 tile = row 1
    %ex = extract %c0[%one, %zero] : tile<4x4xi32> -> tile<1x4xi32>
    // CHECK: extract: {{\[\[}}4, 5, 6, 7]]
    print_tko "extract: %d\n", %ex : tile<1x4xi32> -> token
    // slice (0, 1) of shape 2x2 of the 4x4 tile: rows 0-1, columns 2-3
    %ex2 = extract %c0[%zero, %one] : tile<4x4xi32> -> tile<2x2xi32>
    // CHECK: extract2: {{\[\[}}2, 3], [6, 7]]
    print_tko "extract2: %d\n", %ex2 : tile<2x2xi32> -> token

    // f16 1.0 = 0x3C00 -> bytes 0x00, 0x3C (little endian); -2.0 = 0xC000
    %h = constant <f16: [1.0, -2.0]> : tile<2xf16>
    %pk = pack %h : tile<2xf16> -> tile<4xi8>
    // CHECK: pack: [0, 60, 0, -64]
    print_tko "pack: %d\n", %pk : tile<4xi8> -> token
    %up = unpack %pk : tile<4xi8> -> tile<2xf16>
    // CHECK: unpack: [1, -2]
    print_tko "unpack: %g\n", %up : tile<2xf16> -> token

    // reduce rows of a 2x4 f32 tile: sum along dim 1, max along dim 0
    %f = constant <f32: [[1.0, 2.0, 3.0, 4.0], [-1.0, 5.0, 0.5, 8.0]]> : tile<2x4xf32>
    %sum = reduce %f dim=1 identities=[0.000000e+0 : f32] : tile<2x4xf32> -> tile<2xf32>
      (%x: tile<f32>, %acc: tile<f32>) {
        %s = addf %x, %acc : tile<f32>
        yield %s : tile<f32>
      }
    // CHECK: rowsum: [10, 12.5]
    print_tko "rowsum: %g\n", %sum : tile<2xf32> -> token
    %mx = reduce %f dim=0 identities=[0xFF800000 : f32] : tile<2x4xf32> -> tile<4xf32>
      (%x: tile<f32>, %acc: tile<f32>) {
        %s = maxf %x, %acc : tile<f32>
        yield %s : tile<f32>
      }
    // CHECK: colmax: [1, 5, 3, 8]
    print_tko "colmax: %g\n", %mx : tile<4xf32> -> token
    // argmax with two operands: (value, index), keeping the first maximum
    %vals = constant <f32: [3.0, 9.0, 2.0, 9.0, 1.0, 0.0, 7.0, 8.0]> : tile<8xf32>
    %idx = iota : tile<8xi32>
    %best:2 = reduce %vals, %idx dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
      (%v: tile<f32>, %va: tile<f32>, %i: tile<i32>, %ia: tile<i32>) {
        %gt = cmpf greater_than ordered %v, %va : tile<f32> -> tile<i1>
        %nv = select %gt, %v, %va : tile<i1>, tile<f32>
        %ni = select %gt, %i, %ia : tile<i1>, tile<i32>
        yield %nv, %ni : tile<f32>, tile<i32>
      }
    // CHECK: argmax: 9 at 1
    print_tko "argmax: %g at %d\n", %best#0, %best#1 : tile<f32>, tile<i32> -> token
    %sc = scan %idx dim=0 reverse=false identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%x: tile<i32>, %acc: tile<i32>) {
        %s = addi %x, %acc : tile<i32>
        yield %s : tile<i32>
      }
    // CHECK: scan: [0, 1, 3, 6, 10, 15, 21, 28]
    print_tko "scan: %d\n", %sc : tile<8xi32> -> token
    %rsc = scan %idx dim=0 reverse=true identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
      (%x: tile<i32>, %acc: tile<i32>) {
        %s = addi %x, %acc : tile<i32>
        yield %s : tile<i32>
      }
    // CHECK: rscan: [28, 28, 27, 25, 22, 18, 13, 7]
    print_tko "rscan: %d\n", %rsc : tile<8xi32> -> token

    // bodies that are not element-wise (an if) run one element at a time
    %rmax = scan %f dim=0 reverse=false identities=[0xFF800000 : f32] : tile<2x4xf32> -> tile<2x4xf32>
      (%x: tile<f32>, %acc: tile<f32>) {
        %gt = cmpf greater_than ordered %x, %acc : tile<f32> -> tile<i1>
        %mm1 = if %gt -> (tile<f32>) {
          yield %x : tile<f32>
        } else {
          yield %acc : tile<f32>
        }
        yield %mm1 : tile<f32>
      }
    // CHECK: runmax: {{\[\[}}1, 2, 3, 4], [1, 5, 3, 8]]
    print_tko "runmax: %g\n", %rmax : tile<2x4xf32> -> token
    %rsum = reduce %f dim=1 identities=[0.0 : f32] : tile<2x4xf32> -> tile<2xf32>
      (%x: tile<f32>, %acc: tile<f32>) {
        %t = constant <i1: true> : tile<i1>
        %mm2 = if %t -> (tile<f32>) {
          %s = addf %x, %acc : tile<f32>
          yield %s : tile<f32>
        } else {
          yield %acc : tile<f32>
        }
        yield %mm2 : tile<f32>
      }
    // CHECK: rowsum2: [10, 12.5]
    print_tko "rowsum2: %g\n", %rsum : tile<2xf32> -> token

    // mmaf: [[1,2],[3,4]] x [[5,6],[7,8]] + 1 = [[20,23],[44,51]]
    %ma = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %mb = constant <f32: [[5.0, 6.0], [7.0, 8.0]]> : tile<2x2xf32>
    %mc = constant <f32: 1.0> : tile<2x2xf32>
    %mm = mmaf %ma, %mb, %mc : tile<2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
    // CHECK: mmaf: {{\[\[}}20, 23], [44, 51]]
    print_tko "mmaf: %g\n", %mm : tile<2x2xf32> -> token
    // mmai with i8: signed -1 * 2 vs unsigned 255 * 2
    %ia8 = constant <i8: [[-1, 0], [0, 1]]> : tile<2x2xi8>
    %ib8 = constant <i8: [[2, 0], [0, 3]]> : tile<2x2xi8>
    %ic = constant <i32: 0> : tile<2x2xi32>
    %mis = mmai %ia8, %ib8, %ic signed signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    %miu = mmai %ia8, %ib8, %ic unsigned signed : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xi32>
    // CHECK: mmai: {{\[\[}}-2, 0], [0, 3]] {{\[\[}}510, 0], [0, 3]]
    print_tko "mmai: %d %d\n", %mis, %miu : tile<2x2xi32>, tile<2x2xi32> -> token
    return
  }
}
