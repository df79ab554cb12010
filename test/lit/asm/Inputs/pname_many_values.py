# Writes a cuda_tile function with more than 10,000 values (input of
# pname_print_memo.test): a constant, then a chain of 10,050 additions.
N = 10050
print("cuda_tile.module @many {")
print("  entry @f() {")
print("    %c = constant <i32: 1> : tile<i32>")
print("    %v0 = addi %c, %c : tile<i32>")
for i in range(1, N):
    print("    %%v%d = addi %%v%d, %%c : tile<i32>" % (i, i - 1))
print("    return")
print("  }")
print("}")
