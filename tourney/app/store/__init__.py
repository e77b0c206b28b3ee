"""Where the application keeps things: the databases a command or a server keeps open, one
command's unit of work, and the floor's own store (tokens, reports, the wall's settings)."""
