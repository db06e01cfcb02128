/*
 * core.c - frame dispatch, touch tracking, finger counting, timers.
 *
 * Per frame: expire overdue timers, update the touches (pressure hysteresis,
 * Area, soft-button resting; palm.c may hold new ones back), count fingers
 * (BTN_TOOL_* and slots, two-finger emulation, palm), then run the concerns
 * in a fixed order: physical buttons (a click decides its button from the
 * touches), tapping, scrolling, and pointer motion last (it is suppressed
 * when scrolling consumed the frame).
 *
 * Touch tracking stays here, not in a file of its own: moved out of this
 * translation unit it cost 32 instructions per frame on 2026-12-05
 * (update_mt_touches() was no longer taken into tp_core_frame()), more than
 * the room left under the bench's goal of 1,000 (test/bench/README.md).
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core-private.h"

void tp_log(struct tp_core *core, enum tp_log_level level, const char *fmt, ...)
{
	va_list args;

	if (!core->out.log)
		return;
	va_start(args, fmt);
	core->out.log(core->user, level, fmt, args);
	va_end(args);
}

/*
 * Logical buttons are reference counted: a tap and a physical click may both
 * hold button 1, and X must see one press and one release.
 */
void tp_button_press(struct tp_core *core, int button)
{
	if (button <= 0 || button > TP_MAX_BUTTON)
		return;
	if (core->button_count[button]++ == 0 && core->out.button)
		core->out.button(core->user, button, true);
}

void tp_button_release(struct tp_core *core, int button)
{
	if (button <= 0 || button > TP_MAX_BUTTON || core->button_count[button] == 0)
		return;
	if (--core->button_count[button] == 0 && core->out.button)
		core->out.button(core->user, button, false);
}

void tp_button_click(struct tp_core *core, int button)
{
	tp_button_press(core, button);
	tp_button_release(core, button);
}

/*
 * The edge zones of 1.9's 3x3 layout.  With CircularPad the pad is the ellipse
 * inscribed in the edges: everything outside it is edge, and which edge (or
 * corner) is decided by the direction from the centre, in 45 degree sectors.
 */
void tp_edge_zone(const struct tp_core *core, int x, int y, bool *left, bool *right,
		  bool *top, bool *bottom)
{
	const struct tp_params *p = &core->p;
	double hw = ((double)p->right_edge - p->left_edge) / 2.0;
	double hh = ((double)p->bottom_edge - p->top_edge) / 2.0;

	if (p->circular_pad && hw > 0 && hh > 0) {
		double nx = (x - (p->left_edge + hw)) / hw;
		double ny = (y - (p->top_edge + hh)) / hh;
		double a;

		*left = *right = *top = *bottom = false;
		if (nx * nx + ny * ny < 1.0)
			return;
		/* 0 = right, increasing clockwise (y grows downwards); sectors centred on the axes. */
		a = atan2(ny, nx) * 180.0 / M_PI;
		*right = a > -67.5 && a < 67.5;
		*bottom = a > 22.5 && a < 157.5;
		*left = a > 112.5 || a < -112.5;
		*top = a > -157.5 && a < -22.5;
		return;
	}
	*left = x < p->left_edge;
	*right = x > p->right_edge;
	*top = y < p->top_edge;
	*bottom = y > p->bottom_edge;
}

static bool area_ignores(const struct tp_core *core, int x, int y)
{
	const struct tp_params *p = &core->p;

	if (p->area_left_edge && x < p->area_left_edge)
		return true;
	if (p->area_right_edge && x > p->area_right_edge)
		return true;
	if (p->area_top_edge && y < p->area_top_edge)
		return true;
	if (p->area_bottom_edge && y > p->area_bottom_edge)
		return true;
	return false;
}

static void touch_begin(struct tp_core *core, struct tp_touch *t)
{
	core->touch_events = true;
	t->began = true;
	t->start_x = t->x;
	t->start_y = t->y;
	t->start_time = core->now;
	t->ignored = area_ignores(core, t->x, t->y);
	t->in_button_area = tp_button_strip_at(core, t->y);
	t->thumb = false;
	t->pinned = false;
}

static void touch_end(struct tp_core *core, struct tp_touch *t)
{
	core->touch_events = true;
	t->ended = true;
	t->down = false;
	t->thumb = false;
	t->in_button_area = false;
	t->pinned = false;
}

/* FingerHigh starts a touch, FingerLow ends it. */
static bool pressure_down(const struct tp_core *core, bool was_down, int pressure)
{
	if (was_down)
		return pressure >= core->p.finger_low;
	return pressure > core->p.finger_high;
}

static void update_mt_touches(struct tp_core *core, const struct tp_frame *f, bool pad_down,
			      bool hold)
{
	int n = core->dev.num_slots;

	if (n > TP_MAX_SLOTS)
		n = TP_MAX_SLOTS;
	core->ntouches = n;
	for (int i = 0; i < n; i++) {
		const struct tp_contact *c = &f->slots[i];
		const struct tp_contact *old = &core->frame.slots[i];
		struct tp_touch *t = &core->touches[i];
		bool was = t->down;
		bool down;

		if (!c->active)
			down = false;
		else if (c->pressure >= 0)
			down = pressure_down(core, was, c->pressure);
		else
			down = pad_down;
		if (hold && !was)
			down = false;

		/* A new tracking id in the same slot is a new touch. */
		if (was && down && old->active && old->tracking_id != c->tracking_id) {
			touch_end(core, t);
			was = false;
		}
		t->x = c->x;
		t->y = c->y;
		t->pressure = c->pressure >= 0 ? c->pressure : f->pressure;
		t->major = c->major;
		if (down && !was) {
			t->down = true;
			touch_begin(core, t);
		} else if (!down && was) {
			touch_end(core, t);
		}
	}
}

static void update_st_touch(struct tp_core *core, const struct tp_frame *f, bool pad_down)
{
	struct tp_touch *t = &core->touches[0];
	bool was = t->down;

	core->ntouches = 1;
	t->x = f->x;
	t->y = f->y;
	t->pressure = f->pressure;
	t->major = -1;
	if (pad_down && !was) {
		t->down = true;
		touch_begin(core, t);
	} else if (!pad_down && was) {
		touch_end(core, t);
	}
}

static bool touch_eligible(const struct tp_touch *t)
{
	return t->down && !t->ignored && !t->thumb && !t->in_button_area;
}

/*
 * Keep the pointer on the same touch as long as it is usable; else the
 * oldest usable one.  This and count_fingers() run in every frame and
 * again in the few frames a click or suppress.c changes the touches:
 * inline, so gcc takes them into tp_core_frame instead of keeping two
 * calls (and their register saves) for the second call site.
 */
static inline void choose_pointer(struct tp_core *core)
{
	int old = core->pointer;
	int best = -1;

	if (old >= 0 && old < core->ntouches && touch_eligible(&core->touches[old]) &&
	    !core->touches[old].began) {
		best = old;
	} else {
		for (int i = 0; i < core->ntouches; i++) {
			const struct tp_touch *t = &core->touches[i];

			if (!touch_eligible(t))
				continue;
			if (best < 0 || t->start_time < core->touches[best].start_time)
				best = i;
		}
	}
	core->pointer_changed = best != old || (best >= 0 && core->touches[best].began);
	core->pointer = best;
}

/* inline: see choose_pointer() */
static inline void count_fingers(struct tp_core *core, const struct tp_frame *f)
{
	const struct tp_params *p = &core->p;
	int ndown = 0, excluded = 0, resting = 0, usable = 0;
	int n;

	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];

		if (!t->down)
			continue;
		ndown++;
		if (t->ignored || t->thumb)
			excluded++;
		else if (t->in_button_area)
			resting++;
		else
			usable++;
	}
	core->touching = ndown > 0;

	if (!core->touching) {
		n = 0;
	} else {
		n = f->fingers;
		if (core->mt && ndown > n)
			n = ndown;
		if (n < 1)
			n = 1;
		/* 1.9 compares the width even on pads without a width axis (it is 0 there):
		 * EmulateTwoFingerMinW 0 then emulates from the pressure alone. */
		if (n == 1 && f->pressure >= p->emulate_twofinger_z && f->width >= p->emulate_twofinger_w)
			n = 2;
	}
	core->fingers = n;

	if (!core->touching && !core->dev.pressure.present)
		core->palm = false;

	/* A finger resting in a soft-button area does not count next to a working finger. */
	if (usable > 0)
		excluded += resting;
	/* Without positions, a click-drag on a clickpad has one finger on the button. */
	if (!core->mt && (core->clickpad.pressed || tp_suppress_active(core)) && n >= 2)
		excluded += 1;
	n -= excluded;
	if (n < 0)
		n = 0;
	if (!core->mt && core->touches[0].down && core->touches[0].ignored)
		n = 0;
	core->gesture_fingers = n;
	core->fingers_changed = core->gesture_fingers != core->prev_gesture_fingers;
}

/*
 * The last frame, up to the device's slots (the others are not valid:
 * touchpad.h).  A copy of a size known here, then the slots one by one: a
 * memcpy() call of a size known only at run time costs more than the copy
 * itself for the few slots a touchpad has.
 */
static void keep_frame(struct tp_core *core, const struct tp_frame *f)
{
	memcpy(&core->frame, f, offsetof(struct tp_frame, slots));
	for (int i = 0; i < core->dev.num_slots; i++)
		core->frame.slots[i] = f->slots[i];
}

/*
 * The earliest deadline of the concerns' timers, 0 none.  Each concern
 * keeps its own timer behind a next_timeout/timeout pair; the core only
 * collects the deadlines and calls the ones that are due.
 */
static inline uint64_t next_deadline(const struct tp_core *core)
{
	return tp_earlier_deadline(tp_earlier_deadline(tp_tap_next_timeout(core),
						       tp_scroll_next_timeout(core)),
				   tp_buttons_next_timeout(core));
}

/* A timer whose deadline is `deadline` (0 none) is due at `now`. */
static inline bool due(uint64_t deadline, uint64_t now)
{
	return deadline && deadline <= now;
}

/* Fire every timer due at or before `until`, in deadline order, each at its own time. */
static void run_timers(struct tp_core *core, uint64_t until)
{
	uint64_t next;

	while ((next = next_deadline(core)) && next <= until) {
		if (next > core->now)
			core->now = next;
		if (due(tp_tap_next_timeout(core), core->now))
			tp_tap_timeout(core, core->now);
		if (due(tp_buttons_next_timeout(core), core->now))
			tp_buttons_timeout(core, core->now);
		if (due(tp_scroll_next_timeout(core), core->now))
			tp_scroll_timeout(core, core->now);
		if (next_deadline(core) == next) {
			tp_log(core, TP_LOG_ERROR, "timer at %llu did not advance",
			       (unsigned long long)next);
			break;
		}
	}
}

void tp_core_frame(struct tp_core *core, const struct tp_frame *f)
{
	bool pad_down, gesturing, scrolling, suppress, hold;

	if (!core || !f)
		return;

	/* Timers that should have fired before this frame fire first (most frames: none). */
	if (core->deadline && core->deadline < f->time)
		run_timers(core, f->time - 1);
	/*
	 * The core's clock never runs backwards (every "now - then" in the
	 * concerns relies on it): a frame stamped before the last one, as a
	 * replayed recording can be, happens now.
	 */
	if (f->time > core->now)
		core->now = f->time;

	if (core->touch_events) {
		/* only touches[0..ntouches) are ever used (ntouches is fixed by the device) */
		for (int i = 0; i < core->ntouches; i++)
			core->touches[i].began = core->touches[i].ended = false;
		core->touch_events = false;
	}

	core->pressure = f->pressure;
	core->width = f->width;
	if (core->dev.pressure.present)
		pad_down = pressure_down(core, core->touching, f->pressure);
	else
		pad_down = f->touch || f->fingers > 0;

	hold = tp_palm_gate(core, f);
	if (core->mt)
		update_mt_touches(core, f, pad_down, hold);
	else
		update_st_touch(core, f, pad_down && (core->touches[0].down || !hold));

	/* Semi-MT and single-touch positions jump when the finger count changes. */
	if (!core->mt && core->touches[0].down && !core->touches[0].began &&
	    f->fingers != core->frame.fingers) {
		core->touches[0].start_x = f->x;
		core->touches[0].start_y = f->y;
		tp_motion_reset(core);
	}
	keep_frame(core, f);

	tp_clickpad_update_touches(core);
	count_fingers(core, f);
	choose_pointer(core);

	/* A pending tap is delivered before the physical click that ends it. */
	if (f->buttons & ~core->buttons.hw)
		tp_tap_button(core);
	core->button_went_down = false;
	tp_buttons_frame(core, f->buttons);
	/* The clickpad may have marked a thumb, suppress.c a resting touch: count again. */
	if (tp_suppress_update(core) || core->button_went_down) {
		count_fingers(core, f);
		choose_pointer(core);
	}

	tp_tap_frame(core);
	gesturing = tp_gesture_frame(core);
	scrolling = tp_scroll_frame(core);

	suppress = gesturing || scrolling || core->p.touchpad_off == 1 || core->palm ||
		   tp_clickpad_suppresses_motion(core);
	tp_motion_frame(core, suppress);

	core->prev_fingers = core->fingers;
	core->prev_gesture_fingers = core->gesture_fingers;
	core->deadline = next_deadline(core);
}

/*
 * Called before every frame (the X glue, synreplay): kept cheap.  Timers
 * change only inside the core's entry points, and each of them leaves
 * core->deadline up to date.
 */
uint64_t tp_core_next_timeout(const struct tp_core *core)
{
	return core ? core->deadline : 0;
}

void tp_core_timeout(struct tp_core *core, uint64_t now)
{
	if (!core)
		return;
	if (now > core->now)
		core->now = now;
	run_timers(core, now);
	core->deadline = next_deadline(core);
}

void tp_core_reset(struct tp_core *core, uint64_t now)
{
	if (!core)
		return;
	if (now > core->now)
		core->now = now;
	tp_tap_reset(core);
	tp_gesture_reset(core);
	tp_scroll_reset(core);
	tp_buttons_reset(core);
	tp_clickpad_reset(core);
	tp_motion_reset(core);
	for (int b = 1; b <= TP_MAX_BUTTON; b++) {
		if (core->button_count[b]) {
			core->button_count[b] = 1;
			tp_button_release(core, b);
		}
	}
	memset(core->touches, 0, sizeof(core->touches));
	core->touch_events = false;
	memset(&core->frame, 0, sizeof(core->frame));
	core->touching = false;
	core->fingers = core->prev_fingers = 0;
	core->gesture_fingers = core->prev_gesture_fingers = 0;
	core->palm = false;
	core->pointer = -1;
	core->deadline = next_deadline(core);
}

/*
 * Millimetres follow HorizResolution, which defaults to the kernel's ABS_X
 * resolution: a user who sets it on a pad whose kernel driver reports none
 * gets mm-based limits (jump filter, gesture thresholds) instead of the
 * diagonal fallbacks.  1 is 1.9's "unknown".  y_scale too is kept here
 * (every frame needs it; the params change rarely).
 */
static void update_units(struct tp_core *core)
{
	const struct tp_params *p = &core->p;

	if (p->vert_resolution > 0 && p->horiz_resolution > 0)
		core->y_scale = (double)p->horiz_resolution / p->vert_resolution;
	else
		core->y_scale = 1.0;
	if (core->p.horiz_resolution > 1)
		core->units_per_mm = core->p.horiz_resolution;
	else
		core->units_per_mm = core->dev.x.res > 0 ? core->dev.x.res : 0;
}

struct tp_core *tp_core_new(const struct tp_device *dev, const struct tp_params *params,
			    const struct tp_output *out, void *user)
{
	struct tp_core *core;
	double w, h;

	if (!dev || dev->x.max <= dev->x.min || dev->y.max <= dev->y.min)
		return NULL;
	core = calloc(1, sizeof(*core));
	if (!core)
		return NULL;
	core->dev = *dev;
	if (core->dev.num_slots > TP_MAX_SLOTS)
		core->dev.num_slots = TP_MAX_SLOTS;
	if (core->dev.num_slots < 0)
		core->dev.num_slots = 0;
	if (params)
		core->p = *params;
	else
		tp_params_defaults(dev, &core->p);
	if (out)
		core->out = *out;
	core->user = user;
	core->mt = core->dev.num_slots > 0 && !core->dev.semi_mt;
	w = (double)dev->x.max - dev->x.min;
	h = (double)dev->y.max - dev->y.min;
	core->diag = sqrt(w * w + h * h);
	update_units(core);
	core->pointer = -1;
	core->tap.state = TAP_STATE_IDLE;
	core->gesture.t1 = core->gesture.t2 = -1;
	return core;
}

void tp_core_free(struct tp_core *core)
{
	free(core);
}

void tp_core_set_params(struct tp_core *core, const struct tp_params *params)
{
	if (!core || !params)
		return;
	core->p = *params;
	update_units(core);
	core->deadline = next_deadline(core);
}

const struct tp_params *tp_core_get_params(const struct tp_core *core)
{
	return core ? &core->p : NULL;
}
