/*
 * unit.h — a tiny header-only unit-test framework for ctile's C tests.
 *
 * Each test/unit/test_<name>.c is its own program (built as build/test/test_<name>).
 * It includes this header once, writes checks, and ends with UNIT_MAIN:
 *
 *     #include "unit.h"
 *     static void test_arena(void) { CHECK(p != NULL); CHECK_EQ_INT(n, 3); }
 *     UNIT_MAIN {
 *         test_arena();
 *     }
 *
 * A failed check prints one line "FILE:LINE: <what failed>" and the run continues.
 * At the end unit_report() prints "<file>: N checks, M failed" and main returns 1 if
 * anything failed, else 0. Checks are counted in two file-local counters.
 */
#ifndef CTILE_UNIT_H
#define CTILE_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_checks; /* checks evaluated so far */
static int unit_failed; /* checks that failed so far */

/* Record one check; print a line for a failure. Returns ok so callers can branch. */
static inline int unit_check_(int ok, const char *file, int line, const char *what)
{
	unit_checks++;
	if (!ok) {
		unit_failed++;
		printf("%s:%d: CHECK failed: %s\n", file, line, what);
	}
	return ok;
}

/* Integer equality; both sides are widened to long long and printed on failure. */
static inline int unit_check_int_(long long a, long long b, const char *file, int line,
				  const char *as, const char *bs)
{
	unit_checks++;
	if (a != b) {
		unit_failed++;
		printf("%s:%d: CHECK_EQ_INT failed: %s == %s (%lld != %lld)\n", file, line, as,
		       bs, a, b);
		return 0;
	}
	return 1;
}

/* String equality; NULL equals only NULL. */
static inline int unit_check_str_(const char *a, const char *b, const char *file, int line,
				  const char *as, const char *bs)
{
	int ok = (a == NULL || b == NULL) ? a == b : strcmp(a, b) == 0;
	unit_checks++;
	if (!ok) {
		unit_failed++;
		printf("%s:%d: CHECK_STREQ failed: %s == %s (\"%s\" != \"%s\")\n", file, line, as,
		       bs, a ? a : "(null)", b ? b : "(null)");
	}
	return ok;
}

/* Print the summary line for FILE (path stripped) and return the process exit code. */
static inline int unit_report_(const char *file)
{
	const char *base = strrchr(file, '/');
	printf("%s: %d checks, %d failed\n", base ? base + 1 : file, unit_checks, unit_failed);
	fflush(stdout);
	return unit_failed ? 1 : 0;
}

#define CHECK(cond) unit_check_(!!(cond), __FILE__, __LINE__, #cond)
#define CHECK_EQ_INT(a, b) \
	unit_check_int_((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_STREQ(a, b) unit_check_str_((a), (b), __FILE__, __LINE__, #a, #b)
#define unit_report() unit_report_(__FILE__)

/* UNIT_MAIN { body } defines main(): runs body, then reports. */
#define UNIT_MAIN                           \
	static void unit_main_body_(void);  \
	int main(void)                      \
	{                                   \
		unit_main_body_();          \
		return unit_report();       \
	}                                   \
	static void unit_main_body_(void)

#endif /* CTILE_UNIT_H */
