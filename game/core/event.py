"""Events: facts in the past tense, the only way battle state changes.

Rulesets define their own event classes on :class:`Event`; the core defines
the ones every ruleset shares.
"""

from __future__ import annotations

from typing import ClassVar, Literal, Sequence

from pydantic import BaseModel, ConfigDict

from game.core.model import Tagged


class Event(Tagged):
    """Base of every event. ``type`` is the event's tag (``"moved"``, ...).

    ``COMMITS`` marks event classes that make their action a commit point
    (it rolled dice or revealed hidden information): undo stops there.
    """

    COMMITS: ClassVar[bool] = False
    #: event classes that start a turn or a phase of one (a prompt, not a side's deed): an
    #: int ``turn`` on one is the turn it begins, so the battle log labels it and every later
    #: event of the action with that turn (game/core/logtext.py: event_turns, why_after)
    STARTS_TURN: ClassVar[bool] = False


Mod = tuple[str, int]


def signed_parts(mods: Sequence[Mod]) -> str:
    """Labelled modifiers in log form: ``" +1 (accuracy) -2 (suppressed)"``
    (empty for none); the one spelling every roll line uses. A modifier with an
    empty label is a fixed part of the dice expression ("D3+3": ``" +3"``)."""
    return "".join(f" {v:+d}" + (f" ({k})" if k else "") for k, v in mods)


class Target(BaseModel):
    """The number a roll is compared with, itemised (design: Randomness).

    ``base`` is the number the rules start from (a threat level, a
    Leadership, an armour score) and ``label`` names it; ``mods`` are the
    labelled changes to it, so ``value`` = ``base`` + the modifiers, always
    (a clamp is itself a labelled modifier). A roll passes when its total is
    at least ``value`` (``at_most``: at most ``value``); ``each`` compares
    every die on its own and counts successes (a pool of dice). A natural
    result in ``fail_on`` always fails, one in ``pass_on`` always passes
    (a natural 1 jams the rifle; 11-12 on 2D6 always fail a Leadership test).
    ``words`` are the log's words for a pass and a failure (``"hit"``,
    ``"miss"``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    label: str
    base: int
    mods: tuple[Mod, ...] = ()
    at_most: bool = False
    each: bool = False
    fail_on: tuple[int, ...] = ()
    pass_on: tuple[int, ...] = ()
    words: tuple[str, str] = ("passed", "failed")

    @property
    def value(self) -> int:
        """``base`` plus every modifier: the number the roll must meet."""
        return self.base + sum(v for _, v in self.mods)

    def meets(self, n: int) -> bool:
        """True when the result ``n`` (a total, or one die of a pool) reaches ``value``."""
        return n <= self.value if self.at_most else n >= self.value

    def parts(self) -> str:
        """``"threat level 10 -2 (suppressed) = 8"``: the base, every modifier
        and, when there are modifiers, the final number (``+`` after it for a
        pool, ``or less`` for an at-most test)."""
        tail = "+" if self.each and not self.at_most else (" or less" if self.at_most else "")
        if not self.mods:
            return f"{self.label} {self.base}{tail}"
        return f"{self.label} {self.base}{signed_parts(self.mods)} = {self.value}{tail}"


class DiceRolled(Event):
    """A roll of the battle dice (design: Randomness).

    ``faces`` are the dice as they landed, ``natural`` their sum, ``modifiers``
    labelled additions, ``total`` the final value. ``purpose`` says what the
    roll decides, in plain words. ``target`` (when the roll is compared with
    a number) is that number itemised: :attr:`passed` for a single result,
    :attr:`successes` for a pool counting dice (``target.each``).
    """

    COMMITS: ClassVar[bool] = True
    type: Literal["dice_rolled"] = "dice_rolled"
    purpose: str
    notation: str
    faces: tuple[int, ...]
    natural: int
    modifiers: tuple[tuple[str, int], ...] = ()
    total: int
    side: str | None = None
    target: Target | None = None

    @property
    def passed(self) -> bool:
        """The roll meets its target: natural results in ``fail_on`` / ``pass_on``
        first, then the total against ``target.value``. Raises ValueError
        without a target."""
        t = self.target
        if t is None:
            raise ValueError(f"the roll {self.purpose!r} has no target")
        if self.natural in t.fail_on:
            return False
        if self.natural in t.pass_on:
            return True
        return t.meets(self.total)

    @property
    def successes(self) -> int:
        """Dice of a pool that meet the target each (``target.each``)."""
        t = self.target
        if t is None:
            raise ValueError(f"the roll {self.purpose!r} has no target")
        return sum(1 for f in self.faces if t.meets(f))

    def dice_text(self) -> str:
        """The roll: dice and faces, labelled modifiers, total, and the target
        itemised with the outcome. One die: ``"D20 roll 14 +1 (accuracy) = 15 vs
        threat level 10 -2 (suppressed) = 8: hit"``; several: ``"2D6 [3, 5] = 8
        vs Leadership 8 or less: passed"``; a pool: ``"5D6 [6, 3, 1, 2, 3] vs
        front armour 5+: 1 success"``; a shuffle: ``"5 shuffled into a random
        order (2, 4, 5, 1, 3)"``."""
        if self.notation.startswith("shuffle"):  # a deck or a list put in a random order (Dice.shuffle)
            return f"{len(self.faces)} shuffled into a random order ({', '.join(str(f) for f in self.faces)})"
        note = self.notation.upper().replace("1D", "D", 1) if self.notation[:2].lower() == "1d" else self.notation.upper()
        # one die: "D4 roll 3" (as "D4 3" it read "D43")
        dice = f"{note} roll {self.faces[0]}" if len(self.faces) == 1 else f"{note} {list(self.faces)}"
        t = self.target
        if t is not None and t.each:
            k = self.successes
            return f"{dice} vs {t.parts()}: {k} success{'es' if k != 1 else ''}"
        mods = signed_parts(self.modifiers)
        text = dice + (f"{mods} = {self.total}" if mods or len(self.faces) > 1 else "")
        if t is None:
            return text
        word = t.words[0] if self.passed else t.words[1]
        if self.passed != t.meets(self.total):  # a natural result decided it against the numbers
            word += f" (a natural {self.natural} always {'passes' if self.passed else 'fails'})"
        return f"{text} vs {t.parts()}: {word}"

    def describe(self) -> str:
        """``purpose: dice_text()``, the plain line for a log."""
        return f"{self.purpose}: {self.dice_text()}"


class PhaseBegan(Event):
    """A turn or phase started."""

    STARTS_TURN: ClassVar[bool] = True
    type: Literal["phase_began"] = "phase_began"
    turn: int
    phase: str
    side: str | None = None


class BattleEnded(Event):
    """The battle is over: ``winner`` is a side id or None for a draw."""

    type: Literal["battle_ended"] = "battle_ended"
    winner: str | None
    reason: str


class Logged(Event):
    """A line for the battle log that changes nothing (a rule explained)."""

    type: Literal["logged"] = "logged"
    text: str
    side: str | None = None


CORE_EVENTS: tuple[type[Event], ...] = (DiceRolled, PhaseBegan, BattleEnded, Logged)
