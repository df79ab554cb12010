"""Prints a cuda_tile module of N small entries using one global, and with
DEPTH > 0 a last entry nesting DEPTH `if`s (498: written, but refused by the
reader; see nesting_depth.test).  Usage: many_functions.py N DEPTH"""
import sys

n, depth = int(sys.argv[1]), int(sys.argv[2])
out = ['cuda_tile.module @m {', '  global @g <f32: [1.0, 2.0]> : tile<2xf32>']
for i in range(n):
    out += ['  entry @k%d(%%p: tile<ptr<f32>>) {' % i,
            '    %%c = constant <i32: %d> : tile<i32>' % i,
            '    %a = addi %c, %c : tile<i32>',
            '    %b = muli %a, %c : tile<i32>',
            '    %g = get_global @g : tile<ptr<f32>>',
            '    return',
            '  }']
if depth:
    out += ['  entry @deep(%c: tile<i1>) {'] + ['if %c {'] * depth + ['}'] * depth
    out += ['    return', '  }']
out.append('}')
print('\n'.join(out))
