/* XI 2.4 gestures: 3+ finger swipes, 2-finger pinch and rotate, and the scroll/pinch decision. */
#include <math.h>
#include <string.h>

#include "tp-test.h"
#include "core-private.h"

#define CX 3000
#define CY 2900

/* Sum of the updates of one gesture type; the last event of that type. */
static void gesture_sum(const struct tt *t, enum tp_gesture_type type, double *ux, double *uy,
			double *angle, const struct tp_gesture_event **last)
{
	*ux = *uy = *angle = 0;
	*last = NULL;
	for (int i = 0; i < t->nev; i++) {
		const struct tp_gesture_event *g = &t->ev[i].g;

		if (t->ev[i].type != TT_GESTURE || g->type != type)
			continue;
		if (g->phase == TP_GESTURE_UPDATE) {
			*ux += g->dx_unaccel;
			*uy += g->dy_unaccel;
			*angle += g->angle_delta;
		}
		*last = g;
	}
}

/* Three fingers on a 2-slot pad (BTN_TOOL_TRIPLETAP) move by (dx, dy). */
static void three_finger(struct tt *t, int dx, int dy, int steps, bool lift)
{
	t->fingers_override = 3;
	tt_down(t, 0, CX, CY);
	tt_down(t, 1, CX + 500, CY);
	tt_step(t, 12);
	for (int i = 1; i <= steps; i++) {
		tt_move(t, 0, CX + dx * i / steps, CY + dy * i / steps);
		tt_move(t, 1, CX + 500 + dx * i / steps, CY + dy * i / steps);
		tt_step(t, 12);
	}
	if (lift) {
		t->fingers_override = -1;
		tt_up(t, 0);
		tt_up(t, 1);
		tt_step(t, 12);
	}
}

static void test_swipe(void)
{
	struct tt t;
	const struct tp_gesture_event *last;
	double ux, uy, a;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	three_finger(&t, 800, 0, 20, true);
	gesture_sum(&t, TP_GESTURE_SWIPE, &ux, &uy, &a, &last);
	CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, TP_GESTURE_BEGIN) == 1, "one swipe begins");
	CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, TP_GESTURE_END) == 1, "and ends");
	CHECK(last && last->phase == TP_GESTURE_END && !last->cancelled && last->fingers == 3,
	      "with 3 fingers, not cancelled");
	CHECK(fabs(ux - 800) < 5 && fabs(uy) < 1, "the swipe covers the fingers' travel (%.0f, %.0f)",
	      ux, uy);
	CHECK(tt_motion_events(&t) == 0 && tt_scroll_events(&t) == 0, "no pointer motion, no scroll");
	tt_free(&t);

	/* Switched off: three fingers move the pointer, as in 1.9. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.swipe_gestures = false;
	tt_start(&t);
	three_finger(&t, 800, 0, 20, true);
	CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0, "SwipeGestures off: no swipe");
	CHECK(tt_motion_events(&t) > 10, "the pointer moves instead");
	tt_free(&t);

	/* A single-touch pad with TRIPLETAP swipes too (the count is all it needs). */
	tt_init(&t, TT_SYNAPTICS_ST);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX, CY + 600, 15, 12);
	t.fingers_override = -1;
	tt_up(&t, 0);
	tt_step(&t, 12);
	gesture_sum(&t, TP_GESTURE_SWIPE, &ux, &uy, &a, &last);
	CHECK(uy > 550 && last && last->phase == TP_GESTURE_END, "single-touch swipe down (%.0f)", uy);
	tt_free(&t);
}

static void test_swipe_finger_change(void)
{
	struct tt t;
	int begins = 0, cancelled_ends = 0, four = 0;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	three_finger(&t, 400, 0, 10, false);
	t.fingers_override = 4;
	tt_glide(&t, 0, CX + 800, CY, 10, 12);
	for (int i = 0; i < t.nev; i++) {
		const struct tp_gesture_event *g = &t.ev[i].g;

		if (t.ev[i].type != TT_GESTURE)
			continue;
		begins += g->phase == TP_GESTURE_BEGIN;
		cancelled_ends += g->phase == TP_GESTURE_END && g->cancelled;
		four += g->phase == TP_GESTURE_BEGIN && g->fingers == 4;
	}
	CHECK(begins == 2 && cancelled_ends == 1 && four == 1,
	      "3 -> 4 fingers: the 3-finger swipe is cancelled, a 4-finger one begins (%d %d %d)", begins,
	      cancelled_ends, four);
	tp_core_reset(t.core, t.now);
	CHECK(t.ev[t.nev - 1].type == TT_GESTURE && t.ev[t.nev - 1].g.phase == TP_GESTURE_END &&
	      t.ev[t.nev - 1].g.cancelled, "reset cancels the running swipe");
	tt_free(&t);
}

/* Two fingers, `gap` apart, each moving outwards by `spread` (negative: inwards). */
static void pinch(struct tt *t, int gap, int spread, int steps)
{
	tt_down(t, 0, CX - gap / 2, CY);
	tt_down(t, 1, CX + gap / 2, CY);
	tt_step(t, 12);
	for (int i = 1; i <= steps; i++) {
		tt_move(t, 0, CX - gap / 2 - spread * i / steps, CY);
		tt_move(t, 1, CX + gap / 2 + spread * i / steps, CY);
		tt_step(t, 12);
	}
	tt_up(t, 0);
	tt_up(t, 1);
	tt_step(t, 12);
}

static void test_pinch(void)
{
	struct tt t;
	const struct tp_gesture_event *last = NULL;
	double ux, uy, a, scale = 0;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	pinch(&t, 600, 400, 20);
	for (int i = 0; i < t.nev; i++)
		if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_UPDATE)
			scale = t.ev[i].g.scale;
	gesture_sum(&t, TP_GESTURE_PINCH, &ux, &uy, &a, &last);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 &&
	      tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_END) == 1, "one pinch");
	CHECK(scale > 1.6 && scale < 2.4, "fingers spreading from 600 to 1400 apart zoom in (%.2f)",
	      scale);
	CHECK(last && last->fingers == 2 && !last->cancelled, "2 fingers, ends normally");
	CHECK(fabs(ux) < 5 && fabs(uy) < 5, "the centre stays (%.1f, %.1f)", ux, uy);
	CHECK(tt_scroll_events(&t) == 0 && tt_motion_events(&t) == 0, "no scroll, no pointer motion");
	tt_clear(&t);

	pinch(&t, 1400, -300, 20);
	scale = 0;
	for (int i = 0; i < t.nev; i++)
		if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_UPDATE)
			scale = t.ev[i].g.scale;
	CHECK(scale > 0 && scale < 0.8, "closing fingers zoom out (%.2f)", scale);
	tt_free(&t);
}

static void test_rotate(void)
{
	struct tt t;
	const struct tp_gesture_event *last;
	double ux, uy, a;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY);
	tt_down(&t, 1, CX + 400, CY);
	tt_step(&t, 12);
	for (int deg = 3; deg <= 90; deg += 3) {
		double r = deg * M_PI / 180;

		/* clockwise on the screen: y grows downwards */
		tt_move(&t, 0, CX - 400 * cos(r), CY - 400 * sin(r));
		tt_move(&t, 1, CX + 400 * cos(r), CY + 400 * sin(r));
		tt_step(&t, 12);
	}
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	gesture_sum(&t, TP_GESTURE_PINCH, &ux, &uy, &a, &last);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1, "rotation is a pinch");
	CHECK(a > 60 && a <= 90, "clockwise rotation is positive (%.1f degrees after the decision)", a);
	tt_free(&t);
}

static void test_scroll_is_not_pinch(void)
{
	struct tt t;
	double v;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	tt_down(&t, 0, CX, CY - 500);
	tt_down(&t, 1, CX + 600, CY - 500);
	tt_step(&t, 12);
	for (int i = 1; i <= 40; i++) {
		/* fingers that drift apart a little while scrolling */
		tt_move(&t, 0, CX - i, CY - 500 + i * 25);
		tt_move(&t, 1, CX + 600 + i, CY - 500 + i * 25);
		tt_step(&t, 12);
	}
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "two fingers moving together: no pinch");
	CHECK(fabs(v - 1000.0 / t.p.vert_scroll_delta) < 0.5, "the whole distance scrolls (%.2f)", v);
	tt_free(&t);

	/* Semi-MT pinches from the bounding box: scale from its diagonal, no angle. */
	tt_init(&t, TT_SYNAPTICS_SEMI_MT);
	tt_start(&t);
	CHECK(t.p.pinch_gestures, "pinch is on by default on semi-MT pads");
	pinch(&t, 600, 400, 20);
	{
		double scale = 0, angle = 0;

		for (int i = 0; i < t.nev; i++)
			if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_UPDATE) {
				scale = t.ev[i].g.scale;
				angle += fabs(t.ev[i].g.angle_delta);
			}
		CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1,
		      "semi-MT: the growing box is a pinch");
		CHECK(scale > 1.6 && scale < 2.4 && angle == 0, "semi-MT: scale %.2f, angle %.1f", scale,
		      angle);
		CHECK(tt_scroll_events(&t) == 0, "semi-MT: the pinch does not scroll");
	}
	tt_free(&t);
}

static void test_gestures_off(void)
{
	for (int off = 1; off <= 2; off++) {
		struct tt t;

		tt_init(&t, TT_SYNAPTICS_CLICKPAD);
		t.p.touchpad_off = off;
		tt_start(&t);
		three_finger(&t, 800, 0, 20, true);
		pinch(&t, 600, 400, 20);
		CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0 &&
		      tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "TouchpadOff=%d: no gestures", off);
		tt_free(&t);
	}
}

static void test_click_drag_three_fingers(void)
{
	struct tt t;

	/* Three fingers press the clickpad (ClickFinger3) and drag: pointer motion, no swipe. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX, CY);
	tt_down(&t, 1, CX + 500, CY);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_wait(&t, 120);
	for (int i = 1; i <= 20; i++) {
		tt_move(&t, 0, CX + i * 30, CY);
		tt_move(&t, 1, CX + 500 + i * 30, CY);
		tt_step(&t, 12);
	}
	CHECK(tt_presses(&t, 2) == 1, "three-finger click = ClickFinger3");
	CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0, "no swipe while the pad is held");
	CHECK(tt_motion_events(&t) > 5, "the drag moves the pointer (%d)", tt_motion_events(&t));
	tt_free(&t);
}

/* Same bits as remainder(a, 360), the sign of a zero included. */
static bool wraps_as_remainder(double a)
{
	double w = tp_angle_wrap(a), r = remainder(a, 360.0);

	return memcmp(&w, &r, sizeof(w)) == 0;
}

/* tp_angle_wrap() is remainder(a, 360) for every difference of two angles measure() gives. */
static void test_angle_wrap(void)
{
	static const double edges[] = { 0.0, 180.0, 360.0, 539.0 };
	int bad = 0;

	for (int k = -540 * 64 + 1; k < 540 * 64; k++)
		bad += !wraps_as_remainder(k / 64.0);
	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++) {
		for (int sign = -1; sign <= 1; sign += 2) {
			double a = sign * edges[i];

			bad += !wraps_as_remainder(a);
			bad += !wraps_as_remainder(nextafter(a, 1000.0));
			bad += !wraps_as_remainder(nextafter(a, -1000.0));
		}
	}
	/* differences of atan2() angles, as measure() takes them (degrees) */
	for (int i = 0; i < 200000; i++) {
		double a = atan2(sin(i * 0.37), cos(i * 0.37)) * 180.0 / M_PI;
		double b = atan2(sin(i * 1.91 + 1), cos(i * 1.91 + 1)) * 180.0 / M_PI;

		bad += !wraps_as_remainder(a - b);
	}
	bad += !wraps_as_remainder(180.0 - -180.0) + !wraps_as_remainder(-180.0 - 180.0);
	CHECK(bad == 0, "tp_angle_wrap differs from remainder(a, 360) %d times", bad);
}

int main(void)
{
	RUN(test_angle_wrap);
	RUN(test_swipe);
	RUN(test_swipe_finger_change);
	RUN(test_pinch);
	RUN(test_rotate);
	RUN(test_scroll_is_not_pinch);
	RUN(test_gestures_off);
	RUN(test_click_drag_three_fingers);
	return tt_exit_status();
}
