"""Build hook: compile the Polish Poker hot path with mypyc (pure Python if TOURNEY_PURE=1).

Everything else about the package lives in pyproject.toml. The compiled modules behave exactly as
their Python source (same types, same arithmetic), they only run faster. The extensions are
optional: on a machine without a C compiler the build warns and installs the pure-Python modules.
"""

import os

from setuptools import setup

HOT_PATH = [
    "tourney/rules/polish_poker/existence.py",
    "tourney/rules/polish_poker/state.py",
    "tourney/bots/random_bot.py",
    "tourney/engine/match.py",
]

ext_modules = []
if os.environ.get("TOURNEY_PURE", "") not in ("1", "true", "yes"):
    from mypyc.build import mypycify

    ext_modules = mypycify(HOT_PATH, opt_level="3")
    for extension in ext_modules:
        extension.optional = True

setup(ext_modules=ext_modules)
