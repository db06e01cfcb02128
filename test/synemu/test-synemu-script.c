/*
 * synemu unit test: the script compiler - timing of frames, interpolation,
 * state carried between lines, repeat blocks, garbage determinism, error
 * messages with line numbers, and that every example script compiles.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>

#include "script.h"
#include "test-util.h"

static int compile(struct syn_script *s, const char *text, char *err, size_t errlen)
{
	syn_script_init(s);
	err[0] = '\0';
	return syn_script_parse(s, text, "t.syn", err, errlen);
}

static void test_frames_and_timing(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s,
			 "# comment\n"
			 "\n"
			 "frame 1=2000,3000   # trailing comment\n"
			 "frame\n"
			 "wait 100\n"
			 "rate 100\n"
			 "frame 2=4000,2000,70,9 btn=left+right\n"
			 "lift\n",
			 err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	CHECK_INT(s.n, 4);
	if (s.n == 4) {
		const struct syn_finger *f0 = &s.act[0].frame.f[0];

		CHECK_INT(s.act[0].t_us, 0);
		CHECK_INT(s.act[0].line, 3);
		CHECK(f0->down && f0->x == 2000 && f0->y == 3000, "finger 1 at 2000,3000");
		CHECK_INT(f0->z, SYN_DEFAULT_Z);
		CHECK_INT(f0->w, SYN_DEFAULT_W);
		/* "frame" alone repeats the state one period (12.5 ms at 80 Hz) later */
		CHECK_INT(s.act[1].t_us, 12500);
		CHECK(s.act[1].frame.f[0].down, "state kept");
		/* wait 100 after the second frame's period, then 100 Hz */
		CHECK_INT(s.act[2].t_us, 125000);
		CHECK(!s.act[2].frame.f[0].down, "listing finger 2 replaces finger 1");
		CHECK(s.act[2].frame.f[1].down && s.act[2].frame.f[1].z == 70 && s.act[2].frame.f[1].w == 9,
		      "finger 2 with z/w");
		CHECK_INT(s.act[2].frame.buttons, SYN_BTN_LEFT | SYN_BTN_RIGHT);
		CHECK_INT(s.act[3].t_us, 135000);
		CHECK_INT(syn_frame_fingers(&s.act[3].frame), 0);
		CHECK_INT(s.act[3].frame.buttons, SYN_BTN_LEFT | SYN_BTN_RIGHT);
		CHECK_INT(s.end_us, 145000);
	}
	syn_script_free(&s);
}

static void test_move_interpolation(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s,
			 "down 1=1000,1000,20 2=3000,3000\n"
			 "move 100 1=1800,2600,60\n"
			 "hold 25\n",
			 err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	/* 100 ms at 80 Hz = 8 frames, hold 25 ms = 2 frames */
	CHECK_INT(s.n, 10);
	if (s.n == 10) {
		CHECK_INT(s.act[0].frame.f[0].x, 1100);	/* 1/8 of the way */
		CHECK_INT(s.act[0].frame.f[0].y, 1200);
		CHECK_INT(s.act[0].frame.f[0].z, 25);
		CHECK_INT(s.act[7].frame.f[0].x, 1800);	/* ends exactly on target */
		CHECK_INT(s.act[7].frame.f[0].y, 2600);
		CHECK_INT(s.act[7].frame.f[0].z, 60);
		CHECK_INT(s.act[7].frame.f[1].x, 3000);	/* finger 2 stays put */
		CHECK(s.act[7].frame.f[1].down, "finger 2 still down");
		for (size_t i = 0; i < s.n; i++)
			CHECK_INT(s.act[i].t_us, i * 12500);
		CHECK(memcmp(&s.act[8].frame, &s.act[7].frame, sizeof(struct syn_frame)) == 0, "hold repeats");
	}
	syn_script_free(&s);
}

static void test_state_commands(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s,
			 "down 1=2000,2000 3=4000,4000,80,12\n"
			 "press click\n"
			 "frame\n"
			 "up 1\n"
			 "release click\n"
			 "press middle\n"
			 "frame\n"
			 "frame none btn=none\n",
			 err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	CHECK_INT(s.n, 3);
	if (s.n == 3) {
		CHECK_INT(syn_frame_fingers(&s.act[0].frame), 2);
		CHECK_INT(s.act[0].frame.buttons, SYN_BTN_CLICK);
		CHECK_INT(syn_frame_fingers(&s.act[1].frame), 1);
		CHECK(s.act[1].frame.f[2].down && s.act[1].frame.f[2].w == 12, "finger 3 kept its width");
		CHECK_INT(s.act[1].frame.buttons, SYN_BTN_MIDDLE);
		CHECK_INT(syn_frame_fingers(&s.act[2].frame), 0);
		CHECK_INT(s.act[2].frame.buttons, 0);
	}
	syn_script_free(&s);
}

static void test_repeat_raw_garbage(void)
{
	struct syn_script s, s2;
	char err[256];
	const char *text = "seed 3\n"
			   "repeat 3\n"
			   "  frame 1=2000,2000\n"
			   "  repeat 2\n"
			   "    garbage 4\n"
			   "  end\n"
			   "end\n"
			   "raw aa 00 FF\n"
			   "truncate 2\n"
			   "reconnect\n";
	int rc = compile(&s, text, err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	CHECK_INT(s.n, 3 * 3 + 3);
	if (s.n == 12) {
		CHECK_INT(s.act[0].type, SYN_ACT_FRAME);
		CHECK_INT(s.act[1].type, SYN_ACT_RAW);
		CHECK_INT(s.act[1].nraw, 4);
		CHECK(memcmp(s.act[1].raw, s.act[2].raw, 4) != 0, "garbage differs between repeats");
		CHECK_INT(s.act[9].nraw, 3);
		CHECK(s.act[9].raw[0] == 0xaa && s.act[9].raw[1] == 0x00 && s.act[9].raw[2] == 0xff, "raw bytes");
		CHECK_INT(s.act[10].type, SYN_ACT_FRAME);
		CHECK_INT(s.act[10].truncate, 2);
		CHECK_INT(s.act[11].nraw, 2);
		CHECK_INT(s.act[11].raw[0], 0xaa);
	}
	/* same seed, same garbage; different seed, different garbage */
	CHECK(compile(&s2, text, err, sizeof(err)) == 0, "recompiles");
	CHECK(s.n == s2.n && memcmp(s.act[1].raw, s2.act[1].raw, 4) == 0, "deterministic garbage");
	syn_script_free(&s2);
	{
		char other[512];

		snprintf(other, sizeof(other), "seed 4\n%s", strchr(text, '\n') + 1);
		CHECK(compile(&s2, other, err, sizeof(err)) == 0, "recompiles");
		CHECK(s2.n == s.n && memcmp(s.act[1].raw, s2.act[1].raw, 4) != 0, "seed changes the garbage");
		syn_script_free(&s2);
	}
	syn_script_free(&s);

	/* repeat 0 skips its body */
	CHECK(compile(&s, "repeat 0\nframe 1=2000,2000\nend\nwait 10\n", err, sizeof(err)) == 0, "%s", err);
	CHECK_INT(s.n, 0);
	CHECK_INT(s.end_us, 10000);
	syn_script_free(&s);
}

/* flip / dropbyte: a frame with a corruption seed; garbage is junk, raw is not */
static void test_corruptions(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s, "frame 1=2000,2000\nflip\ndropbyte\ngarbage 2\nraw 01\n", err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	CHECK_INT(s.n, 5);
	if (s.n == 5) {
		CHECK(s.act[0].flip == 0 && s.act[0].drop == 0, "a plain frame is not corrupted");
		CHECK_INT(s.act[1].type, SYN_ACT_FRAME);
		CHECK(s.act[1].flip != 0 && s.act[1].drop == 0, "flip sets a bit to flip");
		CHECK(s.act[1].frame.f[0].down && s.act[1].frame.f[0].x == 2000, "flip sends the current frame");
		CHECK(s.act[2].drop != 0 && s.act[2].flip == 0, "dropbyte sets a byte to leave out");
		CHECK_INT(s.act[2].t_us, 25000);
		CHECK(s.act[3].junk, "garbage is junk");
		CHECK(!s.act[4].junk, "raw bytes are not junk");
	}
	syn_script_free(&s);
	CHECK(compile(&s, "flip 3\n", err, sizeof(err)) != 0, "flip takes no argument");
	syn_script_free(&s);
}

struct bad {
	const char *text;
	const char *msg;	/* expected substring of the error, starting with "t.syn:LINE:" */
};

/* mute MS / reconnect MS: a pad that stops answering; takes no script time */
static void test_mute(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s, "frame 1=2000,2000\nmute 1500\nframe\nreconnect\nreconnect 2500\n",
			 err, sizeof(err));

	CHECK(rc == 0, "compiles: %s", err);
	CHECK_INT(s.n, 5);
	if (s.n == 5) {
		CHECK_INT(s.act[1].type, SYN_ACT_MUTE);
		CHECK_INT(s.act[1].mute_ms, 1500);
		CHECK_INT(s.act[1].t_us, 12500);
		CHECK_INT(s.act[2].t_us, 12500);
		CHECK(s.act[3].power_on && s.act[3].mute_ms == 0, "reconnect: a power-on, answering at once");
		CHECK(s.act[4].power_on && s.act[4].mute_ms == 2500, "reconnect 2500: then 2.5 s mute");
		CHECK(!s.act[0].power_on && s.act[0].mute_ms == 0, "a frame neither resets nor mutes");
	}
	syn_script_free(&s);
}

static void test_errors(void)
{
	static const struct bad bad[] = {
		{ "frame 1=2000,2000\nfrobnicate\n", "t.syn:2: unknown command 'frobnicate'" },
		{ "\n\nframe 6=2000,2000\n", "t.syn:3: finger number '6' must be 1..5" },
		{ "frame 1=2000\n", "t.syn:1: finger 1: need at least X,Y" },
		{ "frame 1=2000,abc\n", "t.syn:1: finger 1: y 'abc' is not an integer" },
		{ "frame 1=9000,2000\n", "t.syn:1: finger 1: x '9000'" },
		{ "frame 1=2000,2000,300\n", "t.syn:1: finger 1: z (pressure) '300'" },
		{ "frame 1=2000,2000,50,3\n", "t.syn:1: finger 1: w (width) '3'" },
		{ "frame 1=2000,2000 btn=lft\n", "t.syn:1: unknown button 'lft'" },
		{ "# c\nmove 100 1=3000,3000\n", "t.syn:2: finger 1 is not down" },
		{ "move abc 1=3000,3000\n", "t.syn:1: duration 'abc'" },
		{ "wait -5\n", "t.syn:1: duration '-5'" },
		{ "wait\n", "t.syn:1: usage: wait MS" },
		{ "repeat 2\nframe\n", "t.syn:1: repeat without matching end" },
		{ "frame\nend\n", "t.syn:2: end without repeat" },
		{ "raw 1ff\n", "t.syn:1: '1ff' is not a hex byte" },
		{ "garbage 0\n", "t.syn:1: garbage count '0' must be 1..64" },
		{ "truncate 6\n", "t.syn:1: truncate length '6' must be 1..5" },
		{ "rate 0\n", "t.syn:1: rate '0' must be 1..1000 Hz" },
		{ "lift now\n", "t.syn:1: usage: lift" },
		{ "mute\n", "t.syn:1: usage: mute MS" },
		{ "mute 0\n", "t.syn:1: mute duration '0' must be 1..60000 ms" },
		{ "reconnect soon\n", "t.syn:1: reconnect silence 'soon' must be 1..60000 ms" },
		{ "repeat 2\n  repeat 2\n    frame\n  end\n  bogus\nend\n", "t.syn:5: unknown command 'bogus'" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct syn_script s;
		char err[256];
		int rc = compile(&s, bad[i].text, err, sizeof(err));

		CHECK(rc == -EINVAL, "case %zu rejected (rc %d)", i, rc);
		CHECK(strstr(err, bad[i].msg) != NULL, "case %zu: error '%s' lacks '%s'", i, err, bad[i].msg);
		syn_script_free(&s);
	}
}

static void test_too_long(void)
{
	struct syn_script s;
	char err[256];
	int rc = compile(&s, "frame 1=2000,2000\nrepeat 100000\nrepeat 100\nframe\nend\nend\n", err, sizeof(err));

	CHECK(rc == -EINVAL, "a script of 10 million frames is refused");
	CHECK(strstr(err, "t.syn:4: script too long") != NULL, "error: %s", err);
	syn_script_free(&s);
}

static void test_examples(void)
{
	DIR *d = opendir(SYNEMU_SCRIPTS_DIR);
	struct dirent *de;
	int count = 0;

	CHECK(d != NULL, "%s: %s", SYNEMU_SCRIPTS_DIR, strerror(errno));
	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[1024], err[512];
		struct syn_script s;
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".syn") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", SYNEMU_SCRIPTS_DIR, de->d_name);
		syn_script_init(&s);
		CHECK(syn_script_load(&s, path, err, sizeof(err)) == 0, "%s", err);
		CHECK(s.n > 0, "%s produces frames", de->d_name);
		/* every example ends with all fingers lifted */
		if (s.n > 0) {
			const struct syn_action *last = &s.act[s.n - 1];

			for (size_t i = s.n; i-- > 0;) {
				if (s.act[i].type == SYN_ACT_FRAME) {
					last = &s.act[i];
					break;
				}
			}
			CHECK(syn_frame_fingers(&last->frame) == 0, "%s ends with a lift", de->d_name);
		}
		syn_script_free(&s);
		count++;
	}
	closedir(d);
	CHECK(count >= 6, "found %d example scripts", count);

	{
		struct syn_script s;
		char err[256];

		syn_script_init(&s);
		CHECK(syn_script_load(&s, "/nonexistent/x.syn", err, sizeof(err)) == -ENOENT, "missing file");
		CHECK(strstr(err, "/nonexistent/x.syn: No such file") != NULL, "error: %s", err);
	}
}

int main(void)
{
	test_frames_and_timing();
	test_move_interpolation();
	test_state_commands();
	test_repeat_raw_garbage();
	test_corruptions();
	test_mute();
	test_errors();
	test_too_long();
	test_examples();
	return test_result("test-synemu-script");
}
