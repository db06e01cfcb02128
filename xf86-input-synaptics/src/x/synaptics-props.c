/*
 * synaptics-props.c - the "Synaptics ..." XInput properties.
 *
 * Everything about a property (name, format, items, where each item lives,
 * its range) is one row of tp_prop_table (src/options/tp-props.c); this file
 * only converts between X property data and that table.  A write is checked
 * on a copy of the parameters (tp_prop_set -> tp_params_validate) and
 * applied only if the whole copy is valid:
 *   wrong type, format or item count -> BadMatch
 *   out-of-range or inconsistent     -> BadValue
 *   read-only                        -> BadValue (as 1.9)
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "synaptics-drv.h"
#include "synaptics-properties.h"

static Atom prop_type(const struct syn_priv *priv, enum tp_prop_format f)
{
	switch (f) {
	case TP_PROP_FLOAT:
		return priv->float_type;
	case TP_PROP_CARD32:
		return XA_CARDINAL;
	default:
		return XA_INTEGER;
	}
}

static int prop_format(enum tp_prop_format f)
{
	return f == TP_PROP_INT8 ? 8 : 32;
}

/* Write the current values of one table row into the X property. */
static void store(struct syn_priv *priv, DeviceIntPtr dev, size_t row)
{
	const struct tp_prop_desc *p = &tp_prop_table[row];
	double v[TP_PROP_MAX_ITEMS];
	union {
		uint8_t u8[TP_PROP_MAX_ITEMS];
		int32_t i32[TP_PROP_MAX_ITEMS];
		float f[TP_PROP_MAX_ITEMS];
	} data;

	tp_prop_get(p, &priv->dev, &priv->params, v);
	for (int i = 0; i < p->count; i++) {
		switch (p->format) {
		case TP_PROP_INT8:
			data.u8[i] = (uint8_t)v[i];
			break;
		case TP_PROP_INT32:
		case TP_PROP_CARD32:
			data.i32[i] = (int32_t)v[i];
			break;
		case TP_PROP_FLOAT:
			data.f[i] = (float)v[i];
			break;
		}
	}
	XIChangeDeviceProperty(dev, priv->prop_atoms[row], prop_type(priv, p->format),
			       prop_format(p->format), PropModeReplace, p->count, &data, FALSE);
	XISetDevicePropertyDeletable(dev, priv->prop_atoms[row], FALSE);
}

/* Create the properties that should exist now and delete the ones that should not. */
static void sync_existence(struct syn_priv *priv, DeviceIntPtr dev)
{
	for (size_t row = 0; row < tp_prop_count; row++) {
		const struct tp_prop_desc *p = &tp_prop_table[row];
		bool want = tp_prop_exists(p, &priv->dev, &priv->params);

		if (want && !priv->prop_atoms[row]) {
			priv->prop_atoms[row] = MakeAtom(p->name, strlen(p->name), TRUE);
			store(priv, dev, row);
		} else if (!want && priv->prop_atoms[row]) {
			Atom a = priv->prop_atoms[row];
			priv->prop_atoms[row] = 0;
			XISetDevicePropertyDeletable(dev, a, TRUE);
			XIDeleteDeviceProperty(dev, a, FALSE);
		}
	}
}

static int find_row(const struct syn_priv *priv, Atom atom)
{
	for (size_t row = 0; row < tp_prop_count; row++)
		if (priv->prop_atoms[row] && priv->prop_atoms[row] == atom)
			return (int)row;
	return -1;
}

static int syn_set_property(DeviceIntPtr dev, Atom atom, XIPropertyValuePtr val, BOOL checkonly)
{
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	const struct tp_prop_desc *p;
	double v[TP_PROP_MAX_ITEMS];
	struct tp_params next;
	const char *why = "";
	int row, rc;

	if (atom == priv->node_atom || atom == priv->product_atom)
		return BadAccess;
	row = find_row(priv, atom);
	if (row < 0)
		return Success;		/* not ours */
	p = &tp_prop_table[row];
	if (p->read_only)
		return BadValue;
	if (val->type != prop_type(priv, p->format) || val->format != prop_format(p->format) ||
	    val->size < p->min_count || val->size > p->count)
		return BadMatch;

	for (long i = 0; i < val->size; i++) {
		switch (p->format) {
		case TP_PROP_INT8:
			v[i] = ((const uint8_t *)val->data)[i];
			break;
		case TP_PROP_INT32:
			v[i] = ((const int32_t *)val->data)[i];
			break;
		case TP_PROP_CARD32:
			v[i] = ((const uint32_t *)val->data)[i];
			break;
		case TP_PROP_FLOAT:
			v[i] = ((const float *)val->data)[i];
			break;
		}
	}
	rc = tp_prop_set(p, &priv->dev, &priv->params, v, (int)val->size, &next, &why);
	if (rc < 0) {
		if (!checkonly)
			xf86IDrvMsgVerb(pinfo, X_INFO, 3, "property \"%s\" refused: %s\n", p->name, why);
		return rc == -E2BIG ? BadMatch : BadValue;
	}
	if (!checkonly) {
		syn_set_params(priv, &next);
		sync_existence(priv, dev);
	}
	return Success;
}

void syn_props_init(struct syn_priv *priv, DeviceIntPtr dev)
{
	Atom a;
	int32_t ids[2] = { priv->dev.vendor, priv->dev.product };

	priv->float_type = XIGetKnownProperty(XATOM_FLOAT);
	memset(priv->prop_atoms, 0, sizeof(priv->prop_atoms));
	if (tp_prop_count > sizeof(priv->prop_atoms) / sizeof(priv->prop_atoms[0])) {
		xf86IDrvMsg(priv->pinfo, X_ERROR, "property table too large\n");
		return;
	}
	sync_existence(priv, dev);

	/* generic, read-only; not among the server's known atoms, so made here */
	a = priv->node_atom = MakeAtom(XI_PROP_DEVICE_NODE, strlen(XI_PROP_DEVICE_NODE), TRUE);
	XIChangeDeviceProperty(dev, a, XA_STRING, 8, PropModeReplace, strlen(priv->path), priv->path, FALSE);
	XISetDevicePropertyDeletable(dev, a, FALSE);
	if (ids[0] || ids[1]) {
		a = priv->product_atom = MakeAtom(XI_PROP_PRODUCT_ID, strlen(XI_PROP_PRODUCT_ID), TRUE);
		XIChangeDeviceProperty(dev, a, XA_INTEGER, 32, PropModeReplace, 2, ids, FALSE);
		XISetDevicePropertyDeletable(dev, a, FALSE);
	}
	XIRegisterPropertyHandler(dev, syn_set_property, NULL, NULL);
}

void syn_props_update(struct syn_priv *priv, DeviceIntPtr dev)
{
	sync_existence(priv, dev);
	for (size_t row = 0; row < tp_prop_count; row++)
		if (priv->prop_atoms[row])
			store(priv, dev, row);
}
