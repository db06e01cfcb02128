/*
 * fuzz-replay.c - libFuzzer harness: synreplay's recording reader and
 * player (xf86-input-synaptics/tools/replay.c, what synreplay runs) on any
 * text, in one process.
 *
 * Input layout: text, split at NUL bytes into up to 4 files.  The first is
 * the device description (evemu: "# EVEMU" version line, N:, I:, P:, B:,
 * A:, L:, S: lines, # comments); alone, it holds the events (E: lines) too,
 * as synreplay's one-file form; the others are event files of their own,
 * played one after the other as `synreplay DESC EVENTS...` does.  Any byte
 * string is an input: garbage, huge and negative numbers, missing fields,
 * lines out of order.  The parameters are the defaults for the device, the
 * scroll buttons' repeat off (see option()).
 *
 * Checks beyond no crash and no undefined behaviour (in our code; libevemu
 * is not instrumented): a refused description or event file says why (the
 * message synreplay prints is not empty); an accepted recording plays
 * through the core with the promises of fuzz-sink.h (presses released once,
 * gestures in order, finite deltas, no core error), issue 29's invariant
 * holds after the tail of timeouts
 * (the last frame idle and no timer: nothing held, no gesture open), and
 * after a reset nothing is held.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_NAME "fuzz-replay"
#include "fuzz-sink.h"
#include "replay.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_FILES 4

/*
 * libevemu 2.7 leaks the line getline() gave it in two places, both on the
 * way out: evemu_read_event() on a malformed E: line, evemu_read() on a
 * description without a line of two characters (an "empty file").
 * synreplay stops there; the leaks are not ours.  Playing allocates
 * nothing of ours (the core and the backend allocate at start only), so the
 * leak checker skips what is allocated while a file plays, and while such
 * an empty description is read.  (A suppression would not do: libevemu has
 * no frame pointers, the leak's stack ends in getdelim, and libFuzzer
 * symbolises it for every such input: 50 runs/s instead of hundreds.)
 * Weak: the build without sanitizers has no leak checker.
 */
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));

static void lsan_off(void)
{
	if (__lsan_disable)
		__lsan_disable();
}

static void lsan_on(void)
{
	if (__lsan_enable)
		__lsan_enable();
}

/* Has the description a line evemu_read() takes (two characters or more)? */
static bool has_line(const uint8_t *p, size_t len)
{
	size_t from = 0;

	for (size_t i = 0; i < len; i++) {
		if (p[i] == '\n') {
			if (i + 1 - from >= 2)
				return true;
			from = i + 1;
		}
	}
	return len - from >= 2;
}

static int play_file(struct replay *r, FILE *fp, const char *name, bool need_events)
{
	int rc;

	lsan_off();
	rc = replay_play_file(r, fp, name, need_events);
	lsan_on();
	return rc;
}

/*
 * The defaults, but for the scroll buttons' repeat: a button held across a
 * gap of years (any timestamps are an input) repeats every 100 ms of it,
 * 100000 timeouts a gap before synreplay gives up, and a few such gaps make
 * an input run for minutes.  fuzz-evdev.c fuzzes the repeat.
 */
static char *option(void *user, const char *name)
{
	(void)user;
	if (tp_option_name_eq(name, "UpDownScrollRepeat") || tp_option_name_eq(name, "LeftRightScrollRepeat"))
		return strdup("off");
	return NULL;
}

/* An in-memory file of len bytes (fmemopen wants at least one). */
static FILE *open_part(const uint8_t *p, size_t len, char **copy)
{
	*copy = malloc(len + 1);
	if (!*copy)
		return NULL;
	memcpy(*copy, p, len);
	(*copy)[len] = '\0';
	return fmemopen(*copy, len ? len : 1, "r");
}

static void refused(const struct replay *r, const char *what)
{
	if (!r->why[0])
		bug("%s was refused without a reason", what);
}

static void play(const uint8_t *data, size_t nparts, const size_t *start, const size_t *len)
{
	struct tp_option_source opts = { option, NULL, NULL };
	struct sink s = { .last_idle = true };
	struct tp_params params;
	struct replay r;
	char *copy;
	FILE *fp;
	int rc;

	fp = open_part(data + start[0], len[0], &copy);
	if (!fp) {
		free(copy);
		return;
	}
	if (!has_line(data + start[0], len[0]))
		lsan_off();
	rc = replay_open(&r, fp, "desc");
	if (!has_line(data + start[0], len[0]))
		lsan_on();
	if (rc < 0) {
		refused(&r, "a description");
		goto out;
	}
	tp_options_apply(&r.st.dev, &params, &opts);
	if (replay_start(&r, &params, &sink_output, &s) < 0) {
		refused(&r, "a device");
		goto out;
	}
	s.dev = &r.st.dev;
	s.core = r.core;
	if (nparts == 1)
		rc = play_file(&r, fp, "desc", false);
	for (size_t i = 1; i < nparts && rc == 0; i++) {
		char *ev_copy;
		FILE *ev = open_part(data + start[i], len[i], &ev_copy);

		if (ev) {
			rc = play_file(&r, ev, "events", true);
			fclose(ev);
		}
		free(ev_copy);
	}
	if (rc < 0)
		refused(&r, "an event file");
	/* r.errors: a timer re-armed 100000 times in one gap (a scroll button held for
	 * days between two events repeats): synreplay's limit, not a broken promise */
	replay_finish(&r);
	if (r.frames)
		s.last_idle = fuzz_frame_idle(&s, &r.last);
	fuzz_check_invariant(&s);
	tp_core_reset(r.core, r.now);
	check_idle(&s);
out:
	replay_close(&r);
	fclose(fp);
	free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t start[MAX_FILES], len[MAX_FILES], n = 0, from = 0;

	for (size_t i = 0; i < size && n < MAX_FILES - 1; i++) {
		if (data[i] == '\0') {
			start[n] = from;
			len[n] = i - from;
			n++;
			from = i + 1;
		}
	}
	start[n] = from;	/* the last file takes the rest */
	len[n] = size - from;
	n++;
	play(data, n, start, len);
	return 0;
}
