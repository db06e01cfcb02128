/*
 * The scroll-or-pinch decision from the first movement past the pad's noise
 * (directions, a lagging finger, right angles, a scroll that turns out to
 * pinch in its first 300 ms), its latency, the lock for a touch sequence,
 * semi-MT swipes and cancelling; button-area suppression.
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
 * Two fingers land 800 units apart; then in frame i (from 1) finger 0 is at
 * a(i) and finger 1 at b(i) from where it landed: path(i, which, &dx, &dy).
 * Frames are 12 ms apart.  Returns the time of frame 1.
 */
typedef void (*path_fn)(int i, int which, double *dx, double *dy);

static uint64_t two_paths(struct tt *t, path_fn path, int steps)
{
	uint64_t t1 = 0;

	tt_down(t, 0, CX - 400, CY);
	tt_down(t, 1, CX + 400, CY);
	tt_step(t, 12);
	tt_clear(t);
	for (int i = 1; i <= steps; i++) {
		double ax, ay, bx, by;

		path(i, 0, &ax, &ay);
		path(i, 1, &bx, &by);
		tt_move(t, 0, (int)lround(CX - 400 + ax), (int)lround(CY + ay));
		tt_move(t, 1, (int)lround(CX + 400 + bx), (int)lround(CY + by));
		tt_step(t, 12);
		if (i == 1)
			t1 = t->now;
	}
	return t1;
}

/* Frame number (1 = the first moving frame at time t1, 12 ms apart) of a time. */
static int frame_of(uint64_t time, uint64_t t1)
{
	return time ? (int)((time - t1) / 12000) + 1 : 0;
}

/* The noise the decision waits for on these pads (no MT axis fuzz): the hysteresis, at least 0.1 mm. */
static double noise(const struct tt *t)
{
	return fmax(fmax(t->p.horiz_hysteresis, t->p.vert_hysteresis), MM(0.1));
}

/* Events of a type before time `until` (us). */
static int count_before(const struct tt *t, enum tt_type type, uint64_t until)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		n += t->ev[i].type == type && t->ev[i].time < until;
	return n;
}

static int scroll_events_after(const struct tt *t, uint64_t from)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		n += t->ev[i].type == TT_SCROLL && t->ev[i].time >= from;
	return n;
}

static void lift(struct tt *t)
{
	t->fingers_override = -1;
	tt_up(t, 0);
	tt_up(t, 1);
	tt_step(t, 12);
}

static int speed;	/* units per frame of the paths below */

/* A clickpad without coasting; the two fingers follow path at `units` a frame. */
static uint64_t clickpad_paths(struct tt *t, path_fn path, int units, int steps)
{
	tt_init(t, TT_SYNAPTICS_CLICKPAD);
	t->p.coasting_speed = 0;
	tt_start(t);
	speed = units;
	return two_paths(t, path, steps);
}

static void down_together(int i, int which, double *dx, double *dy)
{
	(void)which;
	*dx = 0;
	*dy = speed * i;
}

static void apart(int i, int which, double *dx, double *dy)
{
	*dx = (which ? 1 : -1) * speed * i;
	*dy = 0;
}

static void test_decide_at_noise(void)
{
	struct tt t;
	uint64_t t1;
	double v, want;

	/* Parallel: the scroll starts in the first frame, with all of its motion. */
	t1 = clickpad_paths(&t, down_together, 30, 20);
	CHECK(frame_of(first_time(&t, TT_SCROLL), t1) == 1, "parallel: scrolls in the first frame (%d)",
	      frame_of(first_time(&t, TT_SCROLL), t1));
	tt_scroll_sum(&t, &v, NULL);
	/* all 600 units, in VertScrollDelta units: the hysteresis box starts pushed */
	want = 600.0 / t.p.vert_scroll_delta;
	CHECK(fabs(v - want) < 1e-9, "nothing lost to the decision: %.4f scrolled, %.4f moved", v, want);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "and no pinch");
	lift(&t);
	tt_free(&t);

	/* Apart: the pinch begins in the first frame, no scroll. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t1 = two_paths(&t, apart, 20);
	CHECK(frame_of(first_time(&t, TT_GESTURE), t1) == 1, "apart: pinches in the first frame (%d)",
	      frame_of(first_time(&t, TT_GESTURE), t1));
	CHECK(tt_scroll_events(&t) == 0, "and does not scroll");
	lift(&t);
	tt_free(&t);

	/* Slow (1 unit a frame each): nothing within the noise, the decision right after it. */
	for (int dir = 0; dir < 2; dir++) {
		double n;
		int expect;

		t1 = clickpad_paths(&t, dir ? down_together : apart, 1, 40);
		n = floor(noise(&t));
		expect = (int)n + 1;
		CHECK(frame_of(first_time(&t, dir ? TT_SCROLL : TT_GESTURE), t1) == expect,
		      "1 unit a frame %s: decided at frame %d, past the noise of %.1f units (%d)",
		      dir ? "down" : "apart", expect, noise(&t),
		      frame_of(first_time(&t, dir ? TT_SCROLL : TT_GESTURE), t1));
		CHECK(dir ? tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0 : tt_scroll_events(&t) == 0,
		      "1 unit a frame %s: %s", dir ? "down" : "apart", dir ? "no pinch" : "no scroll");
		CHECK(tt_motion_events(&t) == 0, "no pointer motion while undecided");
		lift(&t);
		tt_free(&t);
	}
}

/* Finger 0 moves down from frame 1, finger 1 follows a frame later (the same way, or the opposite). */
static int lag_dir;

static void lagging(int i, int which, double *dx, double *dy)
{
	*dx = 0;
	*dy = which ? (i > 1 ? lag_dir * 30 * (i - 1) : 0) : 30 * i;
}

static void test_lagging_finger(void)
{
	struct tt t;
	uint64_t t1, pinch;
	int before;

	/* A scroll whose second finger starts a frame late: scrolling from the first frame. */
	lag_dir = 1;
	t1 = clickpad_paths(&t, lagging, 0, 20);
	CHECK(frame_of(first_time(&t, TT_SCROLL), t1) <= 2, "a lagging second finger: scrolls by frame 2 (%d)",
	      frame_of(first_time(&t, TT_SCROLL), t1));
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "and never pinches");
	lift(&t);
	tt_free(&t);

	/*
	 * A turn whose second finger starts a frame late: the first frame looks
	 * like a scroll; once both moved PinchThreshold the other way it is a
	 * pinch, and the scroll stops (no coasting: default CoastingSpeed).
	 */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	lag_dir = -1;
	t1 = two_paths(&t, lagging, 20);
	pinch = first_time(&t, TT_GESTURE);
	before = count_before(&t, TT_SCROLL, pinch);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1,
	      "a lagging turn becomes one pinch (%d)", tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN));
	/* finger 1 passes 1.5 mm (88.6 units) at 30 units a frame in its 3rd moving frame: frame 4 */
	CHECK(frame_of(pinch, t1) == 4, "when both moved PinchThreshold apart: frame 4 (%d)", frame_of(pinch, t1));
	CHECK(before >= 1 && before <= 3, "scroll events before it: %d (1-3)", before);
	lift(&t);
	tt_wait(&t, 500);
	CHECK(scroll_events_after(&t, pinch) == 0, "none after it began, no coasting (%d)",
	      scroll_events_after(&t, pinch));
	tt_free(&t);
}

/* Paths at right angles: finger 0 right, finger 1 down, `speed` units a frame. */
static void right_angle(int i, int which, double *dx, double *dy)
{
	*dx = which ? 0 : speed * i;
	*dy = which ? speed * i : 0;
}

static void test_right_angle(void)
{
	struct tt t;
	uint64_t t1, first;

	/* slowly: undecided until 150 ms of movement, then a scroll */
	t1 = clickpad_paths(&t, right_angle, 8, 30);
	first = first_time(&t, TT_SCROLL);
	/* movement past the noise (8 units) from frame 2; 150 ms later is frame 14.5 */
	CHECK(frame_of(first, t1) == 15, "right angles: a scroll after 150 ms of movement (frame %d)",
	      frame_of(first, t1));
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "and no pinch");
	lift(&t);
	tt_free(&t);
}

/* Down together for `lead` frames at 30 units, then apart 60 units a frame each. */
static int lead;

static void scroll_then_apart(int i, int which, double *dx, double *dy)
{
	int k = i > lead ? i - lead : 0;

	*dy = 30.0 * (i < lead ? i : lead);
	*dx = (which ? 1 : -1) * 60.0 * k;
}

static void test_scroll_turns_pinch(void)
{
	struct tt t;
	uint64_t t1, pinch;
	double scale = 0;

	/* Two frames that look like a scroll, then the fingers spread: a pinch. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	lead = 2;
	t1 = two_paths(&t, scroll_then_apart, 14);
	pinch = first_time(&t, TT_GESTURE);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 && pinch,
	      "scroll, then apart within 300 ms: a pinch");
	CHECK(count_before(&t, TT_SCROLL, pinch) == 2 && scroll_events_after(&t, pinch) == 0,
	      "two scroll events, none once it pinches (%d, %d)", count_before(&t, TT_SCROLL, pinch),
	      scroll_events_after(&t, pinch));
	for (int i = 0; i < t.nev; i++)
		if (t.ev[i].type == TT_GESTURE && t.ev[i].g.phase == TP_GESTURE_UPDATE)
			scale = t.ev[i].g.scale;
	/* 800 units apart, 60 units each way for 12 frames: 2240 */
	CHECK(fabs(scale - 2240.0 / 800.0) < 0.01, "the scale counts from the start (%.3f)", scale);
	(void)t1;
	lift(&t);
	tt_free(&t);

	/* A scroll that travelled 3 mm (2 PinchThresholds) first stays a scroll. */
	lead = 7;	/* 210 units, 2 thresholds are 177 */
	clickpad_paths(&t, scroll_then_apart, 0, 20);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0, "after 3.5 mm of scrolling: no pinch");
	lift(&t);
	tt_free(&t);
}

/* Down 2 units a frame for 30 frames (360 ms), then apart. */
static void slow_scroll_then_apart(int i, int which, double *dx, double *dy)
{
	*dy = 2.0 * (i < 30 ? i : 30);
	*dx = i > 30 ? (which ? 1 : -1) * 60.0 * (i - 30) : 0;
}

static void test_pinch_window(void)
{
	struct tt t;

	/* The window closes 300 ms after the movement began: then the scroll stays. */
	clickpad_paths(&t, slow_scroll_then_apart, 0, 45);
	CHECK(tt_scroll_events(&t) > 0 && tt_gesture_events(&t, TP_GESTURE_PINCH, -1) == 0,
	      "a slow scroll spreading after 360 ms stays a scroll");
	lift(&t);
	tt_free(&t);
}

/* Finger 1 moves away from finger 0, which rests. */
static void one_away(int i, int which, double *dx, double *dy)
{
	*dx = which ? 20.0 * i : 0;
	*dy = 0;
}

/* ... and finger 0 jitters 6 units the same way in the first frames (noise/2 is 4). */
static void one_away_jitter(int i, int which, double *dx, double *dy)
{
	*dx = which ? 20.0 * i : (i >= 2 ? 6 : 0);
	*dy = which ? 0 : (i >= 2 ? 2 : 0);
}

static void test_one_finger_still(void)
{
	struct tt t;
	uint64_t t1;

	/* One finger rests, the other moves away: a pinch at twice the threshold, never a scroll. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t1 = two_paths(&t, one_away, 30);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 &&
	      tt_scroll_events(&t) == 0, "resting finger + moving finger: pinch, no scroll");
	/* 2 x 88.6 units at 20 a frame: passed in frame 9 */
	CHECK(frame_of(first_time(&t, TT_GESTURE), t1) == 9, "decided at twice the threshold: frame 9 (%d)",
	      frame_of(first_time(&t, TT_GESTURE), t1));
	lift(&t);
	tt_free(&t);

	/*
	 * The resting finger jitters the same way (a realistic pinch around it,
	 * mtb-clickpad.pinch-one-finger-real): that says nothing about its
	 * direction beside a long move, so still no scroll, even horizontal.
	 */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.horiz_twofinger_scroll = true;
	tt_start(&t);
	t1 = two_paths(&t, one_away_jitter, 30);
	CHECK(tt_gesture_events(&t, TP_GESTURE_PINCH, TP_GESTURE_BEGIN) == 1 &&
	      tt_scroll_events(&t) == 0, "a jittering resting finger: pinch, no scroll (%d scroll events)",
	      tt_scroll_events(&t));
	lift(&t);
	tt_free(&t);
}

/*
 * The second finger lands (pressure below FingerHigh for two frames) and
 * both move down at once: the scroll starts in the first moving frame, as
 * 1.9's does, from the light contact's position.
 */
static void test_landing_scroll(void)
{
	struct tt t;
	uint64_t moved = 0;
	double v;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	tt_down(&t, 0, CX - 400, CY);
	tt_step(&t, 12);
	tt_down(&t, 1, CX + 400, CY);
	t.f.slots[1].pressure = 12;
	tt_step(&t, 12);
	tt_clear(&t);
	for (int i = 1; i <= 10; i++) {
		tt_move(&t, 0, CX - 400, CY + 40 * i);
		tt_move(&t, 1, CX + 400, CY + 40 * i);
		t.f.slots[1].pressure = i == 1 ? 24 : 60;
		tt_step(&t, 12);
		if (i == 1)
			moved = t.now;
	}
	CHECK(first_time(&t, TT_SCROLL) == moved, "a landing second finger: scrolls in the first moving frame");
	tt_scroll_sum(&t, &v, NULL);
	CHECK(fabs(v - 400.0 / t.p.vert_scroll_delta) < 1e-9,
	      "all of it (%.3f), no jump when the contact becomes a touch", v);
	CHECK(tt_motion_events(&t) == 0, "no pointer motion");
	lift(&t);
	tt_free(&t);
}

/* The box corners of a semi-MT pad move down `speed` units a frame. */
static void test_noise_from_fuzz(void)
{
	struct tt t;
	uint64_t t1;

	/*
	 * Semi-MT with a kernel fuzz of 8 on the slot positions: the hysteresis
	 * stays 0.5% of the diagonal (25 units, 1.9's), the decision waits for
	 * the fuzz only, and the scroll (which follows the first position)
	 * begins in that frame: 10 units a frame scroll from frame 1 ...
	 */
	for (int fuzz = 8; fuzz >= 0; fuzz -= 8) {
		tt_init(&t, TT_SYNAPTICS_SEMI_MT);
		t.dev.mt_x = t.dev.x;
		t.dev.mt_y = t.dev.y;
		t.dev.mt_x.fuzz = t.dev.mt_y.fuzz = fuzz;
		tp_params_defaults(&t.dev, &t.p);
		t.p.coasting_speed = 0;
		tt_start(&t);
		speed = 10;
		t1 = two_paths(&t, down_together, 10);
		/* ... without it the noise is the hysteresis: 25 units, passed in frame 3 */
		CHECK(frame_of(first_time(&t, TT_SCROLL), t1) == (fuzz ? 1 : 3),
		      "semi-MT, MT fuzz %d, hysteresis %d: scrolls from frame %d (%d)", fuzz,
		      t.p.vert_hysteresis, fuzz ? 1 : 3, frame_of(first_time(&t, TT_SCROLL), t1));
		lift(&t);
		tt_free(&t);
	}
}

/* Down 30 units a frame for 5 frames, then back up 5 (less than the hysteresis), then on down. */
static void wobble(int i, int which, double *dx, double *dy)
{
	(void)which;
	*dx = 0;
	*dy = i <= 5 ? 30.0 * i : i == 6 ? 145 : 145 + 30.0 * (i - 6);
}

static void test_pushed_box(void)
{
	struct tt t;
	double v;
	int back = 0;

	clickpad_paths(&t, wobble, 0, 10);
	for (int i = 0; i < t.nev; i++)
		back += t.ev[i].type == TT_SCROLL && t.ev[i].v < 0;
	tt_scroll_sum(&t, &v, NULL);
	CHECK(back == 0, "a 5-unit wobble back in a scroll is absorbed (%d scrolls up)", back);
	/* 150 down, 5 up (absorbed), 120 down: the box re-centres, 265 units in all */
	CHECK(fabs(v - 265.0 / t.p.vert_scroll_delta) < 1e-9, "scrolled %.4f (265 units: %.4f)", v,
	      265.0 / t.p.vert_scroll_delta);
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
	RUN(test_decide_at_noise);
	RUN(test_lagging_finger);
	RUN(test_right_angle);
	RUN(test_scroll_turns_pinch);
	RUN(test_pinch_window);
	RUN(test_one_finger_still);
	RUN(test_landing_scroll);
	RUN(test_noise_from_fuzz);
	RUN(test_pushed_box);
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
