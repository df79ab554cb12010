// Optimization hints read from bytecode must be expressible in text: keys that
// are not identifiers are refused (with the offset) instead of printed as
// unparseable text.  The valid file's strings are patched in place.
// RUN: ctile-translate -mlir-to-cudatilebc -no-implicit-module %s -o %t.bc
// RUN: ctile-translate -cudatilebc-to-mlir %t.bc | FileCheck %s --check-prefix=OK
// OK: optimization_hints=<sm_100 = {num_cta_in_cga = 2}>
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); open(sys.argv[2],'wb').write(d.replace(b'sm_100', b'sm 100'))" %t.bc %t.outer.bc
// RUN: not ctile-translate -cudatilebc-to-mlir %t.outer.bc 2>&1 | FileCheck %s --check-prefix=OUTER
// OUTER: error: error at offset {{[0-9]+}}: invalid optimization_hints key "sm 100": expected an identifier
// RUN: python3 -c "import sys; d=open(sys.argv[1],'rb').read(); open(sys.argv[2],'wb').write(d.replace(b'num_cta_in_cga', b'num-cta-in-cga'))" %t.bc %t.inner.bc
// RUN: not ctile-translate -cudatilebc-to-mlir %t.inner.bc 2>&1 | FileCheck %s --check-prefix=INNER
// INNER: error: error at offset {{[0-9]+}}: invalid optimization hint name "num-cta-in-cga" in entry `sm_100`: expected an identifier
cuda_tile.module @m {
  entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    return
  }
}
