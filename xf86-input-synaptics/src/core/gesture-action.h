/*
 * gesture-action.h - when a gesture performs a legacy action, for clients
 * without XI 2.4.
 *
 * Each swipe direction (3 and 4 fingers) and each pinch direction is a slot
 * that can be given an action.  The tracker here turns a stream of struct
 * tp_gesture_event into "perform slot S now"; what a slot does ("button 8",
 * "key Ctrl+plus") is the options layer's (src/options/tp-actions.h) and the
 * X glue performs it.  The core knows slots, not buttons or keysyms.
 */
#ifndef SYNMT_GESTURE_ACTION_H
#define SYNMT_GESTURE_ACTION_H

#include <stdbool.h>

#include "touchpad.h"

/* The actions, in the order of the "Synaptics Gesture Actions" property. */
enum tp_action_slot {
	TP_ACTION_SWIPE3_LEFT,
	TP_ACTION_SWIPE3_RIGHT,
	TP_ACTION_SWIPE3_UP,
	TP_ACTION_SWIPE3_DOWN,
	TP_ACTION_SWIPE4_LEFT,
	TP_ACTION_SWIPE4_RIGHT,
	TP_ACTION_SWIPE4_UP,
	TP_ACTION_SWIPE4_DOWN,
	TP_ACTION_PINCH_IN,
	TP_ACTION_PINCH_OUT,
	TP_ACTION_COUNT
};

/* Pinch actions repeat each time the scale changes by this factor. */
#define TP_ACTION_PINCH_STEP 1.25

/* Follows the gestures of one device. */
struct tp_action_tracker {
	bool swipe_active, swipe_done;
	double swipe_dx, swipe_dy;		/* unaccelerated travel so far */
	int swipe_fingers;
	bool pinch_active;
	double pinch_ref;			/* scale at the last pinch action (or 1.0) */
};

void tp_action_tracker_reset(struct tp_action_tracker *tr);

/*
 * Feed one gesture event.  Writes the slots to perform now (in order) to
 * slots[] and returns their count (at most max).  A swipe performs once, in
 * the direction of its first update (which carries the travel before the
 * swipe was recognised); a pinch each time the scale has moved another
 * TP_ACTION_PINCH_STEP away from the last action.
 */
int tp_action_feed(struct tp_action_tracker *tr, const struct tp_gesture_event *ev,
		   enum tp_action_slot *slots, int max);

#endif /* SYNMT_GESTURE_ACTION_H */
