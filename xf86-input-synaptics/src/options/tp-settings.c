/*
 * tp-settings.c - the X side of every setting: its synclient name and the
 * property item that holds it, from the same rows of ../settings.def as the
 * core's parameter table, so row i here is row i of tp_params_table().
 */
#include "config.h"

#include <string.h>
#include <strings.h>

#include "synaptics-properties.h"
#include "tp-options.h"

#define SYNAPTICS_PROP_NONE NULL

#define TP_SETTING(name, index, synclient, prop, element, ...) \
	{ synclient, SYNAPTICS_PROP_##prop, element },

static const struct tp_setting_binding bindings[] = {
#include "../settings.def"
};
#undef TP_SETTING
#define BINDINGS (sizeof(bindings) / sizeof(bindings[0]))

const struct tp_setting_binding *tp_setting_binding(const struct tp_param_desc *d)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	/* both tables are the rows of settings.def: equal length by construction */
	if (!d || d < t || d >= t + n || n != BINDINGS)
		return NULL;
	return &bindings[d - t];
}

const struct tp_param_desc *tp_setting_find_synclient(const char *name)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	for (size_t i = 0; i < n && i < BINDINGS; i++)
		if (bindings[i].synclient && strcasecmp(bindings[i].synclient, name) == 0)
			return &t[i];
	return NULL;
}

const struct tp_param_desc *tp_setting_find_item(const char *property, int el)
{
	size_t n;
	const struct tp_param_desc *t = tp_params_table(&n);

	for (size_t i = 0; i < n && i < BINDINGS; i++)
		if (bindings[i].element == el && bindings[i].property &&
		    strcmp(bindings[i].property, property) == 0)
			return &t[i];
	return NULL;
}
