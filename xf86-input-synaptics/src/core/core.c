/*
 * core.c - frame dispatch and timers.
 *
 * Per frame: expire overdue timers, update the touches (touch.c: pressure
 * hysteresis, Area, soft-button resting; palm.c may hold new ones back),
 * count the fingers and choose the pointer's touch (touch.c), then run the
 * concerns in a fixed order: physical buttons (a click decides its button
 * from the touches), tapping, gestures, scrolling, and pointer motion last
 * (it is suppressed when a gesture or scrolling consumed the frame).
 */
#include <math.h>
#include <stdlib.h>

#include "core-private.h"

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
	bool gesturing, scrolling;
	unsigned int held;

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

	tp_touch_frame(core, f);

	/* A pending tap is delivered before the physical click that ends it. */
	if (f->buttons & ~core->buttons.hw)
		tp_tap_button(core);
	core->button_went_down = false;
	tp_buttons_frame(core, f->buttons);
	/* The clickpad may have marked a thumb, suppress.c a resting touch: count again. */
	if (tp_suppress_update(core) || core->button_went_down)
		tp_touch_count(core, f);

	tp_tap_frame(core);
	gesturing = tp_gesture_frame(core);
	scrolling = tp_scroll_frame(core);

	held = (gesturing ? MOTION_HELD_GESTURE : 0) | (scrolling ? MOTION_HELD_SCROLL : 0) |
	       (core->p.touchpad_off == 1 ? MOTION_HELD_OFF : 0) | (core->palm ? MOTION_HELD_PALM : 0) |
	       (tp_clickpad_suppresses_motion(core) ? MOTION_HELD_CLICK : 0);
	if (held != core->motion.held) {
		tp_log(core, TP_LOG_DEBUG, "motion: held by%s%s%s%s%s%s",
		       held & MOTION_HELD_GESTURE ? " gesture" : "", held & MOTION_HELD_SCROLL ? " scroll" : "",
		       held & MOTION_HELD_OFF ? " TouchpadOff" : "", held & MOTION_HELD_PALM ? " palm" : "",
		       held & MOTION_HELD_CLICK ? " click" : "", held ? "" : " nothing");
		core->motion.held = held;
	}
	tp_motion_frame(core, held != 0);

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
	/*
	 * Everything that remembers a time starts again below, so the clock
	 * may go back too: a frame stamped on another clock (the caller's
	 * bug, or the kernel's; see tp_evdev_read()) must not hold it in the
	 * future for the rest of the device's life.
	 */
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
	tp_touch_reset(core);
	core->palm = false;
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
	core->gesture.pair[0] = core->gesture.pair[1] = -1;
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
