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
 *   UNKNOWN --MOVE, the same way, or one finger sideways--> SCROLL
 *           +--MOVE, apart, together, around------------> PINCH (begins)
 *   SCROLL --MOVE, first 300 ms: the fingers turn out to pinch--> PINCH (begins)
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
 * pressure is still below FingerHigh is a finger landing, or lifting.  One
 * that is landing (never a touch yet, not on the buttons) stands in for
 * the finger it becomes as soon as the finger count includes it: two
 * fingers that move while the second still presses in are decided from
 * that movement (1.9 scrolls from it), and the scroll follows its position.
 * Without such a contact a BTN_TOOL count that runs ahead of the slots
 * leaves the decision open (UNKNOWN); a lifting contact is no finger.  A
 * count that changes for one frame while the same touches stay (2-slot pads
 * misread the finger count now and then) is held for that frame and only
 * taken when it is seen twice; nothing is posted in the held frame.
 *
 * The scroll/pinch decision (libinput's way, our own measures): in the first
 * frame in which one of the two fingers has left the pad's noise (the
 * hysteresis box), from the directions of their paths; see
 * decide_two_fingers().  Where the kernel filters the positions itself,
 * both fingers moving the same way inside the noise already scroll
 * (early_scroll(), as 1.9 scrolls from the first change), once the two
 * were down together GESTURE_EARLY_SETTLED_MS; that decision stays open
 * until they leave the noise.  A scroll is chosen early, so it may still
 * turn out to be a pinch in its first 300 ms (before the two travelled
 * together twice PinchThreshold): then the scroll stops and the pinch begins.  No
 * timers: the time limits are checked in the frames, which keep coming while
 * fingers move.  Until the decision the pointer does not move; the first
 * scroll or pinch event carries the movement made before it.
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
/*
 * A finger "moved" once it left the pad's noise (tp_gesture_noise(): the
 * kernel's fuzz of the slot positions, else the hysteresis box of pointer
 * motion), never less than this.  The other finger counts as still while
 * it stays within half of that ...
 */
#define GESTURE_NOISE_MIN_MM		0.1
/* ... or moved less than this share of the other one's path. */
#define GESTURE_STILL_RATIO		0.3
/* One finger moves, the other rests: within 45 degrees of the line between them is "radial". */
#define GESTURE_RADIAL_COS		0.7
/* Inside the noise, only fingers down together this long scroll (a third may still land). */
#define GESTURE_EARLY_SETTLED_MS	40
/* Paths at about right angles: scroll after this long (libinput: 150 ms) ... */
#define GESTURE_SCROLL_TIMEOUT_MS	150
/* ... or decide at this many PinchThresholds of travel, whichever comes first. */
#define GESTURE_FORCE_FACTOR		3.0
/* A scroll chosen from the first movement may still turn into a pinch for this long ... */
#define GESTURE_PINCH_WINDOW_MS		300
/* ... unless the two fingers travelled together this many PinchThresholds first. */
#define GESTURE_PINCH_MAX_SCROLL	2.0

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

/*
 * A contact the pad reports in slot i that is still pressing in: below
 * FingerHigh, never a touch since its tracking id began, not on the
 * clickpad's buttons (touches_changed() keeps the flag).  While the finger
 * count already includes it, its position stands in for the finger it
 * becomes: two fingers that move the moment the second one lands are
 * decided from that movement, as 1.9 scrolls from it.
 */
static bool contact_landing(const struct tp_core *core, int i)
{
	return core->gesture.slot_landing[i];
}

static void locate(const struct tp_core *core, struct tp_gesture_pos *g)
{
	const struct tp_gesture *gs = &core->gesture;
	double ys = y_scale(core);
	int usable = 0, extra;

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
		for (int i = 0; i < core->ntouches; i++)
			usable += touch_usable(&core->touches[i]);
		/* landing contacts the count has but the touches have not yet */
		extra = core->gesture_fingers - usable;
		for (int i = 0; i < core->ntouches; i++) {
			const struct tp_touch *t = &core->touches[i];

			if (touch_usable(t)) {
				/* (a landing contact that became a touch is the same finger) */
				g->fresh |= t->began && !(gs->landed & (1u << i));
			} else if (extra > 0 && contact_landing(core, i)) {
				extra--;
			} else {
				continue;
			}
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
	/* a decision starts afresh: no movement yet, no scroll that may still pinch */
	g->move_time = 0;
	g->may_pinch = false;
	g->early = false;
	g->settle_time = core->now;
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

/*
 * A pinch begins (from an undecided pair, or correcting a scroll).  Its
 * scale and angle count from where the fingers settled; the first update's
 * pan is the centre's motion since (from_x, from_y): since they settled
 * when nothing was sent yet, since the last frame when a scroll already
 * carried it.
 */
static void begin_pinch(struct tp_core *core, const struct tp_gesture_pos *at, double from_x,
			double from_y)
{
	struct tp_gesture *g = &core->gesture;
	struct tp_gesture_pos pos = *at;
	double dt_ms = (core->now - g->last_time) / 1000.0;

	/* An undecided pair is not measured in every frame (tp_gesture_frame): here it is. */
	measure(&pos);
	g->base_dist = g->start_dist > 0 ? g->start_dist : 1;
	g->dist = pos.dist;
	emit(core, TP_GESTURE_PINCH, TP_GESTURE_BEGIN, false, 0, 0, 1.0, 0, 0);
	emit(core, TP_GESTURE_PINCH, TP_GESTURE_UPDATE, false, pos.x - from_x, pos.y - from_y,
	     pinch_scale(g), tp_angle_wrap(pos.angle - g->start_angle), dt_ms);
	g->x = pos.x;
	g->y = pos.y;
	g->angle = pos.angle;
}

/* The kernel filters this position axis by its fuzz (input_defuzz_abs_event). */
static bool kernel_filtered(const struct tp_axis *ax)
{
	return ax->present && ax->fuzz > 0;
}

/*
 * The pad's noise in x units: a finger that stayed within it has not moved.
 * The positions compared are the slots' (box corners on semi-MT pads):
 * their noise is the fuzz the device declares for ABS_MT_POSITION_*, which
 * the kernel reports (and filters by: it drops changes below half of it)
 * unless libinput's udev rule has moved it to udev (udev-fuzz.c), else the
 * hysteresis (HorizHysteresis, VertHysteresis); never less than
 * GESTURE_NOISE_MIN_MM.
 */
static double axis_noise(const struct tp_axis *mt, int hysteresis, double scale)
{
	int fuzz = !mt->present ? 0 : kernel_filtered(mt) ? mt->fuzz : mt->udev_fuzz;

	return (fuzz > 0 ? fuzz : hysteresis) * scale;
}

double tp_gesture_noise(const struct tp_core *core)
{
	double h = axis_noise(&core->dev.mt_x, core->p.horiz_hysteresis, 1.0);
	double v = axis_noise(&core->dev.mt_y, core->p.vert_hysteresis, y_scale(core));
	double floor = units(core, GESTURE_NOISE_MIN_MM);
	double n = h > v ? h : v;

	return n > floor ? n : floor;
}

/* How two fingers (or box corners) moved since they settled. */
struct paths {
	double v[2][2];		/* displacement of each */
	double len[2];
	int lead;		/* the one that moved further */
	double lmax, lmin;
	double cosine;		/* between the two displacements, 0 while one is 0 */
	double radial;		/* |cos| between the leader's path and the line between them */
};

static void measure_paths(const struct tp_gesture *g, const struct tp_gesture_pos *pos,
			  struct paths *p)
{
	double sx = g->p_start[1][0] - g->p_start[0][0], sy = g->p_start[1][1] - g->p_start[0][1];
	double sep = hypot(sx, sy);

	for (int i = 0; i < 2; i++) {
		p->v[i][0] = pos->p[i][0] - g->p_start[i][0];
		p->v[i][1] = pos->p[i][1] - g->p_start[i][1];
		p->len[i] = hypot(p->v[i][0], p->v[i][1]);
	}
	p->lead = p->len[1] > p->len[0];
	p->lmax = p->len[p->lead];
	p->lmin = p->len[!p->lead];
	p->cosine = p->lmin > 0 ? (p->v[0][0] * p->v[1][0] + p->v[0][1] * p->v[1][1]) /
				  (p->len[0] * p->len[1]) : 0;
	p->radial = sep > 0 && p->lmax > 0 ?
		    fabs(p->v[p->lead][0] * sx + p->v[p->lead][1] * sy) / (sep * p->lmax) : 0;
}

/*
 * The other finger rests: it moved no more than `noise` (half the noise
 * while undecided), nor more than a small share of the leader's path (a
 * jitter beside a long move says nothing about its direction).
 */
static bool other_rests(const struct paths *p, double noise)
{
	return p->lmin <= noise || p->lmin < GESTURE_STILL_RATIO * p->lmax;
}

/* The motion of a pair that really is a pinch: apart, together or around each other. */
static bool pinch_evidence(const struct tp_core *core, const struct paths *p, double still)
{
	double threshold = units(core, core->p.pinch_threshold);

	/* both moved, in (roughly) opposite directions */
	if (!other_rests(p, still))
		return p->cosine <= GESTURE_PINCH_COS;
	/* one rests, the other moves toward or away from it: a one-handed zoom */
	return p->radial >= GESTURE_RADIAL_COS && p->lmax > 2 * threshold;
}

/*
 * Both fingers moved the same way while still inside the noise, on
 * positions the kernel filtered itself (a fuzz on ABS_MT_POSITION_*:
 * input_defuzz_abs_event drops what moves less than half of it), where any
 * change is the finger moving: a scroll from this frame on, as 1.9 scrolls
 * from the first change.  The decision stays open (early) until the
 * fingers leave the noise: if they turn out to pinch then, the pinch
 * begins (gesture_scroll()), and the scroll posted meanwhile moved no
 * more than the noise.  One finger alone says nothing yet: it is as
 * likely a zoom around the other one.
 */
static bool early_scroll(const struct tp_core *core, const struct paths *p)
{
	bool filtered = kernel_filtered(&core->dev.mt_x) && kernel_filtered(&core->dev.mt_y);

	return filtered && p->lmin > 0 && p->cosine >= GESTURE_SCROLL_COS &&
	       core->now - core->gesture.settle_time >= ms2us(GESTURE_EARLY_SETTLED_MS);
}

/*
 * Two fingers (or box corners) have moved since they settled: scroll or
 * pinch, decided from their directions as soon as one of them left the
 * pad's noise.  Undecided (UNKNOWN) while neither has, or while the paths
 * say nothing clear.  In detail:
 *   - both moved: within 60 degrees a scroll, more than 100 apart a pinch;
 *     in between, a scroll after GESTURE_SCROLL_TIMEOUT_MS of movement, or
 *     decided by the angle at GESTURE_FORCE_FACTOR PinchThresholds;
 *   - one moved, sideways to the line between them: a scroll whose other
 *     finger follows a frame later (1.9 scrolls at once; a pinch is still
 *     recognised if the other then moves the opposite way, see
 *     pinch_window_open());
 *   - one moved, toward or away from the resting one: a zoom around the
 *     resting finger at twice PinchThreshold, a scroll if the other one
 *     follows the same way.
 */
static enum tp_gesture_state decide_two_fingers(struct tp_core *core,
						const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	double noise = tp_gesture_noise(core), threshold = units(core, core->p.pinch_threshold);
	enum tp_gesture_state next = GESTURE_STATE_UNKNOWN;
	struct paths p;

	measure_paths(g, pos, &p);
	if (p.lmax <= noise) {
		if (!early_scroll(core, &p))
			return GESTURE_STATE_UNKNOWN;
		if (!g->early)
			tp_log(core, TP_LOG_DEBUG,
			       "gesture: paths %.0f and %.0f units inside the noise, cos %.2f: scroll, still open",
			       p.len[0], p.len[1], p.cosine);
		g->early = true;
		return GESTURE_STATE_SCROLL;
	}
	g->early = false;
	if (!g->move_time)
		g->move_time = core->now;	/* the decision's clocks start with the movement */
	if (pinch_evidence(core, &p, noise / 2))
		next = GESTURE_STATE_PINCH;
	else if (other_rests(&p, noise / 2))
		next = p.radial < GESTURE_RADIAL_COS ? GESTURE_STATE_SCROLL : GESTURE_STATE_UNKNOWN;
	else if (p.cosine >= GESTURE_SCROLL_COS)
		next = GESTURE_STATE_SCROLL;
	else if (p.lmax > GESTURE_FORCE_FACTOR * threshold)
		next = p.cosine < 0.2 ? GESTURE_STATE_PINCH : GESTURE_STATE_SCROLL;
	else if (core->now - g->move_time >= ms2us(GESTURE_SCROLL_TIMEOUT_MS))
		next = GESTURE_STATE_SCROLL;
	if (next != GESTURE_STATE_UNKNOWN)
		tp_log(core, TP_LOG_DEBUG,
		       "gesture: paths %.0f and %.0f units (noise %.0f), cos %.2f, radial %.2f, %.0f ms: %s",
		       p.len[0], p.len[1], noise, p.cosine, p.radial,
		       (core->now - g->move_time) / 1000.0,
		       next == GESTURE_STATE_PINCH ? "pinch" : "scroll");
	return next;
}

/*
 * A scroll decided from the first movement may still turn out to be a
 * pinch, for GESTURE_PINCH_WINDOW_MS after the movement began, as long as
 * the same two touches go on (a count change or other touches settle the
 * fingers again and close it).
 */
static bool pinch_window_open(const struct tp_core *core)
{
	const struct tp_gesture *g = &core->gesture;

	if (g->early)
		return true;
	return g->may_pinch && core->now - g->move_time < ms2us(GESTURE_PINCH_WINDOW_MS);
}

/*
 * SCROLL, in the window: the fingers turned out to pinch (apart by
 * PinchThreshold each, or one around the other), before the two travelled
 * together further than GESTURE_PINCH_MAX_SCROLL PinchThresholds: a scroll
 * that went that far was one, whatever the fingers do next.
 */
static bool scroll_turns_pinch(struct tp_core *core, const struct tp_gesture_pos *pos)
{
	double threshold = units(core, core->p.pinch_threshold);
	double travel;
	struct paths p;

	if (pos->n < 2)
		return false;
	measure_paths(&core->gesture, pos, &p);
	travel = hypot(p.v[0][0] + p.v[1][0], p.v[0][1] + p.v[1][1]) / 2;
	if (travel > GESTURE_PINCH_MAX_SCROLL * threshold) {
		core->gesture.may_pinch = false;
		return false;
	}
	if (!pinch_evidence(core, &p, threshold))
		return false;
	tp_log(core, TP_LOG_DEBUG,
	       "gesture: paths %.0f and %.0f units, cos %.2f, centre %.0f: the scroll is a pinch",
	       p.len[0], p.len[1], p.cosine, travel);
	return true;
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
 * libevdev drops a tracking id that changes without a -1 in between).  A
 * landing contact that becomes a touch is no change: it was the finger
 * already (contact_landing()).
 * *rising: a contact below FingerHigh is pressing harder, a finger still
 * landing.  *landing: a contact below FingerHigh with a pressure of its
 * own on a pad with a slot per finger (for gesture_count).
 */
#define GESTURE_JUMP_MM		7.0
static bool touches_changed(struct tp_core *core, bool *rising, bool *landing)
{
	struct tp_gesture *g = &core->gesture;
	double jump = units(core, GESTURE_JUMP_MM);
	bool changed = false, touch_change = false;

	*rising = *landing = false;
	g->landed = 0;
	for (int i = 0; i < core->dev.num_slots && i < TP_MAX_SLOTS; i++) {
		const struct tp_contact *c = &core->frame.slots[i];
		const struct tp_touch *t = &core->touches[i];
		bool fresh, was_landing = g->slot_landing[i];
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
		if (c->active && !t->down) {
			*landing |= core->mt && c->pressure >= 0;
			*rising |= c->pressure > (fresh ? 0 : g->slot_z[i]);
		}
		if (core->mt) {
			if (fresh)
				g->slot_touched[i] = false;
			g->slot_touched[i] |= t->down;
			g->slot_landing[i] = c->active && !t->down && !g->slot_touched[i] &&
					     c->pressure > 0 && !tp_button_strip_at(core, c->y);
			if (t->began && was_landing && !fresh)
				g->landed |= 1u << i;
			else
				touch_change |= t->began || t->ended;
		}
		g->slot_active[i] = c->active;
		g->slot_ids[i] = c->tracking_id;
		g->slot_z[i] = c->pressure;
		g->slot_x[i] = c->x;
		g->slot_y[i] = c->y;
		g->slot_d[i] = d;
	}
	return changed || (core->mt ? touch_change : core->touch_events);
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

	if (hypot(pos->x - g->start_x, pos->y - g->start_y) <= tp_gesture_noise(core))
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
static void gesture_none(struct tp_core *core, enum tp_gesture_input ev,
			 enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

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
static void gesture_unknown(struct tp_core *core, enum tp_gesture_input ev,
			    enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

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
		if (*next == GESTURE_STATE_PINCH) {
			begin_pinch(core, pos, core->gesture.start_x, core->gesture.start_y);
		} else if (*next == GESTURE_STATE_SCROLL) {
			/* a pinch only in the window (two positions); after it, none until all are up */
			core->gesture.may_pinch = pos->n >= 2;
			core->gesture.scroll_locked = true;
		}
		break;
	case GESTURE_EVENT_CLICK:
		*next = GESTURE_STATE_NONE;
		break;
	case GESTURE_EVENT_TOUCHES:
	case GESTURE_EVENT_DISABLE:
		break;
	}
}

/*
 * SCROLL: two fingers scroll (scroll.c, tp_gesture_scroll_allowed()).  MOVE
 * matters only while the pinch window is open: the fingers may still turn
 * out to pinch.  The scroll already carried the centre's motion,
 * so the pinch's first update carries no pan.
 */
static void gesture_scroll(struct tp_core *core, enum tp_gesture_input ev,
			   enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

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
		if (!pinch_window_open(core))
			break;	/* a scroll for good: scroll.c follows the fingers */
		if (core->gesture.early) {
			/* decided inside the noise: decide again now that it moved further */
			if (pos->n < 2 || decide_two_fingers(core, pos) != GESTURE_STATE_PINCH)
				break;
		} else if (!scroll_turns_pinch(core, pos)) {
			break;
		}
		core->gesture.scroll_locked = false;
		begin_pinch(core, pos, pos->x, pos->y);
		*next = GESTURE_STATE_PINCH;
		break;
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
static void gesture_end_running(struct tp_core *core, enum tp_gesture_input ev,
				enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

	end_gesture(core, ev == GESTURE_EVENT_DISABLE || !(n < core->gesture.fingers));
	if (ev == GESTURE_EVENT_FINGERS)
		*next = count_next(core, n, pos, true);
	else if (ev == GESTURE_EVENT_RELEASE)
		release(core, next);
	else
		*next = GESTURE_STATE_IGNORE;
}

/* PINCH: scale and rotation follow the two fingers. */
static void gesture_pinch(struct tp_core *core, enum tp_gesture_input ev,
			  enum tp_gesture_state *next)
{
	const struct tp_gesture_pos *pos = core->gesture.in_pos;
	struct tp_gesture *g = &core->gesture;
	double dt_ms, scale;

	switch (ev) {
	case GESTURE_EVENT_FINGERS:
	case GESTURE_EVENT_RELEASE:
	case GESTURE_EVENT_DISABLE:
		gesture_end_running(core, ev, next);
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
static void gesture_swipe_start(struct tp_core *core, enum tp_gesture_input ev,
				enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

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
static void gesture_swipe(struct tp_core *core, enum tp_gesture_input ev,
			  enum tp_gesture_state *next)
{
	const struct tp_gesture_pos *pos = core->gesture.in_pos;
	struct tp_gesture *g = &core->gesture;

	switch (ev) {
	case GESTURE_EVENT_FINGERS:
	case GESTURE_EVENT_RELEASE:
	case GESTURE_EVENT_DISABLE:
		gesture_end_running(core, ev, next);
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
static void gesture_ignore(struct tp_core *core, enum tp_gesture_input ev,
			   enum tp_gesture_state *next)
{
	int n = core->gesture.in_fingers;
	const struct tp_gesture_pos *pos = core->gesture.in_pos;

	if (ev == GESTURE_EVENT_FINGERS)
		*next = count_next(core, n, pos, true);
	else if (ev == GESTURE_EVENT_RELEASE)
		release(core, next);
}

/*
 * Inlined at each of its few callers (gcc would call it): the per-frame MOVE
 * then costs what the switch in tp_gesture_frame cost before.  n and pos,
 * the frame's count and positions, are the handlers' input for the call.
 */
static inline __attribute__((always_inline)) void
gesture_handle_event(struct tp_core *core, enum tp_gesture_input ev, int n,
		     const struct tp_gesture_pos *pos)
{
	struct tp_gesture *g = &core->gesture;
	enum tp_gesture_state current = g->state, next = current;

	g->in_fingers = n;
	g->in_pos = pos;
	switch (current) {
	case GESTURE_STATE_NONE:
		gesture_none(core, ev, &next);
		break;
	case GESTURE_STATE_UNKNOWN:
		gesture_unknown(core, ev, &next);
		break;
	case GESTURE_STATE_SCROLL:
		gesture_scroll(core, ev, &next);
		break;
	case GESTURE_STATE_PINCH:
		gesture_pinch(core, ev, &next);
		break;
	case GESTURE_STATE_SWIPE_START:
		gesture_swipe_start(core, ev, &next);
		break;
	case GESTURE_STATE_SWIPE:
		gesture_swipe(core, ev, &next);
		break;
	case GESTURE_STATE_IGNORE:
		gesture_ignore(core, ev, &next);
		break;
	}
	if (next != current)
		tp_log(core, TP_LOG_DEBUG, "gesture: %s -> %s -> %s (fingers %d)", state_name(current),
		       event_name(ev), state_name(next), core->gesture_fingers);
	g->state = next;
	g->in_pos = NULL;
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
 * else MOVE.  Which states act on them is the handlers' business.
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
		gesture_handle_event(core, GESTURE_EVENT_TOUCHES, n, pos);
		settle(core, pos);
		return;
	}
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
	g->pair[0] = pos.t1;
	g->pair[1] = pos.t2;
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
			      uint64_t *time, double *proof)
{
	const struct tp_gesture *g = &core->gesture;

	if (t1 != g->t1 || t2 != g->t2)
		return false;
	*time = g->last_time;
	/* the movement that decided the scroll: past half the noise, or any inside it */
	*proof = g->early ? 0 : tp_gesture_noise(core) / 2;
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

bool tp_gesture_scroll_allowed(const struct tp_core *core)
{
	return core->gesture.state == GESTURE_STATE_SCROLL;
}

bool tp_gesture_pinching(const struct tp_core *core)
{
	return core->gesture.state == GESTURE_STATE_PINCH;
}

void tp_gesture_pair(const struct tp_core *core, int *t1, int *t2)
{
	*t1 = core->gesture.pair[0];
	*t2 = core->gesture.pair[1];
}

int tp_gesture_fingers(const struct tp_core *core)
{
	return core->gesture.fingers;
}

void tp_gesture_reset(struct tp_core *core)
{
	end_gesture(core, true);
	core->gesture = (struct tp_gesture){ .state = GESTURE_STATE_NONE, .t1 = -1, .t2 = -1,
					     .pair = { -1, -1 } };
}
