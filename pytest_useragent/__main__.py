"""`python -m pytest_useragent`: the `useragent` command (`cli/`)."""

from pytest_useragent.cli import main

raise SystemExit(main())
