/*
 * fake-evdev.c - an evdev node without a kernel (see fake-evdev.h): the
 * input core's and evdev's rules for one client, and read()/ioctl() in
 * place of the C library's for the node's file descriptors.
 *
 * read() and ioctl() defined here come before the C library's for every
 * caller in the process, libevdev included (and before the sanitizers'
 * interceptors, which are weak).  A call on any other fd goes straight to
 * the kernel.  A fd is the node's if it is a file on the node's pipe
 * (fstat: same device and inode), however it was opened.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/input.h>
#include <libevdev/libevdev.h>

#include "fake-evdev.h"

#define LONG_BITS	(8 * sizeof(long))
#define NLONGS(n)	(((n) + LONG_BITS - 1) / LONG_BITS)
/* The MT values the kernel keeps per slot: ABS_MT_TOUCH_MAJOR .. ABS_MT_TOOL_Y (input_is_mt_value). */
#define MT_FIRST	ABS_MT_TOUCH_MAJOR
#define MT_LAST		ABS_MT_TOOL_Y
#define MT_COUNT	(MT_LAST - MT_FIRST + 1)
/* CLOCK_REALTIME is this far ahead of CLOCK_MONOTONIC (any distance does). */
#define REALTIME_OFFSET_US	(1700000000ull * 1000000ull)

uint64_t fake_now_us = 1000000;
int fake_evdev_clients;
unsigned long fake_evdev_events_read;

static struct node {
	bool live;
	int rfd, wfd;			/* our ends of the pipe */
	dev_t st_dev;
	ino_t st_ino;
	char path[64];
	bool ready_byte;		/* the pipe holds its byte */
	bool gone;
	/* what the device has */
	unsigned long evbit[NLONGS(EV_CNT)], keybit[NLONGS(KEY_CNT)], absbit[NLONGS(ABS_CNT)];
	unsigned long propbit[NLONGS(INPUT_PROP_CNT)];
	char name[128];
	struct input_id id;
	/* its state (input.c: dev->key, dev->absinfo, dev->mt) */
	unsigned long key[NLONGS(KEY_CNT)];
	struct input_absinfo abs[ABS_CNT];
	int num_slots;			/* 0: no dev->mt */
	int slot;			/* staged ABS_MT_SLOT */
	int (*mt)[MT_COUNT];
	/* the frame the input core collects (dev->vals) */
	struct input_event *vals;
	int nvals, max_vals;
	/* the one client (evdev.c's struct evdev_client) */
	struct input_event *buf;
	unsigned int bufsize, head, tail, packet_head;
	int clk;
	bool grabbed;
	int flood;			/* frames sent per read() */
} node;

static bool test_bit(const unsigned long *bits, unsigned int b)
{
	return (bits[b / LONG_BITS] >> (b % LONG_BITS)) & 1;
}

static void set_bit(unsigned long *bits, unsigned int b)
{
	bits[b / LONG_BITS] |= 1ul << (b % LONG_BITS);
}

static void change_bit(unsigned long *bits, unsigned int b)
{
	bits[b / LONG_BITS] ^= 1ul << (b % LONG_BITS);
}

static bool is_mt_value(unsigned int code)
{
	return code >= MT_FIRST && code <= MT_LAST;
}

/* ---- the pipe's byte: poll() says readable exactly when a reader has something ---- */

static void sync_ready(void)
{
	bool want = node.gone || node.packet_head != node.tail;
	char c = 'e';

	if (want && !node.ready_byte)
		node.ready_byte = syscall(SYS_write, node.wfd, &c, 1) == 1;
	else if (!want && node.ready_byte)
		node.ready_byte = syscall(SYS_read, node.rfd, &c, 1) != 1;
}

/* ---- evdev.c: the client buffer ---- */

static uint64_t client_time(void)
{
	switch (node.clk) {
	case CLOCK_MONOTONIC:
		return fake_now_us;
	case CLOCK_BOOTTIME:
		return fake_now_us + 5000000u;	/* suspended for 5 s once */
	default:
		return fake_now_us + REALTIME_OFFSET_US;
	}
}

static struct input_event make_event(unsigned int type, unsigned int code, int value)
{
	uint64_t t = client_time();
	struct input_event ev = { .type = (uint16_t)type, .code = (uint16_t)code, .value = value };

	ev.input_event_sec = (time_t)(t / 1000000u);
	ev.input_event_usec = (suseconds_t)(t % 1000000u);
	return ev;
}

/* __pass_event: on overflow the queue goes, SYN_DROPPED and the newest event stay. */
static void pass_event(const struct input_event *ev)
{
	unsigned int mask = node.bufsize - 1;

	node.buf[node.head++] = *ev;
	node.head &= mask;
	if (node.head == node.tail) {
		node.tail = (node.head - 2) & mask;
		node.buf[node.tail] = make_event(EV_SYN, SYN_DROPPED, 0);
		node.packet_head = node.tail;
	}
	if (ev->type == EV_SYN && ev->code == SYN_REPORT)
		node.packet_head = node.head;
}

/* __evdev_queue_syn_dropped: readable from the next SYN_REPORT on. */
static void queue_syn_dropped(void)
{
	unsigned int mask = node.bufsize - 1;

	node.buf[node.head++] = make_event(EV_SYN, SYN_DROPPED, 0);
	node.head &= mask;
	if (node.head == node.tail) {
		node.tail = (node.head - 1) & mask;
		node.packet_head = node.tail;
	}
}

static void pass_values(void);
static void put_val(unsigned int type, unsigned int code, int value);

/*
 * A reader opens between two of the device's frames: a kernel driver sends
 * a frame in one go (one interrupt's packet), so a frame the harness is
 * still sending event by event ends first, in the old reader's buffer; the
 * new reader's state (the ioctls) has it.  Opened in the middle, the new
 * reader would get the frame's first events applied to the slot the frame
 * ended in: a race the kernel's timing keeps out.
 */
static void new_client(void)
{
	if (node.nvals) {
		put_val(EV_SYN, SYN_REPORT, 0);
		pass_values();
	}
	node.head = node.tail = node.packet_head = 0;
	node.clk = CLOCK_REALTIME;
	node.grabbed = false;
	fake_evdev_clients++;
	sync_ready();
}

/* ---- input.c: the device state and the frame ---- */

static void pass_values(void)
{
	for (int i = 0; i < node.nvals; i++) {
		struct input_event ev = make_event(node.vals[i].type, node.vals[i].code, node.vals[i].value);

		pass_event(&ev);
	}
	node.nvals = 0;
	sync_ready();
}

static void put_val(unsigned int type, unsigned int code, int value)
{
	node.vals[node.nvals++] = (struct input_event){ .type = (uint16_t)type, .code = (uint16_t)code,
							.value = value };
}

static void add_val(unsigned int type, unsigned int code, int value)
{
	put_val(type, code, value);
	if (node.nvals >= node.max_vals - 2) {	/* a frame too long for the device: cut */
		put_val(EV_SYN, SYN_REPORT, 0);
		pass_values();
	}
}

/* input_handle_abs_event without the defuzzing: false if the event changes nothing */
static bool abs_event(unsigned int code, int value)
{
	int *old = NULL;

	if (code == ABS_MT_SLOT) {
		if (node.num_slots > 0 && value >= 0 && value < node.num_slots)
			node.slot = value;
		return false;	/* staged until a slot value follows */
	}
	if (!is_mt_value(code))
		old = &node.abs[code].value;
	else if (node.num_slots > 0)
		old = &node.mt[node.slot][code - MT_FIRST];
	if (old) {
		if (*old == value)
			return false;
		*old = value;
	}
	if (is_mt_value(code) && node.num_slots > 0 && node.slot != node.abs[ABS_MT_SLOT].value) {
		node.abs[ABS_MT_SLOT].value = node.slot;
		add_val(EV_ABS, ABS_MT_SLOT, node.slot);
	}
	return true;
}

void fake_evdev_emit(unsigned int type, unsigned int code, int value)
{
	if (!node.live || node.gone)
		return;
	switch (type) {
	case EV_SYN:
		if (code != SYN_REPORT)
			return;
		put_val(EV_SYN, SYN_REPORT, 0);
		if (node.nvals >= 2)
			pass_values();
		node.nvals = 0;
		return;
	case EV_KEY:
		if (code > KEY_MAX || !test_bit(node.keybit, code))
			return;
		if (value != 2) {	/* autorepeat passes, the rest only as a change */
			if (test_bit(node.key, code) == (value != 0))
				return;
			change_bit(node.key, code);
		}
		break;
	case EV_ABS:
		if (code > ABS_MAX || !test_bit(node.absbit, code) || !abs_event(code, value))
			return;
		break;
	default:
		return;
	}
	add_val(type, code, value);
}

void fake_evdev_lift_all(int pressure_min)
{
	if (!node.live || node.gone)
		return;
	fake_now_us += 8000;
	fake_evdev_emit(EV_ABS, ABS_X, node.abs[ABS_X].value + 1);
	for (int i = 0; i < node.num_slots; i++) {
		fake_evdev_emit(EV_ABS, ABS_MT_SLOT, i);
		fake_evdev_emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
	}
	fake_evdev_emit(EV_ABS, ABS_PRESSURE, pressure_min);
	for (unsigned int c = 0; c <= KEY_MAX; c++)
		if (test_bit(node.key, c))
			fake_evdev_emit(EV_KEY, c, 0);
	fake_evdev_emit(EV_SYN, SYN_REPORT, 0);
}

void fake_evdev_flood(int frames_per_read)
{
	node.flood = frames_per_read;
}

/* The device moves on while the reader reads: ABS_X one unit further per frame. */
static void flood_frames(void)
{
	for (int i = 0; i < node.flood && fake_evdev_events_read < FAKE_EVDEV_FLOOD_GUARD; i++) {
		fake_evdev_emit(EV_ABS, ABS_X, node.abs[ABS_X].value + 1);
		fake_evdev_emit(EV_SYN, SYN_REPORT, 0);
	}
}

void fake_evdev_drop(void)
{
	if (!node.live || node.gone)
		return;
	if (node.head != node.tail) {
		node.packet_head = node.head = node.tail;
		queue_syn_dropped();
	}
	sync_ready();
}

void fake_evdev_remove(void)
{
	node.gone = true;
	sync_ready();
}

bool fake_evdev_readable(void)
{
	return node.live && node.packet_head != node.tail;
}

bool fake_evdev_key(unsigned int code)
{
	return node.live && code <= KEY_MAX && test_bit(node.key, code);
}

int fake_evdev_abs(unsigned int code)
{
	return node.live && code <= ABS_MAX ? node.abs[code].value : 0;
}

int fake_evdev_num_slots(void)
{
	return node.num_slots;
}

bool fake_evdev_has(unsigned int type, unsigned int code)
{
	switch (type) {
	case EV_KEY:
		return code <= KEY_MAX && test_bit(node.keybit, code);
	case EV_ABS:
		return code <= ABS_MAX && test_bit(node.absbit, code);
	default:
		return type == EV_SYN;
	}
}

/* input_estimate_events_per_packet */
static int events_per_packet(void)
{
	int slots = 0, events;

	if (node.num_slots > 0)
		slots = node.num_slots;
	else if (test_bit(node.absbit, ABS_MT_TRACKING_ID))
		slots = 2;	/* the kernel clamps the id range to 2..32; ours is wide */
	else if (test_bit(node.absbit, ABS_MT_POSITION_X))
		slots = 2;
	events = slots + 1;
	for (unsigned int i = 0; i < ABS_CNT; i++)
		if (test_bit(node.absbit, i))
			events += (i == ABS_MT_SLOT || is_mt_value(i)) ? slots : 1;
	return events + 7;
}

const char *fake_evdev_create(const struct libevdev *caps)
{
	int fds[2], hint;
	struct stat st;

	fake_evdev_destroy();
	memset(&node, 0, sizeof(node));
	if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) < 0)
		return NULL;
	node.rfd = fds[0];
	node.wfd = fds[1];
	if (fstat(node.rfd, &st) < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	node.st_dev = st.st_dev;
	node.st_ino = st.st_ino;
	snprintf(node.path, sizeof(node.path), "/proc/self/fd/%d", node.rfd);
	snprintf(node.name, sizeof(node.name), "%s", libevdev_get_name(caps));
	node.id.bustype = BUS_I8042;
	node.id.vendor = (uint16_t)libevdev_get_id_vendor(caps);
	node.id.product = (uint16_t)libevdev_get_id_product(caps);
	set_bit(node.evbit, EV_SYN);
	for (unsigned int p = 0; p <= INPUT_PROP_MAX; p++)
		if (libevdev_has_property(caps, p))
			set_bit(node.propbit, p);
	for (unsigned int c = 0; c <= KEY_MAX; c++)
		if (libevdev_has_event_code(caps, EV_KEY, c)) {
			set_bit(node.keybit, c);
			set_bit(node.evbit, EV_KEY);
		}
	for (unsigned int c = 0; c <= ABS_MAX; c++) {
		const struct input_absinfo *a = libevdev_get_abs_info(caps, c);

		if (!a || !libevdev_has_event_code(caps, EV_ABS, c))
			continue;
		set_bit(node.absbit, c);
		set_bit(node.evbit, EV_ABS);
		node.abs[c] = *a;
	}
	/*
	 * input_mt_init_slots: 1..1024 slots, every tracking id -1.  A slot
	 * axis without them is no device the kernel makes (and libevdev, which
	 * believes the axis, writes past its slot array for it): dropped.
	 */
	if (test_bit(node.absbit, ABS_MT_SLOT) &&
	    (node.abs[ABS_MT_SLOT].maximum < 0 || node.abs[ABS_MT_SLOT].maximum >= 1024)) {
		node.absbit[ABS_MT_SLOT / LONG_BITS] &= ~(1ul << (ABS_MT_SLOT % LONG_BITS));
		memset(&node.abs[ABS_MT_SLOT], 0, sizeof(node.abs[ABS_MT_SLOT]));
	}
	if (test_bit(node.absbit, ABS_MT_SLOT) && !test_bit(node.absbit, ABS_MT_SLOT - 1)) {
		node.num_slots = node.abs[ABS_MT_SLOT].maximum + 1;
		node.mt = calloc((size_t)node.num_slots, sizeof(*node.mt));
		if (!node.mt)
			goto fail;
		for (int i = 0; i < node.num_slots; i++)
			node.mt[i][ABS_MT_TRACKING_ID - MT_FIRST] = -1;
		node.abs[ABS_MT_SLOT].value = 0;
	}
	/* input_register_device and evdev_compute_buffer_size */
	hint = events_per_packet();
	node.max_vals = hint + 2;
	node.vals = calloc((size_t)node.max_vals + 1, sizeof(*node.vals));
	for (node.bufsize = 64; node.bufsize < 8u * (unsigned int)hint; node.bufsize *= 2)
		;
	node.buf = calloc(node.bufsize, sizeof(*node.buf));
	if (!node.vals || !node.buf)
		goto fail;
	node.clk = CLOCK_REALTIME;
	node.live = true;
	fake_evdev_clients = 0;
	return node.path;
fail:
	node.live = true;
	fake_evdev_destroy();
	return NULL;
}

void fake_evdev_destroy(void)
{
	if (!node.live)
		return;
	close(node.rfd);
	close(node.wfd);
	free(node.mt);
	free(node.vals);
	free(node.buf);
	memset(&node, 0, sizeof(node));
}

/* ---- the node's side of read() and ioctl() ---- */

static bool is_node(int fd)
{
	struct stat st;

	return node.live && fd >= 0 && fstat(fd, &st) == 0 && st.st_ino == node.st_ino &&
	       st.st_dev == node.st_dev;
}

/* evdev_read on an O_NONBLOCK client: whole packets, at most count bytes */
static ssize_t node_read(void *p, size_t count)
{
	struct input_event *out = p;
	size_t n = 0;

	if (node.gone) {
		errno = ENODEV;
		return -1;
	}
	flood_frames();
	if (count != 0 && count < sizeof(struct input_event)) {
		errno = EINVAL;
		return -1;
	}
	if (node.packet_head == node.tail) {
		errno = EAGAIN;
		return -1;
	}
	while ((n + 1) * sizeof(*out) <= count && node.packet_head != node.tail) {
		out[n++] = node.buf[node.tail++];
		node.tail &= node.bufsize - 1;
	}
	fake_evdev_events_read += n;
	sync_ready();
	return (ssize_t)(n * sizeof(*out));
}

/* bits_to_user: the bitmap's length in longs, cut to the caller's buffer */
static int bits_out(void *p, const unsigned long *bits, unsigned int maxbit, unsigned int size)
{
	unsigned int len = (unsigned int)(NLONGS(maxbit) * sizeof(long));

	if (len > size)
		len = size;
	memcpy(p, bits, len);
	return (int)len;
}

static int fail(int err)
{
	errno = err;
	return -1;
}

static int node_ioctl_get(unsigned int nr, unsigned int size, void *p)
{
	static const unsigned long none[NLONGS(KEY_CNT)];

	if (nr == _IOC_NR(EVIOCGNAME(0))) {
		unsigned int len = (unsigned int)strlen(node.name) + 1;

		if (len > size)
			len = size;
		memcpy(p, node.name, len);
		return (int)len;
	}
	if (nr == _IOC_NR(EVIOCGPHYS(0)) || nr == _IOC_NR(EVIOCGUNIQ(0)))
		return fail(ENOENT);
	if (nr == _IOC_NR(EVIOCGPROP(0)))
		return bits_out(p, node.propbit, INPUT_PROP_MAX, size);
	if (nr == _IOC_NR(EVIOCGKEY(0)))
		return bits_out(p, node.key, KEY_MAX, size);
	if (nr == _IOC_NR(EVIOCGLED(0)) || nr == _IOC_NR(EVIOCGSW(0)) || nr == _IOC_NR(EVIOCGSND(0)))
		return bits_out(p, none, 64, size);
	if (nr == _IOC_NR(EVIOCGMTSLOTS(0))) {
		int32_t *v = p;
		uint32_t code;

		if (size < sizeof(code))
			return fail(EINVAL);
		memcpy(&code, p, sizeof(code));
		if (node.num_slots <= 0 || !is_mt_value(code))
			return fail(EINVAL);
		for (int i = 0; i < node.num_slots && (size_t)i < (size - sizeof(code)) / sizeof(*v); i++)
			v[1 + i] = node.mt[i][code - MT_FIRST];
		return 0;
	}
	if (nr >= _IOC_NR(EVIOCGBIT(0, 0)) && nr <= _IOC_NR(EVIOCGBIT(EV_MAX, 0))) {
		switch (nr - _IOC_NR(EVIOCGBIT(0, 0))) {
		case 0:
			new_client();	/* libevdev_set_fd begins with it */
			return bits_out(p, node.evbit, EV_MAX, size);
		case EV_KEY:
			return bits_out(p, node.keybit, KEY_MAX, size);
		case EV_ABS:
			return bits_out(p, node.absbit, ABS_MAX, size);
		case EV_REL: case EV_MSC: case EV_LED: case EV_SND: case EV_FF: case EV_SW:
			return bits_out(p, none, 64, size);
		default:
			return fail(EINVAL);
		}
	}
	if ((nr & ~(unsigned int)ABS_MAX) == _IOC_NR(EVIOCGABS(0))) {
		struct input_absinfo a = node.abs[nr & ABS_MAX];

		memcpy(p, &a, size < sizeof(a) ? size : sizeof(a));
		return 0;
	}
	return fail(EINVAL);
}

static int node_ioctl(unsigned long req, void *p)
{
	if (node.gone)
		return fail(ENODEV);
	if (_IOC_TYPE(req) != 'E')
		return fail(ENOTTY);
	switch (req) {
	case EVIOCGVERSION:
		*(int *)p = EV_VERSION;
		return 0;
	case EVIOCGID:
		memcpy(p, &node.id, sizeof(node.id));
		return 0;
	case EVIOCGREP:
		return fail(ENOSYS);	/* no EV_REP */
	case EVIOCGRAB:
		if (p) {
			if (node.grabbed)
				return fail(EBUSY);
			node.grabbed = true;
		} else {
			if (!node.grabbed)
				return fail(EINVAL);
			node.grabbed = false;
		}
		return 0;
	case EVIOCSCLOCKID: {
		int clk = *(const int *)p;

		if (clk != CLOCK_REALTIME && clk != CLOCK_MONOTONIC && clk != CLOCK_BOOTTIME)
			return fail(EINVAL);
		if (clk != node.clk) {	/* evdev_set_clk_type */
			node.clk = clk;
			if (node.head != node.tail) {
				node.packet_head = node.head = node.tail;
				queue_syn_dropped();
			}
			sync_ready();
		}
		return 0;
	}
	}
	if (_IOC_DIR(req) == _IOC_READ)
		return node_ioctl_get(_IOC_NR(req), _IOC_SIZE(req), p);
	return fail(EINVAL);
}

/* default visibility: the X glue's harness is built with the server's -fvisibility=hidden */
__attribute__((visibility("default"))) ssize_t read(int fd, void *buf, size_t count)
{
	if (is_node(fd))
		return node_read(buf, count);
	return syscall(SYS_read, fd, buf, count);
}

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (is_node(fd))
		return node_ioctl(request, arg);
	return (int)syscall(SYS_ioctl, fd, request, arg);
}
