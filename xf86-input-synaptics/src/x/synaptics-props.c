/*
 * synaptics-props.c - the "Synaptics ..." XInput properties.
 *
 * Everything about a property (name, format, item count, when it exists) is
 * one row of tp_prop_table (src/options/tp-props.c), and its items are the
 * settings src/settings.def binds to it; this file only converts between X
 * property data and those tables.  A write is decoded
 * and checked by tp_prop_write (-> tp_prop_set -> tp_params_validate) on a
 * copy of the parameters and applied only if the whole copy is valid:
 *   wrong type, format or item count -> BadMatch
 *   out-of-range or inconsistent     -> BadValue
 *   read-only                        -> BadValue (as 1.9)
 *
 * A write that changes which properties exist (ClickPad on or off creates
 * or deletes "Soft Button Areas" and the secondary ones) changes them from
 * inside the handler; a write never deletes the property it writes (the
 * server still holds it).  The server runs every
 * handler again for those changes: priv->own_write lets them pass
 * without deciding anything again.  At run time each creation sends its
 * XIPropertyCreated event (and XIDeleteDeviceProperty its
 * XIPropertyDeleted), so clients such as synclient -l see the new set.
 * Threads: handlers run on the main thread with the input lock held
 * (syn-thread.h).
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "synaptics-drv.h"
#include "synaptics-properties.h"

/* The X type atom of a table type (tp_prop_type_of says which a row has). */
static Atom type_atom(const struct syn_priv *priv, enum tp_prop_type t)
{
	switch (t) {
	case TP_PROP_TYPE_FLOAT:
		return priv->float_type;
	case TP_PROP_TYPE_CARDINAL:
		return XA_CARDINAL;
	default:
		return XA_INTEGER;
	}
}

int syn_change_own_property(struct syn_priv *priv, DeviceIntPtr dev, Atom atom, Atom type,
			    int format, int n, const void *data, Bool sendevent)
{
	int rc;

	SYN_ASSERT_MAIN();
	priv->own_write++;
	rc = XIChangeDeviceProperty(dev, atom, type, format, PropModeReplace, (unsigned long)n,
				    data, sendevent);
	priv->own_write--;
	return rc;
}

/* Write the current values of one table row into the X property. */
static void store(struct syn_priv *priv, DeviceIntPtr dev, size_t row, Bool sendevent)
{
	const struct tp_prop_desc *p = &tp_prop_table[row];
	uint32_t data[TP_PROP_MAX_ITEMS];

	tp_prop_encode(p, &priv->dev, &priv->params, data);
	syn_change_own_property(priv, dev, priv->prop_atoms[row], type_atom(priv, tp_prop_type_of(p)),
				tp_prop_format_bits(p), p->count, data, sendevent);
	XISetDevicePropertyDeletable(dev, priv->prop_atoms[row], FALSE);
}

/* The client's type atom as the X-free table knows it. */
static enum tp_prop_type client_type(const struct syn_priv *priv, Atom type)
{
	if (type == XA_INTEGER)
		return TP_PROP_TYPE_INTEGER;
	if (type == XA_CARDINAL)
		return TP_PROP_TYPE_CARDINAL;
	if (type == priv->float_type)
		return TP_PROP_TYPE_FLOAT;
	return TP_PROP_TYPE_OTHER;
}

/*
 * A property that a client created before it was ours (1.9 keeps it too):
 * "Soft Button Areas" written while ClickPad was off applies as soon as
 * ClickPad is switched on (XIT SoftButtonsFirst).  A value the table
 * refuses is logged and replaced by the current settings.
 */
static void adopt_client_value(struct syn_priv *priv, DeviceIntPtr dev, size_t row, Atom a)
{
	const struct tp_prop_desc *p = &tp_prop_table[row];
	XIPropertyValuePtr val;
	struct tp_params next;
	const char *why = "";

	if (XIGetDeviceProperty(dev, a, &val) != Success)
		return;
	if (tp_prop_write(p, &priv->dev, &priv->params, client_type(priv, val->type), val->format,
			  val->data, val->size, &next, &why) < 0) {
		xf86IDrvMsg(priv->pinfo, X_INFO, "property \"%s\" set before it existed: %s, replaced\n",
			    p->name, why);
		return;
	}
	syn_set_params(priv, &next);
}

/*
 * Create the properties that should exist now and delete the ones that
 * should not; sendevent: at run time (a deletion always sends its event).
 * `changing` is the property a client is writing (None at init): the
 * server holds it across its handlers and frees its old value after them
 * (Xi/xiproperty.c), so deleting it here would free it twice.  The rules
 * (tp_prop_keeps) never ask for that; if they ever did, it stays.
 */
static void sync_existence(struct syn_priv *priv, DeviceIntPtr dev, Bool sendevent, Atom changing)
{
	for (size_t row = 0; row < tp_prop_count; row++) {
		const struct tp_prop_desc *p = &tp_prop_table[row];
		Atom a = priv->prop_atoms[row];

		if (!a && tp_prop_exists(p, &priv->dev, &priv->params)) {
			a = priv->prop_atoms[row] = MakeAtom(p->name, strlen(p->name), TRUE);
			adopt_client_value(priv, dev, row, a);
			store(priv, dev, row, sendevent);
		} else if (a && !tp_prop_keeps(p, &priv->dev, &priv->params)) {
			if (a == changing) {
				xf86IDrvMsg(priv->pinfo, X_ERROR, "BUG: property \"%s\" would be "
					    "deleted by its own write; kept\n", p->name);
				continue;
			}
			priv->prop_atoms[row] = 0;
			XISetDevicePropertyDeletable(dev, a, TRUE);
			priv->own_write++;
			XIDeleteDeviceProperty(dev, a, FALSE);
			priv->own_write--;
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
	SYN_SERVER_HOLDS_LOCK();
	InputInfoPtr pinfo = dev->public.devicePrivate;
	struct syn_priv *priv = pinfo->private;
	const struct tp_prop_desc *p;
	struct tp_params next;
	const char *why = "";
	int row, rc;

	SYN_ASSERT_MAIN();
	if (priv->own_write)
		return Success;		/* our own change, made below or by monitor.c */
	if (atom == priv->node_atom || atom == priv->product_atom)
		return BadAccess;
	row = find_row(priv, atom);
	if (row < 0)
		return Success;		/* not ours */
	p = &tp_prop_table[row];
	/* the checks and their order are tp_prop_write's (test/replay/check-props) */
	rc = tp_prop_write(p, &priv->dev, &priv->params, client_type(priv, val->type), val->format,
			   val->data, val->size, &next, &why);
	if (rc < 0) {
		if (!checkonly)
			xf86IDrvMsgVerb(pinfo, X_INFO, 3, "property \"%s\" refused: %s\n", p->name, why);
		return tp_prop_error_is_badmatch(rc) ? BadMatch : BadValue;
	}
	if (!checkonly) {
		/* everything this write changes besides itself is our own write */
		priv->own_write++;
		syn_set_params(priv, &next);
		sync_existence(priv, dev, TRUE, atom);
		priv->own_write--;
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
	sync_existence(priv, dev, FALSE, None);

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
	sync_existence(priv, dev, TRUE, None);
	for (size_t row = 0; row < tp_prop_count; row++)
		if (priv->prop_atoms[row])
			store(priv, dev, row, TRUE);
}
