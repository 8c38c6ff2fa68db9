"""The army builder: silver costs and the checks of a list (ww2_skirmish.txt:
Army Building, Storage Limit, Squad Weapons, Consumables, Perks).

A unit is a profile of the army lists (``data/units.toml``) with a loadout
(weapon id -> how many the unit carries) and perks. Its cost in silver is
the profile's cost, plus each weapon's cost times its count, plus each extra
perk's cost (perks the profile comes with are in its price). Every cost is
ours (gaps.md).

Checks, per unit:

* every weapon and perk exists, counts are whole numbers of 1 or more;
* primary weapons: at most one per model; secondary weapons and non-consumable
  utility items: at most one per model (Storage Limit: one primary and one
  secondary/utility each);
* storage: the items the unit carries (heavy weapons take 2, consumables
  count as items too) fit the models' Storage Limit (SL x models);
* mechs carry no consumables (ours).

A list also checks its total against the silver limit and that every unit
belongs to one faction.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field, ValidationError

from game.core.logtext import plural
from game.data.errors import problem_text
from game.data.filemodel import FileModel

from .catalogue import DATA, UnitProfile


class ListUnit(FileModel):
    """One unit of an army list file."""

    profile: str = Field(description="unit profile id (data/units.toml)")
    name: str = Field("", description="its own name (a unit may be given a name and backstory)")
    loadout: dict[str, int] | None = Field(None, description="weapon id -> count; None: the profile's default")
    perks: list[str] = Field(default_factory=list, description="extra perks bought for it")


class ArmyList(FileModel):
    """An army list file (TOML): a faction, a silver limit and its units."""

    name: str = ""
    faction: str
    silver: int = Field(ge=1, description="the silver the list may spend")
    units: list[ListUnit] = Field(min_length=1)


@dataclass
class UnitCost:
    """A unit's silver cost, itemised, and what is wrong with it."""

    profile: str
    name: str
    total: int
    parts: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def loadout_of(profile: UnitProfile, loadout: dict[str, int] | None) -> dict[str, int]:
    """The loadout a unit carries: ``loadout`` if given, else the profile's."""
    return dict(profile.loadout if loadout is None else loadout)


def unit_problems(profile: UnitProfile, loadout: dict[str, int], perks=()) -> list[str]:
    """Every reason the unit may not be fielded (empty: it may), in words."""
    out: list[str] = []
    n = profile.models
    prim = sec = used = 0
    for wid, k in loadout.items():
        w = DATA.weapons.get(wid)
        if w is None:
            out.append(f"unknown weapon {wid!r} (known: {', '.join(sorted(DATA.weapons))})")
            continue
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            out.append(f"{w.name}: the count must be a whole number of 1 or more (got {k!r})")
            continue
        if w.consumable and profile.mech:
            out.append(f"{w.name}: mechs carry no consumables")
        if w.slot == "primary":
            prim += k
        elif not w.consumable:
            sec += k
        used += w.sl * k
    if prim > n:
        out.append(f"{prim} primary weapons for {plural(n, 'model')}: each model carries at most one")
    if sec > n:
        out.append(f"{sec} secondary or utility items for {plural(n, 'model')}: each model carries at most one")
    if used > profile.sl * n:
        out.append(f"storage {used} over the limit {profile.sl * n} (SL {profile.sl} x {plural(n, 'model')}; heavy weapons take 2)")
    for p in perks:
        if p not in DATA.perks:
            out.append(f"unknown perk {p!r} (known: {', '.join(sorted(DATA.perks))})")
    return out


def unit_cost(profile_id: str, loadout: dict[str, int] | None = None, perks=(), name: str = "") -> UnitCost:
    """The silver cost of a unit, itemised, with its problems.

    Raises:
        KeyError: an unknown profile id (naming the known ones).
    """
    if profile_id not in DATA.units:
        raise KeyError(f"unknown unit profile {profile_id!r} (known: {', '.join(sorted(DATA.units))})")
    p = DATA.units[profile_id]
    lo = loadout_of(p, loadout)
    uc = UnitCost(profile_id, name or p.name, 0, [(f"{p.name} ({p.models} model{'s' if p.models > 1 else ''})", p.cost)])
    for wid, k in lo.items():
        w = DATA.weapons.get(wid)
        if w is not None and isinstance(k, int) and k > 0:
            uc.parts.append((f"{w.name} x{k}", w.cost * k))
    for pid in perks:
        if pid in DATA.perks and pid not in p.perks:
            uc.parts.append((f"perk {DATA.perks[pid].name}", DATA.perks[pid].cost))
    uc.total = sum(v for _, v in uc.parts)
    uc.problems = unit_problems(p, lo, perks)
    return uc


@dataclass
class ArmyReport:
    """A checked list: each unit's cost, the total, the limit and the problems."""

    name: str
    faction: str
    units: list[UnitCost]
    total: int
    limit: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        """True when the list may be fielded."""
        return not self.problems


def check_list(army: ArmyList) -> ArmyReport:
    """Cost and check an army list (Army Building)."""
    costs, problems = [], []
    for i, u in enumerate(army.units):
        try:
            uc = unit_cost(u.profile, u.loadout, u.perks, u.name)
        except KeyError as e:
            problems.append(f"units[{i}]: {e.args[0]}")
            continue
        costs.append(uc)
        problems += [f"units[{i}] {uc.name}: {p}" for p in uc.problems]
        fac = DATA.units[u.profile].faction
        if fac != army.faction:
            problems.append(f"units[{i}] {uc.name}: a {fac} unit in a {army.faction} list")
    total = sum(c.total for c in costs)
    if total > army.silver:
        problems.append(f"the list costs {total} silver, over its limit of {army.silver}")
    return ArmyReport(army.name, army.faction, costs, total, army.silver, problems)


def read_list(path: str | Path) -> ArmyList:
    """Read an army list TOML file.

    Raises:
        ValueError: one line naming the file, the field and the reason.
    """
    try:
        with open(path, "rb") as fh:
            raw = tomllib.load(fh)
    except OSError as e:
        raise ValueError(f"{path}: cannot be read ({e.strerror})") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path}: not valid TOML ({e})") from None
    try:
        return ArmyList.model_validate(raw)
    except ValidationError as e:
        raise ValueError(f"{path}: {problem_text(e)}") from None
