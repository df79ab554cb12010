#!/usr/bin/env bash
# test/check_includes.sh — checks every project #include against the layer table of
# docs/architecture.md ("Layers"). Prints one line per violation and "includes: N files
# checked, N violations"; exit status 1 when there is any violation.
#
# Rules (a file's module is its folder under lib/: support, ir, asm, rewrite, dialect/<d>,
# dialect (the top-level registry files), conversion, bytecode, interp, tool, capi):
#   * a module may include its own headers and those of the modules it is allowed to use
#     (table below); tools/, test/ and bench/ may include anything;
#   * another dialect's files are reached only through its public header
#     dialect/<d>/<d>.h (types, op enum, enums) — never its internals; dialect <-> dialect
#     includes are not allowed at all, conversion -> dialect public headers is;
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
    dialect/*)   echo "$1 ir asm rewrite support" ;;
    dialect)     echo "dialect dialect* ir asm rewrite support" ;;
    conversion)  echo "conversion dialect* ir asm rewrite support" ;;
    bytecode)    echo "bytecode dialect* ir asm support" ;;
    interp)      echo "interp dialect* ir asm rewrite support" ;;
    tool)        echo "tool dialect* ir asm rewrite support bytecode interp conversion" ;;
    capi)        echo "capi ctile dialect* ir asm rewrite support bytecode interp conversion" ;;
    *)           echo "" ;;
  esac
}

# module of a path below lib/ ("lib/dialect/cuda_tile/x.c" -> dialect/cuda_tile)
module_of() {
  local rel=${1#lib/}
  case "$rel" in
    dialect/*/*) rel=${rel#dialect/}; echo "dialect/${rel%%/*}" ;;
    dialect/*)   echo dialect ;;
    */*)         echo "${rel%%/*}" ;;
    *)           echo "" ;;
  esac
}

files=0 bad=0
while IFS= read -r f; do
  files=$((files + 1))
  from=$(module_of "$f")
  ok=" $(allowed "$from") "
  while IFS=: read -r line inc; do
    [ -n "$inc" ] || continue
    # the module the included file belongs to
    case "$inc" in
      ctile/*)             to=ctile ;;
      dialect/dialects.h)  to=dialect ;;
      dialect/*/*)         d=${inc#dialect/}; d=${d%%/*}; to="dialect/$d" ;;
      */*)                 to=${inc%%/*} ;;
      *)                   continue ;;   # same-folder include ("x.h"): always fine
    esac
    why=""
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
      elif [ "$inc" != "dialect/$d/$d.h" ]; then
        why="not the dialect's public header (dialect/$d/$d.h)"
      fi
    elif [ "$to" = dialect ]; then
      [[ $ok == *" dialect* "* ]] || why="module $from may not use dialects"
    elif [[ $ok != *" $to "* ]]; then
      why="module $from may not use $to"
    fi
    if [ -n "$why" ]; then
      echo "$f:$line: #include \"$inc\": $why"
      bad=$((bad + 1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
           sed -E 's/^([0-9]+):[^"]*"([^"]*)".*/\1:\2/')
done < <(find lib -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)

echo "includes: $files files checked, $bad violations"
[ $bad = 0 ]
