/*
 * fuzz-sink.h - the core's output as the harnesses that drive it with event
 * streams see it (fuzz-evdev.c, fuzz-live.c, fuzz-replay.c): every promise
 * of touchpad.h is checked as the output arrives, and a broken one aborts
 * (libFuzzer reports the input).
 *
 *  - every press is followed by one release and never doubled; button
 *    numbers are 1..TP_MAX_BUTTON;
 *  - gestures begin, update and end in order, 2..TP_MAX_SLOTS fingers;
 *  - every delta, scroll amount, scale and angle is finite;
 *  - the core logs no error (its only one is a timer that does not advance);
 *  - the invariant of issue 29: when the last frame the core got says
 *    nothing is touching and no button is down (fuzz_frame_idle) and the
 *    core wants no more timeouts, no button is held and no gesture is open
 *    (fuzz_check_invariant, after every step of a harness);
 *  - the releases during a resync are kept (sink.watch) for the harness to
 *    judge (sink_check_resync): none may release a button pressed by
 *    physical buttons the device reports held before and after it.
 *
 * Define FUZZ_NAME (the harness, for the messages) before including this.
 */
#ifndef SYNMT_FUZZ_SINK_H
#define SYNMT_FUZZ_SINK_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "touchpad.h"

#ifndef FUZZ_NAME
#error "define FUZZ_NAME before including fuzz-sink.h"
#endif

#define FUZZ_MAX_TIMERS	10000	/* per step; the core must settle well before */

struct sink {
	const struct tp_device *dev;	/* set by the harness */
	struct tp_core *core;
	bool held[TP_MAX_BUTTON + 1];
	unsigned long presses, releases;
	bool gesture_open;
	enum tp_gesture_type gesture_type;
	/*
	 * Physical buttons (enum tp_hw_button) that went down with the frame
	 * being fed (the harness sets it around tp_core_frame), and per button
	 * the ones its press came with: a press with no physical cause (a tap,
	 * a timer) has 0.
	 */
	unsigned int cause_now;
	unsigned int cause[TP_MAX_BUTTON + 1];
	/* while watch: the buttons released (bit b - 1) and what had pressed them */
	bool watch;
	uint64_t watched;
	unsigned int watched_cause[TP_MAX_BUTTON + 1];
	/* the last frame fed (sink_frame): its buttons, and whether it was idle
	 * (start with last_idle true: no frame yet) */
	unsigned int last_buttons;
	bool last_idle;
};

static inline __attribute__((noreturn, format(printf, 1, 2))) void bug(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: broken promise: ", FUZZ_NAME);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static inline void sink_motion(void *user, double dx, double dy, double dxu, double dyu)
{
	(void)user;
	if (!isfinite(dx) || !isfinite(dy) || !isfinite(dxu) || !isfinite(dyu))
		bug("motion delta not finite");
}

static inline void sink_button(void *user, int button, bool down)
{
	struct sink *s = user;

	if (button < 1 || button > TP_MAX_BUTTON)
		bug("button number %d out of range", button);
	if (down == s->held[button])
		bug(down ? "button %d pressed twice" : "button %d released but not held", button);
	s->held[button] = down;
	if (down) {
		s->presses++;
		s->cause[button] = s->cause_now;
		return;
	}
	s->releases++;
	if (s->watch) {
		s->watched |= 1ull << (button - 1);
		s->watched_cause[button] = s->cause[button];
	}
}

/*
 * A resync is over: the device held the physical buttons `before` when
 * events were lost and `after` once resynced.  A button released meanwhile
 * that exactly such buttons (held throughout) had pressed is a drag broken
 * by the loss: 1.9 and libinput resync without releasing.
 */
static inline void sink_check_resync(struct sink *s, unsigned int before, unsigned int after)
{
	for (int b = 1; b <= TP_MAX_BUTTON; b++) {
		unsigned int cause = s->watched_cause[b];

		if ((s->watched & (1ull << (b - 1))) && cause && (cause & ~(before & after)) == 0)
			bug("events were lost and resynced: button %d was released though the device "
			    "reports the physical button(s) 0x%x that pressed it held before and after",
			    b, cause);
	}
	s->watch = false;
	s->watched = 0;
}

static inline void sink_scroll(void *user, double vert, double horiz)
{
	(void)user;
	if (!isfinite(vert) || !isfinite(horiz))
		bug("scroll amount not finite");
}

static inline void sink_gesture(void *user, const struct tp_gesture_event *ev)
{
	struct sink *s = user;

	if (!isfinite(ev->dx) || !isfinite(ev->dy) || !isfinite(ev->dx_unaccel) ||
	    !isfinite(ev->dy_unaccel) || !isfinite(ev->scale) || !isfinite(ev->angle_delta))
		bug("gesture values not finite");
	if (ev->fingers < 2 || ev->fingers > TP_MAX_SLOTS)
		bug("gesture finger count %d out of range", ev->fingers);
	switch (ev->phase) {
	case TP_GESTURE_BEGIN:
		if (s->gesture_open)
			bug("gesture begins while another is open");
		s->gesture_open = true;
		s->gesture_type = ev->type;
		break;
	case TP_GESTURE_UPDATE:
	case TP_GESTURE_END:
		if (!s->gesture_open || s->gesture_type != ev->type)
			bug("gesture update or end without its begin");
		if (ev->phase == TP_GESTURE_END)
			s->gesture_open = false;
		break;
	default:
		bug("gesture phase out of range");
	}
}

static inline void sink_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
	__attribute__((format(printf, 3, 0)));

static inline void sink_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
{
	char buf[256];

	(void)user;
	vsnprintf(buf, sizeof(buf), fmt, args);	/* every format is exercised */
	if (level == TP_LOG_ERROR)
		bug("the core logged an error: %s", buf);
}

/* gcc (xorg-macros' warnings) asks for a format attribute on the member too */
#ifndef __clang__
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsuggest-attribute=format"
#endif
static const struct tp_output sink_output = {
	.motion = sink_motion, .button = sink_button, .scroll = sink_scroll,
	.gesture = sink_gesture, .log = sink_log,
};
#ifndef __clang__
#pragma GCC diagnostic pop
#endif

static inline int sink_held_count(const struct sink *s)
{
	int n = 0;

	for (int b = 1; b <= TP_MAX_BUTTON; b++)
		n += s->held[b];
	return n;
}

/* After tp_core_reset(): nothing held, nothing open, no timer. */
static inline void check_idle(const struct sink *s)
{
	const struct tp_core *core = s->core;

	if (sink_held_count(s) || s->presses != s->releases)
		bug("a button is still held after a reset (%lu presses, %lu releases)",
		    s->presses, s->releases);
	if (s->gesture_open)
		bug("a gesture is still open after a reset");
	if (tp_core_next_timeout(core) != 0)
		bug("a timer is pending after a reset");
}

/*
 * Does this frame say nothing touches the pad and no button is down?  No
 * slot (of the ones the device has) active, no BTN_TOUCH, no BTN_TOOL_*,
 * no physical button, and on a pad with a pressure axis a pressure below
 * FingerLow (synaptics(4): below it a finger counts as released; a pad
 * whose range lies above the configured FingerLow is never idle, in 1.9
 * as here).
 */
static inline bool fuzz_frame_idle(const struct sink *s, const struct tp_frame *f)
{
	if (f->buttons || f->touch || f->fingers)
		return false;
	if (s->dev->pressure.present && f->pressure >= tp_core_get_params(s->core)->finger_low)
		return false;
	for (int i = 0; i < s->dev->num_slots && i < TP_MAX_SLOTS; i++)
		if (f->slots[i].active)
			return false;
	return true;
}

/*
 * Issue 29's invariant: the device reports all buttons up and no touches
 * (s->last_idle: the last frame the core got, fuzz_frame_idle) and the core's
 * timers have been drained (it wants no more timeouts): then nothing is
 * held (press count == release count) and no gesture is open.
 */
static inline void fuzz_check_invariant(const struct sink *s)
{
	if (!s->last_idle || tp_core_next_timeout(s->core) != 0)
		return;
	if (sink_held_count(s) || s->presses != s->releases)
		bug("nothing touches, no button is down, no timer is pending, but a button is "
		    "held (%lu presses, %lu releases)", s->presses, s->releases);
	if (s->gesture_open)
		bug("nothing touches, no timer is pending, but a gesture is open");
}

/* Fire the core's timeouts due up to `until`, each at its own time. */
static inline void run_timeouts(struct tp_core *core, uint64_t *now, uint64_t until)
{
	for (int i = 0; i < FUZZ_MAX_TIMERS; i++) {
		uint64_t due = tp_core_next_timeout(core);

		if (due == 0 || due > until)
			return;
		if (due > *now)
			*now = due;
		tp_core_timeout(core, *now);
	}
	bug("the core keeps asking for timeouts");
}

/* Feed one frame to the core (its own catch-up runs overdue timeouts first). */
static inline void sink_core_frame(struct sink *s, const struct tp_frame *f)
{
	s->cause_now = f->buttons & ~s->last_buttons;
	tp_core_frame(s->core, f);
	s->cause_now = 0;
	s->last_buttons = f->buttons;
	s->last_idle = fuzz_frame_idle(s, f);
}

/* Feed one frame as a timely owner does: the timeouts due before it, then the frame. */
static inline void sink_frame(struct sink *s, uint64_t *now, const struct tp_frame *f)
{
	run_timeouts(s->core, now, f->time ? f->time - 1 : 0);
	sink_core_frame(s, f);
}

#endif /* SYNMT_FUZZ_SINK_H */
