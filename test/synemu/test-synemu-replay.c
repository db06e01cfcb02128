/*
 * synemu unit test: ps2emu recordings.  The answer map learnt from each
 * Init section must hold the recorded answers, and the firmware model built
 * from it, fed the recorded host bytes, must produce exactly the recorded
 * device bytes (T101MT and Racer 3A: the whole Init section; T540p: up to
 * the F4, after which 4.1 probed its TrackPoint through the pass-through
 * port).  Main sections become timed packets.  Also: malformed files.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "fw.h"
#include "replay.h"
#include "test-util.h"

/*
 * The ps2emu logs have no licence, so they are not in the repository:
 * $SYNMT_RECORDINGS (the shared recordings folder holding ps2emu/, or the
 * ps2emu folder itself) or the build's default, ../shared/recordings/ps2emu
 * beside the checkout.  Without them the recording tests SKIP.
 */
static char recordings_dir[768] = SYNEMU_RECORDINGS_DIR;

static void find_recordings(void)
{
	const char *env = getenv("SYNMT_RECORDINGS");
	char sub[512];

	if (!env || !*env)
		return;
	snprintf(sub, sizeof(sub), "%s/ps2emu", env);
	snprintf(recordings_dir, sizeof(recordings_dir), "%s",
		 access(sub, R_OK) == 0 ? sub : env);
}

struct event {
	char dir;
	uint8_t byte;
};

/* Independent reader for the Init section's events. */
static size_t read_init_events(const char *path, struct event *ev, size_t max)
{
	FILE *f = fopen(path, "r");
	char line[256];
	bool init = false;
	size_t n = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long t;
		char dir;
		unsigned b;

		if (strncmp(line, "S: ", 3) == 0)
			init = strncmp(line + 3, "Init", 4) == 0;
		else if (init && n < max && sscanf(line, "E: %llu %c %x", &t, &dir, &b) == 3)
			ev[n++] = (struct event){ dir, (uint8_t)b };
	}
	fclose(f);
	return n;
}

/* Feed the recorded host bytes to a firmware built from the recording and
 * compare what it answers with the recorded device bytes: the whole section
 * if @stop_after is 0, else up to the first host command byte @stop_after. */
static void check_init_replay(const char *path, const struct syn_profile *prof, int stop_after)
{
	static struct event ev[8192];
	size_t n = read_init_events(path, ev, 8192);
	uint8_t want[8192], got[8192];
	size_t nwant = 0, ngot = 0;
	struct synfw fw;

	CHECK(n > 100, "%s: %zu init events", path, n);
	synfw_init(&fw, prof);
	for (size_t i = 0; i < n; i++) {
		if (ev[i].dir == 'R') {
			want[nwant++] = ev[i].byte;
			continue;
		}
		{
			uint8_t r[SYNFW_MAX_REPLY];
			size_t k = synfw_host_byte(&fw, ev[i].byte, r);

			memcpy(got + ngot, r, k);
			ngot += k;
		}
		if (stop_after > 0 && ev[i].byte == stop_after && fw.pending < 0) {
			/* take the recorded answer bytes of this last command too */
			for (size_t j = i + 1; j < n && ev[j].dir == 'R' && nwant < ngot; j++)
				want[nwant++] = ev[j].byte;
			break;
		}
	}
	CHECK(ngot == nwant, "%s: %zu device bytes, recording has %zu", path, ngot, nwant);
	{
		size_t m = ngot < nwant ? ngot : nwant, first = m;

		for (size_t i = 0; i < m; i++) {
			if (got[i] != want[i]) {
				first = i;
				break;
			}
		}
		CHECK(first == m, "%s: first difference at device byte %zu (%02x vs %02x)", path, first,
		      first < m ? got[first] : 0, first < m ? want[first] : 0);
	}
	CHECK(fw.streaming, "%s: streaming at the end of the replayed init", path);
	CHECK_INT(fw.mode, 0xc5);
	CHECK(fw.agm == syn_caps_has_agm(&fw.caps), "%s: AGM state", path);
}

static bool load(struct syn_recording *rec, const char *rel)
{
	char path[1024], err[512];
	int rc;

	snprintf(path, sizeof(path), "%s/%s", recordings_dir, rel);
	rc = syn_recording_load(rec, path, err, sizeof(err));
	CHECK(rc == 0, "%s", err);
	return rc == 0;
}

static void check_answer(const struct syn_profile *p, uint8_t arg, uint8_t a, uint8_t b, uint8_t c)
{
	CHECK(p->has_answer[arg], "query %02x learnt", arg);
	CHECK(p->answer[arg][0] == a && p->answer[arg][1] == b && p->answer[arg][2] == c,
	      "query %02x = %02x %02x %02x, expected %02x %02x %02x", arg, p->answer[arg][0], p->answer[arg][1],
	      p->answer[arg][2], a, b, c);
}

static size_t count_w(const struct syn_script *s, int w)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++)
		n += s->act[i].type == SYN_ACT_PACKET && syn_packet_w(s->act[i].raw) == w;
	return n;
}

static void check_timeline(const struct syn_script *s)
{
	bool monotonic = true;

	for (size_t i = 1; i < s->n; i++)
		monotonic &= s->act[i].t_us >= s->act[i - 1].t_us;
	CHECK(monotonic, "packet times never go backwards");
	CHECK_INT(s->act[0].t_us, 0);
}

static void test_t101mt(void)
{
	const char *rel = "ASUS/T101MT/3.13.0-59-Ubuntu.txt";
	struct syn_recording rec;
	char path[1024];

	if (!load(&rec, rel))
		return;
	check_answer(&rec.prof, 0x00, 0x02, 0x47, 0x17);
	check_answer(&rec.prof, 0x02, 0xd0, 0x47, 0x31);
	check_answer(&rec.prof, 0x0c, 0x0a, 0x00, 0x00);
	check_answer(&rec.prof, 0x08, 0x4c, 0x80, 0x77);
	check_answer(&rec.prof, 0x0d, 0xaf, 0x9c, 0x94);
	CHECK_INT(rec.queries, 8);
	CHECK_INT(rec.conflicts, 0);
	CHECK_INT(rec.prof.id, 0x00);
	CHECK(!rec.prof.child_mouse, "no pass-through");
	CHECK_INT(rec.main_bytes, 8568);
	CHECK_INT(rec.main.n, 1428);
	CHECK_INT(rec.skipped_bytes, 0);
	CHECK_INT(count_w(&rec.main, 2), 94);	/* AGM packets */
	CHECK(rec.main.end_us > 18400000 && rec.main.end_us < 18600000, "lasts 18.5 s (%llu us)",
	      (unsigned long long)rec.main.end_us);
	check_timeline(&rec.main);
	snprintf(path, sizeof(path), "%s/%s", recordings_dir, rel);
	check_init_replay(path, &rec.prof, 0);
	syn_recording_free(&rec);
}

static void test_racer(void)
{
	const char *rel = "Eurocom/Racer-3A/4.1.4.txt";
	struct syn_recording rec;
	char path[1024];

	if (!load(&rec, rel))
		return;
	check_answer(&rec.prof, 0x0a, 0x08, 0xe4, 0x6a);
	check_answer(&rec.prof, 0x0d, 0xb1, 0x4e, 0x92);
	CHECK_INT(rec.main.n, 218);
	CHECK_INT(count_w(&rec.main, 2), 0);
	check_timeline(&rec.main);
	snprintf(path, sizeof(path), "%s/%s", recordings_dir, rel);
	check_init_replay(path, &rec.prof, 0);
	syn_recording_free(&rec);
}

static void test_t540p(void)
{
	const char *rel = "Lenovo/ThinkPad-T540p/4.1.2-200.txt";
	struct syn_recording rec;
	char path[1024];
	struct syn_caps caps;

	if (!load(&rec, rel))
		return;
	check_answer(&rec.prof, 0x01, 0x2d, 0x94, 0x40);
	check_answer(&rec.prof, 0x02, 0xd0, 0x01, 0xa3);
	check_answer(&rec.prof, 0x0c, 0x12, 0xf8, 0x00);
	check_answer(&rec.prof, 0x0f, 0x27, 0x99, 0x24);
	CHECK_INT(rec.conflicts, 0);
	syn_caps_decode(&rec.prof, &caps);
	CHECK(caps.passthru && caps.image_sensor && caps.clickpad, "T540p caps");
	CHECK(rec.prof.child_mouse, "a pass-through pad gets a child mouse");
	CHECK_INT(rec.main.n, 494);
	CHECK_INT(count_w(&rec.main, 3), 207);	/* TrackPoint packets */
	check_timeline(&rec.main);
	snprintf(path, sizeof(path), "%s/%s", recordings_dir, rel);
	check_init_replay(path, &rec.prof, 0xf4);
	syn_recording_free(&rec);
}

static void test_malformed(void)
{
	static const struct {
		const char *text;
		const char *msg;
	} bad[] = {
		{ "hello\n", "r.txt:1: not a ps2emu-record V1 file" },
		{ "# ps2emu-record V1\nT: A\nE: 0 S f2 # (parameter)\n", "r.txt:3: event before any S: section" },
		{ "# ps2emu-record V1\nT: A\nS: Init\nE: 0 X f2\n", "r.txt:4: malformed event line" },
		{ "# ps2emu-record V1\nT: A\nS: Init\nE: 0 S 1f2\n", "r.txt:4: malformed event line" },
		{ "# ps2emu-record V1\nT: K\n", "r.txt:2: not an AUX-port recording" },
		{ "# ps2emu-record V1\nT: A\nS: Init\nbogus\n", "r.txt:4: unrecognised line" },
		/* an ALPS pad: E8 00 x4 E9 answered 00 00 14 */
		{ "# ps2emu-record V1\nT: A\nS: Init\n"
		  "E: 0 S e8\nE: 1 R fa\nE: 2 S 00\nE: 3 R fa\nE: 4 S e8\nE: 5 R fa\nE: 6 S 00\nE: 7 R fa\n"
		  "E: 8 S e8\nE: 9 R fa\nE: 10 S 00\nE: 11 R fa\nE: 12 S e8\nE: 13 R fa\nE: 14 S 00\nE: 15 R fa\n"
		  "E: 16 S e9\nE: 17 R fa\nE: 18 R 00\nE: 19 R 00\nE: 20 R 14\n",
		  "not a Synaptics pad" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct syn_recording rec;
		char err[256] = "";
		int rc = syn_recording_parse(&rec, bad[i].text, "r.txt", err, sizeof(err));

		CHECK(rc == -EINVAL, "case %zu rejected", i);
		CHECK(strstr(err, bad[i].msg) != NULL, "case %zu: '%s' lacks '%s'", i, err, bad[i].msg);
	}
	{
		/* a minimal Synaptics recording with a stray byte in Main */
		struct syn_recording rec;
		char err[256] = "";
		const char *text = "# ps2emu-record V1\nT: A\nS: Init\n"
				   "E: 0 S e8\nE: 1 R fa\nE: 2 S 00\nE: 3 R fa\nE: 4 S e8\nE: 5 R fa\nE: 6 S 00\n"
				   "E: 7 R fa\nE: 8 S e8\nE: 9 R fa\nE: 10 S 00\nE: 11 R fa\nE: 12 S e8\n"
				   "E: 13 R fa\nE: 14 S 00\nE: 15 R fa\nE: 16 S e9\nE: 17 R fa\nE: 18 R 02\n"
				   "E: 19 R 47\nE: 20 R 17\nS: Main\nE: 1000 R 17\n"
				   "E: 2000 R 80\nE: 2001 R 00\nE: 2002 R 00\nE: 2003 R c0\nE: 2004 R 00\nE: 2005 R 00\n";
		int rc = syn_recording_parse(&rec, text, "r.txt", err, sizeof(err));

		CHECK(rc == 0, "minimal recording: %s", err);
		CHECK_INT(rec.main.n, 1);
		CHECK_INT(rec.skipped_bytes, 1);
		CHECK_INT(rec.main.n ? rec.main.act[0].t_us : 0, 1000);
		syn_recording_free(&rec);
	}
	{
		struct syn_recording rec;
		char err[256];

		CHECK(syn_recording_load(&rec, "/nonexistent.txt", err, sizeof(err)) == -ENOENT, "missing file");
	}
}

int main(void)
{
	char probe[1024];

	find_recordings();
	snprintf(probe, sizeof(probe), "%s/ASUS/T101MT/3.13.0-59-Ubuntu.txt", recordings_dir);
	if (access(probe, R_OK) != 0) {
		fprintf(stderr, "SKIP: the optional ps2emu recordings are not in %s (set SYNMT_RECORDINGS): "
			"only the malformed-file checks ran\n", recordings_dir);
		test_malformed();
		return test_failures ? 1 : 77;
	}
	test_t101mt();
	test_racer();
	test_t540p();
	test_malformed();
	return test_result("test-synemu-replay");
}
