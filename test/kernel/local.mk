# kernel test helpers build fragment (paths relative to the top)
