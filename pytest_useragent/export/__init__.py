"""Journey export: a session whose goal was reached, as a plain pytest-playwright test (`--useragent-export`)."""
