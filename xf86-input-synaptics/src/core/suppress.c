/*
 * suppress.c - button-area suppression (ButtonAreaSuppression, ButtonAreaTop).
 *
 * On clickpads, and on pads whose physical buttons sit under the bottom of
 * the surface, the thumb that holds a button also touches the pad.  While a
 * button is held, a touch below ButtonAreaTop that was there when the button
 * went down, or that begins there while the button is held, is set aside:
 * it is marked `ignored` (which motion, scrolling, gestures, taps and every
 * finger count already skip) until it is lifted or leaves the area.
 *
 * Only while another finger works above the area: one finger that clicks low
 * on the pad and drags is a one-finger drag.  A touch that slides into the
 * area during a drag is not set aside either: the drag goes on.  The soft button of a clickpad click is chosen (clickpad.c) before
 * this runs, so the pressing finger still picks its button.
 *
 * Devices without per-touch positions (single-touch, semi-MT) are handled by
 * the finger count instead: core.c counts one finger less while a button is
 * held with suppression on.
 */
#include "core-private.h"

/* Without soft buttons, the bottom 18% of the pad is the button area. */
#define SUPPRESS_DEFAULT_TOP_FRACTION	0.82

static int area_top(const struct tp_core *core)
{
	const struct tp_params *p = &core->p;
	int top = 0;

	if (p->button_area_top)
		return p->button_area_top;
	/* The higher (smaller y) top edge of the bottom soft buttons. */
	for (int b = 0; b < 2 && p->clickpad; b++) {
		const int *a = &p->softbutton_areas[0][b * 4];

		if (tp_area_is_set(a) && a[2] > core->dev.y.min && (!top || a[2] < top))
			top = a[2];
	}
	if (top)
		return top;
	/* in double: y.max - y.min of a full-range axis does not fit an int, the result does */
	return (int)(core->dev.y.min + SUPPRESS_DEFAULT_TOP_FRACTION *
		     ((double)core->dev.y.max - core->dev.y.min));
}

/* Some other touch that works outside the button area: the finger that drags. */
static bool other_finger(const struct tp_core *core, int self, int top)
{
	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];

		if (i != self && t->down && !t->ignored && !t->thumb && t->y <= top)
			return true;
	}
	return false;
}

/* A touch marked: set aside, or a candidate for it. */
static bool any_marked(const struct tp_core *core)
{
	for (int i = 0; i < core->ntouches; i++)
		if (core->touches[i].suppressed || core->touches[i].area_candidate)
			return true;
	return false;
}

static bool mark(struct tp_core *core, bool held)
{
	bool changed = false;
	int top = area_top(core);

	for (int i = 0; i < core->ntouches; i++) {
		struct tp_touch *t = &core->touches[i];
		bool inside = t->y > top;

		if (t->began || !t->down) {
			/* A new touch in this slot starts afresh (touch_begin set `ignored`). */
			changed |= t->suppressed && t->down;
			t->suppressed = false;
			t->area_candidate = false;
			if (!t->down)
				continue;
		}
		if (!inside) {
			t->area_candidate = false;
			if (t->suppressed) {
				t->suppressed = false;
				t->ignored = false;
				changed = true;
				tp_log(core, TP_LOG_DEBUG, "suppress: touch %d left the button area", i);
			}
			continue;
		}
		if (held && !t->ignored && (core->button_went_down || t->began))
			t->area_candidate = true;
		/*
		 * Only next to a finger that works above the area: a single finger
		 * that clicks low on the pad and drags is a one-finger drag.
		 */
		if (t->area_candidate && held && !t->suppressed && !t->ignored &&
		    other_finger(core, i, top)) {
			t->suppressed = true;
			t->ignored = true;
			changed = true;
			tp_log(core, TP_LOG_DEBUG, "suppress: touch %d rests in the button area (y %d > %d)",
			       i, t->y, top);
		}
	}
	core->suppress_marked = any_marked(core);
	return changed;
}

bool tp_suppress_active(const struct tp_core *core)
{
	return core->p.button_area_suppression &&
	       ((core->buttons.hw & (TP_HW_LEFT | TP_HW_RIGHT | TP_HW_MIDDLE)) ||
		core->clickpad.pressed);
}

/* Every frame: with no button held and nothing marked (most frames) nothing to do. */
bool tp_suppress_update(struct tp_core *core)
{
	bool held = tp_suppress_active(core);

	if (!core->mt || (!held && !core->suppress_marked))
		return false;
	return mark(core, held);
}
