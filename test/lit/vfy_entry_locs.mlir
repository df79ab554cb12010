// The entry's debug-info walk over its body (ct_verify_regions_entry) is
// skipped when the verifier reached no op with a non-plain location (name,
// call-site, fused, di_loc...) since the entry's own verify hook ran
// (ir_verify_rich_locs).  An op with a di_loc must still be found:
//  - nested in a `for` of a later entry, after an entry with a name location
//    (counted before, not in this body), its signature already verified
//    (whole-op memo hit) in the earlier entry;
//  - entries with di_locs that pass next to one whose body is plain.
// RUN: ctile-opt %s -verify-diagnostics -split-input-file

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @m {
  entry @a() {
    %c = constant <i32: 1> : tile<i32> loc("name_loc_a")
    %d0 = constant <i32: 2> : tile<i32>
    return
  }
  entry @b() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %k in (%c0 to %c1, step %c1) : tile<i32> {
      // expected-error @unknown{{Operation has debug info scope, but function debug info scope is undefined}}
      %d = constant <i32: 2> : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":3:1) in #sp>)
    }
    return
  }
}

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 1>
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":2:1) in #sp>)
    return loc(#cuda_tile.di_loc<loc("k.py":4:1) in #sp>)
  } loc(#cuda_tile.di_loc<loc("k.py":1:1) in #sp>)
  entry @other() {
    %c0 = constant <i32: 0> : tile<i32>
    return
  } loc("plain_name")
}
