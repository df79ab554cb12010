// Input starting with the Tile IR bytecode magic goes to the bytecode
// reader (or is refused while none is linked): an error, never a crash or
// an attempt to parse binary as text.
// RUN: not ctile-opt %S/Inputs/truncated.tileirbc 2>&1 | FileCheck %s
// CHECK: truncated.tileirbc{{.*}}: error:
// CHECK-NOT: unexpected character
