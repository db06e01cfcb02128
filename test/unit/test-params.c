/* Parameters: 1.9's device-derived defaults, validation, the parameter table. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "tp-test.h"

static void test_defaults_clickpad(void)
{
	struct tt t;
	const struct tp_params *p = &t.p;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);	/* 4000 x 3040, diag 5024 */
	/* Synaptics PS/2: 7 % edges. */
	CHECK(p->left_edge == 1472 + 280 && p->right_edge == 5472 - 280, "x edges %d %d",
	      p->left_edge, p->right_edge);
	CHECK(p->top_edge == 1408 + 212 && p->bottom_edge == 4448 - 212, "y edges %d %d",
	      p->top_edge, p->bottom_edge);
	CHECK(p->finger_low == 25 && p->finger_high == 30, "finger %d %d", p->finger_low,
	      p->finger_high);
	CHECK(p->horiz_hysteresis == 8 && p->vert_hysteresis == 8, "hysteresis = kernel fuzz");
	CHECK(p->vert_scroll_delta == 100 && p->horiz_scroll_delta == 100, "scroll 2 %% of diag: %d",
	      p->vert_scroll_delta);
	CHECK(fabs(p->accel_factor - 200.0 / 5024) < 1e-9, "accel: 200 / diag, diag an int (5024) as in 1.9");
	CHECK(p->min_speed == 0.4 && p->max_speed == 0.7, "speeds");
	CHECK(p->max_tap_move == 221, "MaxTapMove 4.4 %% of diag: %d", p->max_tap_move);
	CHECK(p->max_tap_time == 180 && p->single_tap_timeout == 180 && p->max_double_tap_time == 180 &&
	      p->click_time == 100, "tap times");
	CHECK(p->tap_button[0] == 0 && p->tap_button[1] == 0 && p->tap_button[2] == 0,
	      "no tapping on a pad with a left button");
	CHECK(p->vert_twofinger_scroll && !p->vert_edge_scroll && !p->horiz_twofinger_scroll,
	      "DOUBLETAP: two-finger scrolling");
	CHECK(p->clickpad && p->emulate_mid_button_time == 0, "clickpad, no middle emulation");
	CHECK(p->click_finger[0] == 1 && p->click_finger[1] == 3 && p->click_finger[2] == 2,
	      "ClickFinger 1/3/2 without right/middle buttons");
	CHECK(p->palm_min_width == 10 && p->palm_min_z == 200, "palm %d %d", p->palm_min_width,
	      p->palm_min_z);
	CHECK(p->emulate_twofinger_z > 255, "two-finger emulation effectively off");
	CHECK(p->press_motion_min_z == 30 && p->press_motion_max_z == 160, "pressure motion");
	CHECK(p->coasting_speed == 20 && p->coasting_friction == 50, "coasting");
	CHECK(p->locked_drag_timeout == 5000 && !p->locked_drags, "locked drags");
	CHECK(p->scroll_button_repeat == 100, "scroll button repeat");
	CHECK(p->horiz_resolution == 1 && p->vert_resolution == 1, "unknown resolution is 1");
	CHECK(tp_params_validate(&t.dev, p, NULL) == 0, "defaults are valid");
}

static void test_defaults_other_pads(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST_1F);
	CHECK(t.p.tap_button[0] == 1 && t.p.tap_button[1] == 3 && t.p.tap_button[2] == 2,
	      "no buttons: TapButton 1/3/2");
	CHECK(t.p.vert_edge_scroll && !t.p.vert_twofinger_scroll, "no DOUBLETAP: edge scrolling");
	CHECK(t.p.emulate_mid_button_time == 75, "middle emulation 75 ms");

	tt_init(&t, TT_SYNAPTICS_ST);
	CHECK(t.p.click_finger[1] == 1 && t.p.click_finger[2] == 1, "with a right button ClickFinger 1/1/1");
	CHECK(t.p.horiz_hysteresis == 25, "no fuzz: 0.5 %% of diag (%d)", t.p.horiz_hysteresis);

	/*
	 * A pad with a slot per finger whose ABS_X has no fuzz but whose MT
	 * positions do (XIT's T440): 1.9 takes the MT axes' fuzz (8), as
	 * Debian's 1.9.2 does in the guest; semi-MT slots (a box) and a fuzz of
	 * 0 on them do not count.
	 */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.x.fuzz = t.dev.y.fuzz = 0;
	t.dev.mt_x = t.dev.x;
	t.dev.mt_y = t.dev.y;
	t.dev.mt_x.fuzz = t.dev.mt_y.fuzz = 8;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.horiz_hysteresis == 8 && t.p.vert_hysteresis == 8, "MT fuzz 8: hysteresis %d %d",
	      t.p.horiz_hysteresis, t.p.vert_hysteresis);
	t.dev.mt_x.fuzz = t.dev.mt_y.fuzz = 0;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.horiz_hysteresis == 25, "MT fuzz 0: 0.5 %% of diag (%d)", t.p.horiz_hysteresis);
	t.dev.mt_x.fuzz = t.dev.mt_y.fuzz = 8;
	t.dev.semi_mt = true;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.horiz_hysteresis == 25, "semi-MT: the box's fuzz does not count (%d)",
	      t.p.horiz_hysteresis);

	/* Generic (not Synaptics/ALPS/Apple): 4 % and 5.4 % edges; resolution kept. */
	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.vendor = 0x06cb;
	t.dev.product = 0x1234;
	t.dev.x.res = 40;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.left_edge == 1472 + 160 && t.p.top_edge == 1408 + 164, "generic edges %d %d",
	      t.p.left_edge, t.p.top_edge);
	CHECK(t.p.horiz_resolution == 40, "resolution from the kernel");

	/* ALPS: 15 %. */
	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.product = 0x0008;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.left_edge == 1472 + 600, "ALPS edges %d", t.p.left_edge);

	/* Elantech PS/2: a touch from the lowest pressure above the axis minimum. */
	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.product = 0x000e;
	t.dev.pressure.min = 3;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.finger_low == 4 && t.p.finger_high == 4, "Elantech finger %d %d", t.p.finger_low,
	      t.p.finger_high);
	CHECK(t.p.left_edge == 1472 + 160, "Elantech: generic edges %d", t.p.left_edge);

	/* Apple: 8.5 % edges; unibody MacBooks (1.9's model table) fixed finger thresholds. */
	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.vendor = 0x05ac;
	t.dev.product = 0x0230;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.finger_low == 70 && t.p.finger_high == 75, "unibody finger %d %d", t.p.finger_low,
	      t.p.finger_high);
	CHECK(t.p.left_edge == 1472 + 340, "Apple edges %d", t.p.left_edge);
	t.dev.product = 0x0229;		/* between 1.9's two unibody ranges */
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.finger_low == 25 && t.p.finger_high == 30, "other Apple pad: finger %d %d",
	      t.p.finger_low, t.p.finger_high);
}

static void expect_invalid(const struct tt *t, const struct tp_params *p, const char *what)
{
	const char *why = NULL;
	int rc = tp_params_validate(&t->dev, p, &why);

	CHECK(rc == -EINVAL && why && *why, "%s is refused (rc %d)", what, rc);
}

static void test_validate(void)
{
	struct tt t;
	struct tp_params p;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);

	p = t.p; p.left_edge = p.right_edge + 1; expect_invalid(&t, &p, "left > right");
	p = t.p; p.top_edge = p.bottom_edge + 1; expect_invalid(&t, &p, "top > bottom");
	p = t.p; p.finger_low = p.finger_high + 1; expect_invalid(&t, &p, "low > high");
	/* 1.9: a ScrollDelta of 0 is a valid option, that axis does not scroll */
	p = t.p; p.vert_scroll_delta = 0; p.horiz_scroll_delta = 0;
	CHECK(tp_params_validate(&t.dev, &p, NULL) == 0, "ScrollDelta 0 is accepted");
	p = t.p; p.touchpad_off = 3; expect_invalid(&t, &p, "TouchpadOff 3");
	p = t.p; p.touchpad_off = -1; expect_invalid(&t, &p, "TouchpadOff -1");
	p = t.p; p.circ_scroll_trigger = 9; expect_invalid(&t, &p, "CircScrollTrigger 9");
	p = t.p; p.circ_scroll_delta = 0; expect_invalid(&t, &p, "CircScrollDelta 0");
	p = t.p; p.tap_button[0] = -1; expect_invalid(&t, &p, "TapButton1 -1");
	p = t.p; p.horiz_hysteresis = -1; expect_invalid(&t, &p, "negative hysteresis");
	p = t.p; p.min_speed = NAN; expect_invalid(&t, &p, "MinSpeed NaN");
	p = t.p; p.press_motion_min_z = 200; p.press_motion_max_z = 100;
	expect_invalid(&t, &p, "PressureMotionMinZ > MaxZ");
	p = t.p; p.area_left_edge = 4000; p.area_right_edge = 3000;
	expect_invalid(&t, &p, "Area left >= right");

	/* Soft buttons: degenerate, overlapping. */
	p = t.p;
	memcpy(p.softbutton_areas[0], (int[8]){ 3000, 3000, 4000, 0, 0, 0, 0, 0 }, sizeof(int[8]));
	expect_invalid(&t, &p, "zero-width soft button area");
	p = t.p;
	memcpy(p.softbutton_areas[0], (int[8]){ 3472, 0, 4000, 0, 3000, 3600, 4000, 0 }, sizeof(int[8]));
	expect_invalid(&t, &p, "overlapping right and middle areas");
	p = t.p;
	memcpy(p.softbutton_areas[0], (int[8]){ 3472, 0, 4000, 0, 0, 3472, 4000, 0 }, sizeof(int[8]));
	CHECK(tp_params_validate(&t.dev, &p, NULL) == 0, "areas sharing an edge are fine");
	memcpy(p.softbutton_areas[1], (int[8]){ 4000, 0, 0, 4100, 0, 0, 0, 0 }, sizeof(int[8]));
	expect_invalid(&t, &p, "a secondary area overlapping a primary one");
	memcpy(p.softbutton_areas[1], (int[8]){ 4000, 0, 0, 1800, 3000, 4000, 0, 1800 }, sizeof(int[8]));
	CHECK(tp_params_validate(&t.dev, &p, NULL) == 0, "a top row above the bottom row is fine");

	/* Natural scrolling. */
	p = t.p; p.vert_scroll_delta = -100;
	CHECK(tp_params_validate(&t.dev, &p, NULL) == 0, "negative scroll delta is allowed");
	CHECK(tp_params_validate(&t.dev, NULL, NULL) == -EINVAL, "NULL is refused");
}

static void test_table(void)
{
	size_t n, i, j;
	const struct tp_param_desc *tab = tp_params_table(&n), *d;
	struct tt t;
	struct tp_params p;

	CHECK(n >= 80, "every parameter is in the table (%zu)", n);
	for (i = 0; i < n; i++) {
		size_t size = tab[i].type == TP_PARAM_BOOL ? sizeof(bool) :
			      tab[i].type == TP_PARAM_INT ? sizeof(int) : sizeof(double);

		CHECK(tab[i].offset + size <= sizeof(struct tp_params), "%s fits", tab[i].option);
		CHECK(tab[i].option && *tab[i].option, "entry %zu has an option name", i);
		for (j = i + 1; j < n; j++)
			CHECK(tab[i].offset != tab[j].offset, "%s and %s share a field", tab[i].option,
			      tab[j].option);
	}

	d = tp_param_find("tapbutton2");
	CHECK(d && d->offset == offsetof(struct tp_params, tap_button[1]), "TapButton2, case-insensitive");
	/* the property and synclient names of a setting: test/replay/check-tables */
	d = tp_param_find("SoftButtonAreas");
	CHECK(d && d->offset == offsetof(struct tp_params, softbutton_areas[0][0]) && d->percent == 'x' &&
	      d[2].option_index == 2 && d[2].offset == offsetof(struct tp_params, softbutton_areas[0][2]) &&
	      d[2].percent == 'y', "SoftButtonAreas: one row per element");
	CHECK(tp_param_find("NoSuchOption") == NULL, "unknown name");
	d = tp_param_find("HorizResolution");
	CHECK(d && (d->flags & TP_PARAM_READONLY), "resolution is read-only");

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	p = t.p;
	d = tp_param_find("MaxSpeed");
	tp_param_set(&p, d, 1.25);
	CHECK(p.max_speed == 1.25 && tp_param_get(&p, d) == 1.25, "double round trip");
	d = tp_param_find("VertScrollDelta");
	tp_param_set(&p, d, -42.4);
	CHECK(p.vert_scroll_delta == -42, "int round trip");
	d = tp_param_find("LockedDrags");
	tp_param_set(&p, d, 1);
	CHECK(p.locked_drags && tp_param_get(&p, d) == 1.0, "bool round trip");
	d = tp_param_find("TouchpadOff");
	tp_param_set(&p, d, 5);
	CHECK(tp_params_validate(&t.dev, &p, NULL) == -EINVAL, "range from the table is enforced");
	CHECK(tp_param_check(d, 2) == 0 && tp_param_check(d, 3) == -EINVAL && tp_param_check(d, -1) == -EINVAL &&
	      tp_param_check(d, 1.5) == -EINVAL, "TouchpadOff takes 0, 1, 2");
	d = tp_param_find("PinchThreshold");
	CHECK(tp_param_check(d, 1.5) == 0 && tp_param_check(d, 0.05) == -EINVAL &&
	      tp_param_check(d, NAN) == -EINVAL, "PinchThreshold 0.1..100 mm");
}

static void test_core_rejects_bad_device(void)
{
	struct tp_device dev;

	memset(&dev, 0, sizeof(dev));
	CHECK(tp_core_new(&dev, NULL, NULL, NULL) == NULL, "a device without an x/y range is refused");
	tp_core_frame(NULL, NULL);
	tp_core_timeout(NULL, 0);
	tp_core_reset(NULL, 0);
	CHECK(tp_core_next_timeout(NULL) == 0, "NULL core is harmless");
}

int main(void)
{
	RUN(test_defaults_clickpad);
	RUN(test_defaults_other_pads);
	RUN(test_validate);
	RUN(test_table);
	RUN(test_core_rejects_bad_device);
	return tt_exit_status();
}
