"""Packaging: the `game` package, with the top-level maps/ and assets/ folders inside it.

Everything else is in pyproject.toml.  The maps and art stay at the top of the
repository (where map makers and artists work); a built package carries them
as `game/bundled/maps` and `game/bundled/assets`, so `importlib.resources`
finds them wherever the package lands: site-packages, `pip install --target`,
a zip file (game/paths.py).  setuptools' `package_dir` maps the two folders to
those package names; an editable install keeps using the repository's own
folders.
"""

from setuptools import find_packages, setup

BUNDLED = {"game.bundled.maps": "maps", "game.bundled.assets": "assets"}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(BUNDLED),
    package_dir=BUNDLED,
    package_data={
        "game.content": ["data/*.json", "data/scenarios/*.json"],
        "game.bundled.maps": ["*.tmx", "*.tiled-project", "tilesets/*.tsx", "tilesets/*.png"],
        "game.bundled.assets": ["fonts/*", "tiles/*", "tokens/*"],
    },
)
