/*
 * synclient-args.h - synclient's command line, parsed and checked before
 * any X connection is made (and by the fuzz harness, test/fuzz).
 */
#ifndef SYNCLIENT_ARGS_H
#define SYNCLIENT_ARGS_H

#include <stdbool.h>
#include <stdio.h>

#include "synparams.h"

#define SYNCLIENT_EXIT_BAD	1	/* bad arguments, refused assignment */
#define SYNCLIENT_EXIT_NODEV	2	/* no display, no touchpad */

struct synclient_assignment {
	const struct synparam *param;
	double value;
	const char *text;	/* the value as given (points into argv) */
};

struct synclient_args {
	bool list, monitor;
	const char *device;	/* -d, NULL for every touchpad */
	long interval;		/* -m, ms */
	int nassign;
	struct synclient_assignment *assign;	/* nassign of them, malloc'ed */
};

void synclient_usage(FILE *f);

/*
 * Parse argv (getopt from the start: optind is reset).  Returns -1 when
 * synclient should go on with *args filled in (free with
 * synclient_args_free), or the exit status now: 0 after -V/-h, or
 * SYNCLIENT_EXIT_BAD after a message on stderr.
 */
int synclient_parse_args(int argc, char **argv, struct synclient_args *args);
void synclient_args_free(struct synclient_args *args);

#endif /* SYNCLIENT_ARGS_H */
