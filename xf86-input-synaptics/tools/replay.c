/*
 * replay.c - synreplay's engine (replay.h): the recording's device from its
 * evemu description, its events through the evdev backend and the core on
 * the virtual clock.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <evemu.h>
#include <libevdev/libevdev.h>

#include "replay.h"

/* Stop firing timeouts this long after the last event (a timer that keeps re-arming). */
#define TAIL_LIMIT_US (60u * 1000000u)
#define MAX_TIMEOUTS_PER_STEP 100000

static int fail(struct replay *r, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int fail(struct replay *r, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, sizeof(r->why), fmt, ap);
	va_end(ap);
	return rc;
}

/* ---- recording -> libevdev description ---- */

static struct libevdev *evdev_from_evemu(const struct evemu_device *em)
{
	struct libevdev *ld = libevdev_new();

	if (!ld)
		return NULL;
	libevdev_set_name(ld, evemu_get_name(em));
	libevdev_set_id_bustype(ld, (int)evemu_get_id_bustype(em));
	libevdev_set_id_vendor(ld, (int)evemu_get_id_vendor(em));
	libevdev_set_id_product(ld, (int)evemu_get_id_product(em));
	libevdev_set_id_version(ld, (int)evemu_get_id_version(em));
	for (int p = 0; p <= INPUT_PROP_MAX; p++)
		if (evemu_has_prop(em, p))
			libevdev_enable_property(ld, (unsigned int)p);
	for (int type = EV_KEY; type <= EV_MAX; type++) {
		int max = libevdev_event_type_get_max((unsigned int)type);

		if (type == EV_REP || max < 0 || !evemu_has_bit(em, type))
			continue;
		for (int code = 0; code <= max; code++) {
			struct input_absinfo abs;

			if (!evemu_has_event(em, type, code))
				continue;
			if (type == EV_ABS) {
				memset(&abs, 0, sizeof(abs));
				abs.minimum = evemu_get_abs_minimum(em, code);
				abs.maximum = evemu_get_abs_maximum(em, code);
				abs.fuzz = evemu_get_abs_fuzz(em, code);
				abs.flat = evemu_get_abs_flat(em, code);
				abs.resolution = evemu_get_abs_resolution(em, code);
				libevdev_enable_event_code(ld, EV_ABS, (unsigned int)code, &abs);
			} else {
				libevdev_enable_event_code(ld, (unsigned int)type, (unsigned int)code, NULL);
			}
		}
	}
	return ld;
}

int replay_open(struct replay *r, FILE *fp, const char *name)
{
	const char *why;

	memset(r, 0, sizeof(*r));
	r->em = evemu_new(NULL);
	if (!r->em || evemu_read(r->em, fp) <= 0)
		return fail(r, -EINVAL, "%s: not an evemu device description", name);
	r->evdev = evdev_from_evemu(r->em);
	if (!r->evdev)
		return fail(r, -ENOMEM, "out of memory");
	if (tp_evdev_check(r->evdev, &why) < 0)
		return fail(r, -ENODEV, "%s: not a touchpad: %s", name, why);
	tp_evdev_state_init(&r->st, r->evdev, false);
	return 0;
}

void replay_libinput_udev(struct replay *r)
{
	tp_evdev_libinput_fuzz_override(r->evdev, &r->st.dev);
}

/* ---- the kernel's filter ---- */

int replay_kernel_filter(struct replay *r)
{
	struct replay_kfilter *kf = &r->kf;

	kf->nslots = libevdev_has_event_code(r->evdev, EV_ABS, ABS_MT_SLOT) ?
		     libevdev_get_num_slots(r->evdev) : 0;
	if (kf->nslots > 0) {
		kf->mt = calloc((size_t)kf->nslots, sizeof(*kf->mt));
		if (!kf->mt)
			return fail(r, -ENOMEM, "out of memory");
		/* input_mt_init_slots: every slot starts without a contact */
		for (int s = 0; s < kf->nslots; s++)
			kf->mt[s][ABS_MT_TRACKING_ID - REPLAY_MT_FIRST] = -1;
	}
	for (unsigned int code = 0; code < ABS_CNT; code++)
		if (libevdev_has_event_code(r->evdev, EV_ABS, code))
			kf->abs[code] = libevdev_get_abs_info(r->evdev, code)->value;
	kf->on = true;
	return 0;
}

/* input_defuzz_abs_event: a change within the fuzz is dropped or averaged in. */
static int defuzz(int value, int old, int fuzz)
{
	if (fuzz) {
		if (value > old - fuzz / 2 && value < old + fuzz / 2)
			return old;
		if (value > old - fuzz && value < old + fuzz)
			return (old * 3 + value) / 4;
		if (value > old - fuzz * 2 && value < old + fuzz * 2)
			return (old + value) / 2;
	}
	return value;
}

/* ABS_MT_SLOT lies below the range: not a per-slot value */
static bool is_mt_value(unsigned int code)
{
	return code >= REPLAY_MT_FIRST && code <= REPLAY_MT_LAST;
}

/* input_handle_abs_event and the frame flush: false if the kernel would not pass ev. */
static bool kernel_passes(struct replay_kfilter *kf, const struct libevdev *evdev,
			  struct input_event *ev)
{
	int *old = NULL;

	if (ev->type == EV_SYN && ev->code == SYN_REPORT) {
		bool any = kf->pending > 0;

		kf->pending = 0;
		return any;
	}
	if (ev->type != EV_ABS) {
		kf->pending++;
		return true;
	}
	if (!libevdev_has_event_code(evdev, EV_ABS, ev->code))
		return false;	/* input_get_disposition: not the device's */
	if (ev->code == ABS_MT_SLOT) {
		/* the kernel sends it with the next value of that slot; now is the same */
		if (ev->value >= 0 && ev->value < kf->nslots)
			kf->slot = ev->value;
		return true;
	}
	if (!is_mt_value(ev->code))
		old = &kf->abs[ev->code];
	else if (kf->nslots > 0)
		old = &kf->mt[kf->slot][ev->code - REPLAY_MT_FIRST];
	if (old) {
		ev->value = defuzz(ev->value, *old, libevdev_get_abs_fuzz(evdev, ev->code));
		if (ev->value == *old)
			return false;
		*old = ev->value;
	}
	kf->pending++;
	return true;
}

int replay_start(struct replay *r, const struct tp_params *params, const struct tp_output *out,
		 void *user)
{
	r->core = tp_core_new(&r->st.dev, params, out, user);
	if (!r->core)
		return fail(r, -EINVAL, "the core refused the device or parameters");
	return 0;
}

/* ---- the virtual clock ---- */

/* Fire every core timeout due at or before t. */
static void run_timeouts(struct replay *r, uint64_t t)
{
	for (int n = 0; n < MAX_TIMEOUTS_PER_STEP; n++) {
		uint64_t due = tp_core_next_timeout(r->core);

		if (due == 0 || due > t)
			return;
		if (due > r->now)
			r->now = due;
		tp_core_timeout(r->core, r->now);
	}
	fprintf(stderr, "synreplay: the core keeps asking for timeouts at %.3f s, giving up\n",
		(double)(r->now - r->start) / 1e6);
	r->errors++;
}

static void play_frame(struct replay *r, const struct tp_frame *frame)
{
	run_timeouts(r, frame->time);
	if (frame->time > r->now)
		r->now = frame->time;
	r->frames++;
	r->last = *frame;
	tp_core_frame(r->core, frame);
}

int replay_play_file(struct replay *r, FILE *fp, const char *name, bool need_events)
{
	struct input_event ev;
	struct tp_frame frame;
	uint64_t shift = 0;
	bool first = true;
	int rc;

	while ((rc = evemu_read_event(fp, &ev)) > 0) {
		uint64_t t = tp_evdev_event_time(&ev);

		if (!r->started) {
			r->start = r->now = t;
			r->started = true;
		}
		/* A later file recorded at an earlier time continues where we are. */
		if (first && t < r->now)
			shift = r->now - t + 1000;
		first = false;
		t += shift;
		ev.input_event_sec = (time_t)(t / 1000000u);
		ev.input_event_usec = (suseconds_t)(t % 1000000u);

		if (r->kf.on && !kernel_passes(&r->kf, r->evdev, &ev))
			continue;
		switch (tp_evdev_feed(&r->st, &ev, &frame)) {
		case TP_EVDEV_FRAME:
			play_frame(r, &frame);
			break;
		case TP_EVDEV_DROPPED:
			/* no device to resync from (the X driver has libevdev's resync): forget everything */
			run_timeouts(r, t);
			r->now = t > r->now ? t : r->now;
			tp_core_reset(r->core, r->now);
			break;
		case TP_EVDEV_NONE:
			break;
		}
	}
	if (rc < 0)
		return fail(r, -EINVAL, "%s: unreadable event line", name);
	if (first && need_events)
		return fail(r, -EINVAL, "%s: no events (E: lines) in this file", name);
	return 0;
}

void replay_finish(struct replay *r)
{
	if (r->started)
		run_timeouts(r, r->now + TAIL_LIMIT_US);
}

void replay_close(struct replay *r)
{
	free(r->kf.mt);
	r->kf.mt = NULL;
	tp_core_free(r->core);
	if (r->evdev)
		tp_evdev_state_release(&r->st);
	libevdev_free(r->evdev);
	if (r->em)
		evemu_delete(r->em);
	r->core = NULL;
	r->evdev = NULL;
	r->em = NULL;
}
