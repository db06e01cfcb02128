/*
 * syn-thread.h - the glue's threading contract, and how it is checked.
 *
 * Xorg 21.1 reads input devices in its input thread.  Which of our entry
 * points run where (facts of the server: os/inputthread.c runs read_input
 * with the input lock held, os/WaitFor.c's DoTimers runs every OsTimer with
 * it held, Xi/xiproperty.c's XIChangeDeviceProperty takes it around each
 * property handler):
 *
 *   entry point                               thread  input lock
 *   syn_preinit, syn_uninit                   main    not held
 *   syn_control (DEVICE_INIT/ON/OFF/CLOSE)    main    not held: taken around the core
 *   syn_read_input                            input   held by the server
 *   OsTimer callbacks (core timeouts,         main    held by the server
 *     monitor, gesture-key refresh)
 *   property handlers (synaptics-props.c,     main    held by the server
 *     monitor.c, gesture-actions.c)
 *   core output: post_*, syn_actions_gesture  either  held (called from the core)
 *
 * Rules that follow:
 *  - The core, the evdev state, the gesture-action tracker and keycode
 *    cache and the monitor's shared fields are touched only with the input
 *    lock held (SYN_ASSERT_LOCKED).
 *  - The input thread calls no server function that is not signal-safe:
 *    no xf86IDrvMsg & co. (they format into shared buffers and may
 *    allocate; syn_msg() uses LogMessageVerbSigSafe there), no XKB keymap
 *    walk (the main thread may replace the keymap at any time: keycodes
 *    for key actions are resolved on the main thread, gesture-actions.c),
 *    no property change.  Functions that may only run on the main thread
 *    say so with SYN_ASSERT_MAIN.
 *  - TimerSet/TimerCancel on a preallocated timer are allowed on the input
 *    thread (they take the input lock themselves and do not allocate).
 *
 * In a debug build (SYNMT_DEBUG: configure --enable-debug, the sanitizer
 * build, the glue's host tests, the soak suite's module) the assertions
 * are real: the glue counts, per thread, how deep it holds the input lock,
 * both where it takes the lock itself (syn_lock/syn_unlock) and where the
 * server holds it for an entry point (SYN_SERVER_HOLDS_LOCK at its top).
 * In a release build they compile to nothing and syn_lock is input_lock.
 */
#ifndef SYNMT_SYN_THREAD_H
#define SYNMT_SYN_THREAD_H

#include <stdarg.h>
#include <stdbool.h>

#ifdef SYNMT_DEBUG
#include <assert.h>

extern __thread int syn_lock_depth;

static inline void syn_lock(void)
{
	input_lock();
	syn_lock_depth++;
}

static inline void syn_unlock(void)
{
	assert(syn_lock_depth > 0);
	syn_lock_depth--;
	input_unlock();
}

static inline void syn_server_lock_end(int *depth)
{
	(void)depth;
	syn_lock_depth--;
}

/* At the top of an entry point the server calls with the input lock held. */
#define SYN_SERVER_HOLDS_LOCK() \
	int syn_server_lock_scope __attribute__((cleanup(syn_server_lock_end), unused)) = \
		++syn_lock_depth

#define SYN_ASSERT_LOCKED() assert(syn_lock_depth > 0)
#define SYN_ASSERT_MAIN() assert(!in_input_thread())
#define SYN_ASSERT_INPUT() assert(in_input_thread())
#else
static inline void syn_lock(void)
{
	input_lock();
}

static inline void syn_unlock(void)
{
	input_unlock();
}

#define SYN_SERVER_HOLDS_LOCK() int syn_server_lock_scope __attribute__((unused)) = 0
#define SYN_ASSERT_LOCKED() do { } while (0)
#define SYN_ASSERT_MAIN() do { } while (0)
#define SYN_ASSERT_INPUT() do { } while (0)
#endif

/*
 * Log a line for this device, on any thread: the server's ordinary logger
 * on the main thread, its signal-safe one on the input thread (which takes
 * only %s, so the text is formatted here first).  verb as in
 * xf86IDrvMsgVerb.
 */
void syn_msg(InputInfoPtr pinfo, MessageType type, int verb, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void syn_vmsg(InputInfoPtr pinfo, MessageType type, int verb, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));

#endif /* SYNMT_SYN_THREAD_H */
