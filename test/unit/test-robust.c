/* Bad input: random and hostile frames never crash the core, and a reset leaves nothing held. */
#include <stdlib.h>
#include <string.h>

#include "tp-test.h"

static unsigned int seed = 12345;

static int rnd(int n)
{
	seed = seed * 1103515245u + 12345u;
	return (int)((seed >> 8) % (unsigned int)n);
}

static int wild(void)
{
	switch (rnd(6)) {
	case 0: return -100000 + rnd(200000);
	case 1: return 0;
	case 2: return 0x7fffffff - rnd(3);
	case 3: return -0x7fffffff + rnd(3);
	default: return 1400 + rnd(4200);
	}
}

static void nudge(int *v)
{
	if (*v > -1000000 && *v < 1000000)
		*v += rnd(200) - 100;
}

static void fuzz(enum tt_kind kind, bool all_features)
{
	struct tt t;

	tt_init(&t, kind);
	if (all_features) {
		t.p.tap_button[0] = 1;
		t.p.tap_button[1] = 3;
		t.p.tap_button[2] = 2;
		t.p.locked_drags = true;
		t.p.circular_scrolling = true;
		t.p.corner_coasting = true;
		t.p.horiz_edge_scroll = t.p.vert_edge_scroll = true;
		t.p.horiz_twofinger_scroll = true;
		t.p.palm_detect = true;
		t.p.softbutton_areas[0][0] = 3472;
		t.p.softbutton_areas[0][2] = 4000;
	}
	tt_start(&t);
	for (int i = 0; i < 20000; i++) {
		struct tp_frame *f = &t.f;
		int r = rnd(100);

		if (r < 5) {
			f->x = wild();
			f->y = wild();
			f->pressure = wild();
			f->width = wild();
			f->fingers = rnd(8) - 1;
			f->touch = rnd(2);
		} else if (r < 15) {
			int s = rnd(TP_MAX_SLOTS);

			f->slots[s].active = rnd(2);
			f->slots[s].tracking_id = rnd(3) ? rnd(1000) : -1;
			f->slots[s].x = wild();
			f->slots[s].y = wild();
			f->slots[s].pressure = rnd(4) ? rnd(300) - 1 : wild();
		} else if (r < 20) {
			f->buttons = (unsigned int)rnd(1 << 10);
		} else if (r < 22) {
			tp_core_reset(t.core, t.now);
		} else if (r < 23) {
			/* The recording's clock may jump backwards. */
			t.now -= (uint64_t)rnd(50000);
		} else if (r < 25) {
			struct tp_params p = t.p;

			p.touchpad_off = rnd(3);
			p.clickpad = rnd(2);
			tp_core_set_params(t.core, &p);
		} else {
			int s = rnd(2);

			nudge(&f->slots[s].x);
			nudge(&f->slots[s].y);
			nudge(&f->x);
			nudge(&f->y);
		}
		tt_step(&t, rnd(30));
		if (t.nev > TT_MAX_EVENTS - 100)
			t.nev = 0;	/* keep the counts meaningful only per batch */
	}
	tp_core_reset(t.core, t.now);
	/* Count button balance over a fresh stretch: press and release pairs match after reset. */
	tt_clear(&t);
	for (int i = 0; i < 2000; i++) {
		if (rnd(10) == 0)
			t.f.buttons = (unsigned int)rnd(1 << 10);
		if (rnd(10) == 0) {
			int s = rnd(2);

			t.f.slots[s].active = rnd(2);
			t.f.slots[s].tracking_id = rnd(1000);
			t.f.slots[s].pressure = 70;
		}
		t.f.touch = rnd(2);
		t.f.pressure = 70;
		t.f.fingers = rnd(4);
		tt_step(&t, 1 + rnd(20));
	}
	tp_core_reset(t.core, t.now);
	for (int b = 1; b <= TP_MAX_BUTTON; b++)
		CHECK(tt_presses(&t, b) == tt_releases(&t, b), "button %d balanced after reset (%d/%d)", b,
		      tt_presses(&t, b), tt_releases(&t, b));
	CHECK(tp_core_next_timeout(t.core) == 0, "no timer after reset");
	tt_free(&t);
}

static void test_fuzz_clickpad(void)
{
	fuzz(TT_SYNAPTICS_CLICKPAD, true);
	fuzz(TT_SYNAPTICS_CLICKPAD, false);
}

static void test_fuzz_single_touch(void)
{
	fuzz(TT_SYNAPTICS_ST, true);
	fuzz(TT_SYNAPTICS_ST_1F, true);
}

static void test_fuzz_semi_mt(void)
{
	fuzz(TT_SYNAPTICS_SEMI_MT, true);
	fuzz(TT_SYNAPTICS_MT, true);
}

static void test_hostile_device(void)
{
	struct tp_device dev;
	struct tp_params p;
	struct tp_core *core;
	struct tp_frame f;

	memset(&dev, 0, sizeof(dev));
	dev.x = (struct tp_axis){ .min = 0, .max = 1, .present = true };
	dev.y = (struct tp_axis){ .min = 0, .max = 1, .present = true };
	dev.num_slots = 1000;	/* more than we track */
	dev.pressure.present = false;
	tp_params_defaults(&dev, &p);
	CHECK(p.vert_scroll_delta != 0 && p.horiz_scroll_delta != 0, "a tiny pad still has scroll deltas");
	core = tp_core_new(&dev, &p, NULL, NULL);	/* no callbacks at all */
	CHECK(core != NULL, "a tiny pad is accepted");
	memset(&f, 0, sizeof(f));
	for (int i = 0; i < 100; i++) {
		f.time = 1000000 + i * 10000;
		f.slots[i % TP_MAX_SLOTS].active = i % 3;
		f.slots[i % TP_MAX_SLOTS].x = i;
		f.touch = i % 2;
		f.buttons = i % 7;
		tp_core_frame(core, &f);
	}
	tp_core_reset(core, f.time);
	tp_core_free(core);
}

/*
 * One frame stamped on another clock (CLOCK_REALTIME: decades ahead of the
 * frames' CLOCK_MONOTONIC) held the core's clock there: a click then held
 * the pointer still for good, as the time since the press never grew.  The
 * next reset (the device switched off and on) starts the clock again.
 */
static void test_clock_after_foreign_frame(void)
{
	struct tt t;
	struct tp_frame f;
	uint64_t press;
	int first;

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	tt_start(&t);
	tt_down(&t, 0, 3000, 3000);
	tt_step(&t, 12);
	f = t.f;
	f.time = t.now + 1796580135436000ull;	/* 2026 on CLOCK_REALTIME, in us */
	tp_core_frame(t.core, &f);
	tt_up(&t, 0);
	tt_step(&t, 12);
	tt_wait(&t, 300);
	tp_core_reset(t.core, t.now);
	tt_clear(&t);

	press = tt_click_drag(&t, 3000, 3000, 3600);
	first = tt_first_motion(&t);
	CHECK(tt_presses(&t, 1) == 1, "the click is a click (%d)", tt_presses(&t, 1));
	CHECK(first >= 0, "after the reset a click-drag moves the pointer");
	if (first >= 0)
		CHECK(t.ev[first].time - press < 200000, "within 200 ms of the press (%.0f ms)",
		      (t.ev[first].time - press) / 1000.0);
	tt_free(&t);
}

int main(void)
{
	RUN(test_clock_after_foreign_frame);
	RUN(test_fuzz_clickpad);
	RUN(test_fuzz_single_touch);
	RUN(test_fuzz_semi_mt);
	RUN(test_hostile_device);
	return tt_exit_status();
}
