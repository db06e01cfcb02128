/*
 * synemu unit tests: tiny check helpers.  Each test program prints one
 * "ok"/"not ok" line per failed check on stderr and exits 0 (pass), 1 (fail)
 * or 77 (skip), which automake's harness turns into PASS:/FAIL:/SKIP:.
 */
#ifndef SYNEMU_TEST_UTIL_H
#define SYNEMU_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define CHECK(cond, ...)                                                         \
	do {                                                                     \
		test_checks++;                                                   \
		if (!(cond)) {                                                   \
			test_failures++;                                         \
			fprintf(stderr, "FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                            \
			fputc('\n', stderr);                                     \
		}                                                                \
	} while (0)

#define CHECK_INT(a, b)                                                          \
	CHECK((long long)(a) == (long long)(b), "%s = %lld, expected %lld", #a, (long long)(a), (long long)(b))

static inline void hexdump(char *buf, size_t len, const unsigned char *b, size_t n)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && off + 4 < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%02x", i ? " " : "", b[i]);
}

#define CHECK_BYTES(got, ngot, exp, nexp)                                          \
	do {                                                                       \
		char hg_[512], he_[512];                                             \
		hexdump(hg_, sizeof(hg_), (got), (ngot));                            \
		hexdump(he_, sizeof(he_), (exp), (nexp));                            \
		CHECK((ngot) == (nexp) && memcmp((got), (exp), (nexp)) == 0,       \
		      "got [%s], expected [%s]", hg_, he_);                          \
	} while (0)

static inline int test_result(const char *name)
{
	fprintf(stderr, "%s: %d checks, %d failed\n", name, test_checks, test_failures);
	return test_failures ? 1 : 0;
}

#endif
