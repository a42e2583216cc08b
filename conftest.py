"""This clone's own tests, example project and docs' examples are collected only in a run of this repository (its
rootdir is here or below) or when asked for (a path in the clone given to pytest, or in a `testpaths`): the tutorial
clones the plugin into the folder that holds the user's tests and runs a bare `pytest` there, which would otherwise
collect them too (our tests' conftest needs the `test` extra; docs/tutorial/test_shop.py has the module name of the
user's test_shop.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if config.rootpath == HERE or HERE in config.rootpath.parents:
        return None
    named = [Path(os.path.abspath(config.invocation_params.dir / arg.split("::")[0])) for arg in config.args]
    asked = [path for path in named if path == HERE or HERE in path.parents]  # not the user's folder above
    return None if any(path == collection_path or path in collection_path.parents for path in asked) else True
