/*
 * synemu - /dev/userio transport.
 */
#include "userio.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/userio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* include/linux/serio.h: the i8042 AUX port type. */
#define SERIO_8042 0x01

static int command(int fd, uint8_t type, uint8_t data)
{
	struct userio_cmd cmd = { .type = type, .data = data };
	ssize_t n;

	do {
		n = write(fd, &cmd, sizeof(cmd));
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return n == sizeof(cmd) ? 0 : -EIO;
}

int syn_userio_open(const char *path, char *err, size_t errlen)
{
	int fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		return fd;
	fd = -errno;
	if (fd == -ENOENT || fd == -ENODEV || fd == -ENXIO)
		snprintf(err, errlen, "%s: %s: load userio.ko first (insmod userio.ko, in the QEMU guest only)",
			 path, strerror(-fd));
	else if (fd == -EACCES || fd == -EPERM)
		snprintf(err, errlen, "%s: %s: synemu must run as root", path, strerror(-fd));
	else
		snprintf(err, errlen, "%s: %s", path, strerror(-fd));
	return fd;
}

int syn_userio_register(int fd, char *err, size_t errlen)
{
	int rc = command(fd, USERIO_CMD_SET_PORT_TYPE, SERIO_8042);

	if (rc) {
		snprintf(err, errlen, "userio SET_PORT_TYPE: %s", strerror(-rc));
		return rc;
	}
	rc = command(fd, USERIO_CMD_REGISTER, 0);
	if (rc)
		snprintf(err, errlen, "userio REGISTER: %s", strerror(-rc));
	return rc;
}

int syn_userio_send(int fd, uint8_t byte)
{
	return command(fd, USERIO_CMD_SEND_INTERRUPT, byte);
}

ssize_t syn_userio_read(int fd, uint8_t *buf, size_t len)
{
	ssize_t n;

	do {
		n = read(fd, buf, len);
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return errno == EAGAIN ? 0 : -errno;
	return n;
}
