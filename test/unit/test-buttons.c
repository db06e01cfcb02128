/* Physical buttons: left/right, middle emulation, scroll buttons with repeat, reset. */
#include "tp-test.h"

static void press(struct tt *t, unsigned int bits, int ms)
{
	tt_buttons(t, bits);
	tt_step(t, ms);
}

static void test_left_right(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.emulate_mid_button_time = 0;
	tt_start(&t);
	press(&t, TP_HW_LEFT, 12);
	CHECK(tt_held(&t, 1), "left press is immediate without middle emulation");
	press(&t, 0, 12);
	press(&t, TP_HW_RIGHT, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 1) == 1 && tt_releases(&t, 1) == 1, "left click");
	CHECK(tt_presses(&t, 3) == 1 && tt_releases(&t, 3) == 1, "right click");
	tt_free(&t);
}

static void test_middle_emulation(void)
{
	struct tt t;
	int p;

	tt_init(&t, TT_SYNAPTICS_ST);
	tt_start(&t);
	CHECK(t.p.emulate_mid_button_time == 75, "75 ms by default on non-clickpads");
	press(&t, TP_HW_LEFT, 12);
	press(&t, TP_HW_LEFT | TP_HW_RIGHT, 30);	/* right 30 ms after left */
	tt_wait(&t, 100);
	press(&t, TP_HW_RIGHT, 12);
	CHECK(tt_held(&t, 2), "middle held while either button is still down");
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 2) == 1 && tt_releases(&t, 2) == 1, "left+right together = middle");
	CHECK(tt_presses(&t, 1) == 0 && tt_presses(&t, 3) == 0, "and neither left nor right");
	tt_clear(&t);

	/* Left alone: left, after the emulation window. */
	press(&t, TP_HW_LEFT, 12);
	CHECK(tt_presses(&t, 1) == 0, "left waits for a possible right");
	tt_wait(&t, 200);
	p = tt_find_button(&t, 1, true, 0);
	CHECK(p >= 0, "left goes down once the window has passed");
	press(&t, 0, 12);
	CHECK(tt_releases(&t, 1) == 1 && tt_presses(&t, 2) == 0, "a plain left click");
	tt_clear(&t);

	/* A quick left click inside the window is still a left click. */
	press(&t, TP_HW_LEFT, 12);
	press(&t, 0, 30);
	CHECK(tt_presses(&t, 1) == 1 && tt_releases(&t, 1) == 1, "short left click");
	tt_clear(&t);

	/* Right, then left too late: right and left, no middle. */
	press(&t, TP_HW_RIGHT, 12);
	tt_wait(&t, 150);
	press(&t, TP_HW_RIGHT | TP_HW_LEFT, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 2) == 0 && tt_presses(&t, 3) == 1 && tt_presses(&t, 1) == 1,
	      "no middle outside the window");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_CLICKPAD);
	CHECK(t.p.emulate_mid_button_time == 0, "off on clickpads");
}

static void test_scroll_buttons(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.buttons |= TP_HW_UP | TP_HW_DOWN | TP_HW_MULTI(2) | TP_HW_MULTI(3);
	tp_params_defaults(&t.dev, &t.p);
	tt_start(&t);
	press(&t, TP_HW_DOWN, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 5) == 1 && tt_releases(&t, 5) == 1, "down button = one click of 5");
	tt_clear(&t);
	press(&t, TP_HW_UP, 12);
	tt_wait(&t, 440);	/* held 452 ms: first repeat at 200 ms, then every 100 ms (1.9) */
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 4) == 4, "held up button repeats every ScrollButtonRepeat (%d)",
	      tt_presses(&t, 4));
	tt_clear(&t);
	press(&t, TP_HW_MULTI(2), 12);
	press(&t, 0, 12);
	press(&t, TP_HW_MULTI(3), 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 6) == 1 && tt_presses(&t, 7) == 1, "BTN_2/BTN_3 = 6/7");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.buttons |= TP_HW_UP | TP_HW_DOWN;
	tp_params_defaults(&t.dev, &t.p);
	t.p.updown_button_repeat = false;
	tt_start(&t);
	press(&t, TP_HW_UP, 500);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 4) == 1, "no repeat when UpDownScrollRepeat is off");
	tt_free(&t);

	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.buttons |= TP_HW_UP | TP_HW_DOWN;
	tp_params_defaults(&t.dev, &t.p);
	t.p.updown_button_scrolling = false;
	tt_start(&t);
	press(&t, TP_HW_UP, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 1) == 2 && tt_presses(&t, 4) == 0, "UpDownScrolling off: up = double click");
	press(&t, TP_HW_DOWN, 12);
	CHECK(tt_held(&t, 2), "down = middle button, held");
	press(&t, 0, 12);
	CHECK(!tt_held(&t, 2), "released");
	tt_free(&t);
}

static void test_clickfinger_physical(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.emulate_mid_button_time = 0;
	t.p.click_finger[1] = 3;
	tt_start(&t);
	t.fingers_override = 2;
	tt_down(&t, 0, 3000, 3000);
	tt_step(&t, 12);
	press(&t, TP_HW_LEFT, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 3) == 1 && tt_presses(&t, 1) == 0, "left with two fingers = ClickFinger2");
	tt_free(&t);
}

static void test_off_keeps_physical_buttons(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.p.touchpad_off = 1;
	t.p.emulate_mid_button_time = 0;
	tt_start(&t);
	press(&t, TP_HW_LEFT, 12);
	press(&t, 0, 12);
	CHECK(tt_presses(&t, 1) == 1, "TouchpadOff=1 keeps physical clicks");
	tt_free(&t);
}

static void test_reset(void)
{
	struct tt t;

	tt_init(&t, TT_SYNAPTICS_ST);
	t.dev.buttons |= TP_HW_UP;
	tp_params_defaults(&t.dev, &t.p);
	t.p.emulate_mid_button_time = 0;
	tt_start(&t);
	press(&t, TP_HW_LEFT | TP_HW_RIGHT | TP_HW_UP, 12);
	CHECK(tt_held(&t, 1) && tt_held(&t, 3), "held");
	tp_core_reset(t.core, t.now);
	CHECK(!tt_held(&t, 1) && !tt_held(&t, 3), "reset releases every button");
	CHECK(tp_core_next_timeout(t.core) == 0, "and stops the repeat timer");
	tt_free(&t);
}

int main(void)
{
	RUN(test_left_right);
	RUN(test_middle_emulation);
	RUN(test_scroll_buttons);
	RUN(test_clickfinger_physical);
	RUN(test_off_keeps_physical_buttons);
	RUN(test_reset);
	return tt_exit_status();
}
