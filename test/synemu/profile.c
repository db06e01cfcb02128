/*
 * synemu - built-in pad profiles and the decoding of their answers.
 *
 * The answer tables are the ones measured on real pads (see
 * /work/shared/notes/kernel-ps2.md section 3.4 and the ps2emu recordings);
 * anything not listed answers 00 00 00, like unsupported queries on real
 * firmware.
 */
#include "profile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

struct builtin_answer {
	uint8_t arg;
	uint8_t b[3];
};

struct builtin_profile {
	const char *name;
	const char *description;
	bool child_mouse;
	struct builtin_answer answers[12];
	size_t n_answers;
};

#define ANS(a, x, y, z) { (a), { (x), (y), (z) } }

/*
 * The T440-class top-button clickpads: image-clickpad's answers with board
 * id 2928; @cap0c_mid is the middle byte of the 0x0c capabilities (0x28:
 * image sensor, min/max coordinate queries; 0x68: also InterTouch).
 */
#define T440_ANSWERS(cap0c_mid)							\
	.answers = {								\
		ANS(SYN_Q_IDENTIFY, 0x01, 0x47, 0x18),				\
		ANS(SYN_Q_MODEL, 0x01, 0xe2, 0xb1),				\
		ANS(SYN_Q_FIRMWARE_ID, 0x00, 0x0a, 0x00),			\
		ANS(SYN_Q_MODES, 0x2d, 0x70, 0x40),				\
		ANS(SYN_Q_CAPS, 0xd0, 0x01, 0x23),				\
		ANS(SYN_Q_EXT_MODEL, 0x94, 0x03, 0x00),				\
		ANS(SYN_Q_EXT_CAPS_0C, 0x12, (cap0c_mid), 0x00),		\
		ANS(SYN_Q_RESOLUTION, 0x2d, 0x80, 0x34),			\
		ANS(SYN_Q_MAX_COORDS, 0xb1, 0x65, 0x92),			\
		ANS(SYN_Q_MIN_COORDS, 0x27, 0x99, 0x24),			\
	},									\
	.n_answers = 10

static const struct builtin_profile builtins[] = {
	{
		.name = "st",
		.description = "old single-touch pad, fw 6.2, multifinger W reporting (caps bit 1), "
			       "no AGM, two physical buttons, nominal 1472..5472 x 1408..4448",
		.answers = {
			ANS(SYN_Q_IDENTIFY, 0x02, 0x47, 0x16),
			ANS(SYN_Q_MODEL, 0x01, 0x80, 0xb1),
			ANS(SYN_Q_FIRMWARE_ID, 0x00, 0x00, 0x00),
			ANS(SYN_Q_CAPS, 0xa0, 0x47, 0x13),
			ANS(SYN_Q_EXT_MODEL, 0x00, 0x00, 0x00),
			ANS(SYN_Q_RESOLUTION, 0x55, 0x80, 0x5e),
		},
		.n_answers = 6,
	},
	{
		.name = "semimt",
		.description = "semi-MT AGM pad with physical left/right buttons (ASUS T101MT answers, "
			       "Dell Mini 1012 class), fw 7.2, x 1472..5624 y 1408..4754",
		.answers = {
			ANS(SYN_Q_IDENTIFY, 0x02, 0x47, 0x17),
			ANS(SYN_Q_MODEL, 0x01, 0xc0, 0xb1),
			ANS(SYN_Q_FIRMWARE_ID, 0x09, 0x2b, 0x16),
			ANS(SYN_Q_CAPS, 0xd0, 0x47, 0x31),
			ANS(SYN_Q_EXT_MODEL, 0xa4, 0x00, 0x00),
			ANS(SYN_Q_EXT_CAPS_0C, 0x0a, 0x00, 0x00),
			ANS(SYN_Q_RESOLUTION, 0x4c, 0x80, 0x77),
			ANS(SYN_Q_MAX_COORDS, 0xaf, 0x9c, 0x94),
		},
		.n_answers = 8,
	},
	{
		.name = "semimt-clickpad",
		.description = "semi-MT AGM clickpad (notes profile A: T101MT answers + clickpad bit), fw 7.2, "
			       "one button under the surface, x 1472..5624 y 1408..4754",
		.answers = {
			ANS(SYN_Q_IDENTIFY, 0x02, 0x47, 0x17),
			ANS(SYN_Q_MODEL, 0x01, 0xc0, 0xb1),
			ANS(SYN_Q_FIRMWARE_ID, 0x09, 0x2b, 0x16),
			ANS(SYN_Q_CAPS, 0xd0, 0x47, 0x31),
			ANS(SYN_Q_EXT_MODEL, 0xa4, 0x00, 0x00),
			ANS(SYN_Q_EXT_CAPS_0C, 0x1a, 0x00, 0x00),
			ANS(SYN_Q_RESOLUTION, 0x42, 0x80, 0x66),
			ANS(SYN_Q_MAX_COORDS, 0xaf, 0x9c, 0x94),
		},
		.n_answers = 8,
	},
	{
		.name = "image-clickpad",
		.description = "image-sensor clickpad (notes profile B: T540p answers without pass-through/InterTouch), "
			       "fw 8.1, MT-B with up to 5 fingers, x 1266..5674 y 1170..4684",
		.answers = {
			ANS(SYN_Q_IDENTIFY, 0x01, 0x47, 0x18),
			ANS(SYN_Q_MODEL, 0x01, 0xe2, 0xb1),
			ANS(SYN_Q_FIRMWARE_ID, 0x00, 0x0a, 0x00),
			ANS(SYN_Q_MODES, 0x2d, 0x94, 0x40),
			ANS(SYN_Q_CAPS, 0xd0, 0x01, 0x23),
			ANS(SYN_Q_EXT_MODEL, 0x94, 0x03, 0x00),
			ANS(SYN_Q_EXT_CAPS_0C, 0x12, 0x28, 0x00),
			ANS(SYN_Q_RESOLUTION, 0x2d, 0x80, 0x34),
			ANS(SYN_Q_MAX_COORDS, 0xb1, 0x65, 0x92),
			ANS(SYN_Q_MIN_COORDS, 0x27, 0x99, 0x24),
		},
		.n_answers = 10,
	},
	{
		.name = "image-clickpad-pt",
		.description = "image-clickpad with a pass-through port (caps bit 7) and a plain PS/2 "
			       "mouse behind it (stands in for the T540p TrackPoint)",
		.child_mouse = true,
		.answers = {
			ANS(SYN_Q_IDENTIFY, 0x01, 0x47, 0x18),
			ANS(SYN_Q_MODEL, 0x01, 0xe2, 0xb1),
			ANS(SYN_Q_FIRMWARE_ID, 0x00, 0x0a, 0x00),
			ANS(SYN_Q_MODES, 0x2d, 0x94, 0x40),
			ANS(SYN_Q_CAPS, 0xd0, 0x01, 0xa3),
			ANS(SYN_Q_EXT_MODEL, 0x94, 0x03, 0x00),
			ANS(SYN_Q_EXT_CAPS_0C, 0x12, 0x28, 0x00),
			ANS(SYN_Q_RESOLUTION, 0x2d, 0x80, 0x34),
			ANS(SYN_Q_MAX_COORDS, 0xb1, 0x65, 0x92),
			ANS(SYN_Q_MIN_COORDS, 0x27, 0x99, 0x24),
		},
		.n_answers = 10,
	},
	{
		.name = "t440",
		.description = "T440-class top-button clickpad: image-clickpad answers with board id 2928 "
			       "(<= 2961: 6.1's LEN0034/36/37/39 min/max quirk applies); give the port "
			       "PNP id LEN0036 (userio firmware_id) for TOPBUTTONPAD and the quirk",
		T440_ANSWERS(0x28),
	},
	{
		.name = "t440-smbus",
		.description = "t440 that also advertises InterTouch (0x0c bit 14), as the T440-class "
			       "pads do: with PNP id LEN0036 6.1 sets up SMBus access for it (rmi4 "
			       "takes it once an RMI device answers on the SMBus) unless "
			       "psmouse.synaptics_intertouch=0",
		T440_ANSWERS(0x68),
	},
};

#define N_BUILTINS (sizeof(builtins) / sizeof(builtins[0]))

size_t syn_profile_count(void)
{
	return N_BUILTINS;
}

const char *syn_profile_name(size_t idx)
{
	return idx < N_BUILTINS ? builtins[idx].name : NULL;
}

const char *syn_profile_description(size_t idx)
{
	return idx < N_BUILTINS ? builtins[idx].description : NULL;
}

void syn_profile_init_empty(struct syn_profile *p, const char *name)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->id = 0x00;
	p->reset[0] = 0xaa;
	p->reset[1] = 0x00;
}

void syn_profile_set_answer(struct syn_profile *p, uint8_t arg, uint8_t b0, uint8_t b1, uint8_t b2)
{
	p->has_answer[arg] = true;
	p->answer[arg][0] = b0;
	p->answer[arg][1] = b1;
	p->answer[arg][2] = b2;
}

int syn_profile_load(const char *name, struct syn_profile *out)
{
	for (size_t i = 0; i < N_BUILTINS; i++) {
		const struct builtin_profile *b = &builtins[i];

		if (strcmp(b->name, name) != 0)
			continue;
		syn_profile_init_empty(out, b->name);
		snprintf(out->description, sizeof(out->description), "%s", b->description);
		out->child_mouse = b->child_mouse;
		for (size_t j = 0; j < b->n_answers; j++)
			syn_profile_set_answer(out, b->answers[j].arg, b->answers[j].b[0],
					       b->answers[j].b[1], b->answers[j].b[2]);
		return 0;
	}
	return -ENOENT;
}

static uint32_t answer_u32(const struct syn_profile *p, uint8_t arg)
{
	if (!p->has_answer[arg])
		return 0;
	return (uint32_t)p->answer[arg][0] << 16 | (uint32_t)p->answer[arg][1] << 8 | p->answer[arg][2];
}

/*
 * Mirror the query logic of Linux 6.1 synaptics_query_hardware(): which
 * queries are asked depends on earlier answers, so an answer the driver never
 * asks for has no effect on it either.
 */
void syn_caps_decode(const struct syn_profile *p, struct syn_caps *c)
{
	uint32_t ident = answer_u32(p, SYN_Q_IDENTIFY);
	uint32_t model = answer_u32(p, SYN_Q_MODEL);
	uint32_t caps = answer_u32(p, SYN_Q_CAPS);
	uint32_t ext0c = 0;

	memset(c, 0, sizeof(*c));
	c->minor = (ident >> 16) & 0xff;
	c->major = ident & 0x0f;
	c->model_code = (ident >> 4) & 0x0f;
	c->newabs = model & 0x80;

	if (caps & (1u << 23)) {
		c->extended = true;
		c->n_ext_queries = (caps >> 20) & 0x07;
		c->middle = caps & (1u << 18);
		c->passthru = caps & (1u << 7);
		c->four_button = caps & (1u << 3);
		c->multifinger = caps & (1u << 1);
		c->palm = caps & (1u << 0);
	}
	if (c->n_ext_queries >= 4)
		ext0c = answer_u32(p, SYN_Q_EXT_CAPS_0C);
	c->clickpad = ext0c & (1u << 20);
	c->agm = ext0c & (1u << 19);
	c->image_sensor = ext0c & (1u << 11);
	c->intertouch = ext0c & (1u << 14);

	c->x_min = SYN_XMIN_NOMINAL;
	c->x_max = SYN_XMAX_NOMINAL;
	c->y_min = SYN_YMIN_NOMINAL;
	c->y_max = SYN_YMAX_NOMINAL;
	if (c->major >= 4 && p->has_answer[SYN_Q_RESOLUTION]) {
		const uint8_t *r = p->answer[SYN_Q_RESOLUTION];

		if (r[0] != 0 && (r[1] & 0x80) && r[2] != 0) {
			c->x_res = r[0];
			c->y_res = r[2];
		}
	}
	if (c->n_ext_queries >= 5 && (ext0c & (1u << 17)) && p->has_answer[SYN_Q_MAX_COORDS]) {
		const uint8_t *m = p->answer[SYN_Q_MAX_COORDS];

		c->x_max = (m[0] << 5) | ((m[1] & 0x0f) << 1);
		c->y_max = (m[2] << 5) | ((m[1] & 0xf0) >> 3);
	}
	if ((ext0c & (1u << 13)) && (c->n_ext_queries >= 7 || (c->major == 8 && c->minor == 1)) &&
	    p->has_answer[SYN_Q_MIN_COORDS]) {
		const uint8_t *m = p->answer[SYN_Q_MIN_COORDS];

		c->x_min = (m[0] << 5) | ((m[1] & 0x0f) << 1);
		c->y_min = (m[2] << 5) | ((m[1] & 0xf0) >> 3);
	}
}
