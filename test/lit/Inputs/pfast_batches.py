# pfast_batches.py — writes a cuda_tile module of N entry functions (five
# lines each after a one-line header, about 120 bytes: several of the
# streamed bytecode write's 512 KB batches) to stdout; with BAD=k the k-th
# function's first op (line 3 + 5k) uses an undefined value.
import sys

n = int(sys.argv[1])
bad = int(sys.argv[2]) if len(sys.argv) > 2 else -1
out = ["cuda_tile.module @m {"]
for i in range(n):
    operand = "%nope" if i == bad else "%a"
    out.append("  entry @k%d(%%a: tile<i32>, %%b: tile<i32>) {" % i)
    out.append("    %%c = addi %s, %%b : tile<i32>" % operand)
    out.append("    %d = muli %c, %b : tile<i32>         // padding padding padding")
    out.append("    return")
    out.append("  }")
out.append("}")
sys.stdout.write("\n".join(out) + "\n")
