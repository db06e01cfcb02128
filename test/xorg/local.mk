# test/xorg build fragment (included by the top Makefile.am; paths are relative to the top)
