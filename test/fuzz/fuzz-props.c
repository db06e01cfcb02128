/*
 * fuzz-props.c - libFuzzer harness: the property write decoder
 * (tp_prop_write), as the X glue calls it for a client's
 * XIChangeDeviceProperty: any property, type, format, item count and bytes,
 * one write after another on the same parameter set.
 *
 * Input layout: the device (fuzz-device.h), then records until the end:
 *     NUL-terminated property name (an unknown one picks the row by its
 *     first byte), u8 type (0 INTEGER, 1 CARDINAL, 2 FLOAT,
 *     3 other), u8 format (8, 16 or 32 as 0, 1, 2; else the raw byte),
 *     u8 items, then items * format / 8 bytes of data
 *
 * Checks, per write: a refused write leaves the output untouched and a
 * read-only property is always refused; an accepted one gives a set that
 * passes tp_params_validate(), and its value read back (tp_prop_encode)
 * written again is accepted and reads back the same.  Accepted writes
 * carry on as the current set, as in the driver.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-device.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static __attribute__((noreturn)) void bug(const char *what, const char *prop)
{
	fprintf(stderr, "fuzz-props: broken promise: %s (\"%s\")\n", what, prop);
	abort();
}

/* Read back what the property holds and write it again: the same must come out. */
static void check_round_trip(const struct tp_prop_desc *p, const struct tp_device *dev,
			     const struct tp_params *params)
{
	uint32_t a[TP_PROP_MAX_ITEMS], b[TP_PROP_MAX_ITEMS];
	struct tp_params again;
	const char *why = NULL;

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	tp_prop_encode(p, dev, params, a);
	if (tp_prop_write(p, dev, params, tp_prop_type_of(p), tp_prop_format_bits(p), a,
			  p->count, &again, &why) < 0)
		bug("the property's own value is refused", p->name);
	tp_prop_encode(p, dev, &again, b);
	if (memcmp(a, b, sizeof(a)) != 0)
		bug("the property's own value reads back different", p->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int formats[3] = { 8, 16, 32 };
	struct tp_device dev;
	struct tp_params params;
	struct fz in;

	fz_init(&in, data, size);
	fz_device(&in, &dev);
	tp_params_defaults(&dev, &params);
	if (tp_params_validate(&dev, &params, NULL) < 0)
		return 0;	/* a device the option pipeline would not leave like this */

	while (fz_more(&in)) {
		char name[64];
		const struct tp_prop_desc *p;
		enum tp_prop_type type;
		uint8_t f;
		int format;
		long n;
		size_t bytes;
		void *buf;
		struct tp_params out, canary;
		const char *why = NULL;
		int rc;

		fz_str(&in, name, sizeof(name));
		p = tp_prop_find(name);
		if (!p)
			p = &tp_prop_table[(uint8_t)name[0] % tp_prop_count];
		type = (enum tp_prop_type)(fz_u8(&in) % 4);
		f = fz_u8(&in);
		format = f < 3 ? formats[f] : f;
		n = fz_u8(&in);
		bytes = (size_t)n * (size_t)(format == 8 ? 1 : format == 16 ? 2 : 4);
		buf = malloc(bytes ? bytes : 1);	/* exactly what the server hands over */
		if (!buf)
			return 0;
		fz_bytes(&in, buf, bytes);
		memset(&out, 0xa5, sizeof(out));
		canary = out;
		rc = tp_prop_write(p, &dev, &params, type, format, buf, n, &out, &why);
		free(buf);
		if (rc < 0) {
			if (memcmp(&out, &canary, sizeof(out)) != 0)
				bug("a refused write changed the output", p->name);
			if (!why)
				bug("a refused write gives no reason", p->name);
			if (rc != -EACCES && rc != -EPROTOTYPE && rc != -E2BIG && rc != -EINVAL)
				bug("an undocumented error code", p->name);
			continue;
		}
		if (p->read_only)
			bug("a read-only property was written", p->name);
		if (tp_params_validate(&dev, &out, NULL) < 0)
			bug("an accepted write gives an invalid set", p->name);
		params = out;
		check_round_trip(p, &dev, &params);
	}
	return 0;
}
