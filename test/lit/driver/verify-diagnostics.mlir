// -verify-diagnostics: every diagnostic (and each note on its own) matches a
// designator on its line, so the run succeeds; chunks are verified
// independently and successful chunks are still printed.
// RUN: ctile-opt --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: ctile-opt -split-input-file -verify-diagnostics=all %s | FileCheck %s
// RUN: ctile-opt --split-input-file --verify-diagnostics=only-expected %s | FileCheck %s

// expected-error @below {{unregistered dialect}}
"test.a"() : () -> ()

// -----

"test.b"() : () -> () // expected-error {{operation being parsed with an unregistered dialect}}

// -----

"test.c"() : () -> ()
// expected-error-re @above {{operation being parsed with an {{(un)?registered}} dialect. If}}

// -----

// expected-note @below {{see existing symbol definition here}}
cuda_tile.module @dup {
}
// expected-error @+1 {{redefinition of symbol named 'dup'}}
cuda_tile.module @dup {
}

// -----

cuda_tile.module @fine {
}

// CHECK:      {{^// -{5}$}}
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   cuda_tile.module @fine {
// CHECK-NEXT:   }
// CHECK-NEXT: }
