/*
 * tap.c - the tap state machine: 1/2/3-finger taps, corner taps, double
 * taps, tap-and-drag and locked drags, with 1.9's timing options.
 *
 * States and transitions (T = MaxTapTime, S = SingleTapTimeout,
 * D = MaxDoubleTapTime, C = ClickTime, L = LockedDragTimeout):
 *
 *   IDLE --touch--> TOUCH --release within T, no move--> TAPPED (1 finger, drag on)
 *                     |                                  or CLICK (button down for C)
 *                     +--move / held > T / button--> DEAD --release--> IDLE
 *   TAPPED --S expires--> CLICK (press now, release after C)
 *   TAPPED --touch--> TOUCH_2 (button down)
 *   TOUCH_2 --release within D--> CLICK (double tap: release, press again)
 *   TOUCH_2 --move or held > D--> DRAGGING
 *   DRAGGING --release--> IDLE (button up), or DRAG_LOCKED with LockedDrags
 *   DRAG_LOCKED --L expires--> IDLE;  --touch--> DRAG_LOCKED_TOUCH
 *   DRAG_LOCKED_TOUCH --release within T (a tap)--> IDLE;  --move / held--> DRAGGING
 *
 * Every transition is logged at TP_LOG_DEBUG.
 */
#include <limits.h>
#include <math.h>

#include "core-private.h"

enum tp_tap_event {
	TAP_EVENT_TOUCH = 20,	/* first finger down */
	TAP_EVENT_RELEASE,	/* last finger up */
	TAP_EVENT_MOTION,	/* a finger moved beyond MaxTapMove */
	TAP_EVENT_TIMEOUT,
	TAP_EVENT_BUTTON,	/* a physical button was pressed */
	TAP_EVENT_DISABLE,	/* tapping is off (TouchpadOff, palm, MaxTapTime 0) */
};

const char *tp_tap_state_name(enum tp_tap_state s)
{
	switch (s) {
	case TAP_STATE_IDLE: return "IDLE";
	case TAP_STATE_TOUCH: return "TOUCH";
	case TAP_STATE_TAPPED: return "TAPPED";
	case TAP_STATE_CLICK: return "CLICK";
	case TAP_STATE_TOUCH_2: return "TOUCH_2";
	case TAP_STATE_DRAGGING: return "DRAGGING";
	case TAP_STATE_DRAG_LOCKED: return "DRAG_LOCKED";
	case TAP_STATE_DRAG_LOCKED_TOUCH: return "DRAG_LOCKED_TOUCH";
	case TAP_STATE_DEAD: return "DEAD";
	}
	return "?";
}

static const char *tap_event_name(enum tp_tap_event e)
{
	switch (e) {
	case TAP_EVENT_TOUCH: return "TOUCH";
	case TAP_EVENT_RELEASE: return "RELEASE";
	case TAP_EVENT_MOTION: return "MOTION";
	case TAP_EVENT_TIMEOUT: return "TIMEOUT";
	case TAP_EVENT_BUTTON: return "BUTTON";
	case TAP_EVENT_DISABLE: return "DISABLE";
	}
	return "?";
}

static bool tap_enabled(const struct tp_core *core)
{
	return core->p.touchpad_off == 0 && !core->palm && core->p.max_tap_time > 0;
}

static void set_timer(struct tp_core *core, int ms)
{
	core->tap.deadline = core->now + ms2us(ms > 0 ? ms : 0) + (ms > 0 ? 0 : 1);
}

static void hold_button(struct tp_core *core, int button)
{
	struct tp_tap *tap = &core->tap;

	if (tap->held || button <= 0)
		return;
	tap->held = button;
	tp_button_press(core, button);
}

static void drop_button(struct tp_core *core)
{
	struct tp_tap *tap = &core->tap;

	if (!tap->held)
		return;
	tp_button_release(core, tap->held);
	tap->held = 0;
}

/* The button of a finished tap: a corner button for a 1-finger tap in a corner, else TapButtonN. */
static int tap_button(const struct tp_core *core)
{
	const struct tp_tap *tap = &core->tap;
	const struct tp_params *p = &core->p;
	int n = tap->max_fingers;
	bool left, right, top, bottom;

	if (n < 1)
		return 0;
	if (n == 1) {
		if (p->max_tap_move <= 0)
			return 0;
		tp_edge_zone(core, tap->start_x, tap->start_y, &left, &right, &top, &bottom);
		if (right && top && p->corner_button[0])
			return p->corner_button[0];
		if (right && bottom && p->corner_button[1])
			return p->corner_button[1];
		if (left && top && p->corner_button[2])
			return p->corner_button[2];
		if (left && bottom && p->corner_button[3])
			return p->corner_button[3];
	}
	if (n > 3)
		n = 3;
	return p->tap_button[n - 1];
}

static void start_click(struct tp_core *core, int button)
{
	hold_button(core, button);
	set_timer(core, core->p.click_time);
}

/* The deadline is cleared entering IDLE, DRAGGING and DEAD, and they set none. */
static void tap_bug(struct tp_core *core, enum tp_tap_event ev)
{
	tp_log_bug(core, "tap", tp_tap_state_name(core->tap.state), tap_event_name(ev));
}

static void tap_idle(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_TOUCH:
		if (!tap_enabled(core)) {
			*next = TAP_STATE_DEAD;
			break;
		}
		set_timer(core, core->p.max_tap_time);
		*next = TAP_STATE_TOUCH;
		break;
	case TAP_EVENT_TIMEOUT:
		tap_bug(core, ev);
		break;
	case TAP_EVENT_RELEASE:
	case TAP_EVENT_MOTION:
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		break;
	}
}

static void tap_touch(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	struct tp_tap *tap = &core->tap;

	switch (ev) {
	case TAP_EVENT_RELEASE:
		tap->button = tap_button(core);
		if (!tap->button) {
			*next = TAP_STATE_IDLE;
		} else if (tap->max_fingers == 1 && core->p.tap_and_drag_gesture) {
			/* Wait: a second touch makes this a double tap or a drag. */
			set_timer(core, core->p.single_tap_timeout);
			*next = TAP_STATE_TAPPED;
		} else {
			start_click(core, tap->button);
			*next = TAP_STATE_CLICK;
		}
		break;
	case TAP_EVENT_MOTION:
	case TAP_EVENT_TIMEOUT:
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		*next = TAP_STATE_DEAD;
		break;
	case TAP_EVENT_TOUCH:
		break;
	}
}

static void tap_tapped(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	struct tp_tap *tap = &core->tap;

	switch (ev) {
	case TAP_EVENT_TIMEOUT:
		start_click(core, tap->button);
		*next = TAP_STATE_CLICK;
		break;
	case TAP_EVENT_TOUCH:
		if (!tap_enabled(core)) {
			tp_button_click(core, tap->button);
			*next = TAP_STATE_DEAD;
			break;
		}
		hold_button(core, tap->button);
		set_timer(core, core->p.max_double_tap_time);
		*next = TAP_STATE_TOUCH_2;
		break;
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		/* The tap happened: deliver it before anything else. */
		tp_button_click(core, tap->button);
		*next = TAP_STATE_IDLE;
		break;
	case TAP_EVENT_RELEASE:
	case TAP_EVENT_MOTION:
		break;
	}
}

static void tap_click(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_TIMEOUT:
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		drop_button(core);
		*next = TAP_STATE_IDLE;
		break;
	case TAP_EVENT_TOUCH:
		/* A new touch ends the click early and starts a new sequence. */
		drop_button(core);
		*next = TAP_STATE_IDLE;
		tap_idle(core, ev, next);
		break;
	case TAP_EVENT_RELEASE:
	case TAP_EVENT_MOTION:
		break;
	}
}

static void tap_touch_2(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	struct tp_tap *tap = &core->tap;

	switch (ev) {
	case TAP_EVENT_RELEASE:
		/* Double tap: end the first click, send the second. */
		drop_button(core);
		start_click(core, tap->button);
		*next = TAP_STATE_CLICK;
		break;
	case TAP_EVENT_MOTION:
	case TAP_EVENT_TIMEOUT:
		tap->deadline = 0;
		*next = TAP_STATE_DRAGGING;
		break;
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		drop_button(core);
		*next = TAP_STATE_DEAD;
		break;
	case TAP_EVENT_TOUCH:
		break;
	}
}

static void tap_dragging(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_RELEASE:
		if (core->p.locked_drags) {
			set_timer(core, core->p.locked_drag_timeout);
			*next = TAP_STATE_DRAG_LOCKED;
		} else {
			drop_button(core);
			*next = TAP_STATE_IDLE;
		}
		break;
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		drop_button(core);
		*next = TAP_STATE_DEAD;
		break;
	case TAP_EVENT_TIMEOUT:
		tap_bug(core, ev);
		break;
	case TAP_EVENT_TOUCH:
	case TAP_EVENT_MOTION:
		break;
	}
}

static void tap_drag_locked(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_TIMEOUT:
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		drop_button(core);
		*next = TAP_STATE_IDLE;
		break;
	case TAP_EVENT_TOUCH:
		set_timer(core, core->p.max_tap_time);
		*next = TAP_STATE_DRAG_LOCKED_TOUCH;
		break;
	case TAP_EVENT_RELEASE:
	case TAP_EVENT_MOTION:
		break;
	}
}

static void tap_drag_locked_touch(struct tp_core *core, enum tp_tap_event ev,
				  enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_RELEASE:
		/* A tap ends the locked drag. */
		drop_button(core);
		*next = TAP_STATE_IDLE;
		break;
	case TAP_EVENT_MOTION:
	case TAP_EVENT_TIMEOUT:
		core->tap.deadline = 0;
		*next = TAP_STATE_DRAGGING;
		break;
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		drop_button(core);
		*next = TAP_STATE_DEAD;
		break;
	case TAP_EVENT_TOUCH:
		break;
	}
}

static void tap_dead(struct tp_core *core, enum tp_tap_event ev, enum tp_tap_state *next)
{
	switch (ev) {
	case TAP_EVENT_RELEASE:
		*next = TAP_STATE_IDLE;
		break;
	case TAP_EVENT_TIMEOUT:
		tap_bug(core, ev);
		break;
	case TAP_EVENT_TOUCH:
	case TAP_EVENT_MOTION:
	case TAP_EVENT_BUTTON:
	case TAP_EVENT_DISABLE:
		break;
	}
}

static void tap_handle_event(struct tp_core *core, enum tp_tap_event ev)
{
	struct tp_tap *tap = &core->tap;
	enum tp_tap_state current = tap->state, next = current;

	/* Handlers that want a timer set it; everything else cancels it. */
	if (ev == TAP_EVENT_TIMEOUT)
		tap->deadline = 0;
	switch (current) {
	case TAP_STATE_IDLE:
		tap_idle(core, ev, &next);
		break;
	case TAP_STATE_TOUCH:
		tap_touch(core, ev, &next);
		break;
	case TAP_STATE_TAPPED:
		tap_tapped(core, ev, &next);
		break;
	case TAP_STATE_CLICK:
		tap_click(core, ev, &next);
		break;
	case TAP_STATE_TOUCH_2:
		tap_touch_2(core, ev, &next);
		break;
	case TAP_STATE_DRAGGING:
		tap_dragging(core, ev, &next);
		break;
	case TAP_STATE_DRAG_LOCKED:
		tap_drag_locked(core, ev, &next);
		break;
	case TAP_STATE_DRAG_LOCKED_TOUCH:
		tap_drag_locked_touch(core, ev, &next);
		break;
	case TAP_STATE_DEAD:
		tap_dead(core, ev, &next);
		break;
	}

	if (next == TAP_STATE_IDLE || next == TAP_STATE_DEAD || next == TAP_STATE_DRAGGING)
		tap->deadline = 0;
	if (next != current || (ev != TAP_EVENT_DISABLE && ev != TAP_EVENT_MOTION))
		tp_log(core, TP_LOG_DEBUG, "tap: %s -> %s -> %s (fingers %d, button %d)",
		       tp_tap_state_name(current), tap_event_name(ev), tp_tap_state_name(next),
		       tap->max_fingers, tap->held);
	tap->state = next;
}

/* Did any finger of this touch sequence move further than MaxTapMove from where it began? */
static bool moved_too_far(const struct tp_core *core)
{
	int limit = core->p.max_tap_move;
	double lim2;

	if (limit <= 0)
		limit = INT_MAX / 2;	/* multi-finger taps still work when MaxTapMove is 0 */
	lim2 = (double)limit * limit;
	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];
		double dx, dy;

		if (!t->down || t->ignored || t->began)
			continue;
		dx = (double)t->x - t->start_x;
		dy = (double)t->y - t->start_y;
		if (dx * dx + dy * dy > lim2)
			return true;
	}
	return false;
}

/*
 * The states whose handlers act on TAP_EVENT_MOTION; everywhere else it
 * changes nothing (IDLE, DEAD and DRAGGING have no timer to cancel), so
 * the touches are measured only here.
 */
static bool motion_matters(enum tp_tap_state s)
{
	return s == TAP_STATE_TOUCH || s == TAP_STATE_TOUCH_2 || s == TAP_STATE_DRAG_LOCKED_TOUCH;
}

void tp_tap_button(struct tp_core *core)
{
	tap_handle_event(core, TAP_EVENT_BUTTON);
}

uint64_t tp_tap_next_timeout(const struct tp_core *core)
{
	return core->tap.deadline;
}

/* Every frame: the finger count's changes, as the tap machine's events. */
void tp_tap_frame(struct tp_core *core)
{
	struct tp_tap *tap = &core->tap;
	int n = core->gesture_fingers;

	/* IDLE or DEAD, the last frame's count, no more fingers than before: nothing to do */
	if ((tap->state == TAP_STATE_IDLE || tap->state == TAP_STATE_DEAD) &&
	    n == tap->prev_fingers && n <= tap->max_fingers)
		return;

	/* the state first: most frames are IDLE or DEAD, where disabling changes nothing */
	if (tap->state != TAP_STATE_IDLE && tap->state != TAP_STATE_DEAD && !tap_enabled(core))
		tap_handle_event(core, TAP_EVENT_DISABLE);

	if (n > 0 && tap->prev_fingers == 0) {
		int p = tp_pointer_touch(core);
		const struct tp_touch *t;

		/* The first finger: the pointer's, else the oldest counted touch. */
		for (int i = 0; p < 0 && i < core->ntouches; i++)
			if (core->touches[i].down && !core->touches[i].ignored)
				p = i;
		t = &core->touches[p >= 0 ? p : 0];
		tap->max_fingers = n;
		tap->start_x = t->start_x;
		tap->start_y = t->start_y;
		tap_handle_event(core, TAP_EVENT_TOUCH);
		/* Landing with a click (clickpads): never a tap. */
		if (core->button_went_down)
			tap_handle_event(core, TAP_EVENT_BUTTON);
	} else if (n > tap->max_fingers) {
		tap->max_fingers = n;
	}

	if (n > 0 && motion_matters(tap->state) && moved_too_far(core))
		tap_handle_event(core, TAP_EVENT_MOTION);

	if (n == 0 && tap->prev_fingers > 0)
		tap_handle_event(core, TAP_EVENT_RELEASE);

	tap->prev_fingers = n;
}

void tp_tap_timeout(struct tp_core *core, uint64_t now)
{
	struct tp_tap *tap = &core->tap;

	if (!tap->deadline || tap->deadline > now)
		return;
	tap_handle_event(core, TAP_EVENT_TIMEOUT);
}

bool tp_tap_pending(const struct tp_core *core)
{
	return core->tap.state == TAP_STATE_TOUCH && tap_button(core) > 0;
}

void tp_tap_reset(struct tp_core *core)
{
	drop_button(core);
	core->tap = (struct tp_tap){ .state = TAP_STATE_IDLE };
}
