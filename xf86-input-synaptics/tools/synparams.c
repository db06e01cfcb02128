/*
 * synparams.c - the synclient parameter table and value parsing.
 *
 * Ranges: 1.9's synclient clamped values silently into ranges of its own;
 * ours refuses anything outside the range instead.  The ranges are meant to
 * catch typos, not to second-guess the driver (which validates, too):
 *   - device coordinates (edges, areas, soft buttons): +-65535
 *   - other device units (pressure, width, distances):  0..65535
 *   - times: 0..60000 ms
 *   - button numbers: 0..12 (0 = no button; the driver has 12 buttons)
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "synparams.h"

#define P_EDGES		"Synaptics Edges"
#define P_FINGER	"Synaptics Finger"
#define P_TAP_TIME	"Synaptics Tap Time"
#define P_TAP_MOVE	"Synaptics Tap Move"
#define P_TAP_DUR	"Synaptics Tap Durations"
#define P_CLICKPAD	"Synaptics ClickPad"
#define P_MID_TIMEOUT	"Synaptics Middle Button Timeout"
#define P_TWO_Z		"Synaptics Two-Finger Pressure"
#define P_TWO_W		"Synaptics Two-Finger Width"
#define P_SCROLL_DIST	"Synaptics Scrolling Distance"
#define P_EDGE_SCROLL	"Synaptics Edge Scrolling"
#define P_TWO_SCROLL	"Synaptics Two-Finger Scrolling"
#define P_SPEED		"Synaptics Move Speed"
#define P_BTN_SCROLL	"Synaptics Button Scrolling"
#define P_BTN_REPEAT	"Synaptics Button Scrolling Repeat"
#define P_BTN_TIME	"Synaptics Button Scrolling Time"
#define P_OFF		"Synaptics Off"
#define P_LOCKED	"Synaptics Locked Drags"
#define P_LOCKED_TO	"Synaptics Locked Drags Timeout"
#define P_TAP_ACTION	"Synaptics Tap Action"
#define P_CLICK_ACTION	"Synaptics Click Action"
#define P_CIRC		"Synaptics Circular Scrolling"
#define P_CIRC_DIST	"Synaptics Circular Scrolling Distance"
#define P_CIRC_TRIG	"Synaptics Circular Scrolling Trigger"
#define P_CIRC_PAD	"Synaptics Circular Pad"
#define P_PALM		"Synaptics Palm Detection"
#define P_PALM_DIM	"Synaptics Palm Dimensions"
#define P_COAST		"Synaptics Coasting Speed"
#define P_PM		"Synaptics Pressure Motion"
#define P_PM_FACTOR	"Synaptics Pressure Motion Factor"
#define P_GRAB		"Synaptics Grab Event Device"
#define P_GESTURES	"Synaptics Gestures"
#define P_AREA		"Synaptics Area"
#define P_NOISE		"Synaptics Noise Cancellation"
#define P_SOFTBUTTONS	"Synaptics Soft Button Areas"

#define COORD_MIN	-65535
#define COORD_MAX	65535
#define UNITS_MAX	65535
#define MS_MAX		60000
#define BUTTON_MAX	12

#define INT(n, p, f, i, lo, hi) \
	{ n, p, f, i, SYNPARAM_INT, lo, hi, false }
#define INT_NZ(n, p, f, i, lo, hi) \
	{ n, p, f, i, SYNPARAM_INT, lo, hi, true }
#define BOOL(n, p, i) \
	{ n, p, 8, i, SYNPARAM_BOOL, 0, 1, false }
#define FLT(n, p, i, lo, hi) \
	{ n, p, 32, i, SYNPARAM_FLOAT, lo, hi, false }

/* In the order synclient -l prints them (1.9's order). */
const struct synparam synparams[] = {
	INT("LeftEdge", P_EDGES, 32, 0, COORD_MIN, COORD_MAX),
	INT("RightEdge", P_EDGES, 32, 1, COORD_MIN, COORD_MAX),
	INT("TopEdge", P_EDGES, 32, 2, COORD_MIN, COORD_MAX),
	INT("BottomEdge", P_EDGES, 32, 3, COORD_MIN, COORD_MAX),
	INT("FingerLow", P_FINGER, 32, 0, 0, UNITS_MAX),
	INT("FingerHigh", P_FINGER, 32, 1, 0, UNITS_MAX),
	INT("MaxTapTime", P_TAP_TIME, 32, 0, 0, MS_MAX),
	INT("MaxTapMove", P_TAP_MOVE, 32, 0, 0, UNITS_MAX),
	INT("MaxDoubleTapTime", P_TAP_DUR, 32, 1, 0, MS_MAX),
	INT("SingleTapTimeout", P_TAP_DUR, 32, 0, 0, MS_MAX),
	INT("ClickTime", P_TAP_DUR, 32, 2, 0, MS_MAX),
	INT("EmulateMidButtonTime", P_MID_TIMEOUT, 32, 0, 0, MS_MAX),
	INT("EmulateTwoFingerMinZ", P_TWO_Z, 32, 0, 0, UNITS_MAX),
	INT("EmulateTwoFingerMinW", P_TWO_W, 32, 0, 0, UNITS_MAX),
	INT_NZ("VertScrollDelta", P_SCROLL_DIST, 32, 0, -UNITS_MAX, UNITS_MAX),
	INT_NZ("HorizScrollDelta", P_SCROLL_DIST, 32, 1, -UNITS_MAX, UNITS_MAX),
	BOOL("VertEdgeScroll", P_EDGE_SCROLL, 0),
	BOOL("HorizEdgeScroll", P_EDGE_SCROLL, 1),
	BOOL("CornerCoasting", P_EDGE_SCROLL, 2),
	BOOL("VertTwoFingerScroll", P_TWO_SCROLL, 0),
	BOOL("HorizTwoFingerScroll", P_TWO_SCROLL, 1),
	FLT("MinSpeed", P_SPEED, 0, 0, 255),
	FLT("MaxSpeed", P_SPEED, 1, 0, 255),
	FLT("AccelFactor", P_SPEED, 2, 0, 1),
	BOOL("UpDownScrolling", P_BTN_SCROLL, 0),
	BOOL("LeftRightScrolling", P_BTN_SCROLL, 1),
	BOOL("UpDownScrollRepeat", P_BTN_REPEAT, 0),
	BOOL("LeftRightScrollRepeat", P_BTN_REPEAT, 1),
	INT("ScrollButtonRepeat", P_BTN_TIME, 32, 0, 10, MS_MAX),
	INT("TouchpadOff", P_OFF, 8, 0, 0, 2),
	BOOL("LockedDrags", P_LOCKED, 0),
	INT("LockedDragTimeout", P_LOCKED_TO, 32, 0, 0, MS_MAX),
	INT("RTCornerButton", P_TAP_ACTION, 8, 0, 0, BUTTON_MAX),
	INT("RBCornerButton", P_TAP_ACTION, 8, 1, 0, BUTTON_MAX),
	INT("LTCornerButton", P_TAP_ACTION, 8, 2, 0, BUTTON_MAX),
	INT("LBCornerButton", P_TAP_ACTION, 8, 3, 0, BUTTON_MAX),
	INT("TapButton1", P_TAP_ACTION, 8, 4, 0, BUTTON_MAX),
	INT("TapButton2", P_TAP_ACTION, 8, 5, 0, BUTTON_MAX),
	INT("TapButton3", P_TAP_ACTION, 8, 6, 0, BUTTON_MAX),
	INT("ClickFinger1", P_CLICK_ACTION, 8, 0, 0, BUTTON_MAX),
	INT("ClickFinger2", P_CLICK_ACTION, 8, 1, 0, BUTTON_MAX),
	INT("ClickFinger3", P_CLICK_ACTION, 8, 2, 0, BUTTON_MAX),
	BOOL("CircularScrolling", P_CIRC, 0),
	FLT("CircScrollDelta", P_CIRC_DIST, 0, 0.01, 3),
	INT("CircScrollTrigger", P_CIRC_TRIG, 8, 0, 0, 8),
	BOOL("CircularPad", P_CIRC_PAD, 0),
	BOOL("PalmDetect", P_PALM, 0),
	INT("PalmMinWidth", P_PALM_DIM, 32, 0, 0, UNITS_MAX),
	INT("PalmMinZ", P_PALM_DIM, 32, 1, 0, UNITS_MAX),
	FLT("CoastingSpeed", P_COAST, 0, 0, 255),
	FLT("CoastingFriction", P_COAST, 1, 0, 255),
	INT("PressureMotionMinZ", P_PM, 32, 0, 0, UNITS_MAX),
	INT("PressureMotionMaxZ", P_PM, 32, 1, 0, UNITS_MAX),
	FLT("PressureMotionMinFactor", P_PM_FACTOR, 0, 0, 10),
	FLT("PressureMotionMaxFactor", P_PM_FACTOR, 1, 0, 10),
	BOOL("GrabEventDevice", P_GRAB, 0),
	BOOL("TapAndDragGesture", P_GESTURES, 0),
	INT("AreaLeftEdge", P_AREA, 32, 0, COORD_MIN, COORD_MAX),
	INT("AreaRightEdge", P_AREA, 32, 1, COORD_MIN, COORD_MAX),
	INT("AreaTopEdge", P_AREA, 32, 2, COORD_MIN, COORD_MAX),
	INT("AreaBottomEdge", P_AREA, 32, 3, COORD_MIN, COORD_MAX),
	INT("HorizHysteresis", P_NOISE, 32, 0, 0, UNITS_MAX),
	INT("VertHysteresis", P_NOISE, 32, 1, 0, UNITS_MAX),
	BOOL("ClickPad", P_CLICKPAD, 0),
	INT("RightButtonAreaLeft", P_SOFTBUTTONS, 32, 0, COORD_MIN, COORD_MAX),
	INT("RightButtonAreaRight", P_SOFTBUTTONS, 32, 1, COORD_MIN, COORD_MAX),
	INT("RightButtonAreaTop", P_SOFTBUTTONS, 32, 2, COORD_MIN, COORD_MAX),
	INT("RightButtonAreaBottom", P_SOFTBUTTONS, 32, 3, COORD_MIN, COORD_MAX),
	INT("MiddleButtonAreaLeft", P_SOFTBUTTONS, 32, 4, COORD_MIN, COORD_MAX),
	INT("MiddleButtonAreaRight", P_SOFTBUTTONS, 32, 5, COORD_MIN, COORD_MAX),
	INT("MiddleButtonAreaTop", P_SOFTBUTTONS, 32, 6, COORD_MIN, COORD_MAX),
	INT("MiddleButtonAreaBottom", P_SOFTBUTTONS, 32, 7, COORD_MIN, COORD_MAX),
};

const size_t synparams_count = sizeof(synparams) / sizeof(synparams[0]);

const struct synparam *synparam_find(const char *name)
{
	for (size_t i = 0; i < synparams_count; i++)
		if (strcasecmp(synparams[i].name, name) == 0)
			return &synparams[i];
	return NULL;
}

static void range_text(const struct synparam *p, char *buf, size_t len)
{
	if (p->type == SYNPARAM_FLOAT)
		snprintf(buf, len, "%g to %g", p->min, p->max);
	else
		snprintf(buf, len, "%.0f to %.0f", p->min, p->max);
}

int synparam_parse(const struct synparam *p, const char *text, double *out,
		   char *err, size_t errlen)
{
	char range[64];
	char *end;
	double v;

	range_text(p, range, sizeof(range));
	errno = 0;
	if (p->type == SYNPARAM_FLOAT) {
		v = strtod(text, &end);
		if (end == text || *end != '\0' || !isfinite(v)) {
			snprintf(err, errlen, "%s: '%s' is not a number (%s)",
				 p->name, text, range);
			return -EINVAL;
		}
	} else {
		long l = strtol(text, &end, 10);

		if (end == text || *end != '\0') {
			snprintf(err, errlen,
				 "%s: '%s' is not an integer (%s)",
				 p->name, text, range);
			return -EINVAL;
		}
		if (errno == ERANGE)
			l = text[0] == '-' ? -UNITS_MAX * 2L : UNITS_MAX * 2L;
		v = (double)l;
	}

	if (v < p->min || v > p->max) {
		snprintf(err, errlen, "%s: %s is out of range (%s)", p->name,
			 text, range);
		return -ERANGE;
	}
	if (p->nonzero && v == 0) {
		snprintf(err, errlen, "%s: 0 is not allowed (%s, not 0)",
			 p->name, range);
		return -ERANGE;
	}
	*out = v;
	return 0;
}

int synparam_split(const char *arg, char *name, size_t namelen,
		   const char **value)
{
	const char *eq = strchr(arg, '=');
	size_t n;

	if (!eq || eq == arg)
		return -EINVAL;
	n = (size_t)(eq - arg);
	if (n >= namelen)
		return -ENAMETOOLONG;
	memcpy(name, arg, n);
	name[n] = '\0';
	*value = eq + 1;
	return 0;
}
