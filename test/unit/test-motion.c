/* Pointer motion: direction, acceleration, hysteresis, jumps, pressure, off switch, area, palm. */
#include <math.h>

#include "tp-test.h"

#define CX 3000
#define CY 2900

/* Move one finger by (dx, dy) in `steps` frames of 12 ms. */
static void stroke(struct tt *t, int dx, int dy, int steps)
{
	tt_down(t, 0, CX, CY);
	tt_step(t, 12);
	tt_glide(t, 0, CX + dx, CY + dy, steps, 12);
	tt_up(t, 0);
	tt_step(t, 12);
}

static void test_direction(void)
{
	struct tt t;
	double dx, dy;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	stroke(&t, 600, 0, 20);
	tt_motion_sum(&t, &dx, &dy, NULL, NULL);
	CHECK(dx > 100 && fabs(dy) < 1, "moving right moves right (%.1f, %.1f)", dx, dy);
	tt_clear(&t);
	stroke(&t, 0, 600, 20);
	tt_motion_sum(&t, &dx, &dy, NULL, NULL);
	CHECK(dy > 100 && fabs(dx) < 1, "moving down moves down (%.1f, %.1f)", dx, dy);
	tt_free(&t);
}

static void test_acceleration(void)
{
	struct tt t;
	double slow, fast, uslow, ufast;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	stroke(&t, 1200, 0, 240);	/* 5 units per 12 ms */
	tt_motion_sum(&t, &slow, NULL, &uslow, NULL);
	tt_clear(&t);
	stroke(&t, 1200, 0, 8);		/* 150 units per 12 ms */
	tt_motion_sum(&t, &fast, NULL, &ufast, NULL);
	CHECK(fabs(uslow - ufast) < 20, "same finger travel unaccelerated (%.0f vs %.0f)", uslow, ufast);
	CHECK(fast > slow * 1.5, "faster is accelerated more (slow %.0f, fast %.0f)", slow, fast);
	/* the curve's factor is the ratio over the core's fixed gain */
	CHECK(fabs(slow / uslow / TP_POINTER_GAIN - t.p.min_speed) < 0.01, "slow motion at MinSpeed (%.3f)",
	      slow / uslow / TP_POINTER_GAIN);
	CHECK(fabs(fast / ufast / TP_POINTER_GAIN - t.p.max_speed) < 0.05, "fast motion near MaxSpeed (%.3f)",
	      fast / ufast / TP_POINTER_GAIN);
	tt_free(&t);

	/* MinSpeed = MaxSpeed: no acceleration at all. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.min_speed = t.p.max_speed = 1.0;
	tt_start(&t);
	stroke(&t, 1200, 0, 240);
	tt_motion_sum(&t, &slow, NULL, &uslow, NULL);
	tt_clear(&t);
	stroke(&t, 1200, 0, 8);
	tt_motion_sum(&t, &fast, NULL, &ufast, NULL);
	CHECK(fabs(slow - uslow * TP_POINTER_GAIN) < 1 && fabs(fast - ufast * TP_POINTER_GAIN) < 1,
	      "flat: accelerated == unaccelerated x the gain");
	tt_free(&t);
}

static void jitter(struct tt *t, int frames, int amp)
{
	tt_down(t, 0, CX, CY);
	tt_step(t, 12);
	for (int i = 0; i < frames; i++) {
		tt_move(t, 0, CX + (i % 2 ? amp : -amp), CY + (i % 3 == 0 ? amp : -amp));
		tt_step(t, 12);
	}
	tt_up(t, 0);
	tt_step(t, 12);
}

static void test_hysteresis(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);	/* fuzz 8: hysteresis 8 */
	tt_start(&t);
	jitter(&t, 40, 4);
	CHECK(tt_motion_events(&t) == 0, "a resting, jittering finger does not move the pointer (%d)",
	      tt_motion_events(&t));
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.horiz_hysteresis = t.p.vert_hysteresis = 0;
	tt_start(&t);
	jitter(&t, 40, 4);
	CHECK(tt_motion_events(&t) > 20, "without hysteresis the jitter shows (%d)",
	      tt_motion_events(&t));
	tt_free(&t);
}

static void test_jump_filter(void)
{
	struct tt t;
	double ux;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, 1600, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, 1700, CY, 5, 12);
	tt_move(&t, 0, 5000, CY);	/* 3300 units in one frame: > 25 % of the diagonal */
	tt_step(&t, 12);
	tt_glide(&t, 0, 5100, CY, 5, 12);
	tt_motion_sum(&t, NULL, NULL, &ux, NULL);
	CHECK(ux < 300, "the jump is dropped, the motion around it kept (%.0f)", ux);
	CHECK(ux > 100, "motion around the jump is kept (%.0f)", ux);
	tt_free(&t);
}

/* XIT's IdenticalMovementVerticalHorizontal: 10 mm right and 10 mm down per
 * frame on a pad with 75 x 129 units/mm move the pointer exactly diagonally. */
static void test_identical_mm_diagonal(void)
{
	struct tt t;
	double ux, uy, dx, dy;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.x.res = 75;
	t.dev.y.res = 129;
	t.dev.x.max = 8000;
	t.dev.y.max = 8000;
	tp_params_defaults(&t.dev, &t.p);
	tt_start(&t);
	tt_down(&t, 0, 1500, 2000);
	tt_step(&t, 12);
	tt_move(&t, 0, 2250, 3290);
	tt_step(&t, 12);
	tt_move(&t, 0, 3000, 4580);
	tt_step(&t, 12);
	tt_motion_sum(&t, &dx, &dy, &ux, &uy);
	CHECK(ux > 0 && ux == uy, "unaccelerated dx %.2f == dy %.2f", ux, uy);
	CHECK(dx > 0 && dx == dy, "accelerated dx %.2f == dy %.2f", dx, dy);
	tt_free(&t);
}

static void test_resolution_compensation(void)
{
	struct tt t;
	double ux, uy;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.x.res = 60;
	t.dev.y.res = 30;
	tp_params_defaults(&t.dev, &t.p);
	tt_start(&t);
	stroke(&t, 300, 300, 30);
	tt_motion_sum(&t, NULL, NULL, &ux, &uy);
	CHECK(fabs(uy - 2 * ux) < 40, "y units are twice as long as x units (%.0f, %.0f)", ux, uy);
	tt_free(&t);
}

static void test_pressure_motion(void)
{
	struct tt t;
	double light, heavy;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.press_motion_min_factor = 1.0;
	t.p.press_motion_max_factor = 2.0;
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 31, 6);		/* at PressureMotionMinZ (30) */
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 600, CY, 60, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_motion_sum(&t, &light, NULL, NULL, NULL);
	tt_clear(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 200, 6);	/* above PressureMotionMaxZ (160) */
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 600, CY, 60, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_motion_sum(&t, &heavy, NULL, NULL, NULL);
	CHECK(fabs(heavy / light - 2.0) < 0.1, "pressing harder doubles the speed (%.0f vs %.0f)",
	      heavy, light);
	tt_free(&t);
}

static void test_touchpad_off(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.touchpad_off = 1;
	tt_start(&t);
	stroke(&t, 600, 0, 20);
	CHECK(tt_motion_events(&t) == 0, "TouchpadOff=1: no motion");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.touchpad_off = 2;
	tt_start(&t);
	stroke(&t, 600, 0, 20);
	CHECK(tt_motion_events(&t) > 5, "TouchpadOff=2: motion still works");
	tt_free(&t);
}

static void test_area(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.area_left_edge = 2500;
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, 3500, CY, 30, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_motion_events(&t) == 0, "a touch starting outside the Area is ignored, also inside");
	tt_clear(&t);
	stroke(&t, 600, 0, 20);
	CHECK(tt_motion_events(&t) > 5, "a touch starting inside moves the pointer");
	tt_free(&t);
}

static void test_palm(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.palm_detect = true;
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 240, 14);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 600, CY, 20, 12);
	tt_pressure(&t, 60, 6);		/* the palm becomes lighter: still blocked until lift */
	tt_glide(&t, 0, CX + 900, CY, 10, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_motion_events(&t) == 0, "a palm does not move the pointer (%d)", tt_motion_events(&t));
	tt_clear(&t);
	stroke(&t, 600, 0, 20);
	CHECK(tt_motion_events(&t) > 5, "a finger after the palm does");
	tt_free(&t);
}

static void test_finger_pressure_hysteresis(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 20, 4);		/* below FingerHigh (30): hovering */
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 300, CY, 10, 12);
	CHECK(tt_motion_events(&t) == 0, "a light touch below FingerHigh does not move");
	tt_pressure(&t, 40, 5);
	tt_glide(&t, 0, CX + 600, CY, 10, 12);
	CHECK(tt_motion_events(&t) > 3, "above FingerHigh it does");
	tt_clear(&t);
	tt_pressure(&t, 27, 5);		/* between Low and High: still down */
	tt_glide(&t, 0, CX + 900, CY, 10, 12);
	CHECK(tt_motion_events(&t) > 3, "between FingerLow and FingerHigh it keeps moving");
	tt_free(&t);
}

static void test_mt_finger_switch_no_jump(void)
{
	struct tt t;
	double ux;

	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.vert_twofinger_scroll = false;	/* two fingers move the pointer */
	tt_start(&t);
	tt_down(&t, 0, 2000, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, 2200, CY, 10, 12);
	tt_down(&t, 1, 4500, CY);
	tt_step(&t, 12);
	tt_up(&t, 0);		/* the pointer finger lifts, the other one stays */
	tt_step(&t, 12);
	tt_glide(&t, 1, 4700, CY, 10, 12);
	tt_motion_sum(&t, NULL, NULL, &ux, NULL);
	CHECK(ux > 300 && ux < 420, "no jump when the pointer moves to the other finger (%.0f)", ux);
	tt_free(&t);
}

int main(void)
{
	RUN(test_direction);
	RUN(test_acceleration);
	RUN(test_hysteresis);
	RUN(test_jump_filter);
	RUN(test_resolution_compensation);
	RUN(test_identical_mm_diagonal);
	RUN(test_pressure_motion);
	RUN(test_touchpad_off);
	RUN(test_area);
	RUN(test_palm);
	RUN(test_finger_pressure_hysteresis);
	RUN(test_mt_finger_switch_no_jump);
	return tt_exit_status();
}
