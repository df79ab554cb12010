// ctile-run's borrowed tile loads (interp_mem.c view_borrow): a dense f32
// load whose tile is one packed run of memory refers to that memory instead
// of copying it, and a store (view or pointer) over it first gives the
// value a copy of its own.  Each entry prints a loaded tile after the
// memory under it was overwritten: it must still hold the values the load
// read (iota: element i holds i).
// RUN: ctile-run %s --entry view_store --grid 1 --arg 'f32[8]=iota' --dump 0 | FileCheck %s --check-prefix=VIEW
// RUN: ctile-run %s --entry ptr_store --grid 1 --arg 'f32[8]=iota' --dump 0 | FileCheck %s --check-prefix=PTR
// RUN: ctile-run %s --entry self_store --grid 2 -j 2 --arg 'f32[8]=iota' --dump 0 | FileCheck %s --check-prefix=SELF
// RUN: ctile-run %s --entry rows --grid 1 --arg 'f32[4,8]=iota' --dump 0 | FileCheck %s --check-prefix=ROWS
// RUN: ctile-run %s --entry many --grid 1 --arg 'f32[64]=iota' --dump 0 | FileCheck %s --check-prefix=MANY
// RUN: ctile-run %s --entry loop --grid 1 --arg 'f32[8]=iota' --dump 0 | FileCheck %s --check-prefix=LOOP

cuda_tile.module @m {
  // load x, overwrite x through the same view, read the loaded tile
  entry @view_store(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %p = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t1 = load_view_tko weak %p[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %k = constant <f32: 100.0> : tile<8xf32>
    %t2 = store_view_tko weak %k, %p[%c0] token = %t1 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    // VIEW: a: [0, 1, 2, 3, 4, 5, 6, 7]
    print_tko "a: %g\n", %a : tile<8xf32> -> token
    %b, %t3 = load_view_tko weak %p[%c0] token = %t2 : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %s = addf %a, %b : tile<8xf32>
    // VIEW-NEXT: s: [100, 101, 102, 103, 104, 105, 106, 107]
    print_tko "s: %g\n", %s : tile<8xf32> -> token
    %t4 = store_view_tko weak %s, %p[%c0] token = %t3 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // VIEW-NEXT: arg 0: [100, 101, 102, 103, 104, 105, 106, 107]

  // load x, overwrite one element through a pointer, read the loaded tile
  entry @ptr_store(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %p = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t1 = load_view_tko weak %p[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %c3 = constant <i32: 3> : tile<i32>
    %q = offset %x, %c3 : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %v = constant <f32: -1.0> : tile<f32>
    %t2 = store_ptr_tko weak %q, %v token = %t1 : tile<ptr<f32>>, tile<f32> -> token
    // PTR: a: [0, 1, 2, 3, 4, 5, 6, 7]
    print_tko "a: %g\n", %a : tile<8xf32> -> token
    return
  }
  // PTR-NEXT: arg 0: [0, 1, 2, -1, 4, 5, 6, 7]

  // a tile stored back where it was loaded from (each block twice), then
  // doubled in place
  entry @self_store(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %p = make_partition_view %tv : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %a, %t1 = load_view_tko weak %p[%bx] : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %t2 = store_view_tko weak %a, %p[%bx] : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %t3 = store_view_tko weak %a, %p[%bx] token = %t2 : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %d = addf %a, %a : tile<4xf32>
    %t4 = store_view_tko weak %d, %p[%bx] token = %t3 : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %t5 = store_view_tko weak %a, %p[%bx] token = %t4 : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    %t6 = store_view_tko weak %d, %p[%bx] token = %t5 : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // SELF: arg 0: [0, 2, 4, 6, 8, 10, 12, 14]

  // 2-D tiles: a packed one (whole rows, borrowed) and a part of rows
  // (copied), each loaded then overwritten
  entry @rows(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [4, 8], strides = [8, 1] : tensor_view<4x8xf32, strides=[8,1]>
    %p = make_partition_view %tv : partition_view<tile=(2x8), tensor_view<4x8xf32, strides=[8,1]>>
    %pn = make_partition_view %tv : partition_view<tile=(2x4), tensor_view<4x8xf32, strides=[8,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a, %t1 = load_view_tko weak %p[%c1, %c0] : partition_view<tile=(2x8), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> tile<2x8xf32>, token
    %b, %t2 = load_view_tko weak %pn[%c0, %c1] : partition_view<tile=(2x4), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> tile<2x4xf32>, token
    %z = constant <f32: 0.0> : tile<2x8xf32>
    %t3 = store_view_tko weak %z, %p[%c1, %c0] token = %t1 : tile<2x8xf32>, partition_view<tile=(2x8), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> token
    %t4 = store_view_tko weak %z, %p[%c0, %c0] token = %t2 : tile<2x8xf32>, partition_view<tile=(2x8), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> token
    // ROWS: a: {{\[\[}}16, 17, 18, 19, 20, 21, 22, 23], [24, 25, 26, 27, 28, 29, 30, 31]]
    print_tko "a: %g\n", %a : tile<2x8xf32> -> token
    // ROWS-NEXT: b: {{\[\[}}4, 5, 6, 7], [12, 13, 14, 15]]
    print_tko "b: %g\n", %b : tile<2x4xf32> -> token
    %t5 = store_view_tko weak %b, %pn[%c0, %c0] token = %t4 : tile<2x4xf32>, partition_view<tile=(2x4), tensor_view<4x8xf32, strides=[8,1]>>, tile<i32> -> token
    return
  }
  // ROWS-NEXT: arg 0: [4, 5, 6, 7, 0, 0, 0, 0, 12, 13, 14, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

  // 34 one-element tiles live at once (more than ctile-run borrows at a
  // time: the rest are copies), all overwritten, then summed
  entry @many(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %p = make_partition_view %tv : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>
    %pa = make_partition_view %tv : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %i0 = constant <i32: 0> : tile<i32>
    %l0, %k0 = load_view_tko weak %p[%i0] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i1 = constant <i32: 1> : tile<i32>
    %l1, %k1 = load_view_tko weak %p[%i1] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i2 = constant <i32: 2> : tile<i32>
    %l2, %k2 = load_view_tko weak %p[%i2] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i3 = constant <i32: 3> : tile<i32>
    %l3, %k3 = load_view_tko weak %p[%i3] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i4 = constant <i32: 4> : tile<i32>
    %l4, %k4 = load_view_tko weak %p[%i4] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i5 = constant <i32: 5> : tile<i32>
    %l5, %k5 = load_view_tko weak %p[%i5] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i6 = constant <i32: 6> : tile<i32>
    %l6, %k6 = load_view_tko weak %p[%i6] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i7 = constant <i32: 7> : tile<i32>
    %l7, %k7 = load_view_tko weak %p[%i7] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i8 = constant <i32: 8> : tile<i32>
    %l8, %k8 = load_view_tko weak %p[%i8] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i9 = constant <i32: 9> : tile<i32>
    %l9, %k9 = load_view_tko weak %p[%i9] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i10 = constant <i32: 10> : tile<i32>
    %l10, %k10 = load_view_tko weak %p[%i10] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i11 = constant <i32: 11> : tile<i32>
    %l11, %k11 = load_view_tko weak %p[%i11] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i12 = constant <i32: 12> : tile<i32>
    %l12, %k12 = load_view_tko weak %p[%i12] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i13 = constant <i32: 13> : tile<i32>
    %l13, %k13 = load_view_tko weak %p[%i13] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i14 = constant <i32: 14> : tile<i32>
    %l14, %k14 = load_view_tko weak %p[%i14] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i15 = constant <i32: 15> : tile<i32>
    %l15, %k15 = load_view_tko weak %p[%i15] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i16 = constant <i32: 16> : tile<i32>
    %l16, %k16 = load_view_tko weak %p[%i16] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i17 = constant <i32: 17> : tile<i32>
    %l17, %k17 = load_view_tko weak %p[%i17] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i18 = constant <i32: 18> : tile<i32>
    %l18, %k18 = load_view_tko weak %p[%i18] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i19 = constant <i32: 19> : tile<i32>
    %l19, %k19 = load_view_tko weak %p[%i19] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i20 = constant <i32: 20> : tile<i32>
    %l20, %k20 = load_view_tko weak %p[%i20] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i21 = constant <i32: 21> : tile<i32>
    %l21, %k21 = load_view_tko weak %p[%i21] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i22 = constant <i32: 22> : tile<i32>
    %l22, %k22 = load_view_tko weak %p[%i22] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i23 = constant <i32: 23> : tile<i32>
    %l23, %k23 = load_view_tko weak %p[%i23] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i24 = constant <i32: 24> : tile<i32>
    %l24, %k24 = load_view_tko weak %p[%i24] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i25 = constant <i32: 25> : tile<i32>
    %l25, %k25 = load_view_tko weak %p[%i25] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i26 = constant <i32: 26> : tile<i32>
    %l26, %k26 = load_view_tko weak %p[%i26] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i27 = constant <i32: 27> : tile<i32>
    %l27, %k27 = load_view_tko weak %p[%i27] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i28 = constant <i32: 28> : tile<i32>
    %l28, %k28 = load_view_tko weak %p[%i28] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i29 = constant <i32: 29> : tile<i32>
    %l29, %k29 = load_view_tko weak %p[%i29] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i30 = constant <i32: 30> : tile<i32>
    %l30, %k30 = load_view_tko weak %p[%i30] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i31 = constant <i32: 31> : tile<i32>
    %l31, %k31 = load_view_tko weak %p[%i31] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i32 = constant <i32: 32> : tile<i32>
    %l32, %k32 = load_view_tko weak %p[%i32] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %i33 = constant <i32: 33> : tile<i32>
    %l33, %k33 = load_view_tko weak %p[%i33] : partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
    %z = constant <f32: 0.5> : tile<64xf32>
    %j = join_tokens %k0, %k1, %k2, %k3, %k4, %k5, %k6, %k7, %k8, %k9, %k10, %k11, %k12, %k13, %k14, %k15, %k16, %k17, %k18, %k19, %k20, %k21, %k22, %k23, %k24, %k25, %k26, %k27, %k28, %k29, %k30, %k31, %k32, %k33 : token
    %tz = store_view_tko weak %z, %pa[%c0] token = %j : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    %s1 = addf %l0, %l1 : tile<1xf32>
    %s2 = addf %s1, %l2 : tile<1xf32>
    %s3 = addf %s2, %l3 : tile<1xf32>
    %s4 = addf %s3, %l4 : tile<1xf32>
    %s5 = addf %s4, %l5 : tile<1xf32>
    %s6 = addf %s5, %l6 : tile<1xf32>
    %s7 = addf %s6, %l7 : tile<1xf32>
    %s8 = addf %s7, %l8 : tile<1xf32>
    %s9 = addf %s8, %l9 : tile<1xf32>
    %s10 = addf %s9, %l10 : tile<1xf32>
    %s11 = addf %s10, %l11 : tile<1xf32>
    %s12 = addf %s11, %l12 : tile<1xf32>
    %s13 = addf %s12, %l13 : tile<1xf32>
    %s14 = addf %s13, %l14 : tile<1xf32>
    %s15 = addf %s14, %l15 : tile<1xf32>
    %s16 = addf %s15, %l16 : tile<1xf32>
    %s17 = addf %s16, %l17 : tile<1xf32>
    %s18 = addf %s17, %l18 : tile<1xf32>
    %s19 = addf %s18, %l19 : tile<1xf32>
    %s20 = addf %s19, %l20 : tile<1xf32>
    %s21 = addf %s20, %l21 : tile<1xf32>
    %s22 = addf %s21, %l22 : tile<1xf32>
    %s23 = addf %s22, %l23 : tile<1xf32>
    %s24 = addf %s23, %l24 : tile<1xf32>
    %s25 = addf %s24, %l25 : tile<1xf32>
    %s26 = addf %s25, %l26 : tile<1xf32>
    %s27 = addf %s26, %l27 : tile<1xf32>
    %s28 = addf %s27, %l28 : tile<1xf32>
    %s29 = addf %s28, %l29 : tile<1xf32>
    %s30 = addf %s29, %l30 : tile<1xf32>
    %s31 = addf %s30, %l31 : tile<1xf32>
    %s32 = addf %s31, %l32 : tile<1xf32>
    %s33 = addf %s32, %l33 : tile<1xf32>
    // MANY: sum: [561]
    print_tko "sum: %g\n", %s33 : tile<1xf32> -> token
    %tl = store_view_tko weak %s33, %p[%c0] token = %tz : tile<1xf32>, partition_view<tile=(1), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // MANY-NEXT: arg 0: [561, 0.5, 0.5, 0.5,

  // a loop that adds 1 to the tile in memory eight times: each iteration
  // loads what the previous one stored; the first load is kept and added last
  entry @loop(%x: tile<ptr<f32>>) {
    %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %p = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %one = constant <f32: 1.0> : tile<8xf32>
    %first, %t0 = load_view_tko weak %p[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %tr = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%tok = %t0) -> (token) {
      %a, %t1 = load_view_tko weak %p[%c0] token = %tok : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
      %b = addf %a, %one : tile<8xf32>
      %t2 = store_view_tko weak %b, %p[%c0] token = %t1 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
      continue %t2 : token
    }
    %a, %t3 = load_view_tko weak %p[%c0] token = %tr : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %s = addf %a, %first : tile<8xf32>
    %t4 = store_view_tko weak %s, %p[%c0] token = %t3 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  // LOOP: arg 0: [8, 10, 12, 14, 16, 18, 20, 22]
}
