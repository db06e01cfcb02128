/*
 * fuzz-input.h - reading a fuzzer's bytes as fields (shared by the harnesses).
 *
 * Every read succeeds: past the end of the input it yields zeros, so any
 * byte string is a valid input and the fuzzer never wastes runs on "too
 * short".  Integers are little-endian.
 */
#ifndef SYNMT_FUZZ_INPUT_H
#define SYNMT_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct fz {
	const uint8_t *p;
	size_t n, pos;
};

static inline void fz_init(struct fz *f, const uint8_t *data, size_t size)
{
	f->p = data;
	f->n = size;
	f->pos = 0;
}

static inline int fz_more(const struct fz *f)
{
	return f->pos < f->n;
}

static inline uint8_t fz_u8(struct fz *f)
{
	return f->pos < f->n ? f->p[f->pos++] : 0;
}

static inline uint16_t fz_u16(struct fz *f)
{
	uint16_t lo = fz_u8(f);

	return (uint16_t)(lo | (uint16_t)fz_u8(f) << 8);
}

static inline uint32_t fz_u32(struct fz *f)
{
	uint32_t lo = fz_u16(f);

	return lo | (uint32_t)fz_u16(f) << 16;
}

static inline int32_t fz_i32(struct fz *f)
{
	uint32_t u = fz_u32(f);
	int32_t v;

	memcpy(&v, &u, sizeof(v));
	return v;
}

/* len bytes into buf (zeros past the end of the input). */
static inline void fz_bytes(struct fz *f, void *buf, size_t len)
{
	uint8_t *b = buf;

	for (size_t i = 0; i < len; i++)
		b[i] = fz_u8(f);
}

/*
 * A NUL-terminated string of at most size - 1 bytes: the input up to the
 * next NUL (which is consumed) or the end.
 */
static inline void fz_str(struct fz *f, char *buf, size_t size)
{
	size_t k = 0;

	while (f->pos < f->n) {
		uint8_t c = f->p[f->pos++];

		if (c == '\0')
			break;
		if (k + 1 < size)
			buf[k++] = (char)c;
	}
	buf[k] = '\0';
}

#endif /* SYNMT_FUZZ_INPUT_H */
