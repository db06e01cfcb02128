/*
 * tp-options.c - xorg.conf options of the synaptics driver -> struct tp_params.
 *
 * The options are the rows of the core's parameter table (tp_params_table(),
 * generated from ../settings.def); this file only parses strings.  The X glue and synreplay hand in a lookup
 * function, so the parsing and its error handling are the same in both.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tp-options.h"

bool tp_option_name_eq(const char *a, const char *b)
{
	for (;;) {
		while (*a == '_' || *a == ' ')
			a++;
		while (*b == '_' || *b == ' ')
			b++;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		if (*a == '\0')
			return true;
		a++;
		b++;
	}
}

const struct tp_param_desc *tp_option_find(const char *name)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	for (size_t i = 0; i < n; i++)
		if (t[i].option && t[i].option_index == 0 && tp_option_name_eq(t[i].option, name))
			return &t[i];
	return NULL;
}

/* Element k of the option whose element 0 is opt. */
static const struct tp_param_desc *option_element(const struct tp_param_desc *opt, int k)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	if (k == 0)
		return opt;
	for (size_t i = 0; i < n; i++)
		if (t[i].option && t[i].option_index == k && strcmp(t[i].option, opt->option) == 0)
			return &t[i];
	return NULL;
}

int tp_option_count(const struct tp_param_desc *opt)
{
	int k = 1;

	while (k < 64 && option_element(opt, k))
		k++;
	return k;
}

int tp_parse_bool(const char *s, bool *out)
{
	static const char *const yes[] = { "1", "on", "true", "yes" };
	static const char *const no[] = { "0", "off", "false", "no" };
	size_t len;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	for (size_t i = 0; i < 4; i++) {
		if (strlen(yes[i]) == len && strncasecmp(s, yes[i], len) == 0) {
			*out = true;
			return 0;
		}
		if (strlen(no[i]) == len && strncasecmp(s, no[i], len) == 0) {
			*out = false;
			return 0;
		}
	}
	return -EINVAL;
}

/* Skip trailing white space; true if nothing else follows. */
static bool at_end(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return *p == '\0';
}

/*
 * What 100 % is: 'x'/'y' a position on that axis (min + pct * range),
 * 'w'/'h' a distance of the x/y range (1.9's HorizHysteresis and
 * VertHysteresis), 'd' a distance along the diagonal.  Returns false if
 * unknown.  soft: a SoftButtonAreas edge, which 1.9 computes as
 * min + range * pct / 100 (the other options as pct / 100 * range + min);
 * the order is kept so that an edge that falls on a whole unit comes out
 * the same after truncate_like_19().
 */
static bool percent_value(const struct tp_device *dev, char pct, bool soft, double v, double *out)
{
	const struct tp_axis *ax = (pct == 'y' || pct == 'h') ? &dev->y : &dev->x;
	/* in double: a full-range axis (INT_MIN..INT_MAX) spans more than an int */
	double span = (double)ax->max - ax->min;

	if (pct == 'd') {
		double w = (double)dev->x.max - dev->x.min, h = (double)dev->y.max - dev->y.min;

		if (w <= 0 || h <= 0)
			return false;
		*out = v / 100.0 * sqrt(w * w + h * h);
		return true;
	}
	if (span <= 0)
		return false;
	if (pct == 'w' || pct == 'h')
		*out = v / 100.0 * span;
	else if (soft)
		*out = ax->min + span * v / 100.0;
	else
		*out = ax->min + v / 100.0 * span;
	return true;
}

/*
 * 1.9 stores a percentage of an integer option in an int: the fraction is
 * cut off, not rounded (82% of the XIT clickpad's y 1408..4448 is 3900.8,
 * and 1.9's edge is 3900).  Configs written for 1.9 get the same edges.
 */
static double truncate_like_19(const struct tp_param_desc *d, double v)
{
	return d->type == TP_PARAM_DOUBLE ? v : trunc(v);
}

/* One number, optionally with a '%' if the option allows it.  *end points past it. */
static int parse_number(const struct tp_device *dev, const struct tp_param_desc *d,
			const char *s, const char **end, double *out, const char **why)
{
	char *e;
	double v;

	errno = 0;
	v = strtod(s, &e);
	if (e == s || errno == ERANGE || !isfinite(v)) {
		*why = "not a number";
		return -EINVAL;
	}
	if (*e == '%') {
		bool soft = strstr(d->option, "SoftButtonAreas") != NULL;

		if (!d->percent) {
			*why = "percentages are not accepted for this option";
			return -EINVAL;
		}

		/* 1.9 keeps a soft-button edge of 0% at 0, "no limit", like a plain 0. */
		if (v == 0 && soft) {
			*end = e + 1;
			*out = 0;
			return 0;
		}
		if (!percent_value(dev, d->percent, soft, v, &v)) {
			*why = "percentage given but the axis range is unknown";
			return -EINVAL;
		}
		v = truncate_like_19(d, v);
		e++;
	} else if (d->type != TP_PARAM_DOUBLE) {
		/* integers: no fractional part, and within int range */
		long l;
		errno = 0;
		l = strtol(s, &e, 0);
		if (errno == ERANGE || l < -2147483647L || l > 2147483647L) {
			*why = "integer out of range";
			return -EINVAL;
		}
		if (*e == '.' || *e == 'e' || *e == 'E') {
			*why = "not an integer";
			return -EINVAL;
		}
		v = (double)l;
	}
	*end = e;
	*out = v;
	return 0;
}

int tp_option_parse(const struct tp_device *dev, const struct tp_param_desc *opt,
		    const char *value, struct tp_params *params, const char **why)
{
	const struct tp_param_desc *el[8];
	double v[8];
	const char *p = value;
	const char *dummy;
	int count = tp_option_count(opt);

	if (!why)
		why = &dummy;
	if (count > 8) {
		*why = "internal: too many values";
		return -EINVAL;
	}
	if (opt->type == TP_PARAM_BOOL) {
		bool b;
		if (tp_parse_bool(value, &b) < 0) {
			*why = "not a boolean (on/off, true/false, yes/no, 1/0)";
			return -EINVAL;
		}
		tp_param_set(params, opt, b);
		return 0;
	}

	for (int i = 0; i < count; i++) {
		el[i] = option_element(opt, i);
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0') {
			*why = count > 1 ? "too few values" : "empty value";
			return -EINVAL;
		}
		if (parse_number(dev, el[i], p, &p, &v[i], why) < 0)
			return -EINVAL;
		if (*p != '\0' && !isspace((unsigned char)*p)) {
			*why = "trailing characters after the number";
			return -EINVAL;
		}
	}
	if (!at_end(p)) {
		*why = "too many values";
		return -EINVAL;
	}
	for (int i = 0; i < count; i++)
		tp_param_set(params, el[i], v[i]);
	return 0;
}

static void src_log(const struct tp_option_source *src, enum tp_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void src_log(const struct tp_option_source *src, enum tp_log_level level, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!src->log)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	src->log(src->user, level, "%s", buf);
}

/* Copy one option's value(s) from one parameter set to another. */
static void copy_option(const struct tp_param_desc *opt, struct tp_params *dst, const struct tp_params *src)
{
	int count = tp_option_count(opt);

	for (int i = 0; i < count; i++) {
		const struct tp_param_desc *d = option_element(opt, i);
		tp_param_set(dst, d, tp_param_get(src, d));
	}
}

/*
 * Options 1.x had and removed (synaptics(4) "REMOVED OPTIONS", plus
 * FastTaps).  A configuration that still sets one keeps working: the
 * option is reported and otherwise ignored.
 */
static const char *const removed_options[] = {
	"Repeater", "HistorySize", "SpecialScrollAreaRight", "GuestMouseOff", "SHMConfig",
	"FingerPress", "TrackstickSpeed", "EdgeMotionMinZ", "EdgeMotionMaxZ",
	"EdgeMotionMinSpeed", "EdgeMotionMaxSpeed", "EdgeMotionUseAlways", "FastTaps",
};

bool tp_option_is_removed(const char *name)
{
	for (size_t i = 0; i < sizeof(removed_options) / sizeof(removed_options[0]); i++)
		if (tp_option_name_eq(removed_options[i], name))
			return true;
	return false;
}

static void warn_removed(const struct tp_option_source *src)
{
	for (size_t i = 0; i < sizeof(removed_options) / sizeof(removed_options[0]); i++) {
		char *val = src->lookup(src->user, removed_options[i]);

		if (!val)
			continue;
		src_log(src, TP_LOG_WARNING, "option \"%s\" \"%s\": removed from the synaptics "
			"driver, ignored", removed_options[i], val);
		free(val);
	}
}

void tp_options_apply(struct tp_device *dev, struct tp_params *params,
		      const struct tp_option_source *src)
{
	struct tp_params defaults;
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);
	bool given[n];
	const char *why = NULL;
	char *val;

	memset(given, 0, sizeof(given));
	/* ClickPad first: it decides other defaults (middle emulation, soft buttons). */
	tp_params_defaults(dev, &defaults);
	val = src->lookup(src->user, "ClickPad");
	if (val) {
		bool b;
		if (tp_parse_bool(val, &b) < 0)
			src_log(src, TP_LOG_ERROR, "option \"ClickPad\" \"%s\": not a boolean, using %s",
				val, dev->clickpad ? "on" : "off");
		else if (b != dev->clickpad) {
			dev->clickpad = b;
			tp_params_defaults(dev, &defaults);
		}
		free(val);
	}
	*params = defaults;

	for (size_t i = 0; i < n; i++) {
		const struct tp_param_desc *opt = &t[i];

		if (!opt->option || opt->option_index != 0)
			continue;
		/* ClickPad was read above; a malformed one is reported once. */
		if (tp_option_name_eq(opt->option, "ClickPad"))
			continue;
		val = src->lookup(src->user, opt->option);
		if (!val)
			continue;
		if (tp_option_parse(dev, opt, val, params, &why) < 0)
			src_log(src, TP_LOG_ERROR, "option \"%s\" \"%s\": %s, using the default",
				opt->option, val, why);
		else
			given[i] = true;
		free(val);
	}

	warn_removed(src);

	/* 1.9 swaps a TopEdge below BottomEdge (y grows downwards) and says so. */
	if (params->top_edge > params->bottom_edge) {
		int top = params->top_edge;

		src_log(src, TP_LOG_WARNING, "TopEdge %d is below BottomEdge %d: swapping them",
			params->top_edge, params->bottom_edge);
		params->top_edge = params->bottom_edge;
		params->bottom_edge = top;
	}

	if (tp_params_validate(dev, params, &why) == 0)
		return;
	src_log(src, TP_LOG_ERROR, "options out of range or not fitting together (%s)",
		why ? why : "invalid");

	/* One culprit is the common case: find it. */
	for (size_t i = 0; i < n; i++) {
		struct tp_params trial = *params;

		if (!given[i])
			continue;
		copy_option(&t[i], &trial, &defaults);
		if (tp_params_validate(dev, &trial, NULL) == 0) {
			src_log(src, TP_LOG_ERROR, "reverting option \"%s\" to its default", t[i].option);
			*params = trial;
			return;
		}
	}
	/* Otherwise revert them in table order until the set is valid again. */
	for (size_t i = 0; i < n; i++) {
		if (!given[i])
			continue;
		copy_option(&t[i], params, &defaults);
		src_log(src, TP_LOG_ERROR, "reverting option \"%s\" to its default", t[i].option);
		if (tp_params_validate(dev, params, NULL) == 0)
			return;
	}
	src_log(src, TP_LOG_ERROR, "using the default parameters");
	*params = defaults;
}
