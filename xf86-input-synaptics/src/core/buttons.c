/*
 * buttons.c - physical buttons: left/right/middle with middle-button
 * emulation, scroll buttons (up/down, BTN_0..3) with auto-repeat
 * (first repeat after twice ScrollButtonRepeat, then every ScrollButtonRepeat,
 * clamped to 10..1000 ms, as in 1.9).
 * Clickpad clicks are handed to clickpad.c.
 *
 * Middle-button emulation is a small state machine: the first of left/right
 * waits EmulateMidButtonTime for the other one; both together give button 2,
 * a timeout or a release gives the original button.
 */
#include "core-private.h"

#define HW_LRM (TP_HW_LEFT | TP_HW_RIGHT | TP_HW_MIDDLE)
#define HW_VSCROLL (TP_HW_UP | TP_HW_DOWN | TP_HW_MULTI(0) | TP_HW_MULTI(1))
#define HW_HSCROLL (TP_HW_MULTI(2) | TP_HW_MULTI(3))

enum tp_mid_event {
	MID_EV_LEFT_DOWN = 40,
	MID_EV_LEFT_UP,
	MID_EV_RIGHT_DOWN,
	MID_EV_RIGHT_UP,
	MID_EV_TIMEOUT,
};

static const char *mid_state_name(enum tp_mid_state s)
{
	switch (s) {
	case MID_STATE_IDLE: return "IDLE";
	case MID_STATE_LEFT_WAIT: return "LEFT_WAIT";
	case MID_STATE_RIGHT_WAIT: return "RIGHT_WAIT";
	case MID_STATE_MIDDLE: return "MIDDLE";
	case MID_STATE_PASS: return "PASS";
	}
	return "?";
}

static const char *mid_event_name(enum tp_mid_event e)
{
	switch (e) {
	case MID_EV_LEFT_DOWN: return "LEFT_DOWN";
	case MID_EV_LEFT_UP: return "LEFT_UP";
	case MID_EV_RIGHT_DOWN: return "RIGHT_DOWN";
	case MID_EV_RIGHT_UP: return "RIGHT_UP";
	case MID_EV_TIMEOUT: return "TIMEOUT";
	}
	return "?";
}

/* The button a physical left click sends: ClickFinger1..3 by the fingers on the pad. */
static int left_click_button(struct tp_core *core)
{
	int n = tp_clickfinger_count(core);
	int b;

	/* No ClickFinger action for more than three fingers, as 1.9. */
	if (n < 1 || n > 3)
		return 1;
	b = core->p.click_finger[n - 1];
	return b > 0 ? b : 1;
}

static void post_left(struct tp_core *core, bool down)
{
	struct tp_buttons *b = &core->buttons;

	if (down && !b->left_button) {
		b->left_button = 1;
		tp_button_press(core, 1);
	} else if (!down && b->left_button) {
		tp_button_release(core, b->left_button);
		b->left_button = 0;
	}
}

static void post_right(struct tp_core *core, bool down)
{
	struct tp_buttons *b = &core->buttons;

	if (down != b->right_posted) {
		b->right_posted = down;
		if (down)
			tp_button_press(core, 3);
		else
			tp_button_release(core, 3);
	}
}

/* Only the wait states have a deadline (mid_handle_event() sets it): no TIMEOUT elsewhere. */
static void mid_bug(struct tp_core *core, enum tp_mid_event ev)
{
	tp_log_bug(core, "middle emulation", mid_state_name(core->buttons.mid_state), mid_event_name(ev));
}

static void mid_idle(struct tp_core *core, enum tp_mid_event ev, enum tp_mid_state *next)
{
	switch (ev) {
	case MID_EV_LEFT_DOWN:
		*next = MID_STATE_LEFT_WAIT;
		break;
	case MID_EV_RIGHT_DOWN:
		*next = MID_STATE_RIGHT_WAIT;
		break;
	case MID_EV_LEFT_UP:
		post_left(core, false);
		break;
	case MID_EV_RIGHT_UP:
		post_right(core, false);
		break;
	case MID_EV_TIMEOUT:
		mid_bug(core, ev);
		break;
	}
}

static void mid_left_wait(struct tp_core *core, enum tp_mid_event ev, enum tp_mid_state *next)
{
	switch (ev) {
	case MID_EV_RIGHT_DOWN:
		core->buttons.middle_posted = true;
		tp_button_press(core, 2);
		*next = MID_STATE_MIDDLE;
		break;
	case MID_EV_LEFT_UP:
		tp_button_click(core, 1);
		*next = MID_STATE_IDLE;
		break;
	case MID_EV_TIMEOUT:
		post_left(core, true);
		*next = MID_STATE_PASS;
		break;
	case MID_EV_LEFT_DOWN:
	case MID_EV_RIGHT_UP:
		break;
	}
}

static void mid_right_wait(struct tp_core *core, enum tp_mid_event ev, enum tp_mid_state *next)
{
	switch (ev) {
	case MID_EV_LEFT_DOWN:
		core->buttons.middle_posted = true;
		tp_button_press(core, 2);
		*next = MID_STATE_MIDDLE;
		break;
	case MID_EV_RIGHT_UP:
		tp_button_click(core, 3);
		*next = MID_STATE_IDLE;
		break;
	case MID_EV_TIMEOUT:
		post_right(core, true);
		*next = MID_STATE_PASS;
		break;
	case MID_EV_RIGHT_DOWN:
	case MID_EV_LEFT_UP:
		break;
	}
}

static void mid_middle(struct tp_core *core, enum tp_mid_event ev, enum tp_mid_state *next)
{
	switch (ev) {
	case MID_EV_LEFT_UP:
	case MID_EV_RIGHT_UP:
		/* Middle stays down until both buttons are up. */
		if (!(core->buttons.hw & (TP_HW_LEFT | TP_HW_RIGHT))) {
			core->buttons.middle_posted = false;
			tp_button_release(core, 2);
			*next = MID_STATE_IDLE;
		}
		break;
	case MID_EV_TIMEOUT:
		mid_bug(core, ev);
		break;
	case MID_EV_LEFT_DOWN:
	case MID_EV_RIGHT_DOWN:
		break;
	}
}

static void mid_pass(struct tp_core *core, enum tp_mid_event ev, enum tp_mid_state *next)
{
	switch (ev) {
	case MID_EV_LEFT_DOWN:
		post_left(core, true);
		break;
	case MID_EV_LEFT_UP:
		post_left(core, false);
		break;
	case MID_EV_RIGHT_DOWN:
		post_right(core, true);
		break;
	case MID_EV_RIGHT_UP:
		post_right(core, false);
		break;
	case MID_EV_TIMEOUT:
		mid_bug(core, ev);
		break;
	}
	if (!(core->buttons.hw & (TP_HW_LEFT | TP_HW_RIGHT)))
		*next = MID_STATE_IDLE;
}

static void mid_handle_event(struct tp_core *core, enum tp_mid_event ev)
{
	struct tp_buttons *b = &core->buttons;
	enum tp_mid_state current = b->mid_state, next = current;

	if (ev == MID_EV_TIMEOUT)
		b->mid_deadline = 0;	/* fired: a stale one must not fire again */
	switch (current) {
	case MID_STATE_IDLE:
		mid_idle(core, ev, &next);
		break;
	case MID_STATE_LEFT_WAIT:
		mid_left_wait(core, ev, &next);
		break;
	case MID_STATE_RIGHT_WAIT:
		mid_right_wait(core, ev, &next);
		break;
	case MID_STATE_MIDDLE:
		mid_middle(core, ev, &next);
		break;
	case MID_STATE_PASS:
		mid_pass(core, ev, &next);
		break;
	}
	if (next == current)
		return;
	tp_log(core, TP_LOG_DEBUG, "middle emulation: %s -> %s -> %s",
	       mid_state_name(current), mid_event_name(ev), mid_state_name(next));
	b->mid_state = next;
	/* the wait states wait EmulateMidButtonTime for the other button */
	b->mid_deadline = 0;
	if (next == MID_STATE_LEFT_WAIT || next == MID_STATE_RIGHT_WAIT)
		b->mid_deadline = core->now + ms2us(core->p.emulate_mid_button_time);
}

static bool mid_emulation_on(const struct tp_core *core)
{
	return core->p.emulate_mid_button_time > 0 && !core->p.clickpad;
}

static void handle_left_right(struct tp_core *core, unsigned int pressed, unsigned int released)
{
	struct tp_buttons *b = &core->buttons;
	bool emulate = mid_emulation_on(core) || b->mid_state != MID_STATE_IDLE;

	if (pressed & TP_HW_LEFT) {
		int button = left_click_button(core);

		if (button == 1 && emulate) {
			mid_handle_event(core, MID_EV_LEFT_DOWN);
		} else if (!b->left_button) {
			b->left_button = button;
			tp_button_press(core, button);
		}
	}
	if (pressed & TP_HW_RIGHT) {
		if (emulate)
			mid_handle_event(core, MID_EV_RIGHT_DOWN);
		else
			post_right(core, true);
	}
	if (released & TP_HW_LEFT) {
		if (b->left_button && b->left_button != 1)
			post_left(core, false);
		else if (emulate)
			mid_handle_event(core, MID_EV_LEFT_UP);
		else
			post_left(core, false);
	}
	if (released & TP_HW_RIGHT) {
		if (emulate)
			mid_handle_event(core, MID_EV_RIGHT_UP);
		else
			post_right(core, false);
	}
	if (pressed & TP_HW_MIDDLE)
		tp_button_press(core, 2);
	if (released & TP_HW_MIDDLE)
		tp_button_release(core, 2);
}

/* ---- scroll buttons ---- */

/* 1.9 clamps ScrollButtonRepeat to this range when it uses it. */
#define SCROLL_REPEAT_MIN_MS	10
#define SCROLL_REPEAT_MAX_MS	1000

static int repeat_interval_ms(const struct tp_core *core)
{
	int ms = core->p.scroll_button_repeat;

	if (ms < SCROLL_REPEAT_MIN_MS)
		return SCROLL_REPEAT_MIN_MS;
	return ms > SCROLL_REPEAT_MAX_MS ? SCROLL_REPEAT_MAX_MS : ms;
}

static int scroll_button_for(unsigned int bit)
{
	switch (bit) {
	case TP_HW_UP:
	case TP_HW_MULTI(0):
		return 4;
	case TP_HW_DOWN:
	case TP_HW_MULTI(1):
		return 5;
	case TP_HW_MULTI(2):
		return 6;
	case TP_HW_MULTI(3):
		return 7;
	}
	return 0;
}

static void scroll_button_down(struct tp_core *core, unsigned int bit)
{
	struct tp_buttons *b = &core->buttons;
	bool vert = bit & HW_VSCROLL;
	bool scrolling = vert ? core->p.updown_button_scrolling : core->p.leftright_button_scrolling;
	bool repeat = vert ? core->p.updown_button_repeat : core->p.leftright_button_repeat;
	int button = scroll_button_for(bit);

	if (scrolling) {
		tp_button_click(core, button);
		if (repeat) {
			/* like a keyboard: the first repeat waits twice the interval (1.9) */
			if (!b->repeat_bits)
				b->repeat_deadline = core->now + ms2us(2 * repeat_interval_ms(core));
			b->repeat_bits |= bit;
		}
		return;
	}
	/* Without scrolling, up is a double click and the others are the middle button. */
	if (button == 4) {
		tp_button_click(core, 1);
		tp_button_click(core, 1);
	} else {
		b->held_bits |= bit;
		tp_button_press(core, 2);
	}
}

static void scroll_button_up(struct tp_core *core, unsigned int bit)
{
	struct tp_buttons *b = &core->buttons;

	if (b->repeat_bits & bit) {
		b->repeat_bits &= ~bit;
		if (!b->repeat_bits)
			b->repeat_deadline = 0;
	}
	if (b->held_bits & bit) {
		b->held_bits &= ~bit;
		tp_button_release(core, 2);
	}
}

/*
 * Left, right and middle: a clickpad has one switch under the whole
 * surface (clickpad.c decides the button); other pads have separate
 * buttons.  A release takes the path its press took, whatever ClickPad
 * says now: switching ClickPad on while a button is held must not leave
 * that button down (nor switching it off leave a clickpad click down).
 */
static void lrm_changed(struct tp_core *core, unsigned int pressed, unsigned int released)
{
	struct tp_buttons *b = &core->buttons;
	unsigned int separate_up = released & b->separate;

	if (core->clickpad.pressed) {
		/* more switches of the same click change nothing; the last one up ends it */
		if (!(b->hw & HW_LRM))
			tp_clickpad_release(core);
		return;
	}
	if (pressed && core->p.clickpad && !b->separate) {
		tp_clickpad_press(core);
		return;
	}
	b->separate = (b->separate | pressed) & ~separate_up;
	handle_left_right(core, pressed, separate_up);
}

uint64_t tp_buttons_next_timeout(const struct tp_core *core)
{
	return tp_earlier_deadline(core->buttons.mid_deadline, core->buttons.repeat_deadline);
}

/* Every frame: the buttons pressed and released since the last one. */
void tp_buttons_frame(struct tp_core *core, unsigned int hw)
{
	struct tp_buttons *b = &core->buttons;
	unsigned int pressed = hw & ~b->hw;
	unsigned int released = b->hw & ~hw;

	if (!pressed && !released)
		return;

	b->hw = hw;
	if (pressed)
		core->button_went_down = true;
	if ((pressed | released) & HW_LRM)
		lrm_changed(core, pressed & HW_LRM, released & HW_LRM);

	if (!((pressed | released) & (HW_VSCROLL | HW_HSCROLL)))
		return;
	for (unsigned int bit = TP_HW_UP; bit <= TP_HW_MULTI(3); bit <<= 1) {
		if (pressed & bit)
			scroll_button_down(core, bit);
		if (released & bit)
			scroll_button_up(core, bit);
	}
}

void tp_buttons_timeout(struct tp_core *core, uint64_t now)
{
	struct tp_buttons *b = &core->buttons;

	if (b->mid_deadline && b->mid_deadline <= now)
		mid_handle_event(core, MID_EV_TIMEOUT);

	if (b->repeat_deadline && b->repeat_deadline <= now) {
		for (unsigned int bit = TP_HW_UP; bit <= TP_HW_MULTI(3); bit <<= 1)
			if (b->repeat_bits & bit)
				tp_button_click(core, scroll_button_for(bit));
		b->repeat_deadline += ms2us(repeat_interval_ms(core));
		if (b->repeat_deadline <= now)
			b->repeat_deadline = now + ms2us(repeat_interval_ms(core));
	}
}

void tp_buttons_reset(struct tp_core *core)
{
	struct tp_buttons *b = &core->buttons;

	if (b->left_button)
		tp_button_release(core, b->left_button);
	if (b->right_posted)
		tp_button_release(core, 3);
	if (b->middle_posted)
		tp_button_release(core, 2);
	if (b->separate & TP_HW_MIDDLE)
		tp_button_release(core, 2);
	for (unsigned int bit = TP_HW_UP; bit <= TP_HW_MULTI(3); bit <<= 1)
		if (b->held_bits & bit)
			tp_button_release(core, 2);
	*b = (struct tp_buttons){ 0 };
}
