/*
 * synemu - ps2emu-record V1 files: the Init section becomes a profile
 * (query -> answer map), the Main section a timeline of 6-byte packets.
 */
#ifndef SYNEMU_REPLAY_H
#define SYNEMU_REPLAY_H

#include <stddef.h>

#include "profile.h"
#include "script.h"

struct syn_recording {
	struct syn_profile prof;	/* answers seen in the Init section */
	struct syn_script main;		/* Main section packets (SYN_ACT_PACKET) */
	size_t init_events;		/* E: lines in Init */
	size_t main_bytes;		/* device bytes in Main */
	size_t skipped_bytes;		/* Main bytes not forming a valid packet */
	size_t conflicts;		/* queries answered differently twice */
	size_t queries;			/* distinct sliced queries learnt */
};

/* Parse recording @text (named @name in messages) into @rec.
 * Returns 0, or -EINVAL with "NAME:LINE: message" in @err. */
int syn_recording_parse(struct syn_recording *rec, const char *text, const char *name, char *err,
			size_t errlen);
int syn_recording_load(struct syn_recording *rec, const char *path, char *err, size_t errlen);
void syn_recording_free(struct syn_recording *rec);

#endif
