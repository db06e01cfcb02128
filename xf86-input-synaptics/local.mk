# xf86-input-synaptics build fragment (included by the top Makefile.am; paths are relative to the top)
