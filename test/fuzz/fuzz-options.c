/*
 * fuzz-options.c - libFuzzer harness: the xorg.conf option parser, every
 * option with any string, on a fuzzed device (percentages depend on its
 * axis ranges, defaults on its vendor, buttons and slots).
 *
 * Input layout: the device (fuzz-device.h), then records until the end: NUL-terminated option name and value, as
 *   in xorg.conf (any name: unknown ones are looked up and ignored, as by
 *   the server; the seeds hold every option of the table, the removed 1.x
 *   ones and the gesture actions).
 *
 * Checks: tp_options_apply() always leaves a parameter set that passes
 * tp_params_validate() (its promise in tp-options.h) on a device the core
 * accepts; tp_option_parse() changes nothing when it refuses; an action
 * that parses formats to text that parses to the same action.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-device.h"
#include "tp-actions.h"
#include "tp-options.h"
#include "touchpad.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_RECORDS 64
#define VALUE_MAX 256

struct record {
	char name[64];
	char value[VALUE_MAX];
};

struct source {
	struct record rec[MAX_RECORDS];
	int n;
};

static __attribute__((noreturn)) void bug(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz-options: broken promise: %s (%s)\n", what, detail);
	abort();
}

static char *lookup(void *user, const char *name)
{
	struct source *s = user;

	for (int i = s->n - 1; i >= 0; i--)
		if (tp_option_name_eq(s->rec[i].name, name))
			return strdup(s->rec[i].value);
	return NULL;
}

static void log_msg(void *user, enum tp_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void log_msg(void *user, enum tp_log_level level, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	(void)user;
	(void)level;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
}

static void check_action(const char *value)
{
	struct tp_action a, b;
	char text[256];

	if (tp_action_parse(value, &a, NULL) < 0)
		return;
	tp_action_format(&a, text, sizeof(text));
	if (tp_action_parse(text, &b, NULL) < 0)
		bug("a parsed action does not parse again from its own text", text);
	if (a.kind != b.kind || (a.kind == TP_ACTION_BUTTON && a.button != b.button) ||
	    (a.kind == TP_ACTION_KEY &&
	     (a.nkeys != b.nkeys || memcmp(a.keysyms, b.keysyms, sizeof(a.keysyms[0]) * (size_t)a.nkeys))))
		bug("an action changes when formatted and parsed again", text);
}

static void check_parse(const struct tp_device *dev, const struct record *r)
{
	const struct tp_param_desc *opt = tp_option_find(r->name);
	struct tp_params p, before;
	bool b;

	tp_parse_bool(r->value, &b);
	check_action(r->value);
	if (!opt)
		return;
	tp_params_defaults(dev, &p);
	before = p;
	if (tp_option_parse(dev, opt, r->value, &p, NULL) < 0 && memcmp(&p, &before, sizeof(p)) != 0)
		bug("a refused option value changed the parameters", r->name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct source src;
	struct tp_option_source os = { lookup, log_msg, &src };
	struct tp_device dev, applied;
	struct tp_params params;
	struct fz in;
	const char *why = NULL;

	fz_init(&in, data, size);
	fz_device(&in, &dev);
	src.n = 0;
	while (fz_more(&in) && src.n < MAX_RECORDS) {
		struct record *r = &src.rec[src.n++];

		fz_str(&in, r->name, sizeof(r->name));
		fz_str(&in, r->value, sizeof(r->value));
		check_parse(&dev, r);
	}
	applied = dev;
	tp_options_apply(&applied, &params, &os);
	/* the core refuses a device without x/y ranges; for the others the promise holds */
	if (dev.x.max > dev.x.min && dev.y.max > dev.y.min &&
	    tp_params_validate(&applied, &params, &why) < 0)
		bug("tp_options_apply left an invalid parameter set", why ? why : "?");
	return 0;
}
