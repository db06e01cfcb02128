/*
 * synemu unit test: the real synemu binary, end to end, with a pseudo
 * terminal standing in for /dev/userio (--device /dev/pts/N).  The test
 * plays the kernel: it reads the userio commands synemu writes (2 bytes
 * each: SET_PORT_TYPE, REGISTER, then SEND_INTERRUPT per device byte),
 * sends the 6.1 probe, enables streaming and checks the streamed frames,
 * the ready file, pausing on F5, SIGTERM and exit-after-script, and the
 * error messages for a missing device and a bad script.  No kernel
 * module is involved.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "fw.h"
#include "test-util.h"

static char tmpdir[256];

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

struct pty {
	int master, slave;
	char path[64];
};

static int pty_open(struct pty *p)
{
	struct termios t;
	char *name;

	p->master = posix_openpt(O_RDWR | O_NOCTTY);
	if (p->master < 0 || grantpt(p->master) || unlockpt(p->master) || !(name = ptsname(p->master)))
		return -1;
	snprintf(p->path, sizeof(p->path), "%s", name);
	p->slave = open(p->path, O_RDWR | O_NOCTTY);
	if (p->slave < 0 || tcgetattr(p->slave, &t))
		return -1;
	cfmakeraw(&t);
	return tcsetattr(p->slave, TCSANOW, &t);
}

/* Read exactly @n bytes from the master within @ms; returns bytes read. */
static size_t rd(struct pty *p, uint8_t *buf, size_t n, int ms)
{
	size_t got = 0;
	uint64_t end = now_ms() + (uint64_t)ms;

	while (got < n) {
		struct pollfd pfd = { .fd = p->master, .events = POLLIN };
		int left = (int)(end - now_ms());
		ssize_t k;

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			break;
		k = read(p->master, buf + got, n - got);
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

/* Device bytes: each comes as SEND_INTERRUPT (02 xx). */
static size_t rd_device(struct pty *p, uint8_t *out, size_t n, int ms)
{
	uint8_t cmd[512];
	size_t got = rd(p, cmd, 2 * n, ms), k = 0;

	for (size_t i = 0; i + 1 < got; i += 2) {
		CHECK(cmd[i] == 2, "userio command %02x, expected SEND_INTERRUPT", cmd[i]);
		out[k++] = cmd[i + 1];
	}
	return k;
}

static pid_t start(const char *const *args)
{
	pid_t pid = fork();

	if (pid == 0) {
		execv(SYNEMU_BIN, (char *const *)args);
		_exit(127);
	}
	return pid;
}

static int wait_exit(pid_t pid, int ms, const char *what)
{
	uint64_t end = now_ms() + (uint64_t)ms;
	int status;

	while (now_ms() < end) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		usleep(10000);
	}
	fprintf(stderr, "%s: synemu did not exit, killing it\n", what);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return -1;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* Send the Linux 6.1 probe of a semi-MT pad through the pty and compare
 * every answer with the firmware model fed the same bytes. */
static void probe(struct pty *p, const char *profile)
{
	static const uint8_t seq[] = {
		0xf2, 0xf2, 0xf6,
		0xf3, 0x0a, 0xe8, 0x00, 0xf3, 0x14, 0xf3, 0x3c, 0xf3, 0x28, 0xf3, 0x14, 0xf3, 0x14,
		0xf3, 0x3c, 0xf3, 0x28, 0xf3, 0x14, 0xf3, 0x14, 0xf2,
		0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe9,
		0xff,
		0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe9,		/* identify */
		0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 3, 0xe9,		/* model */
		0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 2, 0xe9,		/* caps */
		0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 3, 0xe8, 0, 0xe9,		/* 0x0c */
		0xe6, 0xe8, 3, 0xe8, 0, 0xe8, 1, 0xe8, 1, 0xf3, 0x14,	/* mode c5 */
		0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 3, 0xf3, 0xc8,	/* AGM */
		0xe8, 0x03, 0xe6,
	};
	struct syn_profile prof;
	struct synfw fw;
	uint8_t want[1024], got[1024];
	size_t nwant = 0, ngot = 0;

	syn_profile_load(profile, &prof);
	synfw_init(&fw, &prof);
	for (size_t i = 0; i < sizeof(seq); i++) {
		uint8_t r[SYNFW_MAX_REPLY];
		size_t k = synfw_host_byte(&fw, seq[i], r);

		memcpy(want + nwant, r, k);
		nwant += k;
		CHECK(write(p->master, &seq[i], 1) == 1, "write host byte");
		/* like libps2: wait for the answer before the next byte */
		ngot += rd_device(p, got + ngot, k, 3000);
	}
	CHECK_BYTES(got, ngot, want, nwant);
}

static void test_session(void)
{
	struct pty p;
	char script[300], ready[300], log[300];
	uint8_t buf[256], frames[256];
	size_t n;
	uint64_t t0, t1;
	pid_t pid;

	CHECK(pty_open(&p) == 0, "pty: %s", strerror(errno));
	snprintf(script, sizeof(script), "%s/s.syn", tmpdir);
	snprintf(ready, sizeof(ready), "%s/ready", tmpdir);
	snprintf(log, sizeof(log), "%s/bytes.log", tmpdir);
	/* 1 + 8 + 1 frames at 80 Hz */
	write_file(script, "frame 1=2000,3000,50\nmove 100 1=3000,3000\nlift\n");
	{
		const char *args[] = { SYNEMU_BIN, "--device", p.path, "--profile", "semimt-clickpad", "--script",
				       script, "--ready-file", ready, "--log", log, "--no-realtime",
				       "--exit-after-script", NULL };

		pid = start(args);
	}
	n = rd(&p, buf, 4, 3000);
	{
		static const uint8_t reg[4] = { 0x01, 0x01, 0x00, 0x00 };	/* SET_PORT_TYPE 8042, REGISTER */

		CHECK_BYTES(buf, n, reg, sizeof(reg));
	}
	probe(&p, "semimt-clickpad");
	CHECK(access(ready, F_OK) != 0, "no ready file before F4");
	/* nothing is streamed before F4 */
	CHECK_INT(rd(&p, buf, 2, 300), 0);

	buf[0] = 0xf4;
	CHECK(write(p.master, buf, 1) == 1, "F4");
	t0 = now_ms();
	n = rd_device(&p, frames, 1, 2000);
	CHECK(n == 1 && frames[0] == 0xfa, "F4 acked");
	n = rd_device(&p, frames, 60, 5000);
	t1 = now_ms();
	CHECK_INT(n, 60);
	CHECK(access(ready, F_OK) == 0, "ready file after F4");
	if (n == 60) {
		/* first frame: one finger at 2000, raw y = 5856 - 3000 */
		CHECK_INT(((frames[3] & 0x10) << 8) | ((frames[1] & 0x0f) << 8) | frames[4], 2000);
		CHECK_INT(((frames[3] & 0x20) << 7) | ((frames[1] & 0xf0) << 4) | frames[5], 2856);
		CHECK_INT(frames[2], 50);
		/* frame 9 (end of the move) at x 3000 */
		CHECK_INT(((frames[51] & 0x10) << 8) | ((frames[49] & 0x0f) << 8) | frames[52], 3000);
		/* last: no finger */
		{
			static const uint8_t none[6] = { 0x80, 0, 0, 0xc0, 0, 0 };

			CHECK_BYTES(frames + 54, (size_t)6, none, sizeof(none));
		}
	}
	/* 10 frames at 12.5 ms: the last one cannot come before 112 ms */
	CHECK(t1 - t0 >= 100, "frames paced at the frame rate (%llu ms for 10)", (unsigned long long)(t1 - t0));
	CHECK_INT(wait_exit(pid, 3000, "exit-after-script"), 0);
	{
		struct stat st;

		CHECK(stat(log, &st) == 0 && st.st_size > 1000, "byte log written");
	}
	close(p.master);
	close(p.slave);
}

static void test_pause_and_sigterm(void)
{
	struct pty p;
	char script[300];
	uint8_t buf[512];
	size_t n;
	pid_t pid;

	CHECK(pty_open(&p) == 0, "pty: %s", strerror(errno));
	snprintf(script, sizeof(script), "%s/p.syn", tmpdir);
	/* 40 frames over 0.5 s */
	write_file(script, "rate 80\nframe 1=2000,3000\nmove 487 1=4000,3000\n");
	{
		const char *args[] = { SYNEMU_BIN, "--device", p.path, "--profile", "st", "--script", script,
				       "--no-realtime", NULL };

		pid = start(args);
	}
	rd(&p, buf, 4, 3000);
	probe(&p, "st");
	buf[0] = 0xf4;
	CHECK(write(p.master, buf, 1) == 1, "F4");
	rd_device(&p, buf, 1, 2000);
	/* take some frames, then disable: the rest must wait for the next F4 */
	n = rd_device(&p, buf, 30, 3000);
	CHECK_INT(n, 30);
	buf[0] = 0xf5;
	CHECK(write(p.master, buf, 1) == 1, "F5");
	/* the packets already sent (the pty may hold several if this test
	 * lags behind), then the ACK, then silence until the next F4 */
	{
		size_t before = 0;
		bool acked = false;

		while (!acked && rd_device(&p, buf, 1, 2000) == 1) {
			if (buf[0] == 0xfa && before % 6 == 0)
				acked = true;
			else
				before++;
		}
		CHECK(acked, "F5 acked after %zu stream bytes", before);
		CHECK(before % 6 == 0, "only whole packets before the ACK (%zu bytes)", before);
		CHECK_INT(rd_device(&p, buf, 1, 500), 0);

		buf[0] = 0xf4;
		CHECK(write(p.master, buf, 1) == 1, "F4 again");
		n = rd_device(&p, buf, 1 + 40 * 6 - 30 - before, 3000);
		CHECK(n > 0 && buf[0] == 0xfa, "second F4 acked");
		CHECK_INT(n, 1 + 40 * 6 - 30 - before);
		/* and nothing more: the script is over */
		CHECK_INT(rd_device(&p, buf, 1, 300), 0);
	}
	/* --hold is the default: still alive after the script */
	usleep(200000);
	CHECK(waitpid(pid, NULL, WNOHANG) == 0, "holds after the script");
	kill(pid, SIGTERM);
	CHECK_INT(wait_exit(pid, 3000, "SIGTERM"), 0);
	close(p.master);
	close(p.slave);
}

/* --garbage: the same frames, with junk bytes and truncated packets mixed in,
 * identical for the same seed. */
static size_t garbage_stream(const char *seed, uint8_t *out, size_t cap)
{
	struct pty p;
	char script[300];
	uint8_t buf[8];
	size_t n = 0;
	pid_t pid;

	CHECK(pty_open(&p) == 0, "pty: %s", strerror(errno));
	snprintf(script, sizeof(script), "%s/g.syn", tmpdir);
	write_file(script, "rate 200\nframe 1=2000,3000\nmove 195 1=4000,3000\n");	/* 40 frames */
	{
		const char *args[] = { SYNEMU_BIN, "--device", p.path, "--profile", "semimt", "--script", script,
				       "--garbage", seed, "--no-realtime", "--exit-after-script", NULL };

		pid = start(args);
	}
	rd(&p, buf, 4, 3000);
	probe(&p, "semimt");
	buf[0] = 0xf4;
	CHECK(write(p.master, buf, 1) == 1, "F4");
	rd_device(&p, buf, 1, 2000);
	while (n < cap && rd_device(&p, out + n, 1, 700) == 1)
		n++;
	CHECK_INT(wait_exit(pid, 3000, "garbage"), 0);
	close(p.master);
	close(p.slave);
	return n;
}

static void test_garbage(void)
{
	static uint8_t a[2048], b[2048];
	size_t na = garbage_stream("3", a, sizeof(a));
	size_t nb = garbage_stream("3", b, sizeof(b));
	size_t bad = 0;

	CHECK(na == nb && memcmp(a, b, na) == 0, "same seed, same stream (%zu vs %zu bytes)", na, nb);
	/* a clean stream would be 40 well-formed packets = 240 bytes */
	for (size_t i = 0; i + 6 <= na; i += 6)
		bad += (a[i] & 0xc8) != 0x80 || (a[i + 3] & 0xc8) != 0xc0;
	CHECK(na != 240 || bad > 0, "the stream is corrupted (%zu bytes, %zu bad packets)", na, bad);
	CHECK(na > 150 && na < 400, "mostly packets still (%zu bytes)", na);
}

/* Run synemu, collect stderr, return exit status. */
static int run_capture(const char *const *args, char *err, size_t errlen)
{
	int fds[2];
	pid_t pid;
	ssize_t n;
	size_t len = 0;

	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 2);
		dup2(fds[1], 1);
		execv(SYNEMU_BIN, (char *const *)args);
		_exit(127);
	}
	close(fds[1]);
	while (len + 1 < errlen && (n = read(fds[0], err + len, errlen - len - 1)) > 0)
		len += (size_t)n;
	err[len] = '\0';
	close(fds[0]);
	return wait_exit(pid, 5000, args[1]);
}

static void test_errors(void)
{
	char out[4096], script[300];

	{
		const char *args[] = { SYNEMU_BIN, "--device", "/nonexistent/userio", NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 1);
		CHECK(strstr(out, "userio.ko") != NULL, "missing device names userio.ko: %s", out);
	}
	snprintf(script, sizeof(script), "%s/bad.syn", tmpdir);
	write_file(script, "frame 1=2000,3000\n\nmove 100 7=1,1\n");
	{
		const char *args[] = { SYNEMU_BIN, "--check", "--script", script, NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 1);
		CHECK(strstr(out, "bad.syn:3: finger number '7'") != NULL, "script error with line: %s", out);
	}
	{
		const char *args[] = { SYNEMU_BIN, "--profile", "nope", "--check", NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 2);
		CHECK(strstr(out, "unknown profile 'nope'") && strstr(out, "image-clickpad"), "%s", out);
	}
	{
		const char *args[] = { SYNEMU_BIN, "--list-profiles", NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 0);
		CHECK(strstr(out, "\nsemimt-clickpad ") && strstr(out, "\nimage-clickpad ") && !strncmp(out, "st ", 3),
		      "profile list: %s", out);
	}
	{
		const char *args[] = { SYNEMU_BIN, "--help", NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 0);
		CHECK(strstr(out, "move MS N=X,Y[,Z[,W]]") != NULL, "--help documents the script format");
	}
	{
		const char *args[] = { SYNEMU_BIN, "--speed", "0", NULL };

		CHECK_INT(run_capture(args, out, sizeof(out)), 2);
	}
}

int main(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "%s/synemu-loop-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 99;
	}
	if (access("/dev/ptmx", R_OK | W_OK) != 0) {
		fprintf(stderr, "no /dev/ptmx: skipping\n");
		return 77;
	}
	signal(SIGPIPE, SIG_IGN);
	test_session();
	test_pause_and_sigterm();
	test_garbage();
	test_errors();
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", tmpdir);
	}
	return test_result("test-synemu-loop");
}
