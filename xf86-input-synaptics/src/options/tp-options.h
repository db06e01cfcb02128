/*
 * tp-options.h - xorg.conf options and "Synaptics ..." properties as data.
 *
 * X-free: the X glue, synreplay and (later) synclient share these tables, so
 * an option or property is described exactly once.  An option maps one name
 * (as in xorg.conf, matched like the server does: case, '_' and ' ' ignored)
 * to one or more fields of struct tp_params.  A property maps its items to
 * fields, constants or read-only device facts.
 *
 * Errors are negative errno values.
 */
#ifndef SYNMT_TP_OPTIONS_H
#define SYNMT_TP_OPTIONS_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include "touchpad.h"

/*
 * Options come from the core's parameter table (tp_params_table() in
 * touchpad.h, generated from ../settings.def): its "option" column names
 * them, option_index numbers the values of a multi-value option
 * (SoftButtonAreas), "percent" says what a percentage is of ('x'/'y': a
 * position, min + pct * range of that axis; 'w'/'h': a distance, pct * that
 * range).
 */

/*
 * The X side of a setting, from the same rows of settings.def: its
 * synclient name (NULL if synclient has none) and the property item that
 * holds it (property NULL if it has none).
 */
struct tp_setting_binding {
	const char *synclient;
	const char *property;
	int element;
};

/* The binding of a row of tp_params_table(). */
const struct tp_setting_binding *tp_setting_binding(const struct tp_param_desc *d);

/* The setting synclient calls name (any case), or NULL. */
const struct tp_param_desc *tp_setting_find_synclient(const char *name);

/* The setting held by element el of property name, or NULL (a legacy or read-only item). */
const struct tp_param_desc *tp_setting_find_item(const char *property, int el);

/* Option names compare like the server's: case-insensitive, '_' and ' ' ignored. */
bool tp_option_name_eq(const char *a, const char *b);

/* The table entry of an xorg.conf option (element 0 of a multi-value one), or NULL. */
const struct tp_param_desc *tp_option_find(const char *name);

/* Number of values an option takes (8 for SoftButtonAreas, else 1). */
int tp_option_count(const struct tp_param_desc *opt);

/*
 * Parse one option value into params.  Returns 0, or -EINVAL with a reason
 * in *why (params unchanged).  dev gives the axis ranges for percentages.
 * Range checks are left to tp_params_validate().
 */
int tp_option_parse(const struct tp_device *dev, const struct tp_param_desc *opt,
		    const char *value, struct tp_params *params, const char **why);

/* Parse "on"/"off", "true"/"false", "yes"/"no", "1"/"0". */
int tp_parse_bool(const char *s, bool *out);

/*
 * Source of option values.  lookup returns a malloc'ed string the caller
 * frees, or NULL if the option is not set.  log may be NULL.
 */
struct tp_option_source {
	char *(*lookup)(void *user, const char *name);
	void (*log)(void *user, enum tp_log_level level, const char *fmt, ...)
		__attribute__((format(printf, 3, 4)));
	void *user;
};

/*
 * The whole option pipeline: 1.9's defaults for the device, then every option
 * the source has.  "ClickPad" may override the probed INPUT_PROP_BUTTONPAD, so
 * dev->clickpad is updated and the defaults re-derived before the rest.  A
 * malformed value is logged and the default kept; if the set as a whole does
 * not pass tp_params_validate(), the options responsible are reverted to
 * their defaults (logged).  Removed 1.x options are reported as warnings and
 * ignored; a TopEdge below BottomEdge is swapped with a warning, as 1.9 does.
 * Always leaves a valid params.
 */
void tp_options_apply(struct tp_device *dev, struct tp_params *params,
		      const struct tp_option_source *src);

/* Is this an option 1.x had and removed (Repeater, SHMConfig, EdgeMotion*, ...)? */
bool tp_option_is_removed(const char *name);

/* ---- properties ---- */

enum tp_prop_format {
	TP_PROP_INT8,		/* XA_INTEGER, format 8 (read as unsigned) */
	TP_PROP_INT32,		/* XA_INTEGER, format 32 */
	TP_PROP_CARD32,		/* XA_CARDINAL, format 32 */
	TP_PROP_FLOAT,		/* "FLOAT", format 32 */
};

/* Read-only device capabilities: the items of "Synaptics Capabilities", in order. */
enum tp_prop_capability {
	TP_CAP_LEFT, TP_CAP_MIDDLE, TP_CAP_RIGHT, TP_CAP_TWO_FINGERS,
	TP_CAP_THREE_FINGERS, TP_CAP_PRESSURE, TP_CAP_WIDTH,
};

/* When a property exists on a device. */
enum tp_prop_when { TP_WHEN_ALWAYS, TP_WHEN_SCROLL_BUTTONS, TP_WHEN_CLICKPAD, TP_WHEN_SECONDARY };

#define TP_PROP_MAX_ITEMS 8

struct tp_prop_desc {
	const char *name;
	enum tp_prop_format format;
	int count;
	int min_count;		/* a client may write fewer items (Tap Action); else == count */
	bool read_only;
	enum tp_prop_when when;
	bool capabilities;	/* items are enum tp_prop_capability, not settings */
};

/*
 * A property describes only itself: its items are the settings that
 * settings.def binds to it (tp_setting_find_item()); an item no setting
 * holds is a legacy 0 (writes ignored), or a capability.
 */

extern const struct tp_prop_desc tp_prop_table[];
extern const size_t tp_prop_count;

const struct tp_prop_desc *tp_prop_find(const char *name);

/* Does this property exist for this device and parameter set? */
bool tp_prop_exists(const struct tp_prop_desc *prop, const struct tp_device *dev,
		    const struct tp_params *params);

/*
 * Does a property that exists now stay?  As 1.9, a property is never
 * deleted by a write of its own values: "Secondary Soft Button Areas"
 * written all zero stays (a zero row is "no secondary buttons"), and goes
 * only with ClickPad, as "Soft Button Areas" does.
 */
bool tp_prop_keeps(const struct tp_prop_desc *prop, const struct tp_device *dev,
		   const struct tp_params *params);

/* Current values, prop->count of them. */
void tp_prop_get(const struct tp_prop_desc *prop, const struct tp_device *dev,
		 const struct tp_params *params, double *values);

/*
 * Write n values (min_count <= n <= count) into a copy of params and check
 * it: each setting's range (tp_param_check()), then tp_params_validate().  Returns 0 and the
 * new set in *out, -EACCES for read-only properties, -E2BIG/-EINVAL with a
 * reason in *why.  *out is only written on success.
 */
int tp_prop_set(const struct tp_prop_desc *prop, const struct tp_device *dev,
		const struct tp_params *params, const double *values, int n,
		struct tp_params *out, const char **why);

/*
 * A client's write as it arrives (X: the type atom, the format and the raw
 * items).  The glue maps its atoms onto tp_prop_type; anything that is not
 * INTEGER, CARDINAL or the server's FLOAT atom is TP_PROP_TYPE_OTHER.
 */
enum tp_prop_type {
	TP_PROP_TYPE_INTEGER,
	TP_PROP_TYPE_CARDINAL,
	TP_PROP_TYPE_FLOAT,
	TP_PROP_TYPE_OTHER,
};

/* The type and format (8 or 32) a property is stored and written with. */
enum tp_prop_type tp_prop_type_of(const struct tp_prop_desc *prop);
int tp_prop_format_bits(const struct tp_prop_desc *prop);

/*
 * Decode and check a raw write of n items of format bits (8, 16 or 32) and
 * the given type, in the order the X glue answers a request:
 *   read-only property                        -EACCES     (X: BadValue, as 1.9)
 *   wrong type or format                      -EPROTOTYPE (X: BadMatch)
 *   fewer than min_count or more than count   -E2BIG      (X: BadMatch)
 *   out of range or inconsistent              -EINVAL     (X: BadValue)
 * 8-bit items are read as unsigned, INTEGER 32-bit items as signed and
 * CARDINAL ones as unsigned.  *out is only written on success; *why says
 * what was wrong.
 */
int tp_prop_write(const struct tp_prop_desc *prop, const struct tp_device *dev,
		  const struct tp_params *params, enum tp_prop_type type, int format,
		  const void *data, long n, struct tp_params *out, const char **why);

/* Is this tp_prop_write() result a BadMatch (else BadValue)? */
static inline bool tp_prop_error_is_badmatch(int rc)
{
	return rc == -EPROTOTYPE || rc == -E2BIG;
}

/*
 * The property's current value as the X property holds it: prop->count
 * items of tp_prop_format_bits() bits (uint8_t, int32_t, uint32_t or
 * float) into data, which has room for TP_PROP_MAX_ITEMS 32-bit items.
 */
void tp_prop_encode(const struct tp_prop_desc *prop, const struct tp_device *dev,
		    const struct tp_params *params, void *data);

#endif /* SYNMT_TP_OPTIONS_H */
