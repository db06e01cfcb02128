/*
 * synemu - transport: a serio port through /dev/userio (userio.ko).
 * One 2-byte command per write(); read() returns the bytes the kernel
 * driver wrote to the port.
 */
#ifndef SYNEMU_USERIO_H
#define SYNEMU_USERIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SYN_USERIO_DEFAULT "/dev/userio"

/* Open @path non-blocking; returns fd or negative errno (message in @err). */
int syn_userio_open(const char *path, char *err, size_t errlen);

/* SET_PORT_TYPE SERIO_8042 + REGISTER. Returns 0 or negative errno. */
int syn_userio_register(int fd, char *err, size_t errlen);

/* Deliver one device byte to the kernel (SEND_INTERRUPT). */
int syn_userio_send(int fd, uint8_t byte);

/* Read host bytes; returns count, 0 if none, or negative errno. */
ssize_t syn_userio_read(int fd, uint8_t *buf, size_t len);

#endif
