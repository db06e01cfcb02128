# X-free touchpad core build fragment (paths relative to the top)
