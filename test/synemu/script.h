/*
 * synemu - scripts: a text description of finger and button frames over
 * time, compiled into a flat timeline of actions (see README for the
 * language).  Recordings (replay.h) compile into the same timeline.
 */
#ifndef SYNEMU_SCRIPT_H
#define SYNEMU_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frame.h"

#define SYN_DEFAULT_RATE_HZ 80
#define SYN_RAW_MAX 64
#define SYN_SCRIPT_MAX_ACTIONS 200000

enum syn_action_type {
	SYN_ACT_FRAME,	/* encode .frame in the current mode (maybe truncated) */
	SYN_ACT_PACKET,	/* a recorded 6-byte packet, sent if the mode allows it */
	SYN_ACT_RAW,	/* bytes sent as they are (raw, garbage, reconnect) */
	SYN_ACT_MUTE,	/* the pad stops answering for .mute_ms (mute) */
};

struct syn_action {
	uint64_t t_us;		/* time since the script started */
	enum syn_action_type type;
	unsigned line;		/* source line, for logs */
	unsigned truncate;	/* FRAME: send only this many bytes (0 = all) */
	unsigned flip;		/* FRAME: 1 + random: flip one bit of the bytes (0 = none) */
	unsigned drop;		/* FRAME: 1 + random: leave one byte out (0 = none) */
	bool junk;		/* RAW: random bytes (garbage): no quiet window after them */
	unsigned mute_ms;	/* MUTE, RAW: how long the pad ignores the host and sends nothing */
	bool power_on;		/* RAW: the pad resets itself first (reconnect: AA 00) */
	struct syn_frame frame;
	size_t nraw;
	uint8_t raw[SYN_RAW_MAX];
};

struct syn_script {
	struct syn_action *act;
	size_t n, cap;
	uint64_t end_us;	/* time after the last action */
	unsigned rate_hz;	/* frame rate in effect at the end */
};

void syn_script_init(struct syn_script *s);
void syn_script_free(struct syn_script *s);

/* Append one action; returns a pointer to it or NULL (too many / no memory). */
struct syn_action *syn_script_append(struct syn_script *s, enum syn_action_type type, uint64_t t_us);

/*
 * Compile @text (named @name in messages) into @s.  On error returns
 * -EINVAL (or -ENOMEM) and writes "NAME:LINE: message" to @err.
 */
int syn_script_parse(struct syn_script *s, const char *text, const char *name, char *err, size_t errlen);

/* Read a whole file (NUL-terminated). Returns 0 or negative errno. */
int syn_read_file(const char *path, char **text);

/* Load and compile a script file. */
int syn_script_load(struct syn_script *s, const char *path, char *err, size_t errlen);

#endif
