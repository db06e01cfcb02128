/*
 * syntouchpad.h - finding the touchpads driven by a synaptics driver and
 * reading/writing their device properties, for synclient and syndaemon.
 *
 * A touchpad is any XI2 slave (or floating) device that has the property
 * "Synaptics Edges": that is what 1.9's driver and ours both create, and
 * what no other driver does.
 */
#ifndef SYNTOUCHPAD_H
#define SYNTOUCHPAD_H

#include <stdbool.h>
#include <stdint.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>

struct syntp {
	int id;			/* XI2 device id */
	char name[128];		/* device name (truncated) */
};

/*
 * All synaptics touchpads, in XI device id order.  *list is malloc'd
 * (free() it); returns the count, 0 if there is none, -1 if XI 2.0 is
 * missing (a message is printed).
 */
int syntp_find_all(Display *dpy, struct syntp **list);

/*
 * Keep only the touchpad that @spec names: a decimal device id or the
 * exact device name (case-insensitive).  Returns 1 if found, 0 if not.
 */
int syntp_pick(struct syntp *list, int n, const char *spec);

/* One property as the server holds it.  32-bit items are unpacked into
 * l[] (INTEGER/CARDINAL) or f[] (FLOAT); 8-bit items into l[]. */
#define SYNTP_MAX_ITEMS 16
struct synprop {
	Atom atom;
	Atom type;		/* XA_INTEGER, XA_CARDINAL or FLOAT */
	int format;		/* 8 or 32 */
	int nitems;
	long l[SYNTP_MAX_ITEMS];
	float f[SYNTP_MAX_ITEMS];
};

/* The server's "FLOAT" atom (created on first use). */
Atom syntp_float_atom(Display *dpy);

/* Read @name of device @id into @p.  Returns 0, -ENOENT if the device has
 * no such property, -EIO if the read failed. */
int syntp_get(Display *dpy, int id, const char *name, struct synprop *p);

/*
 * Write @p back to device @id (same type/format/count) and wait for the
 * server's answer.  Returns 0, or -EPERM/-EINVAL/-EIO for BadAccess/
 * BadValue or BadMatch/other errors; @why then names the X error.
 */
int syntp_put(Display *dpy, int id, const struct synprop *p,
	      const char **why);

/* Property value helpers for 8/32-bit integer properties (syndaemon). */
int syntp_get_int(Display *dpy, int id, const char *name, int index,
		  long *value);
int syntp_set_int(Display *dpy, int id, const char *name, int index,
		  long value);

#endif /* SYNTOUCHPAD_H */
