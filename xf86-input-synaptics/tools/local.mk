# synclient and syndaemon (included by the top Makefile.am; paths are relative to the top).
# Paths are spelled out (no variables) so that automake can merge the
# directory rules with the other fragment that builds in tools/.
bin_PROGRAMS += synclient syndaemon

synclient_SOURCES = xf86-input-synaptics/tools/synclient.c \
	xf86-input-synaptics/tools/synclient-args.c \
	xf86-input-synaptics/tools/synclient-args.h \
	xf86-input-synaptics/tools/synparams.c \
	xf86-input-synaptics/tools/synparams.h \
	xf86-input-synaptics/tools/syntouchpad.c \
	xf86-input-synaptics/tools/syntouchpad.h
# the driver's own parameter table (ranges, from src/settings.def)
synclient_CPPFLAGS = -I$(top_srcdir)/xf86-input-synaptics/include \
	-I$(top_srcdir)/xf86-input-synaptics/src/core
synclient_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
synclient_LDADD = xf86-input-synaptics/src/core/libtpcore.la $(XCLIENT_LIBS) -lm

syndaemon_SOURCES = xf86-input-synaptics/tools/syndaemon.c \
	xf86-input-synaptics/tools/syndaemon-pidfile.c \
	xf86-input-synaptics/tools/syndaemon-pidfile.h \
	xf86-input-synaptics/tools/syntouchpad.c \
	xf86-input-synaptics/tools/syntouchpad.h
syndaemon_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
syndaemon_LDADD = $(XCLIENT_LIBS)

# XTest key sender for the syndaemon tests (test/tools/run-tests)
noinst_PROGRAMS += test/tools/synkey
test_tools_synkey_SOURCES = test/tools/synkey.c
test_tools_synkey_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
test_tools_synkey_LDADD = $(XCLIENT_LIBS)
