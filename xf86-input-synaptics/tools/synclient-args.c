/*
 * synclient-args.c - synclient's command line (see synclient-args.h).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "synclient-args.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

#define NAME_MAX_LEN	64

void synclient_usage(FILE *f)
{
	fprintf(f,
		"Usage: synclient [-l] [-d DEVICE] [NAME=VALUE ...]\n"
		"       synclient [-d DEVICE] -m INTERVAL\n"
		"       synclient -V | -?\n"
		"  -l           list the parameters and their values (default)\n"
		"  -d DEVICE    only the touchpad with this XI id or name\n"
		"               (default: every synaptics touchpad)\n"
		"  -m INTERVAL  print the touchpad's state as it changes, at\n"
		"               most once per INTERVAL ms (needs driver support)\n"
		"  -V           print the version and exit\n"
		"  -?, -h       this help\n"
		"  NAME=VALUE   set parameter NAME (any case) on the touchpads;\n"
		"               all assignments are checked before any is made\n");
}

static int parse_assignments(int argc, char **argv, struct synclient_assignment *out)
{
	int bad = 0;

	for (int i = 0; i < argc; i++) {
		char name[NAME_MAX_LEN], err[256];
		const char *value;

		if (synparam_split(argv[i], name, sizeof(name), &value)) {
			fprintf(stderr,
				"synclient: '%s' is not NAME=VALUE\n", argv[i]);
			bad++;
			continue;
		}
		out[i].param = synparam_find(name);
		out[i].text = value;
		if (!out[i].param) {
			fprintf(stderr,
				"synclient: unknown parameter '%s' (synclient -l lists them)\n",
				name);
			bad++;
			continue;
		}
		if (synparam_parse(out[i].param, value, &out[i].value, err,
				   sizeof(err))) {
			fprintf(stderr, "synclient: %s\n", err);
			bad++;
		}
	}
	return bad;
}

int synclient_parse_args(int argc, char **argv, struct synclient_args *a)
{
	int c;

	memset(a, 0, sizeof(*a));
	optind = 0;	/* glibc: start over, also for a second call */
	while ((c = getopt(argc, argv, "ld:m:Vh?")) != -1) {
		char *end;

		switch (c) {
		case 'l':
			a->list = true;
			break;
		case 'd':
			a->device = optarg;
			break;
		case 'm':
			a->monitor = true;
			a->interval = strtol(optarg, &end, 10);
			if (end == optarg || *end || a->interval < 1 ||
			    a->interval > 60000) {
				fprintf(stderr,
					"synclient: -m needs an interval in ms (1 to 60000), not '%s'\n",
					optarg);
				return SYNCLIENT_EXIT_BAD;
			}
			break;
		case 'V':
			printf("%s\n", PACKAGE_VERSION);
			return 0;
		case 'h':
			synclient_usage(stdout);
			return 0;
		case '?':
			/* getopt says '?' for unknown options, too */
			if (optopt && optopt != '?') {
				synclient_usage(stderr);
				return SYNCLIENT_EXIT_BAD;
			}
			synclient_usage(stdout);
			return 0;
		}
	}

	a->nassign = argc - optind;
	a->assign = calloc((size_t)a->nassign + 1, sizeof(*a->assign));
	if (!a->assign)
		return SYNCLIENT_EXIT_BAD;
	if (parse_assignments(a->nassign, argv + optind, a->assign)) {
		fprintf(stderr, "synclient: nothing changed\n");
		synclient_args_free(a);
		return SYNCLIENT_EXIT_BAD;
	}
	if (a->monitor && (a->nassign || a->list)) {
		fprintf(stderr, "synclient: -m cannot be combined with -l or assignments\n");
		synclient_args_free(a);
		return SYNCLIENT_EXIT_BAD;
	}
	if (!a->nassign && !a->monitor)
		a->list = true;
	return -1;
}

void synclient_args_free(struct synclient_args *a)
{
	free(a->assign);
	a->assign = NULL;
	a->nassign = 0;
}
