// 2-D tile loads through partition views that take the dense row-copy path
// of interp_mem.c (load_rows_f32 / load_rows_bf16): rows of 4 (scalar
// tail), 16 (8-element steps) and 64 (32-element steps) f32, and 32 bf16,
// from an offset tile of a wider matrix.  Element (r, c) of the iota
// matrices holds r * width + c.
// RUN: ctile-run %s --entry f32rows --grid 1 --arg 'f32[4,128]=iota' | FileCheck %s --check-prefix=F32
// RUN: ctile-run %s --entry bf16rows --grid 1 --arg 'bf16[4,64]=iota' | FileCheck %s --check-prefix=BF16

cuda_tile.module @m {
  entry @f32rows(%x: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [4, 128], strides = [128, 1] : tensor_view<4x128xf32, strides=[128,1]>
    %p4 = make_partition_view %tx : partition_view<tile=(2x4), tensor_view<4x128xf32, strides=[128,1]>>
    %p16 = make_partition_view %tx : partition_view<tile=(2x16), tensor_view<4x128xf32, strides=[128,1]>>
    %p64 = make_partition_view %tx : partition_view<tile=(2x64), tensor_view<4x128xf32, strides=[128,1]>>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %t4, %k4 = load_view_tko weak %p4[%c1, %c3] : partition_view<tile=(2x4), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> tile<2x4xf32>, token
    // F32: t4: {{\[\[}}268, 269, 270, 271], [396, 397, 398, 399]]
    %q4 = print_tko "t4: %g\n", %t4 : tile<2x4xf32> -> token
    %t16, %k16 = load_view_tko weak %p16[%c1, %c3] : partition_view<tile=(2x16), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> tile<2x16xf32>, token
    // F32-NEXT: t16: {{\[\[}}304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319], [432, 433, 434, 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447]]
    %q16 = print_tko "t16: %g\n", %t16 : tile<2x16xf32> -> token
    %t64, %k64 = load_view_tko weak %p64[%c1, %c1] : partition_view<tile=(2x64), tensor_view<4x128xf32, strides=[128,1]>>, tile<i32> -> tile<2x64xf32>, token
    // F32-NEXT: t64: {{\[\[}}320, 321, {{.*}}, 382, 383], [448, 449, {{.*}}, 510, 511]]
    %q64 = print_tko "t64: %g\n", %t64 : tile<2x64xf32> -> token
    return
  }

  entry @bf16rows(%x: tile<ptr<bf16>>) {
    %tx = make_tensor_view %x, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xbf16, strides=[64,1]>
    %p = make_partition_view %tx : partition_view<tile=(2x32), tensor_view<4x64xbf16, strides=[64,1]>>
    %c1 = constant <i32: 1> : tile<i32>
    %t, %k = load_view_tko weak %p[%c1, %c1] : partition_view<tile=(2x32), tensor_view<4x64xbf16, strides=[64,1]>>, tile<i32> -> tile<2x32xbf16>, token
    // BF16: t: {{\[\[}}160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191], [224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255]]
    %q = print_tko "t: %g\n", %t : tile<2x32xbf16> -> token
    return
  }
}
