# test/glue build fragment (included by the top Makefile.am; paths are relative to the top)
#
# test-glue: the X glue (src/x) linked with a stand-in for the server
# functions it calls (xstub.c) and a scripted evdev node, so DEVICE_INIT/
# ON/OFF/CLOSE, reads, timers and property writes run on the host.  The
# glue is compiled with SYNMT_DEBUG: its threading assertions are live.
check_PROGRAMS += test/glue/test-glue
TESTS += test/glue/test-glue
test_glue_test_glue_SOURCES = test/glue/test-glue.c test/glue/xstub.c test/glue/xstub.h \
	xf86-input-synaptics/src/x/synaptics-drv.c \
	xf86-input-synaptics/src/x/synaptics-props.c \
	xf86-input-synaptics/src/x/monitor.c \
	xf86-input-synaptics/src/x/node.c \
	xf86-input-synaptics/src/x/gesture-actions.c \
	xf86-input-synaptics/src/x/syn-thread.c
test_glue_test_glue_CPPFLAGS = $(SYN_CPPFLAGS) -I$(top_srcdir)/xf86-input-synaptics/src/x \
	-I$(top_srcdir)/test/glue -I$(top_srcdir)/test/common -DSYNMT_DEBUG
test_glue_test_glue_CFLAGS = $(AM_CFLAGS) $(XORG_CFLAGS) $(LIBEVDEV_CFLAGS)
test_glue_test_glue_LDADD = xf86-input-synaptics/libtpevdev.la \
	xf86-input-synaptics/src/core/libtpcore.la $(LIBEVDEV_LIBS) -lm
