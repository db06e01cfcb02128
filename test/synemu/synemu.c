/*
 * synemu - Synaptics PS/2 touchpad firmware emulator on /dev/userio.
 *
 * main(): command line, the event loop that moves bytes between userio and
 * the firmware model (fw.c), and the player that streams the compiled script
 * or recording (script.c, replay.c) while the kernel has streaming enabled.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fw.h"
#include "replay.h"
#include "script.h"
#include "userio.h"

/* Hold stream packets until the host has been quiet this long, so they do
 * not land in the middle of a command exchange (pass-through traffic). */
#define QUIET_US 10000
/* How often to look for --start-file. */
#define START_POLL_US 20000
/* After a failed probe, announce a power-on (AA 00) this long after the F4. */
#define RETRY_DELAY_US 200000
#define DEFAULT_PROBE_RETRIES 3

static volatile sig_atomic_t stop_signal;

struct options {
	const char *profile;
	const char *script;
	const char *replay;
	const char *ready_file;
	const char *start_file;
	const char *log_file;
	const char *device;
	const char *commands;
	double speed;
	double start_delay_ms;
	bool exit_after_script;
	bool garbage;
	uint64_t garbage_seed;
	bool check_only;
	bool no_realtime;
	int probe_retries;
	unsigned long drop_host_byte;	/* 1-based; 0 = none */
	bool hide_agm;			/* clear 0x0c bits 19 and 11 */
	int verbose;
};

struct emu {
	struct options opt;
	struct synfw fw;
	struct syn_script script;
	bool have_script;
	int fd;
	FILE *log;
	uint64_t t_log0;	/* log time base (restarts at "S: Main") */
	bool log_main;

	/* player */
	bool enabled_once;
	uint64_t enabled_at;
	bool started, paused, finished;
	uint64_t base_us, paused_at;
	size_t next;
	uint64_t last_host_us;
	size_t dropped_packets;
	uint64_t rng;
	size_t bytes_in, bytes_out;

	/* "mute": the pad answers nothing until mute_until (0 = answering) */
	uint64_t mute_until, mute_from;
	size_t muted_bytes;	/* host bytes ignored during the current mute */

	/* probe watchdog: synaptics_init began (queries beyond identify)
	 * since the last F4 */
	bool init_pending;
	bool fallback;		/* the kernel runs the pad as a relative mouse after a failed probe */
	int retries_done;
	uint64_t retry_at;	/* 0 = none pending */

	/* --commands: script blocks that arrive while running */
	int cmd_fd;
	char *cmd_text;		/* every block accepted so far */
	size_t cmd_text_len;
	char cmd_buf[8192];	/* the block being received */
	size_t cmd_buf_len;
	uint64_t cmd_compiled_end;	/* end of cmd_text's timeline, unshifted */
	size_t cmd_compiled_n;		/* actions cmd_text compiles to */
};

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void note(struct emu *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A state transition or event: to the log as "N:" and to stderr with -v. */
static void note(struct emu *e, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (e->log)
		fprintf(e->log, "N: %.6f %s\n", (now_us() - e->t_log0) / 1e6, msg);
	if (e->opt.verbose)
		fprintf(stderr, "synemu: %s\n", msg);
}

static void fw_note(void *ctx, const char *msg)
{
	note(ctx, "fw: %s", msg);
}

static void log_byte(struct emu *e, char dir, uint8_t b)
{
	if (e->log)
		fprintf(e->log, "E: %-10" PRIu64 " %c %02x\n", now_us() - e->t_log0, dir, b);
	if (e->opt.verbose > 1)
		fprintf(stderr, "synemu: %c %02x\n", dir, b);
}

static int send_bytes(struct emu *e, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int rc = syn_userio_send(e->fd, b[i]);

		if (rc) {
			fprintf(stderr, "synemu: userio SEND_INTERRUPT: %s\n", strerror(-rc));
			return rc;
		}
		log_byte(e, 'R', b[i]);
		e->bytes_out++;
	}
	return 0;
}

static void touch_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0) {
		fprintf(stderr, "synemu: cannot create %s: %s\n", path, strerror(errno));
		return;
	}
	if (write(fd, "ready\n", 6) < 0)
		fprintf(stderr, "synemu: cannot write %s: %s\n", path, strerror(errno));
	close(fd);
}

static uint8_t rand8(struct emu *e)
{
	uint64_t x = e->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	e->rng = x;
	return (uint8_t)((x * 0x2545F4914F6CDD1DULL) >> 56);
}

static uint64_t action_due(const struct emu *e, const struct syn_action *a)
{
	return e->base_us + (uint64_t)((double)a->t_us / e->opt.speed);
}

/* Send one action; returns 0 or negative errno from the transport. */
static int play_action(struct emu *e, const struct syn_action *a)
{
	uint8_t buf[SYNFW_MAX_REPLY + 8];
	size_t n = 0;
	bool stream = a->type == SYN_ACT_FRAME || a->type == SYN_ACT_PACKET;

	if (stream && e->opt.garbage && rand8(e) < 13) {
		uint8_t junk[3];
		size_t k = 1 + rand8(e) % 3;

		for (size_t i = 0; i < k; i++)
			junk[i] = rand8(e);
		note(e, "garbage: %zu random bytes before line %u", k, a->line);
		if (send_bytes(e, junk, k))
			return -EIO;
	}

	switch (a->type) {
	case SYN_ACT_FRAME:
		n = synfw_encode_frame(&e->fw, &a->frame, buf);
		if (a->truncate && a->truncate < n) {
			note(e, "line %u: truncated packet (%u of %zu bytes)", a->line, a->truncate, n);
			n = a->truncate;
		}
		if (a->flip && n) {
			unsigned bit = (a->flip - 1) % (unsigned)(n * 8);

			buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			note(e, "line %u: bit %u of byte %u flipped", a->line, bit % 8, bit / 8);
		}
		if (a->drop && n) {
			unsigned k = (a->drop - 1) % (unsigned)n;

			memmove(buf + k, buf + k + 1, n - k - 1);
			n--;
			note(e, "line %u: byte %u of %zu left out", a->line, k, n + 1);
		}
		break;
	case SYN_ACT_PACKET:
		if (!synfw_packet_allowed(&e->fw, a->raw)) {
			if (e->dropped_packets++ == 0)
				note(e, "dropping recorded packets the current mode does not allow (W=%d)",
				     syn_packet_w(a->raw));
			return 0;
		}
		memcpy(buf, a->raw, 6);
		n = 6;
		break;
	case SYN_ACT_RAW:
		note(e, "line %u: %zu raw bytes", a->line, a->nraw);
		if (a->power_on)
			synfw_power_on(&e->fw);
		memcpy(buf, a->raw, a->nraw);
		n = a->nraw;
		break;
	case SYN_ACT_MUTE:
		break;
	}
	if (a->mute_ms) {
		e->mute_from = now_us();
		e->mute_until = e->mute_from + (uint64_t)a->mute_ms * 1000;
		e->muted_bytes = 0;
		note(e, "line %u: mute: the pad stops answering for %u ms", a->line, a->mute_ms);
	}
	if (stream && e->opt.garbage && n > 1 && rand8(e) < 13) {
		size_t k = 1 + rand8(e) % (n < 6 ? n - 1 : 5);

		note(e, "garbage: packet truncated to %zu bytes", k);
		n = k;
	}
	return send_bytes(e, buf, n) ? -EIO : 0;
}

/*
 * The kernel began synaptics_init (queries beyond identify) but enabled
 * streaming with the pad in relative mode: its probe failed, usually
 * because an ACK was late under TCG ("Unable to query device: -5"), and it
 * fell back to a relative PS/2 mouse.  A kernel that never wanted absolute
 * mode (psmouse.proto=bare/imps/exps) sends at most the identify query.
 */
static bool probe_failed(const struct emu *e)
{
	return e->init_pending && !(e->fw.mode & SYN_MODE_ABSOLUTE) && e->fw.caps.newabs &&
	       e->fw.caps.extended;
}

static void handle_events(struct emu *e, unsigned ev, uint64_t now)
{
	if (ev & SYNFW_EV_QUERY)
		e->init_pending = true;

	if ((ev & SYNFW_EV_ENABLED) && probe_failed(e)) {
		e->init_pending = false;
		e->fallback = true;
		if (e->retries_done < e->opt.probe_retries) {
			e->retries_done++;
			e->retry_at = now + RETRY_DELAY_US;
			fprintf(stderr, "synemu: the kernel's probe failed (streaming enabled in relative mode "
				"after Synaptics queries); announcing a power-on to make it re-probe (%d/%d)\n",
				e->retries_done, e->opt.probe_retries);
			note(e, "probe failed: retry %d of %d", e->retries_done, e->opt.probe_retries);
		} else {
			fprintf(stderr, "synemu: the kernel's probe failed again; giving up (relative mode)\n");
		}
		return;
	}
	if (ev & SYNFW_EV_ENABLED) {
		e->init_pending = false;
		e->fallback = false;
		if (!e->enabled_once) {
			e->enabled_once = true;
			e->enabled_at = now;
			if (e->log) {
				fprintf(e->log, "S: Main\n");
				e->t_log0 = now;
			}
		}
		note(e, "kernel enabled streaming (mode %02x%s)", e->fw.mode, e->fw.agm ? ", AGM" : "");
		if (e->opt.ready_file)
			touch_file(e->opt.ready_file);
		if (e->started && e->paused) {
			e->base_us += now - e->paused_at;
			e->paused = false;
			note(e, "script resumed at action %zu", e->next);
		}
	}
	if ((ev & SYNFW_EV_DISABLED) && e->started && !e->paused && !e->finished) {
		e->paused = true;
		e->paused_at = now;
		note(e, "script paused at action %zu (streaming off)", e->next);
	}
}

static bool start_condition(struct emu *e, uint64_t now)
{
	if (!e->have_script || e->started || !e->enabled_once || !synfw_streaming(&e->fw) || e->fallback)
		return false;
	if (now < e->enabled_at + (uint64_t)(e->opt.start_delay_ms * 1000))
		return false;
	if (e->opt.start_file && access(e->opt.start_file, F_OK) != 0)
		return false;
	return true;
}

/* The end of a mute: the script clock stood still while it lasted. */
static void mute_over(struct emu *e, uint64_t now)
{
	note(e, "mute over: the pad answers again (%zu host bytes were ignored)", e->muted_bytes);
	if (e->started && !e->paused)
		e->base_us += now - e->mute_from;
	e->mute_until = 0;
}

/* A raw action that wants the kernel's quiet window before the next one. */
static bool wants_quiet(const struct emu *e, size_t i)
{
	const struct syn_action *a = &e->script.act[i];

	return a->type == SYN_ACT_RAW && !a->junk && !a->mute_ms;
}

/* Play everything that is due; returns negative errno on transport errors. */
static int run_player(struct emu *e, uint64_t now)
{
	if (e->mute_until) {
		if (now < e->mute_until)
			return 0;
		mute_over(e, now);
	}
	if (e->retry_at && now >= e->retry_at) {
		static const uint8_t bat[2] = { 0xaa, 0x00 };

		e->retry_at = 0;
		if (synfw_streaming(&e->fw) && e->fallback) {
			note(e, "sending AA 00");
			return send_bytes(e, bat, 2) ? -EIO : 0;
		}
	}
	if (e->retry_at)
		return 0;
	if (start_condition(e, now)) {
		e->started = true;
		e->base_us = now;
		note(e, "script started: %zu actions over %.3f s", e->script.n,
		     e->script.end_us / 1e6 / e->opt.speed);
	}
	if (!e->started || e->paused || e->finished)
		return 0;
	if (now - e->last_host_us < QUIET_US)
		return 0;
	while (e->next < e->script.n && action_due(e, &e->script.act[e->next]) <= now) {
		int rc = play_action(e, &e->script.act[e->next]);

		if (rc)
			return rc;
		e->next++;
		handle_events(e, synfw_take_events(&e->fw), now);	/* a power-on */
		if (e->paused)
			break;
		/* After raw bytes (AA 00) the kernel may want to talk: give it
		 * the quiet window before the next frame.  Not after garbage:
		 * a kernel that resyncs disables streaming (the script pauses),
		 * and the fault suite streams junk back to back with packets. */
		if (wants_quiet(e, e->next - 1)) {
			e->last_host_us = now;
			break;
		}
		if (e->mute_until)
			break;
	}
	if (e->next == e->script.n && now >= e->base_us + (uint64_t)(e->script.end_us / e->opt.speed)) {
		e->finished = true;
		note(e, "script finished (%zu dropped packets)", e->dropped_packets);
	}
	return 0;
}

/* Microseconds until the player needs to run again, or -1 for "no need". */
static int64_t player_timeout(struct emu *e, uint64_t now)
{
	int64_t t = -1;

	if (e->mute_until)
		return e->mute_until > now ? (int64_t)(e->mute_until - now) : 0;
	if (e->retry_at)
		return e->retry_at > now ? (int64_t)(e->retry_at - now) : 0;

	if (e->have_script && !e->started && e->enabled_once && synfw_streaming(&e->fw) && !e->fallback) {
		uint64_t s = e->enabled_at + (uint64_t)(e->opt.start_delay_ms * 1000);

		t = s > now ? (int64_t)(s - now) : 0;
		if (e->opt.start_file && t < START_POLL_US)
			t = START_POLL_US;
		return t;
	}
	if (!e->started || e->paused || e->finished)
		return -1;
	if (e->next < e->script.n) {
		uint64_t due = action_due(e, &e->script.act[e->next]);

		t = due > now ? (int64_t)(due - now) : 0;
	} else {
		uint64_t end = e->base_us + (uint64_t)(e->script.end_us / e->opt.speed);

		t = end > now ? (int64_t)(end - now) : 0;
	}
	if (now - e->last_host_us < QUIET_US && t < (int64_t)(QUIET_US - (now - e->last_host_us)))
		t = (int64_t)(QUIET_US - (now - e->last_host_us));
	return t;
}

/*
 * --commands: append the block @blk (complete lines) to the timeline.  It is
 * compiled after every block accepted before, so fingers or buttons left
 * down by one block are still down in the next; its actions play from now
 * on, or after what is still queued.
 */
static void commands_block(struct emu *e, const char *blk, size_t len)
{
	struct syn_script tmp;
	char err[512], *all;
	uint64_t now_pos, from, shift;

	all = malloc(e->cmd_text_len + len + 1);
	if (!all)
		return;
	memcpy(all, e->cmd_text ? e->cmd_text : "", e->cmd_text_len);
	memcpy(all + e->cmd_text_len, blk, len);
	all[e->cmd_text_len + len] = '\0';
	syn_script_init(&tmp);
	if (syn_script_parse(&tmp, all, "commands", err, sizeof(err))) {
		fprintf(stderr, "synemu: %s (block ignored)\n", err);
		syn_script_free(&tmp);
		free(all);
		return;
	}
	now_pos = e->started ? (uint64_t)((double)(now_us() - e->base_us) * e->opt.speed) : 0;
	from = now_pos > e->script.end_us ? now_pos : e->script.end_us;
	shift = from - e->cmd_compiled_end;
	for (size_t i = e->cmd_compiled_n; i < tmp.n; i++) {	/* the new block's */
		struct syn_action *a;

		a = syn_script_append(&e->script, tmp.act[i].type, tmp.act[i].t_us + shift);
		if (!a)
			break;
		*a = tmp.act[i];
		a->t_us += shift;
	}
	e->script.end_us = tmp.end_us + shift;
	e->cmd_compiled_end = tmp.end_us;
	e->cmd_compiled_n = tmp.n;
	e->have_script = true;
	e->finished = false;
	note(e, "commands: %zu actions queued, playing until %.3f s", e->script.n - e->next,
	     e->script.end_us / 1e6 / e->opt.speed);
	free(e->cmd_text);
	e->cmd_text = all;
	e->cmd_text_len += len;
	syn_script_free(&tmp);
}

/* Read --commands; a blank line ends a block. */
static void commands_read(struct emu *e)
{
	ssize_t n = read(e->cmd_fd, e->cmd_buf + e->cmd_buf_len, sizeof(e->cmd_buf) - 1 - e->cmd_buf_len);
	char *p, *end;

	if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
		close(e->cmd_fd);	/* a file or pipe that ended */
		e->cmd_fd = -1;
		return;
	}
	if (n < 0)
		return;
	e->cmd_buf_len += (size_t)n;
	e->cmd_buf[e->cmd_buf_len] = '\0';
	p = e->cmd_buf;
	while (*p == '\n')	/* more blank lines between blocks */
		p++;
	while ((end = strstr(p, "\n\n"))) {
		commands_block(e, p, (size_t)(end + 1 - p));
		for (p = end + 2; *p == '\n'; p++)
			;
	}
	e->cmd_buf_len -= (size_t)(p - e->cmd_buf);
	memmove(e->cmd_buf, p, e->cmd_buf_len + 1);
	if (e->cmd_buf_len == sizeof(e->cmd_buf) - 1) {
		fprintf(stderr, "synemu: commands: a block longer than %zu bytes (ignored)\n", sizeof(e->cmd_buf) - 1);
		e->cmd_buf_len = 0;
	}
}

static void on_signal(int sig)
{
	stop_signal = sig;
}

/*
 * libps2 gives a device 200 ms to ACK each byte.  Under TCG on a loaded host
 * an ordinary process can miss that, and the probe fails with -EIO; a
 * real-time priority inside the guest makes that much less likely.  The
 * loop always blocks in ppoll(), so it cannot starve the guest.
 */
static void go_realtime(struct emu *e)
{
	struct sched_param sp = { .sched_priority = 20 };

	if (sched_setscheduler(0, SCHED_FIFO, &sp) != 0)
		note(e, "no real-time priority (%s); continuing", strerror(errno));
	if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
		note(e, "mlockall failed (%s); continuing", strerror(errno));
}

static int serve(struct emu *e)
{
	sigset_t block, orig;
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &orig);

	while (!stop_signal) {
		uint64_t now = now_us();
		int64_t wait = player_timeout(e, now);
		struct pollfd pfds[2] = { { .fd = e->fd, .events = POLLIN }, { .fd = e->cmd_fd, .events = POLLIN } };
		struct pollfd pfd;
		struct timespec ts, *tsp = NULL;
		int rc;

		if (wait >= 0) {
			ts.tv_sec = wait / 1000000;
			ts.tv_nsec = (wait % 1000000) * 1000;
			tsp = &ts;
		}
		rc = ppoll(pfds, e->cmd_fd >= 0 ? 2 : 1, tsp, &orig);
		if (rc < 0 && errno != EINTR) {
			perror("synemu: ppoll");
			return 1;
		}
		pfd = pfds[0];
		if (rc > 0 && e->cmd_fd >= 0 && (pfds[1].revents & (POLLIN | POLLHUP)))
			commands_read(e);
		if (rc > 0 && (pfd.revents & (POLLERR | POLLHUP | POLLNVAL))) {
			fprintf(stderr, "synemu: userio device error (revents %#x)\n", pfd.revents);
			return 1;
		}
		if (rc > 0 && (pfd.revents & POLLIN)) {
			uint8_t in[64];
			ssize_t n = syn_userio_read(e->fd, in, sizeof(in));

			if (n < 0) {
				fprintf(stderr, "synemu: userio read: %s\n", strerror((int)-n));
				return 1;
			}
			for (ssize_t i = 0; i < n; i++) {
				uint8_t out[SYNFW_MAX_REPLY];
				size_t k;

				log_byte(e, 'S', in[i]);
				e->bytes_in++;
				if (e->bytes_in == e->opt.drop_host_byte) {
					note(e, "dropping host byte %zu (%02x): no answer", e->bytes_in, in[i]);
					continue;
				}
				if (e->mute_until && now_us() < e->mute_until) {
					e->muted_bytes++;
					note(e, "mute: host byte %02x not answered", in[i]);
					continue;
				}
				k = synfw_host_byte(&e->fw, in[i], out);
				if (send_bytes(e, out, k))
					return 1;
				handle_events(e, synfw_take_events(&e->fw), now_us());
			}
			e->last_host_us = now_us();
		}
		if (run_player(e, now_us()))
			return 1;
		if (e->finished && e->opt.exit_after_script)
			break;
		if (e->log)
			fflush(e->log);
	}
	if (stop_signal)
		note(e, "signal %d: unregistering", (int)stop_signal);
	return 0;
}

static void usage(FILE *f)
{
	fputs(
"Usage: synemu [OPTION]...\n"
"Emulate a Synaptics PS/2 touchpad on /dev/userio (run as root in the QEMU guest,\n"
"with userio.ko and psmouse.ko loaded).  Registers an i8042 AUX serio port, answers\n"
"the kernel's probe like the firmware would, and streams packets for a script or a\n"
"recording once the kernel has enabled streaming (F4).\n"
"\n"
"  -p, --profile NAME       pad to emulate (default semimt); see --list-profiles\n"
"  -l, --list-profiles      print the built-in profiles and exit\n"
"  -s, --script FILE        finger/button script to play after F4 (format below)\n"
"  -r, --replay FILE        ps2emu-record V1 file: answer the probe from its Init\n"
"                           section and, unless --script is given, play its Main\n"
"                           section's packets with their recorded timing\n"
"      --speed FACTOR       play scripts/recordings FACTOR times faster (default 1)\n"
"      --garbage SEED       randomly insert junk bytes and truncate packets (about\n"
"                           1 in 20 packets each), deterministic for a SEED\n"
"      --ready-file PATH    create PATH each time the kernel enables streaming\n"
"      --start-file PATH    do not start the script before PATH exists\n"
"      --start-delay MS     start the script MS ms after the first F4 (default 0)\n"
"      --log FILE           log every byte with its time (ps2emu-record V1 format:\n"
"                           \"E: usec S|R byte\", S = host->device; notes as \"N:\")\n"
"  -x, --exit-after-script  exit (unregister the port) when the script has ended\n"
"      --hold               keep serving until SIGTERM/SIGINT (the default)\n"
"      --device PATH        userio device (default /dev/userio)\n"
"      --no-realtime        do not ask for SCHED_FIFO priority (see README)\n"
"      --probe-retries N    if the kernel's probe fails (Synaptics queries, then\n"
"                           F4 without absolute mode) send AA 00 to make it\n"
"                           re-probe, at most N times (default 3; 0 = never)\n"
"      --drop-host-byte N   ignore the N-th byte from the host (counting from 1):\n"
"                           no ACK, no answer, no state change (fault injection)\n"
"      --hide-agm           answer the 0x0c query without the AGM (bit 19) and\n"
"                           image sensor (bit 11) capabilities: the same pad as\n"
"                           a kernel sees it that has no multitouch support\n"
"      --commands FILE      also play script blocks read from FILE (a fifo, or - for\n"
"                           stdin) while running: a blank line ends a block, which\n"
"                           is played at once (after what is still queued) and\n"
"                           compiled after the blocks before it (fingers stay down)\n"
"  -c, --check              only parse the script/recording, print a summary, exit\n"
"  -v, --verbose            state transitions on stderr (twice: every byte)\n"
"  -h, --help               this text\n"
"\n"
"Script format (one command per line, '#' starts a comment; coordinates are in\n"
"evdev orientation, i.e. what the kernel reports as ABS_X/ABS_Y with Y growing\n"
"downwards; the emulator sends raw Y = 5856 - y.  Finger N is 1..5, Z = pressure\n"
"(default 60), W = width 4..15 (default 5) used for the one-finger W value):\n"
"  rate HZ                       frame rate for later frames (default 80)\n"
"  frame [N=X,Y[,Z[,W]]...] [btn=B]  set the fingers (listed = all fingers down;\n"
"                                'none' = no finger; none listed = keep) and the\n"
"                                buttons, then send one frame\n"
"  down N=X,Y[,Z[,W]]...         put fingers down (sends nothing)\n"
"  up N...                       lift fingers (sends nothing)\n"
"  press B... / release B...     buttons: left right middle click (sends nothing)\n"
"  move MS N=X,Y[,Z[,W]]...      glide fingers to the targets over MS ms, one\n"
"                                frame per 1/rate; fingers not listed stay put\n"
"  hold MS                       repeat the current frame for MS ms\n"
"  lift                          lift all fingers and send the no-finger frame\n"
"  wait MS                       send nothing for MS ms\n"
"  repeat N ... end              repeat the enclosed lines N times\n"
"  raw HEX...                    send bytes as they are (up to 64)\n"
"  garbage N                     send N pseudo-random bytes (see 'seed N')\n"
"  truncate [K]                  send only the first K (1..5, default 3) bytes\n"
"                                of the current frame\n"
"  reconnect [MS]                power-on: reset, send AA 00 (the kernel re-probes);\n"
"                                with MS, then answer nothing for MS ms\n"
"  mute MS                       stop answering for MS ms (no ACK, no packets)\n"
"Each frame takes one frame period.  Several buttons: btn=left+right, btn=none.\n"
"A frame is encoded per the mode the kernel set: new-abs 6-byte packets in W\n"
"mode; with AGM on, 2+ fingers send an AGM packet (second finger) before the\n"
"normal packet (W=0 for two, W=1 for three+; image sensors add an AGM-CONTACT\n"
"count packet for 3+); without AGM only W; in relative mode 3-byte packets.\n",
	f);
}

static int list_profiles(void)
{
	for (size_t i = 0; i < syn_profile_count(); i++)
		printf("%-18s %s\n", syn_profile_name(i), syn_profile_description(i));
	return 0;
}

static bool parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= lo && v <= hi))
		return false;
	*out = v;
	return true;
}

static void print_summary(const struct emu *e, const struct syn_recording *rec)
{
	const struct syn_caps *c = &e->fw.caps;

	printf("profile: %s (%s)\n", e->fw.prof.name, e->fw.prof.description);
	printf("firmware %d.%d, caps:%s%s%s%s%s%s%s, x %d..%d, y %d..%d (raw), res %d/%d units/mm\n",
	       c->major, c->minor, c->extended ? " extended" : "", c->multifinger ? " multifinger" : "",
	       c->agm ? " agm" : "", c->image_sensor ? " image-sensor" : "", c->clickpad ? " clickpad" : "",
	       c->passthru ? " pass-through" : "", c->palm ? " palm" : "", c->x_min, c->x_max, c->y_min,
	       c->y_max, c->x_res, c->y_res);
	if (rec)
		printf("recording: %zu init events, %zu queries learnt (%zu conflicting), %zu main bytes, "
		       "%zu skipped\n", rec->init_events, rec->queries, rec->conflicts, rec->main_bytes,
		       rec->skipped_bytes);
	if (e->have_script)
		printf("timeline: %zu actions over %.3f s\n", e->script.n, e->script.end_us / 1e6 / e->opt.speed);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "profile", required_argument, NULL, 'p' },
		{ "list-profiles", no_argument, NULL, 'l' },
		{ "script", required_argument, NULL, 's' },
		{ "replay", required_argument, NULL, 'r' },
		{ "speed", required_argument, NULL, 1 },
		{ "garbage", required_argument, NULL, 2 },
		{ "ready-file", required_argument, NULL, 3 },
		{ "start-file", required_argument, NULL, 4 },
		{ "start-delay", required_argument, NULL, 5 },
		{ "log", required_argument, NULL, 6 },
		{ "exit-after-script", no_argument, NULL, 'x' },
		{ "hold", no_argument, NULL, 7 },
		{ "device", required_argument, NULL, 8 },
		{ "check", no_argument, NULL, 'c' },
		{ "no-realtime", no_argument, NULL, 9 },
		{ "probe-retries", required_argument, NULL, 10 },
		{ "drop-host-byte", required_argument, NULL, 11 },
		{ "commands", required_argument, NULL, 12 },
		{ "hide-agm", no_argument, NULL, 13 },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct emu emu;
	struct emu *e = &emu;
	struct syn_recording rec;
	bool have_rec = false;
	struct syn_profile prof;
	char err[512];
	int opt, rc;

	e->opt.profile = "semimt";
	e->opt.device = SYN_USERIO_DEFAULT;
	e->opt.speed = 1.0;
	e->opt.probe_retries = DEFAULT_PROBE_RETRIES;
	e->fd = -1;
	e->cmd_fd = -1;
	syn_script_init(&e->script);

	while ((opt = getopt_long(argc, argv, "p:ls:r:xcvh", longopts, NULL)) != -1) {
		switch (opt) {
		case 'p': e->opt.profile = optarg; break;
		case 'l': return list_profiles();
		case 's': e->opt.script = optarg; break;
		case 'r': e->opt.replay = optarg; break;
		case 1:
			if (!parse_double(optarg, 0.001, 1000, &e->opt.speed)) {
				fprintf(stderr, "synemu: --speed '%s' must be a number in 0.001..1000\n", optarg);
				return 2;
			}
			break;
		case 2: {
			char *end;

			errno = 0;
			e->opt.garbage_seed = strtoull(optarg, &end, 0);
			if (errno || end == optarg || *end) {
				fprintf(stderr, "synemu: --garbage '%s' must be an integer seed\n", optarg);
				return 2;
			}
			e->opt.garbage = true;
			break;
		}
		case 3: e->opt.ready_file = optarg; break;
		case 4: e->opt.start_file = optarg; break;
		case 5:
			if (!parse_double(optarg, 0, 3600e3, &e->opt.start_delay_ms)) {
				fprintf(stderr, "synemu: --start-delay '%s' must be milliseconds\n", optarg);
				return 2;
			}
			break;
		case 6: e->opt.log_file = optarg; break;
		case 'x': e->opt.exit_after_script = true; break;
		case 7: e->opt.exit_after_script = false; break;
		case 8: e->opt.device = optarg; break;
		case 9: e->opt.no_realtime = true; break;
		case 10: {
			double v;

			if (!parse_double(optarg, 0, 100, &v)) {
				fprintf(stderr, "synemu: --probe-retries '%s' must be 0..100\n", optarg);
				return 2;
			}
			e->opt.probe_retries = (int)v;
			break;
		}
		case 11: {
			char *end;

			errno = 0;
			e->opt.drop_host_byte = strtoul(optarg, &end, 0);
			if (errno || end == optarg || *end || e->opt.drop_host_byte == 0) {
				fprintf(stderr, "synemu: --drop-host-byte '%s' must be a byte number >= 1\n", optarg);
				return 2;
			}
			break;
		}
		case 12: e->opt.commands = optarg; break;
		case 13: e->opt.hide_agm = true; break;
		case 'c': e->opt.check_only = true; break;
		case 'v': e->opt.verbose++; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "synemu: unexpected argument '%s' (see --help)\n", argv[optind]);
		return 2;
	}

	if (e->opt.replay) {
		rc = syn_recording_load(&rec, e->opt.replay, err, sizeof(err));
		if (rc) {
			fprintf(stderr, "synemu: %s\n", err);
			return 1;
		}
		have_rec = true;
		prof = rec.prof;
	} else if (syn_profile_load(e->opt.profile, &prof)) {
		fprintf(stderr, "synemu: unknown profile '%s'; known profiles:\n", e->opt.profile);
		for (size_t i = 0; i < syn_profile_count(); i++)
			fprintf(stderr, "  %s\n", syn_profile_name(i));
		return 2;
	}
	if (e->opt.script) {
		rc = syn_script_load(&e->script, e->opt.script, err, sizeof(err));
		if (rc) {
			fprintf(stderr, "synemu: %s\n", err);
			return 1;
		}
		e->have_script = true;
	} else if (have_rec) {
		e->script = rec.main;
		syn_script_init(&rec.main);
		e->have_script = true;
	}
	if (e->opt.hide_agm && prof.has_answer[SYN_Q_EXT_CAPS_0C]) {
		prof.answer[SYN_Q_EXT_CAPS_0C][0] &= (uint8_t)~0x08;	/* bit 19: AGM */
		prof.answer[SYN_Q_EXT_CAPS_0C][1] &= (uint8_t)~0x08;	/* bit 11: image sensor */
	}
	synfw_init(&e->fw, &prof);
	synfw_set_log(&e->fw, fw_note, e);
	e->rng = e->opt.garbage_seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;

	if (e->opt.check_only) {
		print_summary(e, have_rec ? &rec : NULL);
		if (have_rec)
			syn_recording_free(&rec);
		syn_script_free(&e->script);
		return 0;
	}
	if (have_rec)
		syn_recording_free(&rec);

	if (e->opt.log_file) {
		e->log = fopen(e->opt.log_file, "w");
		if (!e->log) {
			fprintf(stderr, "synemu: cannot write log %s: %s\n", e->opt.log_file, strerror(errno));
			return 1;
		}
		fprintf(e->log, "# ps2emu-record V1\n# synemu log, profile %s\n#\nT: A\nS: Init\n", prof.name);
	}
	e->t_log0 = now_us();

	if (e->opt.commands) {
		struct stat st;
		bool fifo = stat(e->opt.commands, &st) == 0 && S_ISFIFO(st.st_mode);

		/* a fifo is held open for writing too, so that a writer
		 * going away is no end of file */
		e->cmd_fd = strcmp(e->opt.commands, "-") == 0 ? STDIN_FILENO :
			    open(e->opt.commands, (fifo ? O_RDWR : O_RDONLY) | O_NONBLOCK | O_CLOEXEC);
		if (e->cmd_fd < 0) {
			fprintf(stderr, "synemu: cannot read %s: %s\n", e->opt.commands, strerror(errno));
			return 1;
		}
	}
	e->fd = syn_userio_open(e->opt.device, err, sizeof(err));
	if (e->fd < 0) {
		fprintf(stderr, "synemu: %s\n", err);
		return 1;
	}
	if (syn_userio_register(e->fd, err, sizeof(err))) {
		fprintf(stderr, "synemu: %s\n", err);
		close(e->fd);
		return 1;
	}
	if (!e->opt.no_realtime)
		go_realtime(e);
	note(e, "registered serio port (profile %s)", prof.name);
	rc = serve(e);
	/* close() unregisters the serio port. */
	close(e->fd);
	note(e, "port closed: %zu bytes in, %zu out", e->bytes_in, e->bytes_out);
	if (e->log)
		fclose(e->log);
	syn_script_free(&e->script);
	free(e->cmd_text);
	return rc;
}
