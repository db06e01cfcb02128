# synclient and syndaemon (included by the top Makefile.am; paths are relative to the top)
TOOLS_DIR = xf86-input-synaptics/tools
TOOLS_COMMON = $(TOOLS_DIR)/syntouchpad.c $(TOOLS_DIR)/syntouchpad.h

bin_PROGRAMS += synclient syndaemon

synclient_SOURCES = $(TOOLS_DIR)/synclient.c \
	$(TOOLS_DIR)/synparams.c $(TOOLS_DIR)/synparams.h $(TOOLS_COMMON)
synclient_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
synclient_LDADD = $(XCLIENT_LIBS)

syndaemon_SOURCES = $(TOOLS_DIR)/syndaemon.c $(TOOLS_COMMON)
syndaemon_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
syndaemon_LDADD = $(XCLIENT_LIBS)

# XTest key sender for the syndaemon tests (test/tools/run-tests)
noinst_PROGRAMS += test/tools/synkey
test_tools_synkey_SOURCES = test/tools/synkey.c
test_tools_synkey_CFLAGS = $(AM_CFLAGS) $(XCLIENT_CFLAGS)
test_tools_synkey_LDADD = $(XCLIENT_LIBS)
