"""Prints a cuda_tile module of N entries for writer_streamed.test: three
signatures in turn, optimization hints on every fifth entry, a comment with
braces and a string with braces; MODE adds what the streamed write must hand
to the whole-module write (the bytes or diagnostics must not change):
  plain       nothing
  alias       a type alias defined above the module and used by every entry
  loc         the last entry has a location of its own
  late_global a global after the last entry
  attrs       the last entry has an attribute dictionary after its body
  bad_value   the last entry uses an undefined value (a parse error)
  bad_verify  the last entry refers to a global that is not there (a
              verifier error)
  dup_name    the last entry has the first one's name
Usage: write_stream_module.py N MODE"""
import sys

n, mode = int(sys.argv[1]), sys.argv[2]
i32 = '!t' if mode == 'alias' else 'tile<i32>'
out = []
if mode == 'alias':
    out.append('!t = !cuda_tile.tile<i32>')
out += ['cuda_tile.module @m {', '  global @g <f32: [1.0, 2.0]> : tile<2xf32>']
for i in range(n):
    last = i == n - 1
    name = 'k0' if last and mode == 'dup_name' else 'k%d' % i
    sig = ['(%p: tile<ptr<f32>>)', '(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>)',
           '()'][i % 3]
    hints = ' optimization_hints=<sm_100 = {num_cta_in_cga = 2}>' if i % 5 == 0 else ''
    out += ['  entry @%s%s%s {' % (name, sig, hints),
            '    // a comment with a brace }',
            '    %%c = constant <i32: %d> : %s' % (i, i32),
            '    %%a = addi %s, %%c : %s' % ('%nope' if last and mode == 'bad_value' else '%c',
                                            i32),
            '    %b = muli %a, %c : ' + i32,
            '    %g = get_global @g : tile<ptr<f32>>',
            '    %%t = print_tko "value {} %%d", %%b : %s -> token' % i32]
    if last and mode == 'bad_verify':
        out.append('    %x = get_global @nosuch : tile<ptr<f32>>')
    out.append('    return')
    tail = '  }'
    if last and mode == 'loc':
        tail += ' loc("lastfile.py":7:3)'
    if last and mode == 'attrs':
        tail += ' {extra = 1 : i32}'
    out.append(tail)
if mode == 'late_global':
    out.append('  global @h <f32: [3.0]> : tile<1xf32>')
out.append('}')
print('\n'.join(out))
