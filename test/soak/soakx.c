/*
 * soakx - the X client of the soak suite (test/soak), one X connection.
 *
 *   soakx cycles DEVICE N
 *       N times "Device Enabled" 0 then 1 (what xinput disable/enable
 *       do), each answered before the next; prints
 *       "cycles N errors E seconds S" and exits 1 on an error or if the
 *       device is not enabled at the end.
 *
 *   soakx burst DEVICE N
 *       N times "Device Enabled" 0 then 1, all sent before the first
 *       answer is awaited (one batch of requests, as a script's X
 *       connection may send them), ending disabled; then enabled again.
 *       Prints "burst N errors E seconds S".
 *
 *   soakx props DEVICE N SEED
 *       First a sweep: every "Synaptics ..." property of the device gets
 *       one write of every kind below.  Then N random writes: half
 *       plausible (the current value with one item nudged, accepted or
 *       refused as the driver decides), half of the other kinds: invalid
 *       by construction (wrong type, wrong format, wrong item count, a
 *       boolean of 2..255, NaN or infinity in a FLOAT, a write to a
 *       read-only property, an atom that names no action) or values the
 *       driver decides on (every item zero, one item at a boundary of its
 *       type, every item random bits).  After every refused write the
 *       property must read back as before; after every 50th refusal and
 *       after every accepted write, every property of the device is read:
 *       a refused write must have changed nothing at all.  An invalid
 *       write must be refused with the X error its kind calls for
 *       (BadMatch for type, format and count; BadValue for values and
 *       read-only properties).  "Synaptics Monitor" and "Synaptics
 *       Hardware State" change by themselves (the monitor) and are left
 *       out of the comparisons.  Prints the counts; exits 1 on a mismatch,
 *       3 if the server went away.
 */
#define _GNU_SOURCE

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

#define MAX_PROPS 96
#define MAX_ITEMS 16

static int last_error;

static int on_error(Display *dpy, XErrorEvent *ev)
{
	(void)dpy;
	last_error = ev->error_code;
	return 0;
}

static int on_io_error(Display *d)
{
	(void)d;
	printf("server gone: the X connection broke\n");
	exit(3);
}

static int find_device(Display *dpy, const char *name)
{
	int n, id = -1;
	XIDeviceInfo *info = XIQueryDevice(dpy, XIAllDevices, &n);

	for (int i = 0; i < n; i++)
		if (strcmp(info[i].name, name) == 0)
			id = info[i].deviceid;
	XIFreeDeviceInfo(info);
	return id;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int change(Display *dpy, int dev, Atom prop, Atom type, int format, const void *data, int n)
{
	last_error = Success;
	XIChangeProperty(dpy, dev, prop, type, format, PropModeReplace, (unsigned char *)data, n);
	XSync(dpy, False);
	return last_error;
}

static int cycles(Display *dpy, const char *name, int n)
{
	int dev = find_device(dpy, name), errors = 0;
	Atom enabled = XInternAtom(dpy, "Device Enabled", False);
	double t0 = now_s();
	unsigned char v;
	Atom type;
	int format;
	unsigned long items, after;
	unsigned char *data = NULL;

	if (dev < 0) {
		printf("cycles: no device %s\n", name);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		v = 0;
		errors += change(dpy, dev, enabled, XA_INTEGER, 8, &v, 1) != Success;
		v = 1;
		errors += change(dpy, dev, enabled, XA_INTEGER, 8, &v, 1) != Success;
	}
	if (XIGetProperty(dpy, dev, enabled, 0, 1, False, XA_INTEGER, &type, &format, &items, &after,
			  &data) != Success || items != 1 || data[0] != 1)
		errors++;
	XFree(data);
	printf("cycles %d errors %d seconds %.1f\n", n, errors, now_s() - t0);
	return errors ? 1 : 0;
}

/* The same cycles sent as one batch: the server handles them back to back. */
static int burst(Display *dpy, const char *name, int n)
{
	int dev = find_device(dpy, name);
	Atom enabled = XInternAtom(dpy, "Device Enabled", False);
	double t0 = now_s();
	unsigned char off = 0, on = 1;

	if (dev < 0) {
		printf("burst: no device %s\n", name);
		return 1;
	}
	last_error = Success;
	for (int i = 0; i < n; i++) {
		XIChangeProperty(dpy, dev, enabled, XA_INTEGER, 8, PropModeReplace, &off, 1);
		XIChangeProperty(dpy, dev, enabled, XA_INTEGER, 8, PropModeReplace, &on, 1);
	}
	XIChangeProperty(dpy, dev, enabled, XA_INTEGER, 8, PropModeReplace, &off, 1);
	XSync(dpy, False);
	XIChangeProperty(dpy, dev, enabled, XA_INTEGER, 8, PropModeReplace, &on, 1);
	XSync(dpy, False);
	printf("burst %d errors %d seconds %.1f\n", n, last_error != Success, now_s() - t0);
	return last_error != Success;
}

/* ---- the property soak ---- */

struct prop {
	Atom atom;
	char name[96];
	Atom type;
	int format;
	int n;
	uint32_t items[MAX_ITEMS];	/* format 8: one byte per item, else 32-bit items */
};

struct snapshot {
	struct prop p[MAX_PROPS];
	int n;
};

static Display *dpy;
static int dev;
static Atom float_atom;
static unsigned long rnd_state = 1;

static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((rnd_state >> 33) % n);
}

static bool self_changing(const char *name)
{
	return strcmp(name, "Synaptics Monitor") == 0 || strcmp(name, "Synaptics Hardware State") == 0;
}

static bool read_only(const char *name)
{
	return strcmp(name, "Synaptics Capabilities") == 0 || strcmp(name, "Synaptics Pad Resolution") == 0 ||
	       strcmp(name, "Synaptics Hardware State") == 0;
}

static bool is_bool_prop(const char *name)
{
	static const char *const b[] = {
		"Synaptics ClickPad", "Synaptics Edge Scrolling", "Synaptics Two-Finger Scrolling",
		"Synaptics Button Scrolling", "Synaptics Button Scrolling Repeat", "Synaptics Locked Drags",
		"Synaptics Circular Scrolling", "Synaptics Circular Pad", "Synaptics Palm Detection",
		"Synaptics Grab Event Device", "Synaptics Gestures", "Synaptics Gestures Enabled",
	};

	for (size_t i = 0; i < sizeof(b) / sizeof(b[0]); i++)
		if (strcmp(name, b[i]) == 0)
			return true;
	return false;
}

static bool read_prop(Atom atom, struct prop *p)
{
	Atom type;
	int format;
	unsigned long n, after;
	unsigned char *data = NULL;

	if (XIGetProperty(dpy, dev, atom, 0, MAX_ITEMS, False, AnyPropertyType, &type, &format, &n, &after,
			  &data) != Success || type == None) {
		XFree(data);
		return false;
	}
	memset(p, 0, sizeof(*p));
	p->atom = atom;
	p->type = type;
	p->format = format;
	p->n = (int)(n > MAX_ITEMS ? MAX_ITEMS : n);
	for (int i = 0; i < p->n; i++)
		p->items[i] = format == 8 ? data[i] : format == 16 ? ((uint16_t *)data)[i] : ((uint32_t *)data)[i];
	XFree(data);
	return true;
}

/* Atom names, asked once each (a round trip is the soak's main cost). */
static const char *atom_name(Atom atom)
{
	static struct { Atom atom; char *name; } cache[256];
	static int n;
	char *name;

	for (int i = 0; i < n; i++)
		if (cache[i].atom == atom)
			return cache[i].name;
	name = XGetAtomName(dpy, atom);
	if (name && n < (int)(sizeof(cache) / sizeof(cache[0])))
		cache[n++] = (typeof(cache[0])){ atom, name };
	return name;	/* kept: the cache or, past it, a small leak */
}

static bool ours(const char *name)
{
	return name && strncmp(name, "Synaptics ", 10) == 0;
}

/* Every "Synaptics ..." property of the device, read now. */
static void snap(struct snapshot *s)
{
	int nprops;
	Atom *atoms = XIListProperties(dpy, dev, &nprops);

	s->n = 0;
	for (int i = 0; i < nprops && s->n < MAX_PROPS; i++) {
		const char *name = atom_name(atoms[i]);

		if (ours(name) && read_prop(atoms[i], &s->p[s->n])) {
			snprintf(s->p[s->n].name, sizeof(s->p[s->n].name), "%s", name);
			s->n++;
		}
	}
	XFree(atoms);
}

/*
 * After an accepted write of `written`: that property read again, the set
 * of properties as the server lists it (a write may create or delete
 * others: ClickPad and the soft button areas), the new ones read.  The
 * full snapshot after every 50th refusal compares everything.
 */
static void refresh(struct snapshot *s, Atom written)
{
	static struct snapshot t;
	int nprops;
	Atom *atoms = XIListProperties(dpy, dev, &nprops);

	t.n = 0;
	for (int i = 0; i < nprops && t.n < MAX_PROPS; i++) {
		const char *name = atom_name(atoms[i]);
		int k;

		if (!ours(name))
			continue;
		for (k = 0; k < s->n && s->p[k].atom != atoms[i]; k++)
			;
		if (k < s->n && atoms[i] != written && !self_changing(name)) {
			t.p[t.n++] = s->p[k];
		} else if (read_prop(atoms[i], &t.p[t.n])) {
			snprintf(t.p[t.n].name, sizeof(t.p[t.n].name), "%s", name);
			t.n++;
		}
	}
	XFree(atoms);
	*s = t;
}

static bool same_prop(const struct prop *a, const struct prop *b)
{
	return a->type == b->type && a->format == b->format && a->n == b->n &&
	       memcmp(a->items, b->items, sizeof(a->items[0]) * (size_t)a->n) == 0;
}

/* The first difference of two snapshots (the self-changing pair left out), or NULL. */
static const char *differs(const struct snapshot *a, const struct snapshot *b)
{
	int na = 0, nb = 0;

	for (int i = 0; i < a->n; i++) {
		const struct prop *q = NULL;

		if (self_changing(a->p[i].name))
			continue;
		na++;
		for (int k = 0; k < b->n; k++)
			if (b->p[k].atom == a->p[i].atom)
				q = &b->p[k];
		if (!q || !same_prop(&a->p[i], q))
			return a->p[i].name;
	}
	for (int k = 0; k < b->n; k++)
		nb += !self_changing(b->p[k].name);
	return na == nb ? NULL : "(a property appeared)";
}

enum kind {
	K_PLAUSIBLE, K_TYPE, K_FORMAT, K_COUNT, K_BOOL, K_NONFINITE, K_READONLY, K_ATOM,
	K_ZERO, K_BOUNDARY, K_RANDOM, K_MAX
};
static const char *const kind_names[K_MAX] = {
	"plausible", "wrong-type", "wrong-format", "wrong-count", "bool-out-of-range",
	"nan-or-inf", "read-only", "no-such-action", "all-zero", "boundary", "random-bits",
};

/* A value at an edge of what the item's type holds. */
static uint32_t boundary_value(const struct prop *p)
{
	static const int32_t ints[] = { INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX - 1, INT32_MAX,
					65535, 65536, -65536 };
	static const float floats[] = { 0.0f, -0.0f, FLT_MIN, -FLT_MIN, FLT_MAX, -FLT_MAX, 1e-45f,
					1e30f, -1e30f, 1.0f };
	uint32_t v;

	if (p->type == float_atom) {
		memcpy(&v, &floats[rnd(sizeof(floats) / sizeof(floats[0]))], sizeof(v));
		return v;
	}
	if (p->format == 8)
		return rnd(2) ? 255 : (rnd(2) ? 0 : 128);
	return (uint32_t)ints[rnd(sizeof(ints) / sizeof(ints[0]))];
}

/* Build a write of the given kind for p; returns the X error it must get (-1: either way). */
static int make_write(const struct prop *p, enum kind k, Atom *type, int *format, int *n,
		      uint32_t *items)
{
	*type = p->type;
	*format = p->format;
	*n = p->n;
	memcpy(items, p->items, sizeof(p->items));
	if (k != K_PLAUSIBLE && k != K_READONLY && read_only(p->name))
		k = K_READONLY;
	switch (k) {
	case K_PLAUSIBLE: {
		int i = p->n ? (int)rnd((unsigned)p->n) : 0;

		if (p->type == float_atom) {
			unsigned scale = rnd(100), add = rnd(3);
			float f;

			memcpy(&f, &items[i], sizeof(f));
			f = f * (0.5f + (float)scale / 100.0f) + (float)add;
			memcpy(&items[i], &f, sizeof(f));
		} else if (p->format == 8) {
			items[i] = rnd(3);
		} else if (p->type == XA_ATOM) {
			static const char *const acts[] = { "none", "button 8", "button 9", "button 2" };

			items[i] = (uint32_t)XInternAtom(dpy, acts[rnd(4)], False);
		} else {
			items[i] = (uint32_t)((int32_t)items[i] + (int32_t)rnd(201) - 100);
		}
		return -1;
	}
	case K_TYPE:
		*type = p->type == XA_INTEGER ? float_atom : XA_INTEGER;
		return BadMatch;
	case K_FORMAT:
		*format = p->format == 8 ? 32 : (rnd(2) ? 8 : 16);
		return BadMatch;
	case K_COUNT:
		*n = rnd(2) ? 0 : p->n + 1 + (int)rnd(3);
		if (*n > MAX_ITEMS)
			*n = MAX_ITEMS;
		for (int i = p->n; i < *n; i++)
			items[i] = 0;
		/* Tap Action takes 1..7 items: only 0 or more than 7 are wrong */
		return BadMatch;
	case K_BOOL:
		if (!is_bool_prop(p->name) || p->format != 8)
			return make_write(p, K_COUNT, type, format, n, items);
		items[rnd((unsigned)p->n)] = 2 + rnd(254);
		return BadValue;
	case K_NONFINITE:
		if (p->type != float_atom)
			return make_write(p, K_TYPE, type, format, n, items);
		{
			float f = rnd(2) ? NAN : (rnd(2) ? INFINITY : -INFINITY);
			/* Move Speed's 4th item is 1.9's removed trackstick speed: ignored, not checked */
			unsigned n_checked = strcmp(p->name, "Synaptics Move Speed") == 0 ? 3 : (unsigned)p->n;

			memcpy(&items[rnd(n_checked)], &f, sizeof(f));
		}
		return BadValue;
	case K_READONLY:
		if (!read_only(p->name))
			return make_write(p, K_FORMAT, type, format, n, items);
		items[0] ^= 1;
		return BadValue;
	case K_ATOM:
		if (p->type != XA_ATOM)
			return make_write(p, K_TYPE, type, format, n, items);
		items[rnd((unsigned)p->n)] = (uint32_t)XInternAtom(dpy, "no such action", False);
		return BadValue;
	case K_ZERO:
		memset(items, 0, sizeof(items[0]) * MAX_ITEMS);
		return -1;
	case K_BOUNDARY:
		if (p->n)
			items[rnd((unsigned)p->n)] = boundary_value(p);
		return -1;
	case K_RANDOM:
		for (int i = 0; i < p->n; i++)
			items[i] = p->format == 8 ? rnd(256) : (rnd(65536) << 16 | rnd(65536));
		return -1;
	case K_MAX:
		break;
	}
	return -1;
}

static int send_write(const struct prop *p, Atom type, int format, int n, const uint32_t *items)
{
	unsigned char buf[MAX_ITEMS * 4];

	for (int i = 0; i < n; i++) {
		if (format == 8)
			buf[i] = (unsigned char)items[i];
		else if (format == 16)
			((uint16_t *)buf)[i] = (uint16_t)items[i];
		else
			((uint32_t *)buf)[i] = items[i];
	}
	return change(dpy, dev, p->atom, type, format, buf, n);
}

struct tally {
	int writes, accepted, refused, wrong_error, changed, since_full;
	int by_kind[K_MAX], refused_kind[K_MAX];
};

/* One write of kind k to s->p[i]; s is read again after an accepted write. */
static void one_write(struct snapshot *s, int i, enum kind k, struct tally *c)
{
	static struct snapshot t;
	const struct prop *p = &s->p[i];
	uint32_t items[MAX_ITEMS];
	Atom type;
	int format, n, want, rc;
	struct prop after;

	if (strcmp(p->name, "Synaptics Hardware State") == 0)
		k = K_READONLY;
	want = make_write(p, k, &type, &format, &n, items);
	/* Tap Action: 1..7 items are all a valid count */
	if (want == BadMatch && n > 0 && n <= 7 && strcmp(p->name, "Synaptics Tap Action") == 0 &&
	    type == p->type && format == p->format)
		want = -1;
	c->writes++;
	c->by_kind[k]++;
	rc = send_write(p, type, format, n, items);
	if (want >= 0 && rc != want) {
		if (c->wrong_error++ < 10)
			printf("# %s write to \"%s\": error %d, want %d\n", kind_names[k], p->name, rc, want);
	}
	if (rc == Success) {
		c->accepted++;
		refresh(s, p->atom);
		return;
	}
	c->refused++;
	c->refused_kind[k]++;
	if (!self_changing(p->name) && (!read_prop(p->atom, &after) || !same_prop(&after, p))) {
		if (c->changed++ < 10)
			printf("# refused %s write changed \"%s\"\n", kind_names[k], p->name);
	}
	if (++c->since_full >= 50) {
		const char *d;

		c->since_full = 0;
		snap(&t);
		if ((d = differs(s, &t)) && c->changed++ < 10)
			printf("# after refused writes, \"%s\" differs\n", d);
		*s = t;
	}
}

static int find_in(const struct snapshot *s, Atom atom)
{
	for (int i = 0; i < s->n; i++)
		if (s->p[i].atom == atom)
			return i;
	return -1;
}

static int props(const char *name, int total, unsigned long seed)
{
	static struct snapshot s, first;
	struct tally c = { 0 };
	double t0 = now_s();
	int swept = 0;

	dev = find_device(dpy, name);
	if (dev < 0) {
		printf("props: no device %s\n", name);
		return 1;
	}
	float_atom = XInternAtom(dpy, "FLOAT", False);
	rnd_state = seed;
	snap(&s);
	first = s;
	/* the sweep: every property, every kind (a property a write removed is skipped) */
	for (int j = 0; j < first.n; j++) {
		for (int k = 0; k < K_MAX; k++) {
			int i = find_in(&s, first.p[j].atom);

			if (i >= 0)
				one_write(&s, i, (enum kind)k, &c);
		}
		swept++;
	}
	for (int w = 0; w < total && s.n > 0; w++)
		one_write(&s, (int)rnd((unsigned)s.n), rnd(2) ? K_PLAUSIBLE : (enum kind)(1 + rnd(K_MAX - 1)), &c);
	printf("props writes %d accepted %d refused %d wrong-error %d changed-by-refusal %d "
	       "properties-swept %d seconds %.1f\n", c.writes, c.accepted, c.refused, c.wrong_error,
	       c.changed, swept, now_s() - t0);
	for (int k = 0; k < K_MAX; k++)
		printf("props kind %s writes %d refused %d\n", kind_names[k], c.by_kind[k], c.refused_kind[k]);
	return c.wrong_error || c.changed ? 1 : 0;
}

int main(int argc, char **argv)
{
	int opcode, event, error, major = 2, minor = 0;

	dpy = XOpenDisplay(NULL);
	if (!dpy || !XQueryExtension(dpy, "XInputExtension", &opcode, &event, &error) ||
	    XIQueryVersion(dpy, &major, &minor) != Success) {
		fprintf(stderr, "soakx: no display with XInput 2\n");
		return 2;
	}
	XSetErrorHandler(on_error);
	XSetIOErrorHandler(on_io_error);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && strcmp(argv[1], "cycles") == 0)
		return cycles(dpy, argv[2], atoi(argv[3]));
	if (argc == 4 && strcmp(argv[1], "burst") == 0)
		return burst(dpy, argv[2], atoi(argv[3]));
	if (argc == 5 && strcmp(argv[1], "props") == 0)
		return props(argv[2], atoi(argv[3]), strtoul(argv[4], NULL, 0));
	fprintf(stderr, "usage: soakx cycles DEVICE N | soakx burst DEVICE N | soakx props DEVICE N SEED\n");
	return 2;
}
