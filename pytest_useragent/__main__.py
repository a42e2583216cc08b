"""`python -m pytest_useragent`: the `useragent` command."""

from __future__ import annotations

from pytest_useragent.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
