# man build fragment (included by the top Makefile.am; paths are relative to the top)
# One line per page; add yours below.
dist_man_MANS += man/synclient.1
dist_man_MANS += man/syndaemon.1
dist_man_MANS += man/synaptics.4
