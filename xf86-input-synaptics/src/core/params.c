/*
 * params.c - defaults derived from the device, validation, parameter table,
 * and the edge zones the parameters draw.
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

/*
 * What the default rules of settings.def's last column read: the device's
 * geometry and ranges as 1.9 derives its defaults from them.
 */
struct default_ctx {
	const struct tp_device *dev;
	/* double: a hostile device's ranges must not overflow */
	double size_x, size_y;		/* width and height */
	double edge_x, edge_y;		/* edge zones, as a fraction of the size */
	double diag;
	int minp, minw;			/* pressure and width ranges (or fallbacks) */
	long long prange, wrange;
	bool elantech, unibody;
	int fuzz_x, fuzz_y;		/* the noise the positions carry (HYSTERESIS) */
};

/*
 * The kernel's fuzz of a position axis, as 1.9's evdev backend takes it for
 * its hysteresis: on a pad with a slot per finger that of ABS_MT_POSITION_*
 * (1.9 reads the MT axes' ranges and fuzz over the single-touch ones), else
 * that of ABS_X/ABS_Y; a fuzz of 0 is not trusted (0.5% of the diagonal).
 */
static int position_fuzz(const struct tp_device *dev, const struct tp_axis *st,
			 const struct tp_axis *mt)
{
	if (dev->num_slots > 0 && !dev->semi_mt && mt->present && mt->fuzz > 0)
		return mt->fuzz;
	return st->fuzz;
}

static void default_ctx_init(const struct tp_device *dev, struct default_ctx *d)
{
	int maxp, maxw;

	d->dev = dev;
	d->size_x = (double)dev->x.max - dev->x.min;
	d->size_y = (double)dev->y.max - dev->y.min;
	/* 1.9 keeps the diagonal in an int: every diag-derived default is taken from that */
	d->diag = floor(sqrt(d->size_x * d->size_x + d->size_y * d->size_y));
	if (d->diag < 1)
		d->diag = 1;
	d->edge_x = 0.04;
	d->edge_y = 0.054;
	if (dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_SYNAPTICS)
		d->edge_x = d->edge_y = 0.07;
	else if (dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_ALPS)
		d->edge_x = d->edge_y = 0.15;
	else if (dev->vendor == USB_VENDOR_APPLE)
		d->edge_x = d->edge_y = 0.085;
	axis_range(&dev->pressure, DEFAULT_PRESSURE_MAX, &d->minp, &maxp);
	axis_range(&dev->width, DEFAULT_WIDTH_MAX, &d->minw, &maxw);
	d->prange = (long long)maxp - d->minp + 1;
	d->wrange = (long long)maxw - d->minw + 1;
	d->fuzz_x = position_fuzz(dev, &dev->x, &dev->mt_x);
	d->fuzz_y = position_fuzz(dev, &dev->y, &dev->mt_y);
	d->elantech = dev->vendor == PS2_VENDOR && dev->product == PS2_PRODUCT_ELANTECH;
	d->unibody = is_unibody_macbook(dev);
}

/* The rules' vocabulary (settings.h lists it). */
#define EDGE_LO(a)		((double)d->dev->a.min + floor(d->edge_##a * d->size_##a))
#define EDGE_HI(a)		((double)d->dev->a.max - floor(d->edge_##a * d->size_##a))
#define Z(n)			(d->minp + d->prange * (n) / 256)
#define W(n)			(d->minw + d->wrange * (n) / 16)
#define FINGER_Z(z, mac)	(d->elantech ? d->minp + 1 : d->unibody ? (mac) : (z))
#define DIAG(f)			(d->diag * (f))
#define AT_LEAST_1(v)		((v) < 1 ? 1 : (v))
#define HYSTERESIS(a)		(d->fuzz_##a > 0 ? d->fuzz_##a : DIAG(0.005))
#define RESOLUTION(a)		(d->dev->a.res > 0 ? d->dev->a.res : 1)
#define DOUBLETAP		(d->dev->max_fingers >= 2 || d->dev->num_slots >= 2)
#define HAS_LEFT		((d->dev->buttons & TP_HW_LEFT) != 0)
#define NO_RIGHT_MIDDLE		(!(d->dev->buttons & (TP_HW_RIGHT | TP_HW_MIDDLE)))
#define IS_CLICKPAD		(d->dev->clickpad)
#define HAS_TOPBUTTONS		(d->dev->topbuttonpad)
#define MAX_FINGERS		(d->dev->max_fingers)
#define SLOTS			(d->dev->num_slots)

#define DEFAULT_BOOL(v)		((v) != 0)
#define DEFAULT_INT(v)		clamp_int((double)(v))
#define DEFAULT_DOUBLE(v)	((double)(v))

void tp_params_defaults(const struct tp_device *dev, struct tp_params *p)
{
	struct default_ctx ctx;
	const struct default_ctx *d = &ctx;

	default_ctx_init(dev, &ctx);
	memset(p, 0, sizeof(*p));
#define TP_SETTING(name, index, synclient, prop, element, type, field, lo, hi, unit, pct, flags, \
		   dflt) \
	p->field = DEFAULT_##type(dflt);
#include "../settings.def"
#undef TP_SETTING
	clamp_to_table(p);
}

#undef EDGE_LO
#undef EDGE_HI
#undef Z
#undef W
#undef FINGER_Z
#undef DIAG
#undef AT_LEAST_1
#undef HYSTERESIS
#undef RESOLUTION
#undef DOUBLETAP
#undef HAS_LEFT
#undef NO_RIGHT_MIDDLE
#undef IS_CLICKPAD
#undef HAS_TOPBUTTONS
#undef MAX_FINGERS
#undef SLOTS

/* ---- parameter table ---- */

/* The core's columns of ../settings.def; the property columns are dropped. */
#define TP_SETTING(name, index, synclient, prop, element, type, field, lo, hi, unit, pct, flags, \
		   dflt) \
	{ name, index, TP_PARAM_##type, offsetof(struct tp_params, field), lo, hi, unit, pct, flags },

static const struct tp_param_desc param_table[] = {
#include "../settings.def"
};
#undef TP_SETTING

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

		if (d->option_index == 0 && strcasecmp(d->option, name) == 0)
			return d;
	}
	return NULL;
}

int tp_param_check(const struct tp_param_desc *d, double v)
{
	if (!isfinite(v) || v < d->min || v > d->max)
		return -EINVAL;
	if (d->type != TP_PARAM_DOUBLE && v != floor(v))
		return -EINVAL;
	return 0;
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
		if (tp_param_check(d, tp_param_get(p, d)) < 0) {
			if (why)
				*why = d->option;
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
	 * the property refuses 0 (TP_PARAM_PROP_NONZERO), as 1.9's does */
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

/*
 * The edge zones of 1.9's 3x3 layout.  With CircularPad the pad is the ellipse
 * inscribed in the edges: everything outside it is edge, and which edge (or
 * corner) is decided by the direction from the centre, in 45 degree sectors.
 */
void tp_edge_zone(const struct tp_core *core, int x, int y, bool *left, bool *right,
		  bool *top, bool *bottom)
{
	const struct tp_params *p = &core->p;
	double hw = ((double)p->right_edge - p->left_edge) / 2.0;
	double hh = ((double)p->bottom_edge - p->top_edge) / 2.0;

	if (p->circular_pad && hw > 0 && hh > 0) {
		double nx = (x - (p->left_edge + hw)) / hw;
		double ny = (y - (p->top_edge + hh)) / hh;
		double a;

		*left = *right = *top = *bottom = false;
		if (nx * nx + ny * ny < 1.0)
			return;
		/* 0 = right, increasing clockwise (y grows downwards); sectors centred on the axes. */
		a = atan2(ny, nx) * 180.0 / M_PI;
		*right = a > -67.5 && a < 67.5;
		*bottom = a > 22.5 && a < 157.5;
		*left = a > 112.5 || a < -112.5;
		*top = a > -157.5 && a < -22.5;
		return;
	}
	*left = x < p->left_edge;
	*right = x > p->right_edge;
	*top = y < p->top_edge;
	*bottom = y > p->bottom_edge;
}
