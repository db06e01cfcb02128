/*
 * The scroll-or-pinch decision without timers, its latency, the lock for a
 * touch sequence, semi-MT swipes and cancelling; button-area suppression.
 */
#include <math.h>

#include "tp-test.h"

#define CX 3500
#define CY 2900
/* The test pads have no resolution: the core takes 1 mm as 1/85 of the diagonal. */
#define DIAG 5024.1
#define MM(mm) ((mm) * DIAG / 85.0)

/* Time of the first event of a type (us), 0 if none. */
static uint64_t first_time(const struct tt *t, enum tt_type type)
{
	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == type)
			return t->ev[i].time;
	return 0;
}

/*
 * Two fingers land; then each frame finger 0 moves by (ax, ay) and finger 1 by
 * (bx, by) units.  Returns the number of the first frame in which one finger
 * has moved more than the pinch threshold (1.5 mm), counted from 1; *t0 is the
 * time of that frame.
 */
static int two_fingers(struct tt *t, double ax, double ay, double bx, double by, int steps,
		       uint64_t *t0)
{
	int crossed = 0;

	tt_down(t, 0, CX - 400, CY);
	tt_down(t, 1, CX + 400, CY);
	tt_step(t, 12);
	tt_clear(t);
	for (int i = 1; i <= steps; i++) {
		tt_move(t, 0, (int)lround(CX - 400 + ax * i), (int)lround(CY + ay * i));
		tt_move(t, 1, (int)lround(CX + 400 + bx * i), (int)lround(CY + by * i));
		tt_step(t, 12);
		if (!crossed && fmax(hypot(ax * i, ay * i), hypot(bx * i, by * i)) > MM(1.5)) {
			crossed = i;
			*t0 = t->now;
		}
	}
	return crossed;
}

static void lift(struct tt *t)
{
	t->fingers_override = -1;
	tt_up(t, 0);
	tt_up(t, 1);
	tt_step(t, 12);
}

static void test_latency(void)
{
	struct tt t;
	uint64_t t0 = 0, first;

	/* Parallel: the scroll starts in the frame that crosses the threshold. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	two_fingers(&t, 0, 30, 0, 30, 20, &t0);
	first = first_time(&t, TT_SCROLL);
	CHECK(first && first <= t0 + 2 * 12000, "parallel fingers scroll within 2 frames (%lld us late)",
	      (long long)first - (long long)t0);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "and do not pinch");
	lift(&t);
	tt_free(&t);

	/* Opposite: the pinch begins in that frame too. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_fingers(&t, -30, 0, 30, 0, 20, &t0);
	first = first_time(&t, TT_GESTURE);
	CHECK(first && first <= t0 + 2 * 12000, "spreading fingers pinch within 2 frames (%lld us late)",
	      (long long)first - (long long)t0);
	CHECK(tt_scroll_events(&t) == 0, "and do not scroll");
	lift(&t);
	tt_free(&t);

	/* Slow fingers: no waiting window either, the decision follows the distance. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_fingers(&t, -4, 0, 4, 0, 60, &t0);
	first = first_time(&t, TT_GESTURE);
	CHECK(first && first <= t0 + 2 * 12000, "a slow pinch begins when it crosses the threshold");
	lift(&t);
	tt_free(&t);

	/* Below the threshold nothing is decided, however long the fingers stay. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_fingers(&t, -1, 0, 1, 0, 40, &t0);
	CHECK(t.nev == 0, "2 fingers moving 40 units in 0.5 s: nothing yet (%d events)", t.nev);
	lift(&t);
	tt_free(&t);
}

static void test_one_finger_still(void)
{
	struct tt t;
	uint64_t t0 = 0;

	/* One finger rests, the other moves away: a pinch, decided at twice the threshold. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_fingers(&t, 0, 0, 20, 0, 30, &t0);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 &&
	      tt_scroll_events(&t) == 0, "resting finger + moving finger: pinch, no scroll");
	lift(&t);
	tt_free(&t);
}

static void test_sequence_lock(void)
{
	struct tt t;

	/* A scroll, then one finger lifts and comes back and the two spread: still a scroll. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY - 600);
	tt_down(&t, 1, CX + 400, CY - 600);
	tt_step(&t, 12);
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX - 400, CY - 600 + 40 * i);
		tt_move(&t, 1, CX + 400, CY - 600 + 40 * i);
		tt_step(&t, 12);
	}
	CHECK(tt_scroll_events(&t) > 0, "scrolls");
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_down(&t, 1, CX + 400, CY - 200);
	tt_step(&t, 12);
	tt_clear(&t);
	for (int i = 1; i <= 20; i++) {
		tt_move(&t, 0, CX - 400 - 30 * i, CY - 200);
		tt_move(&t, 1, CX + 400 + 30 * i, CY - 200);
		tt_step(&t, 12);
	}
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0,
	      "no pinch in a touch sequence that scrolled");
	lift(&t);
	/* a new sequence decides afresh */
	tt_clear(&t);
	tt_down(&t, 0, CX - 400, CY);
	tt_down(&t, 1, CX + 400, CY);
	tt_step(&t, 12);
	for (int i = 1; i <= 20; i++) {
		tt_move(&t, 0, CX - 400 - 30 * i, CY);
		tt_move(&t, 1, CX + 400 + 30 * i, CY);
		tt_step(&t, 12);
	}
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1,
	      "after every finger was up, a pinch is possible again");
	lift(&t);
	tt_free(&t);
}

static void test_pinch_stays_pinch(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY - 600);
	tt_down(&t, 1, CX + 400, CY - 600);
	tt_step(&t, 12);
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX - 400 - 30 * i, CY - 600);
		tt_move(&t, 1, CX + 400 + 30 * i, CY - 600);
		tt_step(&t, 12);
	}
	/* now both move down together */
	for (int i = 1; i <= 20; i++) {
		tt_move(&t, 0, CX - 700, CY - 600 + 40 * i);
		tt_move(&t, 1, CX + 700, CY - 600 + 40 * i);
		tt_step(&t, 12);
	}
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 &&
	      tt_scroll_events(&t) == 0, "a pinch that moves on in parallel never becomes a scroll");
	/* lifting one finger ends the pinch; the other does not move the pointer */
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX - 200, CY, 10, 12);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_END) == 1, "one finger up ends it");
	CHECK(tt_motion_events(&t) == 0, "the remaining finger does not jump the pointer");
	tt_free(&t);
}

static void test_cancel_on_button(void)
{
	struct tt t;
	bool cancelled = false;

	tt_init(&t, TT_SYNAPTICS_MT);
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY);
	tt_down(&t, 1, CX + 400, CY);
	tt_step(&t, 12);
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX - 400 - 30 * i, CY);
		tt_move(&t, 1, CX + 400 + 30 * i, CY);
		tt_step(&t, 12);
	}
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	for (int i = 0; i < t.nev; i++)
		if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_END)
			cancelled = t.ev[i].g.cancelled;
	CHECK(cancelled, "a button press cancels the pinch");
	tt_free(&t);
}

static void test_lift_one_by_one(void)
{
	struct tt t;
	int ends = 0, cancelled = 0;

	/* A 3-finger swipe whose fingers leave one after the other ends normally. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX - 500, CY);
	tt_down(&t, 1, CX + 500, CY);
	tt_step(&t, 12);
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX - 500 + 60 * i, CY);
		tt_move(&t, 1, CX + 500 + 60 * i, CY);
		tt_step(&t, 12);
	}
	t.fingers_override = 2;
	tt_step(&t, 12);
	t.fingers_override = -1;
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX, CY + 500, 10, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	for (int i = 0; i < t.nev; i++)
		if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_END) {
			ends++;
			cancelled += t.ev[i].g.cancelled;
		}
	CHECK(ends == 1 && cancelled == 0, "lifting fingers one by one ends the swipe, not cancelled");
	CHECK(tt_motion_events(&t) == 0 && tt_scroll_events(&t) == 0,
	      "the fingers left behind neither scroll nor move the pointer");
	tt_free(&t);
}

static void test_semi_mt(void)
{
	struct tt t;
	double dx = 0;
	int begins = 0;

	/* Semi-MT swipe: BTN_TOOL_TRIPLETAP and the box centre moving left. */
	tt_init(&t, TT_SYNAPTICS_SEMI_MT);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX - 500, CY - 200);
	tt_down(&t, 1, CX + 500, CY + 200);
	tt_step(&t, 12);
	for (int i = 1; i <= 20; i++) {
		tt_move(&t, 0, CX - 500 - 50 * i, CY - 200);
		tt_move(&t, 1, CX + 500 - 50 * i, CY + 200);
		tt_step(&t, 12);
	}
	lift(&t);
	for (int i = 0; i < t.nev; i++) {
		if (t.ev[i].type != TT_GESTURE || t.ev[i].g.type != TP_GESTURE_SWIPE)
			continue;
		begins += t.ev[i].g.phase == TP_GESTURE_BEGIN;
		dx += t.ev[i].g.dx_unaccel;
	}
	CHECK(begins == 1 && dx < -900, "semi-MT: a 3-finger swipe left from the box centre (%.0f)", dx);
	CHECK(tt_motion_events(&t) == 0, "semi-MT swipe: no pointer motion");
	tt_free(&t);
}

/* ---- button-area suppression ---- */

/* A thumb rests low on the pad and holds the left button; the index drags. */
static void thumb_drag(struct tt *t, bool slide_into_area)
{
	tt_down(t, 1, CX + 800, 4300);		/* thumb, bottom 5% of the pad */
	tt_step(t, 12);
	tt_down(t, 0, CX - 800, 2400);
	tt_step(t, 12);
	tt_buttons(t, TP_HW_LEFT);
	tt_step(t, 12);
	if (slide_into_area)
		tt_glide(t, 0, CX - 800, 4300, 20, 12);
	else
		tt_glide(t, 0, CX + 200, 2400, 20, 12);
	tt_buttons(t, 0);
	tt_step(t, 12);
}

static void test_suppression(void)
{
	struct tt t;
	double dx, dy;

	tt_init(&t, TT_SYNAPTICS_MT);
	CHECK(!t.p.button_area_suppression, "off by default on pads with physical buttons");
	t.p.coasting_speed = 0;
	tt_start(&t);
	thumb_drag(&t, false);
	tt_motion_sum(&t, &dx, NULL, NULL, NULL);
	CHECK(tt_presses(&t, 1) == 1, "off: button 1");
	CHECK(dx < 100 * TP_POINTER_GAIN, "off: the thumb makes it a two-finger touch, the pointer does not drag (%.0f)", dx);
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.button_area_suppression = true;
	t.p.coasting_speed = 0;
	tt_start(&t);
	thumb_drag(&t, false);
	tt_motion_sum(&t, &dx, NULL, NULL, NULL);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0, "on: button 1, no two-finger click");
	CHECK(dx > 500 * TP_POINTER_GAIN, "on: the index drags the pointer (%.0f)", dx);
	CHECK(tt_scroll_events(&t) == 0, "on: no scrolling");
	tt_free(&t);

	/* A finger that slides into the area during the drag keeps dragging. */
	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.button_area_suppression = true;
	tt_start(&t);
	thumb_drag(&t, true);
	tt_motion_sum(&t, NULL, &dy, NULL, NULL);
	CHECK(dy > 1000 * TP_POINTER_GAIN, "a drag into the button area goes on (%.0f)", dy);
	tt_free(&t);

	/* ButtonAreaTop below the thumb: the thumb is a finger again. */
	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.button_area_suppression = true;
	t.p.button_area_top = 4400;
	t.p.coasting_speed = 0;
	tt_start(&t);
	thumb_drag(&t, false);
	tt_motion_sum(&t, &dx, NULL, NULL, NULL);
	CHECK(dx < 100 * TP_POINTER_GAIN, "ButtonAreaTop 4400: a thumb at 4300 is not suppressed (%.0f)", dx);
	tt_free(&t);

	/* One finger alone that clicks low on the pad and drags is a normal drag. */
	tt_init(&t, TT_SYNAPTICS_MT);
	t.p.button_area_suppression = true;
	tt_start(&t);
	tt_down(&t, 0, CX, 4300);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 1000, 4300, 20, 12);
	tt_motion_sum(&t, &dx, NULL, NULL, NULL);
	CHECK(dx > 500 * TP_POINTER_GAIN, "a single finger in the area drags (%.0f)", dx);
	/* then the index lands above: from now on the low finger is set aside */
	tt_down(&t, 1, CX - 1000, 2400);
	tt_step(&t, 12);
	tt_clear(&t);
	tt_glide(&t, 1, CX - 1000, 3000, 20, 12);
	tt_motion_sum(&t, &dx, &dy, NULL, NULL);
	CHECK(dy > 300 * TP_POINTER_GAIN && tt_scroll_events(&t) == 0,
	      "an index that lands during the click drags alone (%.0f, %.0f)", dx, dy);
	tt_free(&t);

	/* Clickpads: on by default; the soft-button line is the area top. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	CHECK(t.p.button_area_suppression, "on by default on clickpads");
	tt_free(&t);
}


/* Set one slot's pressure (ABS_MT_PRESSURE) without touching the others. */
static void slot_pressure(struct tt *t, int slot, int z)
{
	t->f.slots[slot].pressure = z;
}

/*
 * A pinch-out the way a hand makes it: finger 0 lands, finger 1 lands a
 * frame later, both with pressure ramping up from below FingerHigh (30)
 * over a few frames, and the two move apart from the second frame of
 * finger 1 on.  The report: this was decided "two-finger scroll" in the
 * frame finger 1 landed (it counted as a second finger before it was a
 * usable touch) and the application got scroll events instead of a zoom.
 */
static void staggered_pinch(struct tt *t, int dir)
{
	static const int ramp[] = { 12, 24, 40, 60, 70 };

	tt_down(t, 0, CX - 600, CY);
	slot_pressure(t, 0, ramp[0]);
	tt_step(t, 12);
	tt_move(t, 0, CX - 602, CY + 1);
	slot_pressure(t, 0, ramp[1]);
	tt_step(t, 12);
	tt_down(t, 1, CX + 600, CY);
	slot_pressure(t, 0, ramp[2]);
	slot_pressure(t, 1, ramp[0]);
	tt_step(t, 12);
	for (int i = 1; i <= 24; i++) {
		int d = dir * 30 * (i > 1 ? i - 1 : 0);

		tt_move(t, 0, CX - 600 - d + (i % 2), CY + (i % 3) - 1);
		tt_move(t, 1, CX + 600 + d - (i % 2), CY - (i % 3) + 1);
		slot_pressure(t, 0, ramp[i + 2 < 5 ? i + 2 : 4]);
		slot_pressure(t, 1, ramp[i < 5 ? i : 4]);
		tt_step(t, 12);
	}
	/* finger 1 lifts first, its pressure falling; then finger 0 */
	slot_pressure(t, 1, 20);
	tt_step(t, 12);
	tt_up(t, 1);
	slot_pressure(t, 0, 20);
	tt_step(t, 12);
	tt_up(t, 0);
	tt_step(t, 12);
}

static void test_staggered_pinch(void)
{
	struct tt t;
	int ends = 0, cancelled = 0;
	double scale = 0;

	for (int dir = 1; dir >= -1; dir -= 2) {
		tt_init(&t, TT_SYNAPTICS_CLICKPAD);
		t.p.coasting_speed = 0;
		tt_start(&t);
		staggered_pinch(&t, dir);
		ends = cancelled = 0;
		for (int i = 0; i < t.nev; i++) {
			if (t.ev[i].type != TT_GESTURE || t.ev[i].g.type != TP_GESTURE_PINCH)
				continue;
			if (t.ev[i].g.phase == TP_GESTURE_UPDATE)
				scale = t.ev[i].g.scale;
			if (t.ev[i].g.phase == TP_GESTURE_END) {
				ends++;
				cancelled += t.ev[i].g.cancelled;
			}
		}
		CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1,
		      "staggered, pressure-ramped pinch-%s: one pinch (%d begins)", dir > 0 ? "out" : "in",
		      tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN));
		CHECK(tt_scroll_events(&t) == 0, "staggered pinch-%s: no scroll events (%d)",
		      dir > 0 ? "out" : "in", tt_scroll_events(&t));
		CHECK(dir > 0 ? scale > 1.5 : scale < 0.6, "staggered pinch-%s: scale %.2f",
		      dir > 0 ? "out" : "in", scale);
		CHECK(ends == 1 && cancelled == 0, "fingers lifted one at a time end it (%d ends, %d cancelled)",
		      ends, cancelled);
		tt_free(&t);
	}
}

/* A 2-slot pad misreads the finger count for one frame: nothing ends, nothing starts. */
static void test_count_glitch(void)
{
	struct tt t;
	int cancelled = 0, swipes = 0;
	double v0, v1;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY);
	tt_down(&t, 1, CX + 400, CY);
	tt_step(&t, 12);
	for (int i = 1; i <= 20; i++) {
		t.fingers_override = i == 8 ? 3 : -1;
		tt_move(&t, 0, CX - 400 - 30 * i, CY);
		tt_move(&t, 1, CX + 400 + 30 * i, CY);
		tt_step(&t, 12);
	}
	t.fingers_override = -1;
	lift(&t);
	for (int i = 0; i < t.nev; i++) {
		if (t.ev[i].type != TT_GESTURE)
			continue;
		cancelled += t.ev[i].g.phase == TP_GESTURE_END && t.ev[i].g.cancelled;
		swipes += t.ev[i].g.type == TP_GESTURE_SWIPE;
	}
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 && cancelled == 0 &&
	      swipes == 0, "a pinch with one frame of BTN_TOOL_TRIPLETAP: one pinch, not cancelled, no swipe");
	tt_free(&t);

	/* ... and a two-finger scroll goes on through it */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY - 600);
	tt_down(&t, 1, CX + 400, CY - 600);
	tt_step(&t, 12);
	for (int i = 1; i <= 20; i++) {
		if (i == 10)
			tt_scroll_sum(&t, &v0, NULL);
		t.fingers_override = i == 10 ? 3 : -1;
		tt_move(&t, 0, CX - 400, CY - 600 + 40 * i);
		tt_move(&t, 1, CX + 400, CY - 600 + 40 * i);
		tt_step(&t, 12);
	}
	tt_scroll_sum(&t, &v1, NULL);
	CHECK(v0 > 0 && v1 > v0 * 1.5 && tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0,
	      "a scroll with one frame of TRIPLETAP scrolls on (%.2f, then %.2f), no swipe", v0, v1);
	t.fingers_override = -1;
	lift(&t);
	tt_free(&t);
}

/* Three fingers on a 2-slot pad move the centre (dx per frame) for `frames` frames, then lift. */
static void three_touch(struct tt *t, int dx, int frames)
{
	t->fingers_override = 3;
	tt_down(t, 0, CX - 500, CY);
	tt_down(t, 1, CX + 500, CY);
	tt_step(t, 12);
	for (int i = 1; i <= frames; i++) {
		tt_move(t, 0, CX - 500 + dx * i, CY);
		tt_move(t, 1, CX + 500 + dx * i, CY);
		tt_step(t, 12);
	}
	t->fingers_override = -1;
	tt_up(t, 0);
	tt_up(t, 1);
	tt_step(t, 12);
	tt_wait(t, 500);
}

static void test_swipe_start(void)
{
	struct tt t;
	uint64_t first;

	/* The swipe begins in the frame the centre passes 0.5 mm (30 units here). */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	three_touch(&t, 12, 20);
	first = first_time(&t, TT_GESTURE);
	CHECK(first && (first - t.ev[0].time) / 12000 <= 3 &&
	      tt_gesture_events(&t, TP_GESTURE_SWIPE, TP_GESTURE_BEGIN) == 1,
	      "a slow swipe (0.2 mm a frame) begins in its third frame, at 0.5 mm");
	tt_free(&t);

	/* Three fingers resting with a little jitter are no swipe. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	three_touch(&t, 0, 15);
	CHECK(tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0, "three resting fingers: no swipe");
	tt_free(&t);

	/* With TapButton3, a 3-finger tap that moves 1 mm is a tap, not also a swipe ... */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.tap_button[2] = 2;
	tt_start(&t);
	three_touch(&t, 15, 4);
	CHECK(tt_presses(&t, 2) == 1 && tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0,
	      "3-finger tap moving 1 mm: button 2 (%d), no swipe (%d events)", tt_presses(&t, 2),
	      tt_gesture_events(&t, TP_GESTURE_SWIPE, -1));
	tt_free(&t);

	/* ... and a real swipe still begins, once the tap is ruled out (MaxTapTime). */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.tap_button[2] = 2;
	tt_start(&t);
	three_touch(&t, 40, 30);
	CHECK(tt_presses(&t, 2) == 0 && tt_gesture_events(&t, TP_GESTURE_SWIPE, TP_GESTURE_BEGIN) == 1,
	      "with TapButton3 a moving 3-finger touch is a swipe and no tap");
	tt_free(&t);

	/* A 3-finger click on a clickpad is a click, no swipe. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX - 500, CY);
	tt_down(&t, 1, CX + 500, CY);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	for (int i = 1; i <= 5; i++) {
		tt_move(&t, 0, CX - 500 + 5 * i, CY + 5 * i);
		tt_move(&t, 1, CX + 500 + 5 * i, CY + 5 * i);
		tt_step(&t, 12);
	}
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	t.fingers_override = -1;
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	CHECK(tt_presses(&t, 1) + tt_presses(&t, 2) + tt_presses(&t, 3) == 1 &&
	      tt_gesture_events(&t, TP_GESTURE_SWIPE, -1) == 0, "a 3-finger click: one click, no swipe");
	tt_free(&t);
}

/* The third finger only shows as BTN_TOOL_TRIPLETAP (2 slots): held a frame, yet no later swipe. */
static void test_count_hold_latency(void)
{
	struct tt t;
	uint64_t moved = 0, first;
	int begins = 0;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX - 500, CY);
	tt_down(&t, 1, CX + 500, CY);
	tt_step(&t, 12);
	t.fingers_override = 3;		/* the third finger lands */
	tt_move(&t, 0, CX - 500, CY);	/* (the count is taken when a slot changes) */
	tt_step(&t, 12);
	for (int i = 1; i <= 10; i++) {	/* and all three move at once, 1 mm a frame */
		tt_move(&t, 0, CX - 500 + 59 * i, CY);
		tt_move(&t, 1, CX + 500 + 59 * i, CY);
		tt_step(&t, 12);
		if (i == 1)
			moved = t.now;
	}
	first = first_time(&t, TT_GESTURE);
	CHECK(first == moved, "the swipe begins in the first frame of motion (%lld us after it)",
	      (long long)first - (long long)moved);
	/* a fourth finger: a new swipe; then it lifts again (4 -> 3): no third swipe */
	t.fingers_override = 4;
	tt_move(&t, 0, CX + 90, CY);
	tt_step(&t, 12);
	tt_step(&t, 12);
	for (int i = 1; i <= 5; i++) {
		tt_move(&t, 0, CX + 90 + 59 * i, CY);
		tt_move(&t, 1, CX + 1090 + 59 * i, CY);
		tt_step(&t, 12);
	}
	t.fingers_override = 3;
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX + 385 + 59 * i, CY);
		tt_move(&t, 1, CX + 1385 + 59 * i, CY);
		tt_step(&t, 12);
	}
	for (int i = 0; i < t.nev; i++)
		begins += t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_BEGIN;
	CHECK(begins == 2, "3 -> 4 fingers begins a 4-finger swipe, 4 -> 3 (a finger lifting) none (%d begins)",
	      begins);
	t.fingers_override = -1;
	lift(&t);
	tt_free(&t);
}

int main(void)
{
	RUN(test_latency);
	RUN(test_one_finger_still);
	RUN(test_sequence_lock);
	RUN(test_pinch_stays_pinch);
	RUN(test_cancel_on_button);
	RUN(test_lift_one_by_one);
	RUN(test_semi_mt);
	RUN(test_suppression);
	RUN(test_staggered_pinch);
	RUN(test_count_glitch);
	RUN(test_swipe_start);
	RUN(test_count_hold_latency);
	return tt_exit_status();
}
