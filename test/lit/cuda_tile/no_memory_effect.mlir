// Ops that NVIDIA declares NoMemoryEffect but not Pure (divi, make_tensor_view,
// get_tensor_shape, get_index_space_shape) have no memory effects: unused
// ones are erased, duplicates are CSE'd, and a reduce body may use divi
// (seed 003: the body walk rejects ops with memory effects).
// RUN: ctile-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// RUN: ctile-opt %s --cse | FileCheck %s --check-prefix=CSE

cuda_tile.module @m {
  // DCE-LABEL: entry @dead
  // DCE-NOT: divi
  // DCE-NOT: make_tensor_view
  // DCE: return
  cuda_tile.entry @dead(%a: !cuda_tile.tile<i32>, %p: !cuda_tile.tile<!cuda_tile.ptr<f32>>) {
    %q = cuda_tile.divi %a, %a signed : tile<i32>
    %tv = cuda_tile.make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    cuda_tile.return
  }

  // CSE-LABEL: entry @dup
  // CSE: %[[Q:.*]] = divi %{{.*}}, %{{.*}} signed : tile<i32>
  // CSE-NOT: divi
  // CSE: print_tko "%d %d", %[[Q]], %[[Q]]
  cuda_tile.entry @dup(%a: !cuda_tile.tile<i32>) {
    %q1 = cuda_tile.divi %a, %a signed : tile<i32>
    %q2 = cuda_tile.divi %a, %a signed : tile<i32>
    %t = cuda_tile.print_tko "%d %d", %q1, %q2 : tile<i32>, tile<i32> -> token
    cuda_tile.return
  }

  // DCE-LABEL: entry @body
  // DCE: reduce
  // DCE: divi
  cuda_tile.entry @body() {
    %x = cuda_tile.constant <i32: [1, 2, 3, 4, 5, 6, 7, 8]> : tile<8xi32>
    %r = cuda_tile.reduce %x dim=0 identities=[1 : i32] : tile<8xi32> -> tile<i32>
      (%l: tile<i32>, %rr: tile<i32>) {
        %d = cuda_tile.divi %l, %rr signed : tile<i32>
        cuda_tile.yield %d : tile<i32>
      }
    %t = cuda_tile.print_tko "%d", %r : tile<i32> -> token
    cuda_tile.return
  }
}
