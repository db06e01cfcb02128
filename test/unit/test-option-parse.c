/*
 * test-option-parse.c - the xorg.conf option pipeline (tp_options_apply), as
 * the X driver and synreplay run it: 1.9's device-dependent defaults,
 * removed 1.x options, malformed and out-of-range values, percentages.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp-options.h"
#include "tp-test.h"

struct opts {
	const char *kv[32][2];
	int n;
	int errors, warnings;
	char log[4096];
};

static char *lookup(void *user, const char *name)
{
	struct opts *o = user;

	for (int i = o->n - 1; i >= 0; i--)
		if (tp_option_name_eq(o->kv[i][0], name))
			return strdup(o->kv[i][1]);
	return NULL;
}

__attribute__((format(printf, 3, 4)))
static void logger(void *user, enum tp_log_level level, const char *fmt, ...)
{
	struct opts *o = user;
	size_t len = strlen(o->log);
	va_list ap;

	if (level == TP_LOG_ERROR)
		o->errors++;
	if (level == TP_LOG_WARNING)
		o->warnings++;
	va_start(ap, fmt);
	vsnprintf(o->log + len, sizeof(o->log) - len, fmt, ap);
	va_end(ap);
	len = strlen(o->log);
	if (len + 1 < sizeof(o->log))
		strcat(o->log, "\n");
}

static void set(struct opts *o, const char *name, const char *value)
{
	o->kv[o->n][0] = name;
	o->kv[o->n][1] = value;
	o->n++;
}

/* Apply the options to the XIT single-touch pad (or `dev` if given). */
static void apply(struct opts *o, struct tp_device *dev, struct tp_params *p, struct tp_params *dflt)
{
	struct tp_option_source src = { .lookup = lookup, .log = logger, .user = o };

	tp_params_defaults(dev, dflt);
	tp_options_apply(dev, p, &src);
	if (getenv("TT_VERBOSE"))
		fprintf(stderr, "%s", o->log);
}

static struct tp_device st_pad(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	return t.dev;
}

static void test_removed_options(void)
{
	static const char *const removed[] = {
		"Repeater", "HistorySize", "SpecialScrollAreaRight", "GuestMouseOff", "SHMConfig",
		"FingerPress", "TrackstickSpeed", "EdgeMotionMinZ", "EdgeMotionMaxZ",
		"EdgeMotionMinSpeed", "EdgeMotionMaxSpeed", "EdgeMotionUseAlways", "FastTaps",
	};
	struct opts o = { 0 };
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	for (size_t i = 0; i < sizeof(removed) / sizeof(removed[0]); i++)
		set(&o, removed[i], "1");
	set(&o, "TapButton1", "1");
	set(&o, "SHM_config", "on");	/* spelled differently: the server's matching */
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0, "removed options are no errors: %s", o.log);
	CHECK(o.warnings == 13, "one warning per removed option (%d)", o.warnings);
	for (size_t i = 0; i < sizeof(removed) / sizeof(removed[0]); i++) {
		char needle[64];

		snprintf(needle, sizeof(needle), "\"%s\"", removed[i]);
		CHECK(strstr(o.log, needle) != NULL, "the warning names %s", removed[i]);
		CHECK(tp_option_is_removed(removed[i]), "%s is known as removed", removed[i]);
	}
	CHECK(p.tap_button[0] == 1, "the other options still apply");
	CHECK(!tp_option_is_removed("TapButton1"), "TapButton1 is no removed option");
}

static void test_malformed_values(void)
{
	static const char *const bad[][2] = {
		{ "MaxTapTime", "abc" }, { "MaxTapMove", "12.5" }, { "VertTwoFingerScroll", "maybe" },
		{ "CoastingSpeed", "fast" }, { "SoftButtonAreas", "1 2 3" }, { "TapButton2", "" },
		{ "HorizScrollDelta", "7%" }, { "FingerLow", "20x" },
	};
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct opts o = { 0 };
		const struct tp_param_desc *desc = tp_option_find(bad[i][0]);
		char needle[64];

		set(&o, bad[i][0], bad[i][1]);
		set(&o, "LockedDrags", "on");
		apply(&o, &dev, &p, &d);
		snprintf(needle, sizeof(needle), "option \"%s\"", bad[i][0]);
		CHECK(o.errors == 1 && strstr(o.log, needle), "'%s=%s' is reported: %s", bad[i][0],
		      bad[i][1], o.log);
		CHECK(desc && tp_param_get(&p, desc) == tp_param_get(&d, desc),
		      "'%s=%s': the default is used", bad[i][0], bad[i][1]);
		CHECK(p.locked_drags, "'%s=%s': the good option next to it still applies", bad[i][0],
		      bad[i][1]);
	}
}

static void test_out_of_range_values(void)
{
	static const char *const bad[][2] = {
		{ "TapButton1", "13" }, { "ClickFinger2", "40" }, { "RTCornerButton", "-1" },
		{ "TouchpadOff", "3" }, { "CircScrollTrigger", "9" }, { "CircScrollDelta", "0" },
		{ "ScrollButtonRepeat", "0" }, { "MaxTapTime", "-5" },
	};
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct opts o = { 0 };
		const struct tp_param_desc *desc = tp_option_find(bad[i][0]);

		set(&o, bad[i][0], bad[i][1]);
		set(&o, "TapButton3", "12");	/* the highest button the X device has */
		apply(&o, &dev, &p, &d);
		CHECK(o.errors > 0 && strstr(o.log, bad[i][0]), "'%s=%s' is reported: %s", bad[i][0],
		      bad[i][1], o.log);
		CHECK(desc && tp_param_get(&p, desc) == tp_param_get(&d, desc),
		      "'%s=%s': the default is used", bad[i][0], bad[i][1]);
		CHECK(p.tap_button[2] == 12, "TapButton3 12 is kept next to it");
	}
}

/* 1.9 takes VertScrollDelta / HorizScrollDelta 0: no scroll class, no scrolling. */
static void test_scroll_delta_zero(void)
{
	struct opts o = { 0 };
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	set(&o, "VertScrollDelta", "0");
	set(&o, "HorizScrollDelta", "0");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0, "ScrollDelta 0 accepted: %s", o.log);
	CHECK(p.vert_scroll_delta == 0 && p.horiz_scroll_delta == 0, "kept as 0 (%d %d)",
	      p.vert_scroll_delta, p.horiz_scroll_delta);
}

static void test_percentages(void)
{
	struct opts o = { 0 };
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	set(&o, "HorizHysteresis", "1%");	/* of the x range 4000 */
	set(&o, "VertHysteresis", "1%");	/* of the y range 3040 */
	set(&o, "AreaLeftEdge", "10%");		/* a position: 1472 + 400 */
	set(&o, "AreaBottomEdge", "90%");	/* 1408 + 2736 */
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0, "accepted: %s", o.log);
	CHECK(p.horiz_hysteresis == 40 && p.vert_hysteresis == 30,
	      "hysteresis %% of the width and height as in 1.9 (%d %d)", p.horiz_hysteresis,
	      p.vert_hysteresis);
	CHECK(p.area_left_edge == 1872 && p.area_bottom_edge == 4144, "area %% (%d %d)",
	      p.area_left_edge, p.area_bottom_edge);
}

static void test_top_bottom_swapped(void)
{
	struct opts o = { 0 };
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	set(&o, "TopEdge", "4000");
	set(&o, "BottomEdge", "2000");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0 && o.warnings == 1 && strstr(o.log, "TopEdge"),
	      "TopEdge below BottomEdge: a warning: %s", o.log);
	CHECK(p.top_edge == 2000 && p.bottom_edge == 4000, "and swapped, as 1.9 does (%d %d)",
	      p.top_edge, p.bottom_edge);

	o = (struct opts){ 0 };
	set(&o, "LeftEdge", "5000");
	set(&o, "RightEdge", "2000");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors > 0 && p.left_edge == d.left_edge && p.left_edge < p.right_edge &&
	      strstr(o.log, "reverting option \"LeftEdge\""),
	      "LeftEdge right of RightEdge is refused, its default used: %s", o.log);
}

static struct tp_device apple_pad(int product)
{
	struct tp_device dev = { 0 };

	strcpy(dev.name, "bcm5974");
	dev.vendor = 0x05ac;
	dev.product = product;
	dev.x = (struct tp_axis){ .min = -4828, .max = 5345, .fuzz = 40, .present = true };
	dev.y = (struct tp_axis){ .min = -203, .max = 6803, .fuzz = 40, .present = true };
	dev.pressure = (struct tp_axis){ .min = 0, .max = 256, .present = true };
	dev.width = (struct tp_axis){ .min = 0, .max = 16, .present = true };
	dev.num_slots = 16;
	dev.max_fingers = 5;
	dev.clickpad = true;
	dev.buttons = TP_HW_LEFT;
	return dev;
}

static void test_apple_defaults(void)
{
	static const struct { int product; bool unibody; } model[] = {
		{ 0x0223, true }, { 0x0228, true }, { 0x0236, true }, { 0x0262, true },
		{ 0x0222, false }, { 0x0229, false }, { 0x022b, false },
	};

	for (size_t i = 0; i < sizeof(model) / sizeof(model[0]); i++) {
		struct tp_device dev = apple_pad(model[i].product);
		struct tp_params p;
		int left = -4828 + (int)(0.085 * (5345 + 4828));

		tp_params_defaults(&dev, &p);
		if (model[i].unibody)
			CHECK(p.finger_low == 70 && p.finger_high == 75,
			      "unibody MacBook 0x%04x: FingerLow/High 70/75 (%d/%d)", model[i].product,
			      p.finger_low, p.finger_high);
		else
			CHECK(p.finger_low == 25 && p.finger_high == 30,
			      "appletouch 0x%04x: from the pressure range, 25/30 (%d/%d)",
			      model[i].product, p.finger_low, p.finger_high);
		CHECK(p.left_edge == left, "Apple 0x%04x: edges 8.5 %% (%d, want %d)", model[i].product,
		      p.left_edge, left);
	}
}

/* What a unibody default changes: a light touch (z 50) is no finger there. */
static void test_unibody_light_touch(void)
{
	struct tp_device dev = apple_pad(0x0236);
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev = dev;
	t.dev.num_slots = 2;
	tp_params_defaults(&t.dev, &t.p);
	tt_start(&t);
	tt_down(&t, 0, 0, 3000);
	tt_pressure(&t, 50, 6);
	tt_step(&t, 12);
	tt_glide(&t, 0, 1500, 3000, 20, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_motion_events(&t) == 0, "z 50 is below FingerHigh 75: no motion");
	tt_clear(&t);
	tt_down(&t, 0, 0, 3000);
	tt_pressure(&t, 90, 6);
	tt_step(&t, 12);
	tt_glide(&t, 0, 1500, 3000, 20, 12);
	CHECK(tt_motion_events(&t) > 10, "z 90 moves");
	tt_free(&t);
}

static void test_clickpad_option(void)
{
	struct opts o = { 0 };
	struct tp_device dev = st_pad();
	struct tp_params p, d;

	set(&o, "ClickPad", "on");
	set(&o, "SoftButtonAreas", "50% 0 82% 0 0 0 0 0");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0, "accepted: %s", o.log);
	CHECK(p.clickpad && dev.clickpad, "ClickPad on a pad the kernel calls no clickpad");
	CHECK(p.emulate_mid_button_time == 0, "middle emulation then defaults to off (%d)",
	      p.emulate_mid_button_time);
	/* 82% of 1408..4448 is 3900.8: 1.9 truncates to 3900 */
	CHECK(p.softbutton_areas[0][0] == 3472 && p.softbutton_areas[0][2] == 3900,
	      "soft buttons in %% truncated as in 1.9 (%d %d)", p.softbutton_areas[0][0], p.softbutton_areas[0][2]);

	/* 1.9: a soft-button edge of 0% is 0, no limit (a right edge of 0% would be empty otherwise) */
	o = (struct opts){ 0 };
	dev = st_pad();
	set(&o, "ClickPad", "on");
	set(&o, "SoftButtonAreas", "50% 0% 82% 0% 0 0 0 0");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 0 && p.softbutton_areas[0][1] == 0 && p.softbutton_areas[0][3] == 0,
	      "0%% soft-button edges mean no limit (%d %d): %s", p.softbutton_areas[0][1],
	      p.softbutton_areas[0][3], o.log);

	o = (struct opts){ 0 };
	dev = st_pad();
	set(&o, "ClickPad", "on");
	set(&o, "EmulateMidButtonTime", "50");
	apply(&o, &dev, &p, &d);
	CHECK(p.emulate_mid_button_time == 50, "an explicit EmulateMidButtonTime wins");

	o = (struct opts){ 0 };
	dev = st_pad();
	set(&o, "ClickPad", "sometimes");
	apply(&o, &dev, &p, &d);
	CHECK(o.errors == 1 && !p.clickpad, "a malformed ClickPad is reported, the probe kept");
}

int main(void)
{
	RUN(test_removed_options);
	RUN(test_malformed_values);
	RUN(test_out_of_range_values);
	RUN(test_percentages);
	RUN(test_scroll_delta_zero);
	RUN(test_top_bottom_swapped);
	RUN(test_apple_defaults);
	RUN(test_unibody_light_touch);
	RUN(test_clickpad_option);
	return tt_exit_status();
}
