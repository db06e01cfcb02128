/*
 * synparams.h - the synclient parameter names and where each one lives in
 * the synaptics driver's XInput device properties.
 *
 * A parameter is one element of one property.  The names are those that
 * synclient of xf86-input-synaptics 1.9 accepts, so that existing scripts
 * keep working.  The table is generated from ../src/settings.def, the rows
 * the driver's own tables come from: a value is refused here exactly when
 * the driver's range check (tp_param_check()) would refuse it, before
 * anything is written (1.9's synclient clamped silently into ranges of its
 * own).
 */
#ifndef SYNPARAMS_H
#define SYNPARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "touchpad.h"

enum synparam_type {
	SYNPARAM_INT,		/* integer, format 8 or 32 */
	SYNPARAM_BOOL,		/* 0 or 1, format 8 */
	SYNPARAM_FLOAT,		/* the server's "FLOAT" type, format 32 */
};

struct synparam {
	const char *name;	/* synclient name, NULL: not a synclient parameter */
	const char *prop;	/* property name */
	int index;		/* element of the property */
	enum synparam_type type;
};

/* One row per setting, in `synclient -l` order; skip rows whose name is NULL. */
extern const struct synparam synparams[];
extern const size_t synparams_count;

/* The driver's description of p: its range, unit, flags. */
const struct tp_param_desc *synparam_desc(const struct synparam *p);

/* The parameter called @name (any case), or NULL. */
const struct synparam *synparam_find(const char *name);

/*
 * Parse @text as a value for @p.  Returns 0 and stores the value in *out,
 * or -EINVAL (not a number of the right kind) / -ERANGE (outside the
 * parameter's range) and writes a one-line reason into @err.
 */
int synparam_parse(const struct synparam *p, const char *text, double *out,
		   char *err, size_t errlen);

/*
 * Split "Name=value" at the first '='.  Returns -EINVAL if there is no '='
 * or no name.  @name receives at most @namelen - 1 bytes (-ENAMETOOLONG).
 */
int synparam_split(const char *arg, char *name, size_t namelen,
		   const char **value);

#endif /* SYNPARAMS_H */
