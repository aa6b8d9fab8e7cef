"""Sample nights in every supported format, made by the simulator and the writers."""
