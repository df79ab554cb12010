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
#     dialect/<d>/<d>.h (types, op enum, enums) and its op rows dialect/<d>/ops*.def
#     (X-macro tables other layers generate theirs from) — never its internals; dialect <-> dialect
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
    dialect)     echo "dialect dialect* ir asm rewrite support conversion" ;;  # the registry
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

# Known exceptions: test/check_includes.known, one "file:included-header" a line ('#'
# comments), printed as "known:" and not counted.  Each group there names the issue that
# removes it.  Keep the list short and shrinking; an entry that no longer matches is
# reported ("stale known exception") so the list cannot rot.
KNOWN=()
if [ -f test/check_includes.known ]; then
  while IFS= read -r k; do
    k=${k%%#*}; k=${k//[[:space:]]/}
    [ -n "$k" ] && KNOWN+=("$k")
  done < test/check_includes.known
fi
declare -A KNOWN_HIT=()
is_known() {
  local k
  for k in "${KNOWN[@]}"; do [ "$k" = "$1" ] && return 0; done
  return 1
}

files=0 bad=0 known=0
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
      elif [ "$inc" != "dialect/$d/$d.h" ] && [[ ! $inc =~ ^dialect/$d/ops[a-z_]*\.def$ ]]; then
        why="not the dialect's public header (dialect/$d/$d.h) or op rows (ops*.def)"
      fi
    elif [ "$to" = dialect ]; then
      [[ $ok == *" dialect* "* ]] || why="module $from may not use dialects"
    elif [[ $ok != *" $to "* ]]; then
      why="module $from may not use $to"
    fi
    if [ -n "$why" ] && is_known "$f:$inc"; then
      echo "known: $f:$line: #include \"$inc\": $why"
      known=$((known + 1))
      KNOWN_HIT["$f:$inc"]=1
    elif [ -n "$why" ]; then
      echo "$f:$line: #include \"$inc\": $why"
      bad=$((bad + 1))
    fi
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
           sed -E 's/^([0-9]+):[^"]*"([^"]*)".*/\1:\2/')
done < <(find lib -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | sort)

for k in "${KNOWN[@]}"; do
  if [ -z "${KNOWN_HIT[$k]:-}" ]; then
    echo "$k: stale known exception (test/check_includes.known): remove it"
    bad=$((bad + 1))
  fi
done

echo "includes: $files files checked, $bad violations, $known known exceptions"
[ $bad = 0 ]
