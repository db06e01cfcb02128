# test/replay/local.mk (included by the top Makefile.am): the host tests of
# the driver's replays, tables and evdev backend.

# Tests (make check): synreplay on the XIT recordings (test/replay/*.sh; they
# read the recordings committed in test/data/xit, or $SYNMT_XIT_RECORDINGS,
# and SKIP without them), the module's symbols, and the
# property table against the core's parameter table.
REPLAY_TESTS = \
	test/replay/move.sh \
	test/replay/tap.sh \
	test/replay/tap-and-move.sh \
	test/replay/two-finger-scroll.sh \
	test/replay/clickpad-buttons.sh \
	test/replay/scroll-buttons.sh \
	test/replay/options.sh \
	test/replay/option-behaviour.sh \
	test/replay/rest.sh \
	test/replay/kernel-filter.sh \
	test/replay/man-ranges.sh
TESTS += $(REPLAY_TESTS) test/replay/module-symbols.sh test/replay/check-tables \
	test/replay/check-props test/replay/check-evdev
EXTRA_DIST += $(REPLAY_TESTS) test/replay/replay-lib.sh test/replay/module-symbols.sh \
	test/data/xit

check_PROGRAMS += test/replay/check-tables test/replay/check-props test/replay/check-evdev

# Live evdev path on uinput: built by make check, run only in the QEMU guest
# (the xorg suite's props batch, test/xorg/guest-props).
check_PROGRAMS += test/replay/check-evdev-live
test_replay_check_evdev_live_SOURCES = test/replay/check-evdev-live.c
test_replay_check_evdev_live_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_evdev_live_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_replay_check_evdev_live_LDADD = xf86-input-synaptics/libtpevdev.la $(LIBEVDEV_LIBS)
# the table checks link the backend and the core
REPLAY_CORE_LDADD = xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la $(LIBEVDEV_LIBS) -lm
test_replay_check_tables_SOURCES = test/replay/check-tables.c
test_replay_check_tables_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_tables_LDADD = $(REPLAY_CORE_LDADD)
# check-props: every property's write rules (type, format, count, ranges, read-only)
test_replay_check_props_SOURCES = test/replay/check-props.c
test_replay_check_props_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_props_LDADD = $(REPLAY_CORE_LDADD)
test_replay_check_evdev_SOURCES = test/replay/check-evdev.c
test_replay_check_evdev_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_evdev_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_replay_check_evdev_LDADD = xf86-input-synaptics/libtpevdev.la $(LIBEVDEV_LIBS)
