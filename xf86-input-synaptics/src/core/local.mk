# X-free touchpad core build fragment (paths relative to the top)
noinst_LTLIBRARIES += xf86-input-synaptics/src/core/libtpcore.la
xf86_input_synaptics_src_core_libtpcore_la_SOURCES = \
	xf86-input-synaptics/src/settings.h \
	xf86-input-synaptics/src/settings.def \
	xf86-input-synaptics/src/core/touchpad.h \
	xf86-input-synaptics/src/core/core-private.h \
	xf86-input-synaptics/src/core/core.c \
	xf86-input-synaptics/src/core/output.c \
	xf86-input-synaptics/src/core/touch.c \
	xf86-input-synaptics/src/core/palm.c \
	xf86-input-synaptics/src/core/params.c \
	xf86-input-synaptics/src/core/motion.c \
	xf86-input-synaptics/src/core/buttons.c \
	xf86-input-synaptics/src/core/clickpad.c \
	xf86-input-synaptics/src/core/tap.c \
	xf86-input-synaptics/src/core/scroll.c \
	xf86-input-synaptics/src/core/gesture.c \
	xf86-input-synaptics/src/core/suppress.c \
	xf86-input-synaptics/src/core/gesture-action.h \
	xf86-input-synaptics/src/core/gesture-action.c
xf86_input_synaptics_src_core_libtpcore_la_CFLAGS = $(AM_CFLAGS)
xf86_input_synaptics_src_core_libtpcore_la_LIBADD = -lm
