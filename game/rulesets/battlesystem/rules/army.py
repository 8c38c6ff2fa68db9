"""Battlesystem [16.3] the army builder's check: a roster against a scenario's points and
power level.

A scenario names its limits in ``params``: ``points`` (each side may spend this many) and
``power_level`` (an id of ``data/points.toml``: basic, intermediate, low_magic,
medium_magic, high_magic, anything_goes). :func:`check_roster` prices the roster
(:mod:`.points`) and lists what breaks the limits:

* more points spent than the scenario gives ([16.3] B);
* spells above the power level's highest level, magic items worth its limit or more, wishes
  (none below high magic; at high magic one for each 50,000 points the side has), artifacts
  (only at anything goes) and cursed items (never: Table 18) ([16.3] A);
* at the Basic and Intermediate levels, forces keep Advanced abilities but may not use them:
  spells, magic items and flyers are reported as notes, not refusals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .points import (CharacterLine, MonsterLine, Roster, UnitLine, line_cost, line_name, load_roster, points_data,
                     power_level)
from .words import says


@dataclass
class ArmyCheck:
    """The verdict on a roster: ``ok`` when it breaks no limit.

    Attributes:
        points: the roster's cost; ``limit`` the scenario's (None: no limit given).
        level: the power level's name (None: none given).
        lines: (line name, points) per roster line.
        problems: why it breaks the limits, one sentence each.
        notes: abilities the power level keeps the force from using.
    """

    roster: str
    points: int
    limit: int | None
    level: str | None
    lines: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One line: the cost against the limit and the verdict."""
        lim = f" of {self.limit:,}" if self.limit is not None else ""
        lvl = f" at {self.level}" if self.level else ""
        verdict = "fits" if self.ok else f"does not fit ({len(self.problems)} problem{'s' if len(self.problems) != 1 else ''})"
        return f"{self.roster}: {self.points:,} points{lim}{lvl}: {verdict}"


def _highest_spell(line) -> int:
    d = points_data()
    hi = line.highest_spell
    if line.scrolls:
        hi = max(hi, max(s.spell_level for s in line.scrolls))
    if line.casts_as is not None:
        hi = max(hi, d.classes[line.casts_as.class_].highest_spell(line.casts_as.level))
    if isinstance(line, CharacterLine):
        for c in line.classes:
            hi = max(hi, d.classes[c.class_].highest_spell(c.level))
    for it in line.items:
        hi = max(hi, d.items[it].spell_level)
    return hi


def _flies(line) -> bool:
    from ..profiles import DATA
    from .flight import flyer
    if isinstance(line, UnitLine):
        p = DATA.units[line.profile]
        return flyer(p.mount or p.creature) is not None
    if isinstance(line, MonsterLine):
        return flyer(line.creature) is not None
    return False


def unknown_reference(r: Roster) -> tuple[str, str] | None:
    """The first id of the roster that no data file knows, as (field, reason), or None."""
    from ..profiles import DATA
    d = points_data()
    for i, line in enumerate(r.lines):
        where = f"lines[{i}]"
        for it in line.items:
            if it not in d.items:
                return f"{where}.items", f"unknown magic item {it!r} (data/points.toml)"
        if line.casts_as is not None and line.casts_as.class_ not in d.classes:
            return f"{where}.casts_as.class", f"unknown class {line.casts_as.class_!r}"
        if isinstance(line, CharacterLine):
            if line.profile and line.profile not in DATA.characters:
                return f"{where}.profile", f"unknown character {line.profile!r} (data/characters.toml)"
            if not line.profile and not line.classes:
                return where, "a character needs a profile or classes"
            for c in line.classes:
                if c.class_ not in d.classes:
                    return f"{where}.classes", f"unknown class {c.class_!r} (one of {', '.join(sorted(d.classes))})"
            if line.profile:
                cp = DATA.characters[line.profile]
                if cp.race == "monster" and cp.creature not in d.monsters:
                    return f"{where}.profile", f"no experience value for {cp.creature!r} (data/points.toml)"
                if cp.race != "monster" and cp.class_ not in d.classes:
                    return f"{where}.profile", f"no experience table for class {cp.class_!r} (data/points.toml)"
        elif isinstance(line, MonsterLine):
            if line.creature not in d.monsters:
                return f"{where}.creature", f"no experience value for {line.creature!r} (data/points.toml)"
        else:
            if line.profile not in DATA.units:
                return f"{where}.profile", f"unknown troop type {line.profile!r} (data/rosters.toml)"
            p = DATA.units[line.profile]
            for c in (p.creature, p.mount):
                if c and c not in d.monsters:
                    return f"{where}.profile", f"no experience value for {c!r} (data/points.toml)"
    return None


def check_roster(r: Roster, points: int | None, level_id: str | None) -> ArmyCheck:
    """[16.3] price ``r`` and check it against ``points`` and the power level ``level_id``.
    The roster's ids must be known (:func:`unknown_reference` first); raises KeyError for an
    unknown power level."""
    d = points_data()
    lvl = power_level(level_id) if level_id else None
    out = ArmyCheck(r.name, 0, points, lvl.name if lvl else None)
    wishes = 0
    for line in r.lines:
        cost, _ = line_cost(line)
        name = line_name(line)
        out.lines.append((name, cost))
        out.points += cost
        wishes += line.wishes * getattr(line, "count", 1)
        if lvl is None:
            continue
        hi = _highest_spell(line)
        if lvl.rules != "advanced":
            if hi or line.innate_levels or line.improved_levels:
                out.notes.append(f"{name} may not use spells or spell abilities in the {lvl.name} ([16.3] A)")
            if line.items:
                out.notes.append(f"{name} may not use magic items in the {lvl.name} ([16.3] A)")
            if _flies(line):
                out.notes.append(f"{name} may not fly in the {lvl.name} (flying is an Advanced rule, [15.0])")
            continue
        if lvl.max_spell_level is not None and hi > lvl.max_spell_level:
            out.problems.append(f"{name} has level {hi} spells; {lvl.name} allows level {lvl.max_spell_level} at most ([16.3] A)")
        for it in line.items:
            item = d.items[it]
            if item.kind == "cursed":
                out.problems.append(f"{name}: {item.name} {says(item, 'is')} cursed and cannot be bought (Table 18)")
            elif item.kind == "artifact" and not lvl.artifacts:
                out.problems.append(f"{name}: {item.name} {says(item, 'is')} an artifact, allowed only when anything goes ([16.3] A)")
            elif lvl.item_xp_below is not None and item.xp >= lvl.item_xp_below:
                out.problems.append(f"{name}: {item.name} {says(item, 'is')} worth {item.xp:,} XP; {lvl.name} allows items under "
                                    f"{lvl.item_xp_below:,} XP ([16.3] A)")
    if lvl is not None and lvl.rules == "advanced" and wishes:
        if lvl.wishes == "none":
            out.problems.append(f"{wishes} wish{'es' if wishes != 1 else ''}: {lvl.name} allows none (spells above "
                                f"level {lvl.max_spell_level}) ([16.3] A)")
        elif lvl.wishes == "per_points":
            allowed = (points or out.points) // d.rates.wish_points
            if wishes > allowed:
                out.problems.append(f"{wishes} wishes: {lvl.name} allows one for each {d.rates.wish_points:,} points, "
                                    f"{allowed} here ([16.3] A)")
    if points is not None and out.points > points:
        out.problems.insert(0, f"the roster costs {out.points:,} points, {out.points - points:,} more than the "
                               f"{points:,} the scenario gives ([16.3] B)")
    return out


def scenario_roster(sc, side: str, name: str = "") -> Roster:
    """The roster of ``side``'s forces in a scenario (units by their figures, characters by
    profile), so the builder can price a bundled battle."""
    from ..profiles import DATA
    lines = []
    for pl in sc.forces.get(side, []):
        if pl.profile in DATA.units:
            lines.append(UnitLine(profile=pl.profile, figures=int(pl.params.get("figures", 1))))
        elif pl.profile in DATA.characters:
            lines.append(CharacterLine(profile=pl.profile))
    return Roster(name=name or side, side=side, lines=lines)


def scenario_limits(sc) -> tuple[int | None, str | None]:
    """(points, power level id) a scenario names in its params ([16.3]); None where it names none."""
    return sc.params.get("points"), sc.params.get("power_level")


def report_lines(chk: ArmyCheck, detail: bool = True) -> list[str]:
    """The verdict in words: the summary, then each line's cost, the problems and notes."""
    out = [chk.summary()]
    if detail:
        out += [f"  {name}: {pts:,} points" for name, pts in chk.lines]
    out += [f"  not allowed: {p}" for p in chk.problems]
    out += [f"  note: {n}" for n in chk.notes]
    return out


def check_roster_file(path, sc) -> ArmyCheck:
    """[16.3] check the roster file ``path`` against scenario ``sc``. Raises FileError (one
    line naming the file and field) for a bad roster, an unknown id or side."""
    from game.data.errors import FileError
    r = load_roster(path)
    bad = unknown_reference(r)
    if bad:
        raise FileError(path, *bad)
    if r.side and r.side not in [x.id for x in sc.sides]:
        raise FileError(path, "side", f"{r.side!r} is not a side of {sc.name} ({', '.join(x.id for x in sc.sides)})")
    points, level = scenario_limits(sc)
    return check_roster(r, points, level)


def scenario_report(sc) -> list[str]:
    """Each side's forces in ``sc`` priced and checked against its own limits ([16.3]), for
    the app's army panel."""
    points, level = scenario_limits(sc)
    out = []
    if points is None and level is None:
        out.append(f"{sc.name} sets no points or power level ([16.3]); the forces cost:")
    for side in sc.sides:
        r = scenario_roster(sc, side.id, side.name or side.id)
        bad = unknown_reference(r)
        if bad:
            out.append(f"{side.name or side.id}: cannot be priced ({bad[1]})")
            continue
        out += report_lines(check_roster(r, points, level), detail=False)
    return out
