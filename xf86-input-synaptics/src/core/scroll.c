/*
 * scroll.c - two-finger, edge and circular scrolling, coasting.
 *
 * Output is in scroll units (1.0 = one click of button 4/5/6/7):
 * vertical = device units moved / VertScrollDelta, so a negative delta
 * inverts the direction.  Edge and circular scrolling are chosen when the
 * first finger lands; two-finger scrolling runs whenever exactly two fingers
 * are down.  When the fingers lift while scrolling faster than CoastingSpeed
 * (scroll units per second) the scroll goes on and slows down by
 * CoastingFriction (units per second squared); a new touch stops it.
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

static const char *method_name(enum tp_scroll_method m)
{
	switch (m) {
	case SCROLL_NONE: return "none";
	case SCROLL_EDGE_VERT: return "vertical edge";
	case SCROLL_EDGE_HORIZ: return "horizontal edge";
	case SCROLL_TWOFINGER: return "two-finger";
	case SCROLL_CIRCULAR: return "circular";
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

static void stop_coasting(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;

	s->coast_v = s->coast_h = 0;
	s->coast_corner = false;
	s->coast_deadline = 0;
}

static void start_coasting(struct tp_core *core, double v, double h, bool corner)
{
	struct tp_scroll *s = &core->scroll;

	s->coast_v = v;
	s->coast_h = h;
	s->coast_corner = corner;
	s->coast_last = core->now;
	s->coast_deadline = core->now + ms2us(COAST_TICK_MS);
	tp_log(core, TP_LOG_DEBUG, "scroll: %scoasting at %.1f/%.1f units/s", corner ? "corner " : "",
	       v, h);
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

static void end_scroll(struct tp_core *core, bool may_coast)
{
	struct tp_scroll *s = &core->scroll;
	double v, h, min = core->p.coasting_speed;

	if (s->method == SCROLL_NONE)
		return;
	if (s->coast_corner)
		stop_coasting(core);
	/* 1.9: with CornerCoasting on, scrolling never coasts after lift-off. */
	if (may_coast && min > 0 && !core->p.corner_coasting && s->method != SCROLL_CIRCULAR) {
		lift_speed(core, &v, &h);
		v = clamp_speed(v, min * COAST_MAX_SPEED_FACTOR);
		h = clamp_speed(h, min * COAST_MAX_SPEED_FACTOR);
		if (fabs(v) < min)
			v = 0;
		if (fabs(h) < min)
			h = 0;
		if (v != 0 || h != 0)
			start_coasting(core, v, h, false);
	}
	tp_log(core, TP_LOG_DEBUG, "scroll: %s scrolling ends", method_name(s->method));
	s->method = SCROLL_NONE;
	s->valid = false;
	s->nhist = 0;
}

static void begin_scroll(struct tp_core *core, enum tp_scroll_method m)
{
	struct tp_scroll *s = &core->scroll;

	tp_log(core, TP_LOG_DEBUG, "scroll: %s scrolling begins", method_name(m));
	s->method = m;
	s->valid = false;
	s->nhist = 0;
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
static void choose_at_touch_down(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	const struct tp_params *p = &core->p;
	int i = tp_pointer_touch(core);
	const struct tp_touch *t;
	bool l, r, top, b;

	s->edge_candidate_vert = s->edge_candidate_horiz = s->circ_candidate = false;
	if (i < 0)
		return;
	t = &core->touches[i];
	tp_edge_zone(core, t->start_x, t->start_y, &l, &r, &top, &b);
	if (p->circular_scrolling && in_circ_trigger(core, t->start_x, t->start_y))
		s->circ_candidate = true;
	else if (p->vert_edge_scroll && r)
		s->edge_candidate_vert = true;
	else if (p->horiz_edge_scroll && b)
		s->edge_candidate_horiz = true;
}

/* Where the scroll deltas come from; false if there is no usable position. */
static bool scroll_position(struct tp_core *core, double *x, double *y, int *t1, int *t2)
{
	int a = -1, b = -1;

	*t1 = *t2 = -1;
	if (core->scroll.method != SCROLL_TWOFINGER || !core->mt) {
		int i = core->mt ? tp_pointer_touch(core) : 0;

		if (i < 0 || !core->touches[i].down)
			return false;
		*x = core->touches[i].x;
		*y = core->touches[i].y;
		*t1 = i;
		return true;
	}
	for (int i = 0; i < core->ntouches; i++) {
		const struct tp_touch *t = &core->touches[i];

		if (!t->down || t->ignored || t->thumb || t->in_button_area)
			continue;
		if (a < 0)
			a = i;
		else if (b < 0)
			b = i;
	}
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

		s->valid = true;
		s->last_x = x;
		s->last_y = y;
		s->last_angle = pad_angle(core, x, y);
		s->last_time = core->now;
		s->t1 = t1;
		s->t2 = t2;
		/* Two-finger scrolling starts where the fingers settled, not where it was decided. */
		if (!fresh || s->method != SCROLL_TWOFINGER ||
		    !tp_gesture_scroll_origin(core, t1, t2, &ox, &oy, &since))
			return;
		s->last_x = ox;
		s->last_y = oy;
		s->last_time = since;
	}

	/*
	 * The hysteresis box of pointer motion, as 1.9 filters every position:
	 * the wobble of fingers lifting off the pad is not a scroll back.
	 */
	if (s->method != SCROLL_CIRCULAR) {
		x = tp_hysteresis(s->last_x, x, p->horiz_hysteresis);
		y = tp_hysteresis(s->last_y, y, p->vert_hysteresis);
	}

	switch (s->method) {
	case SCROLL_TWOFINGER:
		if (p->vert_twofinger_scroll)
			v = clicks(y - s->last_y, p->vert_scroll_delta);
		if (p->horiz_twofinger_scroll)
			h = clicks(x - s->last_x, p->horiz_scroll_delta);
		break;
	case SCROLL_EDGE_VERT:
		v = clicks(y - s->last_y, p->vert_scroll_delta);
		break;
	case SCROLL_EDGE_HORIZ:
		h = clicks(x - s->last_x, p->horiz_scroll_delta);
		break;
	case SCROLL_CIRCULAR: {
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
	case SCROLL_NONE:
		break;
	}
	s->last_x = x;
	s->last_y = y;
	if (!s->coast_corner) {
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
		if (corner && !s->coast_corner) {
			double v, h;

			lift_speed(core, &v, &h);
			if (v != 0 || h != 0)
				start_coasting(core, v, h, true);
		} else if (!corner && s->coast_corner) {
			stop_coasting(core);
			s->valid = false;
		}
	} else if (corner && core->p.circular_scrolling) {
		begin_scroll(core, SCROLL_CIRCULAR);
	}
}

static bool in_edge_strip(const struct tp_core *core, enum tp_scroll_method m)
{
	int i = core->mt ? tp_pointer_touch(core) : 0;
	bool l, r, t, b;

	if (i < 0 || !core->touches[i].down)
		return false;
	tp_edge_zone(core, core->touches[i].x, core->touches[i].y, &l, &r, &t, &b);
	return m == SCROLL_EDGE_VERT ? r : b;
}

/* A frame in which a scroll runs or may begin or end (tp_scroll_frame()). */
bool tp_scroll_update(struct tp_core *core)
{
	struct tp_scroll *s = &core->scroll;
	const struct tp_params *p = &core->p;
	int n = core->gesture_fingers;
	bool enabled = p->touchpad_off == 0 && !core->palm;

	if (n > 0 && core->prev_gesture_fingers == 0) {
		/* A new touch stops coasting and chooses edge/circular scrolling. */
		stop_coasting(core);
		choose_at_touch_down(core);
	}

	if (!enabled) {
		end_scroll(core, false);
		stop_coasting(core);
		return false;
	}

	if (n == 0) {
		end_scroll(core, true);
		return false;
	}

	/* The gesture code's count: a one-frame misread of it does not end the scroll. */
	if (tp_gesture_fingers(core) == 2 && (p->vert_twofinger_scroll || p->horiz_twofinger_scroll) &&
	    tp_gesture_scroll_allowed(core)) {
		if (s->method != SCROLL_TWOFINGER) {
			end_scroll(core, false);
			begin_scroll(core, SCROLL_TWOFINGER);
		}
	} else if (s->method == SCROLL_TWOFINGER) {
		/* One finger lifted first: the scroll ends here, and may coast. */
		end_scroll(core, true);
		s->edge_candidate_vert = s->edge_candidate_horiz = s->circ_candidate = false;
	}

	if (n == 1 && s->method == SCROLL_NONE) {
		if (s->circ_candidate)
			begin_scroll(core, SCROLL_CIRCULAR);
		else if (s->edge_candidate_vert && in_edge_strip(core, SCROLL_EDGE_VERT))
			begin_scroll(core, SCROLL_EDGE_VERT);
		else if (s->edge_candidate_horiz && in_edge_strip(core, SCROLL_EDGE_HORIZ))
			begin_scroll(core, SCROLL_EDGE_HORIZ);
	} else if (n != 1 && (s->method == SCROLL_EDGE_VERT || s->method == SCROLL_EDGE_HORIZ ||
			      s->method == SCROLL_CIRCULAR)) {
		end_scroll(core, false);
		s->edge_candidate_vert = s->edge_candidate_horiz = s->circ_candidate = false;
	}

	if (s->method == SCROLL_EDGE_VERT || s->method == SCROLL_EDGE_HORIZ) {
		if (!in_edge_strip(core, s->method)) {
			/* Leaving the strip ends edge scrolling for this touch. */
			end_scroll(core, false);
			s->edge_candidate_vert = s->edge_candidate_horiz = false;
			return false;
		}
		check_corner(core);
	}

	if (s->method == SCROLL_NONE)
		return false;
	scroll_update(core);
	return true;
}

void tp_scroll_timeout(struct tp_core *core, uint64_t now)
{
	struct tp_scroll *s = &core->scroll;
	double dt, fr = core->p.coasting_friction;

	if (!s->coast_deadline || s->coast_deadline > now)
		return;
	dt = (now - s->coast_last) / 1e6;
	if (dt > COAST_MAX_STEP_MS / 1e3)
		dt = COAST_MAX_STEP_MS / 1e3;
	s->coast_last = now;
	emit(core, s->coast_v * dt, s->coast_h * dt);

	if (!s->coast_corner) {
		double dv = fr * dt;

		s->coast_v = fabs(s->coast_v) <= dv ? 0 : s->coast_v - copysign(dv, s->coast_v);
		s->coast_h = fabs(s->coast_h) <= dv ? 0 : s->coast_h - copysign(dv, s->coast_h);
	}
	if (s->coast_v == 0 && s->coast_h == 0) {
		stop_coasting(core);
		tp_log(core, TP_LOG_DEBUG, "scroll: coasting stopped");
		return;
	}
	s->coast_deadline = now + ms2us(COAST_TICK_MS);
}

void tp_scroll_reset(struct tp_core *core)
{
	stop_coasting(core);
	core->scroll = (struct tp_scroll){ .method = SCROLL_NONE, .t1 = -1, .t2 = -1 };
}
