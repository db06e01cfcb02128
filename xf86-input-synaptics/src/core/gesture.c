/*
 * gesture.c - XI 2.4 gestures (swipe, pinch) and the decision between
 * two-finger scrolling and pinching.
 *
 * A state machine in the style of tap.c: one event per frame at most from
 * the finger count and the touches (FINGERS when the count changes, RELEASE
 * when it drops to 0, TOUCHES when other touches go on with the same count,
 * MOVE otherwise), plus CLICK (clickpad pressed) and DISABLE (pad off, palm,
 * a button held) before it; one handler per state; a "gesture: A -> EVENT ->
 * B" line per transition.
 *
 *   NONE, UNKNOWN, SCROLL --FINGERS 2, pinch possible--> UNKNOWN
 *                         --FINGERS 2, no pinch (or this sequence scrolled)--> SCROLL
 *                         --FINGERS 3+, swipe on--> SWIPE_START
 *   UNKNOWN --MOVE, the fingers move the same way--> SCROLL
 *           +--MOVE, apart, together, around------> PINCH (begins)
 *   SWIPE_START --MOVE, centre moved SwipeThreshold, no tap pending--> SWIPE (begins)
 *   PINCH, SWIPE --FINGERS--> end (cancelled when a finger was added, not when
 *                  one lifted), then IGNORE (SWIPE_START when a finger was
 *                  added to make 3+); --DISABLE--> cancelled, IGNORE
 *   SWIPE_START, IGNORE --FINGERS--> IGNORE (SWIPE_START when added to 3+)
 *   SWIPE_START --DISABLE--> NONE;  UNKNOWN, SCROLL --CLICK--> NONE
 *   any --RELEASE--> NONE (a running gesture ends)
 *
 * Only usable touches count: past FingerHigh, not palm, not thumb, not in a
 * soft-button area.  A contact the kernel already reports but whose
 * pressure is still below FingerHigh (a finger landing, or lifting) is not
 * a finger yet: while it lands, the count follows the usable touches, so
 * two fingers are decided from the frame both are really down, and a
 * BTN_TOOL count that runs ahead of the slots leaves the decision open
 * (UNKNOWN) instead of choosing "scroll".  A count that changes for one
 * frame while the same touches stay (2-slot pads misread the finger count
 * now and then) is held for that frame and only taken when it is seen
 * twice; nothing is posted in the held frame.
 *
 * No timers: the scroll/pinch decision is taken from the geometry of the two
 * fingers' paths in the first frame in which one of them has moved
 * PinchThreshold mm, unless that frame is ambiguous (one finger still, or the
 * two at right angles); then it waits for more movement, never for time.
 * A swipe begins in the frame its centre passes SwipeThreshold, unless a
 * tap of that many fingers is still possible (TapButton3 set, within
 * MaxTapTime and MaxTapMove): then when the tap is ruled out.
 * Semi-MT pads give the two corners of a bounding box instead of fingers:
 * the same rules work on the corners (parallel = scroll, opposite = pinch),
 * the scale comes from the box diagonal and the angle is always 0.
 *
 * Scrolling itself is scroll.c's; it asks tp_gesture_scroll_allowed().
 */
#include <math.h>

#include "core-private.h"

/* Fallbacks without resolution, as fractions of the diagonal (a 69 x 50 mm pad is 85 mm). */
#define MM_TO_DIAG(mm)			((mm) / 85.0)
/* Both fingers moved and point within 60 degrees of each other: scrolling. */
#define GESTURE_SCROLL_COS		0.5
/* ... in (roughly) opposite directions, more than 100 degrees apart: pinching. */
#define GESTURE_PINCH_COS		-0.17
/* A finger that moved less than this share of the other one is still. */
#define GESTURE_STILL_RATIO		0.3
/* Ambiguous movement is decided by this many thresholds of travel at the latest. */
#define GESTURE_FORCE_FACTOR		3.0

/* (struct tp_gesture_event is the XI gesture the core posts: these are the machine's inputs) */
enum tp_gesture_input {
	GESTURE_EVENT_FINGERS = 80,	/* the finger count changed, not to 0 */
	GESTURE_EVENT_RELEASE,		/* every finger is up */
	GESTURE_EVENT_MOVE,		/* a frame with the same count and touches */
	GESTURE_EVENT_TOUCHES,		/* same count, other touches: measure from here */
	GESTURE_EVENT_CLICK,		/* the clickpad is pressed */
	GESTURE_EVENT_DISABLE,		/* pad off, palm, a button held */
};

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

static const char *event_name(enum tp_gesture_input e)
{
	switch (e) {
	case GESTURE_EVENT_FINGERS: return "FINGERS";
	case GESTURE_EVENT_RELEASE: return "RELEASE";
	case GESTURE_EVENT_MOVE: return "MOVE";
	case GESTURE_EVENT_TOUCHES: return "TOUCHES";
	case GESTURE_EVENT_CLICK: return "CLICK";
	case GESTURE_EVENT_DISABLE: return "DISABLE";
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
	return core->y_scale;
}

static bool touch_usable(const struct tp_touch *t)
{
	return t->down && !t->ignored && !t->thumb && !t->in_button_area;
}

/* Corners in ints, not fmin/fmax of the converted values: the same, without a libm call. */
static int imin(int a, int b)
{
	return a < b ? a : b;
}

static int imax(int a, int b)
{
	return a > b ? a : b;
}

/* Semi-MT with two or more fingers: the two slots are opposite corners of a box. */
static bool locate_box(const struct tp_core *core, struct tp_gesture_pos *g)
{
	const struct tp_frame *f = &core->frame;
	double ys = y_scale(core);

	if (!core->dev.semi_mt || core->dev.num_slots < 2 || core->fingers < 2 ||
	    !f->slots[0].active || !f->slots[1].active || !touch_usable(&core->touches[0]))
		return false;
	g->p[0][0] = imin(f->slots[0].x, f->slots[1].x);
	g->p[0][1] = imin(f->slots[0].y, f->slots[1].y) * ys;
	g->p[1][0] = imax(f->slots[0].x, f->slots[1].x);
	g->p[1][1] = imax(f->slots[0].y, f->slots[1].y) * ys;
	g->n = 2;
	g->box = true;
	g->t1 = 0;	/* scroll.c follows touches[0] on such pads */
	return true;
}

static void locate(const struct tp_core *core, struct tp_gesture_pos *g)
{
	double ys = y_scale(core);

	/* field by field: gcc clears a compound literal with rep stos, dearer for so few words */
	g->n = 0;
	g->x = g->y = g->dist = g->angle = 0;
	g->p[0][0] = g->p[0][1] = g->p[1][0] = g->p[1][1] = 0;
	g->t1 = g->t2 = -1;
	g->box = g->fresh = false;
	if (!core->mt) {
		if (!locate_box(core, g)) {
			if (!touch_usable(&core->touches[0]))
				return;
			g->x = core->touches[0].x;
			g->y = core->touches[0].y * ys;
			g->t1 = 0;
			g->n = 1;
			return;
		}
	} else {
		for (int i = 0; i < core->ntouches; i++) {
			const struct tp_touch *t = &core->touches[i];

			if (!touch_usable(t))
				continue;
			g->fresh |= t->began;
			if (g->t1 < 0)
				g->t1 = i;
			else if (g->t2 < 0)
				g->t2 = i;
			if (g->n < 2) {
				g->p[g->n][0] = t->x;
				g->p[g->n][1] = t->y * ys;
			}
			g->n++;
		}
		if (g->n == 0)
			return;
		if (g->n == 1) {
			g->x = g->p[0][0];
			g->y = g->p[0][1];
			return;
		}
	}
	/* Two or more: the centre is that of the first two (as scroll.c uses). */
	g->x = (g->p[0][0] + g->p[1][0]) / 2.0;
	g->y = (g->p[0][1] + g->p[1][1]) / 2.0;
}

/*
 * The distance and direction between the first two positions.  Only a
 * pinch needs them (its scale and rotation, from the frame the fingers
 * settled), and atan2 is the dearest call of the frame: tp_gesture_frame
 * measures only while a pinch runs, or when the fingers may settle for one
 * (the count changes; other touches or a click while undecided), and
 * begin_pinch() when an undecided pair turns out to pinch.  The same
 * positions always give the same values.
 */
static void measure(struct tp_gesture_pos *g)
{
	double dx = g->p[1][0] - g->p[0][0], dy = g->p[1][1] - g->p[0][1];

	if (g->n < 2)
		return;
	g->dist = hypot(dx, dy);
	g->angle = g->box ? 0 : atan2(dy, dx) * 180.0 / M_PI;
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

static double pinch_scale(const struct tp_gesture *g)
{
	return g->base_dist > 0 ? g->dist / g->base_dist : 1.0;
}

/* End a running gesture. */
static void end_gesture(struct tp_core *core, bool cancelled)
{
	struct tp_gesture *g = &core->gesture;

	if (g->state == GESTURE_STATE_PINCH)
		emit(core, TP_GESTURE_PINCH, TP_GESTURE_END, cancelled, 0, 0, pinch_scale(g), 0, 0);
	else if (g->state == GESTURE_STATE_SWIPE)
		emit(core, TP_GESTURE_SWIPE, TP_GESTURE_END, cancelled, 0, 0, 1.0, 0, 0);
}

/* The fingers are where they are now: measure from here. */
static void settle(struct tp_core *core, const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;

	g->start_x = g->x = pos->x;
	g->start_y = g->y = pos->y;
	g->start_dist = g->dist = pos->dist;
	g->start_angle = g->angle = pos->angle;
	for (int i = 0; i < 2; i++) {
		g->p_start[i][0] = pos->p[i][0];
		g->p_start[i][1] = pos->p[i][1];
	}
	g->box = pos->box;
	g->touch0_x = core->touches[0].x;
	g->touch0_y = core->touches[0].y;
	g->t1 = pos->t1;
	g->t2 = pos->t2;
	g->ntouch = pos->n;
	g->last_time = core->now;
}

/* Gestures are off while the pad is off, a palm rests or a button is held. */
static bool gestures_enabled(const struct tp_core *core)
{
	return core->p.touchpad_off == 0 && !core->palm && !core->buttons.hw &&
	       !core->clickpad.pressed;
}

/* What the finger count becomes (not 0); after: a gesture ran, or was refused, in this sequence. */
static enum tp_gesture_state count_next(const struct tp_core *core, int n,
					const struct tp_gesture_pos *pos, bool after)
{
	const struct tp_gesture *g = &core->gesture;
	bool enabled = gestures_enabled(core);
	bool lifting = n < g->fingers;

	/* A finger added makes a swipe; one lifted off a gesture does not. */
	if (n >= 3 && enabled && core->p.swipe_gestures && pos->n >= 1 && !(after && lifting))
		return GESTURE_STATE_SWIPE_START;
	if (after)
		return GESTURE_STATE_IGNORE;
	/* Pinching needs two positions: two slots (semi-MT: the corners of a box). */
	if (n == 2 && enabled && core->p.pinch_gestures && core->dev.num_slots >= 2 &&
	    !g->scroll_locked)
		return GESTURE_STATE_UNKNOWN;
	return n == 2 ? GESTURE_STATE_SCROLL : GESTURE_STATE_NONE;
}

/* Every finger is up: the next sequence may pinch again. */
static void release(struct tp_core *core, enum tp_gesture_state *next)
{
	core->gesture.scroll_locked = false;
	*next = GESTURE_STATE_NONE;
}

static void begin_pinch(struct tp_core *core, const struct tp_gesture_pos *at)
{
	struct tp_gesture *g = &core->gesture;
	struct tp_gesture_pos pos = *at;
	double dt_ms = (core->now - g->last_time) / 1000.0;

	/* An undecided pair is not measured in every frame (tp_gesture_frame): here it is. */
	measure(&pos);
	g->base_dist = g->start_dist > 0 ? g->start_dist : 1;
	g->dist = pos.dist;
	emit(core, TP_GESTURE_PINCH, TP_GESTURE_BEGIN, false, 0, 0, 1.0, 0, 0);
	/* The first update carries what happened before the decision. */
	emit(core, TP_GESTURE_PINCH, TP_GESTURE_UPDATE, false, pos.x - g->start_x, pos.y - g->start_y,
	     pinch_scale(g), tp_angle_wrap(pos.angle - g->start_angle), dt_ms);
	g->x = pos.x;
	g->y = pos.y;
	g->angle = pos.angle;
}

/*
 * Two fingers (or box corners) a and b have moved by va and vb since they
 * settled.  Scroll if they move the same way, pinch if they move apart,
 * together or around each other.  Undecided (UNKNOWN) while neither has
 * moved PinchThreshold, or while the paths say nothing clear.
 */
static enum tp_gesture_state decide_two_fingers(struct tp_core *core,
						const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	double va[2] = { pos->p[0][0] - g->p_start[0][0], pos->p[0][1] - g->p_start[0][1] };
	double vb[2] = { pos->p[1][0] - g->p_start[1][0], pos->p[1][1] - g->p_start[1][1] };
	double la = hypot(va[0], va[1]), lb = hypot(vb[0], vb[1]);
	/* not fmax/fmin: lengths are never NaN nor -0, and these need no libm call */
	double lmax = la > lb ? la : lb, lmin = la > lb ? lb : la;
	double threshold = units(core, core->p.pinch_threshold);
	double cosine;
	bool pinch, forced = lmax > GESTURE_FORCE_FACTOR * threshold;

	if (lmax <= threshold)
		return GESTURE_STATE_UNKNOWN;
	if (lmin < GESTURE_STILL_RATIO * lmax) {
		/* One finger rests, the other moves around it: a one-handed zoom or turn. */
		if (lmax <= 2 * threshold && !forced)
			return GESTURE_STATE_UNKNOWN;
		pinch = true;
	} else {
		cosine = (va[0] * vb[0] + va[1] * vb[1]) / (la * lb);
		if (cosine >= GESTURE_SCROLL_COS)
			pinch = false;
		else if (cosine <= GESTURE_PINCH_COS)
			pinch = true;
		else if (!forced)
			return GESTURE_STATE_UNKNOWN;
		else
			pinch = cosine < 0.2;
	}
	tp_log(core, TP_LOG_DEBUG, "gesture: paths %.0f and %.0f units, decided %s", la, lb,
	       pinch ? "pinch" : "scroll");
	return pinch ? GESTURE_STATE_PINCH : GESTURE_STATE_SCROLL;
}

/*
 * The finger count for gestures.  On pads with a slot per finger, a contact
 * that is reported but below FingerHigh (landing, or lifting) is no finger
 * yet: the count is that of the usable touches.  landing: one was seen
 * (touches_changed).
 */
static int gesture_count(const struct tp_core *core, const struct tp_gesture_pos *pos, bool landing)
{
	int n = core->gesture_fingers;

	if (!core->mt || n > core->dev.num_slots)
		return n;
	return landing && pos->n < n ? pos->n : n;
}

/*
 * Did a slot begin, end or change hands this frame (or a touch begin or
 * end)?  A slot whose point jumps GESTURE_JUMP_MM further than it moved the
 * frame before has changed hands too: with more fingers than slots the
 * kernel moves a slot to another finger under the same tracking id (and
 * libevdev drops a tracking id that changes without a -1 in between).
 * *rising: a contact below FingerHigh is pressing harder, a finger still
 * landing.  *landing: a contact below FingerHigh with a pressure of its
 * own on a pad with a slot per finger (for gesture_count).
 */
#define GESTURE_JUMP_MM		7.0
static bool touches_changed(struct tp_core *core, bool *rising, bool *landing)
{
	struct tp_gesture *g = &core->gesture;
	double jump = units(core, GESTURE_JUMP_MM);
	bool changed = false;

	*rising = *landing = false;
	for (int i = 0; i < core->dev.num_slots && i < TP_MAX_SLOTS; i++) {
		const struct tp_contact *c = &core->frame.slots[i];
		bool fresh;
		double d;

		/* Empty then and now: nothing to compare (a slot that fills is fresh). */
		if (!c->active && !g->slot_active[i])
			continue;
		fresh = c->active != g->slot_active[i] || (c->active && c->tracking_id != g->slot_ids[i]);
		d = fresh ? 0 : tp_dist_units(g->slot_x[i], g->slot_y[i], c->x, c->y);

		if (c->active && !fresh && d > g->slot_d[i] + jump) {
			tp_log(core, TP_LOG_DEBUG, "gesture: slot %d jumped %.0f units: another finger", i, d);
			fresh = true;
			d = 0;
		}
		changed |= fresh;
		if (c->active && !core->touches[i].down) {
			*landing |= core->mt && c->pressure >= 0;
			*rising |= c->pressure > (fresh ? 0 : g->slot_z[i]);
		}
		g->slot_active[i] = c->active;
		g->slot_ids[i] = c->tracking_id;
		g->slot_z[i] = c->pressure;
		g->slot_x[i] = c->x;
		g->slot_y[i] = c->y;
		g->slot_d[i] = d;
	}
	return changed || core->touch_events;
}

/*
 * A new count with the same touches on a pad with two or more slots: hold
 * it for one frame, it may be a misread.  True while held.
 */
static bool hold_count(struct tp_core *core, int n, bool changed, const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;

	if (n == g->fingers || changed || n == 0 || g->fingers < 2 || core->dev.num_slots < 2 ||
	    g->pending_fingers == n) {
		g->pending_fingers = 0;
		return false;
	}
	tp_log(core, TP_LOG_DEBUG, "gesture: %d fingers instead of %d, same touches: held a frame",
	       n, g->fingers);
	g->pending_fingers = n;
	g->held = *pos;
	g->held_time = core->now;
	return true;
}

/* Two fingers by the count, fewer positions: wait for the second touch, unless the one moves. */
static enum tp_gesture_state decide_one_contact(struct tp_core *core,
						const struct tp_gesture_pos *pos)
{
	const struct tp_gesture *g = &core->gesture;

	if (hypot(pos->x - g->start_x, pos->y - g->start_y) <= units(core, core->p.pinch_threshold))
		return GESTURE_STATE_UNKNOWN;
	return GESTURE_STATE_SCROLL;
}

/* The centre moved SwipeThreshold and no tap of these fingers may still come: SWIPE. */
static enum tp_gesture_state swipe_start(struct tp_core *core, const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	double dt_ms = (core->now - g->last_time) / 1000.0;

	if (hypot(pos->x - g->start_x, pos->y - g->start_y) <= units(core, core->p.swipe_threshold))
		return GESTURE_STATE_SWIPE_START;
	/* A tap of these fingers may still come: a swipe now would make it both. */
	if (tp_tap_pending(core))
		return GESTURE_STATE_SWIPE_START;
	emit(core, TP_GESTURE_SWIPE, TP_GESTURE_BEGIN, false, 0, 0, 1.0, 0, 0);
	emit(core, TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, false, pos->x - g->start_x,
	     pos->y - g->start_y, 1.0, 0, dt_ms);
	g->x = pos->x;
	g->y = pos->y;
	return GESTURE_STATE_SWIPE;
}

/* NONE: fewer than two fingers, or a count still to be chosen after a click. */
static void gesture_none(struct tp_core *core, enum tp_gesture_input ev, int n,
			 const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	switch (ev) {
	case GESTURE_EVENT_FINGERS:
		*next = count_next(core, n, pos, false);
		break;
	case GESTURE_EVENT_RELEASE:
		release(core, next);
		break;
	case GESTURE_EVENT_MOVE:
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_CLICK:
	case GESTURE_EVENT_DISABLE:
		break;
	}
}

/* UNKNOWN: two fingers, scroll or pinch still open. */
static void gesture_unknown(struct tp_core *core, enum tp_gesture_input ev, int n,
			    const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	switch (ev) {
	case GESTURE_EVENT_FINGERS:
		*next = count_next(core, n, pos, false);
		break;
	case GESTURE_EVENT_RELEASE:
		release(core, next);
		break;
	case GESTURE_EVENT_MOVE:
		if (pos->n >= 2)
			*next = decide_two_fingers(core, pos);
		else if (pos->n == 1)
			*next = decide_one_contact(core, pos);
		if (*next == GESTURE_STATE_PINCH)
			begin_pinch(core, pos);
		else if (*next == GESTURE_STATE_SCROLL)
			core->gesture.scroll_locked = true;	/* no pinch until every finger is up */
		break;
	case GESTURE_EVENT_CLICK:
		*next = GESTURE_STATE_NONE;
		break;
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_DISABLE:
		break;
	}
}

/* SCROLL: two fingers scroll (scroll.c, tp_gesture_scroll_allowed()). */
static void gesture_scroll(struct tp_core *core, enum tp_gesture_input ev, int n,
			   const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	switch (ev) {
	case GESTURE_EVENT_FINGERS:
		*next = count_next(core, n, pos, false);
		break;
	case GESTURE_EVENT_RELEASE:
		release(core, next);
		break;
	case GESTURE_EVENT_CLICK:
		*next = GESTURE_STATE_NONE;
		break;
	case GESTURE_EVENT_MOVE:
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_DISABLE:
		break;
	}
}

/*
 * PINCH and SWIPE, what ends them: fingers lifted one after the other end
 * the gesture normally (the user is done, the fingers left do nothing more),
 * an added finger cancels it (something else begins), and so does DISABLE.
 */
static void gesture_end_running(struct tp_core *core, enum tp_gesture_input ev, int n,
				const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	end_gesture(core, ev == GESTURE_EVENT_DISABLE || !(n < core->gesture.fingers));
	if (ev == GESTURE_EVENT_FINGERS)
		*next = count_next(core, n, pos, true);
	else if (ev == GESTURE_EVENT_RELEASE)
		release(core, next);
	else
		*next = GESTURE_STATE_IGNORE;
}

/* PINCH: scale and rotation follow the two fingers. */
static void gesture_pinch(struct tp_core *core, enum tp_gesture_input ev, int n,
			  const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	struct tp_gesture *g = &core->gesture;
	double dt_ms, scale;

	switch (ev) {
	case GESTURE_EVENT_FINGERS:
	case GESTURE_EVENT_RELEASE:
	case GESTURE_EVENT_DISABLE:
		gesture_end_running(core, ev, n, pos, next);
		break;
	case GESTURE_EVENT_MOVE:
		dt_ms = (core->now - g->last_time) / 1000.0;
		if (pos->x != g->x || pos->y != g->y || pos->angle != g->angle || pos->dist != g->dist) {
			g->dist = pos->dist;
			emit(core, TP_GESTURE_PINCH, TP_GESTURE_UPDATE, false, pos->x - g->x,
			     pos->y - g->y, pinch_scale(g), tp_angle_wrap(pos->angle - g->angle), dt_ms);
		}
		g->x = pos->x;
		g->y = pos->y;
		g->angle = pos->angle;
		break;
	case GESTURE_EVENT_TOUCHES:
		/* Other touches go on at the scale reached: no jump. */
		scale = pinch_scale(g);
		g->base_dist = pos->dist > 0 && scale > 0 ? pos->dist / scale : 1.0;
		break;
	case GESTURE_EVENT_CLICK:
		break;
	}
}

/* SWIPE_START: three or more fingers, waiting for the centre to move. */
static void gesture_swipe_start(struct tp_core *core, enum tp_gesture_input ev, int n,
				const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	switch (ev) {
	case GESTURE_EVENT_FINGERS:
		*next = count_next(core, n, pos, true);
		break;
	case GESTURE_EVENT_RELEASE:
		release(core, next);
		break;
	case GESTURE_EVENT_MOVE:
		*next = swipe_start(core, pos);
		break;
	case GESTURE_EVENT_DISABLE:
		/* Nothing began: a click with three fingers drags the pointer, as in 1.9. */
		*next = GESTURE_STATE_NONE;
		break;
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_CLICK:
		break;
	}
}

/* SWIPE: the centre's motion. */
static void gesture_swipe(struct tp_core *core, enum tp_gesture_input ev, int n,
			  const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	struct tp_gesture *g = &core->gesture;

	switch (ev) {
	case GESTURE_EVENT_FINGERS:
	case GESTURE_EVENT_RELEASE:
	case GESTURE_EVENT_DISABLE:
		gesture_end_running(core, ev, n, pos, next);
		break;
	case GESTURE_EVENT_MOVE:
		if (pos->x != g->x || pos->y != g->y)
			emit(core, TP_GESTURE_SWIPE, TP_GESTURE_UPDATE, false, pos->x - g->x,
			     pos->y - g->y, 1.0, 0, (core->now - g->last_time) / 1000.0);
		g->x = pos->x;
		g->y = pos->y;
		break;
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_CLICK:
		break;
	}
}

/* IGNORE: a gesture ended; nothing until every finger is up, or a finger added makes 3+. */
static void gesture_ignore(struct tp_core *core, enum tp_gesture_input ev, int n,
			   const struct tp_gesture_pos *pos, enum tp_gesture_state *next)
{
	if (ev == GESTURE_EVENT_FINGERS)
		*next = count_next(core, n, pos, true);
	else if (ev == GESTURE_EVENT_RELEASE)
		release(core, next);
}

/*
 * Inlined at each of its few callers (gcc would call it): the per-frame MOVE
 * then costs what the switch in tp_gesture_frame cost before.
 */
static inline __attribute__((always_inline)) void
gesture_handle_event(struct tp_core *core, enum tp_gesture_input ev, int n,
		     const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	enum tp_gesture_state current = g->state, next = current;

	switch (current) {
	case GESTURE_STATE_NONE:
		gesture_none(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_UNKNOWN:
		gesture_unknown(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_SCROLL:
		gesture_scroll(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_PINCH:
		gesture_pinch(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_SWIPE_START:
		gesture_swipe_start(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_SWIPE:
		gesture_swipe(core, ev, n, pos, &next);
		break;
	case GESTURE_STATE_IGNORE:
		gesture_ignore(core, ev, n, pos, &next);
		break;
	}
	if (next != current)
		tp_log(core, TP_LOG_DEBUG, "gesture: %s -> %s -> %s (fingers %d)", state_name(current),
		       event_name(ev), state_name(next), core->gesture_fingers);
	g->state = next;
}

/* The touches of the settled fingers, none of them new (changed: touches_changed()). */
static bool same_touches(const struct tp_gesture *g, const struct tp_gesture_pos *pos, bool changed)
{
	return pos->t1 == g->t1 && pos->t2 == g->t2 && pos->n == g->ntouch && pos->box == g->box &&
	       !pos->fresh && !changed;
}

/*
 * The count n and the touches of this frame: FINGERS or RELEASE when the
 * count changes, TOUCHES when other touches go on with the same count,
 * else MOVE, for the states that act on it (the others only keep the time:
 * one finger pointing, a scroll going on, most frames).
 */
static void follow(struct tp_core *core, int n, bool changed, const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	bool held = g->pending_fingers == n && n != g->fingers;

	/* nothing moves, nothing is decided in a frame whose count may be wrong */
	if (hold_count(core, n, changed, pos))
		return;
	if (n != g->fingers) {
		gesture_handle_event(core, n ? GESTURE_EVENT_FINGERS : GESTURE_EVENT_RELEASE, n, pos);
		g->fingers = n;
		if (!held) {
			settle(core, pos);
			return;
		}
		/*
		 * The count held last frame is confirmed: it began there, so
		 * measure from there and decide now (a swipe starts as early as
		 * without the hold).
		 */
		settle(core, &g->held);
		g->last_time = g->held_time;
	} else if (!same_touches(g, pos, changed)) {
		/*
		 * Same count, other touches (a slot swapped, or a 2-slot pad with
		 * three fingers gave a slot to another finger): go on from here, no
		 * jump.  Only a pinch keeps something across (its scale).
		 */
		if (g->state == GESTURE_STATE_PINCH)
			gesture_handle_event(core, GESTURE_EVENT_TOUCHES, n, pos);
		settle(core, pos);
		return;
	}
	if (g->state == GESTURE_STATE_UNKNOWN || g->state == GESTURE_STATE_PINCH ||
	    g->state == GESTURE_STATE_SWIPE_START || g->state == GESTURE_STATE_SWIPE)
		gesture_handle_event(core, GESTURE_EVENT_MOVE, n, pos);
	g->last_time = core->now;
}

bool tp_gesture_frame(struct tp_core *core)
{
	struct tp_gesture *g = &core->gesture;
	struct tp_gesture_pos pos;
	bool landing, changed, rising;
	int n;

	changed = touches_changed(core, &rising, &landing);
	locate(core, &pos);
	n = gesture_count(core, &pos, landing);
	/*
	 * A pinch needs the distance and angle in every frame, and so does a
	 * frame that settles the fingers (a new count, other touches, a click)
	 * while a pinch may follow.  An undecided pair on the same touches
	 * needs them only once it turns out to pinch: begin_pinch() measures.
	 */
	if (n != g->fingers || g->state == GESTURE_STATE_PINCH ||
	    (g->state == GESTURE_STATE_UNKNOWN &&
	     (core->clickpad.pressed || !same_touches(g, &pos, changed))))
		measure(&pos);
	/* Disabled in the middle of a gesture (or before a swipe began): end it. */
	if ((g->state == GESTURE_STATE_PINCH || g->state == GESTURE_STATE_SWIPE ||
	     g->state == GESTURE_STATE_SWIPE_START) && !gestures_enabled(core))
		gesture_handle_event(core, GESTURE_EVENT_DISABLE, n, &pos);

	if (core->clickpad.pressed) {
		/*
		 * A clickpad held down is a click-drag: the pointer follows the
		 * moving finger, whatever rests on the pad (1.9 counted one finger
		 * less for the thumb on the button; a count can still be off by one
		 * on 2-slot pads with three fingers).
		 */
		if (g->state == GESTURE_STATE_SCROLL || g->state == GESTURE_STATE_UNKNOWN)
			gesture_handle_event(core, GESTURE_EVENT_CLICK, n, &pos);
		g->fingers = -1;	/* choose again once the pad is released */
		g->pending_fingers = 0;
		settle(core, &pos);
		return g->state == GESTURE_STATE_IGNORE;
	}
	follow(core, n, changed, &pos);

	/*
	 * The count says more fingers than are down and one of them is still
	 * pressing in: the pointer waits for it (a contact that stays light
	 * stops rising and lets the pointer go).
	 */
	if (g->state == GESTURE_STATE_NONE && rising && core->gesture_fingers >= 2)
		return true;
	return g->state != GESTURE_STATE_NONE && g->state != GESTURE_STATE_SCROLL;
}

/*
 * Where the two fingers were when they settled, and when, so the scroll
 * loses no distance to the decision: only while two-finger scrolling is
 * the decision and the fingers are still touches t1 and t2.
 */
bool tp_gesture_scroll_origin(const struct tp_core *core, int t1, int t2, double *x, double *y,
			      uint64_t *time)
{
	const struct tp_gesture *g = &core->gesture;

	if (t1 != g->t1 || t2 != g->t2)
		return false;
	*time = g->last_time;
	if (g->state == GESTURE_STATE_SCROLL && g->box) {
		/* Semi-MT: scroll.c follows the first reported position, not the box centre. */
		*x = g->touch0_x;
		*y = g->touch0_y;
		return true;
	}
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
