/*
 * gesture.c - XI 2.4 gestures (swipe, pinch) and the decision between
 * two-finger scrolling and pinching.
 *
 *   NONE --2 fingers, pinch possible--> UNKNOWN --fingers move together--> SCROLL
 *                                          +------spread or rotation------> PINCH
 *   NONE --2 fingers, no pinch--> SCROLL
 *   any --3+ fingers, swipe on--> SWIPE_START --centroid moves--> SWIPE
 *   PINCH/SWIPE --finger count changes--> end, then IGNORE until every finger is up
 *                  (or SWIPE_START for a new count of 3+)
 *
 * Scrolling itself is scroll.c's; it asks tp_gesture_scroll_allowed().
 * Every transition is logged at TP_LOG_DEBUG.
 */
#include <math.h>

#include "core-private.h"

/* Two fingers moving together this far are scrolling. */
#define GESTURE_SCROLL_THRESHOLD_MM	1.5
/* Two fingers spreading or closing this far (more than they moved together) are pinching. */
#define GESTURE_PINCH_THRESHOLD_MM	4.0
/* ... or turning by this much. */
#define GESTURE_ROTATE_THRESHOLD_DEG	15.0
/* Three or more fingers moving this far start a swipe. */
#define GESTURE_SWIPE_THRESHOLD_MM	2.0
/* Fallbacks without resolution, as fractions of the diagonal (a 69 x 50 mm pad is 85 mm). */
#define MM_TO_DIAG(mm)			((mm) / 85.0)

static const char *state_name(enum tp_gesture_state s)
{
	switch (s) {
	case GESTURE_STATE_NONE: return "NONE";
	case GESTURE_STATE_UNKNOWN: return "UNKNOWN";
	case GESTURE_STATE_SCROLL: return "SCROLL";
	case GESTURE_STATE_PINCH: return "PINCH";
	case GESTURE_STATE_SWIPE_START: return "SWIPE_START";
	case GESTURE_STATE_SWIPE: return "SWIPE";
	case GESTURE_STATE_IGNORE: return "IGNORE";
	}
	return "?";
}

static double units(const struct tp_core *core, double mm)
{
	return tp_mm_to_units(core, mm, MM_TO_DIAG(mm));
}

/* y in x units, so distances and angles are right on pads with unequal resolution. */
static double y_scale(const struct tp_core *core)
{
	const struct tp_params *p = &core->p;

	if (p->vert_resolution > 0 && p->horiz_resolution > 0)
		return (double)p->horiz_resolution / p->vert_resolution;
	return 1.0;
}

/* Where the fingers are: centroid, and distance/direction of the first two. Returns positions known. */
static int locate(const struct tp_core *core, double *x, double *y, double *dist, double *angle,
		  int *t1, int *t2)
{
	double sx = 0, sy = 0, ys = y_scale(core);
	int n = 0;

	*t1 = *t2 = -1;
	*dist = *angle = 0;
	if (!core->mt) {
		if (!core->touches[0].down)
			return 0;
		*x = core->touches[0].x;
		*y = core->touches[0].y * ys;
		*t1 = 0;
		return 1;
	}
	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];

		if (!t->down || t->ignored || t->thumb || t->in_button_area)
			continue;
		if (*t1 < 0)
			*t1 = i;
		else if (*t2 < 0)
			*t2 = i;
		sx += t->x;
		sy += t->y * ys;
		n++;
	}
	if (n == 0)
		return 0;
	*x = sx / n;
	*y = sy / n;
	if (*t2 >= 0) {
		const struct tp_touch *a = &core->touches[*t1], *b = &core->touches[*t2];
		double dx = (double)b->x - a->x, dy = ((double)b->y - a->y) * ys;

		*dist = hypot(dx, dy);
		*angle = atan2(dy, dx) * 180.0 / M_PI;
		/* The two-finger centroid is that of the first two (as scroll.c uses). */
		*x = ((double)a->x + b->x) / 2.0;
		*y = ((double)a->y + b->y) * ys / 2.0;
	}
	return n;
}

static void emit(struct tp_core *core, enum tp_gesture_type type, enum tp_gesture_phase phase,
		 bool cancelled, double ux, double uy, double scale, double angle_delta, double dt_ms)
{
	struct tp_gesture_event ev = {
		.type = type,
		.phase = phase,
		.cancelled = cancelled,
		.fingers = core->gesture.fingers,
		.dx_unaccel = ux,
		.dy_unaccel = uy,
		.scale = scale,
		.angle_delta = angle_delta,
	};
	double f = tp_motion_speed_factor(core, hypot(ux, uy), dt_ms);

	ev.dx = ux * f;
	ev.dy = uy * f;
	if (core->out.gesture)
		core->out.gesture(core->user, &ev);
}

static void set_state(struct tp_core *core, enum tp_gesture_state next, const char *why)
{
	struct tp_gesture *g = &core->gesture;

	if (g->state != next)
		tp_log(core, TP_LOG_DEBUG, "gesture: %s -> %s -> %s (fingers %d)", state_name(g->state),
		       why, state_name(next), core->gesture_fingers);
	g->state = next;
}

/* End a running gesture. */
static void end_gesture(struct tp_core *core, bool cancelled)
{
	struct tp_gesture *g = &core->gesture;

	if (g->state == GESTURE_STATE_PINCH)
		emit(core, TP_GESTURE_PINCH, TP_GESTURE_END, cancelled, 0, 0,
		     g->base_dist > 0 ? g->dist / g->base_dist : 1.0, 0, 0);
	else if (g->state == GESTURE_STATE_SWIPE)
		emit(core, TP_GESTURE_SWIPE, TP_GESTURE_END, cancelled, 0, 0, 1.0, 0, 0);
}

static void settle(struct tp_core *core, double x, double y, double dist, double angle, int t1,
		   int t2, int ntouch)
{
	struct tp_gesture *g = &core->gesture;

	g->start_x = g->x = x;
	g->start_y = g->y = y;
	g->start_dist = g->dist = dist;
	g->angle = angle;
	g->t1 = t1;
	g->t2 = t2;
	g->ntouch = ntouch;
	g->last_time = core->now;
}

/* The finger count changed: end what runs, choose what comes next. */
static void fingers_changed(struct tp_core *core, int n, bool pinch_ok, bool swipe_ok)
{
	struct tp_gesture *g = &core->gesture;
	bool after_gesture = g->state == GESTURE_STATE_PINCH || g->state == GESTURE_STATE_SWIPE ||
			     g->state == GESTURE_STATE_SWIPE_START || g->state == GESTURE_STATE_IGNORE;

	end_gesture(core, n != 0);
	g->fingers = n;
	if (n == 0)
		set_state(core, GESTURE_STATE_NONE, "RELEASE");
	else if (n >= 3 && swipe_ok)
		set_state(core, GESTURE_STATE_SWIPE_START, "FINGERS");
	else if (after_gesture)
		set_state(core, GESTURE_STATE_IGNORE, "FINGERS");
	else if (n == 2 && pinch_ok)
		set_state(core, GESTURE_STATE_UNKNOWN, "FINGERS");
	else if (n == 2)
		set_state(core, GESTURE_STATE_SCROLL, "FINGERS");
	else
		set_state(core, GESTURE_STATE_NONE, "FINGERS");
}

static void decide_two_fingers(struct tp_core *core, double x, double y, double dist, double angle)
{
	struct tp_gesture *g = &core->gesture;
	double move = hypot(x - g->start_x, y - g->start_y);
	double spread = fabs(dist - g->start_dist);
	double turn = fabs(remainder(angle - g->angle, 360.0));

	if ((spread > units(core, GESTURE_PINCH_THRESHOLD_MM) && spread > move) ||
	    (turn > GESTURE_ROTATE_THRESHOLD_DEG && move < units(core, GESTURE_PINCH_THRESHOLD_MM))) {
		set_state(core, GESTURE_STATE_PINCH, "SPREAD");
		g->base_dist = dist > 0 ? dist : 1;
		g->dist = dist;
		g->angle = angle;
		g->x = x;
		g->y = y;
		emit(core, TP_GESTURE_PINCH, TP_GESTURE_BEGIN, false, 0, 0, 1.0, 0, 0);
	} else if (move > units(core, GESTURE_SCROLL_THRESHOLD_MM)) {
		set_state(core, GESTURE_STATE_SCROLL, "MOVE");
	}
}

bool tp_gesture_frame(struct tp_core *core)
{
	struct tp_gesture *g = &core->gesture;
	const struct tp_params *p = &core->p;
	int n = core->gesture_fingers;
	bool enabled = p->touchpad_off == 0 && !core->palm && !core->buttons.hw &&
		       !core->clickpad.pressed;
	double x = 0, y = 0, dist, angle, dt_ms;
	int t1, t2, ntouch;
	bool pinch_ok, swipe_ok;

	ntouch = locate(core, &x, &y, &dist, &angle, &t1, &t2);
	pinch_ok = enabled && p->pinch_gestures && core->mt && ntouch >= 2;
	swipe_ok = enabled && p->swipe_gestures && ntouch >= 1;

	if (!enabled && (g->state == GESTURE_STATE_PINCH || g->state == GESTURE_STATE_SWIPE)) {
		end_gesture(core, true);
		set_state(core, GESTURE_STATE_IGNORE, "DISABLE");
	} else if (!enabled && g->state == GESTURE_STATE_SWIPE_START) {
		/* Nothing began: a click with three fingers drags the pointer, as in 1.9. */
		set_state(core, GESTURE_STATE_NONE, "DISABLE");
	}

	if (core->clickpad.pressed) {
		/*
		 * A clickpad held down is a click-drag: the pointer follows the
		 * moving finger, whatever rests on the pad (1.9 counted one finger
		 * less for the thumb on the button; a count can still be off by one
		 * on 2-slot pads with three fingers).
		 */
		if (g->state == GESTURE_STATE_SCROLL || g->state == GESTURE_STATE_UNKNOWN)
			set_state(core, GESTURE_STATE_NONE, "CLICK");
		g->fingers = -1;	/* choose again once the pad is released */
		settle(core, x, y, dist, angle, t1, t2, ntouch);
		return g->state == GESTURE_STATE_IGNORE;
	}

	if (n != g->fingers) {
		fingers_changed(core, n, pinch_ok, swipe_ok);
		settle(core, x, y, dist, angle, t1, t2, ntouch);
	} else if (t1 != g->t1 || t2 != g->t2 || ntouch != g->ntouch) {
		/* Same count, other touches (a slot swapped): go on from here, no jump. */
		double scale = g->base_dist > 0 ? g->dist / g->base_dist : 1.0;

		settle(core, x, y, dist, angle, t1, t2, ntouch);
		if (g->state == GESTURE_STATE_PINCH)
			g->base_dist = dist > 0 && scale > 0 ? dist / scale : 1.0;
	} else {
		dt_ms = (core->now - g->last_time) / 1000.0;
		switch (g->state) {
		case GESTURE_STATE_UNKNOWN:
			if (pinch_ok)
				decide_two_fingers(core, x, y, dist, angle);
			else
				set_state(core, GESTURE_STATE_SCROLL, "NO_PINCH");
			break;
		case GESTURE_STATE_PINCH:
			emit(core, TP_GESTURE_PINCH, TP_GESTURE_UPDATE, false, x - g->x, y - g->y,
			     dist / g->base_dist, remainder(angle - g->angle, 360.0), dt_ms);
			g->x = x;
			g->y = y;
			g->dist = dist;
			g->angle = angle;
			break;
		case GESTURE_STATE_SWIPE_START:
			if (hypot(x - g->start_x, y - g->start_y) > units(core, GESTURE_SWIPE_THRESHOLD_MM)) {
				set_state(core, GESTURE_STATE_SWIPE, "MOVE");
				emit(core, TP_GESTURE_SWIPE, TP_GESTURE_BEGIN, false, 0, 0, 1.0, 0, 0);
				emit(core, TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, false, x - g->start_x,
				     y - g->start_y, 1.0, 0, dt_ms);
				g->x = x;
				g->y = y;
			}
			break;
		case GESTURE_STATE_SWIPE:
			if (x != g->x || y != g->y)
				emit(core, TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, false, x - g->x, y - g->y,
				     1.0, 0, dt_ms);
			g->x = x;
			g->y = y;
			break;
		case GESTURE_STATE_NONE:
		case GESTURE_STATE_SCROLL:
		case GESTURE_STATE_IGNORE:
			break;
		}
		g->last_time = core->now;
	}

	switch (g->state) {
	case GESTURE_STATE_UNKNOWN:
	case GESTURE_STATE_PINCH:
	case GESTURE_STATE_SWIPE_START:
	case GESTURE_STATE_SWIPE:
	case GESTURE_STATE_IGNORE:
		return true;
	case GESTURE_STATE_NONE:
	case GESTURE_STATE_SCROLL:
		break;
	}
	return false;
}

bool tp_gesture_scroll_allowed(const struct tp_core *core)
{
	return core->gesture.state == GESTURE_STATE_SCROLL;
}

/* Where the two fingers were when they settled, so the scroll loses no distance to the decision. */
bool tp_gesture_scroll_origin(const struct tp_core *core, double *x, double *y)
{
	const struct tp_gesture *g = &core->gesture;

	if (g->state != GESTURE_STATE_SCROLL || g->t2 < 0)
		return false;
	*x = g->start_x;
	*y = g->start_y / y_scale(core);
	return true;
}

void tp_gesture_reset(struct tp_core *core)
{
	end_gesture(core, true);
	core->gesture = (struct tp_gesture){ .state = GESTURE_STATE_NONE, .t1 = -1, .t2 = -1 };
}
