/*
 * tp-props.c - the "Synaptics ..." device properties as a table.
 *
 * Names, formats and item counts follow xf86-input-synaptics 1.9 so that
 * synclient and desktop tools keep working.  Each row says where every item
 * lives; reads and checked writes are generic.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "synaptics-properties.h"
#include "tp-options.h"

#define F(field) offsetof(struct tp_params, field)
#define I_INT(field) { TP_ITEM_FIELD, TP_FIELD_INT, F(field), TP_CHECK_NONE, 0, 0 }
#define I_INT_RANGE(field, lo, hi) { TP_ITEM_FIELD, TP_FIELD_INT, F(field), TP_CHECK_RANGE, lo, hi }
#define I_INT_NONZERO(field) { TP_ITEM_FIELD, TP_FIELD_INT, F(field), TP_CHECK_NONZERO, 0, 0 }
#define I_BOOL(field) { TP_ITEM_FIELD, TP_FIELD_BOOL, F(field), TP_CHECK_RANGE, 0, 1 }
#define I_BUTTON(field) { TP_ITEM_FIELD, TP_FIELD_INT, F(field), TP_CHECK_RANGE, 0, 255 }
#define I_DBL(field) { TP_ITEM_FIELD, TP_FIELD_DOUBLE, F(field), TP_CHECK_NONE, 0, 0 }
#define I_DBL_NONZERO(field) { TP_ITEM_FIELD, TP_FIELD_DOUBLE, F(field), TP_CHECK_NONZERO, 0, 0 }
#define I_ZERO { TP_ITEM_ZERO, TP_FIELD_INT, 0, TP_CHECK_NONE, 0, 0 }
#define I_CAP(cap) { TP_ITEM_CAP, TP_FIELD_INT, cap, TP_CHECK_NONE, 0, 0 }
#define I_MS(field) I_INT_RANGE(field, 0, 2147483647)

#define PROP(name, fmt, n, ...) { name, fmt, n, n, false, TP_WHEN_ALWAYS, { __VA_ARGS__ } }
#define PROP_WHEN(name, fmt, n, when, ...) { name, fmt, n, n, false, when, { __VA_ARGS__ } }
#define AREAS(row) \
	I_INT(softbutton_areas[row][0]), I_INT(softbutton_areas[row][1]), \
	I_INT(softbutton_areas[row][2]), I_INT(softbutton_areas[row][3]), \
	I_INT(softbutton_areas[row][4]), I_INT(softbutton_areas[row][5]), \
	I_INT(softbutton_areas[row][6]), I_INT(softbutton_areas[row][7])

const struct tp_prop_desc tp_prop_table[] = {
	PROP(SYNAPTICS_PROP_EDGES, TP_PROP_INT32, 4,
	     I_INT(left_edge), I_INT(right_edge), I_INT(top_edge), I_INT(bottom_edge)),
	PROP(SYNAPTICS_PROP_FINGER, TP_PROP_INT32, 3,
	     I_INT(finger_low), I_INT(finger_high), I_ZERO),
	PROP(SYNAPTICS_PROP_TAP_TIME, TP_PROP_INT32, 1, I_MS(max_tap_time)),
	PROP(SYNAPTICS_PROP_TAP_MOVE, TP_PROP_INT32, 1, I_INT_RANGE(max_tap_move, 0, 2147483647)),
	PROP(SYNAPTICS_PROP_TAP_DURATIONS, TP_PROP_INT32, 3,
	     I_MS(single_tap_timeout), I_MS(max_double_tap_time), I_MS(click_time)),
	PROP(SYNAPTICS_PROP_CLICKPAD, TP_PROP_INT8, 1, I_BOOL(clickpad)),
	PROP(SYNAPTICS_PROP_MIDDLE_TIMEOUT, TP_PROP_INT32, 1, I_MS(emulate_mid_button_time)),
	PROP(SYNAPTICS_PROP_TWOFINGER_PRESSURE, TP_PROP_INT32, 1, I_INT(emulate_twofinger_z)),
	PROP(SYNAPTICS_PROP_TWOFINGER_WIDTH, TP_PROP_INT32, 1, I_INT(emulate_twofinger_w)),
	PROP(SYNAPTICS_PROP_SCROLL_DISTANCE, TP_PROP_INT32, 2,
	     I_INT_NONZERO(vert_scroll_delta), I_INT_NONZERO(horiz_scroll_delta)),
	PROP(SYNAPTICS_PROP_SCROLL_EDGE, TP_PROP_INT8, 3,
	     I_BOOL(vert_edge_scroll), I_BOOL(horiz_edge_scroll), I_BOOL(corner_coasting)),
	PROP(SYNAPTICS_PROP_SCROLL_TWOFINGER, TP_PROP_INT8, 2,
	     I_BOOL(vert_twofinger_scroll), I_BOOL(horiz_twofinger_scroll)),
	PROP(SYNAPTICS_PROP_SPEED, TP_PROP_FLOAT, 4,
	     I_DBL(min_speed), I_DBL(max_speed), I_DBL(accel_factor), I_ZERO),
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS, TP_PROP_INT8, 2, TP_WHEN_SCROLL_BUTTONS,
		  I_BOOL(updown_button_scrolling), I_BOOL(leftright_button_scrolling)),
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS_REPEAT, TP_PROP_INT8, 2, TP_WHEN_SCROLL_BUTTONS,
		  I_BOOL(updown_button_repeat), I_BOOL(leftright_button_repeat)),
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS_TIME, TP_PROP_INT32, 1, TP_WHEN_SCROLL_BUTTONS,
		  I_MS(scroll_button_repeat)),
	PROP(SYNAPTICS_PROP_OFF, TP_PROP_INT8, 1, I_INT_RANGE(touchpad_off, 0, 2)),
	PROP(SYNAPTICS_PROP_LOCKED_DRAGS, TP_PROP_INT8, 1, I_BOOL(locked_drags)),
	PROP(SYNAPTICS_PROP_LOCKED_DRAGS_TIMEOUT, TP_PROP_INT32, 1, I_MS(locked_drag_timeout)),
	{ SYNAPTICS_PROP_TAP_ACTION, TP_PROP_INT8, 7, 1, false, TP_WHEN_ALWAYS,
	  { I_BUTTON(corner_button[0]), I_BUTTON(corner_button[1]), I_BUTTON(corner_button[2]),
	    I_BUTTON(corner_button[3]), I_BUTTON(tap_button[0]), I_BUTTON(tap_button[1]),
	    I_BUTTON(tap_button[2]) } },
	PROP(SYNAPTICS_PROP_CLICK_ACTION, TP_PROP_INT8, 3,
	     I_BUTTON(click_finger[0]), I_BUTTON(click_finger[1]), I_BUTTON(click_finger[2])),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING, TP_PROP_INT8, 1, I_BOOL(circular_scrolling)),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING_DIST, TP_PROP_FLOAT, 1, I_DBL_NONZERO(circ_scroll_delta)),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING_TRIGGER, TP_PROP_INT8, 1,
	     I_INT_RANGE(circ_scroll_trigger, 0, 8)),
	PROP(SYNAPTICS_PROP_CIRCULAR_PAD, TP_PROP_INT8, 1, I_BOOL(circular_pad)),
	PROP(SYNAPTICS_PROP_PALM_DETECT, TP_PROP_INT8, 1, I_BOOL(palm_detect)),
	PROP(SYNAPTICS_PROP_PALM_DIMENSIONS, TP_PROP_INT32, 2, I_INT(palm_min_width), I_INT(palm_min_z)),
	PROP(SYNAPTICS_PROP_COASTING_SPEED, TP_PROP_FLOAT, 2, I_DBL(coasting_speed), I_DBL(coasting_friction)),
	PROP(SYNAPTICS_PROP_PRESSURE_MOTION, TP_PROP_CARD32, 2,
	     I_INT(press_motion_min_z), I_INT(press_motion_max_z)),
	PROP(SYNAPTICS_PROP_PRESSURE_MOTION_FACTOR, TP_PROP_FLOAT, 2,
	     I_DBL(press_motion_min_factor), I_DBL(press_motion_max_factor)),
	PROP(SYNAPTICS_PROP_GRAB, TP_PROP_INT8, 1, I_BOOL(grab_event_device)),
	PROP(SYNAPTICS_PROP_GESTURES, TP_PROP_INT8, 1, I_BOOL(tap_and_drag_gesture)),
	{ SYNAPTICS_PROP_CAPABILITIES, TP_PROP_INT8, 7, 7, true, TP_WHEN_ALWAYS,
	  { I_CAP(TP_CAP_LEFT), I_CAP(TP_CAP_MIDDLE), I_CAP(TP_CAP_RIGHT), I_CAP(TP_CAP_TWO_FINGERS),
	    I_CAP(TP_CAP_THREE_FINGERS), I_CAP(TP_CAP_PRESSURE), I_CAP(TP_CAP_WIDTH) } },
	{ SYNAPTICS_PROP_RESOLUTION, TP_PROP_INT32, 2, 2, true, TP_WHEN_ALWAYS,
	  { I_INT(vert_resolution), I_INT(horiz_resolution) } },
	PROP(SYNAPTICS_PROP_AREA, TP_PROP_INT32, 4,
	     I_INT(area_left_edge), I_INT(area_right_edge), I_INT(area_top_edge), I_INT(area_bottom_edge)),
	PROP_WHEN(SYNAPTICS_PROP_SOFTBUTTON_AREAS, TP_PROP_INT32, 8, TP_WHEN_CLICKPAD, AREAS(0)),
	PROP_WHEN(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS, TP_PROP_INT32, 8, TP_WHEN_SECONDARY, AREAS(1)),
	PROP(SYNAPTICS_PROP_NOISE_CANCELLATION, TP_PROP_INT32, 2,
	     I_INT_RANGE(horiz_hysteresis, 0, 2147483647), I_INT_RANGE(vert_hysteresis, 0, 2147483647)),
	PROP(SYNAPTICS_PROP_GESTURES_ENABLED, TP_PROP_INT8, 2, I_BOOL(swipe_gestures), I_BOOL(pinch_gestures)),
	PROP(SYNAPTICS_PROP_GESTURE_THRESHOLDS, TP_PROP_FLOAT, 2,
	     I_DBL(swipe_threshold), I_DBL(pinch_threshold)),
	PROP(SYNAPTICS_PROP_BUTTON_AREA_SUPPRESSION, TP_PROP_INT32, 2,
	     I_BOOL(button_area_suppression), I_INT(button_area_top)),
};
const size_t tp_prop_count = sizeof(tp_prop_table) / sizeof(tp_prop_table[0]);

const struct tp_prop_desc *tp_prop_find(const char *name)
{
	for (size_t i = 0; i < tp_prop_count; i++)
		if (strcmp(tp_prop_table[i].name, name) == 0)
			return &tp_prop_table[i];
	return NULL;
}

static bool has_scroll_buttons(const struct tp_device *dev)
{
	return (dev->buttons & (TP_HW_UP | TP_HW_DOWN | TP_HW_MULTI(0) | TP_HW_MULTI(1) |
				TP_HW_MULTI(2) | TP_HW_MULTI(3))) != 0;
}

bool tp_prop_exists(const struct tp_prop_desc *prop, const struct tp_device *dev,
		    const struct tp_params *params)
{
	switch (prop->when) {
	case TP_WHEN_ALWAYS:
		return true;
	case TP_WHEN_SCROLL_BUTTONS:
		return has_scroll_buttons(dev);
	case TP_WHEN_CLICKPAD:
		return params->clickpad;
	case TP_WHEN_SECONDARY:
		/* like 1.9: only when configured; unlike 1.9, any non-zero item counts */
		if (!params->clickpad || !params->has_secondary_softbuttons)
			return false;
		for (int i = 0; i < 8; i++)
			if (params->softbutton_areas[1][i] != 0)
				return true;
		return false;
	}
	return false;
}

static double capability(const struct tp_device *dev, int cap)
{
	switch (cap) {
	case TP_CAP_LEFT:
		return !!(dev->buttons & TP_HW_LEFT);
	case TP_CAP_MIDDLE:
		return !!(dev->buttons & TP_HW_MIDDLE);
	case TP_CAP_RIGHT:
		return !!(dev->buttons & TP_HW_RIGHT);
	case TP_CAP_TWO_FINGERS:
		return dev->max_fingers >= 2 || dev->num_slots >= 2;
	case TP_CAP_THREE_FINGERS:
		return dev->max_fingers >= 3 || dev->num_slots >= 3;
	case TP_CAP_PRESSURE:
		return dev->pressure.present;
	case TP_CAP_WIDTH:
		return dev->width.present;
	}
	return 0;
}

void tp_prop_get(const struct tp_prop_desc *prop, const struct tp_device *dev,
		 const struct tp_params *params, double *values)
{
	for (int i = 0; i < prop->count; i++) {
		const struct tp_prop_item *it = &prop->items[i];

		switch (it->kind) {
		case TP_ITEM_FIELD:
			values[i] = tp_field_get(params, it->type, it->offset);
			break;
		case TP_ITEM_ZERO:
			values[i] = 0;
			break;
		case TP_ITEM_CAP:
			values[i] = capability(dev, (int)it->offset);
			break;
		}
	}
}

int tp_prop_set(const struct tp_prop_desc *prop, const struct tp_device *dev,
		const struct tp_params *params, const double *values, int n,
		struct tp_params *out, const char **why)
{
	struct tp_params copy = *params;
	const char *dummy;

	if (!why)
		why = &dummy;
	if (prop->read_only) {
		*why = "read-only property";
		return -EACCES;
	}
	if (n < prop->min_count || n > prop->count) {
		*why = "wrong number of items";
		return -E2BIG;
	}
	for (int i = 0; i < n; i++) {
		const struct tp_prop_item *it = &prop->items[i];
		double v = values[i];

		if (it->kind != TP_ITEM_FIELD)
			continue;
		if (!isfinite(v)) {
			*why = "not a finite number";
			return -EINVAL;
		}
		if (it->type == TP_FIELD_INT && (v < -2147483647.0 || v > 2147483647.0)) {
			*why = "value out of range";
			return -EINVAL;
		}
		if (it->check == TP_CHECK_NONZERO && v == 0) {
			*why = "value must not be 0";
			return -EINVAL;
		}
		if (it->check == TP_CHECK_RANGE && (v < it->min || v > it->max)) {
			*why = "value out of range";
			return -EINVAL;
		}
		tp_field_set(&copy, it->type, it->offset, v);
	}
	if (tp_params_validate(dev, &copy, why) < 0)
		return -EINVAL;
	*out = copy;
	return 0;
}

enum tp_prop_type tp_prop_type_of(const struct tp_prop_desc *prop)
{
	switch (prop->format) {
	case TP_PROP_CARD32:
		return TP_PROP_TYPE_CARDINAL;
	case TP_PROP_FLOAT:
		return TP_PROP_TYPE_FLOAT;
	default:
		return TP_PROP_TYPE_INTEGER;
	}
}

int tp_prop_format_bits(const struct tp_prop_desc *prop)
{
	return prop->format == TP_PROP_INT8 ? 8 : 32;
}

int tp_prop_write(const struct tp_prop_desc *prop, const struct tp_device *dev,
		  const struct tp_params *params, enum tp_prop_type type, int format,
		  const void *data, long n, struct tp_params *out, const char **why)
{
	double v[TP_PROP_MAX_ITEMS];
	const char *dummy;

	if (!why)
		why = &dummy;
	if (prop->read_only) {
		*why = "read-only property";
		return -EACCES;
	}
	if (type != tp_prop_type_of(prop) || format != tp_prop_format_bits(prop)) {
		*why = "wrong type or format";
		return -EPROTOTYPE;
	}
	if (n < prop->min_count || n > prop->count) {
		*why = "wrong number of items";
		return -E2BIG;
	}
	for (long i = 0; i < n; i++) {
		switch (prop->format) {
		case TP_PROP_INT8:
			v[i] = ((const uint8_t *)data)[i];
			break;
		case TP_PROP_INT32:
			v[i] = ((const int32_t *)data)[i];
			break;
		case TP_PROP_CARD32:
			v[i] = ((const uint32_t *)data)[i];
			break;
		case TP_PROP_FLOAT:
			v[i] = ((const float *)data)[i];
			break;
		}
	}
	return tp_prop_set(prop, dev, params, v, (int)n, out, why);
}

void tp_prop_encode(const struct tp_prop_desc *prop, const struct tp_device *dev,
		    const struct tp_params *params, void *data)
{
	double v[TP_PROP_MAX_ITEMS];

	tp_prop_get(prop, dev, params, v);
	for (int i = 0; i < prop->count; i++) {
		switch (prop->format) {
		case TP_PROP_INT8:
			((uint8_t *)data)[i] = (uint8_t)v[i];
			break;
		case TP_PROP_INT32:
			((int32_t *)data)[i] = (int32_t)v[i];
			break;
		case TP_PROP_CARD32:
			((uint32_t *)data)[i] = (uint32_t)v[i];
			break;
		case TP_PROP_FLOAT:
			((float *)data)[i] = (float)v[i];
			break;
		}
	}
}
