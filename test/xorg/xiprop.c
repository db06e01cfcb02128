/*
 * xiprop - many XInput device property writes and reads over one X
 * connection, for the property tests (test/xorg/guest-props).
 * xinput does the same one request per process, and a process costs about
 * a second in the TCG guest.
 *
 * Reads commands from stdin, one a line, fields separated by '|':
 *
 *   dump|TAG|DEVICE
 *       every property of DEVICE as "TAG|DEVICE|NAME|VALUES" lines, sorted
 *       by the server's order; VALUES are comma-separated (integers as
 *       the property's format and type give them, FLOAT with %g, ATOMs by
 *       name, STRING as text).  Unlike XGetWindowProperty, XI2 hands format
 *       32 data over as packed 32-bit items, not as longs.
 *   set|ID|DEVICE|PROPERTY|TYPE|FORMAT|V1 V2 ...
 *       XIChangeProperty (PropModeReplace) and XSync; prints
 *       "ID|ok", "ID|BadValue", "ID|BadMatch", "ID|BadAccess" or
 *       "ID|error N".  TYPE is int, card, float, atom or same (the
 *       property's current type); FORMAT 8, 16, 32 or same.
 *
 * Exit status 0 unless the display or a device cannot be found (2).
 */
#define _GNU_SOURCE

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>

static int last_error;

static int on_error(Display *dpy, XErrorEvent *ev)
{
	(void)dpy;
	last_error = ev->error_code;
	return 0;
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

static void print_values(Display *dpy, Atom type, int format, unsigned long n, const unsigned char *data)
{
	Atom float_atom = XInternAtom(dpy, "FLOAT", False);

	if (type == XA_STRING) {
		printf("%.*s", (int)n, (const char *)data);
		return;
	}
	for (unsigned long i = 0; i < n; i++) {
		if (i)
			printf(", ");
		if (format == 8)
			printf("%d", type == XA_INTEGER ? (int)((const int8_t *)data)[i] : (int)data[i]);
		else if (format == 16)
			printf("%d", ((const int16_t *)data)[i]);
		else if (type == float_atom)
			printf("%g", (double)((const float *)data)[i]);
		else if (type == XA_ATOM) {
			Atom a = ((const uint32_t *)data)[i];
			char *s = a ? XGetAtomName(dpy, a) : NULL;

			printf("%s", s ? s : "None");
			XFree(s);
		} else if (type == XA_CARDINAL)
			printf("%lu", (unsigned long)((const uint32_t *)data)[i]);
		else
			printf("%ld", (long)((const int32_t *)data)[i]);
	}
}

static void dump(Display *dpy, const char *tag, const char *devname)
{
	int dev = find_device(dpy, devname), nprops;
	Atom *props;

	if (dev < 0) {
		printf("%s|%s|no such device\n", tag, devname);
		return;
	}
	props = XIListProperties(dpy, dev, &nprops);
	for (int i = 0; i < nprops; i++) {
		Atom type;
		int format;
		unsigned long n, after;
		unsigned char *data = NULL;
		char *name = XGetAtomName(dpy, props[i]);

		if (XIGetProperty(dpy, dev, props[i], 0, 1000, False, AnyPropertyType, &type, &format, &n,
				  &after, &data) == Success) {
			printf("%s|%s|%s|", tag, devname, name);
			print_values(dpy, type, format, n, data);
			printf("\n");
			XFree(data);
		}
		XFree(name);
	}
	XFree(props);
}

static const char *error_name(int code)
{
	static char buf[32];

	switch (code) {
	case Success: return "ok";
	case BadValue: return "BadValue";
	case BadMatch: return "BadMatch";
	case BadAccess: return "BadAccess";
	}
	snprintf(buf, sizeof(buf), "error %d", code);
	return buf;
}

static void set(Display *dpy, char **f)
{
	const char *id = f[1], *devname = f[2], *tname = f[4], *fname = f[5];
	int dev = find_device(dpy, devname), format, n = 0;
	Atom prop = XInternAtom(dpy, f[3], False), type, cur_type = None;
	Atom float_atom = XInternAtom(dpy, "FLOAT", False);
	int cur_format = 0;
	unsigned long nitems, after;
	unsigned char *cur = NULL, data[64 * 4];
	char *save, *tok;

	if (dev < 0) {
		printf("%s|no such device\n", id);
		return;
	}
	if (XIGetProperty(dpy, dev, prop, 0, 0, False, AnyPropertyType, &cur_type, &cur_format, &nitems,
			  &after, &cur) == Success)
		XFree(cur);
	if (strcmp(tname, "int") == 0)
		type = XA_INTEGER;
	else if (strcmp(tname, "card") == 0)
		type = XA_CARDINAL;
	else if (strcmp(tname, "float") == 0)
		type = float_atom;
	else if (strcmp(tname, "atom") == 0)
		type = XA_ATOM;
	else
		type = cur_type;
	format = strcmp(fname, "same") == 0 ? cur_format : atoi(fname);
	if (type == float_atom || type == XA_ATOM)
		format = strcmp(fname, "same") == 0 ? 32 : format;
	if (format != 8 && format != 16 && format != 32) {
		printf("%s|bad format\n", id);
		return;
	}
	memset(data, 0, sizeof(data));
	for (tok = strtok_r(f[6], " ", &save); tok && n < 64; tok = strtok_r(NULL, " ", &save), n++) {
		if (format == 8)
			((uint8_t *)data)[n] = (uint8_t)strtol(tok, NULL, 0);
		else if (format == 16)
			((uint16_t *)data)[n] = (uint16_t)strtol(tok, NULL, 0);
		else if (type == float_atom)
			((float *)data)[n] = strtof(tok, NULL);
		else if (type == XA_ATOM)
			((uint32_t *)data)[n] = (uint32_t)XInternAtom(dpy, tok, False);
		else
			((uint32_t *)data)[n] = (uint32_t)strtoll(tok, NULL, 0);
	}
	last_error = Success;
	XIChangeProperty(dpy, dev, prop, type, format, PropModeReplace, data, n);
	XSync(dpy, False);
	printf("%s|%s\n", id, error_name(last_error));
}

int main(int argc, char **argv)
{
	Display *dpy = XOpenDisplay(argc > 2 && strcmp(argv[1], "-d") == 0 ? argv[2] : NULL);
	char line[4096];
	int opcode, event, error, major = 2, minor = 0;

	if (!dpy) {
		fprintf(stderr, "xiprop: cannot open the display\n");
		return 2;
	}
	if (!XQueryExtension(dpy, "XInputExtension", &opcode, &event, &error) ||
	    XIQueryVersion(dpy, &major, &minor) != Success) {
		fprintf(stderr, "xiprop: no XInput 2\n");
		return 2;
	}
	XSetErrorHandler(on_error);
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *f[8] = { 0 }, *p = line;
		int nf = 0;

		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		while (nf < 8 && (f[nf] = strsep(&p, "|")))
			nf++;
		if (strcmp(f[0], "dump") == 0 && nf == 3)
			dump(dpy, f[1], f[2]);
		else if (strcmp(f[0], "set") == 0 && nf == 7)
			set(dpy, f);
		else
			printf("bad command: %s\n", line);
	}
	XCloseDisplay(dpy);
	return 0;
}
