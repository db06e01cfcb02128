/*
 * replay.h - synreplay's engine: an evemu recording read and played
 * through the evdev backend and the core on a virtual clock (the event
 * timestamps; the core's timeouts fire in between and after the last
 * event, as a live device would see them).  synreplay.c is the command
 * around it; test/fuzz/fuzz-replay.c fuzzes it in one process.
 *
 * Errors are negative errno values; r->why then says what was wrong, as
 * synreplay prints it after "synreplay: ".
 */
#ifndef SYNMT_REPLAY_H
#define SYNMT_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/input.h>

#include "tp-evdev.h"
#include "touchpad.h"

struct evemu_device;
struct libevdev;

/*
 * The kernel's input core as it stands between a device and evdev: ABS
 * values filtered by their fuzz (input_defuzz_abs_event), a value that
 * changes nothing dropped, and a frame left empty not sent.  A recording
 * made from an evdev node has been through it already; a generated one has
 * not, and goes through it when the guest plays it into a uinput device.
 */
/* the kernel's per-slot values (its ABS_MT_FIRST..ABS_MT_LAST, not in the uapi headers) */
#define REPLAY_MT_FIRST ABS_MT_TOUCH_MAJOR
#define REPLAY_MT_LAST ABS_MT_TOOL_Y

struct replay_kfilter {
	bool on;
	int slot, nslots;
	int abs[ABS_CNT];
	int (*mt)[REPLAY_MT_LAST - REPLAY_MT_FIRST + 1];	/* nslots rows */
	unsigned int pending;	/* values passed since the last SYN_REPORT */
};

struct replay {
	/* the recording's device (replay_open) */
	struct evemu_device *em;
	struct libevdev *evdev;
	struct tp_evdev_state st;
	struct replay_kfilter kf;
	/* the core (replay_start) and the virtual clock, us */
	struct tp_core *core;
	uint64_t start;		/* first event time */
	uint64_t now;
	bool started;
	unsigned long frames;
	struct tp_frame last;	/* the last frame played */
	int errors;		/* the core kept asking for timeouts */
	char why[512];
};

/*
 * Read the device description (evemu N:/I:/P:/B:/A: lines) from fp, name
 * being the file's name for messages, and check it is a touchpad.  fp is
 * left at the first line after the description.
 */
int replay_open(struct replay *r, FILE *fp, const char *name);

/*
 * Filter the events as the kernel would (struct replay_kfilter) before the
 * backend sees them: call after replay_open, before playing.
 */
int replay_kernel_filter(struct replay *r);

/*
 * As if libinput's udev rule had run for the device (udev-fuzz.c): the
 * position axes' fuzz is udev's, the kernel's is 0 and it filters nothing
 * by it.  Call after replay_open, before replay_kernel_filter.
 */
void replay_libinput_udev(struct replay *r);

/* The core for the device, with these parameters and this output. */
int replay_start(struct replay *r, const struct tp_params *params, const struct tp_output *out,
		 void *user);

/*
 * Play the E: lines of fp.  need_events: fp is a file of its own and must
 * hold some.  A later file recorded at an earlier time continues where the
 * clock is.
 */
int replay_play_file(struct replay *r, FILE *fp, const char *name, bool need_events);

/* After the last event: what is still pending (tap timeouts, coasting), for up to a minute. */
void replay_finish(struct replay *r);

void replay_close(struct replay *r);

#endif /* SYNMT_REPLAY_H */
