/*
 * syntouchpad.c - finding synaptics touchpads and moving property values
 * between them and the tools (see syntouchpad.h).
 *
 * Everything goes through XI2 (XIGetProperty/XIChangeProperty), which
 * needs no XOpenDevice and packs 32-bit items as 32 bits.  Writes are
 * followed by XSync under an error trap, so a refusal of the driver
 * (BadValue, BadMatch) is seen by the caller and not printed by Xlib's
 * default handler, which would exit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/extensions/XInput2.h>

#include "syntouchpad.h"

#define EDGES_PROP "Synaptics Edges"

/* The X error trap: the first error code seen while trapping. */
static int trap_error;
static int (*trap_old)(Display *, XErrorEvent *);

static int trap_handler(Display *dpy, XErrorEvent *ev)
{
	(void)dpy;
	if (!trap_error)
		trap_error = ev->error_code;
	return 0;
}

static void trap_begin(Display *dpy)
{
	XSync(dpy, False);
	trap_error = 0;
	trap_old = XSetErrorHandler(trap_handler);
}

static int trap_end(Display *dpy)
{
	XSync(dpy, False);
	XSetErrorHandler(trap_old);
	return trap_error;
}

Atom syntp_float_atom(Display *dpy)
{
	return XInternAtom(dpy, "FLOAT", False);
}

static bool has_property(Display *dpy, int id, Atom want)
{
	int n = 0;
	Atom *props;
	bool found = false;

	trap_begin(dpy);
	props = XIListProperties(dpy, id, &n);
	if (trap_end(dpy))
		n = 0;
	for (int i = 0; i < n; i++)
		if (props[i] == want)
			found = true;
	if (props)
		XFree(props);
	return found;
}

int syntp_find_all(Display *dpy, struct syntp **list)
{
	int op, ev, err, major = 2, minor = 0, ndev = 0, n = 0;
	XIDeviceInfo *info;
	Atom edges;

	*list = NULL;
	if (!XQueryExtension(dpy, "XInputExtension", &op, &ev, &err) ||
	    XIQueryVersion(dpy, &major, &minor) != Success) {
		fprintf(stderr, "The X server has no XInput 2 extension.\n");
		return -1;
	}

	/* Only_if_exists: no driver created it, so no device can have it. */
	edges = XInternAtom(dpy, EDGES_PROP, True);
	if (edges == None)
		return 0;

	info = XIQueryDevice(dpy, XIAllDevices, &ndev);
	if (!info)
		return 0;
	*list = calloc((size_t)ndev, sizeof(**list));
	if (!*list) {
		XIFreeDeviceInfo(info);
		return 0;
	}
	for (int i = 0; i < ndev; i++) {
		if (info[i].use != XISlavePointer &&
		    info[i].use != XIFloatingSlave)
			continue;
		if (!has_property(dpy, info[i].deviceid, edges))
			continue;
		(*list)[n].id = info[i].deviceid;
		snprintf((*list)[n].name, sizeof((*list)[n].name), "%s",
			 info[i].name);
		n++;
	}
	XIFreeDeviceInfo(info);

	/* XIQueryDevice's order is the server's; make it predictable. */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && (*list)[j - 1].id > (*list)[j].id; j--) {
			struct syntp t = (*list)[j];

			(*list)[j] = (*list)[j - 1];
			(*list)[j - 1] = t;
		}
	return n;
}

int syntp_pick(struct syntp *list, int n, const char *spec)
{
	char *end;
	long id = strtol(spec, &end, 10);
	bool numeric = end != spec && *end == '\0';

	for (int i = 0; i < n; i++) {
		if ((numeric && list[i].id == id) ||
		    strcasecmp(list[i].name, spec) == 0) {
			list[0] = list[i];
			return 1;
		}
	}
	return 0;
}

int syntp_get(Display *dpy, int id, const char *name, struct synprop *p)
{
	Atom type;
	int format, xerr;
	unsigned long nitems, after;
	unsigned char *data = NULL;
	Atom fl = syntp_float_atom(dpy);
	Status st;

	memset(p, 0, sizeof(*p));
	p->atom = XInternAtom(dpy, name, True);
	if (p->atom == None)
		return -ENOENT;

	trap_begin(dpy);
	st = XIGetProperty(dpy, id, p->atom, 0, SYNTP_MAX_ITEMS, False,
			   AnyPropertyType, &type, &format, &nitems, &after,
			   &data);
	xerr = trap_end(dpy);
	if (st != Success || xerr) {
		if (data)
			XFree(data);
		return -EIO;
	}
	if (type == None) {
		if (data)
			XFree(data);
		return -ENOENT;
	}
	if ((format != 8 && format != 32) || nitems > SYNTP_MAX_ITEMS ||
	    (type != XA_INTEGER && type != XA_CARDINAL && type != fl)) {
		XFree(data);
		return -EIO;
	}

	p->type = type;
	p->format = format;
	p->nitems = (int)nitems;
	for (unsigned long i = 0; i < nitems; i++) {
		if (format == 8) {
			/* INTEGER is signed, CARDINAL unsigned */
			p->l[i] = type == XA_CARDINAL ?
				(long)((uint8_t *)data)[i] :
				(long)((int8_t *)data)[i];
		} else if (type == fl) {
			memcpy(&p->f[i], data + 4 * i, sizeof(float));
		} else if (type == XA_CARDINAL) {
			p->l[i] = (long)((uint32_t *)data)[i];
		} else {
			p->l[i] = (long)((int32_t *)data)[i];
		}
	}
	XFree(data);
	return 0;
}

int syntp_put(Display *dpy, int id, const struct synprop *p,
	      const char **why)
{
	unsigned char buf[4 * SYNTP_MAX_ITEMS];
	int xerr;

	for (int i = 0; i < p->nitems; i++) {
		if (p->format == 8) {
			buf[i] = (unsigned char)p->l[i];
		} else if (p->type == syntp_float_atom(dpy)) {
			memcpy(buf + 4 * i, &p->f[i], 4);
		} else {
			uint32_t v = (uint32_t)p->l[i];

			memcpy(buf + 4 * i, &v, 4);
		}
	}

	trap_begin(dpy);
	XIChangeProperty(dpy, id, p->atom, p->type, p->format,
			 XIPropModeReplace, buf, p->nitems);
	xerr = trap_end(dpy);
	switch (xerr) {
	case Success:
		return 0;
	case BadValue:
		*why = "BadValue: the driver refused the value";
		return -EINVAL;
	case BadMatch:
		*why = "BadMatch: the driver refused the type or size";
		return -EINVAL;
	case BadAccess:
		*why = "BadAccess: the property is read-only";
		return -EPERM;
	default:
		*why = "X error";
		return -EIO;
	}
}

int syntp_get_int(Display *dpy, int id, const char *name, int index,
		  long *value)
{
	struct synprop p;
	int rc = syntp_get(dpy, id, name, &p);

	if (rc)
		return rc;
	if (index >= p.nitems || p.type == syntp_float_atom(dpy))
		return -EIO;
	*value = p.l[index];
	return 0;
}

int syntp_set_int(Display *dpy, int id, const char *name, int index,
		  long value)
{
	struct synprop p;
	const char *why;
	int rc = syntp_get(dpy, id, name, &p);

	if (rc)
		return rc;
	if (index >= p.nitems || p.type == syntp_float_atom(dpy))
		return -EIO;
	p.l[index] = value;
	return syntp_put(dpy, id, &p, &why);
}
