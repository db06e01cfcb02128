/*
 * check-tables - the one description of the settings (src/settings.def) as
 * the layers read it, and the write rules a client sees: every setting
 * bound to a property names an item that exists, no two settings share an
 * item, every item is a setting, a capability or one of 1.9's two unused
 * legacy items, and synclient, xinput and xorg.conf reach the same field.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "synaptics-properties.h"
#include "tp-options.h"
#include "touchpad.h"

static int failures;

#define CHECK(cond, ...) do { \
	if (!(cond)) { printf("FAILED: " __VA_ARGS__); printf("\n"); failures++; } \
} while (0)

/* A clickpad like the XIT one: 1472..5472 x 1408..4448, 2 slots. */
static void clickpad(struct tp_device *dev)
{
	memset(dev, 0, sizeof(*dev));
	strcpy(dev->name, "test clickpad");
	dev->vendor = 2;
	dev->product = 7;
	dev->x = (struct tp_axis){ .min = 1472, .max = 5472, .fuzz = 8, .res = 0, .present = true };
	dev->y = (struct tp_axis){ .min = 1408, .max = 4448, .fuzz = 8, .res = 0, .present = true };
	dev->pressure = (struct tp_axis){ .min = 0, .max = 255, .fuzz = 0, .res = 0, .present = true };
	dev->width = (struct tp_axis){ .min = 0, .max = 15, .fuzz = 0, .res = 0, .present = true };
	dev->num_slots = 2;
	dev->clickpad = true;
	dev->max_fingers = 5;
	dev->buttons = TP_HW_LEFT;
}

/* Where each setting lives: an item that exists, of a matching kind. */
static void check_bindings(void)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	for (size_t i = 0; i < n; i++) {
		const struct tp_setting_binding *b = tp_setting_binding(&t[i]);
		const struct tp_prop_desc *p;

		CHECK(b, "%s has no binding: the tables are not the same rows", t[i].option);
		if (!b || !b->property)
			continue;
		p = tp_prop_find(b->property);
		CHECK(p, "%s: property \"%s\" missing", t[i].option, b->property);
		if (!p)
			continue;
		CHECK(b->element >= 0 && b->element < p->count, "%s: item %d beyond %d items",
		      t[i].option, b->element, p->count);
		CHECK(!p->capabilities, "%s: bound to a capability", t[i].option);
		CHECK((p->format == TP_PROP_FLOAT) == (t[i].type == TP_PARAM_DOUBLE),
		      "%s: a %s in a %s property", t[i].option,
		      t[i].type == TP_PARAM_DOUBLE ? "double" : "whole number",
		      p->format == TP_PROP_FLOAT ? "FLOAT" : "integer");
		CHECK(!!(t[i].flags & TP_PARAM_READONLY) == p->read_only,
		      "%s: read-only differs for \"%s\"", t[i].option, p->name);
		CHECK(tp_setting_find_item(b->property, b->element) == &t[i],
		      "%s: \"%s\"[%d] is held by another setting too", t[i].option, p->name, b->element);
		for (size_t j = i + 1; j < n; j++) {
			const struct tp_setting_binding *c = tp_setting_binding(&t[j]);

			CHECK(!c || !b->synclient || !c->synclient ||
			      strcasecmp(b->synclient, c->synclient) != 0,
			      "synclient name %s used twice", b->synclient);
			CHECK(!c || !c->property || strcmp(c->property, b->property) != 0 ||
			      c->element != b->element, "%s and %s share \"%s\"[%d]", t[i].option,
			      t[j].option, b->property, b->element);
		}
	}
	CHECK(tp_setting_binding(&t[n - 1]) != NULL, "fewer bindings than settings");
}

/* Every item of every property is a setting, a capability or a known legacy 0. */
static void check_items(void)
{
	int legacy = 0;

	for (size_t r = 0; r < tp_prop_count; r++) {
		const struct tp_prop_desc *p = &tp_prop_table[r];

		CHECK(p->count <= TP_PROP_MAX_ITEMS && p->min_count >= 1 && p->min_count <= p->count,
		      "\"%s\": bad item counts", p->name);
		for (int k = 0; k < p->count; k++) {
			if (p->capabilities || tp_setting_find_item(p->name, k))
				continue;
			legacy++;
			/* 1.9's FingerPress and trackstick speed: kept as 0 so clients see 1.9's counts */
			CHECK((strcmp(p->name, SYNAPTICS_PROP_FINGER) == 0 && k == 2) ||
			      (strcmp(p->name, SYNAPTICS_PROP_SPEED) == 0 && k == 3),
			      "\"%s\"[%d] is no setting", p->name, k);
		}
	}
	CHECK(legacy == 2, "%d legacy items, want 2", legacy);
	CHECK(tp_prop_count >= 38, "only %zu properties", tp_prop_count);
}

/* The names a user types reach the fields they mean. */
static void check_names(void)
{
	const struct tp_param_desc *d;
	const struct tp_setting_binding *b;

	d = tp_setting_find_synclient("tapbutton2");
	b = tp_setting_binding(d);
	CHECK(d && d->offset == offsetof(struct tp_params, tap_button[1]) && b &&
	      strcmp(b->property, SYNAPTICS_PROP_TAP_ACTION) == 0 && b->element == 5 &&
	      tp_prop_find(b->property)->format == TP_PROP_INT8, "TapButton2 is Tap Action[5], 8 bit");
	d = tp_setting_find_synclient("RightButtonAreaTop");
	CHECK(d && d->offset == offsetof(struct tp_params, softbutton_areas[0][2]) && d->percent == 'y',
	      "synclient-only soft button names");
	d = tp_setting_find_synclient("UpDownScrollRepeat");
	CHECK(d && d == tp_param_find("UpDownScrollRepeat"), "synclient's UpDownScrollRepeat");
	CHECK(!tp_setting_find_synclient("SecondarySoftButtonAreas"), "1.9's synclient had no secondary areas");
	CHECK(!tp_setting_find_synclient("PinchThreshold"), "1.9's synclient had no PinchThreshold");
	d = tp_param_find("HorizResolution");
	b = tp_setting_binding(d);
	CHECK(d && (d->flags & TP_PARAM_READONLY) && b && !b->synclient &&
	      tp_prop_find(b->property)->read_only, "resolution is read-only");
}

static void check_writes(void)
{
	struct tp_device dev;
	struct tp_params params, out;
	const struct tp_prop_desc *p;
	const char *why;
	double v[8];

	clickpad(&dev);
	tp_params_defaults(&dev, &params);
	CHECK(tp_params_validate(&dev, &params, &why) == 0, "defaults invalid: %s", why);

	p = tp_prop_find(SYNAPTICS_PROP_OFF);
	v[0] = 2;
	CHECK(tp_prop_set(p, &dev, &params, v, 1, &out, &why) == 0 && out.touchpad_off == 2,
	      "Off = 2 refused");
	v[0] = 3;
	out = params;
	CHECK(tp_prop_set(p, &dev, &params, v, 1, &out, &why) == -EINVAL, "Off = 3 accepted");
	CHECK(out.touchpad_off == params.touchpad_off, "refused write changed the output");
	CHECK(tp_prop_set(p, &dev, &params, v, 2, &out, &why) == -E2BIG, "Off with 2 items accepted");

	p = tp_prop_find(SYNAPTICS_PROP_SCROLL_DISTANCE);
	v[0] = 0;
	v[1] = 100;
	CHECK(tp_prop_set(p, &dev, &params, v, 2, &out, &why) == -EINVAL, "scroll distance 0 accepted");
	v[0] = -100;
	CHECK(tp_prop_set(p, &dev, &params, v, 2, &out, &why) == 0 && out.vert_scroll_delta == -100,
	      "natural scrolling (negative distance) refused");

	p = tp_prop_find(SYNAPTICS_PROP_EDGES);
	v[0] = 5000; v[1] = 2000; v[2] = 1500; v[3] = 4000;
	CHECK(tp_prop_set(p, &dev, &params, v, 4, &out, &why) == -EINVAL, "left > right accepted");

	p = tp_prop_find(SYNAPTICS_PROP_TAP_ACTION);
	v[0] = 0; v[1] = 0; v[2] = 0; v[3] = 0; v[4] = 1;
	CHECK(tp_prop_set(p, &dev, &params, v, 5, &out, &why) == 0 && out.tap_button[0] == 1 &&
	      out.tap_button[1] == params.tap_button[1], "partial Tap Action write refused");

	p = tp_prop_find(SYNAPTICS_PROP_RESOLUTION);
	v[0] = 10; v[1] = 10;
	CHECK(tp_prop_set(p, &dev, &params, v, 2, &out, &why) == -EACCES, "Pad Resolution writable");
	p = tp_prop_find(SYNAPTICS_PROP_CAPABILITIES);
	tp_prop_get(p, &dev, &params, v);
	CHECK(v[0] == 1 && v[1] == 0 && v[2] == 0 && v[3] == 1 && v[4] == 1 && v[5] == 1 && v[6] == 1,
	      "capabilities %g %g %g %g %g %g %g", v[0], v[1], v[2], v[3], v[4], v[5], v[6]);

	p = tp_prop_find(SYNAPTICS_PROP_SOFTBUTTON_AREAS);
	CHECK(tp_prop_exists(p, &dev, &params), "no soft button property on a clickpad");
	v[0] = 3000; v[1] = 0; v[2] = 3900; v[3] = 0;	/* right button */
	v[4] = 2000; v[5] = 3500; v[6] = 3900; v[7] = 0;	/* middle overlaps it */
	CHECK(tp_prop_set(p, &dev, &params, v, 8, &out, &why) == -EINVAL, "overlapping areas accepted");
	params.clickpad = false;
	CHECK(!tp_prop_exists(p, &dev, &params), "soft button property without ClickPad");
	CHECK(!tp_prop_exists(tp_prop_find(SYNAPTICS_PROP_SCROLL_BUTTONS), &dev, &params),
	      "button scrolling property on a pad without scroll buttons");
}

static void check_options(void)
{
	struct tp_device dev;
	struct tp_params params;
	const struct tp_param_desc *o;
	const char *why;

	clickpad(&dev);
	tp_params_defaults(&dev, &params);
	o = tp_option_find("soft_button_areas");
	CHECK(o && tp_option_count(o) == 8, "SoftButtonAreas not found as soft_button_areas");
	CHECK(o && tp_option_parse(&dev, o, "50% 0 82% 0 0 0 0 0", &params, &why) == 0 &&
	      params.softbutton_areas[0][0] == 3472 && params.softbutton_areas[0][2] == 3900,
	      "SoftButtonAreas percentages");
	CHECK(o && tp_option_parse(&dev, o, "50% 0 82%", &params, &why) == -EINVAL, "3 of 8 values accepted");
	o = tp_option_find("TapButton1");
	CHECK(o && tp_option_parse(&dev, o, "2", &params, &why) == 0 && params.tap_button[0] == 2, "TapButton1");
	CHECK(o && tp_option_parse(&dev, o, "2.5", &params, &why) == -EINVAL, "TapButton1 2.5 accepted");
	CHECK(o && tp_option_parse(&dev, o, "3x", &params, &why) == -EINVAL, "TapButton1 3x accepted");
	o = tp_option_find("MinSpeed");
	CHECK(o && tp_option_parse(&dev, o, " 0.25 ", &params, &why) == 0 && params.min_speed == 0.25, "MinSpeed");
	o = tp_option_find("VertTwoFingerScroll");
	CHECK(o && tp_option_parse(&dev, o, "Off", &params, &why) == 0 && !params.vert_twofinger_scroll,
	      "bool off");
	CHECK(o && tp_option_parse(&dev, o, "yes", &params, &why) == 0 && params.vert_twofinger_scroll,
	      "bool yes");
	CHECK(o && tp_option_parse(&dev, o, "maybe", &params, &why) == -EINVAL, "bool maybe accepted");
	CHECK(tp_option_find("NoSuchOption") == NULL, "unknown option found");
}

int main(void)
{
	check_bindings();
	check_items();
	check_names();
	check_writes();
	check_options();
	printf("%s: %d failures\n", failures ? "FAIL" : "ok", failures);
	return failures ? 1 : 0;
}
