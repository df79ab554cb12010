// Input from stdin (named <stdin> in diagnostics) and output files: the
// output file is written only on success (through a temporary file renamed
// over it); a failed run leaves it as it was, and creates nothing new.
// RUN: ctile-opt --allow-unregistered-dialect < %s | FileCheck %s
// RUN: ctile-opt --allow-unregistered-dialect - < %s | FileCheck %s
// RUN: not ctile-opt < %s 2>&1 | FileCheck %s --check-prefix=STDIN-ERR
// RUN: rm -f %t.out
// RUN: ctile-opt --allow-unregistered-dialect %s -o %t.out
// RUN: FileCheck %s < %t.out
// RUN: ctile-opt --allow-unregistered-dialect %s -o=%t.out2
// RUN: FileCheck %s < %t.out2
// RUN: not ctile-opt %s -o %t.out 2>/dev/null
// RUN: FileCheck %s < %t.out
// RUN: rm -f %t.new
// RUN: not ctile-opt %s -o %t.new 2>/dev/null
// RUN: not test -e %t.new
// RUN: not ctile-opt %s -o %t.no-such-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: not ctile-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: ctile-opt %s.missing 2>/dev/null || test $? -eq 1

"test.stdin"() : () -> ()
// CHECK: "test.stdin"() : () -> ()
// STDIN-ERR: <stdin>:[[@LINE-2]]:{{[0-9]+}}: error: operation being parsed with an unregistered dialect
// NODIR: cannot open output file '{{.*}}.no-such-dir/out.mlir': No such file or directory
// MISSING: cannot open input file '{{.*}}stdin-and-output.mlir.missing': No such file or directory
