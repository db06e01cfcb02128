/*
 * synreplay - play an evemu recording through the synaptics-mt evdev backend
 * and core, and print what a user would get, one action per line:
 *
 *   0.123 motion dx=1.50 dy=-0.25
 *   0.400 button 1 down
 *   0.512 scroll vert=1.00 horiz=0.00
 *   0.700 gesture swipe begin fingers=3 dx=0.00 dy=0.00
 *
 * Times are seconds since the first event.  The clock is virtual: it is the
 * event timestamps, and the core's timeouts fire in between and after the
 * last event, as a live device would see them.
 *
 * usage: synreplay [--set Name=value]... [--summary] [--props] [--quiet]
 *                  [--verbose] DEVICE.desc [EVENTS...]
 * With one file, it holds both the description and the events.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <evemu.h>
#include <libevdev/libevdev.h>

#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

#define MAX_BUTTONS 32
/* Stop firing timeouts this long after the last event (a timer that keeps re-arming). */
#define TAIL_LIMIT_US (60u * 1000000u)
#define MAX_TIMEOUTS_PER_STEP 100000

struct setting {
	const char *name;
	const char *value;
};

struct replay {
	/* options */
	struct setting *settings;
	int nsettings;
	bool summary, quiet, verbose, props;
	/* state */
	struct tp_core *core;
	uint64_t start;		/* first event time, us */
	uint64_t now;		/* virtual clock, us */
	bool started;
	/* counts for --summary */
	unsigned long frames, motion_events, scroll_events, gesture_events;
	double dx, dy, scroll_vert, scroll_horiz;
	unsigned long presses[MAX_BUTTONS + 1];
	bool held[MAX_BUTTONS + 1];
	int errors;
};

static void stamp(struct replay *r)
{
	uint64_t t = r->now >= r->start ? r->now - r->start : 0;
	printf("%" PRIu64 ".%03" PRIu64 " ", t / 1000000u, (t % 1000000u) / 1000u);
}

static void out_motion(void *user, double dx, double dy, double dxu, double dyu)
{
	struct replay *r = user;

	(void)dxu;
	(void)dyu;
	r->motion_events++;
	r->dx += dx;
	r->dy += dy;
	if (!r->quiet) {
		stamp(r);
		printf("motion dx=%.2f dy=%.2f\n", dx, dy);
	}
}

static void out_button(void *user, int button, bool down)
{
	struct replay *r = user;

	if (button >= 1 && button <= MAX_BUTTONS) {
		if (down)
			r->presses[button]++;
		r->held[button] = down;
	}
	if (!r->quiet) {
		stamp(r);
		printf("button %d %s\n", button, down ? "down" : "up");
	}
}

static void out_scroll(void *user, double vert, double horiz)
{
	struct replay *r = user;

	r->scroll_events++;
	r->scroll_vert += vert;
	r->scroll_horiz += horiz;
	if (!r->quiet) {
		stamp(r);
		printf("scroll vert=%.2f horiz=%.2f\n", vert, horiz);
	}
}

static void out_gesture(void *user, const struct tp_gesture_event *ev)
{
	static const char *const phase[] = { "begin", "update", "end" };
	struct replay *r = user;

	r->gesture_events++;
	if (r->quiet)
		return;
	stamp(r);
	printf("gesture %s %s%s fingers=%d dx=%.2f dy=%.2f",
	       ev->type == TP_GESTURE_SWIPE ? "swipe" : "pinch", phase[ev->phase],
	       ev->cancelled ? " cancelled" : "", ev->fingers, ev->dx, ev->dy);
	if (ev->type == TP_GESTURE_PINCH)
		printf(" scale=%.3f angle=%.2f", ev->scale, ev->angle_delta);
	printf("\n");
}

static void out_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
	__attribute__((format(printf, 3, 0)));

static void out_log(void *user, enum tp_log_level level, const char *fmt, va_list args)
{
	struct replay *r = user;

	if (level == TP_LOG_DEBUG && !r->verbose)
		return;
	fprintf(stderr, "core: ");
	vfprintf(stderr, fmt, args);
	if (fmt[0] && fmt[strlen(fmt) - 1] != '\n')
		fputc('\n', stderr);
}

/* ---- options: --set Name=value, looked up like xorg.conf options ---- */

static char *lookup_setting(void *user, const char *name)
{
	struct replay *r = user;

	/* the last --set of a name wins */
	for (int i = r->nsettings - 1; i >= 0; i--)
		if (tp_option_name_eq(r->settings[i].name, name))
			return strdup(r->settings[i].value);
	return NULL;
}

static void log_option(void *user, enum tp_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void log_option(void *user, enum tp_log_level level, const char *fmt, ...)
{
	struct replay *r = user;
	va_list ap;

	if (level == TP_LOG_ERROR)
		r->errors++;
	fprintf(stderr, "synreplay: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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
	tp_core_frame(r->core, frame);
}

static int play_file(struct replay *r, struct tp_evdev_state *st, FILE *fp, const char *name,
		     bool need_events)
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

		switch (tp_evdev_feed(st, &ev, &frame)) {
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
	if (rc < 0) {
		fprintf(stderr, "synreplay: %s: unreadable event line\n", name);
		return -EINVAL;
	}
	if (first && need_events) {
		fprintf(stderr, "synreplay: %s: no events (E: lines) in this file\n", name);
		return -EINVAL;
	}
	return 0;
}

static void print_props(const struct tp_device *dev, const struct tp_params *params)
{
	for (size_t i = 0; i < tp_prop_count; i++) {
		const struct tp_prop_desc *p = &tp_prop_table[i];
		double v[TP_PROP_MAX_ITEMS];

		if (!tp_prop_exists(p, dev, params))
			continue;
		tp_prop_get(p, dev, params, v);
		printf("prop \"%s\":", p->name);
		for (int k = 0; k < p->count; k++)
			printf(p->format == TP_PROP_FLOAT ? " %g" : " %.0f", v[k]);
		printf("\n");
	}
}

static void print_summary(const struct replay *r)
{
	printf("summary frames %lu\n", r->frames);
	printf("summary motion-events %lu\n", r->motion_events);
	printf("summary motion-dx %.2f\n", r->dx);
	printf("summary motion-dy %.2f\n", r->dy);
	printf("summary buttons-pressed");
	for (int b = 1; b <= MAX_BUTTONS; b++)
		if (r->presses[b])
			printf(" %d", b);
	printf("\n");
	for (int b = 1; b <= MAX_BUTTONS; b++)
		if (r->presses[b])
			printf("summary button-%d-presses %lu\n", b, r->presses[b]);
	printf("summary buttons-held");
	for (int b = 1; b <= MAX_BUTTONS; b++)
		if (r->held[b])
			printf(" %d", b);
	printf("\n");
	printf("summary scroll-events %lu\n", r->scroll_events);
	printf("summary scroll-vert %.2f\n", r->scroll_vert);
	printf("summary scroll-horiz %.2f\n", r->scroll_horiz);
	printf("summary gesture-events %lu\n", r->gesture_events);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: synreplay [options] DEVICE.desc [EVENTS...]\n"
		"  --set Name=value   a synaptics(4) option, as in xorg.conf (repeatable)\n"
		"  --summary          print totals (summary ...) after the actions\n"
		"  --quiet            do not print the actions\n"
		"  --props            print the property values the options give\n"
		"  --verbose          core debug log on stderr\n"
		"With one file, it holds both the description and the events.\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "summary", no_argument, NULL, 'S' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "props", no_argument, NULL, 'p' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsuggest-attribute=format"
	static const struct tp_output output = {
		.motion = out_motion, .button = out_button, .scroll = out_scroll,
		.gesture = out_gesture, .log = out_log,
	};
#pragma GCC diagnostic pop
	struct replay r = { 0 };
	struct tp_evdev_state st;
	struct tp_option_source src;
	struct tp_params params;
	struct evemu_device *em;
	struct libevdev *ld;
	const char *why;
	FILE *fp;
	int c, rc = 0;

	r.settings = calloc((size_t)argc, sizeof(*r.settings));
	if (!r.settings)
		return 1;
	while ((c = getopt_long(argc, argv, "s:Sqpvh", longopts, NULL)) != -1) {
		char *eq;

		switch (c) {
		case 's':
			eq = strchr(optarg, '=');
			if (!eq || eq == optarg) {
				fprintf(stderr, "synreplay: --set wants Name=value, got '%s'\n", optarg);
				return 2;
			}
			*eq = '\0';
			/* a removed 1.x option is accepted: the option code warns, as the driver does */
			if (!tp_option_find(optarg) && !tp_option_is_removed(optarg)) {
				fprintf(stderr, "synreplay: unknown option '%s'\n", optarg);
				return 2;
			}
			r.settings[r.nsettings].name = optarg;
			r.settings[r.nsettings].value = eq + 1;
			r.nsettings++;
			break;
		case 'S':
			r.summary = true;
			break;
		case 'q':
			r.quiet = true;
			break;
		case 'p':
			r.props = true;
			break;
		case 'v':
			r.verbose = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}

	/* device description */
	fp = fopen(argv[optind], "r");
	if (!fp) {
		fprintf(stderr, "synreplay: %s: %s\n", argv[optind], strerror(errno));
		return 1;
	}
	em = evemu_new(NULL);
	if (!em || evemu_read(em, fp) <= 0) {
		fprintf(stderr, "synreplay: %s: not an evemu device description\n", argv[optind]);
		return 1;
	}
	ld = evdev_from_evemu(em);
	if (!ld) {
		fprintf(stderr, "synreplay: out of memory\n");
		return 1;
	}
	if (tp_evdev_check(ld, &why) < 0) {
		fprintf(stderr, "synreplay: %s: not a touchpad: %s\n", argv[optind], why);
		return 1;
	}
	tp_evdev_state_init(&st, ld, false);

	/* options -> parameters, exactly as the X driver does it */
	src.lookup = lookup_setting;
	src.log = log_option;
	src.user = &r;
	tp_options_apply(&st.dev, &params, &src);
	if (r.errors) {
		fprintf(stderr, "synreplay: bad option value\n");
		return 2;
	}
	if (r.props)
		print_props(&st.dev, &params);

	r.core = tp_core_new(&st.dev, &params, &output, &r);
	if (!r.core) {
		fprintf(stderr, "synreplay: the core refused the device or parameters\n");
		return 1;
	}

	if (optind + 1 == argc) {
		/* one file: the events follow the description */
		rc = play_file(&r, &st, fp, argv[optind], false);
	}
	fclose(fp);
	for (int i = optind + 1; i < argc && rc == 0; i++) {
		fp = fopen(argv[i], "r");
		if (!fp) {
			fprintf(stderr, "synreplay: %s: %s\n", argv[i], strerror(errno));
			rc = -ENOENT;
			break;
		}
		rc = play_file(&r, &st, fp, argv[i], true);
		fclose(fp);
	}
	/* what is still pending after the last event (tap timeouts, coasting) */
	if (r.started)
		run_timeouts(&r, r.now + TAIL_LIMIT_US);

	if (r.summary)
		print_summary(&r);
	tp_core_free(r.core);
	tp_evdev_state_release(&st);
	libevdev_free(ld);
	evemu_delete(em);
	free(r.settings);
	return (rc < 0 || r.errors) ? 1 : 0;
}
