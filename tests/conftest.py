"""Shared test set-up.

The tests import the *installed* package (``pip install .``): the import name
``dummybridge`` differs from the source folder ``interpreter/``, so the checkout
can never shadow what ships. ``reference.py`` beside this file is the
pure-Python model of the C core used by the differential tests.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# No deadlines: tests never assert timings (benchmarks live in tools/).
settings.register_profile("dev", deadline=None)
# In CI every run draws the same examples, so a red run can be replayed.
settings.register_profile(
    "ci", deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def require_optional(what: str, *, install: str) -> None:
    """Skip a test that needs an optional tool, or fail when everything is required.

    ``what`` says what is missing (``"chromium at /usr/bin/chromium"``);
    ``install`` says how a developer gets it (``"apt-get install chromium"``,
    ``"pip install '.[test]'"``). Locally the test is skipped with that
    message; with ``DUMMYBRIDGE_REQUIRE_ALL=1`` (CI sets it) it fails instead,
    so a missing tool can never pass CI unnoticed.
    """
    import pytest

    message = f"{what} is not available: {install}"
    if os.environ.get("DUMMYBRIDGE_REQUIRE_ALL") == "1":
        pytest.fail(f"{message} (DUMMYBRIDGE_REQUIRE_ALL=1: every optional test must run)")
    pytest.skip(message, allow_module_level=True)
