#!/usr/bin/env bash
# test/check_includes.sh — checks every project #include against the layer table of
# docs/architecture.md ("Layers"). Prints one line per violation and "includes: N files
# checked, N violations"; exit status 1 when there is any violation.
#
# Rules (a file's module is its folder under lib/: support, ir, asm, rewrite, std (the
# standard op engine, lib/dialect/std: the layer below the dialects that holds what
# several share; not a dialect), dialect/<d>, dialect (the top-level registry files),
# conversion, bytecode, interp, tool, capi):
#   * a module may include its own headers and those of the modules it is allowed to use
#     (table below); tools/, test/ and bench/ may include anything;
#   * another dialect's files are reached only through its public header
#     dialect/<d>/<d>.h (types, op enum, enums) and its op rows dialect/<d>/ops*.def
#     (X-macro tables other layers generate theirs from) — never its internals; dialect <-> dialect
#     includes are not allowed at all, with no exceptions (what several dialects share
#     lives in std; a dialect creates another's ops through the registry), conversion ->
#     dialect public headers is;
#   * the std layer is reached from above the dialects only through dialect/std/std.h
#     (its engine headers, std_ops.h and std_const.h, are for the dialects);
#   * a header named *_internal.h is private to its own module.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

# module -> modules it may use ("dialect*" = public headers of every dialect plus
# dialect/dialects.h).  Order matters nowhere.
allowed() {
  case "$1" in
    support)     echo "support" ;;
    ir)          echo "ir support" ;;
    asm)         echo "asm ir support" ;;
    rewrite)     echo "rewrite ir support" ;;
    std)         echo "std ir asm rewrite support" ;;
    dialect/*)   echo "$1 std ir asm rewrite support" ;;
    dialect)     echo "dialect dialect* std ir asm rewrite support conversion" ;;  # the registry
    conversion)  echo "conversion dialect* std ir asm rewrite support" ;;
    bytecode)    echo "bytecode dialect* ir asm support" ;;
    interp)      echo "interp dialect* std ir asm rewrite support" ;;
    tool)        echo "tool dialect* std ir asm rewrite support bytecode interp conversion" ;;
    capi)        echo "capi ctile dialect* std ir asm rewrite support bytecode interp conversion" ;;
    *)           echo "" ;;
  esac
}

# module of a path below lib/ ("lib/dialect/cuda_tile/x.c" -> dialect/cuda_tile)
module_of() {
  local rel=${1#lib/}
  case "$rel" in
    dialect/std/*) echo std ;;
    dialect/*/*) rel=${rel#dialect/}; echo "dialect/${rel%%/*}" ;;
    dialect/*)   echo dialect ;;
    */*)         echo "${rel%%/*}" ;;
    *)           echo "" ;;
  esac
}

# There is no list of known exceptions: every violation fails the check (the last
# ones, dialects including arith's and nvvm's headers, went with issue 12: what
# several dialects share moved to lib/dialect/std, cross-dialect ops are made
# through the registry).

# why_not FROM OK INC: sets WHY to why a file of module FROM, which may use the modules
# OK (" $(allowed FROM) "), may not include "INC"; to "" when it may.
why_not() {
  local from=$1 ok=$2 inc=$3 to d why=""
  WHY=""
  # the module the included file belongs to
  case "$inc" in
    ctile/*)             to=ctile ;;
    dialect/dialects.h)  to=dialect ;;
    dialect/std/*)       to=std ;;
    dialect/*/*)         d=${inc#dialect/}; d=${d%%/*}; to="dialect/$d" ;;
    */*)                 to=${inc%%/*} ;;
    *)                   return ;;   # same-folder include ("x.h"): always fine
  esac
  if [ "$to" = "$from" ]; then
    :
  elif [[ $inc == *_internal.h ]]; then
    why="private header of module $to"
  elif [[ $to == dialect/* ]]; then
    d=${to#dialect/}
    if [[ $from == dialect/* ]]; then
      why="dialect -> dialect include"
    elif [[ $ok != *" dialect* "* ]]; then
      why="module $from may not use dialects"
    elif [ "$inc" != "dialect/$d/$d.h" ] && [[ ! $inc =~ ^dialect/$d/ops[a-z_]*\.def$ ]]; then
      why="not the dialect's public header (dialect/$d/$d.h) or op rows (ops*.def)"
    fi
  elif [ "$to" = std ] && [[ $from != std && $from != dialect/* ]] &&
       [ "$inc" != dialect/std/std.h ]; then
    why="not the std layer's public header (dialect/std/std.h); its engine is the dialects'"
  elif [ "$to" = dialect ]; then
    [[ $ok == *" dialect* "* ]] || why="module $from may not use dialects"
  elif [[ $ok != *" $to "* ]]; then
    why="module $from may not use $to"
  fi
  WHY=$why
}

files=0 bad=0

# Self-check: the rules above must reject these planted includes and accept the
# others, so that a broken rule cannot pass the tree silently.
for c in "lib/dialect/scf/fold.c:dialect/arith/arith.h:bad" \
         "lib/dialect/nv_tileas/ops.c:dialect/nvvm/nvvm.h:bad" \
         "lib/dialect/std/std_const.c:dialect/arith/arith.h:bad" \
         "lib/dialect/arith/ops.c:dialect/math/math.h:bad" \
         "lib/ir/ops.c:dialect/std/std.h:bad" \
         "lib/interp/interp_std.c:dialect/std/std_ops.h:bad" \
         "lib/conversion/x.c:dialect/arith/arith_internal.h:bad" \
         "lib/dialect/math/ops.c:dialect/std/std_const.h:ok" \
         "lib/dialect/std/std_syntax.c:asm/asm.h:ok" \
         "lib/interp/interp_std.c:dialect/std/std.h:ok" \
         "lib/conversion/x.c:dialect/arith/arith.h:ok"; do
  IFS=: read -r f inc want <<< "$c"
  from=$(module_of "$f")
  why_not "$from" " $(allowed "$from") " "$inc"
  got=ok
  [ -z "$WHY" ] || got=bad
  if [ "$got" != "$want" ]; then
    echo "check_includes.sh self-check: $f including \"$inc\" should be $want, is $got"
    bad=$((bad + 1))
  fi
done

while IFS= read -r f; do
  files=$((files + 1))
  from=$(module_of "$f")
  ok=" $(allowed "$from") "
  while IFS=: read -r line inc; do
    [ -n "$inc" ] || continue
    why_not "$from" "$ok" "$inc"
    if [ -n "$WHY" ]; then
      echo "$f:$line: #include \"$inc\": $WHY"
      bad=$((bad + 1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
           sed -E 's/^([0-9]+):[^"]*"([^"]*)".*/\1:\2/')
done < <(find lib -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)

echo "includes: $files files checked, $bad violations"
[ $bad = 0 ]
