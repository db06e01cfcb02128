/* Clickpads: soft buttons, click-finger, motion after a click, the resting thumb. */
#include <math.h>

#include "tp-test.h"

/* The shipped 70-synaptics.conf's right button: right half of the bottom 18 %. */
static void soft_buttons(struct tt *t)
{
	int w = t->dev.x.max - t->dev.x.min, h = t->dev.y.max - t->dev.y.min;

	t->p.softbutton_areas[0][0] = t->dev.x.min + w / 2;	/* RBL */
	t->p.softbutton_areas[0][1] = 0;			/* RBR: unbounded */
	t->p.softbutton_areas[0][2] = t->dev.y.min + h * 82 / 100;	/* RBT */
	t->p.softbutton_areas[0][3] = 0;			/* RBB */
}

static void click(struct tt *t)
{
	tt_buttons(t, TP_HW_LEFT);
	tt_step(t, 12);
	tt_buttons(t, 0);
	tt_step(t, 12);
}

static void test_soft_buttons(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	soft_buttons(&t);
	tt_start(&t);
	tt_down(&t, 0, 4800, 4300);	/* bottom right */
	tt_step(&t, 12);
	click(&t);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_presses(&t, 3) == 1 && tt_releases(&t, 3) == 1, "click in the right area = button 3");
	CHECK(tt_presses(&t, 1) == 0, "and not button 1");
	tt_clear(&t);

	tt_down(&t, 0, 2000, 4300);	/* bottom left: outside the area */
	tt_step(&t, 12);
	click(&t);
	tt_up(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0, "click outside the area = button 1");
	tt_clear(&t);

	/* The button is decided at press time and held, even if the finger leaves the area. */
	tt_down(&t, 0, 4800, 4300);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_glide(&t, 0, 3000, 3000, 20, 12);
	CHECK(tt_held(&t, 3), "button 3 held while the finger moves out");
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	CHECK(!tt_held(&t, 3) && tt_presses(&t, 1) == 0, "released as button 3");
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_free(&t);
}

static void test_clickfinger(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	CHECK(t.p.click_finger[1] == 3 && t.p.click_finger[2] == 2, "clickpad ClickFinger defaults 1/3/2");
	tt_down(&t, 0, 3000, 3000);
	tt_down(&t, 1, 3500, 3000);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 3) == 1 && tt_presses(&t, 1) == 0, "two fingers together = ClickFinger2");
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_clear(&t);

	/* Three fingers on two slots (BTN_TOOL_TRIPLETAP). */
	t.fingers_override = 3;
	tt_down(&t, 0, 3000, 3000);
	tt_down(&t, 1, 3500, 3000);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 2) == 1, "three fingers = ClickFinger3");
	t.fingers_override = -1;
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_free(&t);

	/* ClickFinger2 chosen by the user. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.click_finger[1] = 2;
	tt_start(&t);
	tt_down(&t, 0, 3000, 3000);
	tt_down(&t, 1, 3500, 3000);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 2) == 1, "ClickFinger2=2 gives button 2");
	tt_free(&t);

	/* Far apart (resolution known: more than 40 mm): not a two-finger click. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.dev.x.res = t.dev.y.res = 40;	/* 100 x 76 mm pad */
	tp_params_defaults(&t.dev, &t.p);
	tt_start(&t);
	tt_down(&t, 0, 1600, 3000);
	tt_down(&t, 1, 5300, 3000);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0,
	      "fingers 90 mm apart are two one-finger touches");
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_clear(&t);

	/* 1.9 (XIT ClickFinger3Distance): TRIPLETAP on a two-slot pad is a
	 * three-finger click, however far apart the two tracked fingers are. */
	t.fingers_override = 3;
	tt_down(&t, 0, 1600, 3000);
	tt_down(&t, 1, 5300, 3000);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 2) == 1 && tt_presses(&t, 1) == 0,
	      "three fingers reported, two tracked far apart: ClickFinger3");
	tt_free(&t);

	/* 1.9 (XIT ClickFinger2Distance): ClickFinger1 does not apply on a clickpad. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.click_finger[0] = 3;
	tt_start(&t);
	tt_down(&t, 0, 2000, 2000);
	tt_down(&t, 1, 4300, 2010);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0,
	      "two fingers 57 %% of the width apart with ClickFinger1 3: button 1");
	tt_free(&t);
}

static void test_motion_after_click(void)
{
	struct tt t;
	int first;
	uint64_t press;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	press = tt_click_drag(&t, 3000, 3000, 3600);
	first = tt_first_motion(&t);
	CHECK(first >= 0, "the finger moves the pointer while the pad is held (drag)");
	if (first >= 0)
		CHECK(t.ev[first].time - press >= 100000, "but not in the first 100 ms (%.0f ms)",
		      (t.ev[first].time - press) / 1000.0);
	tt_free(&t);
}

static void rock(struct tt *t, int frames)
{
	for (int i = 0; i < frames; i++) {
		tt_move(t, 0, 3000 + (i % 2 ? 20 : -20), 3000 + (i % 3 ? 20 : -20));
		tt_step(t, 12);
	}
}

static void test_click_does_not_nudge(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, 3000, 3000);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	rock(&t, 25);		/* the finger rocks by ~0.7 mm while pressing */
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	rock(&t, 25);		/* and when letting go */
	CHECK(tt_motion_events(&t) == 0, "a click does not move the pointer (%d)", tt_motion_events(&t));
	tt_glide(&t, 0, 3600, 3000, 20, 12);
	CHECK(tt_motion_events(&t) > 10, "real motion after the click does");
	tt_free(&t);
}

static void test_touch_in_button_area(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	soft_buttons(&t);
	tt_start(&t);
	tt_down(&t, 0, 4000, 4350);
	tt_step(&t, 12);
	tt_glide(&t, 0, 4800, 4350, 20, 12);	/* inside the area */
	CHECK(tt_motion_events(&t) == 0, "a touch that starts in the button area does not move");
	tt_glide(&t, 0, 4800, 3000, 20, 12);	/* up, out of the area */
	CHECK(tt_motion_events(&t) > 5, "it moves the pointer once it has left the area");
	tt_free(&t);
}

static void test_click_drag_with_thumb(void)
{
	struct tt t;
	double dx, dy, v;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	/* Thumb on the lower part of the pad, index finger above. */
	tt_down(&t, 0, 3000, 4200);
	tt_down(&t, 1, 3300, 2500);
	tt_step(&t, 12);
	tt_buttons(&t, TP_HW_LEFT);
	tt_step(&t, 12);
	tt_wait(&t, 150);
	CHECK(tt_presses(&t, 1) == 1, "thumb and finger far apart: a one-finger click");
	tt_clear(&t);
	/* The index finger drags to the right; the thumb rocks a little. */
	for (int i = 1; i <= 30; i++) {
		tt_move(&t, 1, 3300 + i * 20, 2500);
		tt_move(&t, 0, 3000 + (i % 2) * 15, 4200 - (i % 2) * 15);
		tt_step(&t, 12);
	}
	tt_motion_sum(&t, &dx, &dy, NULL, NULL);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(dx > 150 * TP_POINTER_GAIN && fabs(dy) < 20 * TP_POINTER_GAIN, "the moving finger drives the pointer (%.0f, %.0f)", dx, dy);
	CHECK(tt_scroll_events(&t) == 0, "the thumb does not turn the drag into a scroll (%.2f)", v);
	CHECK(tt_releases(&t, 1) == 0, "the button stays down during the drag");
	tt_buttons(&t, 0);
	tt_step(&t, 12);
	CHECK(tt_releases(&t, 1) == 1, "released with the pad");
	tt_free(&t);
}

static void test_semi_mt_clickfinger(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_SEMI_MT);
	tt_start(&t);
	tt_down(&t, 0, 3000, 3000);
	tt_down(&t, 1, 3400, 3100);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 3) == 1, "semi-MT: a small bounding box is a two-finger click");
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 12);
	tt_clear(&t);
	tt_down(&t, 0, 1500, 1500);
	tt_down(&t, 1, 5400, 4400);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 1) == 1 && tt_presses(&t, 3) == 0,
	      "semi-MT: a box across the pad is not");
	tt_free(&t);
}

static void test_off_keeps_clicks(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	soft_buttons(&t);
	t.p.touchpad_off = 1;
	tt_start(&t);
	tt_down(&t, 0, 4800, 4300);
	tt_step(&t, 12);
	click(&t);
	CHECK(tt_presses(&t, 3) == 1, "TouchpadOff=1 keeps clickpad soft buttons working");
	tt_free(&t);
}

int main(void)
{
	RUN(test_soft_buttons);
	RUN(test_clickfinger);
	RUN(test_motion_after_click);
	RUN(test_click_does_not_nudge);
	RUN(test_touch_in_button_area);
	RUN(test_click_drag_with_thumb);
	RUN(test_semi_mt_clickfinger);
	RUN(test_off_keeps_clicks);
	return tt_exit_status();
}
