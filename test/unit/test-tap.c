/* Tapping: what a user notices from taps, double taps, drags and locked drags. */
#include <string.h>

#include "tp-test.h"

#define CX 3400
#define CY 2900

static void setup(struct tt *t, enum tt_kind kind)
{
	tt_init(t, kind);
	t->p.tap_button[0] = 1;
	t->p.tap_button[1] = 3;
	t->p.tap_button[2] = 2;
}

static void test_single_tap(void)
{
	struct tt t;
	uint64_t lift;
	int p, r;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 4);
	lift = t.now;
	CHECK(tt_presses(&t, 1) == 0, "no click yet: a double tap or drag may follow");
	tt_wait(&t, 1000);
	p = tt_find_button(&t, 1, true, 0);
	r = tt_find_button(&t, 1, false, 0);
	CHECK(p >= 0 && r > p, "one press then one release of button 1");
	CHECK(tt_presses(&t, 1) == 1 && tt_releases(&t, 1) == 1, "exactly one click");
	if (p >= 0 && r >= 0) {
		double dp = (t.ev[p].time - lift) / 1000.0, dr = (t.ev[r].time - t.ev[p].time) / 1000.0;

		CHECK(dp >= 179 && dp <= 181, "press after SingleTapTimeout (180 ms), got %.1f", dp);
		CHECK(dr >= 99 && dr <= 101, "release after ClickTime (100 ms), got %.1f", dr);
	}
	CHECK(t.nlog > 0 && strstr(t.lastlog, "tap:"), "transitions are logged: '%s'", t.lastlog);
	tt_free(&t);
}

static void test_tap_without_drag_is_immediate(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.tap_and_drag_gesture = false;
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 4);
	CHECK(tt_presses(&t, 1) == 1, "press at lift when tap-and-drag is off");
	tt_wait(&t, 500);
	CHECK(tt_releases(&t, 1) == 1, "and a release");
	tt_free(&t);
}

static void test_tapping_off_by_default_with_buttons(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 4);
	tt_wait(&t, 1000);
	CHECK(t.nev == 0 || tt_presses(&t, 1) == 0, "pads with a left button do not tap by default");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_ST_1F);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 4);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "pads without buttons tap by default");
	tt_free(&t);
}

static void test_tap_moved_too_far(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	/* MaxTapMove is 4.4 % of the diagonal, ~221 units here: move 400. */
	tt_glide(&t, 0, CX + 400, CY, 4, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 0, "a moving finger is not a tap");
	tt_free(&t);
}

static void test_tap_held_too_long(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 20);	/* 250 ms > MaxTapTime 180 */
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 0, "a long touch is not a tap");

	/* Longer MaxTapTime: the same touch is a tap. */
	tt_free(&t);
	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.max_tap_time = 400;
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 20);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "MaxTapTime 400 accepts a 250 ms tap");
	tt_free(&t);
}

static void test_double_tap(void)
{
	struct tt t;
	int r0, p1;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 3);
	tt_wait(&t, 60);
	tt_tap_at(&t, CX + 20, CY, 3);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 2 && tt_releases(&t, 1) == 2, "double tap = two clicks (%d/%d)",
	      tt_presses(&t, 1), tt_releases(&t, 1));
	r0 = tt_find_button(&t, 1, false, 0);
	p1 = tt_find_button(&t, 1, true, 1);
	CHECK(r0 >= 0 && p1 > r0, "the clicks do not overlap");
	CHECK(t.ev[t.nev - 1].time - t.ev[tt_find_button(&t, 1, true, 0)].time < 400000,
	      "both clicks within a double-click time");
	tt_free(&t);
}

static void test_tap_and_drag(void)
{
	struct tt t;
	int p, r, moves_between = 0;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 3);
	tt_wait(&t, 50);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 800, CY + 300, 20, 12);
	CHECK(tt_held(&t, 1), "button 1 is held while dragging");
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	p = tt_find_button(&t, 1, true, 0);
	r = tt_find_button(&t, 1, false, 0);
	for (int i = p + 1; p >= 0 && i < r; i++)
		if (t.ev[i].type == TT_MOTION)
			moves_between++;
	CHECK(p >= 0 && r > p && moves_between > 10, "motion between press and release (%d)",
	      moves_between);
	CHECK(tt_presses(&t, 1) == 1, "one drag, no extra click");
	CHECK(!tt_held(&t, 1), "released at lift without LockedDrags");
	tt_free(&t);
}

static void drag_then_lift(struct tt *t)
{
	tt_tap_at(t, CX, CY, 3);
	tt_wait(t, 50);
	tt_down(t, 0, CX, CY);
	tt_step(t, 12);
	tt_glide(t, 0, CX + 600, CY, 10, 12);
	tt_up(t, 0);
	tt_step(t, 12);
}

static void test_locked_drag(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.locked_drags = true;
	tt_start(&t);
	drag_then_lift(&t);
	tt_wait(&t, 1000);
	CHECK(tt_held(&t, 1), "locked drag survives the lift");
	/* Touch again and keep dragging: still held. */
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX - 600, CY, 10, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_held(&t, 1), "still held after a second drag");
	tt_wait(&t, 4900);
	CHECK(tt_held(&t, 1), "held until LockedDragTimeout");
	tt_wait(&t, 200);
	CHECK(!tt_held(&t, 1), "released after LockedDragTimeout (5 s)");
	tt_free(&t);

	/* A tap ends a locked drag. */
	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.locked_drags = true;
	tt_start(&t);
	drag_then_lift(&t);
	tt_wait(&t, 500);
	tt_tap_at(&t, CX, CY, 2);
	CHECK(!tt_held(&t, 1), "a tap releases the locked drag");
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "and does not click again");
	tt_free(&t);
}

static void test_multifinger_taps(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_down(&t, 1, CX + 600, CY);
	tt_step(&t, 12);
	tt_step(&t, 12);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 3) == 1 && tt_releases(&t, 3) == 1, "2-finger tap = TapButton2 (3)");
	CHECK(tt_presses(&t, 1) == 0, "and not button 1");
	tt_free(&t);

	/* Three fingers on a 2-slot pad: BTN_TOOL_TRIPLETAP says 3. */
	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	t.fingers_override = 3;
	tt_down(&t, 0, CX, CY);
	tt_down(&t, 1, CX + 600, CY);
	tt_step(&t, 12);
	tt_step(&t, 12);
	t.fingers_override = -1;
	tt_up(&t, 1);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 2) == 1, "3-finger tap = TapButton3 (2)");
	tt_free(&t);

	/* Single-touch pad: the count comes from BTN_TOOL_* only. */
	setup(&t, TT_SYNAPTICS_ST);
	tt_start(&t);
	t.fingers_override = 2;
	tt_tap_at(&t, CX, CY, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 3) == 1, "2-finger tap on a single-touch pad");
	tt_free(&t);
}

static void test_two_finger_emulation(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST_1F);	/* no DOUBLETAP: only z and w can tell */
	t.p.emulate_twofinger_z = 150;
	t.p.emulate_twofinger_w = 8;
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_pressure(&t, 180, 10);
	tt_step(&t, 12);
	tt_step(&t, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 3) == 1 && tt_presses(&t, 1) == 0,
	      "a wide, heavy touch counts as two fingers: TapButton2");
	tt_free(&t);
}

static void test_corner_tap(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.corner_button[0] = 2;	/* RT */
	tt_start(&t);
	tt_tap_at(&t, 5400, 1450, 2);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 2) == 1 && tt_presses(&t, 1) == 0, "right-top corner tap = RTCornerButton");
	tt_clear(&t);
	tt_tap_at(&t, 1500, 4400, 2);	/* LB: not configured, TapButton1 */
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "unconfigured corner falls back to TapButton1");
	tt_free(&t);
}

static void test_touchpad_off_kills_taps(void)
{
	for (int off = 1; off <= 2; off++) {
		struct tt t;

		setup(&t, TT_SYNAPTICS_CLICKPAD);
		t.p.touchpad_off = off;
		tt_start(&t);
		tt_tap_at(&t, CX, CY, 3);
		tt_wait(&t, 1000);
		CHECK(tt_presses(&t, 1) == 0, "TouchpadOff=%d: no tap", off);
		tt_free(&t);
	}
}

static void test_button_cancels_tap(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_ST);
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_RIGHT);
	tt_step(&t, 12);
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 0, "a physical click during the touch is not a tap");
	CHECK(tt_presses(&t, 3) == 1, "the physical click itself goes through");
	tt_free(&t);
}

static void test_tap_then_click_order(void)
{
	struct tt t;
	int tap_press, phys_press;

	setup(&t, TT_SYNAPTICS_ST);
	t.p.emulate_mid_button_time = 0;
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 2);
	tt_wait(&t, 50);	/* the tap is still pending */
	tt_buttons(&t, TP_HW_RIGHT);
	tt_step(&t, 12);
	tap_press = tt_find_button(&t, 1, true, 0);
	phys_press = tt_find_button(&t, 3, true, 0);
	CHECK(tap_press >= 0 && phys_press > tap_press, "the tap's click comes before the physical click");
	CHECK(tt_releases(&t, 1) == 1, "and is complete");
	tt_free(&t);

	/* A finger that lands together with a clickpad click is not a tap. */
	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, CX, CY);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 1) == 1, "one click, no extra tap (%d)", tt_presses(&t, 1));
	tt_free(&t);
}

static void test_circular_pad_corner(void)
{
	struct tt t;

	/* CircularPad: the corner zones are the diagonals outside the ellipse. */
	setup(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.circular_pad = true;
	t.p.corner_button[0] = 2;	/* RT */
	tt_start(&t);
	tt_tap_at(&t, 4900, 1800, 2);	/* up-right, outside the ellipse, inside the rectangular edges */
	tt_wait(&t, 1000);
	CHECK(tt_presses(&t, 2) == 1, "top-right tap on a round pad = RTCornerButton");
	tt_free(&t);
}

static void test_reset_releases_drag(void)
{
	struct tt t;

	setup(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_tap_at(&t, CX, CY, 3);
	tt_wait(&t, 50);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_glide(&t, 0, CX + 500, CY, 5, 12);
	CHECK(tt_held(&t, 1), "dragging");
	tp_core_reset(t.core, t.now);
	CHECK(!tt_held(&t, 1), "reset releases the drag button");
	CHECK(tp_core_next_timeout(t.core) == 0, "and leaves no timer");
	tt_free(&t);
}

int main(void)
{
	RUN(test_single_tap);
	RUN(test_tap_without_drag_is_immediate);
	RUN(test_tapping_off_by_default_with_buttons);
	RUN(test_tap_moved_too_far);
	RUN(test_tap_held_too_long);
	RUN(test_double_tap);
	RUN(test_tap_and_drag);
	RUN(test_locked_drag);
	RUN(test_multifinger_taps);
	RUN(test_two_finger_emulation);
	RUN(test_corner_tap);
	RUN(test_touchpad_off_kills_taps);
	RUN(test_button_cancels_tap);
	RUN(test_tap_then_click_order);
	RUN(test_circular_pad_corner);
	RUN(test_reset_releases_drag);
	return tt_exit_status();
}
