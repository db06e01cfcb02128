/*
 * gesture-action.h - legacy actions for gestures, for clients without XI 2.4.
 *
 * Each swipe direction (3 and 4 fingers) and each pinch direction can be
 * given an action: "none", "button N" or "key Mod+...+Key" (keysym names).
 * This part is X-free: parsing, and the tracker that turns a stream of
 * struct tp_gesture_event into "perform action slot S now".  The X glue
 * performs them (posting buttons, or keys through the device's keyboard class).
 */
#ifndef SYNMT_GESTURE_ACTION_H
#define SYNMT_GESTURE_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

enum tp_action_kind { TP_ACTION_NONE, TP_ACTION_BUTTON, TP_ACTION_KEY };

#define TP_ACTION_MAX_KEYS 5		/* modifiers + one key */

struct tp_action {
	enum tp_action_kind kind;
	int button;				/* TP_ACTION_BUTTON: 1..TP_MAX_ACTION_BUTTON */
	int nkeys;				/* TP_ACTION_KEY: keysyms, modifiers first */
	uint32_t keysyms[TP_ACTION_MAX_KEYS];
};

/* Pinch actions repeat each time the scale changes by this factor. */
#define TP_ACTION_PINCH_STEP 1.25

/* The xorg.conf option of each slot ("SwipeLeftAction", ...). */
const char *tp_action_option_name(enum tp_action_slot slot);

/*
 * Parse "none", "button N" or "key Ctrl+Alt+Left" (case-insensitive words,
 * keysym names as in xmodmap for the key).  Returns 0, or -EINVAL with a
 * reason in *why (if why != NULL); *action is "none" then.
 */
int tp_action_parse(const char *text, struct tp_action *action, const char **why);

/* The canonical text of an action ("none", "button 8", "key Control_L+plus"). */
void tp_action_format(const struct tp_action *action, char *buf, size_t size);

/* Keysym of a name this module knows ("Left", "F11", "a", "Ctrl"), 0 if unknown. */
uint32_t tp_keysym_from_name(const char *name);

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
