/*
 * test-options.c - one test per 1.9 option whose behaviour no other unit
 * test exercises with a non-default value (see option-table in the issue #4
 * closing note).  Each test runs the same touch twice, with the default and
 * with the option set, and checks what a user notices: a button, a scroll,
 * motion or its absence.  So every test fails if the core ignored the option.
 *
 * Pad: the XIT single-touch Synaptics pad (tp-test.h): x 1472..5472,
 * y 1408..4448, z 0..255, w 0..15, no resolution.  1.9's defaults there:
 * edges 7 % (left 1752, right 5192, top 1620, bottom 4236), MaxTapMove 221,
 * hysteresis 25, scroll delta 100, FingerLow/High 25/30, PalmMinZ 200,
 * PalmMinWidth 10, PressureMotionMinZ/MaxZ 30/160.
 */
#include <math.h>
#include <string.h>

#include "tp-test.h"

#define CX 3400
#define CY 2900

/* One finger from (x0, y0) to (x1, y1) in `steps` frames of 12 ms, then up. */
static void stroke_from(struct tt *t, int x0, int y0, int x1, int y1, int steps)
{
	tt_down(t, 0, x0, y0);
	tt_step(t, 12);
	tt_glide(t, 0, x1, y1, steps, 12);
	tt_up(t, 0);
	tt_step(t, 12);
}

static void tapping_setup(struct tt *t, enum tt_kind kind)
{
	tt_init(t, kind);
	t->p.tap_button[0] = 1;
	t->p.tap_button[1] = 3;
	t->p.tap_button[2] = 2;
}

/* ---- edges and area ---- */

/* LeftEdge, RightEdge, TopEdge, BottomEdge: where the edge zones begin. */
static void run_edge_scroll(struct tt *t, int right, int bottom, double *v, double *h, int *motion)
{
	tt_init(t, TT_SYNAPTICS_ST_1F);		/* vertical edge scrolling on by default */
	t->p.coasting_speed = 0;
	t->p.horiz_edge_scroll = true;
	if (right)
		t->p.right_edge = right;
	if (bottom)
		t->p.bottom_edge = bottom;
	tt_start(t);
	stroke_from(t, 4800, 2000, 4800, 3000, 30);	/* x 4800: inside RightEdge 5192 */
	stroke_from(t, 2500, 4000, 3500, 4000, 30);	/* y 4000: above BottomEdge 4236 */
	tt_scroll_sum(t, v, h);
	*motion = tt_motion_events(t);
	tt_free(t);
}

static void test_edges(void)
{
	struct tt t;
	double v, h;
	int motion;

	run_edge_scroll(&t, 0, 0, &v, &h, &motion);
	CHECK(v == 0 && h == 0 && motion > 20, "default edges: both strokes move the pointer "
	      "(v %.2f h %.2f, %d motion events)", v, h, motion);
	run_edge_scroll(&t, 4500, 3800, &v, &h, &motion);
	CHECK(fabs(v - 10) < 1, "RightEdge 4500: the x 4800 stroke scrolls 1000/100 down (%.2f)", v);
	CHECK(fabs(h - 10) < 1, "BottomEdge 3800: the y 4000 stroke scrolls right (%.2f)", h);
	CHECK(motion == 0, "and neither moves the pointer (%d)", motion);

	/* LeftEdge/TopEdge place the left-top corner of corner taps. */
	tapping_setup(&t, TT_SYNAPTICS_ST);
	t.p.corner_button[2] = 2;	/* LTCornerButton */
	tt_start(&t);
	tt_tap_at(&t, 2000, 1900, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 2) == 0,
	      "(2000, 1900) is no corner with the default edges");
	tt_free(&t);
	tapping_setup(&t, TT_SYNAPTICS_ST);
	t.p.corner_button[2] = 2;
	t.p.left_edge = 2200;
	t.p.top_edge = 2000;
	tt_start(&t);
	tt_tap_at(&t, 2000, 1900, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 2) == 1 && tt_presses(&t, 1) == 0,
	      "LeftEdge 2200, TopEdge 2000: it is the left-top corner -> LTCornerButton");
	tt_free(&t);
}

/* AreaRightEdge, AreaTopEdge, AreaBottomEdge (AreaLeftEdge: test-motion test_area). */
static int area_motion(int which, int value, int x0, int y0, int x1, int y1)
{
	struct tt t;
	int n;

	tt_init(&t, TT_SYNAPTICS_ST);
	if (which == 1)
		t.p.area_right_edge = value;
	else if (which == 2)
		t.p.area_top_edge = value;
	else if (which == 3)
		t.p.area_bottom_edge = value;
	tt_start(&t);
	stroke_from(&t, x0, y0, x1, y1, 30);
	n = tt_motion_events(&t);
	tt_free(&t);
	return n;
}

static void test_area_edges(void)
{
	/* right: starts right of 4500 and slides into the area */
	CHECK(area_motion(0, 0, 5000, CY, 4000, CY) > 10, "no Area: the stroke moves the pointer");
	CHECK(area_motion(1, 4500, 5000, CY, 4000, CY) == 0, "AreaRightEdge: a touch starting right "
	      "of it is ignored, also once inside");
	CHECK(area_motion(1, 4500, 4200, CY, 3200, CY) > 10, "a touch starting inside moves");
	CHECK(area_motion(2, 2500, CX, 2000, CX, 3000) == 0, "AreaTopEdge: a touch above is ignored");
	CHECK(area_motion(2, 2500, CX, 2600, CX, 3600) > 10, "below it moves");
	CHECK(area_motion(3, 3500, CX, 4000, CX, 3000) == 0, "AreaBottomEdge: a touch below is ignored");
	CHECK(area_motion(3, 3500, CX, 3400, CX, 2400) > 10, "above it moves");
}

/* ---- resolution ---- */

static void resolution_stroke(int hres, int vres, int dx_jump, double *ux, double *uy)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.horiz_hysteresis = t.p.vert_hysteresis = 0;
	if (hres)
		t.p.horiz_resolution = hres;
	if (vres)
		t.p.vert_resolution = vres;
	tt_start(&t);
	if (!dx_jump) {
		stroke_from(&t, CX, 2000, CX + 300, 2300, 30);
	} else {
		tt_down(&t, 0, 1600, CY);
		tt_step(&t, 12);
		tt_glide(&t, 0, 1700, CY, 5, 12);
		tt_move(&t, 0, 1700 + dx_jump, CY);	/* one frame */
		tt_step(&t, 12);
		tt_glide(&t, 0, 1800 + dx_jump, CY, 5, 12);
		tt_up(&t, 0);
		tt_step(&t, 12);
	}
	tt_motion_sum(&t, NULL, NULL, ux, uy);
	tt_free(&t);
}

/* HorizResolution, VertResolution: x/y compensation and the mm-based jump filter. */
static void test_resolution(void)
{
	double ux, uy;

	resolution_stroke(0, 0, 0, &ux, &uy);
	CHECK(fabs(ux - 300) < 2 && fabs(uy - 300) < 2, "no resolution: 300/300 units (%.0f/%.0f)",
	      ux, uy);
	resolution_stroke(40, 80, 0, &ux, &uy);
	CHECK(fabs(ux - 300) < 2 && fabs(uy - 150) < 2, "HorizResolution 40, VertResolution 80: "
	      "y travels half as far per unit (%.0f/%.0f)", ux, uy);
	resolution_stroke(40, 20, 0, &ux, &uy);
	CHECK(fabs(uy - 600) < 3, "VertResolution 20: twice as far (%.0f)", uy);

	/* 600 units in one frame: under 25 % of the diagonal, over 20 mm at 20 units/mm */
	resolution_stroke(0, 0, 600, &ux, &uy);
	CHECK(ux > 750, "no resolution: a 600-unit step is motion (%.0f)", ux);
	resolution_stroke(20, 20, 600, &ux, &uy);
	CHECK(ux < 250 && ux > 150, "HorizResolution 20: 600 units = 30 mm, dropped as a jump (%.0f)",
	      ux);
}

/* ---- finger detection ---- */

static int pressure_motion_events(int low, int high, const int *z, int nz)
{
	struct tt t;
	int n;

	tt_init(&t, TT_SYNAPTICS_ST);
	if (low)
		t.p.finger_low = low;
	if (high)
		t.p.finger_high = high;
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	tt_pressure(&t, z[0], 6);
	tt_step(&t, 12);
	for (int i = 0; i < nz; i++) {
		tt_pressure(&t, z[i], 6);
		tt_glide(&t, 0, 2000 + (i + 1) * 400, CY, 10, 12);
	}
	n = tt_motion_events(&t);
	tt_free(&t);
	return n;
}

/* FingerLow, FingerHigh */
static void test_finger_thresholds(void)
{
	static const int light[] = { 45 };
	static const int fall[] = { 70, 55, 45 };
	static const int fall_first[] = { 70, 55 };

	CHECK(pressure_motion_events(0, 0, light, 1) > 5, "z 45 is a finger with FingerHigh 30");
	CHECK(pressure_motion_events(50, 60, light, 1) == 0, "FingerHigh 60: z 45 is not");
	/* down at 70; 55 is between FingerLow 50 and FingerHigh 60: still down; 45 releases */
	CHECK(pressure_motion_events(50, 60, fall, 3) == pressure_motion_events(50, 60, fall_first, 2),
	      "FingerLow 50: no motion once z drops to 45");
	CHECK(pressure_motion_events(50, 60, fall_first, 2) > 15, "but z 55 keeps moving (%d)",
	      pressure_motion_events(50, 60, fall_first, 2));
	CHECK(pressure_motion_events(0, 0, fall, 3) > pressure_motion_events(0, 0, fall_first, 2) + 5,
	      "with the default FingerLow 25 z 45 moves on");
}

/* PalmMinZ, PalmMinWidth (PalmDetect itself: test-motion test_palm) */
static int palm_motion(int minz, int minw)
{
	struct tt t;
	int n;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.palm_detect = true;
	if (minz)
		t.p.palm_min_z = minz;
	if (minw)
		t.p.palm_min_width = minw;
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	tt_pressure(&t, 70, 5);			/* a finger lands */
	tt_step(&t, 12);
	tt_glide(&t, 0, 2500, CY, 10, 12);
	CHECK(tt_motion_events(&t) > 5, "the finger moves the pointer");
	tt_clear(&t);
	tt_pressure(&t, 230, 12);		/* then the hand comes down on it */
	tt_glide(&t, 0, 3500, CY, 20, 12);
	n = tt_motion_events(&t);
	tt_free(&t);
	return n;
}

static void test_palm_dimensions(void)
{
	CHECK(palm_motion(0, 0) == 0, "z 230, w 12 is a palm with PalmMinZ 200, PalmMinWidth 10");
	CHECK(palm_motion(240, 0) > 10, "PalmMinZ 240: it is a finger");
	CHECK(palm_motion(0, 13) > 10, "PalmMinWidth 13: it is a finger");
}

/*
 * PalmDetect at touch-down (1.9 on pads without a size per touch): a contact
 * counts once it looks like a finger.  Returns the frame of the first motion,
 * -1 if none.
 */
static int palm_landing(bool detect, int minw, const int *z, int nz, int w)
{
	struct tt t;
	int first = -1;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.palm_detect = detect;
	if (minw)
		t.p.palm_min_width = minw;
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	for (int i = 0; i < 30; i++) {
		tt_pressure(&t, z[i < nz ? i : nz - 1], w);
		tt_move(&t, 0, 2000 + 40 * i, CY);
		tt_step(&t, 12);
		if (first < 0 && tt_motion_events(&t) > 0)
			first = i;
	}
	tt_free(&t);
	return first;
}

static void test_palm_touchdown(void)
{
	static const int steady[] = { 100 };
	static const int thin[] = { 70 };
	static const int rising[] = { 40, 80, 120, 160, 165, 165 };

	CHECK(palm_landing(false, 0, steady, 1, 12) >= 0 && palm_landing(false, 0, steady, 1, 12) <= 2,
	      "PalmDetect off: a wide contact (w 12, z 100) moves the pointer");
	CHECK(palm_landing(true, 0, steady, 1, 12) < 0,
	      "PalmDetect on: wider than PalmMinWidth 10 at touch-down, it never counts (%d)",
	      palm_landing(true, 0, steady, 1, 12));
	CHECK(palm_landing(true, 13, steady, 1, 12) >= 0,
	      "PalmMinWidth 13: it counts once its pressure settled (%d)",
	      palm_landing(true, 13, steady, 1, 12));
	CHECK(palm_landing(true, 0, thin, 1, 5) >= 0 && palm_landing(true, 0, thin, 1, 5) <= 2,
	      "a thin finger counts at once (%d)", palm_landing(true, 0, thin, 1, 5));
	CHECK(palm_landing(true, 0, rising, 6, 8) >= 5,
	      "a w 8 contact whose pressure still rises counts only once it settles (%d)",
	      palm_landing(true, 0, rising, 6, 8));
	CHECK(palm_landing(false, 0, rising, 6, 8) <= 2, "without PalmDetect at once (%d)",
	      palm_landing(false, 0, rising, 6, 8));
}

/* A pad without pressure and width axes: BTN_TOUCH decides, 1.9's fallback ranges. */
static void test_no_pressure_pad(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.pressure.present = false;
	t.dev.width.present = false;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.finger_low == 25 && t.p.finger_high == 30 && t.p.palm_min_z == 200 &&
	      t.p.palm_min_width == 10 && t.p.emulate_twofinger_w == 7,
	      "defaults from 0..255 and 0..15 (%d %d %d %d)", t.p.finger_low, t.p.finger_high,
	      t.p.palm_min_z, t.p.palm_min_width);
	t.p.tap_button[0] = 1;
	t.p.tap_button[1] = 3;
	t.p.palm_detect = true;		/* no width, no pressure: never a palm */
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	tt_pressure(&t, 0, 0);
	tt_step(&t, 12);
	tt_glide(&t, 0, 3000, CY, 20, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_motion_events(&t) > 10, "BTN_TOUCH alone moves the pointer");
	tt_clear(&t);
	tt_tap_at(&t, CX, CY, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0, "and taps with one finger");
	tt_free(&t);
}

/* EmulateTwoFingerMinZ/MinW on a pad without a width axis: MinW 0 emulates from pressure alone (1.9). */
static int heavy_tap_button(int minz, int minw)
{
	struct tt t;
	int button = 0;

	tapping_setup(&t, TT_SYNAPTICS_ST_1F);
	t.dev.width.present = false;
	tp_params_defaults(&t.dev, &t.p);
	t.p.tap_button[0] = 1;
	t.p.tap_button[1] = 3;
	if (minz)
		t.p.emulate_twofinger_z = minz;
	if (minw >= 0)
		t.p.emulate_twofinger_w = minw;
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 200, 0);
	tt_step(&t, 12);
	tt_step(&t, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	for (int b = 1; b <= 3; b++)
		if (tt_presses(&t, b))
			button = b;
	tt_free(&t);
	return button;
}

static void test_two_finger_emulation_no_width(void)
{
	CHECK(heavy_tap_button(0, -1) == 1, "defaults: a z 200 tap is one finger");
	CHECK(heavy_tap_button(150, -1) == 1, "MinZ 150 but MinW 7 > width 0: still one finger");
	CHECK(heavy_tap_button(150, 0) == 3, "MinZ 150, MinW 0: two fingers -> TapButton2");
}

/* ---- tapping ---- */

static int tap_moving(int max_move, int fingers, int dx)
{
	struct tt t;
	int n;

	tapping_setup(&t, TT_SYNAPTICS_ST);
	t.p.tap_and_drag_gesture = false;
	if (max_move >= 0)
		t.p.max_tap_move = max_move;
	t.fingers_override = fingers;
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + dx, CY, 3, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 500);
	n = tt_presses(&t, fingers == 2 ? 3 : 1);
	tt_free(&t);
	return n;
}

/* MaxTapMove: the movement a tap may have; 0 turns off one-finger taps only. */
static void test_max_tap_move(void)
{
	CHECK(tap_moving(-1, 1, 300) == 0, "300 units is too far with the default 221");
	CHECK(tap_moving(400, 1, 300) == 1, "MaxTapMove 400: the same touch is a tap");
	CHECK(tap_moving(-1, 1, 0) == 1, "a still one-finger tap clicks by default");
	CHECK(tap_moving(0, 1, 0) == 0, "MaxTapMove 0: no one-finger tap");
	CHECK(tap_moving(0, 2, 0) == 1, "but two-finger taps still work");
}

/* MaxTapTime: the longest touch that is still a tap. */
static void test_max_tap_time(void)
{
	for (int k = 0; k < 2; k++) {
		struct tt t;

		tapping_setup(&t, TT_SYNAPTICS_ST);
		t.p.tap_and_drag_gesture = false;
		if (k)
			t.p.max_tap_time = 100;
		tt_start(&t);
		tt_tap_at(&t, CX, CY, 11);		/* 144 ms down */
		tt_wait(&t, 500);
		if (k)
			CHECK(tt_presses(&t, 1) == 0, "MaxTapTime 100: a 144 ms touch is no tap");
		else
			CHECK(tt_presses(&t, 1) == 1, "a 144 ms touch is a tap with 180");
		tt_free(&t);
	}
}

/* SingleTapTimeout (wait before a single tap is sent), ClickTime (how long it is held). */
static void test_tap_durations(void)
{
	struct tt t;
	uint64_t lift;
	int p, r;

	tapping_setup(&t, TT_SYNAPTICS_ST);
	t.p.single_tap_timeout = 300;
	t.p.click_time = 40;
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 2);
	lift = t.now;
	tt_wait(&t, 250);
	CHECK(tt_presses(&t, 1) == 0, "SingleTapTimeout 300: nothing 250 ms after the tap");
	tt_wait(&t, 1000);
	p = tt_find_button(&t, 1, true, 0);
	r = tt_find_button(&t, 1, false, 0);
	CHECK(p >= 0 && r > p, "then one click");
	if (p >= 0 && r > p) {
		double dp = (t.ev[p].time - lift) / 1000.0, dr = (t.ev[r].time - t.ev[p].time) / 1000.0;

		CHECK(dp >= 299 && dp <= 301, "pressed 300 ms after the lift (%.1f)", dp);
		CHECK(dr >= 39 && dr <= 41, "ClickTime 40: released 40 ms later (%.1f)", dr);
	}
	tt_free(&t);
}

/* MaxDoubleTapTime: a second touch held longer than this is a drag, not a double tap. */
static int second_touch_presses(int max_double)
{
	struct tt t;
	int n;

	tapping_setup(&t, TT_SYNAPTICS_ST);
	if (max_double)
		t.p.max_double_tap_time = max_double;
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 2);
	tt_wait(&t, 50);
	tt_tap_at(&t, CX, CY, 11);		/* second touch: 144 ms */
	tt_wait(&t, 1000);
	n = tt_presses(&t, 1);
	CHECK(tt_releases(&t, 1) == n, "nothing left pressed");
	tt_free(&t);
	return n;
}

static void test_max_double_tap_time(void)
{
	CHECK(second_touch_presses(0) == 2, "144 ms second touch: a double click with 180");
	CHECK(second_touch_presses(100) == 1, "MaxDoubleTapTime 100: a drag, one press");
}

/* LockedDragTimeout: how long a locked drag stays after the finger lifts. */
static void test_locked_drag_timeout(void)
{
	for (int k = 0; k < 2; k++) {
		struct tt t;

		tapping_setup(&t, TT_SYNAPTICS_ST);
		t.p.locked_drags = true;
		if (k)
			t.p.locked_drag_timeout = 1000;
		tt_start(&t);
		tt_tap_at(&t, CX, CY, 2);
		tt_wait(&t, 50);
		stroke_from(&t, CX, CY, CX + 600, CY, 20);	/* tap-and-drag, then lift */
		tt_wait(&t, 900);
		CHECK(tt_held(&t, 1), "locked: button 1 still held 900 ms after the lift");
		tt_wait(&t, 200);
		if (k)
			CHECK(!tt_held(&t, 1), "LockedDragTimeout 1000: released by 1100 ms");
		else
			CHECK(tt_held(&t, 1), "default 5000: still held at 1100 ms");
		tt_free(&t);
	}
}

/* RTCornerButton, RBCornerButton, LTCornerButton, LBCornerButton */
static void test_corner_buttons(void)
{
	static const struct { int x, y, button; const char *name; } corner[] = {
		{ 5400, 1450, 8, "RT" }, { 5400, 4400, 9, "RB" },
		{ 1500, 1450, 10, "LT" }, { 1500, 4400, 11, "LB" },
	};
	struct tt t;

	tapping_setup(&t, TT_SYNAPTICS_ST);
	for (int i = 0; i < 4; i++)
		t.p.corner_button[i] = corner[i].button;
	tt_start(&t);
	for (int i = 0; i < 4; i++) {
		tt_clear(&t);
		tt_tap_at(&t, corner[i].x, corner[i].y, 2);
		tt_wait(&t, 1000);
		CHECK(tt_presses(&t, corner[i].button) == 1 && tt_presses(&t, 1) == 0,
		      "%sCornerButton %d", corner[i].name, corner[i].button);
	}
	tt_clear(&t);
	tt_tap_at(&t, CX, CY, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "the centre is TapButton1");
	tt_free(&t);
}

/* ---- scrolling ---- */

/*
 * Around the pad from start_deg to end_deg (0 = right, 90 = down), on the
 * square of the normalised pad: 45 degrees is a real corner (both edge
 * zones), 0 the middle of the right edge.  The angle seen from the centre
 * still grows steadily, so half a turn is pi.
 */
static void around_point(int deg, int *x, int *y)
{
	double a = deg * M_PI / 180, c = cos(a), s = sin(a);
	double k = 1.0 / fmax(fabs(c), fabs(s));

	*x = 3472 + (int)lround(1880 * c * k);	/* x 1592..5352: beyond the 7 % edges */
	*y = 2928 + (int)lround(1430 * s * k);	/* y 1498..4358 */
}

static void circle(struct tt *t, int start_deg, int end_deg)
{
	int step = start_deg < end_deg ? 5 : -5, x, y;

	around_point(start_deg, &x, &y);
	tt_down(t, 0, x, y);
	tt_step(t, 12);
	for (int a = start_deg + step; a != end_deg + step; a += step) {
		around_point(a, &x, &y);
		tt_move(t, 0, x, y);
		tt_step(t, 12);
	}
	tt_up(t, 0);
	tt_step(t, 12);
}

static double circle_scroll(int trigger, double delta, int start_deg, int end_deg, int *motion)
{
	struct tt t;
	double v;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.circular_scrolling = true;
	t.p.circ_scroll_trigger = trigger;
	if (delta > 0)
		t.p.circ_scroll_delta = delta;
	tt_start(&t);
	circle(&t, start_deg, end_deg);
	tt_scroll_sum(&t, &v, NULL);
	if (motion)
		*motion = tt_motion_events(&t);
	tt_free(&t);
	return v;
}

/* CircScrollDelta, CircScrollTrigger (CircularScrolling itself: test-scroll test_circular) */
static void test_circular_options(void)
{
	/* start zones: 1 top, 2 top-right, 3 right, ... 8 top-left; angles: 0 right, 90 down */
	static const int zone_deg[9] = { 0, -90, -45, 0, 45, 90, 135, 180, -135 };
	double v1, v2;
	int motion;

	v1 = circle_scroll(0, 0, -90, 90, NULL);
	v2 = circle_scroll(0, 0.2, -90, 90, NULL);
	CHECK(fabs(v1 - M_PI / 0.1) < 2, "half a turn = pi/0.1 by default (%.2f)", v1);
	CHECK(fabs(v2 - M_PI / 0.2) < 1, "CircScrollDelta 0.2: half as much (%.2f)", v2);

	for (int trig = 1; trig <= 8; trig++) {
		int other = trig <= 4 ? trig + 4 : trig - 4;	/* the opposite zone */
		double v;

		v = circle_scroll(trig, 0, zone_deg[trig], zone_deg[trig] + 180, NULL);
		CHECK(v > 20, "CircScrollTrigger %d: a circle from that zone scrolls (%.2f)", trig, v);
		v = circle_scroll(trig, 0, zone_deg[other], zone_deg[other] + 180, &motion);
		CHECK(v == 0 && motion > 5, "CircScrollTrigger %d: from zone %d it moves the pointer "
		      "(%.2f)", trig, other, v);
	}
	v1 = circle_scroll(0, 0, 45, 225, NULL);
	CHECK(v1 > 20, "CircScrollTrigger 0: any edge (%.2f)", v1);
}

/* ---- motion ---- */

/* AccelFactor: the slope of the speed curve between MinSpeed and MaxSpeed. */
static double gain(double accel, double minz_factor, int minz, int maxz, int z)
{
	struct tt t;
	double dx, ux;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.horiz_hysteresis = t.p.vert_hysteresis = 0;
	if (accel > 0)
		t.p.accel_factor = accel;
	if (minz_factor > 0) {
		/* flat speed curve: the gain is the pressure factor alone */
		t.p.min_speed = t.p.max_speed = 1.0;
		t.p.press_motion_min_factor = minz_factor;
		t.p.press_motion_max_factor = 2.0;
	}
	if (minz)
		t.p.press_motion_min_z = minz;
	if (maxz)
		t.p.press_motion_max_z = maxz;
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	if (z)
		tt_pressure(&t, z, 6);
	tt_step(&t, 12);
	tt_glide(&t, 0, 2200, CY, 40, 12);	/* 5 units per 12 ms: slow */
	tt_motion_sum(&t, &dx, NULL, &ux, NULL);
	tt_free(&t);
	return ux > 0 ? dx / ux / TP_POINTER_GAIN : 0;	/* the curve's factor */
}

static void test_accel_factor(void)
{
	double g0 = gain(0, 0, 0, 0, 0), g1 = gain(0.1, 0, 0, 0, 0), g2 = gain(1.0, 0, 0, 0, 0);

	CHECK(fabs(g0 - 0.4) < 0.01, "slow motion at MinSpeed 0.4 by default (%.3f)", g0);
	CHECK(g1 > 0.47 && g1 < 0.58, "AccelFactor 0.1: 0.1 x ~5.2 units/12.5 ms (%.3f)", g1);
	CHECK(fabs(g2 - 0.7) < 0.01, "AccelFactor 1: capped at MaxSpeed 0.7 (%.3f)", g2);
}

/* PressureMotionMinZ, PressureMotionMaxZ (the factors: test-motion test_pressure_motion) */
static void test_pressure_motion_z(void)
{
	double mid = gain(0, 1.0, 0, 0, 95);
	double below = gain(0, 1.0, 100, 0, 95);
	double above = gain(0, 1.0, 0, 90, 95);

	CHECK(fabs(mid - 1.5) < 0.02, "z 95 halfway between 30 and 160: factor 1.5 (%.3f)", mid);
	CHECK(fabs(below - 1.0) < 0.01, "PressureMotionMinZ 100: z 95 gets the min factor (%.3f)",
	      below);
	CHECK(fabs(above - 2.0) < 0.01, "PressureMotionMaxZ 90: z 95 gets the max factor (%.3f)",
	      above);
}

/* ---- buttons ---- */

static void press(struct tt *t, unsigned int bits, int ms)
{
	tt_buttons(t, bits);
	tt_step(t, 12);
	tt_wait(t, ms);
}

/*
 * LeftRightScrolling, LeftRightScrollRepeat, ScrollButtonRepeat (first repeat
 * after two intervals, clamped to 10..1000 ms, as the 1.9.2 binary does);
 * BTN_4..BTN_7 send nothing, as in 1.9.
 */
static void test_scroll_button_options(void)
{
	for (int k = 0; k < 5; k++) {
		struct tt t;

		tt_init(&t, TT_SYNAPTICS_ST);
		t.dev.buttons |= TP_HW_MULTI(2) | TP_HW_MULTI(3) | TP_HW_MULTI(4) | TP_HW_MULTI(7);
		tp_params_defaults(&t.dev, &t.p);
		if (k == 1)
			t.p.scroll_button_repeat = 200;
		if (k == 4)
			t.p.scroll_button_repeat = 5000;	/* used as 1000, 1.9's limit */
		if (k == 2)
			t.p.leftright_button_repeat = false;
		if (k == 3)
			t.p.leftright_button_scrolling = false;
		tt_start(&t);
		press(&t, TP_HW_MULTI(3), 540);		/* held 552 ms: repeats from 2 intervals on */
		if (k != 3)
			CHECK(tt_presses(&t, 2) == 0, "no middle button while scrolling");
		else
			CHECK(tt_held(&t, 2) && tt_presses(&t, 7) == 0,
			      "LeftRightScrolling off: BTN_3 is the middle button, held");
		press(&t, 0, 12);
		switch (k) {
		case 0:
			CHECK(tt_presses(&t, 7) == 5, "BTN_3 held 552 ms: 7 at 0, 200, 300, 400, 500 ms (%d)",
			      tt_presses(&t, 7));
			break;
		case 1:
			CHECK(tt_presses(&t, 7) == 2, "ScrollButtonRepeat 200: at 0 and 400 ms (%d)",
			      tt_presses(&t, 7));
			break;
		case 2:
			CHECK(tt_presses(&t, 7) == 1, "LeftRightScrollRepeat off: one click (%d)",
			      tt_presses(&t, 7));
			break;
		case 3:
			CHECK(!tt_held(&t, 2) && tt_presses(&t, 2) == 1, "released with the button");
			break;
		case 4:
			CHECK(tt_presses(&t, 7) == 1, "ScrollButtonRepeat 5000 is clamped to 1000 ms (%d)",
			      tt_presses(&t, 7));
			press(&t, TP_HW_MULTI(3), 2040);	/* first repeat at 2000 ms */
			press(&t, 0, 12);
			CHECK(tt_presses(&t, 7) == 3, "held 2052 ms: at 0 and 2000 ms (%d)",
			      tt_presses(&t, 7) - 1);
			break;
		}
		tt_clear(&t);
		press(&t, TP_HW_MULTI(4), 50);
		press(&t, TP_HW_MULTI(7), 50);
		press(&t, 0, 12);
		CHECK(t.nev == 0 || tt_motion_events(&t) == t.nev,
		      "BTN_4..BTN_7 send nothing, as in 1.9 (%d events)", t.nev);
		tt_free(&t);
	}
}

/* Two fingers 600 units apart move (dx, dy) in `steps` frames of 12 ms, then lift. */
static void two_finger_stroke(struct tt *t, int dx, int dy, int steps)
{
	tt_down(t, 0, 3000, 2200);
	tt_down(t, 1, 3600, 2200);
	tt_step(t, 12);
	for (int i = 1; i <= steps; i++) {
		tt_move(t, 0, 3000 + dx * i / steps, 2200 + dy * i / steps);
		tt_move(t, 1, 3600 + dx * i / steps, 2200 + dy * i / steps);
		tt_step(t, 12);
	}
	tt_up(t, 0);
	tt_up(t, 1);
	tt_step(t, 12);
}

/* VertScrollDelta, HorizScrollDelta: travel per scroll click; VertEdgeScroll off. */
static void test_scroll_deltas(void)
{
	struct tt t;
	double v, h;

	for (int k = 0; k < 2; k++) {
		tt_init(&t, TT_SYNAPTICS_CLICKPAD);
		t.p.coasting_speed = 0;
		t.p.horiz_twofinger_scroll = true;
		if (k) {
			t.p.vert_scroll_delta = 200;
			t.p.horiz_scroll_delta = 50;
		}
		tt_start(&t);
		two_finger_stroke(&t, 0, 1000, 40);
		two_finger_stroke(&t, 800, 0, 40);
		tt_scroll_sum(&t, &v, &h);
		if (k)
			CHECK(fabs(v - 5) < 0.5 && fabs(h - 16) < 0.5, "VertScrollDelta 200, "
			      "HorizScrollDelta 50: 1000 -> 5, 800 -> 16 (%.2f %.2f)", v, h);
		else
			CHECK(fabs(v - 10) < 0.5 && fabs(h - 8) < 0.5, "default 100: 1000 -> 10, "
			      "800 -> 8 (%.2f %.2f)", v, h);
		tt_free(&t);
	}

	tt_init(&t, TT_SYNAPTICS_ST_1F);
	t.p.coasting_speed = 0;
	t.p.vert_edge_scroll = false;
	tt_start(&t);
	stroke_from(&t, 5300, 2000, 5300, 3000, 30);
	CHECK(tt_scroll_events(&t) == 0 && tt_motion_events(&t) > 10,
	      "VertEdgeScroll off: the right strip moves the pointer (test-scroll: on scrolls)");
	tt_free(&t);
}

/*
 * CoastingSpeed, CoastingFriction: 1500 units in 300 ms = 50 scroll units/s at
 * lift-off.  CornerCoasting (finger-on coasting: test-scroll test_corner_coasting)
 * turns the lift-off coasting off.
 */
static double coast(double speed, double friction, bool corner)
{
	struct tt t;
	double v_finger, v_total;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.corner_coasting = corner;
	if (speed >= 0)
		t.p.coasting_speed = speed;
	if (friction > 0)
		t.p.coasting_friction = friction;
	tt_start(&t);
	two_finger_stroke(&t, 0, 1500, 25);
	tt_scroll_sum(&t, &v_finger, NULL);
	tt_wait(&t, 3000);
	tt_scroll_sum(&t, &v_total, NULL);
	tt_free(&t);
	return v_total - v_finger;
}

static void test_coasting_options(void)
{
	double d = coast(-1, 0, false), f = coast(-1, 100, false), off = coast(0, 0, false);
	double slow = coast(60, 0, false), corner = coast(-1, 0, true);

	CHECK(fabs(d - 25) < 4, "default: 50^2 / (2 x 50) = 25 units after lift-off (%.2f)", d);
	CHECK(fabs(f - 12.5) < 2.5, "CoastingFriction 100: half as far (%.2f)", f);
	CHECK(off == 0, "CoastingSpeed 0: no coasting (%.2f)", off);
	CHECK(slow == 0, "CoastingSpeed 60: 50 units/s is too slow to coast (%.2f)", slow);
	CHECK(corner == 0, "CornerCoasting on: no coasting after lift-off, as in 1.9 (%.2f)", corner);
}

/* ClickFinger1..3 on a clickpad (defaults 1, 3, 2): here 2, 1, 3. */
static int click_with(int fingers, bool custom)
{
	struct tt t;
	int button = 0;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	if (custom) {
		t.p.click_finger[0] = 2;
		t.p.click_finger[1] = 1;
		t.p.click_finger[2] = 3;
	}
	tt_start(&t);
	if (fingers == 3)
		t.fingers_override = 3;
	tt_down(&t, 0, 3000, 3000);
	if (fingers >= 2)
		tt_down(&t, 1, 3400, 3000);
	tt_step(&t, 12);
	press(&t, TP_HW_LEFT, 30);
	for (int b = 1; b <= 3; b++)
		if (tt_held(&t, b))
			button = b;
	press(&t, 0, 12);
	tt_free(&t);
	return button;
}

static void test_click_fingers(void)
{
	CHECK(click_with(1, false) == 1 && click_with(2, false) == 3 && click_with(3, false) == 2,
	      "clickpad defaults 1/3/2 (%d %d %d)", click_with(1, false), click_with(2, false),
	      click_with(3, false));
	/* 1.9: on a clickpad one finger is a plain click, ClickFinger1 does not apply. */
	CHECK(click_with(1, true) == 1, "clickpad, ClickFinger1 2: one-finger click = 1 (%d)",
	      click_with(1, true));
	CHECK(click_with(2, true) == 1, "ClickFinger2 1: two-finger click = 1 (%d)", click_with(2, true));
	CHECK(click_with(3, true) == 3, "ClickFinger3 3: three-finger click = 3 (%d)",
	      click_with(3, true));
}

/* HasSecondarySoftButtons + SecondarySoftButtonAreas: the top row of a Lenovo *40 pad. */
static int top_click(bool secondary, int x, int y)
{
	static const int top_row[8] = { 3583, 0, 0, 1772, 3001, 3583, 0, 1772 };
	struct tt t;
	int button = 0;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.topbuttonpad = true;
	tp_params_defaults(&t.dev, &t.p);
	CHECK(t.p.has_secondary_softbuttons, "probed from INPUT_PROP_TOPBUTTONPAD");
	t.p.has_secondary_softbuttons = secondary;
	memcpy(t.p.softbutton_areas[1], top_row, sizeof(top_row));
	tt_start(&t);
	tt_down(&t, 0, x, y);
	tt_step(&t, 12);
	press(&t, TP_HW_LEFT, 50);
	for (int b = 1; b <= 3; b++)
		if (tt_held(&t, b))
			button = b;
	press(&t, 0, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_free(&t);
	return button;
}

/* Pointer motion of one touch along points (x, y pairs) on the top-row pad. */
static int top_motion(const int *pts, int npts)
{
	static const int top_row[8] = { 3583, 0, 0, 1772, 3001, 3583, 0, 1772 };
	struct tt t;
	int n;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.topbuttonpad = true;
	tp_params_defaults(&t.dev, &t.p);
	memcpy(t.p.softbutton_areas[1], top_row, sizeof(top_row));
	tt_start(&t);
	tt_down(&t, 0, pts[0], pts[1]);
	tt_step(&t, 10);
	for (int i = 1; i < npts; i++) {
		tt_move(&t, 0, pts[2 * i], pts[2 * i + 1]);
		tt_step(&t, 10);
	}
	tt_up(&t, 0);
	tt_step(&t, 10);
	n = tt_motion_events(&t);
	tt_free(&t);
	return n;
}

/* 1.9 (XIT SynapticsSecondarySoftButtonTest): the whole top strip is "in the buttons". */
static void test_top_strip_motion(void)
{
	static const int within[] = { 1500, 1500, 1600, 1500, 1700, 1500 };
	static const int out[] = { 1500, 1500, 1600, 2600, 1700, 3500 };
	static const int into[] = { 1500, 3500, 1500, 2500, 1500, 1500, 1600, 1500, 1700, 1500 };

	CHECK(top_motion(within, 3) == 0,
	      "a touch moving inside the top strip, left of the areas, moves nothing");
	CHECK(top_motion(out, 3) > 0, "one that moves out of the strip (21 mm in a frame) moves");
	CHECK(top_motion(into, 5) >= 3, "one that starts below moves into and inside the strip");
}

static void test_secondary_soft_buttons(void)
{
	CHECK(top_click(true, 4500, 1500) == 3, "top row right of 58 %% = button 3");
	CHECK(top_click(true, 3300, 1500) == 2, "top row 42-58 %% = button 2");
	CHECK(top_click(true, 2000, 1500) == 1, "top row left = button 1");
	CHECK(top_click(false, 4500, 1500) == 1, "HasSecondarySoftButtons off: the top row is "
	      "no button area");
}

int main(void)
{
	RUN(test_edges);
	RUN(test_area_edges);
	RUN(test_resolution);
	RUN(test_finger_thresholds);
	RUN(test_palm_dimensions);
	RUN(test_palm_touchdown);
	RUN(test_no_pressure_pad);
	RUN(test_two_finger_emulation_no_width);
	RUN(test_max_tap_move);
	RUN(test_max_tap_time);
	RUN(test_tap_durations);
	RUN(test_max_double_tap_time);
	RUN(test_locked_drag_timeout);
	RUN(test_corner_buttons);
	RUN(test_circular_options);
	RUN(test_accel_factor);
	RUN(test_pressure_motion_z);
	RUN(test_scroll_button_options);
	RUN(test_secondary_soft_buttons);
	RUN(test_scroll_deltas);
	RUN(test_coasting_options);
	RUN(test_click_fingers);
	RUN(test_top_strip_motion);
	return tt_exit_status();
}
