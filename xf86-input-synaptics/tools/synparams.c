/*
 * synparams.c - the synclient parameter table and value parsing.
 *
 * The table is ../src/settings.def read for synclient: the rows that have a
 * synclient name are its parameters, in 1.9's order.  The range of each is
 * the driver's (the same row of the core's table), so synclient refuses
 * what the driver would refuse, with a message naming the range, and never
 * writes half of a list of assignments.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "synaptics-properties.h"
#include "synparams.h"

#define SYNAPTICS_PROP_NONE NULL
#define SYNPARAM_DOUBLE SYNPARAM_FLOAT

#define TP_SETTING(name, index, synclient, prop, element, type, ...) \
	{ synclient, SYNAPTICS_PROP_##prop, element, SYNPARAM_##type },

const struct synparam synparams[] = {
#include "../src/settings.def"
};
#undef TP_SETTING

const size_t synparams_count = sizeof(synparams) / sizeof(synparams[0]);

const struct synparam *synparam_find(const char *name)
{
	for (size_t i = 0; i < synparams_count; i++)
		if (synparams[i].name && strcasecmp(synparams[i].name, name) == 0)
			return &synparams[i];
	return NULL;
}

const struct tp_param_desc *synparam_desc(const struct synparam *p)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);
	size_t row = (size_t)(p - synparams);

	/* both tables are the rows of settings.def */
	return row < n && n == synparams_count ? &t[row] : NULL;
}

static void range_text(const struct synparam *p, const struct tp_param_desc *d,
		       char *buf, size_t len)
{
	const char *sp = d && *d->unit ? " " : "";

	if (!d)
		snprintf(buf, len, "unknown range");
	else if (p->type == SYNPARAM_FLOAT)
		snprintf(buf, len, "%g to %g%s%s", d->min, d->max, sp, d->unit);
	else
		snprintf(buf, len, "%.0f to %.0f%s%s", d->min, d->max, sp, d->unit);
}

int synparam_parse(const struct synparam *p, const char *text, double *out,
		   char *err, size_t errlen)
{
	const struct tp_param_desc *d = synparam_desc(p);
	char range[64];
	char *end;
	double v;

	range_text(p, d, range, sizeof(range));
	errno = 0;
	if (p->type == SYNPARAM_FLOAT) {
		v = strtod(text, &end);
		if (end == text || *end != '\0' || !isfinite(v)) {
			snprintf(err, errlen, "%s: '%s' is not a number (%s)",
				 p->name, text, range);
			return -EINVAL;
		}
	} else {
		long l = strtol(text, &end, 10);

		if (end == text || *end != '\0') {
			snprintf(err, errlen,
				 "%s: '%s' is not an integer (%s)",
				 p->name, text, range);
			return -EINVAL;
		}
		/* beyond long: beyond every range, and refused below */
		v = errno == ERANGE ? (text[0] == '-' ? -HUGE_VAL : HUGE_VAL) : (double)l;
	}

	if (!d || tp_param_check(d, v) < 0) {
		snprintf(err, errlen, "%s: %s is out of range (%s)", p->name,
			 text, range);
		return -ERANGE;
	}
	if ((d->flags & TP_PARAM_PROP_NONZERO) && v == 0) {
		snprintf(err, errlen, "%s: 0 is not allowed (%s, not 0)",
			 p->name, range);
		return -ERANGE;
	}
	*out = v;
	return 0;
}

int synparam_split(const char *arg, char *name, size_t namelen,
		   const char **value)
{
	const char *eq = strchr(arg, '=');
	size_t n;

	if (!eq || eq == arg)
		return -EINVAL;
	n = (size_t)(eq - arg);
	if (n >= namelen)
		return -ENAMETOOLONG;
	memcpy(name, arg, n);
	name[n] = '\0';
	*value = eq + 1;
	return 0;
}
