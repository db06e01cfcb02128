/* Scrolling: two-finger, edge, circular, coasting; direction and distance as the user sees it. */
#include <math.h>

#include "tp-test.h"

#define CX 3000
#define CY 2200

/* Two fingers 600 units apart move by (dx, dy) in `steps` frames. */
static void two_finger(struct tt *t, int dx, int dy, int steps, bool lift)
{
	tt_down(t, 0, CX, CY);
	tt_down(t, 1, CX + 600, CY);
	tt_step(t, 12);
	for (int i = 1; i <= steps; i++) {
		tt_move(t, 0, CX + dx * i / steps, CY + dy * i / steps);
		tt_move(t, 1, CX + 600 + dx * i / steps, CY + dy * i / steps);
		tt_step(t, 12);
	}
	if (lift) {
		tt_up(t, 0);
		tt_up(t, 1);
		tt_step(t, 12);
	}
}

static void test_two_finger_vertical(void)
{
	struct tt t;
	double v, h;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	two_finger(&t, 0, 1000, 50, true);
	tt_scroll_sum(&t, &v, &h);
	CHECK(fabs(v - 1000.0 / t.p.vert_scroll_delta) < 0.5,
	      "moving down 1000 units scrolls down 1000/VertScrollDelta (%.2f, delta %d)", v,
	      t.p.vert_scroll_delta);
	CHECK(h == 0, "no horizontal scroll");
	CHECK(tt_motion_events(&t) == 0, "no pointer motion while scrolling");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	t.p.vert_scroll_delta = -t.p.vert_scroll_delta;
	tt_start(&t);
	two_finger(&t, 0, 1000, 50, true);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(v < -9, "a negative VertScrollDelta inverts (%.2f)", v);
	tt_free(&t);

	/* 1.9: VertScrollDelta 0 means this axis does not scroll (and the
	 * fingers still do not move the pointer) */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	t.p.vert_scroll_delta = 0;
	tt_start(&t);
	two_finger(&t, 0, 1000, 50, true);
	tt_scroll_sum(&t, &v, &h);
	CHECK(v == 0 && h == 0, "VertScrollDelta 0: no scrolling (%.2f %.2f)", v, h);
	CHECK(tt_motion_events(&t) == 0, "VertScrollDelta 0: no pointer motion either");
	tt_free(&t);
}

static void test_two_finger_horizontal(void)
{
	struct tt t;
	double v, h;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	two_finger(&t, 800, 0, 40, true);
	tt_scroll_sum(&t, &v, &h);
	CHECK(h == 0 && fabs(v) < 0.01, "horizontal two-finger scrolling is off by default (%.2f)", h);
	CHECK(tt_motion_events(&t) == 0, "and two fingers still do not move the pointer");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	t.p.horiz_twofinger_scroll = true;
	tt_start(&t);
	two_finger(&t, 800, 0, 40, true);
	tt_scroll_sum(&t, &v, &h);
	CHECK(fabs(h - 800.0 / t.p.horiz_scroll_delta) < 0.5, "right = positive horizontal (%.2f)", h);
	tt_free(&t);
}

static void test_edge_scroll(void)
{
	struct tt t;
	double v, h;

	tt_init(&t, TT_SYNAPTICS_ST_1F);	/* no DOUBLETAP: edge scrolling by default */
	t.p.coasting_speed = 0;
	tt_start(&t);
	CHECK(t.p.vert_edge_scroll && !t.p.vert_twofinger_scroll, "edge scrolling is the default here");
	tt_down(&t, 0, 5300, 2000);
	tt_step(&t, 12);
	tt_glide(&t, 0, 5300, 3000, 40, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_scroll_sum(&t, &v, &h);
	CHECK(fabs(v - 1000.0 / t.p.vert_scroll_delta) < 0.5, "right strip scrolls (%.2f)", v);
	CHECK(tt_motion_events(&t) == 0, "without moving the pointer");
	tt_clear(&t);

	/* A finger that starts in the middle and slides into the strip moves the pointer. */
	tt_down(&t, 0, 4000, 2000);
	tt_step(&t, 12);
	tt_glide(&t, 0, 5300, 2000, 20, 12);
	tt_glide(&t, 0, 5300, 3000, 20, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(tt_scroll_events(&t) == 0, "edge scrolling is chosen at touch-down only (%.2f)", v);
	CHECK(tt_motion_events(&t) > 10, "it is pointer motion");
	tt_clear(&t);

	/* Leaving the strip stops the scroll. */
	tt_down(&t, 0, 5300, 2000);
	tt_step(&t, 12);
	tt_glide(&t, 0, 5300, 2500, 20, 12);
	tt_glide(&t, 0, 4000, 2500, 20, 12);
	tt_glide(&t, 0, 4000, 3500, 20, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(fabs(v - 500.0 / t.p.vert_scroll_delta) < 0.5, "scroll stops at the strip's edge (%.2f)",
	      v);
	tt_free(&t);

	/* Horizontal edge scrolling in the bottom strip, when enabled. */
	tt_init(&t, TT_SYNAPTICS_ST_1F);
	t.p.coasting_speed = 0;
	t.p.horiz_edge_scroll = true;
	tt_start(&t);
	tt_down(&t, 0, 2500, 4400);
	tt_step(&t, 12);
	tt_glide(&t, 0, 3500, 4400, 40, 12);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_scroll_sum(&t, &v, &h);
	CHECK(fabs(h - 1000.0 / t.p.horiz_scroll_delta) < 0.5 && v == 0, "bottom strip scrolls "
	      "horizontally (%.2f)", h);
	tt_free(&t);
}

static void test_coasting(void)
{
	struct tt t;
	double v_finger, v_total, expect, speed;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	/* 1500 units in 300 ms: 15 units per 300 ms = 50 scroll units/s, above CoastingSpeed 20. */
	two_finger(&t, 0, 1500, 25, true);
	tt_scroll_sum(&t, &v_finger, NULL);
	tt_wait(&t, 3000);
	tt_scroll_sum(&t, &v_total, NULL);
	speed = 1500.0 / t.p.vert_scroll_delta / 0.3;
	expect = speed * speed / (2 * t.p.coasting_friction);
	CHECK(fabs((v_total - v_finger) - expect) < expect * 0.15,
	      "the scroll coasts on after lift-off (%.2f, expected ~%.2f)", v_total - v_finger, expect);
	CHECK(tp_core_next_timeout(t.core) == 0, "and stops by friction");
	tt_free(&t);

	/* A new touch stops the coast. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_finger(&t, 0, 1500, 25, true);
	tt_wait(&t, 50);
	tt_down(&t, 0, CX, CY);
	tt_step(&t, 12);
	tt_clear(&t);
	tt_wait(&t, 1000);
	CHECK(tt_scroll_events(&t) == 0, "touching the pad stops coasting");
	tt_free(&t);

	/* Slow scrolling or CoastingSpeed 0: no coast. */
	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.coasting_speed = 0;
	tt_start(&t);
	two_finger(&t, 0, 1500, 25, true);
	tt_clear(&t);
	tt_wait(&t, 1000);
	CHECK(tt_scroll_events(&t) == 0, "CoastingSpeed 0 disables coasting");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_finger(&t, 0, 300, 50, true);	/* 10 units/s */
	tt_clear(&t);
	tt_wait(&t, 1000);
	CHECK(tt_scroll_events(&t) == 0, "slow scrolling does not coast");
	tt_free(&t);
}

/*
 * A loaded machine can deliver a backlog of frames with almost the same
 * timestamp just before the lift.  That must not turn into a runaway coast
 * (seen end to end: thousands of scroll clicks after a short flick).
 */
static void test_coasting_after_burst(void)
{
	struct tt t;
	double v_finger, v_total, max_speed, bound;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	two_finger(&t, 0, 600, 10, false);
	for (int i = 1; i <= 5; i++) {
		tt_move(&t, 0, CX, CY + 600 + 100 * i);
		tt_move(&t, 1, CX + 600, CY + 600 + 100 * i);
		tt_step(&t, 0);
	}
	tt_up(&t, 0);
	tt_up(&t, 1);
	tt_step(&t, 0);
	tt_scroll_sum(&t, &v_finger, NULL);
	tt_wait(&t, 5000);
	tt_scroll_sum(&t, &v_total, NULL);
	max_speed = 4 * t.p.coasting_speed;
	bound = max_speed * max_speed / (2 * t.p.coasting_friction) + 2;
	CHECK(v_total - v_finger > 0, "a fast flick still coasts (%.2f)", v_total - v_finger);
	CHECK(v_total - v_finger <= bound, "a burst of frames before the lift coasts at most %.0f "
	      "clicks (got %.2f)", bound, v_total - v_finger);
	CHECK(tp_core_next_timeout(t.core) == 0, "and the coast stops");
	tt_free(&t);
}

static void test_semi_mt(void)
{
	struct tt t;
	double v;

	tt_init(&t, TT_SYNAPTICS_SEMI_MT);
	t.p.coasting_speed = 0;
	tt_start(&t);
	two_finger(&t, 0, 1000, 50, true);
	tt_scroll_sum(&t, &v, NULL);
	CHECK(fabs(v - 1000.0 / t.p.vert_scroll_delta) < 0.6, "semi-MT two-finger scroll (%.2f)", v);
	CHECK(tt_motion_events(&t) == 0, "no pointer jump when the second finger lands or lifts");
	tt_free(&t);
}

static void test_corner_coasting(void)
{
	struct tt t;
	double v1, v2;

	tt_init(&t, TT_SYNAPTICS_ST_1F);
	t.p.corner_coasting = true;
	tt_start(&t);
	tt_down(&t, 0, 5300, 2000);
	tt_step(&t, 12);
	tt_glide(&t, 0, 5300, 4400, 20, 12);	/* fast, into the bottom-right corner */
	tt_scroll_sum(&t, &v1, NULL);
	for (int i = 0; i < 40; i++)		/* rest in the corner for 480 ms */
		tt_step(&t, 12);
	tt_scroll_sum(&t, &v2, NULL);
	CHECK(v2 - v1 > 5, "resting in the corner keeps scrolling (%.2f more)", v2 - v1);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_clear(&t);
	tt_wait(&t, 500);
	CHECK(tt_scroll_events(&t) == 0, "and stops when the finger lifts");
	tt_free(&t);
}

static void test_scroll_off(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.touchpad_off = 2;
	tt_start(&t);
	two_finger(&t, 0, 1000, 50, true);
	tt_wait(&t, 1000);
	CHECK(tt_scroll_events(&t) == 0, "TouchpadOff=2: no scrolling");
	tt_free(&t);
}

static void circle(struct tt *t, int start_deg, int end_deg)
{
	double cx = (t->p.left_edge + t->p.right_edge) / 2.0;
	double cy = (t->p.top_edge + t->p.bottom_edge) / 2.0;
	double r = (t->p.bottom_edge - t->p.top_edge) / 2.0 + 100;
	int step = end_deg > start_deg ? 5 : -5;

	/* Angles in screen terms: 0 = right, 90 = down (y grows downwards). */
	tt_down(t, 0, cx + r * cos(start_deg * M_PI / 180), cy + r * sin(start_deg * M_PI / 180));
	tt_step(t, 12);
	for (int a = start_deg + step; a != end_deg + step; a += step) {
		tt_move(t, 0, cx + r * cos(a * M_PI / 180), cy + r * sin(a * M_PI / 180));
		tt_step(t, 12);
	}
	tt_up(t, 0);
	tt_step(t, 12);
}

static void test_circular(void)
{
	struct tt t;
	double v;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	t.p.circular_scrolling = true;
	t.p.circ_scroll_trigger = 1;	/* top edge */
	tt_start(&t);
	circle(&t, -90, 90);	/* from the top, clockwise half a turn */
	tt_scroll_sum(&t, &v, NULL);
	CHECK(fabs(v - M_PI / t.p.circ_scroll_delta) < 1.5, "clockwise half turn = pi/CircScrollDelta "
	      "down (%.2f)", v);
	CHECK(tt_motion_events(&t) == 0, "no pointer motion while circling");
	tt_clear(&t);
	circle(&t, -90, -270);	/* counter-clockwise */
	tt_scroll_sum(&t, &v, NULL);
	CHECK(v < -20, "counter-clockwise scrolls up (%.2f)", v);
	tt_clear(&t);
	circle(&t, 0, 180);	/* starts at the right edge: not the trigger zone */
	CHECK(tt_scroll_events(&t) == 0, "outside the trigger zone no circular scroll");
	tt_free(&t);
}

static void test_edge_to_circular(void)
{
	struct tt t;
	double v1, v2;

	/* An edge scroll that reaches a corner hands over to circular scrolling. */
	tt_init(&t, TT_SYNAPTICS_ST_1F);
	t.p.coasting_speed = 0;
	t.p.circular_scrolling = true;
	t.p.circ_scroll_trigger = 1;	/* top only: the right edge starts an edge scroll */
	tt_start(&t);
	tt_down(&t, 0, 5300, 2500);
	tt_step(&t, 12);
	tt_glide(&t, 0, 5300, 4350, 30, 12);	/* down the strip into the bottom-right corner */
	tt_scroll_sum(&t, &v1, NULL);
	CHECK(v1 > 10, "edge scrolling down (%.2f)", v1);
	tt_glide(&t, 0, 2000, 4350, 30, 12);	/* on along the bottom: clockwise around the pad */
	tt_scroll_sum(&t, &v2, NULL);
	CHECK(v2 - v1 > 5, "goes on as a circular scroll, still down (%.2f more)", v2 - v1);
	CHECK(tt_motion_events(&t) == 0, "without pointer motion");
	tt_free(&t);
}

int main(void)
{
	RUN(test_two_finger_vertical);
	RUN(test_two_finger_horizontal);
	RUN(test_edge_scroll);
	RUN(test_coasting);
	RUN(test_coasting_after_burst);
	RUN(test_semi_mt);
	RUN(test_corner_coasting);
	RUN(test_scroll_off);
	RUN(test_circular);
	RUN(test_edge_to_circular);
	return tt_exit_status();
}
