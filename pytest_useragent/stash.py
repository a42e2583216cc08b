"""Keys the plugin and its fixtures share."""

from __future__ import annotations

import pytest

from pytest_useragent.config import UserAgentConfig

CONFIG_KEY = pytest.StashKey[UserAgentConfig]()
RESULTS_PROPERTY = "useragent_session"
"""The user_properties key under which each SessionResult travels (as JSON) to the controller."""
