/*
 * tp-props.c - the "Synaptics ..." device properties as a table.
 *
 * Names, formats and item counts follow xf86-input-synaptics 1.9 so that
 * synclient and desktop tools keep working.  A row describes the property
 * only; which setting each item holds comes from ../settings.def (the
 * bindings in tp-settings.c), so reads and checked writes are generic.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "synaptics-properties.h"
#include "tp-options.h"

#define PROP(name, fmt, n) { name, fmt, n, n, false, TP_WHEN_ALWAYS, false }
#define PROP_WHEN(name, fmt, n, when) { name, fmt, n, n, false, when, false }

/* In the order the X glue creates them (1.9's). */
const struct tp_prop_desc tp_prop_table[] = {
	PROP(SYNAPTICS_PROP_EDGES, TP_PROP_INT32, 4),
	PROP(SYNAPTICS_PROP_FINGER, TP_PROP_INT32, 3),		/* [2]: 1.9's unused FingerPress */
	PROP(SYNAPTICS_PROP_TAP_TIME, TP_PROP_INT32, 1),
	PROP(SYNAPTICS_PROP_TAP_MOVE, TP_PROP_INT32, 1),
	PROP(SYNAPTICS_PROP_TAP_DURATIONS, TP_PROP_INT32, 3),
	PROP(SYNAPTICS_PROP_CLICKPAD, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_MIDDLE_TIMEOUT, TP_PROP_INT32, 1),
	PROP(SYNAPTICS_PROP_TWOFINGER_PRESSURE, TP_PROP_INT32, 1),
	PROP(SYNAPTICS_PROP_TWOFINGER_WIDTH, TP_PROP_INT32, 1),
	PROP(SYNAPTICS_PROP_SCROLL_DISTANCE, TP_PROP_INT32, 2),
	PROP(SYNAPTICS_PROP_SCROLL_EDGE, TP_PROP_INT8, 3),
	PROP(SYNAPTICS_PROP_SCROLL_TWOFINGER, TP_PROP_INT8, 2),
	PROP(SYNAPTICS_PROP_SPEED, TP_PROP_FLOAT, 4),		/* [3]: 1.9's unused trackstick speed */
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS, TP_PROP_INT8, 2, TP_WHEN_SCROLL_BUTTONS),
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS_REPEAT, TP_PROP_INT8, 2, TP_WHEN_SCROLL_BUTTONS),
	PROP_WHEN(SYNAPTICS_PROP_SCROLL_BUTTONS_TIME, TP_PROP_INT32, 1, TP_WHEN_SCROLL_BUTTONS),
	PROP(SYNAPTICS_PROP_OFF, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_LOCKED_DRAGS, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_LOCKED_DRAGS_TIMEOUT, TP_PROP_INT32, 1),
	/* a client may write only the first item (1.9 took 1..7) */
	{ SYNAPTICS_PROP_TAP_ACTION, TP_PROP_INT8, 7, 1, false, TP_WHEN_ALWAYS, false },
	PROP(SYNAPTICS_PROP_CLICK_ACTION, TP_PROP_INT8, 3),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING_DIST, TP_PROP_FLOAT, 1),
	PROP(SYNAPTICS_PROP_CIRCULAR_SCROLLING_TRIGGER, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_CIRCULAR_PAD, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_PALM_DETECT, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_PALM_DIMENSIONS, TP_PROP_INT32, 2),
	PROP(SYNAPTICS_PROP_COASTING_SPEED, TP_PROP_FLOAT, 2),
	PROP(SYNAPTICS_PROP_PRESSURE_MOTION, TP_PROP_CARD32, 2),
	PROP(SYNAPTICS_PROP_PRESSURE_MOTION_FACTOR, TP_PROP_FLOAT, 2),
	PROP(SYNAPTICS_PROP_GRAB, TP_PROP_INT8, 1),
	PROP(SYNAPTICS_PROP_GESTURES, TP_PROP_INT8, 1),
	{ SYNAPTICS_PROP_CAPABILITIES, TP_PROP_INT8, 7, 7, true, TP_WHEN_ALWAYS, true },
	{ SYNAPTICS_PROP_RESOLUTION, TP_PROP_INT32, 2, 2, true, TP_WHEN_ALWAYS, false },
	PROP(SYNAPTICS_PROP_AREA, TP_PROP_INT32, 4),
	PROP_WHEN(SYNAPTICS_PROP_SOFTBUTTON_AREAS, TP_PROP_INT32, 8, TP_WHEN_CLICKPAD),
	PROP_WHEN(SYNAPTICS_PROP_SECONDARY_SOFTBUTTON_AREAS, TP_PROP_INT32, 8, TP_WHEN_SECONDARY),
	PROP(SYNAPTICS_PROP_NOISE_CANCELLATION, TP_PROP_INT32, 2),
	PROP(SYNAPTICS_PROP_GESTURES_ENABLED, TP_PROP_INT8, 2),
	PROP(SYNAPTICS_PROP_GESTURE_THRESHOLDS, TP_PROP_FLOAT, 2),
	PROP(SYNAPTICS_PROP_BUTTON_AREA_SUPPRESSION, TP_PROP_INT32, 2),
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

bool tp_prop_keeps(const struct tp_prop_desc *prop, const struct tp_device *dev,
		   const struct tp_params *params)
{
	if (prop->when == TP_WHEN_SECONDARY)
		return params->clickpad;
	return tp_prop_exists(prop, dev, params);
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
		const struct tp_param_desc *d = tp_setting_find_item(prop->name, i);

		if (prop->capabilities)
			values[i] = capability(dev, i);
		else
			values[i] = d ? tp_param_get(params, d) : 0;
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
		const struct tp_param_desc *d = tp_setting_find_item(prop->name, i);
		double v = values[i];

		if (!d)
			continue;
		if (!isfinite(v)) {
			*why = "not a finite number";
			return -EINVAL;
		}
		if ((d->flags & TP_PARAM_PROP_NONZERO) && v == 0) {
			*why = "value must not be 0";
			return -EINVAL;
		}
		if (tp_param_check(d, v) < 0) {
			*why = "value out of range";
			return -EINVAL;
		}
		tp_param_set(&copy, d, v);
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
