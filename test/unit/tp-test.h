/*
 * tp-test.h - a tiny harness for driving the touchpad core with scripted
 * frames and a fake clock, and recording what it asks its owner to do.
 */
#ifndef SYNMT_TP_TEST_H
#define SYNMT_TP_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "touchpad.h"

/* The XIT recordings' pads: x 1472..5472, y 1408..4448, z 0..255, w 0..15. */
enum tt_kind {
	TT_SYNAPTICS_ST,	/* single-touch, left+right buttons, DOUBLETAP/TRIPLETAP */
	TT_SYNAPTICS_ST_1F,	/* single-touch, no multi-finger detection, no buttons */
	TT_SYNAPTICS_CLICKPAD,	/* 2 MT slots, BUTTONPAD, BTN_LEFT only, up to QUINTTAP */
	TT_SYNAPTICS_MT,	/* 2 MT slots, left+right buttons */
	TT_SYNAPTICS_SEMI_MT,	/* 2 slots with INPUT_PROP_SEMI_MT (a bounding box), clickpad */
};

enum tt_type { TT_MOTION, TT_BUTTON, TT_SCROLL, TT_GESTURE };

struct tt_event {
	enum tt_type type;
	uint64_t time;		/* us */
	double dx, dy, ux, uy;	/* motion */
	int button;
	bool down;
	double v, h;		/* scroll */
	struct tp_gesture_event g;	/* gesture */
};

#define TT_MAX_EVENTS 8192

struct tt {
	struct tp_device dev;
	struct tp_params p;
	struct tp_core *core;
	uint64_t now;		/* us */
	struct tp_frame f;
	int fingers_override;	/* BTN_TOOL_* count to report, -1 = from slots */
	int nev;
	struct tt_event ev[TT_MAX_EVENTS];
	int nlog;		/* log lines seen, any level */
	char lastlog[256];
	int nerror;		/* of them at TP_LOG_ERROR */
	char lasterror[256];
};

/* Device description and defaults; then adjust t->p and call tt_start(). */
void tt_init(struct tt *t, enum tt_kind kind);
void tt_start(struct tt *t);
void tt_free(struct tt *t);

/* Build the next frame (not sent until tt_step). */
void tt_down(struct tt *t, int slot, int x, int y);
void tt_move(struct tt *t, int slot, int x, int y);
void tt_up(struct tt *t, int slot);
void tt_pressure(struct tt *t, int z, int w);
void tt_buttons(struct tt *t, unsigned int bits);

/* Advance the clock by ms (firing due timers), then send the frame. */
void tt_step(struct tt *t, int ms);
/* Advance the clock by ms, firing timers, without a frame. */
void tt_wait(struct tt *t, int ms);
/* Move a slot to (x, y) in `steps` frames of `ms` each. */
void tt_glide(struct tt *t, int slot, int x, int y, int steps, int ms);
/* One finger (slot 0) down at (x, y), held `frames` frames of 12 ms, then up. */
void tt_tap_at(struct tt *t, int x, int y, int frames);

/*
 * A clickpad click-drag: slot 0 lands at (x, y), the pad is pressed a
 * frame later and the finger glides to to_x in 30 frames of 12 ms, the
 * button held.  Returns the time of the press frame.
 */
uint64_t tt_click_drag(struct tt *t, int x, int y, int to_x);

/* Queries over the recorded events. */
/* Index of the first motion event, -1 if none. */
int tt_first_motion(const struct tt *t);
void tt_clear(struct tt *t);
int tt_presses(const struct tt *t, int button);
int tt_releases(const struct tt *t, int button);
/* Index of the n-th (0-based) press/release of button, -1 if none. */
int tt_find_button(const struct tt *t, int button, bool down, int n);
int tt_motion_events(const struct tt *t);
void tt_motion_sum(const struct tt *t, double *dx, double *dy, double *ux, double *uy);
void tt_scroll_sum(const struct tt *t, double *v, double *h);
int tt_scroll_events(const struct tt *t);
/* Gesture events of a type and phase (phase -1: any). */
int tt_gesture_events(const struct tt *t, enum tp_gesture_type type, int phase);
bool tt_held(const struct tt *t, int button);

/* Assertions: record a failure and carry on. */
extern int tt_failures;
#define CHECK(cond, ...)                                                          \
	do {                                                                      \
		if (!(cond)) {                                                    \
			tt_failures++;                                            \
			fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__,    \
				__LINE__, #cond);                                 \
			fprintf(stderr, __VA_ARGS__);                             \
			fputc('\n', stderr);                                      \
		}                                                                 \
	} while (0)

#define RUN(fn)                                                                   \
	do {                                                                      \
		int before_ = tt_failures;                                        \
		fn();                                                             \
		printf("# %s %s\n", tt_failures == before_ ? "ok" : "FAILED", #fn); \
	} while (0)

int tt_exit_status(void);

#endif /* SYNMT_TP_TEST_H */
