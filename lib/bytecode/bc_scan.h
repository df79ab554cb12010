/* bc_scan.h — the byte searches of the streamed text-to-bytecode write's
 * scanner (lib/tool/bc_stream.c, scan_module), which cuts a module's text
 * into its functions before anything is parsed: the next brace, quote or
 * slash of a function body, and the end of a function header whose
 * brackets balance.  Where the CPU has AVX2 (x86-64, gcc or clang) they look at 32
 * or 64 bytes at a time; elsewhere, or with bc_scan_scalar set, one byte at
 * a time.  Both ways give the same answers (test_wbc_scan compares them). */
#ifndef CTILE_BC_SCAN_H
#define CTILE_BC_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* The offset of the first '{', '}', '"' or '/' in s[i, len), or len. */
size_t bc_scan_brace_stop(const char *s, size_t len, size_t i);

/* Where a function header starting at s[i] ends: the offset p of its first
 * '{', '}', '"' or '/' (bc_scan_brace_stop) when the brackets before it
 * balance, else len.  Only brackets count: '(' '[' '<' open, ')' ']' '>'
 * close, except a '>' right after a '-' (an arrow; the byte before s[i]
 * included); the count never drops below zero and ends at zero. */
size_t bc_scan_header_end(const char *s, size_t len, size_t i);

/* Tests only: true makes both searches take the byte-at-a-time way. */
extern bool bc_scan_scalar;

#endif
