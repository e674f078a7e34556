"""The package's version, written in one place: ``src_js/package.json``.

The wheel's metadata takes it from there when it is built (``[tool.hatch.version]`` in
``pyproject.toml``, hatch-nodejs-version turns ``0.4.0-dev.0`` into ``0.4.0.dev0``); in a
checkout the file itself is read, so that an editable install never reports the version it had
when it was installed.

>>> from packaging.version import Version
>>> Version(version()) >= Version("0.3")
True
"""

from __future__ import annotations

import json
import pathlib
import re
from importlib import metadata

__all__ = ["version"]

_PACKAGE_JSON = pathlib.Path(__file__).resolve().parent.parent / "src_js" / "package.json"


def python_version(node_version: str) -> str:
    """The PEP 440 form of a front-end (semver) version: ``0.4.0-dev.0`` -> ``0.4.0.dev0``,
    ``1.0.0-rc.1`` -> ``1.0.0rc1``, ``1.2.3`` as it is.

    >>> python_version("0.4.0-dev.0"), python_version("1.0.0-rc.1"), python_version("1.2.3")
    ('0.4.0.dev0', '1.0.0rc1', '1.2.3')
    """
    match = re.fullmatch(r"(\d+\.\d+\.\d+)(?:-(dev|a|b|rc|alpha|beta)\.?(\d+))?", node_version)
    if match is None:
        raise ValueError(f"{node_version!r} in src_js/package.json is not a version such as 1.2.3 or 1.2.3-rc.1")
    release, label, number = match.groups()
    if label is None:
        return release
    label = {"alpha": "a", "beta": "b"}.get(label, label)
    return f"{release}.dev{number}" if label == "dev" else f"{release}{label}{number}"


def version() -> str:
    """The version of this checkout's ``src_js/package.json``, or of the installed package."""
    if _PACKAGE_JSON.is_file():
        return python_version(json.loads(_PACKAGE_JSON.read_text(encoding="utf-8"))["version"])
    # hatch-nodejs-version writes 0.4.0dev0 into the metadata: the same version as the checkout's 0.4.0.dev0
    return re.sub(r"(\d)dev", r"\1.dev", metadata.version("bhabho-widget"))
