"""The ``>>>`` examples in the installed modules' docstrings run and hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import dummybridge
from dummybridge import (
    _native,
    actions,
    bots,
    cards,
    conform,
    errors,
    loader,
    reference,
    ruleset,
    semantics,
    simulate,
    state,
)


@pytest.mark.parametrize(
    "module",
    [
        dummybridge,
        cards,
        errors,
        _native,
        actions,
        bots,
        conform,
        loader,
        reference,
        ruleset,
        semantics,
        simulate,
        state,
    ],
    ids=lambda m: m.__name__,
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert result.failed == 0
