// The bytecode writer remembers the flags-and-attributes bytes of an op by
// its kind, its two attribute dictionaries and its operand count
// (bc_writer.c, AttrMemo) and copies them for a repeat.  Ops here repeat
// dictionaries with other operand counts, optional operands present and
// absent, attributes in a different order of appearance and kinds sharing a
// dictionary; every op must read back as written, in every version.
// RUN: %round_trip_test %s %t
// RUN: ctile-translate -test-cudatile-roundtrip -no-implicit-module %s | FileCheck %s
// RUN: ctile-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.1 %s | FileCheck %s
// RUN: ctile-translate -test-cudatile-roundtrip -no-implicit-module -bytecode-version=13.2 %s | FileCheck %s

// CHECK-LABEL: entry @memo
cuda_tile.module @kernels {
  entry @memo(%a: tile<ptr<f32>>, %n: tile<i32>, %f: tile<f32>) {
    %f1 = reshape %f : tile<f32> -> tile<1xf32>
    %x = broadcast %f1 : tile<1xf32> -> tile<8xf32>
    %y = broadcast %f1 : tile<1xf32> -> tile<8xf32>
    %tv = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>
    %t0 = make_token : token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}] :
    %l0, %k0 = load_view_tko weak %pv[%n] : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}] token = %{{.*}} :
    %l1, %k1 = load_view_tko weak %pv[%n] token = %t0 : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}] :
    %l2, %k2 = load_view_tko weak %pv[%n] : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    // CHECK: join_tokens %{{.*}}, %{{.*}} : token
    %j2 = join_tokens %k0, %k1 : token
    // CHECK: join_tokens %{{.*}}, %{{.*}}, %{{.*}} : token
    %j3 = join_tokens %k0, %k1, %k2 : token
    // CHECK: join_tokens %{{.*}}, %{{.*}} : token
    %j4 = join_tokens %j2, %j3 : token
    // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<8xf32>
    %s0 = addf %x, %y rounding<zero> : tile<8xf32>
    // CHECK: subf %{{.*}}, %{{.*}} rounding<zero> : tile<8xf32>
    %s1 = subf %s0, %y rounding<zero> : tile<8xf32>
    // CHECK: addf %{{.*}}, %{{.*}} : tile<8xf32>
    %s2 = addf %s1, %l0 : tile<8xf32>
    // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<8xf32>
    %s3 = addf %s2, %l1 rounding<zero> : tile<8xf32>
    // CHECK: addf %{{.*}}, %{{.*}} rounding<positive_inf> flush_to_zero : tile<8xf32>
    %s4 = addf %s3, %l2 rounding<positive_inf> flush_to_zero : tile<8xf32>
    // CHECK: addf %{{.*}}, %{{.*}} rounding<zero> : tile<8xf32>
    %s5 = addf %s4, %s3 rounding<zero> : tile<8xf32>
    // CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}] token = %{{.*}} :
    %w0 = store_view_tko weak %s5, %pv[%n] token = %j4 : tile<8xf32>, partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    // CHECK: store_view_tko weak %{{.*}}, %{{.*}}[%{{.*}}] :
    %w1 = store_view_tko weak %s4, %pv[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
