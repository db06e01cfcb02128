/*
 * syn-thread.c - thread-aware logging and the debug build's lock
 * bookkeeping (see syn-thread.h for the contract).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "synaptics-drv.h"

#ifdef SYNMT_DEBUG
__thread int syn_lock_depth;
#endif

void syn_vmsg(InputInfoPtr pinfo, MessageType type, int verb, const char *fmt, va_list ap)
{
	char buf[512];
	size_t len;

	vsnprintf(buf, sizeof(buf), fmt, ap);	/* libc: thread-safe, no server state */
	len = strlen(buf);
	if (len > 0 && buf[len - 1] == '\n')
		buf[len - 1] = '\0';
	if (in_input_thread())
		LogMessageVerbSigSafe(type, verb, "%s: %s\n", pinfo->name, buf);
	else
		xf86IDrvMsgVerb(pinfo, type, verb, "%s\n", buf);
}

void syn_msg(InputInfoPtr pinfo, MessageType type, int verb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	syn_vmsg(pinfo, type, verb, fmt, ap);
	va_end(ap);
}
