/*
 * params.c - defaults derived from the device, validation, parameter table.
 *
 * The defaults follow xf86-input-synaptics 1.9 (see synaptics(4)); the
 * validation applies 1.9's property rules plus the checks 1.9 forgot
 * (e.g. overlap between primary and secondary soft-button areas).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "core-private.h"

/* PS/2 devices: the kernel reports vendor 0x0002 and the psmouse protocol as product. */
#define PS2_VENDOR		0x0002
#define PS2_PRODUCT_SYNAPTICS	0x0007
#define PS2_PRODUCT_ALPS	0x0008
#define PS2_PRODUCT_ELANTECH	0x000e
#define USB_VENDOR_APPLE	0x05ac
/* 1.9's model table: Apple products 0x223-0x228 and from 0x22c on are unibody MacBooks. */
#define APPLE_UNIBODY_FIRST	0x223
#define APPLE_UNIBODY_LAST	0x228
#define APPLE_UNIBODY_FROM	0x22c
/* ... whose pressure axis needs fixed finger thresholds (1.9: 70 and 75). */
#define UNIBODY_FINGER_LOW	70
#define UNIBODY_FINGER_HIGH	75

/* Fallback ranges when the kernel has no pressure / width axis. */
#define DEFAULT_PRESSURE_MAX	255
#define DEFAULT_WIDTH_MAX	15

static int clamp_int(double v)
{
	if (v > INT_MAX)
		return INT_MAX;
	if (v < INT_MIN)
		return INT_MIN;
	return (int)v;
}

static bool is_unibody_macbook(const struct tp_device *dev)
{
	return dev->vendor == USB_VENDOR_APPLE &&
	       ((dev->product >= APPLE_UNIBODY_FIRST && dev->product <= APPLE_UNIBODY_LAST) ||
		dev->product >= APPLE_UNIBODY_FROM);
}

static void axis_range(const struct tp_axis *a, int dflt_max, int *min, int *max)
{
	if (a->present && a->max > a->min) {
		*min = a->min;
		*max = a->max;
	} else {
		*min = 0;
		*max = dflt_max;
	}
}

static void clamp_to_table(struct tp_params *p);

void tp_params_defaults(const struct tp_device *dev, struct tp_params *p)
{
	/* double: a hostile device's ranges must not overflow */
	double width = (double)dev->x.max - dev->x.min;
	double height = (double)dev->y.max - dev->y.min;
	/* 1.9 keeps the diagonal in an int: every diag-derived default is taken from that */
	double diag = floor(sqrt(width * width + height * height));
	double e = 0.04, e_y = 0.054;	/* edge widths as fraction of the pad */
	int minp, maxp, minw, maxw;
	long long prange, wrange;
	bool doubletap = dev->max_fingers >= 2 || (dev->num_slots >= 2);
	bool has_left = dev->buttons & TP_HW_LEFT;
	bool no_right_middle = !(dev->buttons & (TP_HW_RIGHT | TP_HW_MIDDLE));

	if (diag < 1)
		diag = 1;

	memset(p, 0, sizeof(*p));

	if (dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_SYNAPTICS) {
		e = e_y = 0.07;
	} else if (dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_ALPS) {
		e = e_y = 0.15;
	} else if (dev->vendor == USB_VENDOR_APPLE) {
		e = e_y = 0.085;
	}
	p->left_edge = clamp_int((double)dev->x.min + floor(e * width));
	p->right_edge = clamp_int((double)dev->x.max - floor(e * width));
	p->top_edge = clamp_int((double)dev->y.min + floor(e_y * height));
	p->bottom_edge = clamp_int((double)dev->y.max - floor(e_y * height));

	p->horiz_resolution = dev->x.res > 0 ? dev->x.res : 1;
	p->vert_resolution = dev->y.res > 0 ? dev->y.res : 1;

	axis_range(&dev->pressure, DEFAULT_PRESSURE_MAX, &minp, &maxp);
	axis_range(&dev->width, DEFAULT_WIDTH_MAX, &minw, &maxw);
	prange = (long long)maxp - minp + 1;
	wrange = (long long)maxw - minw + 1;

	if (dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_ELANTECH) {
		p->finger_low = minp + 1;
		p->finger_high = minp + 1;
	} else if (is_unibody_macbook(dev)) {
		p->finger_low = UNIBODY_FINGER_LOW;
		p->finger_high = UNIBODY_FINGER_HIGH;
	} else {
		p->finger_low = clamp_int(minp + prange * 25 / 256);
		p->finger_high = clamp_int(minp + prange * 30 / 256);
	}
	p->horiz_hysteresis = dev->x.fuzz > 0 ? dev->x.fuzz : clamp_int(diag * 0.005);
	p->vert_hysteresis = dev->y.fuzz > 0 ? dev->y.fuzz : clamp_int(diag * 0.005);
	p->emulate_twofinger_z = clamp_int(minp + prange * 282 / 256);
	p->emulate_twofinger_w = clamp_int(minw + wrange * 7 / 16);
	p->palm_detect = false;
	p->palm_min_width = clamp_int(minw + wrange * 10 / 16);
	p->palm_min_z = clamp_int(minp + prange * 200 / 256);

	p->max_tap_time = 180;
	p->max_tap_move = clamp_int(diag * 0.044);
	p->max_double_tap_time = 180;
	p->single_tap_timeout = 180;
	p->click_time = 100;
	p->tap_button[0] = has_left ? 0 : 1;
	p->tap_button[1] = has_left ? 0 : 3;
	p->tap_button[2] = has_left ? 0 : 2;
	p->tap_and_drag_gesture = true;
	p->locked_drags = false;
	p->locked_drag_timeout = 5000;

	p->vert_edge_scroll = !doubletap;
	p->horiz_edge_scroll = false;
	p->corner_coasting = false;
	p->vert_twofinger_scroll = doubletap;
	p->horiz_twofinger_scroll = false;
	p->vert_scroll_delta = clamp_int(diag * 0.02);
	p->horiz_scroll_delta = clamp_int(diag * 0.02);
	if (p->vert_scroll_delta == 0)
		p->vert_scroll_delta = 1;
	if (p->horiz_scroll_delta == 0)
		p->horiz_scroll_delta = 1;
	p->circular_scrolling = false;
	p->circular_pad = false;
	p->circ_scroll_delta = 0.1;
	p->circ_scroll_trigger = 0;
	p->coasting_speed = 20.0;
	p->coasting_friction = 50.0;

	p->min_speed = 0.4;
	p->max_speed = 0.7;
	p->accel_factor = 200.0 / diag;
	p->press_motion_min_z = clamp_int(minp + prange * 30 / 256);
	p->press_motion_max_z = clamp_int(minp + prange * 160 / 256);
	p->press_motion_min_factor = 1.0;
	p->press_motion_max_factor = 1.0;

	p->updown_button_scrolling = true;
	p->leftright_button_scrolling = true;
	p->updown_button_repeat = true;
	p->leftright_button_repeat = true;
	p->scroll_button_repeat = 100;
	p->clickpad = dev->clickpad;
	p->emulate_mid_button_time = dev->clickpad ? 0 : 75;
	p->click_finger[0] = 1;
	p->click_finger[1] = no_right_middle ? 3 : 1;
	p->click_finger[2] = no_right_middle ? 2 : 1;
	p->has_secondary_softbuttons = dev->clickpad && dev->topbuttonpad;

	p->touchpad_off = 0;
	p->grab_event_device = true;
	p->swipe_gestures = dev->max_fingers >= 3;
	p->pinch_gestures = dev->num_slots >= 2;	/* semi-MT: from the bounding box */
	p->swipe_threshold = 0.5;
	p->pinch_threshold = 1.5;
	p->button_area_suppression = dev->clickpad;
	p->button_area_top = 0;		/* follow the soft buttons, else 82% (suppress.c) */

	clamp_to_table(p);
}

/* ---- parameter table ---- */

#define F(field) offsetof(struct tp_params, field)
#define BIG 1e9

#define BOOL(opt, sc, prop, idx, field) \
	{ opt, 0, sc, prop, idx, 8, TP_PARAM_BOOL, F(field), 0, 1, 0, 0 }
#define INT(opt, sc, prop, idx, fmt, field, lo, hi) \
	{ opt, 0, sc, prop, idx, fmt, TP_PARAM_INT, F(field), lo, hi, 0, 0 }
#define INTP(opt, sc, prop, idx, field, lo, hi, pct) \
	{ opt, 0, sc, prop, idx, 32, TP_PARAM_INT, F(field), lo, hi, pct, 0 }
#define DBL(opt, sc, prop, idx, field, lo, hi) \
	{ opt, 0, sc, prop, idx, 32, TP_PARAM_DOUBLE, F(field), lo, hi, 0, 0 }
#define SOFT(opt, i, sc, prop, which, pct) \
	{ opt, i, sc, prop, i, 32, TP_PARAM_INT, F(softbutton_areas[which][i]), -BIG, BIG, pct, 0 }

static const struct tp_param_desc param_table[] = {
	INT("LeftEdge", "LeftEdge", "Synaptics Edges", 0, 32, left_edge, -BIG, BIG),
	INT("RightEdge", "RightEdge", "Synaptics Edges", 1, 32, right_edge, -BIG, BIG),
	INT("TopEdge", "TopEdge", "Synaptics Edges", 2, 32, top_edge, -BIG, BIG),
	INT("BottomEdge", "BottomEdge", "Synaptics Edges", 3, 32, bottom_edge, -BIG, BIG),
	INT("FingerLow", "FingerLow", "Synaptics Finger", 0, 32, finger_low, 0, BIG),
	INT("FingerHigh", "FingerHigh", "Synaptics Finger", 1, 32, finger_high, 0, BIG),
	INT("MaxTapTime", "MaxTapTime", "Synaptics Tap Time", 0, 32, max_tap_time, 0, BIG),
	INT("MaxTapMove", "MaxTapMove", "Synaptics Tap Move", 0, 32, max_tap_move, 0, BIG),
	INT("SingleTapTimeout", "SingleTapTimeout", "Synaptics Tap Durations", 0, 32,
	    single_tap_timeout, 0, BIG),
	INT("MaxDoubleTapTime", "MaxDoubleTapTime", "Synaptics Tap Durations", 1, 32,
	    max_double_tap_time, 0, BIG),
	INT("ClickTime", "ClickTime", "Synaptics Tap Durations", 2, 32, click_time, 0, BIG),
	BOOL("ClickPad", "ClickPad", "Synaptics ClickPad", 0, clickpad),
	INT("EmulateMidButtonTime", "EmulateMidButtonTime", "Synaptics Middle Button Timeout", 0, 32,
	    emulate_mid_button_time, 0, BIG),
	INT("EmulateTwoFingerMinZ", "EmulateTwoFingerMinZ", "Synaptics Two-Finger Pressure", 0, 32,
	    emulate_twofinger_z, 0, BIG),
	INT("EmulateTwoFingerMinW", "EmulateTwoFingerMinW", "Synaptics Two-Finger Width", 0, 32,
	    emulate_twofinger_w, 0, BIG),
	INT("VertScrollDelta", "VertScrollDelta", "Synaptics Scrolling Distance", 0, 32,
	    vert_scroll_delta, -BIG, BIG),
	INT("HorizScrollDelta", "HorizScrollDelta", "Synaptics Scrolling Distance", 1, 32,
	    horiz_scroll_delta, -BIG, BIG),
	BOOL("VertEdgeScroll", "VertEdgeScroll", "Synaptics Edge Scrolling", 0, vert_edge_scroll),
	BOOL("HorizEdgeScroll", "HorizEdgeScroll", "Synaptics Edge Scrolling", 1, horiz_edge_scroll),
	BOOL("CornerCoasting", "CornerCoasting", "Synaptics Edge Scrolling", 2, corner_coasting),
	BOOL("VertTwoFingerScroll", "VertTwoFingerScroll", "Synaptics Two-Finger Scrolling", 0,
	     vert_twofinger_scroll),
	BOOL("HorizTwoFingerScroll", "HorizTwoFingerScroll", "Synaptics Two-Finger Scrolling", 1,
	     horiz_twofinger_scroll),
	DBL("MinSpeed", "MinSpeed", "Synaptics Move Speed", 0, min_speed, 0, BIG),
	DBL("MaxSpeed", "MaxSpeed", "Synaptics Move Speed", 1, max_speed, 0, BIG),
	DBL("AccelFactor", "AccelFactor", "Synaptics Move Speed", 2, accel_factor, 0, BIG),
	BOOL("UpDownScrolling", "UpDownScrolling", "Synaptics Button Scrolling", 0,
	     updown_button_scrolling),
	BOOL("LeftRightScrolling", "LeftRightScrolling", "Synaptics Button Scrolling", 1,
	     leftright_button_scrolling),
	BOOL("UpDownScrollRepeat", "UpDownRepeat", "Synaptics Button Scrolling Repeat", 0,
	     updown_button_repeat),
	BOOL("LeftRightScrollRepeat", "LeftRightRepeat", "Synaptics Button Scrolling Repeat", 1,
	     leftright_button_repeat),
	INT("ScrollButtonRepeat", "ScrollButtonRepeat", "Synaptics Button Scrolling Time", 0, 32,
	    scroll_button_repeat, 1, BIG),
	INT("TouchpadOff", "TouchpadOff", "Synaptics Off", 0, 8, touchpad_off, 0, 2),
	BOOL("LockedDrags", "LockedDrags", "Synaptics Locked Drags", 0, locked_drags),
	INT("LockedDragTimeout", "LockedDragTimeout", "Synaptics Locked Drags Timeout", 0, 32,
	    locked_drag_timeout, 0, BIG),
	INT("RTCornerButton", "RTCornerButton", "Synaptics Tap Action", 0, 8, corner_button[0], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("RBCornerButton", "RBCornerButton", "Synaptics Tap Action", 1, 8, corner_button[1], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("LTCornerButton", "LTCornerButton", "Synaptics Tap Action", 2, 8, corner_button[2], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("LBCornerButton", "LBCornerButton", "Synaptics Tap Action", 3, 8, corner_button[3], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("TapButton1", "TapButton1", "Synaptics Tap Action", 4, 8, tap_button[0], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("TapButton2", "TapButton2", "Synaptics Tap Action", 5, 8, tap_button[1], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("TapButton3", "TapButton3", "Synaptics Tap Action", 6, 8, tap_button[2], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("ClickFinger1", "ClickFinger1", "Synaptics Click Action", 0, 8, click_finger[0], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("ClickFinger2", "ClickFinger2", "Synaptics Click Action", 1, 8, click_finger[1], 0,
	    TP_MAX_ACTION_BUTTON),
	INT("ClickFinger3", "ClickFinger3", "Synaptics Click Action", 2, 8, click_finger[2], 0,
	    TP_MAX_ACTION_BUTTON),
	BOOL("CircularScrolling", "CircularScrolling", "Synaptics Circular Scrolling", 0,
	     circular_scrolling),
	DBL("CircScrollDelta", "CircScrollDelta", "Synaptics Circular Scrolling Distance", 0,
	    circ_scroll_delta, -BIG, BIG),
	INT("CircScrollTrigger", "CircScrollTrigger", "Synaptics Circular Scrolling Trigger", 0, 8,
	    circ_scroll_trigger, 0, 8),
	BOOL("CircularPad", "CircularPad", "Synaptics Circular Pad", 0, circular_pad),
	BOOL("PalmDetect", "PalmDetect", "Synaptics Palm Detection", 0, palm_detect),
	INT("PalmMinWidth", "PalmMinWidth", "Synaptics Palm Dimensions", 0, 32, palm_min_width, 0, BIG),
	INT("PalmMinZ", "PalmMinZ", "Synaptics Palm Dimensions", 1, 32, palm_min_z, 0, BIG),
	DBL("CoastingSpeed", "CoastingSpeed", "Synaptics Coasting Speed", 0, coasting_speed, 0, BIG),
	DBL("CoastingFriction", "CoastingFriction", "Synaptics Coasting Speed", 1, coasting_friction,
	    0, BIG),
	INT("PressureMotionMinZ", "PressureMotionMinZ", "Synaptics Pressure Motion", 0, 32,
	    press_motion_min_z, 0, BIG),
	INT("PressureMotionMaxZ", "PressureMotionMaxZ", "Synaptics Pressure Motion", 1, 32,
	    press_motion_max_z, 0, BIG),
	DBL("PressureMotionMinFactor", "PressureMotionMinFactor", "Synaptics Pressure Motion Factor", 0,
	    press_motion_min_factor, 0, BIG),
	DBL("PressureMotionMaxFactor", "PressureMotionMaxFactor", "Synaptics Pressure Motion Factor", 1,
	    press_motion_max_factor, 0, BIG),
	BOOL("GrabEventDevice", "GrabEventDevice", "Synaptics Grab Event Device", 0, grab_event_device),
	BOOL("TapAndDragGesture", "TapAndDragGesture", "Synaptics Gestures", 0, tap_and_drag_gesture),
	{ "VertResolution", 0, NULL, "Synaptics Pad Resolution", 0, 32, TP_PARAM_INT,
	  F(vert_resolution), 1, BIG, 0, TP_PARAM_READONLY },
	{ "HorizResolution", 0, NULL, "Synaptics Pad Resolution", 1, 32, TP_PARAM_INT,
	  F(horiz_resolution), 1, BIG, 0, TP_PARAM_READONLY },
	INTP("AreaLeftEdge", "AreaLeftEdge", "Synaptics Area", 0, area_left_edge, -BIG, BIG, 'x'),
	INTP("AreaRightEdge", "AreaRightEdge", "Synaptics Area", 1, area_right_edge, -BIG, BIG, 'x'),
	INTP("AreaTopEdge", "AreaTopEdge", "Synaptics Area", 2, area_top_edge, -BIG, BIG, 'y'),
	INTP("AreaBottomEdge", "AreaBottomEdge", "Synaptics Area", 3, area_bottom_edge, -BIG, BIG, 'y'),
	SOFT("SoftButtonAreas", 0, "RightButtonAreaLeft", "Synaptics Soft Button Areas", 0, 'x'),
	SOFT("SoftButtonAreas", 1, "RightButtonAreaRight", "Synaptics Soft Button Areas", 0, 'x'),
	SOFT("SoftButtonAreas", 2, "RightButtonAreaTop", "Synaptics Soft Button Areas", 0, 'y'),
	SOFT("SoftButtonAreas", 3, "RightButtonAreaBottom", "Synaptics Soft Button Areas", 0, 'y'),
	SOFT("SoftButtonAreas", 4, "MiddleButtonAreaLeft", "Synaptics Soft Button Areas", 0, 'x'),
	SOFT("SoftButtonAreas", 5, "MiddleButtonAreaRight", "Synaptics Soft Button Areas", 0, 'x'),
	SOFT("SoftButtonAreas", 6, "MiddleButtonAreaTop", "Synaptics Soft Button Areas", 0, 'y'),
	SOFT("SoftButtonAreas", 7, "MiddleButtonAreaBottom", "Synaptics Soft Button Areas", 0, 'y'),
	SOFT("SecondarySoftButtonAreas", 0, NULL, "Synaptics Secondary Soft Button Areas", 1, 'x'),
	SOFT("SecondarySoftButtonAreas", 1, NULL, "Synaptics Secondary Soft Button Areas", 1, 'x'),
	SOFT("SecondarySoftButtonAreas", 2, NULL, "Synaptics Secondary Soft Button Areas", 1, 'y'),
	SOFT("SecondarySoftButtonAreas", 3, NULL, "Synaptics Secondary Soft Button Areas", 1, 'y'),
	SOFT("SecondarySoftButtonAreas", 4, NULL, "Synaptics Secondary Soft Button Areas", 1, 'x'),
	SOFT("SecondarySoftButtonAreas", 5, NULL, "Synaptics Secondary Soft Button Areas", 1, 'x'),
	SOFT("SecondarySoftButtonAreas", 6, NULL, "Synaptics Secondary Soft Button Areas", 1, 'y'),
	SOFT("SecondarySoftButtonAreas", 7, NULL, "Synaptics Secondary Soft Button Areas", 1, 'y'),
	INTP("HorizHysteresis", "HorizHysteresis", "Synaptics Noise Cancellation", 0, horiz_hysteresis,
	     0, BIG, 'w'),
	INTP("VertHysteresis", "VertHysteresis", "Synaptics Noise Cancellation", 1, vert_hysteresis,
	     0, BIG, 'h'),
	BOOL("HasSecondarySoftButtons", NULL, NULL, 0, has_secondary_softbuttons),
	BOOL("GestureSwipe", "GestureSwipe", "Synaptics Gestures Enabled", 0, swipe_gestures),
	BOOL("GesturePinch", "GesturePinch", "Synaptics Gestures Enabled", 1, pinch_gestures),
	DBL("SwipeThreshold", "SwipeThreshold", "Synaptics Gesture Thresholds", 0, swipe_threshold,
	    0.1, 100),
	DBL("PinchThreshold", "PinchThreshold", "Synaptics Gesture Thresholds", 1, pinch_threshold,
	    0.1, 100),
	{ "ButtonAreaSuppression", 0, "ButtonAreaSuppression", "Synaptics Button Area Suppression", 0,
	  32, TP_PARAM_BOOL, F(button_area_suppression), 0, 1, 0, 0 },
	INTP("ButtonAreaTop", "ButtonAreaTop", "Synaptics Button Area Suppression", 1,
	     button_area_top, -BIG, BIG, 'y'),
};

const struct tp_param_desc *tp_params_table(size_t *count)
{
	if (count)
		*count = TP_ARRAY_SIZE(param_table);
	return param_table;
}

const struct tp_param_desc *tp_param_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < TP_ARRAY_SIZE(param_table); i++) {
		const struct tp_param_desc *d = &param_table[i];

		if ((d->option_index == 0 && strcasecmp(d->option, name) == 0) ||
		    (d->synclient && strcasecmp(d->synclient, name) == 0))
			return d;
	}
	return NULL;
}

double tp_param_get(const struct tp_params *params, const struct tp_param_desc *d)
{
	const char *base = (const char *)params + d->offset;

	switch (d->type) {
	case TP_PARAM_BOOL:
		return *(const bool *)base ? 1.0 : 0.0;
	case TP_PARAM_INT:
		return *(const int *)base;
	case TP_PARAM_DOUBLE:
		return *(const double *)base;
	}
	return 0;
}

void tp_param_set(struct tp_params *params, const struct tp_param_desc *d, double value)
{
	char *base = (char *)params + d->offset;

	switch (d->type) {
	case TP_PARAM_BOOL:
		*(bool *)base = value != 0;
		break;
	case TP_PARAM_INT:
		if (value > INT_MAX)
			value = INT_MAX;
		if (value < INT_MIN)
			value = INT_MIN;
		*(int *)base = (int)lround(value);
		break;
	case TP_PARAM_DOUBLE:
		*(double *)base = value;
		break;
	}
}

/*
 * Defaults derived from a hostile device (a pressure axis up to INT_MAX, a
 * negative minimum, a resolution of 2^31-1) can fall outside the table's
 * ranges; clamped into them, the defaults stay a valid set: every relation
 * tp_params_validate() checks (left <= right, low <= high, non-zero) holds
 * before and after a monotonic clamp.
 */
static void clamp_to_table(struct tp_params *p)
{
	for (size_t i = 0; i < TP_ARRAY_SIZE(param_table); i++) {
		const struct tp_param_desc *d = &param_table[i];
		double v = tp_param_get(p, d);

		if (v < d->min)
			tp_param_set(p, d, d->min);
		else if (v > d->max)
			tp_param_set(p, d, d->max);
	}
}

/* ---- validation ---- */

bool tp_area_is_set(const int area[4])
{
	return area[0] || area[1] || area[2] || area[3];
}

/* An edge of 0 means unbounded in that direction. */
static void area_bounds(const int a[4], double b[4])
{
	b[0] = a[0] ? a[0] : -INFINITY;
	b[1] = a[1] ? a[1] : INFINITY;
	b[2] = a[2] ? a[2] : -INFINITY;
	b[3] = a[3] ? a[3] : INFINITY;
}

bool tp_area_contains(const int area[4], int x, int y)
{
	double b[4];

	if (!tp_area_is_set(area))
		return false;
	area_bounds(area, b);
	return x >= b[0] && x <= b[1] && y >= b[2] && y <= b[3];
}

static bool area_degenerate(const int a[4])
{
	double b[4];

	area_bounds(a, b);
	return !(b[0] < b[1]) || !(b[2] < b[3]);
}

/* Areas may share an edge but not overlap. */
static bool areas_overlap(const int a[4], const int c[4])
{
	double ba[4], bc[4];

	area_bounds(a, ba);
	area_bounds(c, bc);
	return ba[0] < bc[1] && bc[0] < ba[1] && ba[2] < bc[3] && bc[2] < ba[3];
}

#define REJECT(msg) do { if (why) *why = (msg); return -EINVAL; } while (0)

int tp_params_validate(const struct tp_device *dev, const struct tp_params *p, const char **why)
{
	const int *areas[4];
	int nareas = 0;

	(void)dev;
	if (!p)
		REJECT("no parameters");

	for (size_t i = 0; i < TP_ARRAY_SIZE(param_table); i++) {
		const struct tp_param_desc *d = &param_table[i];
		double v = tp_param_get(p, d);

		if (!isfinite(v) || v < d->min || v > d->max) {
			if (why)
				*why = d->synclient ? d->synclient : d->option;
			return -EINVAL;
		}
	}

	if (p->left_edge > p->right_edge)
		REJECT("LeftEdge is right of RightEdge");
	if (p->top_edge > p->bottom_edge)
		REJECT("TopEdge is below BottomEdge");
	if (p->finger_low > p->finger_high)
		REJECT("FingerLow is above FingerHigh");
	/* VertScrollDelta / HorizScrollDelta 0: no scrolling on that axis (1.9);
	 * the property refuses 0 (TP_CHECK_NONZERO), as 1.9's does */
	if (p->circ_scroll_delta == 0)
		REJECT("CircScrollDelta is 0");
	if (p->press_motion_min_z > p->press_motion_max_z)
		REJECT("PressureMotionMinZ is above PressureMotionMaxZ");
	if (p->press_motion_min_factor > p->press_motion_max_factor)
		REJECT("PressureMotionMinFactor is above PressureMotionMaxFactor");
	if (p->area_left_edge && p->area_right_edge && p->area_left_edge >= p->area_right_edge)
		REJECT("AreaLeftEdge is not left of AreaRightEdge");
	if (p->area_top_edge && p->area_bottom_edge && p->area_top_edge >= p->area_bottom_edge)
		REJECT("AreaTopEdge is not above AreaBottomEdge");
	if (dev && p->button_area_top && (p->button_area_top < dev->y.min || p->button_area_top > dev->y.max))
		REJECT("ButtonAreaTop is outside the pad");
	if (dev && p->pinch_gestures && dev->num_slots < 2)
		REJECT("GesturePinch needs two touch positions (MT slots)");
	if (dev && p->swipe_gestures && dev->max_fingers < 3)
		REJECT("GestureSwipe needs a pad that counts three fingers");

	/* Soft buttons: each area non-degenerate, no two overlap (primary or secondary). */
	for (int row = 0; row < 2; row++) {
		for (int b = 0; b < 2; b++) {
			const int *a = &p->softbutton_areas[row][b * 4];

			if (!tp_area_is_set(a))
				continue;
			if (area_degenerate(a))
				REJECT("degenerate soft button area");
			areas[nareas++] = a;
		}
	}
	for (int i = 0; i < nareas; i++)
		for (int j = i + 1; j < nareas; j++)
			if (areas_overlap(areas[i], areas[j]))
				REJECT("overlapping soft button areas");

	return 0;
}
