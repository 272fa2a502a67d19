"""bench/reliability's modules: the shared harness and the sections kept apart from the script."""
