/*
 * clickpad.c - clickpads (INPUT_PROP_BUTTONPAD): soft-button areas,
 * click-finger counting, the resting thumb of a click-drag.
 *
 * The button of a click is decided once, at press time, from where the
 * fingers are, and held until the pad is released: a finger inside a soft
 * button area gives that area's button; otherwise the number of fingers
 * close together picks ClickFinger1..3.
 */
#include <math.h>

#include "core-private.h"

/* After a click the finger rocks; 1.9 ignores motion for this long. */
#define CLICK_MOTION_SUPPRESS_MS	100
/*
 * Two fingers count together for click-finger when they are closer than this
 * fraction of the pad's width and height (1.9's rule, whatever the pad's size).
 */
#define CLICKFINGER_MAX_FRACTION	0.30
/*
 * Pressing or releasing a clickpad rocks the finger by a millimetre or so.
 * Beyond 1.9's 100 ms, the fingers stay pinned until they move this far
 * (libinput's number), so a click never nudges the pointer.
 */
#define CLICK_PIN_MM			1.5
#define CLICK_PIN_DIAG			0.0175	/* 1.5 mm of a 69 x 50 mm pad */

int tp_softbutton_at(const struct tp_core *core, int x, int y)
{
	const struct tp_params *p = &core->p;
	int rows = p->has_secondary_softbuttons ? 2 : 1;

	if (!p->clickpad)
		return 0;
	for (int row = 0; row < rows; row++) {
		if (tp_area_contains(&p->softbutton_areas[row][0], x, y))
			return 3;
		if (tp_area_contains(&p->softbutton_areas[row][4], x, y))
			return 2;
	}
	return 0;
}

/*
 * The strip of a button row: the band from the top to the bottom edge of its
 * right (else its middle) button area, across the whole width -- the left
 * button has no area of its own.  A row whose two areas are not aligned has
 * no strip.  (1.9's rule for where a touch starts "in the buttons".)
 */
static bool in_row_strip(const int row[8], int y)
{
	bool right = row[2] || row[3], middle = row[6] || row[7];
	int top, bottom;

	if (!right && !middle)
		return false;
	if (right && middle && (row[2] != row[6] || row[3] != row[7]))
		return false;
	top = right ? row[2] : row[6];
	bottom = right ? row[3] : row[7];
	return (!top || y >= top) && (!bottom || y <= bottom);
}

bool tp_button_strip_at(const struct tp_core *core, int y)
{
	const struct tp_params *p = &core->p;

	if (!p->clickpad)
		return false;
	return in_row_strip(p->softbutton_areas[0], y) ||
	       (p->has_secondary_softbuttons && in_row_strip(p->softbutton_areas[1], y));
}

static void pin_fingers(struct tp_core *core)
{
	for (int i = 0; i < core->ntouches; i++) {
		struct tp_touch *t = &core->touches[i];

		if (!t->down)
			continue;
		t->pinned = true;
		t->pin_x = t->x;
		t->pin_y = t->y;
	}
}

/*
 * A touch that began in a button strip moves the pointer once it leaves
 * the strip; a pinned touch once it has moved CLICK_PIN_MM.
 */
static void update_touch(struct tp_core *core, struct tp_touch *t)
{
	if (t->in_button_area && !tp_button_strip_at(core, t->y))
		t->in_button_area = false;
	if (!t->down)
		t->pinned = false;
	else if (t->pinned && tp_dist_units(t->pin_x, t->pin_y, t->x, t->y) >
				  tp_mm_to_units(core, CLICK_PIN_MM, CLICK_PIN_DIAG))
		t->pinned = false;
}

/* Every frame: only touches that began in a strip or that a click pinned have anything to update. */
void tp_clickpad_update_touches(struct tp_core *core)
{
	for (int i = 0; i < core->ntouches; i++) {
		struct tp_touch *t = &core->touches[i];

		if (t->in_button_area || t->pinned)
			update_touch(core, t);
	}
}

static bool close_together(const struct tp_core *core, int x1, int y1, int x2, int y2)
{
	double maxdx = CLICKFINGER_MAX_FRACTION * ((double)core->dev.x.max - core->dev.x.min);
	double maxdy = CLICKFINGER_MAX_FRACTION * ((double)core->dev.y.max - core->dev.y.min);

	/* In double: hostile coordinates must not overflow. */
	return fabs((double)x1 - x2) < maxdx && fabs((double)y1 - y2) < maxdy;
}

/*
 * The fingers of a click, as 1.9 counts them.  On a pad with physical
 * buttons: every finger.  On a clickpad: the fingers that have another one
 * close by (one finger, or fingers far apart, are a plain click: 0), and
 * three when the pad reports three fingers but tracks fewer than three
 * (BTN_TOOL_TRIPLETAP on a two-slot pad: the third one is somewhere).
 * Unlike 1.9, a finger resting in a soft-button strip or outside the Area
 * is not a clicking finger.
 */
int tp_clickfinger_count(const struct tp_core *core)
{
	const struct tp_frame *f = &core->frame;
	int idx[TP_MAX_SLOTS];
	int n = 0, together = 0;

	if (!core->touching)
		return 0;
	if (!core->p.clickpad)
		return core->fingers;

	if (!core->mt) {
		/* Semi-MT: the two slots are the corners of the bounding box. */
		if (core->fingers >= 3 && core->ntouches < 3)
			return 3;
		if (core->dev.semi_mt && core->fingers >= 2 && f->slots[0].active &&
		    f->slots[1].active)
			return close_together(core, f->slots[0].x, f->slots[0].y,
					      f->slots[1].x, f->slots[1].y) ? 2 : 0;
		return core->fingers >= 2 ? core->fingers : 0;
	}

	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];

		if (t->down && !t->ignored && !t->in_button_area)
			idx[n++] = i;
	}
	for (int i = 0; i < n; i++) {
		const struct tp_touch *a = &core->touches[idx[i]];

		for (int j = 0; j < n; j++) {
			const struct tp_touch *b = &core->touches[idx[j]];

			if (i != j && close_together(core, a->x, a->y, b->x, b->y)) {
				together++;
				break;
			}
		}
	}
	if (core->fingers >= 3 && core->ntouches < 3 && n == core->ntouches)
		return 3;
	return together;
}

void tp_clickpad_press(struct tp_core *core)
{
	struct tp_clickpad *c = &core->clickpad;
	int button = 0, area_touch = -1, lowest = -1, eligible = 0;

	for (int i = 0; i < core->ntouches; i++) {
		struct tp_touch *t = &core->touches[i];
		int sb;

		if (!t->down)
			continue;
		/* A finger outside the Area still presses its soft button, as in 1.9. */
		sb = tp_softbutton_at(core, t->x, t->y);
		if (sb && !button) {
			button = sb;
			area_touch = i;
		}
		if (t->ignored)
			continue;
		if (!t->in_button_area) {
			eligible++;
			if (lowest < 0 || t->y > core->touches[lowest].y)
				lowest = i;
		}
	}

	if (!button) {
		int n = tp_clickfinger_count(core);

		/* No ClickFinger action (0, or more than three fingers): a plain click. */
		button = n >= 1 && n <= 3 ? core->p.click_finger[n - 1] : 0;
		if (button <= 0)
			button = 1;
	}

	/* The finger that presses the pad does not drive the pointer during the drag. */
	if (area_touch >= 0 && !core->touches[area_touch].in_button_area &&
	    !core->touches[area_touch].ignored)
		eligible--;	/* the pressing finger itself */
	if (core->mt) {
		if (area_touch >= 0 && eligible >= 1)
			core->touches[area_touch].thumb = true;
		else if (area_touch < 0 && eligible >= 2)
			core->touches[lowest].thumb = true;
	}

	c->button = button;
	c->pressed = true;
	c->press_time = core->now;
	pin_fingers(core);
	tp_log(core, TP_LOG_DEBUG, "clickpad: press -> button %d", button);
	tp_button_press(core, button);
}

void tp_clickpad_release(struct tp_core *core)
{
	struct tp_clickpad *c = &core->clickpad;

	if (!c->pressed)
		return;
	tp_log(core, TP_LOG_DEBUG, "clickpad: release button %d", c->button);
	tp_button_release(core, c->button);
	c->button = 0;
	c->pressed = false;
	for (int i = 0; i < core->ntouches; i++)
		core->touches[i].thumb = false;
	pin_fingers(core);
}

bool tp_clickpad_suppresses_motion(const struct tp_core *core)
{
	const struct tp_clickpad *c = &core->clickpad;
	int p = tp_pointer_touch(core);

	if (p >= 0 && core->touches[p].pinned)
		return true;
	return c->press_time && core->now >= c->press_time &&
	       core->now - c->press_time < ms2us(CLICK_MOTION_SUPPRESS_MS);
}

void tp_clickpad_reset(struct tp_core *core)
{
	tp_clickpad_release(core);
	core->clickpad.press_time = 0;
}
