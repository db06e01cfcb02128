/*
 * core-private.h - state shared by the files of the touchpad core.
 *
 * Each concern owns a sub-struct of struct tp_core and only its own file
 * writes it: core.c (touch tracking, finger count), motion.c, buttons.c,
 * clickpad.c, tap.c, scroll.c.  core.c calls each concern's frame function
 * every frame; whether there is work is decided inside the concern's own
 * file, and another concern's state is read through its accessors.  Only
 * arithmetic on the shared geometry is inline here.
 */
#ifndef SYNMT_CORE_PRIVATE_H
#define SYNMT_CORE_PRIVATE_H

#include <math.h>

#include "touchpad.h"

#define ms2us(ms) ((uint64_t)(ms) * 1000u)

#define TP_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/*
 * The distance between two points in device units.  For integer
 * coordinates dx*dx + dy*dy is exact (below 2^53 for any sane range), so
 * the square root is the correctly rounded distance, as hypot() gives it,
 * at a fraction of the cost (sqrtsd instead of a libm call; the bench
 * counts the core's instructions per frame).
 */
static inline double tp_dist_units(int x0, int y0, int x1, int y1)
{
	double dx = (double)x1 - x0, dy = (double)y1 - y0;

	return sqrt(dx * dx + dy * dy);
}

/*
 * remainder(a, 360.0), the angle a brought into [-180, 180], for |a| < 540:
 * the difference of two atan2() angles in degrees always is.  There a - 360
 * and -a - 360 are exact (Sterbenz), so the result is remainder()'s to the
 * bit, its -0 for -360 included, without a libm call in every pinch frame.
 */
static inline double tp_angle_wrap(double a)
{
	if (a > 180.0)
		return a - 360.0;
	if (a < -180.0)
		return -(-a - 360.0);
	return a;
}

/*
 * The earlier of two deadlines (core time), 0 meaning none.  In unsigned
 * arithmetic 0 - 1 is the largest value, so "none" loses every comparison
 * and comes back as 0 when both are none: no branch (the core asks for its
 * next deadline before every frame).
 */
static inline uint64_t tp_earlier_deadline(uint64_t a, uint64_t b)
{
	uint64_t a1 = a - 1, b1 = b - 1;

	return (a1 < b1 ? a1 : b1) + 1;
}

/* One tracked touch.  Single-touch and semi-MT devices use touches[0] only. */
struct tp_touch {
	bool down;		/* present and above FingerHigh (until below FingerLow) */
	bool began, ended;	/* this frame */
	int x, y;
	int pressure;
	int major;
	int start_x, start_y;	/* where the touch began (re-based on semi-MT count changes) */
	uint64_t start_time;
	bool ignored;		/* began outside the Area: ignored until lifted */
	bool in_button_area;	/* began inside a soft-button area and has not left it */
	bool thumb;		/* rests on a clickpad that is held down: not a pointer finger */
	bool pinned;		/* held still by a clickpad click until it really moves */
	bool suppressed;	/* rests in the button area while a button is held (suppress.c);
				 * also sets `ignored` for as long as it lasts */
	bool area_candidate;	/* was in the button area at the press, or landed there while held */
	int pin_x, pin_y;
};

/* Tap state machine (tap.c). */
enum tp_tap_state {
	TAP_STATE_IDLE,
	TAP_STATE_TOUCH,
	TAP_STATE_TAPPED,
	TAP_STATE_CLICK,
	TAP_STATE_TOUCH_2,
	TAP_STATE_DRAGGING,
	TAP_STATE_DRAG_LOCKED,
	TAP_STATE_DRAG_LOCKED_TOUCH,
	TAP_STATE_DEAD,
};

struct tp_tap {
	enum tp_tap_state state;
	uint64_t deadline;	/* 0 if no timer */
	int max_fingers;	/* most fingers seen in this touch sequence */
	int start_x, start_y;	/* first finger of the sequence (corner taps) */
	int button;		/* button of the pending or held tap, 0 none */
	int held;		/* button the machine holds down, 0 none */
	int prev_fingers;
};

/* Pointer motion (motion.c). */
#define TP_MOTION_HISTORY 4
struct tp_motion {
	bool valid;		/* center/last are meaningful */
	int touch;		/* index of the touch that drives the pointer */
	double cx, cy;		/* hysteresis centre */
	bool moved;		/* the finger has left the box it landed in */
	uint64_t last_time;
	struct { double d; uint64_t dt; } hist[TP_MOTION_HISTORY];
	int nhist;
	unsigned int held;	/* MOTION_HELD_* bits of the last frame (logged on change) */
};

/* What holds the pointer still in a frame (core.c). */
enum {
	MOTION_HELD_GESTURE = 1 << 0,
	MOTION_HELD_SCROLL = 1 << 1,
	MOTION_HELD_OFF = 1 << 2,
	MOTION_HELD_PALM = 1 << 3,
	MOTION_HELD_CLICK = 1 << 4,
};

/* Physical buttons, middle emulation, scroll buttons (buttons.c). */
enum tp_mid_state {
	MID_STATE_IDLE,
	MID_STATE_LEFT_WAIT,
	MID_STATE_RIGHT_WAIT,
	MID_STATE_MIDDLE,
	MID_STATE_PASS,
};

struct tp_buttons {
	unsigned int hw;		/* hardware bits of the last frame */
	enum tp_mid_state mid_state;
	uint64_t mid_deadline;
	int left_button;		/* X button posted for the physical left (clickfinger), 0 none */
	bool right_posted, middle_posted;
	unsigned int repeat_bits;	/* held scroll buttons that auto-repeat */
	uint64_t repeat_deadline;
	unsigned int held_bits;		/* hw bits whose logical button is held (non-scroll mode) */
	unsigned int separate;		/* left/right/middle bits pressed as separate buttons, not a clickpad click */
};

/* Clickpad (clickpad.c). */
struct tp_clickpad {
	int button;		/* X button held for the current click, 0 none */
	uint64_t press_time;	/* motion is suppressed shortly after it */
	bool pressed;
};

/* Scrolling (scroll.c): what scrolls, and coasting after it (two machines). */
enum tp_scroll_state {
	SCROLL_STATE_IDLE,
	SCROLL_STATE_EDGE_VERT,
	SCROLL_STATE_EDGE_HORIZ,
	SCROLL_STATE_TWOFINGER,
	SCROLL_STATE_CIRCULAR,
};

enum tp_coast_state {
	COAST_STATE_IDLE,
	COAST_STATE_LIFT,	/* after the fingers lifted: slows down by CoastingFriction */
	COAST_STATE_CORNER,	/* CornerCoasting: the finger rests in a corner, no friction */
};

#define TP_SCROLL_HISTORY 8
struct tp_scroll {
	enum tp_scroll_state state;
	enum tp_scroll_state candidate;	/* chosen at touch-down: EDGE_VERT, EDGE_HORIZ, CIRCULAR or IDLE */
	bool valid;
	double last_x, last_y;		/* position the last delta was taken from */
	uint64_t last_time;
	int t1, t2;			/* touches the position comes from (-1 single) */
	double last_angle;
	struct { uint64_t time, dt; double v, h; } hist[TP_SCROLL_HISTORY];
	int nhist, hpos;
	/* coasting */
	enum tp_coast_state coast;
	double coast_v, coast_h;	/* scroll units per second */
	double end_v, end_h;		/* the speed of the scroll that ended (coasting's LIFT, CORNER) */
	uint64_t coast_deadline;	/* 0 while COAST_STATE_IDLE */
	uint64_t coast_last;
};

/* XI 2.4 gestures and the two-finger scroll/pinch decision (gesture.c). */
/* Where the fingers are in a frame. */
struct tp_gesture_pos {
	int n;			/* positions known: 0, 1, 2 (two fingers or a box) or more */
	double x, y;		/* centre (y in x units) */
	double p[2][2];		/* the first two fingers, or the box corners */
	double dist, angle;	/* between p[0] and p[1]; angle in degrees, 0 for a box (gesture.c: measure()) */
	int t1, t2;		/* touches behind p[0], p[1]; -1 for a box */
	bool box;
	bool fresh;		/* a touch used here began this frame (new tracking id) */
};

enum tp_gesture_state {
	GESTURE_STATE_NONE,		/* fewer than 2 fingers: pointer and edge scrolling */
	GESTURE_STATE_UNKNOWN,		/* 2 fingers, scroll or pinch not decided yet */
	GESTURE_STATE_SCROLL,		/* 2 fingers: two-finger scrolling (scroll.c) */
	GESTURE_STATE_PINCH,
	GESTURE_STATE_SWIPE_START,	/* 3+ fingers, waiting for movement */
	GESTURE_STATE_SWIPE,
	GESTURE_STATE_IGNORE,		/* after a gesture: nothing until every finger is up */
};

struct tp_gesture {
	enum tp_gesture_state state;
	int fingers;			/* of the running gesture */
	int t1, t2;			/* touches the centroid comes from */
	int ntouch;
	double start_x, start_y;	/* centroid when the fingers settled */
	double start_dist;
	double x, y;			/* centroid of the last frame */
	double dist, angle;		/* two-finger distance and direction of the last frame */
	double base_dist;		/* pinch: distance at begin (scale 1.0) */
	uint64_t last_time;
	double start_angle;		/* two-finger direction when the fingers settled */
	double p_start[2][2];		/* the two fingers (semi-MT: box corners) when they settled */
	bool box;			/* positions are a semi-MT bounding box */
	int touch0_x, touch0_y;		/* semi-MT: touches[0] when the fingers settled (scroll origin) */
	bool scroll_locked;		/* this touch sequence scrolls: no pinch until every finger is up */
	uint64_t move_time;		/* a finger first left the noise since they settled, 0 not yet */
	bool may_pinch;			/* SCROLL decided from the movement: a pinch for a while yet */
	uint64_t settle_time;		/* when the fingers settled */
	bool early;			/* SCROLL decided inside the noise (early_scroll()): still open */
	int pending_fingers;		/* a count seen for one frame only, with the same touches (0 none) */
	struct tp_gesture_pos held;	/* where the fingers were in that frame */
	uint64_t held_time;
	bool slot_active[TP_MAX_SLOTS];	/* the slots of the last frame */
	int slot_ids[TP_MAX_SLOTS];	/* their tracking ids */
	int slot_z[TP_MAX_SLOTS];	/* pressures */
	int slot_x[TP_MAX_SLOTS], slot_y[TP_MAX_SLOTS];	/* positions */
	double slot_d[TP_MAX_SLOTS];	/* distance moved in the last frame */
	bool slot_touched[TP_MAX_SLOTS];	/* its contact has been a touch (above FingerHigh) */
	bool slot_landing[TP_MAX_SLOTS];	/* its contact is still pressing in (gesture.c) */
	unsigned int landed;		/* slots whose landing contact became a touch this frame */
	int pair[2];			/* the touches two-finger scrolling follows, -1 none */
	/* the handlers' input, set by gesture_handle_event() for its call: the frame's count, positions */
	int in_fingers;
	const struct tp_gesture_pos *in_pos;
};

struct tp_core {
	struct tp_device dev;
	struct tp_params p;
	struct tp_output out;
	void *user;

	uint64_t now;
	uint64_t deadline;		/* next_deadline() when the last entry point returned (core.c) */
	bool mt;			/* real per-slot positions (not semi-MT, slots > 0) */
	int ntouches;			/* entries of touches[] in use */
	struct tp_touch touches[TP_MAX_SLOTS];
	bool touch_events;		/* a touch began or ended this frame (its flag is set) */

	bool touching;			/* some finger detected on the pad */
	int fingers;			/* finger count (BTN_TOOL_* and slots, emulation) */
	int gesture_fingers;		/* fingers minus ignored/resting/thumb touches */
	int prev_fingers, prev_gesture_fingers;
	bool fingers_changed;		/* gesture_fingers changed this frame */
	bool palm;			/* palm seen: blocked until the pressure drops below FingerLow */
	int palm_prev_z;		/* PalmDetect: pressure of the last report that had a contact */
	int pointer;			/* touch that drives the pointer, -1 none */
	bool pointer_changed;		/* a different touch (or none) since the last frame */
	bool button_went_down;		/* a physical button was pressed this frame */
	bool suppress_marked;		/* suppress.c marked a touch: set aside or a candidate
					 * (may stay set over a reset: the next pass clears it) */
	struct tp_frame frame;		/* the last frame */
	int pressure, width;		/* of the frame */
	double diag;			/* of the x/y axis ranges, device units */
	double units_per_mm;		/* x axis; 0 if resolution unknown */
	double y_scale;			/* device y units to x units (HorizResolution / VertResolution) */

	unsigned char button_count[TP_MAX_BUTTON + 1];

	struct tp_tap tap;
	struct tp_motion motion;
	struct tp_buttons buttons;
	struct tp_clickpad clickpad;
	struct tp_scroll scroll;
	struct tp_gesture gesture;
};

/* output.c */
void tp_log(struct tp_core *core, enum tp_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* An event that the machine's state cannot receive: logged as our bug. */
void tp_log_bug(struct tp_core *core, const char *machine, const char *state, const char *event);
void tp_button_press(struct tp_core *core, int button);
void tp_button_release(struct tp_core *core, int button);
void tp_button_click(struct tp_core *core, int button);

/* core.c */
/* The touch that drives the pointer, -1 if none. */
static inline int tp_pointer_touch(const struct tp_core *core)
{
	return core->pointer;
}

/* Distance limit in device units for "mm", falling back to a fraction of the diagonal. */
static inline double tp_mm_to_units(const struct tp_core *core, double mm, double diag_fraction)
{
	if (core->units_per_mm > 0)
		return mm * core->units_per_mm;
	return core->diag * diag_fraction;
}

/* params.c */
void tp_edge_zone(const struct tp_core *core, int x, int y, bool *left, bool *right,
		  bool *top, bool *bottom);
bool tp_area_contains(const int area[4], int x, int y);
bool tp_area_is_set(const int area[4]);

/* motion.c */
void tp_motion_frame(struct tp_core *core, bool suppress);
void tp_motion_reset(struct tp_core *core);
/* A box of +-margin around the centre: the centre follows only when the finger pushes it. */
static inline double tp_hysteresis(double center, double in, double margin)
{
	if (margin <= 0)
		return in;
	if (in > center + margin)
		return in - margin;
	if (in < center - margin)
		return in + margin;
	return center;
}

/* buttons.c: tp_buttons_frame() handles what was pressed or released */
void tp_buttons_frame(struct tp_core *core, unsigned int hw);
void tp_buttons_timeout(struct tp_core *core, uint64_t now);
void tp_buttons_reset(struct tp_core *core);
/* Middle-button emulation and scroll-button repeat: the earlier deadline, 0 none. */
uint64_t tp_buttons_next_timeout(const struct tp_core *core);

/*
 * touch.c: tp_touch_frame() turns the frame's contacts into touches, keeps the
 * frame, counts the fingers and chooses the pointer's touch; tp_touch_count()
 * counts and chooses again after a click or suppress.c changed the touches.
 */
void tp_touch_frame(struct tp_core *core, const struct tp_frame *f);
void tp_touch_count(struct tp_core *core, const struct tp_frame *f);
void tp_touch_reset(struct tp_core *core);

/* palm.c: PalmDetect; true if new touches are held back in this frame */
bool tp_palm_frame(struct tp_core *core, const struct tp_frame *f);

/* clickpad.c */
void tp_clickpad_press(struct tp_core *core);
void tp_clickpad_release(struct tp_core *core);
int tp_clickfinger_count(const struct tp_core *core);
bool tp_button_strip_at(const struct tp_core *core, int y);
bool tp_clickpad_suppresses_motion(const struct tp_core *core);
/* Touches that began in a button strip or that a click pinned: may they move the pointer now? */
void tp_clickpad_update_touches(struct tp_core *core);
int tp_softbutton_at(const struct tp_core *core, int x, int y);
void tp_clickpad_reset(struct tp_core *core);

/* tap.c */
void tp_tap_frame(struct tp_core *core);
void tp_tap_button(struct tp_core *core);
void tp_tap_timeout(struct tp_core *core, uint64_t now);
/* The tap machine's timer, 0 none. */
uint64_t tp_tap_next_timeout(const struct tp_core *core);
void tp_tap_reset(struct tp_core *core);
/* A tap of the fingers down now may still come (tapping on for that count, nothing ruled it out). */
bool tp_tap_pending(const struct tp_core *core);
const char *tp_tap_state_name(enum tp_tap_state state);

/* gesture.c */
bool tp_gesture_frame(struct tp_core *core);
/* The two fingers scroll (decided, or no pinch possible): scroll.c may. */
bool tp_gesture_scroll_allowed(const struct tp_core *core);
/* A pinch runs (it may have taken over a two-finger scroll). */
bool tp_gesture_pinching(const struct tp_core *core);
/*
 * The two touches two-finger scrolling follows this frame (-1: none), the
 * positions gesture.c decides from: a second finger still pressing in
 * included (its touch's x/y are the contact's).
 */
void tp_gesture_pair(const struct tp_core *core, int *t1, int *t2);
/* The noise of the positions the two-finger decision compares, x units (y scaled to x). */
double tp_gesture_noise(const struct tp_core *core);
/*
 * Two-finger scrolling of touches t1, t2: where (and when) the fingers
 * settled, and how far along an axis they moved for the scroll to be
 * decided (x units).
 */
bool tp_gesture_scroll_origin(const struct tp_core *core, int t1, int t2, double *x, double *y,
			      uint64_t *time, double *proof);
/* The finger count the gesture code has settled on (a one-frame glitch of the count is not). */
int tp_gesture_fingers(const struct tp_core *core);
void tp_gesture_reset(struct tp_core *core);

/* suppress.c: button-area suppression */
/* Suppression on and a button held (a clickpad pressed). */
bool tp_suppress_active(const struct tp_core *core);
/* Mark and release the touches of an MT pad; true if one changed state. */
bool tp_suppress_update(struct tp_core *core);

/* motion.c: 1.9's speed curve for a delta of `dist` units over dt_ms */
double tp_motion_speed_factor(const struct tp_core *core, double dist, double dt_ms);

/* scroll.c: a frame of edge, circular or two-finger scrolling; true if it scrolled */
bool tp_scroll_frame(struct tp_core *core);
void tp_scroll_timeout(struct tp_core *core, uint64_t now);
/* Coasting's next step, 0 none. */
uint64_t tp_scroll_next_timeout(const struct tp_core *core);
void tp_scroll_reset(struct tp_core *core);

#endif /* SYNMT_CORE_PRIVATE_H */
