"""The Combat Results Table and its dice conversions ([8.4] D, [8.5], [8.6], [11.5]).

The table is built from ``data/crt.toml``: gaps.md's formula (ours) unless the file gives
explicit rows. :func:`hits` reads one attack roll against a unit's damage dice: each
single die type on its own column; several dice multiply the column ([8.5]); a plus
shifts right, wrapping past D20 to D2 and adding the D20 result each time it passes; a
minus shifts left and stops at D2; several attacks (and a cavalry figure's rider and mount,
[11.5]) add their results on the same roll ([8.6]).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..profiles import DATA

_F = DATA.crt_file
COLUMNS: tuple[str, ...] = tuple(_F.columns)
_SIDES = tuple(int(c[1:]) for c in COLUMNS)


def _round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5 + 1e-12))


def _build() -> dict[int, tuple[int, ...]]:
    rows: dict[int, tuple[int, ...]] = {}
    if _F.rows is not None:
        for k, vals in _F.rows.items():
            rows[int(k)] = tuple(vals)
        return rows
    f = _F.formula
    for v in range(_F.first_row, _F.last_row + 1):
        core = min(max(f.numerator - v, f.low), f.high)
        rows[v] = tuple(_round_half_up(core * (n + 1) / f.denominator) for n in _SIDES)
    return rows


TABLE: dict[int, tuple[int, ...]] = _build()
FIRST, LAST = min(TABLE), max(TABLE)


def row(attack_roll: int) -> tuple[int, ...]:
    """The CRT row of an attack roll (rolls below the first row read it, above the last read the last)."""
    return TABLE[min(max(attack_roll, FIRST), LAST)]


def value(attack_roll: int, column: str) -> int:
    """Hit dice of damage per attacking figure: the cell of ``attack_roll`` and ``column`` ("D8")."""
    return row(attack_roll)[COLUMNS.index(column)]


_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class Reading:
    """How one damage expression reads on the CRT.

    Attributes:
        damage: the expression ("2d4", "d6+1").
        count: dice multiplying the column ([8.5]).
        column: the column read after the shifts.
        wraps: times the shift passed D20 (a D20 result added for each).
        per_die: hit dice per figure for one die (column value + wraps x D20).
        total: ``count`` x ``per_die``.
    """

    damage: str
    count: int
    column: str
    wraps: int
    per_die: int
    total: int

    def text(self) -> str:
        """"2 x D8 (6) = 12", "D20 + D4 (9 + 2) = 11"."""
        cols = " + ".join(["D20"] * self.wraps + [self.column])
        mult = f"{self.count} x " if self.count > 1 else ""
        return f"{self.damage}: {mult}{cols} = {self.total}"


def column_of(sides: int, plus: int) -> tuple[str, int]:
    """[8.5] the column read for a die of ``sides`` with a damage modifier ``plus``, and how
    many times the shift wrapped past D20. Raises ValueError for a die with no column."""
    if sides not in _SIDES:
        raise ValueError(f"no CRT column for a d{sides}")
    i = _SIDES.index(sides) + plus
    if i < 0:
        return COLUMNS[0], 0
    return COLUMNS[i % len(COLUMNS)], i // len(COLUMNS)


def read(attack_roll: int, damage: str, shift: int = 0) -> Reading:
    """Read one damage expression ("d8", "2d4", "d6+1") on the CRT row of ``attack_roll``;
    ``shift`` adds column shifts (a damage bonus, [13.1]). Raises ValueError for bad notation."""
    m = _DICE.match(damage)
    if not m:
        raise ValueError(f"damage {damage!r} is not of the form NdS or NdS+M")
    count = int(m.group(1) or 1)
    sides = int(m.group(2))
    plus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1) + shift
    col, wraps = column_of(sides, plus)
    r = row(attack_roll)
    per = r[COLUMNS.index(col)] + wraps * r[-1]
    return Reading(damage, count, col, wraps, per, count * per)


def hits(attack_roll: int, damages: list[str], shift: int = 0) -> tuple[int, list[Reading]]:
    """[8.4] D-E, [8.6], [11.5]: hit dice of damage per attacking figure for all of a figure's
    attacks on one roll, and each reading."""
    rs = [read(attack_roll, d, shift) for d in damages]
    return sum(r.total for r in rs), rs
