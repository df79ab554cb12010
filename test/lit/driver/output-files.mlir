// Output files of ctile-opt and ctile-translate (lib/tool's ToolOutput):
// written to a temporary file beside the target and renamed on success, so
// a failed run never truncates or removes anything, symbolic links are
// followed and kept, non-regular files (/dev/stdout) are written in place,
// and -o naming the input is refused.  Inputs are capped in size.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf 'bad{\n' > %t/bad.mlir && cp %t/bad.mlir %t/bad.orig
// RUN: not ctile-opt %t/bad.mlir -o %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: cmp %t/bad.mlir %t/bad.orig
// RUN: cp %s %t/good.mlir
// RUN: not ctile-opt --allow-unregistered-dialect %t/good.mlir -o %t/good.mlir 2>&1 | FileCheck %s --check-prefix=SELF2
// RUN: cmp %s %t/good.mlir
// RUN: echo KEEP > %t/target && ln -s target %t/link
// RUN: not ctile-opt %t/bad.mlir -o %t/link 2>/dev/null
// RUN: test -L %t/link && FileCheck %s --check-prefix=KEEP < %t/target
// RUN: ctile-opt --allow-unregistered-dialect %s -o %t/link
// RUN: test -L %t/link && FileCheck %s < %t/target
// RUN: not ctile-translate --mlir-to-cudatilebc %t/bad.mlir -o %t/link 2>/dev/null
// RUN: test -L %t/link && FileCheck %s < %t/target
// A dangling link: the file it names is created, the link stays.
// RUN: ln -s new-target %t/dangling
// RUN: ctile-opt --allow-unregistered-dialect %s -o %t/dangling
// RUN: test -L %t/dangling && FileCheck %s < %t/new-target
// RUN: ls %t | FileCheck %s --check-prefix=NOTMP
// RUN: ctile-opt --allow-unregistered-dialect %s -o /dev/stdout | FileCheck %s
// RUN: not ctile-opt --allow-unregistered-dialect %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not ctile-opt /dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ctile-translate --mlir-to-cudatilebc /dev/zero --max-input-size=4096 2>&1 | FileCheck %s --check-prefix=ZERO4K
// RUN: not ctile-opt --allow-unregistered-dialect %s --max-input-size=10 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: not ctile-run %s --entry e --max-input-size 10 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: cat %s | not ctile-opt --allow-unregistered-dialect --max-input-size=10 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: ctile-opt --help | FileCheck %s --check-prefix=HELP

"test.out"() : () -> ()
// CHECK: "test.out"() : () -> ()
// SELF: ctile-opt: output file '{{.*}}bad.mlir' is the input file '{{.*}}bad.mlir'; refusing to overwrite it
// SELF2: ctile-opt: output file '{{.*}}good.mlir' is the input file
// KEEP: KEEP
// NOTMP-NOT: .tmp-
// FULL: IO failure on output stream: No space left on device
// ZERO: input file '/dev/zero' is larger than the limit of 268435456 bytes (raise it with --max-input-size)
// ZERO4K: input file '/dev/zero' is larger than the limit of 4096 bytes
// SMALL: input file '{{.*}}output-files.mlir' is larger than the limit of 10 bytes
// PIPE: input file '-' is larger than the limit of 10 bytes
// HELP: --max-input-size=<bytes>
