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
	xf86-input-synaptics/src/options/tp-actions.h \
	xf86-input-synaptics/src/options/tp-actions.c \
	xf86-input-synaptics/src/options/tp-props.c \
	xf86-input-synaptics/src/options/tp-settings.c \
	xf86-input-synaptics/src/evdev/tp-evdev.h \
	xf86-input-synaptics/src/evdev/tp-evdev.c \
	xf86-input-synaptics/src/evdev/udev-fuzz.c \
	xf86-input-synaptics/include/synaptics-properties.h
xf86_input_synaptics_libtpevdev_la_CPPFLAGS = $(SYN_CPPFLAGS)
xf86_input_synaptics_libtpevdev_la_CFLAGS = $(AM_CFLAGS) $(LIBEVDEV_CFLAGS) $(UDEV_CFLAGS)
xf86_input_synaptics_libtpevdev_la_LIBADD = $(LIBEVDEV_LIBS) $(UDEV_LIBS) -lm

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
	$(LIBEVDEV_LIBS) $(UDEV_LIBS) -lm

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

# (the tests of the driver's replays, tables and backend: test/replay/local.mk)
EXTRA_DIST += xf86-input-synaptics/README.md
