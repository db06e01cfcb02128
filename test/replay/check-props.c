/*
 * check-props - the write rules of every "Synaptics ..." property, one table
 * row per property, through the same X-free entry point the X glue answers
 * a client's XIChangeDeviceProperty with (tp_prop_write in
 * src/options/tp-props.c).
 *
 * For each property it checks the 1.9 facts (format, type, item count,
 * read-only) and then, on a copy of the parameters:
 *   - a good write is accepted and reads back as written, and no other
 *     property's value moves;
 *   - the wrong format (8/16/32) and the wrong type (INTEGER, CARDINAL,
 *     FLOAT, anything else) are BadMatch;
 *   - one item too many is BadMatch, one too few as well unless the property
 *     accepts fewer (Tap Action: 1..7), none at all always;
 *   - each range or consistency rule is BadValue;
 *   - a read-only property is BadValue for every write;
 *   - a refused write leaves the parameters untouched.
 * The set of property names must be exactly the expected one (1.9's 38
 * plus ours), so a property added or dropped without a test fails here.
 *
 * Output: one "ok: NAME (N checks)" or "FAILED: NAME: ..." line per
 * property; exit 1 on any failure.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "synaptics-properties.h"
#include "tp-options.h"
#include "touchpad.h"

enum rig {
	RIG_CLICKPAD,		/* MT clickpad, soft buttons configured */
	RIG_SCROLLBUTTONS,	/* two-button pad with BTN_0/BTN_1 scroll buttons */
	RIG_SECONDARY,		/* clickpad with a top button row configured */
};

#define BADMATCH (-E2BIG)	/* item count; type/format is tested generically */
#define BADVALUE (-EINVAL)

struct bad_write {
	const char *what;
	int n;
	double v[TP_PROP_MAX_ITEMS];
	int want;		/* BADVALUE or BADMATCH */
};

struct prop_case {
	const char *name;
	enum tp_prop_format format;	/* 1.9's type and format */
	int count, min_count;
	bool read_only;
	enum rig rig;
	int ngood;
	double good[TP_PROP_MAX_ITEMS];	/* an accepted write (the current value if read-only) */
	struct bad_write bad[6];
};

#define I8 TP_PROP_INT8
#define I32 TP_PROP_INT32
#define C32 TP_PROP_CARD32
#define FL TP_PROP_FLOAT
#define NOT_BOOL(n) { "value 2 in a boolean", n, { 2, 2, 2 }, BADVALUE }
#define NEG(n) { "negative value", n, { -1, -1, -1 }, BADVALUE }

/* 1.9.2's 38 properties (synaptics-interface.md section 2) and our 3. */
static const struct prop_case cases[] = {
	{ SYNAPTICS_PROP_EDGES, I32, 4, 4, false, RIG_CLICKPAD, 4, { 1800, 5100, 1600, 4200 },
	  { { "left > right", 4, { 5000, 2000, 1600, 4200 }, BADVALUE },
	    { "top > bottom", 4, { 1800, 5100, 4200, 1600 }, BADVALUE } } },
	{ SYNAPTICS_PROP_FINGER, I32, 3, 3, false, RIG_CLICKPAD, 3, { 25, 35, 0 },
	  { { "low > high", 3, { 50, 40, 0 }, BADVALUE },
	    { "negative low", 3, { -1, 40, 0 }, BADVALUE } } },
	{ SYNAPTICS_PROP_TAP_TIME, I32, 1, 1, false, RIG_CLICKPAD, 1, { 200 }, { NEG(1) } },
	{ SYNAPTICS_PROP_TAP_MOVE, I32, 1, 1, false, RIG_CLICKPAD, 1, { 250 }, { NEG(1) } },
	{ SYNAPTICS_PROP_TAP_DURATIONS, I32, 3, 3, false, RIG_CLICKPAD, 3, { 200, 190, 90 },
	  { { "negative single-tap timeout", 3, { -1, 180, 100 }, BADVALUE },
	    { "negative click time", 3, { 180, 180, -1 }, BADVALUE } } },
	{ SYNAPTICS_PROP_CLICKPAD, I8, 1, 1, false, RIG_CLICKPAD, 1, { 0 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_MIDDLE_TIMEOUT, I32, 1, 1, false, RIG_CLICKPAD, 1, { 100 }, { NEG(1) } },
	{ SYNAPTICS_PROP_TWOFINGER_PRESSURE, I32, 1, 1, false, RIG_CLICKPAD, 1, { 280 }, { NEG(1) } },
	{ SYNAPTICS_PROP_TWOFINGER_WIDTH, I32, 1, 1, false, RIG_CLICKPAD, 1, { 9 }, { NEG(1) } },
	{ SYNAPTICS_PROP_SCROLL_DISTANCE, I32, 2, 2, false, RIG_CLICKPAD, 2, { -80, 100 },
	  { { "vertical 0", 2, { 0, 100 }, BADVALUE },
	    { "horizontal 0", 2, { 100, 0 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SCROLL_EDGE, I8, 3, 3, false, RIG_CLICKPAD, 3, { 1, 1, 0 },
	  { NOT_BOOL(3), { "corner coasting 2", 3, { 0, 0, 2 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SCROLL_TWOFINGER, I8, 2, 2, false, RIG_CLICKPAD, 2, { 0, 1 },
	  { { "horizontal 2", 2, { 1, 2 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SPEED, FL, 4, 4, false, RIG_CLICKPAD, 4, { 1, 1.5, 0.0625, 0 },
	  { { "negative min speed", 4, { -1, 1.5, 0.05, 0 }, BADVALUE },
	    { "NaN accel factor", 4, { 1, 1.5, NAN, 0 }, BADVALUE },
	    { "infinite max speed", 4, { 1, INFINITY, 0.05, 0 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SCROLL_BUTTONS, I8, 2, 2, false, RIG_SCROLLBUTTONS, 2, { 0, 1 },
	  { NOT_BOOL(2) } },
	{ SYNAPTICS_PROP_SCROLL_BUTTONS_REPEAT, I8, 2, 2, false, RIG_SCROLLBUTTONS, 2, { 1, 0 },
	  { NOT_BOOL(2) } },
	{ SYNAPTICS_PROP_SCROLL_BUTTONS_TIME, I32, 1, 1, false, RIG_SCROLLBUTTONS, 1, { 50 },
	  { { "0 ms (a repeat without a pause)", 1, { 0 }, BADVALUE }, NEG(1) } },
	{ SYNAPTICS_PROP_OFF, I8, 1, 1, false, RIG_CLICKPAD, 1, { 2 },
	  { { "3 (only 0, 1, 2 exist)", 1, { 3 }, BADVALUE },
	    { "255", 1, { 255 }, BADVALUE } } },
	{ SYNAPTICS_PROP_LOCKED_DRAGS, I8, 1, 1, false, RIG_CLICKPAD, 1, { 1 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_LOCKED_DRAGS_TIMEOUT, I32, 1, 1, false, RIG_CLICKPAD, 1, { 1000 }, { NEG(1) } },
	{ SYNAPTICS_PROP_TAP_ACTION, I8, 7, 1, false, RIG_CLICKPAD, 7, { 0, 0, 0, 0, 1, 3, 2 },
	  { { "button beyond the highest (32)", 7, { 0, 0, 0, 0, 33, 3, 2 }, BADVALUE },
	    { "button 255 in a partial write", 5, { 0, 0, 0, 0, 255 }, BADVALUE } } },
	{ SYNAPTICS_PROP_CLICK_ACTION, I8, 3, 3, false, RIG_CLICKPAD, 3, { 1, 2, 3 },
	  { { "button beyond the highest (32)", 3, { 1, 33, 2 }, BADVALUE } } },
	{ SYNAPTICS_PROP_CIRCULAR_SCROLLING, I8, 1, 1, false, RIG_CLICKPAD, 1, { 1 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_CIRCULAR_SCROLLING_DIST, FL, 1, 1, false, RIG_CLICKPAD, 1, { -0.25 },
	  { { "0 radians", 1, { 0 }, BADVALUE }, { "NaN", 1, { NAN }, BADVALUE } } },
	{ SYNAPTICS_PROP_CIRCULAR_SCROLLING_TRIGGER, I8, 1, 1, false, RIG_CLICKPAD, 1, { 8 },
	  { { "9 (only 0..8 exist)", 1, { 9 }, BADVALUE } } },
	{ SYNAPTICS_PROP_CIRCULAR_PAD, I8, 1, 1, false, RIG_CLICKPAD, 1, { 1 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_PALM_DETECT, I8, 1, 1, false, RIG_CLICKPAD, 1, { 1 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_PALM_DIMENSIONS, I32, 2, 2, false, RIG_CLICKPAD, 2, { 12, 220 },
	  { { "negative width", 2, { -1, 200 }, BADVALUE },
	    { "negative z", 2, { 10, -1 }, BADVALUE } } },
	{ SYNAPTICS_PROP_COASTING_SPEED, FL, 2, 2, false, RIG_CLICKPAD, 2, { 0, 50 },
	  { { "negative speed", 2, { -1, 50 }, BADVALUE },
	    { "negative friction", 2, { 20, -1 }, BADVALUE } } },
	{ SYNAPTICS_PROP_PRESSURE_MOTION, C32, 2, 2, false, RIG_CLICKPAD, 2, { 40, 150 },
	  { { "min > max", 2, { 100, 50 }, BADVALUE },
	    { "beyond INT_MAX", 2, { 30, 4294967295.0 }, BADVALUE } } },
	{ SYNAPTICS_PROP_PRESSURE_MOTION_FACTOR, FL, 2, 2, false, RIG_CLICKPAD, 2, { 0.5, 1.5 },
	  { { "min > max", 2, { 2, 1 }, BADVALUE },
	    { "negative min", 2, { -1, 1 }, BADVALUE } } },
	{ SYNAPTICS_PROP_GRAB, I8, 1, 1, false, RIG_CLICKPAD, 1, { 0 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_GESTURES, I8, 1, 1, false, RIG_CLICKPAD, 1, { 0 }, { NOT_BOOL(1) } },
	{ SYNAPTICS_PROP_CAPABILITIES, I8, 7, 7, true, RIG_CLICKPAD, 7, { 1, 0, 0, 1, 1, 1, 1 }, { } },
	{ SYNAPTICS_PROP_RESOLUTION, I32, 2, 2, true, RIG_CLICKPAD, 2, { 50, 42 }, { } },
	{ SYNAPTICS_PROP_AREA, I32, 4, 4, false, RIG_CLICKPAD, 4, { 1600, 0, 0, 4300 },
	  { { "left >= right", 4, { 3000, 3000, 0, 0 }, BADVALUE },
	    { "top >= bottom", 4, { 0, 0, 3000, 2000 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SOFTBUTTON_AREAS, I32, 8, 8, false, RIG_CLICKPAD, 8,
	  { 3472, 0, 3901, 0, 2472, 3472, 3901, 0 },	/* right and middle share an edge */
	  { { "right and middle overlap", 8, { 3000, 0, 3900, 0, 2000, 3500, 3900, 0 }, BADVALUE },
	    { "degenerate right (left = right)", 8, { 3000, 3000, 3900, 0, 0, 0, 0, 0 }, BADVALUE },
	    { "degenerate middle (top > bottom)", 8, { 0, 0, 0, 0, 2000, 3000, 4000, 3900 }, BADVALUE } } },
	{ SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS, I32, 8, 8, false, RIG_SECONDARY, 8,
	  { 3800, 0, 0, 1600, 3200, 3800, 0, 1600 },
	  { { "overlaps the primary row", 8, { 0, 0, 3800, 0, 0, 0, 0, 0 }, BADVALUE },
	    { "right and middle overlap", 8, { 3000, 0, 0, 1600, 2000, 3500, 0, 1600 }, BADVALUE },
	    { "degenerate right", 8, { 3800, 3000, 0, 1600, 0, 0, 0, 0 }, BADVALUE } } },
	{ SYNAPTICS_PROP_NOISE_CANCELLATION, I32, 2, 2, false, RIG_CLICKPAD, 2, { 0, 12 },
	  { { "negative x", 2, { -1, 8 }, BADVALUE }, { "negative y", 2, { 8, -1 }, BADVALUE } } },
	/* ours */
	{ SYNAPTICS_PROP_GESTURES_ENABLED, I8, 2, 2, false, RIG_CLICKPAD, 2, { 0, 1 },
	  { { "swipe 2", 2, { 2, 1 }, BADVALUE } } },
	{ SYNAPTICS_PROP_GESTURE_THRESHOLDS, FL, 2, 2, false, RIG_CLICKPAD, 2, { 4, 2.5 },
	  { { "swipe below 0.1 mm", 2, { 0.05, 1.5 }, BADVALUE },
	    { "pinch above 100 mm", 2, { 3, 101 }, BADVALUE } } },
	{ SYNAPTICS_PROP_BUTTON_AREA_SUPPRESSION, I32, 2, 2, false, RIG_CLICKPAD, 2, { 1, 3900 },
	  { { "switch 2", 2, { 2, 0 }, BADVALUE },
	    { "top below the pad", 2, { 1, 5000 }, BADVALUE } } },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int failures, checks;
static const char *current;

#define CHECK(cond, ...) do { \
	checks++; \
	if (!(cond)) { \
		printf("FAILED: %s: ", current); printf(__VA_ARGS__); printf("\n"); failures++; \
	} \
} while (0)

static void rig(enum rig r, struct tp_device *dev, struct tp_params *p)
{
	const char *why = "";

	memset(dev, 0, sizeof(*dev));
	strcpy(dev->name, "check-props pad");
	dev->vendor = 2;
	dev->product = 7;
	dev->x = (struct tp_axis){ .min = 1472, .max = 5472, .fuzz = 8, .res = 42, .present = true };
	dev->y = (struct tp_axis){ .min = 1408, .max = 4448, .fuzz = 8, .res = 50, .present = true };
	dev->pressure = (struct tp_axis){ .min = 0, .max = 255, .fuzz = 0, .res = 0, .present = true };
	dev->width = (struct tp_axis){ .min = 0, .max = 15, .fuzz = 0, .res = 0, .present = true };
	dev->num_slots = 2;
	dev->max_fingers = 5;
	if (r == RIG_SCROLLBUTTONS) {
		dev->buttons = TP_HW_LEFT | TP_HW_RIGHT | TP_HW_MULTI(0) | TP_HW_MULTI(1);
	} else {
		dev->clickpad = true;
		dev->topbuttonpad = r == RIG_SECONDARY;
		dev->buttons = TP_HW_LEFT;
	}
	tp_params_defaults(dev, p);
	if (dev->clickpad) {
		static const int primary[8] = { 3472, 0, 3901, 0, 0, 0, 0, 0 };
		static const int secondary[8] = { 3800, 0, 0, 1500, 3200, 3800, 0, 1500 };

		memcpy(p->softbutton_areas[0], primary, sizeof(primary));
		if (r == RIG_SECONDARY)
			memcpy(p->softbutton_areas[1], secondary, sizeof(secondary));
	}
	if (tp_params_validate(dev, p, &why) < 0) {
		printf("FAILED: rig %d invalid: %s\n", r, why);
		failures++;
	}
}

/* n values in the given format into a raw buffer, the way a client sends them. */
static void pack(enum tp_prop_format f, int bits, const double *v, int n, void *buf)
{
	for (int i = 0; i < n; i++) {
		if (bits == 8)
			((uint8_t *)buf)[i] = (uint8_t)(long long)v[i];
		else if (bits == 16)
			((uint16_t *)buf)[i] = (uint16_t)(long long)v[i];
		else if (f == TP_PROP_FLOAT)
			((float *)buf)[i] = (float)v[i];
		else if (f == TP_PROP_CARD32)
			((uint32_t *)buf)[i] = (uint32_t)(long long)v[i];
		else
			((int32_t *)buf)[i] = (int32_t)v[i];
	}
}

static int write_as(const struct tp_prop_desc *p, const struct tp_device *dev,
		    const struct tp_params *params, enum tp_prop_type type, int bits,
		    enum tp_prop_format f, const double *v, int n, struct tp_params *out)
{
	union { uint8_t u8[64]; uint32_t u32[16]; } buf;
	const char *why = NULL;

	memset(&buf, 0, sizeof(buf));
	pack(f, bits, v, n, &buf);
	return tp_prop_write(p, dev, params, type, bits, &buf, n, out, &why);
}

static int write_ok(const struct tp_prop_desc *p, const struct tp_device *dev,
		    const struct tp_params *params, const double *v, int n, struct tp_params *out)
{
	return write_as(p, dev, params, tp_prop_type_of(p), tp_prop_format_bits(p), p->format, v, n, out);
}

static const char *rc_name(int rc)
{
	switch (rc) {
	case 0: return "accepted";
	case -EACCES: return "read-only (BadValue)";
	case -EINVAL: return "BadValue";
	case -EPROTOTYPE: return "BadMatch (type/format)";
	case -E2BIG: return "BadMatch (count)";
	}
	return "other error";
}

static bool refused_as(int rc, int want)
{
	if (want == BADMATCH)
		return rc < 0 && tp_prop_error_is_badmatch(rc);
	return rc < 0 && !tp_prop_error_is_badmatch(rc);
}

/* Refused, and the output parameters untouched. */
static void expect_refused(const struct prop_case *c, const struct tp_prop_desc *p,
			   const struct tp_device *dev, const struct tp_params *params,
			   enum tp_prop_type type, int bits, enum tp_prop_format f,
			   const double *v, int n, int want, int exact, const char *what)
{
	struct tp_params out, before;
	int rc;

	(void)c;
	memset(&out, 0x5a, sizeof(out));
	before = out;
	rc = write_as(p, dev, params, type, bits, f, v, n, &out);
	CHECK(refused_as(rc, want) && (!exact || rc == exact), "%s: %s, want %s", what, rc_name(rc),
	      exact ? rc_name(exact) : want == BADMATCH ? "BadMatch" : "BadValue");
	CHECK(memcmp(&out, &before, sizeof(out)) == 0, "%s: refused write changed the parameters", what);
}

static bool same_encoding(const struct tp_prop_desc *p, const struct tp_device *dev,
			  const struct tp_params *a, const struct tp_params *b)
{
	uint32_t ea[TP_PROP_MAX_ITEMS], eb[TP_PROP_MAX_ITEMS];

	memset(ea, 0, sizeof(ea));
	memset(eb, 0, sizeof(eb));
	tp_prop_encode(p, dev, a, ea);
	tp_prop_encode(p, dev, b, eb);
	return memcmp(ea, eb, sizeof(ea)) == 0;
}

static void check_case(const struct prop_case *c)
{
	static const enum tp_prop_type types[] = {
		TP_PROP_TYPE_INTEGER, TP_PROP_TYPE_CARDINAL, TP_PROP_TYPE_FLOAT, TP_PROP_TYPE_OTHER,
	};
	static const int formats[] = { 8, 16, 32 };
	const struct tp_prop_desc *p = tp_prop_find(c->name);
	struct tp_device dev;
	struct tp_params params, out;
	double v[TP_PROP_MAX_ITEMS + 1];
	int rc, bits, f0 = failures, k0 = checks;

	current = c->name;
	CHECK(p != NULL, "not in the property table");
	if (!p)
		return;
	bits = c->format == TP_PROP_INT8 ? 8 : 32;
	CHECK(p->format == c->format && tp_prop_format_bits(p) == bits, "format/type differs from 1.9");
	CHECK(p->count == c->count && p->min_count == c->min_count, "items %d (min %d), want %d (min %d)",
	      p->count, p->min_count, c->count, c->min_count);
	CHECK(p->read_only == c->read_only, "read-only %d, want %d", p->read_only, c->read_only);
	if (p->count != c->count)
		return;

	rig(c->rig, &dev, &params);
	CHECK(tp_prop_exists(p, &dev, &params), "does not exist on its test pad");

	/* the good write: accepted, reads back as written, nothing else moves */
	memcpy(v, c->good, sizeof(c->good));
	if (c->read_only) {
		uint32_t enc[TP_PROP_MAX_ITEMS], want[TP_PROP_MAX_ITEMS];

		memset(enc, 0, sizeof(enc));
		memset(want, 0, sizeof(want));
		tp_prop_encode(p, &dev, &params, enc);
		pack(p->format, bits, c->good, c->count, want);
		CHECK(memcmp(enc, want, sizeof(enc)) == 0, "value is not the expected one");
		expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, v, c->ngood,
			       BADVALUE, -EACCES, "write of its own value");
		v[0] = v[0] ? 0 : 1;
		expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, v, c->ngood,
			       BADVALUE, -EACCES, "write of another value");
		expect_refused(c, p, &dev, &params, TP_PROP_TYPE_FLOAT, 32, TP_PROP_FLOAT, v, c->ngood,
			       BADVALUE, -EACCES, "write as FLOAT");
		printf("%s: %s (%d checks)\n", failures > f0 ? "FAIL" : "ok", c->name, checks - k0);
		return;
	}
	rc = write_ok(p, &dev, &params, v, c->ngood, &out);
	CHECK(rc == 0, "good write refused: %s", rc_name(rc));
	if (rc == 0) {
		uint32_t enc[TP_PROP_MAX_ITEMS], want[TP_PROP_MAX_ITEMS];

		memset(enc, 0, sizeof(enc));
		memset(want, 0, sizeof(want));
		tp_prop_encode(p, &dev, &out, enc);
		pack(p->format, bits, c->good, c->ngood, want);
		CHECK(memcmp(enc, want, (size_t)c->ngood * (bits / 8)) == 0, "read back differs");
		CHECK(!same_encoding(p, &dev, &params, &out), "good write is the old value: test proves nothing");
		for (size_t r = 0; r < tp_prop_count; r++)
			if (&tp_prop_table[r] != p)
				CHECK(same_encoding(&tp_prop_table[r], &dev, &params, &out),
				      "writing it changed \"%s\"", tp_prop_table[r].name);
	}

	/* wrong format and wrong type: BadMatch */
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		char what[64];

		if (formats[i] == bits)
			continue;
		snprintf(what, sizeof(what), "format %d", formats[i]);
		expect_refused(c, p, &dev, &params, tp_prop_type_of(p), formats[i], p->format, v,
			       c->ngood, BADMATCH, -EPROTOTYPE, what);
	}
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		static const char *names[] = { "INTEGER", "CARDINAL", "FLOAT", "STRING" };
		char what[64];

		if (types[i] == tp_prop_type_of(p))
			continue;
		snprintf(what, sizeof(what), "type %s", names[i]);
		expect_refused(c, p, &dev, &params, types[i], bits, p->format, v, c->ngood, BADMATCH,
			       -EPROTOTYPE, what);
	}

	/* item counts: one too many, one too few unless fewer are allowed, none */
	v[c->count] = 0;
	expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, v, c->count + 1,
		       BADMATCH, -E2BIG, "one item too many");
	expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, v, 0,
		       BADMATCH, -E2BIG, "no items");
	if (c->min_count == c->count) {
		if (c->count > 1)
			expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, v,
				       c->count - 1, BADMATCH, -E2BIG, "one item too few");
	} else {
		/* a partial write sets the first n items and keeps the rest */
		for (int n = c->min_count; n < c->count; n++) {
			struct tp_params want = params;
			double cur[TP_PROP_MAX_ITEMS];

			tp_prop_get(p, &dev, &params, cur);
			memcpy(cur, c->good, (size_t)n * sizeof(double));
			rc = write_ok(p, &dev, &params, cur, p->count, &want);
			CHECK(rc == 0, "full write refused");
			rc = write_ok(p, &dev, &params, c->good, n, &out);
			CHECK(rc == 0 && same_encoding(p, &dev, &out, &want),
			      "partial write of %d items: %s or other items moved", n, rc_name(rc));
		}
	}

	/* the range and consistency rules */
	for (size_t i = 0; i < sizeof(c->bad) / sizeof(c->bad[0]) && c->bad[i].what; i++) {
		const struct bad_write *b = &c->bad[i];

		expect_refused(c, p, &dev, &params, tp_prop_type_of(p), bits, p->format, b->v, b->n,
			       b->want, 0, b->what);
	}
	printf("%s: %s (%d checks)\n", failures > f0 ? "FAIL" : "ok", c->name, checks - k0);
}

/* The table holds exactly the expected properties, each once. */
static void check_names(void)
{
	current = "property set";
	for (size_t r = 0; r < tp_prop_count; r++) {
		int seen = 0;

		for (size_t i = 0; i < NCASES; i++)
			seen += strcmp(cases[i].name, tp_prop_table[r].name) == 0;
		CHECK(seen == 1, "\"%s\" is in the table but %s", tp_prop_table[r].name,
		      seen ? "listed twice here" : "has no test here");
	}
	for (size_t i = 0; i < NCASES; i++)
		CHECK(tp_prop_find(cases[i].name) != NULL, "\"%s\" is missing from the table", cases[i].name);
	CHECK(NCASES == 41, "%zu cases, want 1.9's 38 plus our 3", NCASES);
}

/* Properties that exist only on some pads. */
static void check_existence(void)
{
	struct tp_device dev;
	struct tp_params params, out;
	const struct tp_prop_desc *soft = tp_prop_find(SYNAPTICS_PROP_SOFTBUTTON_AREAS);
	const struct tp_prop_desc *sec = tp_prop_find(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS);
	const struct tp_prop_desc *sb = tp_prop_find(SYNAPTICS_PROP_SCROLL_BUTTONS);
	const struct tp_prop_desc *cp = tp_prop_find(SYNAPTICS_PROP_CLICKPAD);
	double zero = 0;

	current = "existence";
	rig(RIG_CLICKPAD, &dev, &params);
	CHECK(!tp_prop_exists(sb, &dev, &params), "Button Scrolling on a pad without scroll buttons");
	CHECK(!tp_prop_exists(sec, &dev, &params), "Secondary Soft Button Areas without a top row");
	CHECK(write_ok(cp, &dev, &params, &zero, 1, &out) == 0 && !tp_prop_exists(soft, &dev, &out),
	      "Soft Button Areas survive ClickPad 0");
	rig(RIG_SECONDARY, &dev, &params);
	/* 1.9 skipped item 3 when deciding whether the row is configured */
	memset(params.softbutton_areas[1], 0, sizeof(params.softbutton_areas[1]));
	params.softbutton_areas[1][3] = 1500;
	CHECK(tp_prop_exists(sec, &dev, &params), "secondary row with only its bottom edge set is hidden");
	rig(RIG_SCROLLBUTTONS, &dev, &params);
	CHECK(!tp_prop_exists(soft, &dev, &params), "Soft Button Areas on a pad that is not a clickpad");
}

int main(void)
{
	check_names();
	check_existence();
	for (size_t i = 0; i < NCASES; i++)
		check_case(&cases[i]);
	printf("%s: %zu properties, %d checks, %d failures\n", failures ? "FAIL" : "ok", NCASES, checks,
	       failures);
	return failures ? 1 : 0;
}
