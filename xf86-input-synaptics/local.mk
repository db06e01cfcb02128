# xf86-input-synaptics build fragment (included by the top Makefile.am; paths are relative to the top)
#
#  libtpevdev.la   X-free: options/property tables (src/options) + libevdev backend (src/evdev)
#  synaptics_drv.la  the Xorg input module (src/x), installed in $(inputdir)
#  synreplay       feeds an evemu recording through backend + core, prints the actions
# The core (src/core/libtpcore.la) has its own fragment.

SYN_CPPFLAGS = \
	-I$(top_srcdir)/xf86-input-synaptics/include \
	-I$(top_srcdir)/xf86-input-synaptics/src/core \
	-I$(top_srcdir)/xf86-input-synaptics/src/options \
	-I$(top_srcdir)/xf86-input-synaptics/src/evdev

noinst_LTLIBRARIES += xf86-input-synaptics/libtpevdev.la
xf86_input_synaptics_libtpevdev_la_SOURCES = \
	xf86-input-synaptics/src/options/tp-options.h \
	xf86-input-synaptics/src/options/tp-options.c \
	xf86-input-synaptics/src/options/tp-props.c \
	xf86-input-synaptics/src/options/tp-settings.c \
	xf86-input-synaptics/src/evdev/tp-evdev.h \
	xf86-input-synaptics/src/evdev/tp-evdev.c \
	xf86-input-synaptics/include/synaptics-properties.h
xf86_input_synaptics_libtpevdev_la_CPPFLAGS = $(SYN_CPPFLAGS)
xf86_input_synaptics_libtpevdev_la_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
xf86_input_synaptics_libtpevdev_la_LIBADD = $(LIBEVDEV_LIBS) -lm

# The driver module: synaptics_drv.so in $(inputdir) (build tree: xf86-input-synaptics/.libs/).
input_LTLIBRARIES = xf86-input-synaptics/synaptics_drv.la
xf86_input_synaptics_synaptics_drv_la_SOURCES = \
	xf86-input-synaptics/src/x/synaptics-drv.h \
	xf86-input-synaptics/src/x/synaptics-drv.c \
	xf86-input-synaptics/src/x/synaptics-props.c \
	xf86-input-synaptics/src/x/monitor.c \
	xf86-input-synaptics/src/x/node.c \
	xf86-input-synaptics/src/x/gesture-actions.c \
	xf86-input-synaptics/src/x/syn-thread.h \
	xf86-input-synaptics/src/x/syn-thread.c
xf86_input_synaptics_synaptics_drv_la_CPPFLAGS = $(SYN_CPPFLAGS)
xf86_input_synaptics_synaptics_drv_la_CFLAGS = $(AM_CFLAGS) $(XORG_CFLAGS) $(LIBEVDEV_CFLAGS)
xf86_input_synaptics_synaptics_drv_la_LDFLAGS = -module -avoid-version \
	-export-symbols-regex "^synapticsModuleData$$"
xf86_input_synaptics_synaptics_drv_la_LIBADD = \
	xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la \
	$(LIBEVDEV_LIBS) -lm

# Config snippet and the property-name header for clients.
dist_config_DATA = xf86-input-synaptics/conf/70-synaptics-mt.conf
synapticsincludedir = $(includedir)/xorg
synapticsinclude_HEADERS = xf86-input-synaptics/include/synaptics-properties.h
# only a header path in it: arch-independent
pkgconfigdir = $(datadir)/pkgconfig
pkgconfig_DATA = xf86-input-synaptics/xorg-synaptics.pc
EXTRA_DIST += xf86-input-synaptics/xorg-synaptics.pc.in

# synreplay: recordings -> backend -> core -> one action per line (not installed).
noinst_PROGRAMS += xf86-input-synaptics/tools/synreplay
xf86_input_synaptics_tools_synreplay_SOURCES = xf86-input-synaptics/tools/synreplay.c \
	xf86-input-synaptics/tools/replay.c xf86-input-synaptics/tools/replay.h
xf86_input_synaptics_tools_synreplay_CPPFLAGS = $(SYN_CPPFLAGS)
xf86_input_synaptics_tools_synreplay_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS) $(EVEMU_CFLAGS)
xf86_input_synaptics_tools_synreplay_LDADD = \
	xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la \
	$(EVEMU_LIBS) $(LIBEVDEV_LIBS) -lm

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
	test/replay/man-ranges.sh
TESTS += $(REPLAY_TESTS) test/replay/module-symbols.sh test/replay/check-tables \
	test/replay/check-props test/replay/check-evdev
EXTRA_DIST += $(REPLAY_TESTS) test/replay/replay-lib.sh test/replay/module-symbols.sh \
	xf86-input-synaptics/README.md test/data/xit

check_PROGRAMS += test/replay/check-tables test/replay/check-props test/replay/check-evdev

# Live evdev path on uinput: built by make check, run only in the QEMU guest
# (./synmt vm --no-psmouse -- build/x/test/replay/check-evdev-live).
check_PROGRAMS += test/replay/check-evdev-live
test_replay_check_evdev_live_SOURCES = test/replay/check-evdev-live.c
test_replay_check_evdev_live_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_evdev_live_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_replay_check_evdev_live_LDADD = xf86-input-synaptics/libtpevdev.la $(LIBEVDEV_LIBS)
test_replay_check_tables_SOURCES = test/replay/check-tables.c
test_replay_check_tables_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_tables_LDADD = \
	xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la \
	$(LIBEVDEV_LIBS) -lm
# check-props: every property's write rules (type, format, count, ranges, read-only)
test_replay_check_props_SOURCES = test/replay/check-props.c
test_replay_check_props_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_props_LDADD = \
	xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la \
	$(LIBEVDEV_LIBS) -lm
test_replay_check_evdev_SOURCES = test/replay/check-evdev.c
test_replay_check_evdev_CPPFLAGS = $(SYN_CPPFLAGS)
test_replay_check_evdev_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS)
test_replay_check_evdev_LDADD = xf86-input-synaptics/libtpevdev.la $(LIBEVDEV_LIBS)
