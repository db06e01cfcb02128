/*
 * tp-test.c - scripted frames and a fake clock for the core's unit tests.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tp-test.h"

int tt_failures;

#define DEFAULT_Z 70
#define DEFAULT_W 6

static void on_motion(void *user, double dx, double dy, double ux, double uy)
{
	struct tt *t = user;

	if (t->nev >= TT_MAX_EVENTS)
		return;
	t->ev[t->nev++] = (struct tt_event){ .type = TT_MOTION, .time = t->now,
					     .dx = dx, .dy = dy, .ux = ux, .uy = uy };
}

static void on_button(void *user, int button, bool down)
{
	struct tt *t = user;

	if (getenv("TT_VERBOSE"))
		fprintf(stderr, "  [%8.1f ms] button %d %s\n", t->now / 1000.0, button,
			down ? "down" : "up");
	if (t->nev >= TT_MAX_EVENTS)
		return;
	t->ev[t->nev++] = (struct tt_event){ .type = TT_BUTTON, .time = t->now,
					     .button = button, .down = down };
}

static void on_scroll(void *user, double v, double h)
{
	struct tt *t = user;

	if (t->nev >= TT_MAX_EVENTS)
		return;
	t->ev[t->nev++] = (struct tt_event){ .type = TT_SCROLL, .time = t->now, .v = v, .h = h };
}

static void on_gesture(void *user, const struct tp_gesture_event *ev)
{
	struct tt *t = user;

	if (getenv("TT_VERBOSE"))
		fprintf(stderr, "  [%8.1f ms] gesture %s %d fingers %d d %.1f/%.1f scale %.3f "
			"angle %.1f%s\n", t->now / 1000.0, ev->type == TP_GESTURE_SWIPE ? "swipe" : "pinch",
			ev->phase, ev->fingers, ev->dx_unaccel, ev->dy_unaccel, ev->scale,
			ev->angle_delta, ev->cancelled ? " cancelled" : "");
	if (t->nev >= TT_MAX_EVENTS)
		return;
	t->ev[t->nev++] = (struct tt_event){ .type = TT_GESTURE, .time = t->now, .g = *ev };
}

__attribute__((format(printf, 3, 0)))
static void on_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
{
	struct tt *t = user;

	t->nlog++;
	vsnprintf(t->lastlog, sizeof(t->lastlog), fmt, args);
	if (level == TP_LOG_ERROR) {
		t->nerror++;
		memcpy(t->lasterror, t->lastlog, sizeof(t->lasterror));
	}
	if (getenv("TT_VERBOSE"))
		fprintf(stderr, "  [%8.1f ms] %s\n", t->now / 1000.0, t->lastlog);
}

static const struct tp_output tt_output = {
	.motion = on_motion,
	.button = on_button,
	.scroll = on_scroll,
	.gesture = on_gesture,
	.log = on_log,
};

static void axis(struct tp_axis *a, int min, int max, int fuzz, int res)
{
	*a = (struct tp_axis){ .min = min, .max = max, .fuzz = fuzz, .res = res, .present = true };
}

void tt_init(struct tt *t, enum tt_kind kind)
{
	struct tp_device *d = &t->dev;

	memset(t, 0, sizeof(*t));
	t->fingers_override = -1;
	t->now = 1000000;	/* start at 1 s so that 0 never means "now" */
	strcpy(d->name, "SynPS/2 Synaptics TouchPad");
	d->vendor = 0x0002;
	d->product = 0x0007;
	axis(&d->x, 1472, 5472, 0, 0);
	axis(&d->y, 1408, 4448, 0, 0);
	axis(&d->pressure, 0, 255, 0, 0);
	axis(&d->width, 0, 15, 0, 0);
	switch (kind) {
	case TT_SYNAPTICS_ST:
		d->max_fingers = 3;
		d->buttons = TP_HW_LEFT | TP_HW_RIGHT;
		break;
	case TT_SYNAPTICS_ST_1F:
		d->max_fingers = 1;
		d->buttons = 0;
		break;
	case TT_SYNAPTICS_CLICKPAD:
		d->x.fuzz = d->y.fuzz = 8;
		d->num_slots = 2;
		d->clickpad = true;
		d->max_fingers = 5;
		d->buttons = TP_HW_LEFT;
		break;
	case TT_SYNAPTICS_SEMI_MT:
		d->semi_mt = true;
		d->num_slots = 2;
		d->clickpad = true;
		d->max_fingers = 3;
		d->buttons = TP_HW_LEFT;
		break;
	case TT_SYNAPTICS_MT:
		d->x.fuzz = d->y.fuzz = 8;
		d->num_slots = 2;
		d->max_fingers = 3;
		d->buttons = TP_HW_LEFT | TP_HW_RIGHT;
		break;
	}
	for (int i = 0; i < TP_MAX_SLOTS; i++) {
		t->f.slots[i].tracking_id = -1;
		t->f.slots[i].pressure = d->num_slots ? 0 : -1;
		t->f.slots[i].major = -1;
	}
	tp_params_defaults(d, &t->p);
}

void tt_start(struct tt *t)
{
	const char *why = NULL;

	if (tp_params_validate(&t->dev, &t->p, &why) != 0) {
		fprintf(stderr, "test parameters invalid: %s\n", why);
		abort();
	}
	t->core = tp_core_new(&t->dev, &t->p, &tt_output, t);
	if (!t->core)
		abort();
}

void tt_free(struct tt *t)
{
	tp_core_free(t->core);
	t->core = NULL;
}

static int next_tracking_id = 100;

/* Recompute what the kernel derives from the slots: pointer emulation, BTN_TOOL_*. */
static void derive(struct tt *t)
{
	int n = 0, first = -1;

	if (t->dev.num_slots == 0) {
		n = t->f.touch ? 1 : 0;
	} else {
		for (int i = 0; i < t->dev.num_slots; i++) {
			if (t->f.slots[i].active) {
				n++;
				if (first < 0)
					first = i;
			}
		}
		if (first >= 0) {
			t->f.x = t->f.slots[first].x;
			t->f.y = t->f.slots[first].y;
		}
	}
	t->f.touch = n > 0;
	t->f.fingers = t->fingers_override >= 0 && n > 0 ? t->fingers_override : n;
	if (n == 0) {
		t->f.pressure = 0;
		t->f.width = 0;
	}
}

void tt_down(struct tt *t, int slot, int x, int y)
{
	if (t->dev.num_slots == 0) {
		t->f.touch = true;
		t->f.x = x;
		t->f.y = y;
	} else {
		struct tp_contact *c = &t->f.slots[slot];

		c->active = true;
		c->tracking_id = next_tracking_id++;
		c->x = x;
		c->y = y;
		c->pressure = DEFAULT_Z;
	}
	if (t->f.pressure == 0) {
		t->f.pressure = DEFAULT_Z;
		t->f.width = DEFAULT_W;
	}
	derive(t);
}

void tt_move(struct tt *t, int slot, int x, int y)
{
	if (t->dev.num_slots == 0) {
		t->f.x = x;
		t->f.y = y;
	} else {
		t->f.slots[slot].x = x;
		t->f.slots[slot].y = y;
	}
	derive(t);
}

void tt_up(struct tt *t, int slot)
{
	if (t->dev.num_slots == 0) {
		t->f.touch = false;
	} else {
		t->f.slots[slot].active = false;
		t->f.slots[slot].tracking_id = -1;
		t->f.slots[slot].pressure = 0;
	}
	derive(t);
}

void tt_pressure(struct tt *t, int z, int w)
{
	t->f.pressure = z;
	t->f.width = w;
	for (int i = 0; i < t->dev.num_slots; i++)
		if (t->f.slots[i].active)
			t->f.slots[i].pressure = z;
}

void tt_buttons(struct tt *t, unsigned int bits)
{
	t->f.buttons = bits;
}

void tt_wait(struct tt *t, int ms)
{
	uint64_t end = t->now + (uint64_t)ms * 1000;
	uint64_t next;

	while ((next = tp_core_next_timeout(t->core)) && next <= end) {
		if (next > t->now)
			t->now = next;
		tp_core_timeout(t->core, t->now);
		if (tp_core_next_timeout(t->core) == next)
			break;	/* a timer that does not move on: stop rather than spin */
	}
	t->now = end;
}

void tt_step(struct tt *t, int ms)
{
	uint64_t end = t->now + (uint64_t)ms * 1000;
	uint64_t next;

	while ((next = tp_core_next_timeout(t->core)) && next < end) {
		if (next > t->now)
			t->now = next;
		tp_core_timeout(t->core, t->now);
		if (tp_core_next_timeout(t->core) == next)
			break;
	}
	t->now = end;
	t->f.time = t->now;
	tp_core_frame(t->core, &t->f);
}

void tt_glide(struct tt *t, int slot, int x, int y, int steps, int ms)
{
	int x0, y0;

	if (t->dev.num_slots == 0) {
		x0 = t->f.x;
		y0 = t->f.y;
	} else {
		x0 = t->f.slots[slot].x;
		y0 = t->f.slots[slot].y;
	}
	for (int i = 1; i <= steps; i++) {
		tt_move(t, slot, x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps);
		tt_step(t, ms);
	}
}

void tt_tap_at(struct tt *t, int x, int y, int frames)
{
	tt_down(t, 0, x, y);
	tt_step(t, 12);
	for (int i = 0; i < frames; i++)
		tt_step(t, 12);
	tt_up(t, 0);
	tt_step(t, 12);
}

void tt_clear(struct tt *t)
{
	t->nev = 0;
}

int tt_presses(const struct tt *t, int button)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_BUTTON && t->ev[i].button == button && t->ev[i].down)
			n++;
	return n;
}

int tt_releases(const struct tt *t, int button)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_BUTTON && t->ev[i].button == button && !t->ev[i].down)
			n++;
	return n;
}

int tt_find_button(const struct tt *t, int button, bool down, int n)
{
	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_BUTTON && t->ev[i].button == button && t->ev[i].down == down &&
		    n-- == 0)
			return i;
	return -1;
}

bool tt_held(const struct tt *t, int button)
{
	return tt_presses(t, button) > tt_releases(t, button);
}

uint64_t tt_click_drag(struct tt *t, int x, int y, int to_x)
{
	uint64_t press;

	tt_down(t, 0, x, y);
	tt_step(t, 12);
	tt_buttons(t, TP_HW_LEFT);
	tt_step(t, 12);
	press = t->now;
	tt_glide(t, 0, to_x, y, 30, 12);
	return press;
}

int tt_first_motion(const struct tt *t)
{
	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_MOTION)
			return i;
	return -1;
}

int tt_motion_events(const struct tt *t)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_MOTION)
			n++;
	return n;
}

void tt_motion_sum(const struct tt *t, double *dx, double *dy, double *ux, double *uy)
{
	double a = 0, b = 0, c = 0, d = 0;

	for (int i = 0; i < t->nev; i++) {
		if (t->ev[i].type != TT_MOTION)
			continue;
		a += t->ev[i].dx;
		b += t->ev[i].dy;
		c += t->ev[i].ux;
		d += t->ev[i].uy;
	}
	if (dx)
		*dx = a;
	if (dy)
		*dy = b;
	if (ux)
		*ux = c;
	if (uy)
		*uy = d;
}

void tt_scroll_sum(const struct tt *t, double *v, double *h)
{
	double a = 0, b = 0;

	for (int i = 0; i < t->nev; i++) {
		if (t->ev[i].type != TT_SCROLL)
			continue;
		a += t->ev[i].v;
		b += t->ev[i].h;
	}
	if (v)
		*v = a;
	if (h)
		*h = b;
}

int tt_scroll_events(const struct tt *t)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_SCROLL)
			n++;
	return n;
}

int tt_gesture_events(const struct tt *t, enum tp_gesture_type type, int phase)
{
	int n = 0;

	for (int i = 0; i < t->nev; i++)
		if (t->ev[i].type == TT_GESTURE && t->ev[i].g.type == type &&
		    (phase < 0 || (int)t->ev[i].g.phase == phase))
			n++;
	return n;
}

int tt_exit_status(void)
{
	if (tt_failures)
		fprintf(stderr, "%d check(s) failed\n", tt_failures);
	return tt_failures ? 1 : 0;
}
