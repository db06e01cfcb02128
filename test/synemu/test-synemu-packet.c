/*
 * synemu unit test: packet encoding.  Frames are encoded by the firmware
 * model after the mode was set with real host bytes, and decoded back with
 * an independent decoder written from the packet layout in the notes (the
 * way Linux 6.1 reads them), then compared with what went in.
 */
#include <stdlib.h>

#include "fw.h"
#include "test-util.h"

/* ---- independent decoder ------------------------------------------------ */

struct decoded {
	int w;
	int x, y, z;		/* SGM: raw units, Y up */
	int left, right, xorbit;
	int agm_type;		/* W = 2: 1 position, 2 contact count */
	int count;
	bool valid;		/* passes the kernel's strict new-abs masks */
};

static struct decoded decode(const uint8_t *p)
{
	struct decoded d;

	memset(&d, 0, sizeof(d));
	d.valid = (p[0] & 0xc8) == 0x80 && (p[3] & 0xc8) == 0xc0;
	d.w = ((p[0] >> 4 & 3) << 2) | ((p[0] >> 2 & 1) << 1) | (p[3] >> 2 & 1);
	d.left = p[0] & 1;
	d.right = p[0] >> 1 & 1;
	d.xorbit = (p[0] ^ p[3]) & 1;
	if (d.w == 2) {
		d.agm_type = p[5] >> 4 & 3;
		if (d.agm_type == 1) {
			d.x = ((p[4] & 0x0f) << 8 | p[1]) * 2;
			d.y = ((p[4] >> 4) << 8 | p[2]) * 2;
			d.z = ((p[3] & 0x30) | (p[5] & 0x0f)) * 2;
		} else if (d.agm_type == 2) {
			d.count = p[1];
		}
		return d;
	}
	d.x = (p[3] >> 4 & 1) << 12 | (p[1] & 0x0f) << 8 | p[4];
	d.y = (p[3] >> 5 & 1) << 12 | (p[1] >> 4) << 8 | p[5];
	d.z = p[2];
	return d;
}

/* evdev Y as the kernel reports it */
static int evdev_y(int raw)
{
	return 1408 + 4448 - raw;
}

/* ---- helpers ---------------------------------------------------------------- */

static void host(struct synfw *fw, const uint8_t *b, size_t n)
{
	uint8_t r[SYNFW_MAX_REPLY];

	for (size_t i = 0; i < n; i++)
		synfw_host_byte(fw, b[i], r);
}

/* What 6.1 sends: mode C5, optionally AGM, F4. */
static void setup(struct synfw *fw, const char *profile, bool agm)
{
	static const uint8_t mode[] = { 0xe6, 0xe8, 3, 0xe8, 0, 0xe8, 1, 0xe8, 1, 0xf3, 0x14 };
	static const uint8_t agm_on[] = { 0xe6, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 3, 0xf3, 0xc8 };
	static const uint8_t enable[] = { 0xf4 };
	struct syn_profile p;

	if (syn_profile_load(profile, &p)) {
		fprintf(stderr, "no profile %s\n", profile);
		exit(1);
	}
	synfw_init(fw, &p);
	host(fw, mode, sizeof(mode));
	if (agm)
		host(fw, agm_on, sizeof(agm_on));
	host(fw, enable, sizeof(enable));
}

static struct syn_frame fingers(int n, unsigned buttons)
{
	static const int xs[5] = { 2000, 4000, 3000, 5000, 2500 };
	static const int ys[5] = { 3000, 2000, 4000, 1500, 1800 };
	struct syn_frame fr;

	memset(&fr, 0, sizeof(fr));
	for (int i = 0; i < n; i++) {
		fr.f[i].down = true;
		fr.f[i].x = xs[i];
		fr.f[i].y = ys[i];
		fr.f[i].z = 50 + i;
		fr.f[i].w = 6;
	}
	fr.buttons = buttons;
	return fr;
}

static size_t encode(struct synfw *fw, const struct syn_frame *fr, uint8_t *out)
{
	size_t n = synfw_encode_frame(fw, fr, out);

	for (size_t i = 0; i + 6 <= n; i += 6)
		CHECK(decode(out + i).valid, "packet %zu passes the kernel's strict validation", i / 6);
	return n;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_no_finger(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr = fingers(0, 0);
	static const uint8_t exp[6] = { 0x80, 0x00, 0x00, 0xc0, 0x00, 0x00 };
	size_t n;

	setup(&fw, "semimt", true);
	n = encode(&fw, &fr, out);
	CHECK_BYTES(out, n, exp, sizeof(exp));
}

static void test_one_finger(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr = fingers(1, 0);
	struct decoded d;
	size_t n;

	setup(&fw, "semimt", true);
	fr.f[0].w = 9;
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 6);
	d = decode(out);
	CHECK_INT(d.w, 9);
	CHECK_INT(d.x, 2000);
	CHECK_INT(evdev_y(d.y), 3000);
	CHECK_INT(d.z, 50);
	CHECK(!d.left && !d.right && !d.xorbit, "no buttons");

	/* 13-bit coordinates: x 5000 and evdev y 100 (raw 5756) use bit 12 */
	fr.f[0].x = 5000;
	fr.f[0].y = 100;
	n = encode(&fw, &fr, out);
	d = decode(out);
	CHECK_INT(d.x, 5000);
	CHECK_INT(d.y, 5756);
}

static void test_semimt_two_three(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr = fingers(2, 0);
	struct decoded a, s;
	size_t n;

	setup(&fw, "semimt", true);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 12);
	a = decode(out);
	s = decode(out + 6);
	/* AGM packet first: the second finger at half resolution */
	CHECK_INT(a.w, 2);
	CHECK_INT(a.agm_type, 1);
	CHECK_INT(a.x, 4000);
	CHECK_INT(evdev_y(a.y), 2000);
	CHECK_INT(a.z, 50);		/* 51 at half resolution */
	/* then the SGM packet with the first finger and W = 0 (two fingers) */
	CHECK_INT(s.w, 0);
	CHECK_INT(s.x, 2000);
	CHECK_INT(evdev_y(s.y), 3000);
	CHECK_INT(s.z, 50);

	fr = fingers(3, 0);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 12);
	CHECK_INT(decode(out).w, 2);
	CHECK_INT(decode(out + 6).w, 1);	/* three or more */

	/* odd coordinates lose their lowest bit in the AGM packet only */
	fr = fingers(2, 0);
	fr.f[1].x = 4001;
	fr.f[1].y = 2001;	/* raw 3855 */
	n = encode(&fw, &fr, out);
	CHECK_INT(decode(out).x, 4000);
	CHECK_INT(decode(out).y, 3854);
}

static void test_no_agm(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr = fingers(2, 0);
	size_t n;

	/* an AGM pad whose kernel did not enable AGM: W only */
	setup(&fw, "semimt", false);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 6);
	CHECK_INT(decode(out).w, 0);
	fr = fingers(3, 0);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 6);
	CHECK_INT(decode(out).w, 1);

	/* the st pad: multifinger W reporting, no AGM at all */
	setup(&fw, "st", true);
	CHECK(!fw.agm, "st has no AGM");
	fr = fingers(2, SYN_BTN_LEFT);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 6);
	CHECK_INT(decode(out).w, 0);
	CHECK_INT(decode(out).x, 2000);
	CHECK_INT(decode(out).left, 1);
}

static void test_image_sensor(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr;
	size_t n;

	setup(&fw, "image-clickpad", true);
	fr = fingers(2, 0);
	n = encode(&fw, &fr, out);
	CHECK_INT(n, 12);
	CHECK_INT(decode(out).agm_type, 1);
	CHECK_INT(decode(out + 6).w, 0);

	for (int k = 3; k <= 5; k++) {
		fr = fingers(k, 0);
		n = encode(&fw, &fr, out);
		CHECK_INT(n, 18);
		CHECK_INT(decode(out).w, 2);
		CHECK_INT(decode(out).agm_type, 2);	/* AGM-CONTACT */
		CHECK_INT(decode(out).count, k);
		CHECK_INT(decode(out + 6).agm_type, 1);
		CHECK_INT(decode(out + 6).x, 4000);
		CHECK_INT(decode(out + 12).w, 1);
		CHECK_INT(decode(out + 12).x, 2000);
	}
}

static void test_buttons(void)
{
	struct synfw fw;
	uint8_t out[SYNFW_MAX_REPLY];
	struct syn_frame fr;
	struct decoded d;

	/* clickpad: the click is the difference of bit 0 in b0 and b3 */
	setup(&fw, "semimt-clickpad", true);
	fr = fingers(1, SYN_BTN_CLICK);
	encode(&fw, &fr, out);
	d = decode(out);
	CHECK(d.xorbit && !d.left && !d.right, "clickpad click: xor %d left %d right %d", d.xorbit, d.left,
	      d.right);
	/* clicking with two fingers: both packets carry it, the SGM one counts */
	fr = fingers(2, SYN_BTN_CLICK);
	encode(&fw, &fr, out);
	CHECK_INT(decode(out + 6).xorbit, 1);
	/* click with no finger */
	fr = fingers(0, SYN_BTN_CLICK);
	encode(&fw, &fr, out);
	CHECK_INT(decode(out).xorbit, 1);
	CHECK_INT(decode(out).z, 0);

	/* physical buttons: b0 bits 0/1, no xor */
	setup(&fw, "semimt", true);
	fr = fingers(1, SYN_BTN_LEFT | SYN_BTN_RIGHT);
	encode(&fw, &fr, out);
	d = decode(out);
	CHECK(d.left && d.right && !d.xorbit, "left+right: %d %d xor %d", d.left, d.right, d.xorbit);
	fr = fingers(2, SYN_BTN_RIGHT);
	encode(&fw, &fr, out);
	CHECK(decode(out + 6).right && !decode(out + 6).left, "right with two fingers");
}

static void test_relative_and_readdata(void)
{
	struct synfw fw;
	struct syn_profile p;
	uint8_t out[SYNFW_MAX_REPLY], r[SYNFW_MAX_REPLY];
	struct syn_frame fr = fingers(1, SYN_BTN_LEFT);
	size_t n;

	/* after a plain reset the pad is in relative mode: 3-byte packets */
	syn_profile_load("semimt", &p);
	synfw_init(&fw, &p);
	synfw_host_byte(&fw, 0xf4, r);
	n = synfw_encode_frame(&fw, &fr, out);
	CHECK_INT(n, 3);
	CHECK_INT(out[0], 0x09);	/* bit 3 always, left */
	fr.f[0].x += 160;		/* 10 counts right */
	fr.f[0].y += 320;		/* 20 counts down = negative raw dy */
	n = synfw_encode_frame(&fw, &fr, out);
	CHECK_INT(n, 3);
	CHECK_INT((int8_t)out[1], 10);
	CHECK_INT((int8_t)out[2], -20);
	CHECK(out[0] & 0x20, "dy sign bit");

	/* EB (read data) answers with the last frame in the current format */
	setup(&fw, "semimt", true);
	fr = fingers(1, 0);
	encode(&fw, &fr, out);
	n = synfw_host_byte(&fw, 0xeb, r);
	CHECK_INT(n, 7);
	CHECK_INT(r[0], 0xfa);
	CHECK_BYTES(r + 1, n - 1, out, (size_t)6);
}

static void test_recorded_packet_filter(void)
{
	struct synfw fw;
	static const uint8_t agm_pkt[6] = { 0x84, 0xc6, 0x45, 0xe0, 0x47, 0x15 };	/* T101MT */
	static const uint8_t one[6] = { 0x90, 0x6e, 0x09, 0xc4, 0xc0, 0xe3 };

	CHECK_INT(syn_packet_w(agm_pkt), 2);
	CHECK_INT(syn_packet_w(one), 5);
	setup(&fw, "semimt", true);
	CHECK(synfw_packet_allowed(&fw, agm_pkt) && synfw_packet_allowed(&fw, one), "AGM on: all pass");
	{
		struct decoded d = decode(agm_pkt);

		/* the notes' decoded example: x 3980 y 2186 z 74 */
		CHECK_INT(d.x, 3980);
		CHECK_INT(d.y, 2186);
		CHECK_INT(d.z, 74);
	}
	setup(&fw, "semimt", false);
	CHECK(!synfw_packet_allowed(&fw, agm_pkt), "AGM off: AGM packets are not sent");
	CHECK(synfw_packet_allowed(&fw, one), "AGM off: normal packets are");
}

int main(void)
{
	test_no_finger();
	test_one_finger();
	test_semimt_two_three();
	test_no_agm();
	test_image_sensor();
	test_buttons();
	test_relative_and_readdata();
	test_recorded_packet_filter();
	return test_result("test-synemu-packet");
}
