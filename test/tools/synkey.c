/*
 * synkey - type keys through XTest, for the syndaemon tests.
 *
 *   synkey [-t HOLD_MS] [-g GAP_MS] [-G GRAB_MS] COMBO...
 *
 * Each COMBO is one keysym name or several joined by '+' (Control_L+c):
 * its keys go down in order, stay down HOLD_MS (default 300, longer than
 * syndaemon's polling interval so that a polling syndaemon sees them), and
 * come up in reverse order; GAP_MS (default 100) separates combos.
 * -G: grab the server first and print "grabbed" on stdout, then type, and
 * let go GRAB_MS after the grab began.  Every other client's requests wait
 * meanwhile, but the keys still reach them as events: a client that
 * answers a key with a request blocks until the grab ends (the syndaemon
 * tests send it a signal then).  With -G the combos may be left out.
 * Exit status: 0, 1 for bad arguments, 2 without display or XTest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>

#define MAX_KEYS 8

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts))
		;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int parse_combo(Display *dpy, char *combo, KeyCode *codes)
{
	int n = 0;

	for (char *tok = strtok(combo, "+"); tok; tok = strtok(NULL, "+")) {
		KeySym sym = XStringToKeysym(tok);
		KeyCode code = sym == NoSymbol ? 0 : XKeysymToKeycode(dpy, sym);

		if (!code || n == MAX_KEYS) {
			fprintf(stderr, "synkey: no key for '%s'\n", tok);
			return -1;
		}
		codes[n++] = code;
	}
	return n;
}

int main(int argc, char **argv)
{
	long hold = 300, gap = 100, grab = -1, grab_start = 0;
	int c, ev, err, major, minor;
	Display *dpy;

	while ((c = getopt(argc, argv, "t:g:G:")) != -1) {
		if (c == 't')
			hold = atol(optarg);
		else if (c == 'g')
			gap = atol(optarg);
		else if (c == 'G')
			grab = atol(optarg);
		else
			return 1;
	}
	if (optind >= argc && grab < 0) {
		fprintf(stderr, "usage: synkey [-t HOLD_MS] [-g GAP_MS] [-G GRAB_MS] COMBO...\n");
		return 1;
	}
	dpy = XOpenDisplay(NULL);
	if (!dpy || !XTestQueryExtension(dpy, &ev, &err, &major, &minor)) {
		fprintf(stderr, "synkey: no display or no XTest\n");
		return 2;
	}
	if (grab >= 0) {
		XGrabServer(dpy);
		XSync(dpy, False);
		grab_start = now_ms();
		printf("grabbed\n");
		fflush(stdout);
	}
	for (int i = optind; i < argc; i++) {
		KeyCode codes[MAX_KEYS];
		int n = parse_combo(dpy, argv[i], codes);

		if (n < 0)
			return 1;
		for (int k = 0; k < n; k++)
			XTestFakeKeyEvent(dpy, codes[k], True, CurrentTime);
		XSync(dpy, False);
		sleep_ms(hold);
		for (int k = n - 1; k >= 0; k--)
			XTestFakeKeyEvent(dpy, codes[k], False, CurrentTime);
		XSync(dpy, False);
		if (i + 1 < argc)
			sleep_ms(gap);
	}
	if (grab >= 0) {
		long left = grab_start + grab - now_ms();

		if (left > 0)
			sleep_ms(left);
		XUngrabServer(dpy);
		XSync(dpy, False);
	}
	XCloseDisplay(dpy);
	return 0;
}
