/*
 * soakpad - a uinput clickpad for the soak suite (test/soak), driven by
 * commands on stdin, one a line; each prints "ok COMMAND" when done.
 *
 *   soakpad NAME [SLOTS [XMAX]]
 *                          create the pad (3 MT slots, up to 4 fingers,
 *                          one button, INPUT_PROP_BUTTONPAD; SLOTS slots
 *                          (at most 16) and an x range up to XMAX if
 *                          given); prints "node /dev/input/eventN" first
 *
 *   circle HZ SECONDS      one finger circling, HZ frames a second, until
 *                          SECONDS are over or SIGUSR1 stops it; prints
 *                          "frames N seconds S"
 *   pinch                  two fingers land 2 frames apart and spread;
 *                          they stay down
 *   swipe                  three fingers land and move left; they stay
 *   press                  a finger rests, the pad is pressed; both stay
 *   tapdrag                a tap, then the finger lands again and drags;
 *                          it stays down (tap-and-drag holds button 1)
 *   lift                   every finger up, the button up
 *   storm FRAMES           FRAMES frames of two moving fingers written in
 *                          batches of 256 frames a write(), far faster
 *                          than a reader keeps up with; then the final
 *                          state: one finger at 2500,3000, pressure 70,
 *                          the button down
 *   dragstorm FRAMES       a click-drag: a finger lands, the pad is
 *                          pressed, then FRAMES frames of the finger
 *                          moving with the button held, in batches as
 *                          storm's, then 20 frames 10 ms apart moving on;
 *                          finger and button stay down
 *   flood SECONDS          one finger moving, frames in batches as
 *                          storm's, without a pause for SECONDS; prints
 *                          "frames N seconds S end_us T" (T: when the
 *                          last batch was written, CLOCK_MONOTONIC); 200 ms
 *                          later "paced_us P" and 20 frames 10 ms apart
 *                          moving on; then every finger up
 *   highslots              two fingers in the pad's two highest slots
 *                          land and scroll down together; they stay
 *   state                  "state X Y Z FINGERS BUTTONS CONTACTS": the
 *                          kernel's state of the node (EVIOCG*), in the
 *                          order of "Synaptics Hardware State" items 1-4,
 *                          6 and 7
 *   quit (or EOF, SIGTERM) the device is destroyed at once, whatever is
 *                          down: that is the "removed mid-gesture" case
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>

#include "test-clickpad.h"

#define MAXSLOTS 16
#define XMIN TEST_CLICKPAD_XMIN
#define YMIN TEST_CLICKPAD_YMIN

static struct libevdev_uinput *uidev;
static volatile sig_atomic_t stop, interrupted;

struct touch { bool down; int x, y; };

/* The state the pad last reported. */
static struct touch cur[MAXSLOTS];
static bool was_down[MAXSLOTS];
static int nslots = TEST_CLICKPAD_SLOTS;
static bool button;
static int tracking = 1;

static struct input_event batch[256 * 64];
static size_t nbatch;

static void put(unsigned type, unsigned code, int value)
{
	struct input_event *e = &batch[nbatch++];

	memset(e, 0, sizeof(*e));
	e->type = (uint16_t)type;
	e->code = (uint16_t)code;
	e->value = value;
}

static void flush(void)
{
	const char *p = (const char *)batch;
	size_t len = nbatch * sizeof(batch[0]);

	while (len > 0) {
		ssize_t n = write(libevdev_uinput_get_fd(uidev), p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			perror("soakpad: write");
			exit(1);
		}
		p += n;
		len -= (size_t)n;
	}
	nbatch = 0;
}

/* One frame of the current state into the batch. */
static void frame(void)
{
	static const unsigned tools[4] = { BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
					   BTN_TOOL_QUADTAP };
	int fingers = 0, first = -1;

	for (int i = 0; i < nslots; i++) {
		put(EV_ABS, ABS_MT_SLOT, i);
		if (cur[i].down && !was_down[i])
			put(EV_ABS, ABS_MT_TRACKING_ID, tracking++);
		else if (!cur[i].down && was_down[i])
			put(EV_ABS, ABS_MT_TRACKING_ID, -1);
		was_down[i] = cur[i].down;
		if (!cur[i].down)
			continue;
		if (first < 0)
			first = i;
		fingers++;
		put(EV_ABS, ABS_MT_POSITION_X, cur[i].x);
		put(EV_ABS, ABS_MT_POSITION_Y, cur[i].y);
		put(EV_ABS, ABS_MT_PRESSURE, 70 + fingers);
	}
	if (first >= 0) {
		put(EV_ABS, ABS_X, cur[first].x);
		put(EV_ABS, ABS_Y, cur[first].y);
	}
	put(EV_ABS, ABS_PRESSURE, fingers ? 70 : 0);
	put(EV_KEY, BTN_TOUCH, fingers > 0);
	for (int k = 0; k < 4; k++)
		put(EV_KEY, tools[k], fingers == k + 1);
	put(EV_KEY, BTN_LEFT, button);
	put(EV_SYN, SYN_REPORT, 0);
}

static void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR && !stop)
		;
}

/* A frame now, then wait until the next one is due. */
static void step(long period_us)
{
	frame();
	flush();
	sleep_us(period_us);
}

static void set(int slot, bool down, int x, int y)
{
	cur[slot] = (struct touch){ down, x, y };
}

static void circle(int hz, double seconds)
{
	long period = 1000000 / (hz > 0 ? hz : 1);
	int frames = (int)(seconds * hz);
	struct timespec next, t0, t1;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &next);
	t0 = next;
	for (i = 0; i < frames && !stop && !interrupted; i++) {
		double a = i * 2 * M_PI / 400;

		set(0, true, 3400 + (int)(700 * cos(a)), 2900 + (int)(600 * sin(a)));
		frame();
		flush();
		/* absolute pacing: HZ frames a second on average, whatever a write costs */
		next.tv_nsec += period * 1000;
		while (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("frames %d seconds %.2f\n", i,
	       (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
}

static void pinch(void)
{
	set(0, true, 3200, 2900);
	step(10000);
	step(10000);
	set(1, true, 3600, 2950);
	for (int i = 0; i < 25; i++) {
		set(0, true, 3200 - 30 * i, 2900 - 8 * i);
		set(1, true, 3600 + 30 * i, 2950 + 8 * i);
		step(10000);
	}
}

static void swipe(void)
{
	set(0, true, 4200, 2600);
	step(10000);
	set(1, true, 3800, 2800);
	step(10000);
	set(2, true, 3400, 2700);
	for (int i = 0; i < 20; i++) {
		set(0, true, 4200 - 50 * i, 2600);
		set(1, true, 3800 - 50 * i, 2800);
		set(2, true, 3400 - 50 * i, 2700);
		step(10000);
	}
}

static void press(void)
{
	set(0, true, 3000, 2500);
	step(10000);
	step(10000);
	button = true;
	step(10000);
	step(10000);
}

static void tapdrag(void)
{
	set(0, true, 3000, 2500);
	step(10000);
	step(10000);
	step(10000);
	set(0, false, 0, 0);
	step(60000);
	set(0, true, 3000, 2500);
	step(10000);
	for (int i = 0; i < 30; i++) {
		set(0, true, 3000 + 20 * i, 2500 + 10 * i);
		step(10000);
	}
}

static void lift(void)
{
	for (int i = 0; i < nslots; i++)
		set(i, false, 0, 0);
	button = false;
	step(10000);
}

/* The batch is flushed when it cannot take another frame of every slot. */
static void frame_batched(void)
{
	frame();
	if (nbatch > sizeof(batch) / sizeof(batch[0]) - (size_t)(8 + 6 * nslots))
		flush();
}

static void storm(long frames)
{
	unsigned seed = 1;

	for (long f = 0; f < frames && !stop; f++) {
		seed = seed * 1103515245u + 12345u;
		set(0, true, XMIN + 200 + (int)((seed >> 8) % 3000), YMIN + 200 + (int)((seed >> 4) % 2500));
		set(1, (seed >> 20) & 1, 4000 + (int)((seed >> 12) % 800), 2000);
		button = (seed >> 24) & 1;
		frame_batched();
	}
	flush();
	lift();
	set(0, true, 2500, 3000);
	button = true;
	step(10000);
}

static long long monotonic_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/*
 * After an overload the reader has resynchronised at some frame of it;
 * frames at a pad's pace from there show whether the touch still moves
 * the pointer.  Every frame of an overload may be lost to SYN_DROPPED.
 */
static void paced_moves(int x, int y)
{
	for (int i = 1; i <= 20; i++) {
		set(0, true, x + 15 * i, y + 10 * i);
		step(10000);
	}
}

static void dragstorm(long frames)
{
	set(0, true, 2000, 3000);
	step(10000);
	step(10000);
	button = true;
	step(10000);
	for (long f = 0; f < frames && !stop; f++) {
		set(0, true, 2000 + (int)(f % 2000), 3000 - (int)(f % 800));
		frame_batched();
	}
	flush();
	paced_moves(2000, 3000);
}

static void flood(double seconds)
{
	long long t0 = monotonic_us();
	long f = 0;

	do {
		for (int i = 0; i < 256 && !stop; i++, f++) {
			set(0, true, 2000 + (int)(f % 2000), 2200 + (int)(f % 1600));
			frame_batched();
		}
	} while (!stop && monotonic_us() - t0 < seconds * 1e6);
	flush();
	printf("frames %ld seconds %.2f end_us %lld\n", f, seconds, monotonic_us());
	/* The reader's backlog is one kernel buffer: gone well within 200 ms. */
	usleep(200000);
	printf("paced_us %lld\n", monotonic_us());
	paced_moves(2000, 2200);
	lift();
}

static void highslots(void)
{
	int a = nslots - 2, b = nslots - 1;

	set(a, true, 3000, 2000);
	step(10000);
	set(b, true, 3600, 2000);
	step(10000);
	for (int i = 0; i < 30; i++) {
		set(a, true, 3000, 2000 + 40 * i);
		set(b, true, 3600, 2000 + 40 * i);
		step(10000);
	}
}

static void print_state(void)
{
	const char *node = libevdev_uinput_get_devnode(uidev);
	struct libevdev *d = NULL;
	int fd = open(node, O_RDONLY | O_NONBLOCK);
	int fingers = 0, contacts = 0, buttons = 0;
	static const unsigned tools[4] = { BTN_TOOL_FINGER, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP,
					   BTN_TOOL_QUADTAP };

	if (fd < 0 || libevdev_new_from_fd(fd, &d) < 0) {
		printf("state error\n");
		if (fd >= 0)
			close(fd);
		return;
	}
	for (int k = 0; k < 4; k++)
		if (libevdev_get_event_value(d, EV_KEY, tools[k]))
			fingers = k + 1;
	for (int s = 0; s < libevdev_get_num_slots(d); s++)
		contacts += libevdev_get_slot_value(d, (unsigned)s, ABS_MT_TRACKING_ID) != -1;
	buttons = libevdev_get_event_value(d, EV_KEY, BTN_LEFT) ? 1 : 0;	/* tp_hw_button: left */
	printf("state %d %d %d %d %d %d\n", libevdev_get_event_value(d, EV_ABS, ABS_X),
	       libevdev_get_event_value(d, EV_ABS, ABS_Y), libevdev_get_event_value(d, EV_ABS, ABS_PRESSURE),
	       fingers, buttons, contacts);
	libevdev_free(d);
	close(fd);
}

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		interrupted = 1;
	else
		stop = 1;
}

static int create(const char *name, int xmax)
{
	struct libevdev *d = test_clickpad_new(name);
	int rc = -ENOMEM;

	if (d) {
		libevdev_set_abs_maximum(d, ABS_MT_SLOT, nslots - 1);
		if (xmax > 0) {
			libevdev_set_abs_maximum(d, ABS_X, xmax);
			libevdev_set_abs_maximum(d, ABS_MT_POSITION_X, xmax);
		}
		rc = libevdev_uinput_create_from_device(d, LIBEVDEV_UINPUT_OPEN_MANAGED, &uidev);
	}
	libevdev_free(d);
	if (rc < 0) {
		fprintf(stderr, "soakpad: cannot create the uinput device: %s\n", strerror(-rc));
		return 1;
	}
	printf("node %s\n", libevdev_uinput_get_devnode(uidev));
	return 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_signal };
	char line[256];

	if (argc < 2 || argc > 4) {
		fprintf(stderr, "usage: soakpad NAME [SLOTS [XMAX]]  (commands on stdin)\n");
		return 2;
	}
	if (argc > 2)
		nslots = atoi(argv[2]);
	if (nslots < 2 || nslots > MAXSLOTS) {
		fprintf(stderr, "soakpad: SLOTS must be 2..%d\n", MAXSLOTS);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART: it ends a circle's sleep */
	if (create(argv[1], argc > 3 ? atoi(argv[2 + 1]) : 0))
		return 1;
	while (!stop) {
		double a = 0, b = 0;
		char cmd[32] = "";

		if (!fgets(line, sizeof(line), stdin)) {
			if (ferror(stdin) && errno == EINTR && !stop) {
				clearerr(stdin);	/* a late SIGUSR1 */
				continue;
			}
			break;
		}
		interrupted = 0;

		line[strcspn(line, "\n")] = '\0';
		if (sscanf(line, "%31s %lf %lf", cmd, &a, &b) < 1)
			continue;
		if (strcmp(cmd, "circle") == 0)
			circle((int)a, b);
		else if (strcmp(cmd, "pinch") == 0)
			pinch();
		else if (strcmp(cmd, "swipe") == 0)
			swipe();
		else if (strcmp(cmd, "press") == 0)
			press();
		else if (strcmp(cmd, "tapdrag") == 0)
			tapdrag();
		else if (strcmp(cmd, "lift") == 0)
			lift();
		else if (strcmp(cmd, "storm") == 0)
			storm((long)a);
		else if (strcmp(cmd, "dragstorm") == 0)
			dragstorm((long)a);
		else if (strcmp(cmd, "flood") == 0)
			flood(a);
		else if (strcmp(cmd, "highslots") == 0)
			highslots();
		else if (strcmp(cmd, "state") == 0)
			print_state();
		else if (strcmp(cmd, "quit") == 0)
			break;
		else {
			printf("error unknown command %s\n", cmd);
			continue;
		}
		printf("ok %s\n", cmd);
	}
	libevdev_uinput_destroy(uidev);	/* the device is gone from here on */
	printf("gone\n");
	return 0;
}
