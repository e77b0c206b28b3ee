# What a type checker sees of `tourney`: the application's public names, as tourney.app lists them
# (its one list), which __init__.py looks up there on first use. A stub, not an import in
# __init__.py, so that the modules that import `tourney` for its version depend on no application.
from tourney.app import *  # noqa: F403

__version__: str
