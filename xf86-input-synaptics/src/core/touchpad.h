/*
 * touchpad.h - the X-free touchpad core of synaptics-mt.
 *
 * The core turns hardware frames (what the evdev backend read between two
 * SYN_REPORTs) into actions: pointer motion, button presses, scrolling and
 * gestures.  It knows nothing about X or evdev: the evdev backend fills in
 * struct tp_frame, the X glue (or synreplay, or a unit test) implements
 * struct tp_output and calls tp_core_frame() / tp_core_timeout().
 *
 * Units: device coordinates as the kernel reports them (evdev orientation:
 * y grows downwards), time in microseconds of CLOCK_MONOTONIC, thresholds in
 * tp_params in the units 1.9's options use (device units, ms), internal
 * constants in millimetres and milliseconds.
 *
 * Errors are negative errno values.
 */
#ifndef SYNMT_TOUCHPAD_H
#define SYNMT_TOUCHPAD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../settings.h"

#define TP_MAX_SLOTS 10

/* Physical buttons as the core sees them (bits of tp_frame.buttons). */
enum tp_hw_button {
	TP_HW_LEFT = 1u << 0,
	TP_HW_RIGHT = 1u << 1,
	TP_HW_MIDDLE = 1u << 2,
	TP_HW_UP = 1u << 3,	/* BTN_FORWARD: scroll button up */
	TP_HW_DOWN = 1u << 4,	/* BTN_BACK: scroll button down */
	TP_HW_MULTI0 = 1u << 5,	/* BTN_0 .. BTN_7 follow */
};
#define TP_HW_MULTI(n) (TP_HW_MULTI0 << (n))

/* One kernel axis. res is in units per millimetre, 0 if unknown. */
struct tp_axis {
	int min, max, fuzz, res;	/* fuzz: the kernel's (it filters by it) */
	bool present;
	int udev_fuzz;			/* the fuzz libinput's udev rule moved out of the kernel, 0 none */
};

/* What the device can do; filled in once by the backend. */
struct tp_device {
	char name[128];
	int vendor, product;
	struct tp_axis x, y, pressure, width, touch_major;
	struct tp_axis mt_x, mt_y;	/* ABS_MT_POSITION_X/Y (their fuzz: params.c HYSTERESIS) */
	int num_slots;		/* MT slots, 0 for single-touch devices */
	bool semi_mt;		/* INPUT_PROP_SEMI_MT: slots are a bounding box */
	bool clickpad;		/* INPUT_PROP_BUTTONPAD */
	bool topbuttonpad;	/* INPUT_PROP_TOPBUTTONPAD */
	int max_fingers;	/* highest BTN_TOOL_* count: 1 (FINGER) .. 5 (QUINTTAP) */
	unsigned int buttons;	/* enum tp_hw_button bits the device has */
};

struct tp_contact {
	bool active;		/* tracking id != -1 */
	int tracking_id;
	int x, y;
	int pressure;		/* ABS_MT_PRESSURE, or -1 if the axis is absent */
	int major;		/* ABS_MT_TOUCH_MAJOR, or -1 */
};

/* The device state at one SYN_REPORT. */
struct tp_frame {
	uint64_t time;		/* microseconds, CLOCK_MONOTONIC (or recording time) */
	int x, y;		/* ABS_X / ABS_Y: single-touch pointer emulation */
	int pressure;		/* ABS_PRESSURE, 0 if absent */
	int width;		/* ABS_TOOL_WIDTH, 0 if absent */
	bool touch;		/* BTN_TOUCH */
	int fingers;		/* from BTN_TOOL_*: 0 none, 1 FINGER .. 5 QUINTTAP */
	unsigned int buttons;	/* enum tp_hw_button bits held */
	struct tp_contact slots[TP_MAX_SLOTS];	/* valid up to device num_slots */
};

/*
 * Every parameter of the driver, one field per 1.9 option (same names as the
 * xorg.conf options and synclient parameters), plus ours.  Defaults depend on
 * the device: tp_params_defaults() derives them the way 1.9 does.
 */
struct tp_params {
	/* geometry */
	int left_edge, right_edge, top_edge, bottom_edge;
	int area_left_edge, area_right_edge, area_top_edge, area_bottom_edge;
	int horiz_resolution, vert_resolution;
	/* finger detection and noise */
	int finger_low, finger_high;
	int horiz_hysteresis, vert_hysteresis;
	int emulate_twofinger_z, emulate_twofinger_w;
	bool palm_detect;
	int palm_min_width, palm_min_z;
	/* tapping */
	int max_tap_time, max_tap_move, max_double_tap_time, single_tap_timeout, click_time;
	int tap_button[3];		/* TapButton1..3 */
	int corner_button[4];		/* RT, RB, LT, LB */
	bool tap_and_drag_gesture;
	bool locked_drags;
	int locked_drag_timeout;
	/* scrolling */
	bool vert_edge_scroll, horiz_edge_scroll, corner_coasting;
	bool vert_twofinger_scroll, horiz_twofinger_scroll;
	int vert_scroll_delta, horiz_scroll_delta;
	bool circular_scrolling, circular_pad;
	double circ_scroll_delta;
	int circ_scroll_trigger;
	double coasting_speed, coasting_friction;
	/* motion */
	double min_speed, max_speed, accel_factor;
	int press_motion_min_z, press_motion_max_z;
	double press_motion_min_factor, press_motion_max_factor;
	/* buttons */
	bool updown_button_scrolling, leftright_button_scrolling;
	bool updown_button_repeat, leftright_button_repeat;
	int scroll_button_repeat;
	int emulate_mid_button_time;
	bool clickpad;
	int click_finger[3];		/* ClickFinger1..3 */
	bool has_secondary_softbuttons;
	int softbutton_areas[2][8];	/* [0] primary, [1] secondary: RBL RBR RBT RBB MBL MBR MBT MBB */
	/* off switch: 0 on, 1 off, 2 tapping and scrolling off */
	int touchpad_off;
	bool grab_event_device;
	/*
	 * Ours, beyond 1.9: XI 2.4 gestures (gesture.c).  Swipe: 3 or more
	 * fingers whose centre travels swipe_threshold mm.  Pinch: 2 fingers
	 * moving apart/together or rotating (semi-MT: the bounding box grows or
	 * shrinks, angle 0); with pinch on, the core decides between scrolling
	 * and pinching from the directions of the two fingers once one of them
	 * has left the hysteresis box; a scroll becomes a pinch in its first
	 * 300 ms when both fingers move pinch_threshold mm apart.  Off with
	 * TouchpadOff 1 or 2 and while a physical button is held.
	 */
	bool swipe_gestures;		/* GestureSwipe */
	bool pinch_gestures;		/* GesturePinch */
	double swipe_threshold;		/* SwipeThreshold, mm */
	double pinch_threshold;		/* PinchThreshold, mm */
	/*
	 * Ours: button-area suppression (suppress.c).  While a physical or
	 * clickpad button is held, a touch below button_area_top (device units)
	 * that was there when the button went down, or that began there while it
	 * is held, takes no part in motion, scrolling, gestures or finger counts
	 * until it is lifted or leaves the area.
	 */
	bool button_area_suppression;	/* ButtonAreaSuppression */
	int button_area_top;		/* ButtonAreaTop */
};

/* Events of XI 2.4 gestures, with begin/update/end and cancel. */
enum tp_gesture_type { TP_GESTURE_SWIPE, TP_GESTURE_PINCH };
enum tp_gesture_phase { TP_GESTURE_BEGIN, TP_GESTURE_UPDATE, TP_GESTURE_END };

struct tp_gesture_event {
	enum tp_gesture_type type;
	enum tp_gesture_phase phase;
	bool cancelled;			/* with TP_GESTURE_END */
	int fingers;
	double dx, dy;			/* accelerated, screen pixels */
	double dx_unaccel, dy_unaccel;
	double scale;			/* pinch: relative to begin, 1.0 = unchanged */
	double angle_delta;		/* pinch: degrees, clockwise positive */
};

/* TP_LOG_WARNING is last so owners that only know the first three still log it. */
enum tp_log_level { TP_LOG_ERROR, TP_LOG_INFO, TP_LOG_DEBUG, TP_LOG_WARNING };

/*
 * What the core asks its owner to do.  Every callback may be NULL.
 * Scroll amounts are in "scroll units": 1.0 is one legacy button click
 * (button 4/5/6/7), so the X glue posts them on valuators whose increment is 1.
 * vert > 0 scrolls down (button 5), horiz > 0 scrolls right (button 7).
 *
 * Motion: dx_unaccel/dy_unaccel are device units of the x axis (y is scaled
 * by HorizResolution/VertResolution so both axes move alike per mm).  dx/dy
 * are those deltas times 1.9's speed curve (MinSpeed..MaxSpeed, AccelFactor)
 * and the pressure factor: the glue posts them as they are, with the X
 * server's own acceleration left flat.
 *
 * Buttons: the core reference-counts them, so every press is followed by
 * exactly one release (tp_core_reset() releases whatever is still down).
 * Logging: state-machine transitions at TP_LOG_DEBUG.
 */
struct tp_output {
	void (*motion)(void *user, double dx, double dy, double dx_unaccel, double dy_unaccel);
	void (*button)(void *user, int button, bool down);	/* X button number, 1-based */
	void (*scroll)(void *user, double vert, double horiz);
	void (*gesture)(void *user, const struct tp_gesture_event *ev);	/* SwipeGestures, PinchGestures */
	void (*log)(void *user, enum tp_log_level level, const char *fmt, va_list args)
		__attribute__((format(printf, 3, 0)));
};

/*
 * Parameter table: one entry per value of struct tp_params, generated from
 * ../settings.def (the one description of every setting; settings.h says
 * who reads which column).  The core's entries hold no X names: the options
 * layer adds the property and element of each row.
 *
 * Multi-value options (SoftButtonAreas, SecondarySoftButtonAreas) have one
 * entry per element, with option_index 0..7 and the same option name.
 * min/max is the one range every layer accepts for the single value
 * (tp_param_check()); relations between values (left <= right, ...) are
 * checked by tp_params_validate().
 */
enum tp_param_type { TP_PARAM_BOOL, TP_PARAM_INT, TP_PARAM_DOUBLE };

/*
 * Pointer motion is the speed curve (MinSpeed..MaxSpeed, pressure factor)
 * times this gain, in pixels: the whole gain (motion.c says where it comes
 * from); the X server adds none.
 */
#define TP_POINTER_GAIN		(1.0 / 3.0)

#define TP_MAX_BUTTON		32	/* highest X button the core can hold */

struct tp_param_desc {
	const char *option;	/* xorg.conf option name, the setting's name */
	int option_index;	/* element of a multi-value option, else 0 */
	enum tp_param_type type;
	size_t offset;		/* offsetof(struct tp_params, field) */
	double min, max;	/* accepted range of the value */
	const char *unit;	/* "ms", "units", "mm", ... or "" */
	char percent;		/* option accepts "N%": 'x'/'y' a position on that axis,
				 * 'w'/'h' a distance of the x/y range; 0 no */
	unsigned int flags;	/* TP_PARAM_* (settings.h) */
};

/* The table and its length (never NULL). */
const struct tp_param_desc *tp_params_table(size_t *count);

/* Look up an option name, case-insensitive; NULL if unknown.
 * For a multi-value option this is its element 0. */
const struct tp_param_desc *tp_param_find(const char *name);

/* Read or write one value as a double (bools are 0/1, ints are rounded). */
double tp_param_get(const struct tp_params *params, const struct tp_param_desc *desc);
void tp_param_set(struct tp_params *params, const struct tp_param_desc *desc, double value);

/*
 * Is v a value this setting accepts on its own (finite, inside its range, a
 * whole number for BOOL and INT)?  0 or -EINVAL.  The one range check: the
 * validation, property writes and synclient's pre-check all use it.
 */
int tp_param_check(const struct tp_param_desc *desc, double v);

struct tp_core;

/* Derive 1.9's defaults for this device. */
void tp_params_defaults(const struct tp_device *dev, struct tp_params *params);

/* Check a parameter set; returns 0 or -EINVAL, with a reason in *why if why != NULL. */
int tp_params_validate(const struct tp_device *dev, const struct tp_params *params, const char **why);

/*
 * A core for this device; params NULL means tp_params_defaults().  The device,
 * parameters and output are copied.  NULL if the device has no x/y range or
 * memory runs out.
 */
struct tp_core *tp_core_new(const struct tp_device *dev, const struct tp_params *params,
			    const struct tp_output *out, void *user);
void tp_core_free(struct tp_core *core);

/* Replace the parameters at run time (already validated). */
void tp_core_set_params(struct tp_core *core, const struct tp_params *params);
const struct tp_params *tp_core_get_params(const struct tp_core *core);

/* Feed one frame. */
void tp_core_frame(struct tp_core *core, const struct tp_frame *frame);

/* The time (same clock as tp_frame.time) at which tp_core_timeout() must be called, 0 if none. */
uint64_t tp_core_next_timeout(const struct tp_core *core);
void tp_core_timeout(struct tp_core *core, uint64_t now);

/*
 * Forget all touches and release every button the core holds (device off,
 * removal); the core's clock starts again at now, even if it was ahead.
 */
void tp_core_reset(struct tp_core *core, uint64_t now);

#endif /* SYNMT_TOUCHPAD_H */
