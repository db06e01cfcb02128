/*
 * scroll.c - two-finger, edge and circular scrolling, coasting.
 *
 * Output is in scroll units (1.0 = one click of button 4/5/6/7):
 * vertical = device units moved / VertScrollDelta, so a negative delta
 * inverts the direction.  Edge and circular scrolling are chosen when the
 * first finger lands (the candidate); two-finger scrolling runs whenever
 * gesture.c has decided that two fingers scroll.  When the fingers lift
 * while scrolling faster than CoastingSpeed (scroll units per second) the
 * scroll goes on and slows down by CoastingFriction (units per second
 * squared); a new touch stops it.
 *
 * Two state machines.  What scrolls (one event per frame from the finger
 * count, then LEAVE_STRIP / CORNER from where an edge-scrolling finger is):
 *
 *   any --TOUCH--> same state, candidate chosen from where the finger landed
 *   IDLE --ONE_FINGER, candidate circular--> CIRCULAR
 *   IDLE --ONE_FINGER, candidate edge, in its strip--> EDGE_VERT / EDGE_HORIZ
 *   IDLE, EDGE_*, CIRCULAR --TWOFINGER--> TWOFINGER
 *   EDGE_* --CORNER (CircularScrolling, no CornerCoasting)--> CIRCULAR
 *   EDGE_* --LEAVE_STRIP--> IDLE (candidate dropped)
 *   EDGE_*, CIRCULAR --FINGERS--> IDLE (candidate dropped)
 *   TWOFINGER --ONE_FINGER / FINGERS--> IDLE (may coast, candidate dropped)
 *   TWOFINGER --PINCH (the fingers turned out to pinch)--> IDLE (no coasting)
 *   any --RELEASE--> IDLE (may coast);  any --DISABLE--> IDLE
 *
 * Coasting runs beside it (a coast after a lift goes on under a new
 * two-finger scroll until a touch stops it):
 *
 *   IDLE, LIFT --LIFT (scroll ended faster than CoastingSpeed)--> LIFT
 *   IDLE, LIFT --CORNER (edge scroll into a corner, CornerCoasting)--> CORNER
 *   LIFT, CORNER --TICK (every COAST_TICK_MS)--> same, or IDLE once stopped
 *   CORNER --LEAVE_CORNER / SCROLL_END--> IDLE
 *   any --TOUCH / DISABLE--> IDLE
 *
 * Every transition is logged at TP_LOG_DEBUG ("scroll: ..." and "coast: ...").
 */
#include <math.h>

#include "core-private.h"

/* 1.9 re-ran its state machine every 14 ms for smooth coasting. */
#define COAST_TICK_MS		14
/* The lift-off speed is measured over this much recent scrolling. */
#define SCROLL_SPEED_WINDOW_MS	100
/* The finger must have been moving this recently for the lift to coast. */
#define SCROLL_SPEED_MAX_IDLE_MS 50
/*
 * Under load the kernel can hand over a backlog of packets with nearly the
 * same timestamp; a speed measured over such a burst is meaningless.  The
 * lift-off speed is therefore measured over at least this long ...
 */
#define SCROLL_SPEED_MIN_SPAN_MS 40
/* ... and coasting never starts faster than this many times CoastingSpeed. */
#define COAST_MAX_SPEED_FACTOR	4.0
/* A late timer catches up at most this much time in one step. */
#define COAST_MAX_STEP_MS	100

enum tp_scroll_event {
	SCROLL_EVENT_TOUCH = 40,	/* first finger down: choose the candidate */
	SCROLL_EVENT_RELEASE,		/* last finger up */
	SCROLL_EVENT_DISABLE,		/* TouchpadOff, palm */
	SCROLL_EVENT_TWOFINGER,		/* gesture.c lets two fingers scroll, and it is on */
	SCROLL_EVENT_ONE_FINGER,	/* one finger, no two-finger scroll */
	SCROLL_EVENT_FINGERS,		/* two or more fingers, no two-finger scroll */
	SCROLL_EVENT_PINCH,		/* gesture.c found the two scrolling fingers pinch */
	SCROLL_EVENT_LEAVE_STRIP,	/* the edge-scrolling finger left its strip */
	SCROLL_EVENT_CORNER,		/* ... reached a corner, and CircularScrolling takes over */
};

enum tp_coast_event {
	COAST_EVENT_LIFT = 60,		/* a scroll ended fast enough to coast */
	COAST_EVENT_CORNER,		/* an edge scroll reached a corner (CornerCoasting) */
	COAST_EVENT_LEAVE_CORNER,	/* ... and left it */
	COAST_EVENT_SCROLL_END,		/* the edge scroll under a corner coast ended */
	COAST_EVENT_TOUCH,		/* first finger down */
	COAST_EVENT_DISABLE,		/* TouchpadOff, palm */
	COAST_EVENT_TICK,		/* the coasting timer */
};

static const char *state_name(enum tp_scroll_state s)
{
	switch (s) {
	case SCROLL_STATE_IDLE: return "IDLE";
	case SCROLL_STATE_EDGE_VERT: return "EDGE_VERT";
	case SCROLL_STATE_EDGE_HORIZ: return "EDGE_HORIZ";
	case SCROLL_STATE_TWOFINGER: return "TWOFINGER";
	case SCROLL_STATE_CIRCULAR: return "CIRCULAR";
	}
	return "?";
}

/* The names of 1.9-era log lines ("... scrolling begins"), kept as they were. */
static const char *method_name(enum tp_scroll_state s)
{
	switch (s) {
	case SCROLL_STATE_IDLE: return "none";
	case SCROLL_STATE_EDGE_VERT: return "vertical edge";
	case SCROLL_STATE_EDGE_HORIZ: return "horizontal edge";
	case SCROLL_STATE_TWOFINGER: return "two-finger";
	case SCROLL_STATE_CIRCULAR: return "circular";
	}
	return "?";
}

static const char *event_name(enum tp_scroll_event e)
{
	switch (e) {
	case SCROLL_EVENT_TOUCH: return "TOUCH";
	case SCROLL_EVENT_RELEASE: return "RELEASE";
	case SCROLL_EVENT_DISABLE: return "DISABLE";
	case SCROLL_EVENT_TWOFINGER: return "TWOFINGER";
	case SCROLL_EVENT_ONE_FINGER: return "ONE_FINGER";
	case SCROLL_EVENT_FINGERS: return "FINGERS";
	case SCROLL_EVENT_PINCH: return "PINCH";
	case SCROLL_EVENT_LEAVE_STRIP: return "LEAVE_STRIP";
	case SCROLL_EVENT_CORNER: return "CORNER";
	}
	return "?";
}

static const char *coast_state_name(enum tp_coast_state s)
{
	switch (s) {
	case COAST_STATE_IDLE: return "IDLE";
	case COAST_STATE_LIFT: return "LIFT";
	case COAST_STATE_CORNER: return "CORNER";
	}
	return "?";
}

static const char *coast_event_name(enum tp_coast_event e)
{
	switch (e) {
	case COAST_EVENT_LIFT: return "LIFT";
	case COAST_EVENT_CORNER: return "CORNER";
	case COAST_EVENT_LEAVE_CORNER: return "LEAVE_CORNER";
	case COAST_EVENT_SCROLL_END: return "SCROLL_END";
	case COAST_EVENT_TOUCH: return "TOUCH";
	case COAST_EVENT_DISABLE: return "DISABLE";
	case COAST_EVENT_TICK: return "TICK";
	}
	return "?";
}

/* Device units moved -> scroll units; a delta of 0 (1.9: that axis does not scroll) gives 0. */
static double clicks(double moved, int delta)
{
	return delta ? moved / delta : 0;
}

static void emit(struct tp_core *core, double v, double h)
{
	if ((v != 0 || h != 0) && core->out.scroll)
		core->out.scroll(core->user, v, h);
}

/* Scroll speed (units per second) over the last SCROLL_SPEED_WINDOW_MS of movement. */
static void lift_speed(const struct tp_core *core, double *v, double *h)
{
	const struct tp_scroll *s = &core->scroll;
	double sv = 0, sh = 0;
	uint64_t dt = 0, newest;
	int k;

	*v = *h = 0;
	if (!s->nhist)
		return;
	newest = s->hist[(s->hpos - 1 + TP_SCROLL_HISTORY) % TP_SCROLL_HISTORY].time;
	if (core->now - newest > ms2us(SCROLL_SPEED_MAX_IDLE_MS))
		return;		/* the finger stopped before it lifted */
	for (int i = 0; i < s->nhist; i++) {
		k = (s->hpos - 1 - i + TP_SCROLL_HISTORY) % TP_SCROLL_HISTORY;
		if (newest - s->hist[k].time >= ms2us(SCROLL_SPEED_WINDOW_MS))
			break;
		sv += s->hist[k].v;
		sh += s->hist[k].h;
		dt += s->hist[k].dt;
	}
	if (dt < ms2us(SCROLL_SPEED_MIN_SPAN_MS))
		dt = ms2us(SCROLL_SPEED_MIN_SPAN_MS);
	*v = sv / (dt / 1e6);
	*h = sh / (dt / 1e6);
}

static double clamp_speed(double speed, double max)
{
	return fabs(speed) > max ? copysign(max, speed) : speed;
}

static void record(struct tp_core *core, double v, double h)
{
	struct tp_scroll *s = &core->scroll;

	s->hist[s->hpos].time = core->now;
	s->hist[s->hpos].dt = core->now - s->last_time;
	s->hist[s->hpos].v = v;
	s->hist[s->hpos].h = h;
	s->hpos = (s->hpos + 1) % TP_SCROLL_HISTORY;
	if (s->nhist < TP_SCROLL_HISTORY)
		s->nhist++;
}

/* ---- coasting ---- */

static void stop_coasting(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;

	s->coast_v = s->coast_h = 0;
	s->coast_deadline = 0;
}

static void start_coasting(struct tp_core *core, double v, double h, bool corner)
{
	struct tp_scroll *s = &core->scroll;

	s->coast_v = v;
	s->coast_h = h;
	s->coast_last = core->now;
	s->coast_deadline = core->now + ms2us(COAST_TICK_MS);
	tp_log(core, TP_LOG_DEBUG, "scroll: %scoasting at %.1f/%.1f units/s", corner ? "corner " : "",
	       v, h);
}

/* One step of the coasting timer (slowing down with friction): false once it stopped. */
static bool coast_tick(struct tp_core *core, bool friction)
{
	struct tp_scroll *s = &core->scroll;
	uint64_t now = core->now;
	double dt, fr = core->p.coasting_friction;

	dt = (now - s->coast_last) / 1e6;
	if (dt > COAST_MAX_STEP_MS / 1e3)
		dt = COAST_MAX_STEP_MS / 1e3;
	s->coast_last = now;
	emit(core, s->coast_v * dt, s->coast_h * dt);

	if (friction) {
		double dv = fr * dt;

		s->coast_v = fabs(s->coast_v) <= dv ? 0 : s->coast_v - copysign(dv, s->coast_v);
		s->coast_h = fabs(s->coast_h) <= dv ? 0 : s->coast_h - copysign(dv, s->coast_h);
	}
	if (s->coast_v == 0 && s->coast_h == 0) {
		stop_coasting(core);
		tp_log(core, TP_LOG_DEBUG, "scroll: coasting stopped");
		return false;
	}
	s->coast_deadline = now + ms2us(COAST_TICK_MS);
	return true;
}

/* IDLE has no deadline (stop_coasting() clears it): no TICK there. */
static void coast_bug(struct tp_core *core, enum tp_coast_event ev)
{
	tp_log_bug(core, "coast", coast_state_name(core->scroll.coast), coast_event_name(ev));
}

static void coast_idle(struct tp_core *core, enum tp_coast_event ev, enum tp_coast_state *next)
{
	const struct tp_scroll *s = &core->scroll;

	switch (ev) {
	case COAST_EVENT_LIFT:
		start_coasting(core, s->end_v, s->end_h, false);
		*next = COAST_STATE_LIFT;
		break;
	case COAST_EVENT_CORNER:
		start_coasting(core, s->end_v, s->end_h, true);
		*next = COAST_STATE_CORNER;
		break;
	case COAST_EVENT_TICK:
		coast_bug(core, ev);
		break;
	case COAST_EVENT_LEAVE_CORNER:
	case COAST_EVENT_SCROLL_END:
	case COAST_EVENT_TOUCH:
	case COAST_EVENT_DISABLE:
		break;
	}
}

static void coast_lift(struct tp_core *core, enum tp_coast_event ev, enum tp_coast_state *next)
{
	const struct tp_scroll *s = &core->scroll;

	switch (ev) {
	case COAST_EVENT_LIFT:
		/* Another scroll ended (one that began under this coast): its speed now. */
		start_coasting(core, s->end_v, s->end_h, false);
		break;
	case COAST_EVENT_CORNER:
		start_coasting(core, s->end_v, s->end_h, true);
		*next = COAST_STATE_CORNER;
		break;
	case COAST_EVENT_TOUCH:
	case COAST_EVENT_DISABLE:
		stop_coasting(core);
		*next = COAST_STATE_IDLE;
		break;
	case COAST_EVENT_TICK:
		if (!coast_tick(core, true))
			*next = COAST_STATE_IDLE;
		break;
	case COAST_EVENT_LEAVE_CORNER:
	case COAST_EVENT_SCROLL_END:
		break;
	}
}

static void coast_corner(struct tp_core *core, enum tp_coast_event ev, enum tp_coast_state *next)
{
	const struct tp_scroll *s = &core->scroll;

	switch (ev) {
	case COAST_EVENT_LIFT:
		start_coasting(core, s->end_v, s->end_h, false);
		*next = COAST_STATE_LIFT;
		break;
	case COAST_EVENT_CORNER:
		start_coasting(core, s->end_v, s->end_h, true);
		break;
	case COAST_EVENT_LEAVE_CORNER:
	case COAST_EVENT_SCROLL_END:
	case COAST_EVENT_TOUCH:
	case COAST_EVENT_DISABLE:
		stop_coasting(core);
		*next = COAST_STATE_IDLE;
		break;
	case COAST_EVENT_TICK:
		/* The finger holds the speed: no friction. */
		if (!coast_tick(core, false))
			*next = COAST_STATE_IDLE;
		break;
	}
}

/* v, h: the speed to coast at (LIFT, CORNER), scroll units per second. */
static void coast_handle_event(struct tp_core *core, enum tp_coast_event ev, double v, double h)
{
	struct tp_scroll *s = &core->scroll;
	enum tp_coast_state current = s->coast, next = current;

	s->end_v = v;
	s->end_h = h;
	if (ev == COAST_EVENT_TICK)
		s->coast_deadline = 0;	/* fired: the next step sets it again */
	switch (current) {
	case COAST_STATE_IDLE:
		coast_idle(core, ev, &next);
		break;
	case COAST_STATE_LIFT:
		coast_lift(core, ev, &next);
		break;
	case COAST_STATE_CORNER:
		coast_corner(core, ev, &next);
		break;
	}
	if (next != current || ev == COAST_EVENT_LIFT || ev == COAST_EVENT_CORNER)
		tp_log(core, TP_LOG_DEBUG, "coast: %s -> %s -> %s", coast_state_name(current),
		       coast_event_name(ev), coast_state_name(next));
	s->coast = next;
}

/* ---- what scrolls ---- */

/* Leave a running scroll (the handler names the next state); a lift may start coasting. */
static void end_scroll(struct tp_core *core, bool may_coast)
{
	struct tp_scroll *s = &core->scroll;
	double v, h, min = core->p.coasting_speed;

	if (s->coast == COAST_STATE_CORNER)
		coast_handle_event(core, COAST_EVENT_SCROLL_END, 0, 0);
	/* 1.9: with CornerCoasting on, scrolling never coasts after lift-off. */
	if (may_coast && min > 0 && !core->p.corner_coasting && s->state != SCROLL_STATE_CIRCULAR) {
		lift_speed(core, &v, &h);
		v = clamp_speed(v, min * COAST_MAX_SPEED_FACTOR);
		h = clamp_speed(h, min * COAST_MAX_SPEED_FACTOR);
		if (fabs(v) < min)
			v = 0;
		if (fabs(h) < min)
			h = 0;
		if (v != 0 || h != 0)
			coast_handle_event(core, COAST_EVENT_LIFT, v, h);
	}
	tp_log(core, TP_LOG_DEBUG, "scroll: %s scrolling ends", method_name(s->state));
	s->valid = false;
	s->nhist = 0;
}

/* Enter scrolling state m: the next position is the first, no delta yet. */
static enum tp_scroll_state begin_scroll(struct tp_core *core, enum tp_scroll_state m)
{
	struct tp_scroll *s = &core->scroll;

	tp_log(core, TP_LOG_DEBUG, "scroll: %s scrolling begins", method_name(m));
	s->valid = false;
	s->nhist = 0;
	return m;
}

/* Circular-scroll trigger zones: 0 any edge, 1 top, 2 top-right, ... clockwise ..., 8 top-left. */
static bool in_circ_trigger(const struct tp_core *core, int x, int y)
{
	bool l, r, t, b;

	tp_edge_zone(core, x, y, &l, &r, &t, &b);
	switch (core->p.circ_scroll_trigger) {
	case 0: return l || r || t || b;
	case 1: return t && !l && !r;
	case 2: return t && r;
	case 3: return r && !t && !b;
	case 4: return b && r;
	case 5: return b && !l && !r;
	case 6: return b && l;
	case 7: return l && !t && !b;
	case 8: return t && l;
	}
	return false;
}

static double pad_angle(const struct tp_core *core, double x, double y)
{
	const struct tp_params *p = &core->p;
	double cx = ((double)p->left_edge + p->right_edge) / 2.0;
	double cy = ((double)p->top_edge + p->bottom_edge) / 2.0;
	double dx = x - cx, dy = y - cy;

	if (p->circular_pad) {
		double hw = ((double)p->right_edge - p->left_edge) / 2.0;
		double hh = ((double)p->bottom_edge - p->top_edge) / 2.0;

		if (hw > 0 && hh > 0) {
			dx /= hw;
			dy /= hh;
		}
	}
	/* y grows downwards, so clockwise on the pad is an increasing angle. */
	return atan2(dy, dx);
}

/* Touch down: edge and circular scrolling are chosen from where the first finger lands. */
static void choose_candidate(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	const struct tp_params *p = &core->p;
	int i = tp_pointer_touch(core);
	const struct tp_touch *t;
	bool l, r, top, b;

	s->candidate = SCROLL_STATE_IDLE;
	if (i < 0)
		return;
	t = &core->touches[i];
	tp_edge_zone(core, t->start_x, t->start_y, &l, &r, &top, &b);
	if (p->circular_scrolling && in_circ_trigger(core, t->start_x, t->start_y))
		s->candidate = SCROLL_STATE_CIRCULAR;
	else if (p->vert_edge_scroll && r)
		s->candidate = SCROLL_STATE_EDGE_VERT;
	else if (p->horiz_edge_scroll && b)
		s->candidate = SCROLL_STATE_EDGE_HORIZ;
}

/* The pointer's finger is in the strip of edge scrolling m (EDGE_VERT: right, EDGE_HORIZ: bottom). */
static bool in_edge_strip(const struct tp_core *core, enum tp_scroll_state m)
{
	int i = core->mt ? tp_pointer_touch(core) : 0;
	bool l, r, t, b;

	if (i < 0 || !core->touches[i].down)
		return false;
	tp_edge_zone(core, core->touches[i].x, core->touches[i].y, &l, &r, &t, &b);
	return m == SCROLL_STATE_EDGE_VERT ? r : b;
}

static void scroll_idle(struct tp_core *core, enum tp_scroll_event ev, enum tp_scroll_state *next)
{
	struct tp_scroll *s = &core->scroll;

	switch (ev) {
	case SCROLL_EVENT_TOUCH:
		choose_candidate(core);
		break;
	case SCROLL_EVENT_TWOFINGER:
		*next = begin_scroll(core, SCROLL_STATE_TWOFINGER);
		break;
	case SCROLL_EVENT_ONE_FINGER:
		/* Circular scrolling begins anywhere, edge scrolling in its strip. */
		if (s->candidate == SCROLL_STATE_CIRCULAR ||
		    (s->candidate != SCROLL_STATE_IDLE && in_edge_strip(core, s->candidate)))
			*next = begin_scroll(core, s->candidate);
		break;
	case SCROLL_EVENT_RELEASE:
	case SCROLL_EVENT_DISABLE:
	case SCROLL_EVENT_FINGERS:
	case SCROLL_EVENT_PINCH:
	case SCROLL_EVENT_LEAVE_STRIP:
	case SCROLL_EVENT_CORNER:
		break;
	}
}

/* EDGE_VERT and EDGE_HORIZ: one finger scrolls along the right or bottom strip. */
static void scroll_edge(struct tp_core *core, enum tp_scroll_event ev, enum tp_scroll_state *next)
{
	switch (ev) {
	case SCROLL_EVENT_TOUCH:
		choose_candidate(core);
		break;
	case SCROLL_EVENT_RELEASE:
		end_scroll(core, true);
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_DISABLE:
		end_scroll(core, false);
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_TWOFINGER:
		end_scroll(core, false);
		*next = begin_scroll(core, SCROLL_STATE_TWOFINGER);
		break;
	case SCROLL_EVENT_FINGERS:
	case SCROLL_EVENT_PINCH:
	case SCROLL_EVENT_LEAVE_STRIP:
		/* Another finger, or leaving the strip, ends edge scrolling for this touch. */
		end_scroll(core, false);
		core->scroll.candidate = SCROLL_STATE_IDLE;
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_CORNER:
		/* Hand over to circular scrolling (no "ends": the scroll goes on). */
		*next = begin_scroll(core, SCROLL_STATE_CIRCULAR);
		break;
	case SCROLL_EVENT_ONE_FINGER:
		break;
	}
}

static void scroll_twofinger(struct tp_core *core, enum tp_scroll_event ev,
			     enum tp_scroll_state *next)
{
	switch (ev) {
	case SCROLL_EVENT_TOUCH:
		choose_candidate(core);
		break;
	case SCROLL_EVENT_RELEASE:
		end_scroll(core, true);
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_DISABLE:
		end_scroll(core, false);
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_ONE_FINGER:
	case SCROLL_EVENT_FINGERS:
		/* One finger lifted first (or more came): the scroll ends here, and may coast. */
		end_scroll(core, true);
		core->scroll.candidate = SCROLL_STATE_IDLE;
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_PINCH:
		/* The fingers are still down and zoom now: nothing goes on scrolling. */
		end_scroll(core, false);
		core->scroll.candidate = SCROLL_STATE_IDLE;
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_TWOFINGER:
	case SCROLL_EVENT_LEAVE_STRIP:
	case SCROLL_EVENT_CORNER:
		break;
	}
}

static void scroll_circular(struct tp_core *core, enum tp_scroll_event ev,
			    enum tp_scroll_state *next)
{
	switch (ev) {
	case SCROLL_EVENT_TOUCH:
		choose_candidate(core);
		break;
	case SCROLL_EVENT_RELEASE:
		end_scroll(core, true);	/* circular scrolling never coasts */
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_DISABLE:
		end_scroll(core, false);
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_TWOFINGER:
		end_scroll(core, false);
		*next = begin_scroll(core, SCROLL_STATE_TWOFINGER);
		break;
	case SCROLL_EVENT_FINGERS:
	case SCROLL_EVENT_PINCH:
		end_scroll(core, false);
		core->scroll.candidate = SCROLL_STATE_IDLE;
		*next = SCROLL_STATE_IDLE;
		break;
	case SCROLL_EVENT_ONE_FINGER:
	case SCROLL_EVENT_LEAVE_STRIP:
	case SCROLL_EVENT_CORNER:
		break;
	}
}

static void scroll_handle_event(struct tp_core *core, enum tp_scroll_event ev)
{
	struct tp_scroll *s = &core->scroll;
	enum tp_scroll_state current = s->state, next = current;

	switch (current) {
	case SCROLL_STATE_IDLE:
		scroll_idle(core, ev, &next);
		break;
	case SCROLL_STATE_EDGE_VERT:
	case SCROLL_STATE_EDGE_HORIZ:
		scroll_edge(core, ev, &next);
		break;
	case SCROLL_STATE_TWOFINGER:
		scroll_twofinger(core, ev, &next);
		break;
	case SCROLL_STATE_CIRCULAR:
		scroll_circular(core, ev, &next);
		break;
	}
	if (next != current || ev == SCROLL_EVENT_TOUCH)
		tp_log(core, TP_LOG_DEBUG, "scroll: %s -> %s -> %s (fingers %d, candidate %s)",
		       state_name(current), event_name(ev), state_name(next), core->gesture_fingers,
		       state_name(s->candidate));
	s->state = next;
}

/*
 * Where the scroll deltas come from; false if there is no usable position.
 * Two fingers on a pad with a slot per finger: the centre of the pair
 * gesture.c decides from (tp_gesture_pair()).
 */
static bool scroll_position(struct tp_core *core, double *x, double *y, int *t1, int *t2)
{
	int a, b;

	*t1 = *t2 = -1;
	if (core->scroll.state != SCROLL_STATE_TWOFINGER || !core->mt) {
		int i = core->mt ? tp_pointer_touch(core) : 0;

		if (i < 0 || !core->touches[i].down)
			return false;
		*x = core->touches[i].x;
		*y = core->touches[i].y;
		*t1 = i;
		return true;
	}
	tp_gesture_pair(core, &a, &b);
	if (a < 0)
		return false;
	if (b < 0) {
		/* Two fingers by BTN_TOOL_DOUBLETAP but one slot: follow that one. */
		*x = core->touches[a].x;
		*y = core->touches[a].y;
	} else {
		*x = ((double)core->touches[a].x + core->touches[b].x) / 2.0;
		*y = ((double)core->touches[a].y + core->touches[b].y) / 2.0;
	}
	*t1 = a;
	*t2 = b;
	return true;
}

/*
 * The hysteresis box of a two-finger scroll that starts from where the
 * fingers settled: the movement that decided it proved the fingers move,
 * so along an axis on which they moved further than that proof
 * (tp_gesture_scroll_origin(): half the pad's noise, or any movement when
 * the kernel filtered it) the box starts pushed that way, and the first
 * scroll carries all of the movement (no dead zone at the start; a wobble
 * back is still absorbed).
 */
static double pushed(double origin, double now, double margin, double proof)
{
	if (now - origin > proof)
		return origin - margin;
	if (origin - now > proof)
		return origin + margin;
	return origin;
}

static void scroll_update(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	const struct tp_params *p = &core->p;
	double x, y, v = 0, h = 0;
	int t1, t2;

	if (!scroll_position(core, &x, &y, &t1, &t2)) {
		s->valid = false;
		return;
	}
	if (!s->valid || t1 != s->t1 || t2 != s->t2 || core->pointer_changed) {
		bool fresh = !s->valid;
		double ox, oy;
		uint64_t since;
		double proof;

		s->valid = true;
		s->last_x = x;
		s->last_y = y;
		s->last_angle = pad_angle(core, x, y);
		s->last_time = core->now;
		s->t1 = t1;
		s->t2 = t2;
		/* Two-finger scrolling starts where the fingers settled, not where it was decided. */
		if (!fresh || s->state != SCROLL_STATE_TWOFINGER ||
		    !tp_gesture_scroll_origin(core, t1, t2, &ox, &oy, &since, &proof))
			return;
		s->last_x = pushed(ox, x, p->horiz_hysteresis, proof);
		s->last_y = pushed(oy, y, p->vert_hysteresis, proof / core->y_scale);
		s->last_time = since;
	}

	/*
	 * The hysteresis box of pointer motion, as 1.9 filters every position:
	 * the wobble of fingers lifting off the pad is not a scroll back.
	 */
	if (s->state != SCROLL_STATE_CIRCULAR) {
		x = tp_hysteresis(s->last_x, x, p->horiz_hysteresis);
		y = tp_hysteresis(s->last_y, y, p->vert_hysteresis);
	}

	switch (s->state) {
	case SCROLL_STATE_TWOFINGER:
		if (p->vert_twofinger_scroll)
			v = clicks(y - s->last_y, p->vert_scroll_delta);
		if (p->horiz_twofinger_scroll)
			h = clicks(x - s->last_x, p->horiz_scroll_delta);
		break;
	case SCROLL_STATE_EDGE_VERT:
		v = clicks(y - s->last_y, p->vert_scroll_delta);
		break;
	case SCROLL_STATE_EDGE_HORIZ:
		h = clicks(x - s->last_x, p->horiz_scroll_delta);
		break;
	case SCROLL_STATE_CIRCULAR: {
		double a = pad_angle(core, x, y);
		double d = a - s->last_angle;

		while (d > M_PI)
			d -= 2 * M_PI;
		while (d < -M_PI)
			d += 2 * M_PI;
		v = d / p->circ_scroll_delta;
		s->last_angle = a;
		break;
	}
	case SCROLL_STATE_IDLE:
		break;
	}
	s->last_x = x;
	s->last_y = y;
	if (s->coast != COAST_STATE_CORNER) {
		record(core, v, h);
		emit(core, v, h);
	}
	s->last_time = core->now;
}

/* Edge scrolling that reaches a corner: corner coasting, or hand over to circular scrolling. */
static void check_corner(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	int i = core->mt ? tp_pointer_touch(core) : 0;
	bool l, r, t, b, corner;

	if (i < 0 || !core->touches[i].down)
		return;
	tp_edge_zone(core, core->touches[i].x, core->touches[i].y, &l, &r, &t, &b);
	corner = (l || r) && (t || b);

	if (core->p.corner_coasting) {
		if (corner && s->coast != COAST_STATE_CORNER) {
			double v, h;

			lift_speed(core, &v, &h);
			if (v != 0 || h != 0)
				coast_handle_event(core, COAST_EVENT_CORNER, v, h);
		} else if (!corner && s->coast == COAST_STATE_CORNER) {
			coast_handle_event(core, COAST_EVENT_LEAVE_CORNER, 0, 0);
			s->valid = false;
		}
	} else if (corner && core->p.circular_scrolling) {
		scroll_handle_event(core, SCROLL_EVENT_CORNER);
	}
}

/* This frame's event from the finger count. */
static enum tp_scroll_event fingers_event(const struct tp_core *core, int n)
{
	const struct tp_params *p = &core->p;

	/* The gesture code's count: a one-frame misread of it does not end the scroll. */
	if (tp_gesture_fingers(core) == 2 && (p->vert_twofinger_scroll || p->horiz_twofinger_scroll) &&
	    tp_gesture_scroll_allowed(core))
		return SCROLL_EVENT_TWOFINGER;
	if (tp_gesture_pinching(core))
		return SCROLL_EVENT_PINCH;
	return n == 1 ? SCROLL_EVENT_ONE_FINGER : SCROLL_EVENT_FINGERS;
}

/*
 * The states whose handlers act on this frame's finger event; elsewhere it
 * changes nothing (one finger pointing, a scroll going on: most frames), so
 * it is not dispatched (as tap.c's motion_matters()).
 */
static bool fingers_event_matters(const struct tp_scroll *s, enum tp_scroll_event ev)
{
	switch (s->state) {
	case SCROLL_STATE_IDLE:
		return ev == SCROLL_EVENT_TWOFINGER ||
		       (ev == SCROLL_EVENT_ONE_FINGER && s->candidate != SCROLL_STATE_IDLE);
	case SCROLL_STATE_EDGE_VERT:
	case SCROLL_STATE_EDGE_HORIZ:
	case SCROLL_STATE_CIRCULAR:
		return ev != SCROLL_EVENT_ONE_FINGER;
	case SCROLL_STATE_TWOFINGER:
		return ev != SCROLL_EVENT_TWOFINGER;
	}
	return true;
}

uint64_t tp_scroll_next_timeout(const struct tp_core *core)
{
	return core->scroll.coast_deadline;
}

/* Every frame: a scroll runs, may begin or end, or coasting stops. */
bool tp_scroll_frame(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	enum tp_scroll_event ev;
	int n = core->gesture_fingers;

	/*
	 * No scroll runs and none can begin: no new touch, not one finger
	 * (edge and circular scrolling), no two-finger scroll allowed by
	 * gesture.c, and scrolling on (while off, every frame stops coasting).
	 */
	if (s->state == SCROLL_STATE_IDLE && n == core->prev_gesture_fingers && n != 1 &&
	    core->p.touchpad_off == 0 && !core->palm && !tp_gesture_scroll_allowed(core))
		return false;

	if (n > 0 && core->prev_gesture_fingers == 0) {
		/* A new touch stops coasting and chooses edge/circular scrolling. */
		coast_handle_event(core, COAST_EVENT_TOUCH, 0, 0);
		scroll_handle_event(core, SCROLL_EVENT_TOUCH);
	}
	if (core->p.touchpad_off != 0 || core->palm) {
		scroll_handle_event(core, SCROLL_EVENT_DISABLE);
		coast_handle_event(core, COAST_EVENT_DISABLE, 0, 0);
		return false;
	}
	if (n == 0) {
		scroll_handle_event(core, SCROLL_EVENT_RELEASE);
		return false;
	}
	ev = fingers_event(core, n);
	if (fingers_event_matters(s, ev))
		scroll_handle_event(core, ev);
	if (s->state == SCROLL_STATE_EDGE_VERT || s->state == SCROLL_STATE_EDGE_HORIZ) {
		if (!in_edge_strip(core, s->state)) {
			scroll_handle_event(core, SCROLL_EVENT_LEAVE_STRIP);
			return false;
		}
		check_corner(core);
	}
	if (s->state == SCROLL_STATE_IDLE)
		return false;
	scroll_update(core);
	return true;
}

/* Called when tp_scroll_next_timeout() is due, with now == core->now (core.c: run_timers). */
void tp_scroll_timeout(struct tp_core *core, uint64_t now)
{
	struct tp_scroll *s = &core->scroll;

	if (!s->coast_deadline || s->coast_deadline > now)
		return;
	coast_handle_event(core, COAST_EVENT_TICK, 0, 0);
}

void tp_scroll_reset(struct tp_core *core)
{
	core->scroll = (struct tp_scroll){
		.state = SCROLL_STATE_IDLE,
		.candidate = SCROLL_STATE_IDLE,
		.coast = COAST_STATE_IDLE,
		.t1 = -1,
		.t2 = -1,
	};
}
