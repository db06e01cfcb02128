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
 *                  [--verbose] [--kernel-filter] [--libinput-udev]
 *                  DEVICE.desc [EVENTS...]
 * With one file, it holds both the description and the events.
 *
 * The reading and playing is replay.c's; this file is the command around
 * it: options, output, summary.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "tp-evdev.h"
#include "tp-options.h"
#include "touchpad.h"

#define MAX_BUTTONS 32

struct setting {
	const char *name;
	const char *value;
};

struct cli {
	/* options */
	struct setting *settings;
	int nsettings;
	bool summary, quiet, verbose, props, kernel_filter, libinput_udev;
	/* the recording and its clock */
	struct replay rp;
	/* counts for --summary */
	unsigned long motion_events, scroll_events, gesture_events;
	double dx, dy, scroll_vert, scroll_horiz;
	unsigned long presses[MAX_BUTTONS + 1];
	bool held[MAX_BUTTONS + 1];
	int errors;		/* bad option values */
};

static void stamp(struct cli *r)
{
	uint64_t t = r->rp.now >= r->rp.start ? r->rp.now - r->rp.start : 0;
	printf("%" PRIu64 ".%03" PRIu64 " ", t / 1000000u, (t % 1000000u) / 1000u);
}

static void out_motion(void *user, double dx, double dy, double dxu, double dyu)
{
	struct cli *r = user;

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
	struct cli *r = user;

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
	struct cli *r = user;

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
	struct cli *r = user;

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
	struct cli *r = user;

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
	struct cli *r = user;

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
	struct cli *r = user;
	va_list ap;

	if (level == TP_LOG_ERROR)
		r->errors++;
	fprintf(stderr, "synreplay: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
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

static void print_summary(const struct cli *r)
{
	printf("summary frames %lu\n", r->rp.frames);
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
		"  --kernel-filter    filter the events as the kernel's input core does (fuzz,\n"
		"                     unchanged values, empty frames): for generated recordings\n"
		"  --libinput-udev    as on a system with libinput's udev rules: the kernel's fuzz of\n"
		"                     the positions is 0 (nothing filtered by it), udev has it\n"
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
		{ "kernel-filter", no_argument, NULL, 'k' },
		{ "libinput-udev", no_argument, NULL, 'u' },
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
	struct cli r = { 0 };
	struct tp_option_source src;
	struct tp_params params;
	FILE *fp;
	int c, rc = 0;

	r.settings = calloc((size_t)argc, sizeof(*r.settings));
	if (!r.settings)
		return 1;
	while ((c = getopt_long(argc, argv, "s:Sqpvkuh", longopts, NULL)) != -1) {
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
		case 'k':
			r.kernel_filter = true;
			break;
		case 'u':
			r.libinput_udev = true;
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
	if (replay_open(&r.rp, fp, argv[optind]) < 0) {
		fprintf(stderr, "synreplay: %s\n", r.rp.why);
		return 1;
	}
	if (r.libinput_udev)
		replay_libinput_udev(&r.rp);
	if (r.kernel_filter && replay_kernel_filter(&r.rp) < 0) {
		fprintf(stderr, "synreplay: %s\n", r.rp.why);
		return 1;
	}

	/* options -> parameters, exactly as the X driver does it */
	src.lookup = lookup_setting;
	src.log = log_option;
	src.user = &r;
	tp_options_apply(&r.rp.st.dev, &params, &src);
	if (r.errors) {
		fprintf(stderr, "synreplay: bad option value\n");
		return 2;
	}
	if (r.props)
		print_props(&r.rp.st.dev, &params);

	if (replay_start(&r.rp, &params, &output, &r) < 0) {
		fprintf(stderr, "synreplay: %s\n", r.rp.why);
		return 1;
	}

	if (optind + 1 == argc) {
		/* one file: the events follow the description */
		rc = replay_play_file(&r.rp, fp, argv[optind], false);
	}
	fclose(fp);
	for (int i = optind + 1; i < argc && rc == 0; i++) {
		fp = fopen(argv[i], "r");
		if (!fp) {
			fprintf(stderr, "synreplay: %s: %s\n", argv[i], strerror(errno));
			rc = -ENOENT;
			break;
		}
		rc = replay_play_file(&r.rp, fp, argv[i], true);
		fclose(fp);
	}
	if (rc < 0 && rc != -ENOENT)
		fprintf(stderr, "synreplay: %s\n", r.rp.why);
	/* what is still pending after the last event (tap timeouts, coasting) */
	replay_finish(&r.rp);

	if (r.summary)
		print_summary(&r);
	replay_close(&r.rp);
	free(r.settings);
	return (rc < 0 || r.rp.errors) ? 1 : 0;
}
