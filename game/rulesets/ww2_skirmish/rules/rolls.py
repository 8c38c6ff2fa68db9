"""The numbers of an attack, shared by shots, fights and blasts
(ww2_skirmish.txt: Attacking; Attack Direction Bonuses; Weapon Profiles):
the attack plan's shape, range bands, direction bonuses, the itemised hit
and wound numbers and the re-rolls. :mod:`.attacks` and :mod:`.grenades`
both read them (see :mod:`.attacks` for the rules in words)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.event import Target

from ..bodies import arc_from, centroid
from ..catalogue import T, Weapon, inches
from ..state import Unit, WWState
from .common import REROLL_ONES, perk, status_now

WOUND_NEED, CAP = int(T.wound.needed), int(T.wound.cap)


@dataclass(frozen=True)
class Shot:
    """One firing model's part of an attack: its dice and the modifiers (to
    the roll: positive helps) of its hit and wound rolls."""

    firer: str
    aim: str  #: the target model it aims at (the nearest it may attack)
    dice: int
    hit_mods: tuple[tuple[str, int], ...]
    wound_mods: tuple[tuple[str, int], ...]
    band: str  #: "short", "long" or "melee"


@dataclass
class Plan:
    """An attack before the dice: who fires what at which models."""

    unit: str
    target: str
    weapon: str
    melee: bool
    shots: list[Shot] = field(default_factory=list)
    eligible: list[str] = field(default_factory=list)  #: target models the attack may damage
    reason: str = ""  #: why it cannot be made (empty when it can)
    direction: str = "front"

    @property
    def ok(self) -> bool:
        return not self.reason and bool(self.shots)



def band_of(w: Weapon, dist_mm: float) -> str | None:
    """The range band of an edge-to-edge distance (mm): ``short`` up to the
    short value, ``long`` up to the maximum, None beyond (Range, Accuracy)."""
    if dist_mm <= inches(w.short_in) + 1e-6:
        return "short"
    if dist_mm <= inches(w.long_in) + 1e-6:
        return "long"
    return None


def direction_mods(s: WWState, attacker: Unit, target: Unit) -> tuple[str, tuple[tuple[str, int], ...], int]:
    """The attack's direction from the attacking unit's centre against the
    target's facing, its wound modifiers and its extra AP (Attack Direction
    Bonuses): front none; side +1 to wound; rear +1 to wound and +1 AP."""
    ax, ay = centroid(s, attacker)
    tx, ty = centroid(s, target)
    arc = arc_from(target, tx, ty, ax, ay)
    if arc == "side":
        return arc, (("side attack", int(T.facing.side_wound)),), 0
    if arc == "rear":
        return arc, (("rear attack", int(T.facing.rear_wound)),), int(T.facing.rear_ap)
    return arc, (), 0


def wound_target(caliber: int, toughness: int, ap: int, mods=()) -> Target:
    """The number a wound die needs, itemised (Attacking: the wound roll).

    The wound roll is D6 + (caliber - toughness) + AP + modifiers against 4;
    as a number the die needs: 4 less each modifier. Their sum is held within
    -3..+3 (a labelled cap) and a natural 1 always fails, a natural 6 always
    wounds (the number is kept within 2..6)."""
    parts = [(f"caliber {caliber} - toughness {toughness}", caliber - toughness)]
    if ap:
        parts.append(("armour penetration", ap))
    parts += [(k, v) for k, v in mods if v]
    total = sum(v for _, v in parts)
    tmods = [(k, -v) for k, v in parts if v]
    if total > CAP:
        tmods.append((f"modifiers capped at +{CAP}", total - CAP))
    elif total < -CAP:
        tmods.append((f"modifiers capped at -{CAP}", total + CAP))
    value = WOUND_NEED - max(-CAP, min(CAP, total))
    if value < 2:
        tmods.append(("a natural 1 always fails", 2 - value))
    elif value > 6:
        tmods.append(("a natural 6 always wounds", 6 - value))
    return Target(label="wound", base=WOUND_NEED, mods=tuple(tmods), each=True, words=("wounds", "no wound"))


def hit_target(base: int, label: str, mods=()) -> Target:
    """The number a hit die needs, itemised: the hit chance (or WS) less each
    roll modifier, kept within 2..6 (a natural 1 always misses, a natural 6
    always hits)."""
    tmods = [(k, -v) for k, v in mods if v]
    value = base + sum(v for _, v in tmods)
    if value < 2:
        tmods.append(("a natural 1 always misses", 2 - value))
    elif value > 6:
        tmods.append(("a natural 6 always hits", 6 - value))
    return Target(label=label, base=base, mods=tuple(tmods), each=True, words=("hit", "miss"))


def wound_chance(t: Target) -> float:
    """Chance one die meets a pool target (value clamped to 2..6)."""
    return (7 - max(2, min(6, t.value))) / 6.0


def ran_penalty(s: WWState, u: Unit) -> tuple[tuple[str, int], ...]:
    """-1 to hit until the end of the turn after a Run (Run)."""
    return (("ran last turn", -int(T.run.hit_penalty)),) if u.ran_until >= s.turn else ()



def rerolls_for(s: WWState, u: Unit, *, melee: bool, chosen: bool, extra_ones: bool = False) -> tuple[bool, bool]:
    """Which hit dice the unit re-rolls: (1s, 6s). 1s: a passed composure test,
    Strong or Brave, Holding the Line, Group Shoot, Bloodlust in a fight.
    6s: chosen target models, or Struggling."""
    st = status_now(s, u)
    ones = extra_ones or st in REROLL_ONES or (melee and perk(u, "melee_reroll_ones") > 0)
    sixes = chosen or st == "struggling"
    return ones, sixes


