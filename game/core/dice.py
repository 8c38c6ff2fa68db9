"""The one door to chance: seeded dice, one per battle.

Every roll produces a :class:`~game.core.event.DiceRolled` event carrying its
purpose, notation, faces, modifiers and total, and the number it is compared
with itemised (:class:`~game.core.event.Target`), so the battle log can
explain every outcome. Scripted dice replay given faces for tests. AI agents take
their own streams (:meth:`Dice.agent_stream`) and never consume battle dice.

Notation: ``NdS[+M|-M]`` with S in any whole number of sides (d6, 2d6, d10,
2d10, d20, 3D6, 4D6, d8+1, ...), plus ``D3`` (a D6 halved, rounded up) and
``d66``-style constants are not supported. Case does not matter.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from typing import Sequence

from game.core.event import DiceRolled, Target

_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """Bad dice notation, or a scripted die asked for a face it cannot show."""


@dataclass(frozen=True)
class Notation:
    """Parsed dice notation: ``count`` dice of ``sides`` faces plus ``bonus``.

    ``halved`` marks a D3 rolled as a D6 halved and rounded up.
    """

    count: int
    sides: int
    bonus: int = 0
    halved: bool = False

    @classmethod
    def parse(cls, text: str) -> "Notation":
        """Parse ``"2d6+1"``, ``"D3"``, ``"d20"`` ... Raises :class:`DiceError`."""
        m = _NOTATION.match(text)
        if not m:
            raise DiceError(f"dice notation {text!r} is not of the form NdS or NdS+M")
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if count < 1 or count > 100 or sides < 2:
            raise DiceError(f"dice notation {text!r}: need 1-100 dice of at least 2 sides")
        if sides == 3:
            return cls(count, 6, bonus, halved=True)
        return cls(count, sides, bonus)

    def __str__(self) -> str:
        core = f"{self.count}D3" if self.halved else f"{self.count}d{self.sides}"
        return core + (f"{self.bonus:+d}" if self.bonus else "")


def _derive_seed(seed: int, stream: str) -> int:
    digest = hashlib.sha256(f"{seed}:{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Dice:
    """Seeded dice for one battle.

    Args:
        seed: any integer; the same seed gives the same rolls on every machine.
        stream: a name separating independent streams derived from one seed.

    Every call to :meth:`roll` returns a :class:`DiceRolled` event and also
    records it in :attr:`emitted`, which the engine uses to check that a
    ruleset put every roll it made into its events.
    """

    def __init__(self, seed: int = 0, stream: str = "battle") -> None:
        self.seed = int(seed)
        self.stream = stream
        self._rng = random.Random(_derive_seed(self.seed, stream))
        self._script: list[int] | None = None
        self.emitted: list[DiceRolled] = []
        self.count = 0

    # -- construction -----------------------------------------------------
    @classmethod
    def scripted(cls, faces: Sequence[int]) -> "Dice":
        """Dice that show ``faces`` in order (each a raw face of one die).

        Raises :class:`DiceError` when the script runs out or a face does not
        fit the die being rolled.
        """
        d = cls(0, "scripted")
        d._script = list(faces)
        return d

    def agent_stream(self, name: str) -> random.Random:
        """An independent RNG for an AI agent, derived from the battle seed."""
        return random.Random(_derive_seed(self.seed, f"agent:{name}"))

    # -- state (for rejecting actions without consuming chance) -------------
    def snapshot(self) -> tuple:
        """Opaque state to restore with :meth:`restore`."""
        return (self._rng.getstate(), None if self._script is None else list(self._script), len(self.emitted), self.count)

    def restore(self, snap: tuple) -> None:
        """Return to a :meth:`snapshot` (rolls made since are forgotten)."""
        rng_state, script, n_emitted, count = snap
        self._rng.setstate(rng_state)
        self._script = script
        del self.emitted[n_emitted:]
        self.count = count

    # -- rolling -----------------------------------------------------------
    def _face(self, sides: int) -> int:
        if self._script is not None:
            if not self._script:
                raise DiceError("scripted dice ran out of faces")
            face = self._script.pop(0)
            if not 1 <= face <= sides:
                raise DiceError(f"scripted face {face} does not fit a d{sides}")
            return face
        return self._rng.randint(1, sides)

    def roll(
        self,
        notation: str,
        purpose: str,
        modifiers: Sequence[tuple[str, int]] = (),
        side: str | None = None,
        target: Target | None = None,
    ) -> DiceRolled:
        """Roll ``notation`` for ``purpose``; return the :class:`DiceRolled` event.

        Args:
            notation: e.g. ``"d20"``, ``"2d6"``, ``"D3"``, ``"3D6"``, ``"d6+1"``.
            purpose: what the roll decides, in plain words (shown in the log).
            modifiers: labelled modifiers added to the total, e.g. ``[("accuracy", 1)]``.
            side: the side the roll is made for, if any.
            target: the number the roll is compared with, itemised (its
                ``passed`` / ``successes`` decide; the log prints every part).

        The event's ``faces`` are the raw die faces (a D3 shows the halved
        values), ``natural`` their sum, ``total`` the sum plus the notation's
        bonus and every modifier.
        """
        n = Notation.parse(notation)
        faces = [self._face(n.sides) for _ in range(n.count)]
        if n.halved:
            faces = [(f + 1) // 2 for f in faces]
        natural = sum(faces)
        mods = tuple((str(label), int(v)) for label, v in modifiers)
        total = natural + n.bonus + sum(v for _, v in mods)
        self.count += 1
        ev = DiceRolled(
            purpose=purpose,
            notation=str(n),
            faces=tuple(faces),
            natural=natural,
            modifiers=mods + ((("notation", n.bonus),) if n.bonus else ()),
            total=total,
            side=side,
            target=target,
        )
        self.emitted.append(ev)
        return ev

    def choice_index(self, n: int, purpose: str, side: str | None = None) -> DiceRolled:
        """Pick uniformly one of ``n`` options (a d``n`` roll; ``total - 1`` is the index)."""
        if n < 1:
            raise DiceError("choice among zero options")
        if n == 1:
            ev = DiceRolled(purpose=purpose, notation="d1", faces=(1,), natural=1, modifiers=(), total=1, side=side)
            self.emitted.append(ev)
            self.count += 1
            return ev
        return self.roll(f"d{n}", purpose, side=side)

    def shuffle(self, n: int, purpose: str, side: str | None = None) -> DiceRolled:
        """Shuffle ``n`` items (a card deck): ``faces`` is the new order as 1-based
        positions of the old order. One event for the whole shuffle."""
        order = list(range(1, n + 1))
        if self._script is not None:
            faces = [self._face(n) for _ in range(n)]
            if sorted(faces) != order:
                raise DiceError(f"scripted shuffle {faces} is not a permutation of 1..{n}")
            order = faces
        else:
            self._rng.shuffle(order)
        self.count += 1
        ev = DiceRolled(purpose=purpose, notation=f"shuffle {n}", faces=tuple(order), natural=0, modifiers=(), total=0, side=side)
        self.emitted.append(ev)
        return ev
