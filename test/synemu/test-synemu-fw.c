/*
 * synemu unit test: the firmware state machine against the exact byte
 * sequence Linux 6.1 sends when it probes a Synaptics pad on a userio port
 * (notes/kernel-ps2.md section 3.2), plus resets, resends, unknown commands,
 * status requests, slicing rules and the pass-through child.
 */
#include <stdlib.h>

#include "fw.h"
#include "test-util.h"

#define MAXB 256

struct xfer {
	uint8_t out[4096];
	size_t n;
	size_t host_bytes;
};

/* Send host bytes, collect everything the device answers. */
static void send(struct synfw *fw, struct xfer *x, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t r[SYNFW_MAX_REPLY];
		size_t k = synfw_host_byte(fw, b[i], r);

		if (x->n + k <= sizeof(x->out)) {
			memcpy(x->out + x->n, r, k);
			x->n += k;
		}
		x->host_bytes++;
	}
}

/* Send @cmd and check that exactly @exp comes back. */
#define EXPECT(fw, x, cmd, exp)                                                   \
	do {                                                                      \
		static const uint8_t c_[] = cmd;                                  \
		static const uint8_t e_[] = exp;                                  \
		size_t before_ = (x)->n;                                          \
		send((fw), (x), c_, sizeof(c_));                                  \
		CHECK_BYTES((x)->out + before_, (x)->n - before_, e_, sizeof(e_)); \
	} while (0)

#define B(...) { __VA_ARGS__ }

/* E6 + four E8 slices of @arg + E9: a Synaptics information query. */
static void query(struct synfw *fw, struct xfer *x, uint8_t arg, const uint8_t exp[3])
{
	uint8_t c[10] = { 0xe6, 0xe8, (uint8_t)(arg >> 6 & 3), 0xe8, (uint8_t)(arg >> 4 & 3), 0xe8,
			  (uint8_t)(arg >> 2 & 3), 0xe8, (uint8_t)(arg & 3), 0xe9 };
	uint8_t e[13];
	size_t before = x->n;

	memset(e, PS2_ACK, 10);
	memcpy(e + 10, exp, 3);
	send(fw, x, c, sizeof(c));
	CHECK_BYTES(x->out + before, x->n - before, e, sizeof(e));
	if (x->n - before != sizeof(e))
		fprintf(stderr, "  (query %02x)\n", arg);
}

static void sliced_rate(struct synfw *fw, struct xfer *x, uint8_t arg, uint8_t rate)
{
	uint8_t c[11] = { 0xe6, 0xe8, (uint8_t)(arg >> 6 & 3), 0xe8, (uint8_t)(arg >> 4 & 3), 0xe8,
			  (uint8_t)(arg >> 2 & 3), 0xe8, (uint8_t)(arg & 3), 0xf3, rate };
	uint8_t e[11];
	size_t before = x->n;

	memset(e, PS2_ACK, sizeof(e));
	send(fw, x, c, sizeof(c));
	CHECK_BYTES(x->out + before, x->n - before, e, sizeof(e));
}

static void load(struct synfw *fw, const char *profile)
{
	struct syn_profile p;
	int rc = syn_profile_load(profile, &p);

	CHECK_INT(rc, 0);
	if (rc)
		exit(1);
	synfw_init(fw, &p);
}

/* Steps 1-4 of the 6.1 probe: atkbd, psmouse_probe, thinkpad detect, synaptics_detect. */
static void probe_prefix(struct synfw *fw, struct xfer *x, const uint8_t ident[3])
{
	uint8_t detect[12] = { 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa };

	EXPECT(fw, x, B(0xf2), B(0xfa, 0x00));			/* atkbd GETID */
	EXPECT(fw, x, B(0xf2), B(0xfa, 0x00));			/* psmouse_probe */
	EXPECT(fw, x, B(0xf6), B(0xfa));
	/* thinking_detect: rates, one E8, F2 -> 00 (not 02) */
	EXPECT(fw, x, B(0xf3, 0x0a, 0xe8, 0x00, 0xf3, 0x14, 0xf3, 0x3c, 0xf3, 0x28, 0xf3, 0x14, 0xf3, 0x14,
			0xf3, 0x3c, 0xf3, 0x28, 0xf3, 0x14, 0xf3, 0x14),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa,
		 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa));
	EXPECT(fw, x, B(0xf2), B(0xfa, 0x00));
	/* synaptics_detect: E8 00 x4, E9 without a leading E6 */
	{
		static const uint8_t c[] = { 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe8, 0, 0xe9 };
		size_t before = x->n;

		memcpy(detect + 9, ident, 3);
		send(fw, x, c, sizeof(c));
		CHECK_BYTES(x->out + before, x->n - before, detect, 12);
	}
	CHECK(!fw->streaming, "not streaming during the probe");
	EXPECT(fw, x, B(0xff), B(0xfa, 0xaa, 0x00));		/* synaptics_init reset */
}

/* Steps 6-8: set mode C5, [AGM], psmouse_initialize, F4. */
static void probe_suffix(struct synfw *fw, struct xfer *x, bool agm)
{
	sliced_rate(fw, x, 0xc5, 0x14);
	CHECK_INT(fw->mode, 0xc5);
	if (agm)
		sliced_rate(fw, x, 0x03, 0xc8);
	CHECK(fw->agm == agm, "AGM %d after set_mode, expected %d", fw->agm, agm);
	sliced_rate(fw, x, 0xc5, 0x14);				/* synaptics_set_rate */
	EXPECT(fw, x, B(0xe8, 0x03), B(0xfa, 0xfa));		/* 200 dpi */
	EXPECT(fw, x, B(0xe6), B(0xfa));
	CHECK(!fw->streaming, "streaming only after F4");
	synfw_take_events(fw);
	EXPECT(fw, x, B(0xf4), B(0xfa));
	CHECK(fw->streaming, "F4 enables streaming");
	CHECK(synfw_take_events(fw) & SYNFW_EV_ENABLED, "F4 raises the enabled event");
	CHECK_INT(fw->mode, 0xc5);
	CHECK(fw->agm == agm, "AGM survives set_rate's mode write");
}

static void test_probe_semimt(void)
{
	static const uint8_t ident[3] = { 0x02, 0x47, 0x17 };
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "semimt");
	probe_prefix(&fw, &x, ident);
	query(&fw, &x, 0x00, ident);
	query(&fw, &x, 0x03, (const uint8_t[]){ 0x01, 0xc0, 0xb1 });
	query(&fw, &x, 0x0a, (const uint8_t[]){ 0x09, 0x2b, 0x16 });
	query(&fw, &x, 0x02, (const uint8_t[]){ 0xd0, 0x47, 0x31 });
	query(&fw, &x, 0x09, (const uint8_t[]){ 0xa4, 0x00, 0x00 });
	query(&fw, &x, 0x0c, (const uint8_t[]){ 0x0a, 0x00, 0x00 });
	query(&fw, &x, 0x08, (const uint8_t[]){ 0x4c, 0x80, 0x77 });
	query(&fw, &x, 0x0d, (const uint8_t[]){ 0xaf, 0x9c, 0x94 });
	probe_suffix(&fw, &x, true);
	CHECK_INT(x.host_bytes, 153);	/* notes: 153 bytes for a fw < 7.5 pad */
}

static void test_probe_image_clickpad(void)
{
	static const uint8_t ident[3] = { 0x01, 0x47, 0x18 };
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "image-clickpad");
	probe_prefix(&fw, &x, ident);
	query(&fw, &x, 0x00, ident);
	query(&fw, &x, 0x03, (const uint8_t[]){ 0x01, 0xe2, 0xb1 });
	query(&fw, &x, 0x0a, (const uint8_t[]){ 0x00, 0x0a, 0x00 });
	query(&fw, &x, 0x01, (const uint8_t[]){ 0x2d, 0x94, 0x40 });
	query(&fw, &x, 0x02, (const uint8_t[]){ 0xd0, 0x01, 0x23 });
	query(&fw, &x, 0x09, (const uint8_t[]){ 0x94, 0x03, 0x00 });
	query(&fw, &x, 0x0c, (const uint8_t[]){ 0x12, 0x28, 0x00 });
	query(&fw, &x, 0x08, (const uint8_t[]){ 0x2d, 0x80, 0x34 });
	query(&fw, &x, 0x0d, (const uint8_t[]){ 0xb1, 0x65, 0x92 });
	query(&fw, &x, 0x0f, (const uint8_t[]){ 0x27, 0x99, 0x24 });
	probe_suffix(&fw, &x, true);
	CHECK_INT(x.host_bytes, 173);	/* notes: 173 bytes for the fw 8.1 profile */
	CHECK(fw.caps.image_sensor && fw.caps.clickpad && !fw.caps.passthru, "image-clickpad caps");
	CHECK_INT(fw.caps.x_min, 1266);
	CHECK_INT(fw.caps.x_max, 5674);
	CHECK_INT(fw.caps.y_min, 1170);
	CHECK_INT(fw.caps.y_max, 4684);
}

static void test_probe_st(void)
{
	static const uint8_t ident[3] = { 0x02, 0x47, 0x16 };
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "st");
	probe_prefix(&fw, &x, ident);
	query(&fw, &x, 0x00, ident);
	query(&fw, &x, 0x02, (const uint8_t[]){ 0xa0, 0x47, 0x13 });
	query(&fw, &x, 0x0c, (const uint8_t[]){ 0x00, 0x00, 0x00 });	/* not in the profile */
	CHECK(fw.caps.multifinger && !syn_caps_has_agm(&fw.caps), "st: multifinger, no AGM");
	/* A kernel that tries AGM anyway gets ACKs, but the mode stays off. */
	probe_suffix(&fw, &x, false);
	sliced_rate(&fw, &x, 0x03, 0xc8);
	CHECK(!fw.agm, "AGM cannot be enabled on a pad without it");
}

static void test_reset_and_defaults(void)
{
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "semimt-clickpad");
	sliced_rate(&fw, &x, 0xc5, 0x14);
	sliced_rate(&fw, &x, 0x03, 0xc8);
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	/* F6 stops streaming, keeps the mode byte and AGM */
	EXPECT(&fw, &x, B(0xf6), B(0xfa));
	CHECK(!fw.streaming && fw.mode == 0xc5 && fw.agm, "F6: stream off, mode %02x agm %d", fw.mode, fw.agm);
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	EXPECT(&fw, &x, B(0xf5), B(0xfa));
	CHECK(!fw.streaming, "F5 disables streaming");
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	synfw_take_events(&fw);
	/* a reset in the middle of streaming: everything back to power-on */
	EXPECT(&fw, &x, B(0xff), B(0xfa, 0xaa, 0x00));
	CHECK(!fw.streaming && fw.mode == 0 && !fw.agm, "FF: stream off, mode 0, AGM off");
	{
		unsigned ev = synfw_take_events(&fw);

		CHECK((ev & SYNFW_EV_RESET) && (ev & SYNFW_EV_DISABLED), "reset events %#x", ev);
	}
	/* and a complete re-probe works again */
	query(&fw, &x, 0x0c, (const uint8_t[]){ 0x1a, 0x00, 0x00 });
	sliced_rate(&fw, &x, 0xc5, 0x14);
	sliced_rate(&fw, &x, 0x03, 0xc8);
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	CHECK(fw.streaming && fw.agm && fw.mode == 0xc5, "re-probe after reset");
}

static void test_status_and_resend(void)
{
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "semimt");
	EXPECT(&fw, &x, B(0xe9), B(0xfa, 0x00, 0x02, 0x64));		/* power-on status */
	EXPECT(&fw, &x, B(0xe8, 0x03, 0xf3, 0x28, 0xe7, 0xf4), B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa));
	EXPECT(&fw, &x, B(0xe9), B(0xfa, 0x30, 0x03, 0x28));		/* enabled, 2:1, res 3, 40/s */
	EXPECT(&fw, &x, B(0xfe), B(0x30, 0x03, 0x28));			/* resend the last answer */
	query(&fw, &x, 0x03, (const uint8_t[]){ 0x01, 0xc0, 0xb1 });
	EXPECT(&fw, &x, B(0xfe), B(0x01, 0xc0, 0xb1));
	EXPECT(&fw, &x, B(0xf2), B(0xfa, 0x00));
	EXPECT(&fw, &x, B(0xfe), B(0x00));
	/* three E8 are not a sliced command: E9 is a status request (the
	 * query's E6 set 1:1 scaling again) */
	EXPECT(&fw, &x, B(0xe8, 0x00, 0xe8, 0x00, 0xe8, 0x00, 0xe9),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0x20, 0x00, 0x28));
	/* five E8: the last four count */
	EXPECT(&fw, &x, B(0xe8, 0x03, 0xe8, 0x00, 0xe8, 0x00, 0xe8, 0x00, 0xe8, 0x03, 0xe9),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0x01, 0xc0, 0xb1));
	/* another command between the slices breaks the sequence */
	EXPECT(&fw, &x, B(0xe8, 0x00, 0xe8, 0x00, 0xe6, 0xe8, 0x00, 0xe8, 0x00, 0xe9),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0x20, 0x00, 0x28));
	/* a sliced rate is a special command, not a rate */
	sliced_rate(&fw, &x, 0xc5, 0x14);
	CHECK_INT(fw.rate, 0x28);
}

static void test_unknown_commands(void)
{
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "semimt");
	sliced_rate(&fw, &x, 0xc5, 0x14);
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	synfw_take_events(&fw);
	EXPECT(&fw, &x, B(0xed), B(0xfe));	/* keyboard LEDs */
	EXPECT(&fw, &x, B(0xee), B(0xfe));	/* echo */
	EXPECT(&fw, &x, B(0x00), B(0xfe));
	EXPECT(&fw, &x, B(0xe1), B(0xfe));	/* TrackPoint read secondary id */
	CHECK(synfw_take_events(&fw) & SYNFW_EV_UNKNOWN, "unknown-command event");
	CHECK(fw.streaming && fw.mode == 0xc5, "unknown commands change nothing");
	/* parameters are ACKed whatever their value, even FE/FF */
	EXPECT(&fw, &x, B(0xf3, 0xff, 0xe8, 0xfe), B(0xfa, 0xfa, 0xfa, 0xfa));
	CHECK(fw.streaming && fw.mode == 0xc5, "FF as a parameter is not a reset");
	/* remote mode: no streaming, EB reads a packet */
	EXPECT(&fw, &x, B(0xf0), B(0xfa));
	CHECK(!synfw_streaming(&fw), "remote mode does not stream");
	EXPECT(&fw, &x, B(0xeb), B(0xfa, 0x80, 0x00, 0x00, 0xc0, 0x00, 0x00));
	EXPECT(&fw, &x, B(0xea), B(0xfa));
	CHECK(synfw_streaming(&fw), "stream mode again");
}

static void test_passthrough_child(void)
{
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "image-clickpad-pt");
	CHECK(fw.caps.passthru, "pt profile has caps bit 7");
	sliced_rate(&fw, &x, 0xc5, 0x14);
	EXPECT(&fw, &x, B(0xf4), B(0xfa));
	/* child GETID: sliced F2 + F3 28; answer ACK, then FA and 00 wrapped in W=3 packets */
	EXPECT(&fw, &x, B(0xe6, 0xe8, 0x03, 0xe8, 0x03, 0xe8, 0x00, 0xe8, 0x02, 0xf3, 0x28),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa,
		 0x84, 0xfa, 0x00, 0xc4, 0x00, 0x00, 0x84, 0x00, 0x00, 0xc4, 0x00, 0x00));
	CHECK_INT(syn_packet_w(x.out + x.n - 6), 3);
	/* child enable */
	EXPECT(&fw, &x, B(0xe6, 0xe8, 0x03, 0xe8, 0x03, 0xe8, 0x01, 0xe8, 0x00, 0xf3, 0x28),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa,
		 0x84, 0xfa, 0x00, 0xc4, 0x00, 0x00));
	CHECK(fw.child.enabled, "child enabled");
	CHECK(fw.streaming && fw.mode == 0xc5, "pass-through bytes leave the pad's mode alone");

	/* without a child (image-clickpad has no pass-through) nothing comes back but ACKs */
	load(&fw, "image-clickpad");
	x.n = 0;
	EXPECT(&fw, &x, B(0xe6, 0xe8, 0x03, 0xe8, 0x03, 0xe8, 0x00, 0xe8, 0x02, 0xf3, 0x28),
	       B(0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa, 0xfa));
}

static void test_query_events(void)
{
	struct synfw fw;
	struct xfer x = { .n = 0 };

	load(&fw, "semimt");
	synfw_take_events(&fw);
	/* synaptics_detect asks identify only: no QUERY event */
	query(&fw, &x, 0x00, (const uint8_t[]){ 0x02, 0x47, 0x17 });
	CHECK(!(synfw_take_events(&fw) & SYNFW_EV_QUERY), "identify is not a QUERY event");
	query(&fw, &x, 0x02, (const uint8_t[]){ 0xd0, 0x47, 0x31 });
	CHECK(synfw_take_events(&fw) & SYNFW_EV_QUERY, "caps query raises QUERY");
	EXPECT(&fw, &x, B(0xe9), B(0xfa, 0x00, 0x02, 0x64));
	CHECK(!(synfw_take_events(&fw) & SYNFW_EV_QUERY), "a status request is not a query");
}

static void test_profiles_listed(void)
{
	static const char *const required[] = { "st", "semimt", "semimt-clickpad", "image-clickpad" };

	for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); i++) {
		struct syn_profile p;

		CHECK(syn_profile_load(required[i], &p) == 0, "profile %s exists", required[i]);
	}
	for (size_t i = 0; i < syn_profile_count(); i++) {
		struct syn_profile p;
		struct syn_caps c;

		CHECK(syn_profile_load(syn_profile_name(i), &p) == 0, "listed profile loads");
		syn_caps_decode(&p, &c);
		/* what 6.1 needs to accept the pad as a new-abs Synaptics */
		CHECK(p.answer[SYN_Q_IDENTIFY][1] == 0x47, "%s: identify byte 1 is 47", p.name);
		CHECK(c.newabs && c.extended, "%s: new-abs and extended caps", p.name);
		CHECK(c.major >= 8 || (c.major == 7 && c.minor >= 5) || p.answer[SYN_Q_CAPS][1] == 0x47,
		      "%s: submodel 47 for fw < 7.5", p.name);
		CHECK(c.x_min < c.x_max && c.y_min < c.y_max, "%s: ranges", p.name);
		CHECK(c.x_res > 0 && c.y_res > 0, "%s: resolution", p.name);
		CHECK(strlen(syn_profile_description(i)) > 20, "%s: description", p.name);
	}
	{
		struct syn_profile p;

		CHECK(syn_profile_load("no-such-pad", &p) < 0, "unknown profile rejected");
	}
}

int main(void)
{
	test_probe_semimt();
	test_probe_image_clickpad();
	test_probe_st();
	test_reset_and_defaults();
	test_status_and_resend();
	test_unknown_commands();
	test_passthrough_child();
	test_query_events();
	test_profiles_listed();
	return test_result("test-synemu-fw");
}
