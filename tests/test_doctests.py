"""The ``>>>`` examples in the installed modules' docstrings run and hold."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import dummybridge
from dummybridge import bots, errors
from dummybridge.apps import conform, simulate
from dummybridge.core import _dealing, _play, cards, diagram
from dummybridge.engine import actions, bounds, game, opkinds
from dummybridge.engine.laws import offences
from dummybridge.language import effective, keywords, loader, ruleset, semantics


@pytest.mark.parametrize(
    "module",
    [
        dummybridge,
        cards,
        errors,
        _dealing,
        _play,
        actions,
        bots,
        conform,
        loader,
        effective,
        keywords,
        ruleset,
        semantics,
        simulate,
        game,
        opkinds,
        diagram,
        bounds,
        offences,
    ],
    ids=lambda m: m.__name__,
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, raise_on_error=False)
    assert result.failed == 0
