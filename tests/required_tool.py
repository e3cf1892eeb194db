"""A test whose tool is missing (Chromium, Java's Nu checker, npm's tools, hugo,
import-linter...) skips on a contributor's machine and fails under CI=true, where everything
`make install-test` installs must be there: a green CI never hides a test that did not run."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def unavailable(reason: str) -> NoReturn:
    """Skip with `reason` (which says how to install the tool), or fail under CI=true."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: a missing tool fails the test instead of skipping it)", pytrace=False)
    pytest.skip(reason)
