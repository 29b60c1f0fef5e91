"""The command line's saves, records and other outputs: checked before any
play, written whole (:mod:`dummybridge.core.writes`), and the options that
go with them (``--force``, ``--rules``).

``play --record FILE`` and ``play --seat S --save FILE`` write only to a path
that is absent or already a save or record of dummybridge, and ``export -o
FILE`` and ``play --pbn FILE`` only to one absent or already a PBN file
dummybridge exported, unless ``--force``; a directory, a device, a FIFO or a socket never
(:func:`~dummybridge.core.writes.check_target`). Before the game starts, the
temporary files a killed dummybridge left next to the target are removed
(:func:`~dummybridge.core.writes.remove_stale_temporaries`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Collection, Mapping
from typing import Any

from ..core.writes import check_target, remove_stale_temporaries, write_atomic
from ..errors import DummyBridgeError

__all__ = [
    "add_force_option",
    "add_record_schema_option",
    "add_rules_option",
    "check_outputs",
    "print_record_schema",
    "write_record",
]

#: the outputs that hold a save or a record (the others are PBN files)
SAVES = ("--record", "--save")


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules FILE``, for a record whose rules are a file it does not carry."""
    parser.add_argument(
        "--rules",
        metavar="FILE",
        help="the rule file the record was made with, for a record that names "
        "its file without carrying it (checked against the record)",
    )


def add_force_option(
    parser: argparse.ArgumentParser, options: str = "--save/--record", kind: str = "save or record"
) -> None:
    """``--force``: write a save or record (a ``kind``) over a file that is not one."""
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"let {options} replace a file that is not a dummybridge {kind}, "
        "or a symbolic link (never a directory, a device or a FIFO)",
    )


def add_record_schema_option(parser: argparse.ArgumentParser) -> None:
    """``schema --record``: the record and save JSON Schema (docs/records.md)."""
    parser.add_argument(
        "--record",
        action="store_true",
        help="print the JSON Schema of game records and saves instead",
    )


def print_record_schema() -> int:
    """Print the record and save JSON Schema as shipped; the exit status."""
    from ..language.schemas import schema_text_of

    sys.stdout.write(schema_text_of("record.schema.json"))
    return 0


def check_outputs(
    inputs: Mapping[str, str | None],
    outputs: Mapping[str, str | None],
    *,
    force: bool = False,
    saves: Collection[str] = SAVES,
    exports: Collection[str] = (),
) -> None:
    """Before any play, refuse an output file that cannot be written (a
    directory, or in a directory that does not exist: the record of a whole
    game would be lost at the end), that is one of the inputs or another
    output (``play house.yaml --record house.yaml`` would replace the rule
    file), or, for a save or record (the outputs named in ``saves``: by
    default :data:`SAVES`) or a PBN export (those named in ``exports``), that
    is not absent or ours (:func:`~dummybridge.core.writes.check_target`).

    :raises DummyBridgeError: naming the file and what is wrong.
    """
    taken = [(what, path) for what, path in inputs.items() if path and os.path.isfile(path)]
    for what, path in outputs.items():
        if not path:
            continue
        folder = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(path):
            raise DummyBridgeError(f"{what} {path} is a directory: name a file")
        if not os.path.isdir(folder):
            raise DummyBridgeError(f"{what} {path}: there is no directory {folder}")
        if not os.access(folder, os.W_OK) or (
            os.path.isfile(path) and not os.path.islink(path) and not os.access(path, os.W_OK)
        ):
            raise DummyBridgeError(f"{what} {path}: permission denied")
        for other_what, other in taken:
            same = (
                os.path.samefile(path, other)
                if os.path.exists(path) and os.path.exists(other)
                else os.path.abspath(path) == os.path.abspath(other)
            )
            if same:
                raise DummyBridgeError(f"{what} {path} is {other_what} {other}: name another file")
        taken.append((what, path))
        if what in saves or what in exports:
            check_target(path, what, force=force, pbn=what in exports)
            remove_stale_temporaries(folder)


def write_record(path: str, record: Mapping[str, Any]) -> None:
    """Write a game record whole, as JSON.

    :raises DummyBridgeError: for a record larger than a record may be
        (:data:`~dummybridge.formats.records.RECORD_MAX_BYTES`): it could
        never be read back.
    """
    from ..formats.records import RECORD_MAX_BYTES

    text = json.dumps(record, indent=1) + "\n"
    if len(text.encode("utf-8")) > RECORD_MAX_BYTES:
        raise DummyBridgeError(
            f"--record {path}: the record would be larger than the "
            f"{RECORD_MAX_BYTES:,} bytes a record may hold: play fewer rubbers"
        )
    write_atomic(path, text)
