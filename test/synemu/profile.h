/*
 * synemu - Synaptics PS/2 touchpad firmware emulator.
 *
 * Profiles: the identity of an emulated pad, i.e. the 3-byte answers to the
 * Synaptics information queries (sliced argument + E9), and what the Linux
 * driver will conclude from them (struct syn_caps).
 */
#ifndef SYNEMU_PROFILE_H
#define SYNEMU_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Synaptics information queries (sliced argument before E9). */
enum syn_query {
	SYN_Q_IDENTIFY = 0x00,
	SYN_Q_MODES = 0x01,
	SYN_Q_CAPS = 0x02,
	SYN_Q_MODEL = 0x03,
	SYN_Q_RESOLUTION = 0x08,
	SYN_Q_EXT_MODEL = 0x09,
	SYN_Q_FIRMWARE_ID = 0x0a,
	SYN_Q_EXT_CAPS_0C = 0x0c,
	SYN_Q_MAX_COORDS = 0x0d,
	SYN_Q_MIN_COORDS = 0x0f,
};

/* The Linux driver inverts Y as (YMAX_NOMINAL + YMIN_NOMINAL - y). */
#define SYN_Y_FLIP (1408 + 4448)
/* Coordinates the driver uses when a pad has no min/max queries. */
#define SYN_XMIN_NOMINAL 1472
#define SYN_XMAX_NOMINAL 5472
#define SYN_YMIN_NOMINAL 1408
#define SYN_YMAX_NOMINAL 4448

struct syn_profile {
	char name[40];
	char description[160];
	bool has_answer[256];
	uint8_t answer[256][3];	/* sliced argument -> E9 answer */
	uint8_t id;		/* F2 (GETID) answer */
	uint8_t reset[2];	/* FF answer after the ACK (AA 00) */
	bool child_mouse;	/* emulate a plain PS/2 mouse on the pass-through port */
};

/* What the answers mean, decoded like Linux 6.1 synaptics.c does. */
struct syn_caps {
	int major, minor, model_code;
	bool newabs;		/* model id bit 7: 6-byte new absolute packets */
	bool extended;		/* caps bit 23 */
	int n_ext_queries;	/* caps bits 22:20 */
	bool middle;		/* caps bit 18 */
	bool passthru;		/* caps bit 7 */
	bool four_button;	/* caps bit 3 */
	bool multifinger;	/* caps bit 1 */
	bool palm;		/* caps bit 0 */
	bool clickpad;		/* 0x0c bit 20 */
	bool agm;		/* 0x0c bit 19 (advanced gesture mode) */
	bool image_sensor;	/* 0x0c bit 11 */
	bool intertouch;	/* 0x0c bit 14 */
	int x_min, x_max, y_min, y_max;	/* raw Synaptics units, Y up */
	int x_res, y_res;	/* units per mm, 0 if unknown */
};

/* Built-in profiles, in listing order. */
size_t syn_profile_count(void);
const char *syn_profile_name(size_t idx);
const char *syn_profile_description(size_t idx);

/* Fill @out with the built-in profile @name. Returns 0 or -ENOENT. */
int syn_profile_load(const char *name, struct syn_profile *out);

/* An empty profile: no answers, F2 -> 00, FF -> AA 00. */
void syn_profile_init_empty(struct syn_profile *p, const char *name);

void syn_profile_set_answer(struct syn_profile *p, uint8_t arg, uint8_t b0, uint8_t b1, uint8_t b2);

/* Decode @p into @caps. */
void syn_caps_decode(const struct syn_profile *p, struct syn_caps *caps);

/* Convenience: does the pad have advanced gesture mode (AGM bit or image sensor)? */
static inline bool syn_caps_has_agm(const struct syn_caps *c)
{
	return c->agm || c->image_sensor;
}

#endif
