/*
 * fuzz-synclient.c - libFuzzer harness: synclient's command line
 * (synclient_parse_args), argv made from the input split at NUL bytes.
 *
 * Checks: when the parser says "go on", every assignment names a known
 * parameter and carries a finite value inside its range (non-zero where 0
 * is refused), -m comes with an interval of 1..60000 ms and with nothing
 * else; otherwise the exit status is 0 or SYNCLIENT_EXIT_BAD.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synclient-args.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 64

static __attribute__((noreturn)) void bug(const char *what)
{
	fprintf(stderr, "fuzz-synclient: broken promise: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char prog[] = "synclient";
	char *copy = malloc(size + 1);
	char *argv[MAX_ARGS + 2];
	struct synclient_args a;
	int argc = 1, rc;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = prog;
	for (size_t i = 0; i <= size && argc <= MAX_ARGS; ) {
		argv[argc++] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;

	rc = synclient_parse_args(argc, argv, &a);
	if (rc >= 0) {
		if (rc != 0 && rc != SYNCLIENT_EXIT_BAD)
			bug("an exit status other than 0 or 1");
		free(copy);
		return 0;
	}
	if (a.monitor && (a.interval < 1 || a.interval > 60000 || a.nassign || a.list))
		bug("-m accepted with a bad interval or with other work");
	if (!a.monitor && !a.nassign && !a.list)
		bug("nothing to do, yet no listing");
	for (int i = 0; i < a.nassign; i++) {
		const struct synclient_assignment *s = &a.assign[i];
		const struct tp_param_desc *d;

		if (!s->param || !s->text)
			bug("an assignment without a parameter");
		d = synparam_desc(s->param);
		if (!d)
			bug("a parameter without the driver's description");
		/* the oracle: the driver's range, spelled out here, not tp_param_check() */
		if (!isfinite(s->value) || s->value < d->min || s->value > d->max)
			bug("an assignment outside its parameter's range");
		if ((d->flags & TP_PARAM_PROP_NONZERO) && s->value == 0)
			bug("0 accepted where it is refused");
	}
	synclient_args_free(&a);
	free(copy);
	return 0;
}
