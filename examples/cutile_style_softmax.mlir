// Row softmax written the way cuTile Python emits a kernel.  Every array
// parameter arrives flattened as cuTile Python passes it: the base pointer,
// then the shape, then the strides (in elements), each a tile<i32> scalar:
//   softmax_masked(x, x_rows, x_cols, x_stride0, x_stride1,
//                  y, y_rows, y_cols, y_stride0, y_stride1)
// The shapes are dynamic: one tile block per row (grid = rows), up to 128
// columns.  x is read with a masked pointer gather (columns >= cols read
// as -inf, so they drop out of the max and the sum); y is written through
// a tensor view with dynamic dims and a 1x128 partition view, whose
// out-of-bounds columns are not stored.
//   ctile-run examples/cutile_style_softmax.mlir --entry softmax_masked --grid 5 \
//       --shape-args --arg 'f32[5,100]=rand:1' --arg 'f32[5,100]=zeros' --dump 5
cuda_tile.module @cutile_style {
  entry @softmax_masked(%x: tile<ptr<f32>>, %x_rows: tile<i32>, %x_cols: tile<i32>,
                        %x_stride0: tile<i32>, %x_stride1: tile<i32>,
                        %y: tile<ptr<f32>>, %y_rows: tile<i32>, %y_cols: tile<i32>,
                        %y_stride0: tile<i32>, %y_stride1: tile<i32>) {
    // cuTile's prologue: base pointers are 16-byte aligned, extents are >= 0.
    %xp = assume div_by<16>, %x : tile<ptr<f32>>
    %xn = assume bounded<0, ?>, %x_cols : tile<i32>
    %xs0 = assume bounded<0, ?>, %x_stride0 : tile<i32>
    %xs1 = assume bounded<0, ?>, %x_stride1 : tile<i32>
    %yp = assume div_by<16>, %y : tile<ptr<f32>>
    %ym = assume bounded<0, ?>, %y_rows : tile<i32>
    %yn = assume bounded<0, ?>, %y_cols : tile<i32>
    %ys0 = assume bounded<0, ?>, %y_stride0 : tile<i32>
    %ys1 = assume bounded<0, ?>, %y_stride1 : tile<i32>
    %yview = make_tensor_view %yp, shape = [%ym, %yn], strides = [%ys0, %ys1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,?]>
    %ypart = make_partition_view %yview : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,?]>>
    %row, %by, %bz = get_tile_block_id : tile<i32>

    // Gather row `row` of x: &x[row * stride0 + j * stride1] for j < 128.
    %j = iota : tile<128xi32>
    %rowoff = muli %row, %xs0 : tile<i32>
    %rowoff1 = reshape %rowoff : tile<i32> -> tile<1xi32>
    %rowoffb = broadcast %rowoff1 : tile<1xi32> -> tile<128xi32>
    %s1 = reshape %xs1 : tile<i32> -> tile<1xi32>
    %s1b = broadcast %s1 : tile<1xi32> -> tile<128xi32>
    %coloff = muli %j, %s1b : tile<128xi32>
    %off = addi %rowoffb, %coloff : tile<128xi32>
    %base1 = reshape %xp : tile<ptr<f32>> -> tile<1xptr<f32>>
    %baseb = broadcast %base1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ptrs = offset %baseb, %off : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %n1 = reshape %xn : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %j, %nb, signed : tile<128xi32> -> tile<128xi1>
    %ninf = constant <f32: 0xFF800000> : tile<128xf32>
    %xrow, %tok = load_ptr_tko weak %ptrs, %mask, %ninf : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token

    %max = reduce %xrow dim=0 identities=[0xFF800000 : f32] : tile<128xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        %m = maxf %a, %b : tile<f32>
        yield %m : tile<f32>
      }
    %max1 = reshape %max : tile<f32> -> tile<1xf32>
    %maxb = broadcast %max1 : tile<1xf32> -> tile<128xf32>
    %shifted = subf %xrow, %maxb : tile<128xf32>
    %e = exp %shifted : tile<128xf32>
    %sum = reduce %e dim=0 identities=[0.0 : f32] : tile<128xf32> -> tile<f32>
      (%a: tile<f32>, %b: tile<f32>) {
        %s = addf %a, %b : tile<f32>
        yield %s : tile<f32>
      }
    %sum1 = reshape %sum : tile<f32> -> tile<1xf32>
    %sumb = broadcast %sum1 : tile<1xf32> -> tile<128xf32>
    %yrow = divf %e, %sumb : tile<128xf32>

    // Store through the partition view: columns >= y_cols are dropped.
    %ytile = reshape %yrow : tile<128xf32> -> tile<1x128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %done = store_view_tko weak %ytile, %ypart[%row, %c0] token = %tok : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,?]>>, tile<i32> -> token
    return
  }
}
