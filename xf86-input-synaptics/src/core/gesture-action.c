/*
 * gesture-action.c - when a gesture performs a legacy action (see
 * gesture-action.h).
 */
#include <math.h>
#include <stdlib.h>

#include "gesture-action.h"

void tp_action_tracker_reset(struct tp_action_tracker *tr)
{
	*tr = (struct tp_action_tracker){ .pinch_ref = 1.0 };
}

static enum tp_action_slot swipe_slot(int fingers, double dx, double dy)
{
	int base = fingers >= 4 ? TP_ACTION_SWIPE4_LEFT : TP_ACTION_SWIPE3_LEFT;

	if (fabs(dx) >= fabs(dy))
		return (enum tp_action_slot)(base + (dx < 0 ? 0 : 1));
	return (enum tp_action_slot)(base + (dy < 0 ? 2 : 3));
}

int tp_action_feed(struct tp_action_tracker *tr, const struct tp_gesture_event *ev,
		   enum tp_action_slot *slots, int max)
{
	int n = 0;

	if (!tr || !ev)
		return 0;
	if (ev->type == TP_GESTURE_SWIPE) {
		switch (ev->phase) {
		case TP_GESTURE_BEGIN:
			tr->swipe_active = true;
			tr->swipe_done = false;
			tr->swipe_dx = tr->swipe_dy = 0;
			tr->swipe_fingers = ev->fingers;
			break;
		case TP_GESTURE_UPDATE:
			if (!tr->swipe_active || tr->swipe_done)
				break;
			tr->swipe_dx += ev->dx_unaccel;
			tr->swipe_dy += ev->dy_unaccel;
			if (tr->swipe_dx == 0 && tr->swipe_dy == 0)
				break;
			tr->swipe_done = true;
			if (n < max)
				slots[n++] = swipe_slot(tr->swipe_fingers, tr->swipe_dx, tr->swipe_dy);
			break;
		case TP_GESTURE_END:
			tr->swipe_active = false;
			break;
		}
		return n;
	}

	switch (ev->phase) {
	case TP_GESTURE_BEGIN:
		tr->pinch_active = true;
		tr->pinch_ref = 1.0;
		break;
	case TP_GESTURE_UPDATE:
		if (!tr->pinch_active || !(ev->scale > 0) || !isfinite(ev->scale))
			break;
		/* Several steps in one update (a fast pinch) perform several times. */
		while (ev->scale >= tr->pinch_ref * TP_ACTION_PINCH_STEP && n < max) {
			tr->pinch_ref *= TP_ACTION_PINCH_STEP;
			slots[n++] = TP_ACTION_PINCH_OUT;
		}
		while (ev->scale <= tr->pinch_ref / TP_ACTION_PINCH_STEP && n < max) {
			tr->pinch_ref /= TP_ACTION_PINCH_STEP;
			slots[n++] = TP_ACTION_PINCH_IN;
		}
		break;
	case TP_GESTURE_END:
		tr->pinch_active = false;
		break;
	}
	return n;
}
