/*
 * node.c - the event node: opened at DEVICE_ON, closed at DEVICE_OFF, and
 * the one fd the server's input thread polls for us.
 *
 * The input thread polls an epoll set of ours (priv->epfd) for the whole
 * life of the device: registered at the first DEVICE_ON, dropped at
 * DEVICE_CLOSE.  DEVICE_ON opens the node (or takes the server's fd) and
 * adds it to the set; DEVICE_OFF takes it out and lets it go.  Two facts
 * of Xorg 21.1 make the node itself a bad thing to register:
 *  - registrations are dropped late: InputThreadUnregisterDev only marks
 *    the first entry with that fd number (dropped or not) and the input
 *    thread frees it later, so a fast OFF/ON/OFF left a registration
 *    behind, and a later device that got the same fd number was never
 *    polled;
 *  - under systemd-logind the server closes its fd while the device is off
 *    (VT switch) and hands back a new file, maybe with the same number.
 * Changes to our own set take effect at once, and every DEVICE_ON starts
 * from the node's current state (libevdev reads it when it is created):
 * nothing that happened while the device was off survives as a ghost.
 *
 * Threads: open/close on the main thread with the input lock held around
 * what the input thread reads (priv->tev); syn_node_read on the input
 * thread.
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "synaptics-drv.h"

/*
 * The server registers pinfo->fd (xf86AddEnabledDevice is the only entry
 * a module has).  Ours is the epoll set, so it stands in pinfo->fd for the
 * call; the rest of the time pinfo->fd is the server's fd (which it closes
 * and replaces itself) or our node's.
 */
static void register_set(struct syn_priv *priv, bool on)
{
	InputInfoPtr pinfo = priv->pinfo;
	int saved = pinfo->fd;

	SYN_ASSERT_MAIN();
	pinfo->fd = priv->epfd;
	if (on)
		xf86AddEnabledDevice(pinfo);
	else
		xf86RemoveEnabledDevice(pinfo);
	pinfo->fd = saved;
	priv->epfd_registered = on;
}

/* What changed since PreInit probed the device, for the log; NULL if nothing. */
static const char *what_changed(const struct tp_device *was, const struct tp_device *now)
{
	if (memcmp(&was->x, &now->x, sizeof(was->x)) || memcmp(&was->y, &now->y, sizeof(was->y)))
		return "axis ranges or resolution";
	if (was->num_slots != now->num_slots || was->semi_mt != now->semi_mt ||
	    was->max_fingers != now->max_fingers)
		return "slots or finger count";
	if (memcmp(was, now, sizeof(*was)))
		return "capabilities";
	return NULL;
}

/*
 * The node was opened again and is not what PreInit probed (psmouse
 * re-probed with other parameters, another pad behind the same node):
 * everything that depends on the device is made again from it, the
 * settings from xorg.conf's options, as at PreInit.
 */
static int adopt_new_device(struct syn_priv *priv, const char *what)
{
	struct tp_core *core;

	SYN_ASSERT_MAIN();
	xf86IDrvMsg(priv->pinfo, X_WARNING, "%s: the device changed since it was probed (%s): "
		    "settings made again from the configuration, run-time changes are lost\n",
		    priv->path, what);
	priv->probed = priv->tev.state.dev;
	priv->dev = priv->probed;
	syn_apply_options(priv);
	core = tp_core_new(&priv->dev, &priv->params, syn_core_output(), priv);
	if (!core)
		return -ENODEV;
	syn_lock();
	tp_core_free(priv->core);
	priv->core = core;
	syn_unlock();
	syn_params_changed(priv);
	return 0;
}

int syn_node_open(struct syn_priv *priv)
{
	InputInfoPtr pinfo = priv->pinfo;
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 0 };
	const char *why = "";
	int rc;

	SYN_ASSERT_MAIN();
	if (priv->epfd < 0) {
		priv->epfd = epoll_create1(EPOLL_CLOEXEC);
		if (priv->epfd < 0) {
			xf86IDrvMsg(pinfo, X_ERROR, "epoll_create1: %s\n", strerror(errno));
			return -errno;
		}
	}
	if (priv->server_fd && pinfo->fd < 0) {
		xf86IDrvMsg(pinfo, X_ERROR, "%s: the server has no fd for the device\n", priv->path);
		return -ENODEV;
	}
	rc = tp_evdev_open(&priv->tev, priv->path, priv->server_fd ? pinfo->fd : -1, &why);
	if (rc < 0) {
		xf86IDrvMsg(pinfo, X_ERROR, "%s: %s (%s)\n", priv->path, why, strerror(-rc));
		return rc;
	}
	why = what_changed(&priv->probed, &priv->tev.state.dev);
	if (why && (rc = adopt_new_device(priv, why)) < 0)
		goto fail;
	if (epoll_ctl(priv->epfd, EPOLL_CTL_ADD, priv->tev.fd, &ev) < 0) {
		rc = -errno;
		xf86IDrvMsg(pinfo, X_ERROR, "%s: epoll_ctl: %s\n", priv->path, strerror(-rc));
		goto fail;
	}
	if (!priv->server_fd)
		pinfo->fd = priv->tev.fd;
	if (!priv->epfd_registered)
		register_set(priv, true);
	xf86IDrvMsgVerb(pinfo, X_INFO, 3, "%s: on (node fd %d, polled through fd %d)\n", priv->path,
			priv->tev.fd, priv->epfd);
	return 0;
fail:
	tp_evdev_close(&priv->tev);
	return rc;
}

/* Take the node out of the set; the input lock is held, so no read is under way. */
static void unwatch(struct syn_priv *priv)
{
	SYN_ASSERT_LOCKED();
	if (priv->tev.evdev && !priv->node_gone)
		epoll_ctl(priv->epfd, EPOLL_CTL_DEL, priv->tev.fd, NULL);
}

void syn_node_close(struct syn_priv *priv)
{
	SYN_ASSERT_MAIN();
	syn_lock();
	unwatch(priv);
	tp_evdev_close(&priv->tev);	/* ours: closed; the server's: only let go */
	priv->node_gone = false;
	syn_unlock();
	if (!priv->server_fd)
		priv->pinfo->fd = -1;
}

void syn_node_release(struct syn_priv *priv)
{
	SYN_ASSERT_MAIN();
	syn_node_close(priv);
	if (priv->epfd_registered)
		register_set(priv, false);
	if (priv->epfd >= 0)
		close(priv->epfd);
	priv->epfd = -1;
}

int syn_node_read(struct syn_priv *priv,
		  void (*frame_cb)(void *user, const struct tp_frame *frame),
		  void (*dropped_cb)(void *user, uint64_t time))
{
	struct epoll_event ev;
	int rc;

	SYN_ASSERT_LOCKED();
	/* takes the set's readiness; the node is read whether or not it is in it */
	epoll_wait(priv->epfd, &ev, 1, 0);
	if (!priv->tev.evdev || priv->node_gone)
		return 0;
	rc = tp_evdev_read(&priv->tev, frame_cb, dropped_cb, priv);
	if (rc == -ENODEV) {
		/* out of the set now, or the thread would be woken for it forever */
		epoll_ctl(priv->epfd, EPOLL_CTL_DEL, priv->tev.fd, NULL);
		priv->node_gone = true;
	}
	return rc;
}
