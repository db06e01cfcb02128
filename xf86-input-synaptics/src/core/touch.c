/*
 * touch.c - touch tracking: a frame's contacts become touches.
 *
 * A touch begins above FingerHigh and ends below FingerLow (or with its
 * contact; a new tracking id in a slot is a new touch), remembers where and
 * when it began, whether it began outside the Area (ignored) or in the
 * clickpad's button strip; palm.c may hold new touches back.  Then the
 * fingers are counted (BTN_TOOL_* and slots, two-finger emulation, what
 * rests on the buttons) and the touch that moves the pointer is chosen.
 *
 * One call per frame, tp_touch_frame(), does all of it, so that the core
 * pays one call and the per-slot loops stay inside this file;
 * tp_touch_count() counts again when a click or suppress.c changed what the
 * touches are (a few frames).
 */
#include <stddef.h>
#include <string.h>

#include "core-private.h"

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
 * oldest usable one.  This and count_fingers() are inline so that gcc takes
 * them into tp_touch_frame() (every frame) instead of calling them there.
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

/*
 * How many fingers are on the pad (core->fingers: the reported count, the
 * touches down, two-finger emulation) and how many of them count for
 * tapping, gestures and scrolling (core->gesture_fingers): not the ignored, the thumbs, nor a
 * finger resting on the buttons next to a working one.
 */
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
 * The touches of frame f (the pad's pressure decides for contacts without
 * their own: semi-MT, single touch), f kept as the core's last frame, the
 * clickpad's marks on the touches, the fingers counted, the pointer's touch.
 */
void tp_touch_frame(struct tp_core *core, const struct tp_frame *f)
{
	bool pad_down, hold;

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

	hold = tp_palm_frame(core, f);
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
}

void tp_touch_count(struct tp_core *core, const struct tp_frame *f)
{
	count_fingers(core, f);
	choose_pointer(core);
}

void tp_touch_reset(struct tp_core *core)
{
	memset(core->touches, 0, sizeof(core->touches));
	core->touch_events = false;
	memset(&core->frame, 0, sizeof(core->frame));
	core->touching = false;
	core->fingers = core->prev_fingers = 0;
	core->gesture_fingers = core->prev_gesture_fingers = 0;
	core->pointer = -1;
}
