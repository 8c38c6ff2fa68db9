"""Weather and night battles ([12.1]-[12.5]; data in ``data/weather.toml``).

- [12.1] Table 15: with a weather controller in the battle (a caster with control weather)
  and no weather set by the scenario, three 1d6 rolls give humidity, temperature and wind
  at set-up; none of them changes the fighting ([12.2]).
- [12.2] Table 16: a condition caps sight (a cap in the one sight adjudication,
  :mod:`..sight`), worsens or forbids missile fire, worsens non-magic weapons (hurricane) and
  cuts movement; flight limits are given by :func:`flight_allowed` for the flying rules.
- [12.3] A: in a hot or cold battle, creatures weak against heat or cold check morale at -1
  and take an extra hit die of damage from each figure attacking them.
- [12.3] B: a tornado (:mod:`.tornado`) is a whirlwind that enters from a random edge
  and moves 36" in a random direction each round, sweeping figures under 2 HD away.
- [12.4]: control weather spells arrive after their onset (half with two or more for the
  same condition); conflicting spells cancel; reinforced weather needs more spells acting
  together than reinforced it (:func:`settle_weather`).
- [12.5]: at night sight ends at 12" (infravision or not) and shooters without infravision
  are at +2.

Units: table inches in the data, mm in the rules.
"""

from __future__ import annotations

import math
from pathlib import Path

from pydantic import Field

from game.core.logtext import plural

from ..profiles import DATA, _load
from ..state import BSState, Unit

from game.data.filemodel import FrozenFileModel


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Condition(_M):
    """[12.2] one row of Table 16."""

    name: str
    sight_in: float = 0.0
    missile_ar: int = 0
    no_missiles: bool = False
    weapon_ar: int = 0
    move_penalty: float = Field(0.0, ge=0, lt=1)
    stars: int = Field(ge=1, le=2)


class WeatherFile(_M):
    humidity: list[str] = Field(min_length=6, max_length=6)
    temperature: list[str] = Field(min_length=6, max_length=6)
    wind: list[str] = Field(min_length=6, max_length=6)
    extremes: dict[str, str]
    extreme_morale: int
    extreme_damage_hd: int
    night_sight_in: float
    night_missile_ar: int
    tornado_mv_in: float
    tornado_kills_below_hd: float
    tornado_damage: str
    tornado_turns: str
    tornado_rounds_per_turn: int
    worsen_star: int
    worsen_two_stars: int
    conditions: dict[str, Condition]


W = _load(Path(__file__).resolve().parent.parent / "data" / "weather.toml", WeatherFile)
INCH = DATA.tables.inch_mm


def condition(s: BSState) -> Condition | None:
    """The Table 16 condition in force, or None (favourable weather)."""
    return W.conditions.get(s.weather)


def bad_weather_param(name: str) -> str | None:
    """Why ``name`` is not a Table 16 condition (a scenario's ``weather``), or None."""
    if not name or name in W.conditions:
        return None
    return f"unknown weather {name!r} (Table 16: {', '.join(sorted(W.conditions))})"


def weather_controller(s: BSState) -> bool:
    """[12.0] someone in the battle can control the weather."""
    from ..spells import SPELLS
    return any(SPELLS.get(sp) is not None and SPELLS[sp].category == "weather"
               for c in s.chars.values() for sp in c.spells)


def initial_weather(s: BSState, dice) -> BSState:
    """[12.1] Table 15 at set-up, when a weather controller is present and the scenario set
    no weather (three 1d6 rolls: humidity, temperature, wind)."""
    if s.weather or not weather_controller(s):
        return s
    faces = [dice.roll("d6", f"[12.1] Table 15: {what}").total for what in ("humidity", "temperature", "wind")]
    climate = [W.humidity[faces[0] - 1], W.temperature[faces[1] - 1], W.wind[faces[2] - 1]]
    return s.model_copy(update={"climate": climate})


def sight_cap_mm(s: BSState) -> float | None:
    """[12.2], [12.5] the farthest anything is seen, mm (None: no limit)."""
    caps = []
    c = condition(s)
    if c is not None and c.sight_in > 0:
        caps.append(c.sight_in * INCH)
    if s.night:
        caps.append(W.night_sight_in * INCH)
    return min(caps) if caps else None


def missiles_forbidden(s: BSState) -> str | None:
    """[12.2] the weather makes missile attacks impossible (the reason), or None."""
    c = condition(s)
    if c is not None and c.no_missiles:
        return f"no missile attacks in a {c.name} ([12.2] Table 16)"
    return None


def _infravision(u: Unit) -> bool:
    return "infravision" in DATA.creatures[DATA.units[u.profile].creature].abilities


def missile_mods(s: BSState, u: Unit) -> list[tuple[str, int]]:
    """[12.2] Table 16's missile AR and [12.5] +2 at night without infravision."""
    out = []
    c = condition(s)
    if c is not None and c.missile_ar:
        out.append((c.name, c.missile_ar))
    if s.night and not _infravision(u):
        out.append(("night, no infravision", W.night_missile_ar))
    return out


def melee_mods(s: BSState, u: Unit) -> list[tuple[str, int]]:
    """[12.2] Table 16: non-magic weapons in a hurricane (+3)."""
    c = condition(s)
    if c is not None and c.weapon_ar and not DATA.units[u.profile].magic_weapon:
        return [(f"non-magic weapons in a {c.name}", c.weapon_ar)]
    return []


def move_factor(s: BSState) -> float:
    """[12.2] Table 16: the share of movement left (1 less the penalty)."""
    c = condition(s)
    return 1.0 - c.move_penalty if c is not None else 1.0


def flight_allowed(s: BSState, size: str, air_elemental: bool = False) -> bool:
    """[12.2] Table 16's notes: * grounds size M and L flyers, ** every flyer; creatures of
    the Elemental Plane of Air always fly."""
    c = condition(s)
    if c is None or air_elemental:
        return True
    return c.stars == 1 and size == "S"


def manoeuvre_worsening(s: BSState) -> int:
    """[12.2] classes of manoeuvrability lost (* 1; ** the scan lost the figure: ours 2)."""
    c = condition(s)
    if c is None:
        return 0
    return W.worsen_star if c.stars == 1 else W.worsen_two_stars


def extreme_for(s: BSState, u: Unit) -> str | None:
    """[12.3] A the weakness the battle's extreme temperature finds in ``u`` ("heat"/"cold")."""
    if len(s.climate) < 2:
        return None
    weak = W.extremes.get(s.climate[1])
    if weak and weak in DATA.creatures[DATA.units[u.profile].creature].vulnerable:
        return weak
    return None


def morale_mods(s: BSState, u: Unit) -> list[tuple[str, int]]:
    """[12.3] A -1 morale for a creature weak against the extreme weather."""
    w = extreme_for(s, u)
    return [(f"suffering the {s.climate[1]}", W.extreme_morale)] if w else []


def extra_damage(s: BSState, defender: Unit, attacking_figures: int) -> float:
    """[12.3] A an extra hit die from each attacking figure on a weak creature."""
    return float(W.extreme_damage_hd * attacking_figures) if extreme_for(s, defender) else 0.0


# -- [12.4] weather magic --------------------------------------------------------------------------

def settle_weather(current: str, strength: int, spells: list[dict], turn: int) -> tuple[str, int, list[dict], str]:
    """[12.4] the control weather spells under way at the end of round ``turn``.

    ``spells``: dicts with ``condition``, ``cast`` (round), ``onset`` (rounds); ``strength``:
    how many spells reinforced ``current``. Two or more spells for one condition arrive in
    half the onset; spells for different conditions cancel each other (ours: all of them
    when more than one condition is asked for); a spell for the current condition reinforces
    it; a change needs more spells acting together than reinforced the weather.
    Returns (condition, strength, spells still under way, what happened)."""
    if not spells:
        return current, strength, [], ""
    wanted = sorted({sp["condition"] for sp in spells})
    if len(wanted) > 1:
        return current, strength, [], f"control weather spells for {' and '.join(wanted)} cancel each other out"
    want = wanted[0]
    n = len(spells)
    if want == current:
        return current, strength + n, [], f"{n} control weather spell{'s' if n > 1 else ''} reinforce the {current or 'weather'}"
    onset = min(sp["onset"] for sp in spells)
    if n >= 2:
        onset = math.ceil(onset / 2)
    first = min(sp["cast"] for sp in spells)
    if turn - first < onset:
        return current, strength, spells, ""
    if n <= strength:
        return current, strength, [], f"the reinforced {current} holds against {n} control weather spell{'s' if n > 1 else ''}"
    return want, 0, [], f"the weather turns to {W.conditions[want].name if want in W.conditions else want}"


def cast_control_weather(em, caster_name: str, side: str, want: str) -> None:
    """[12.4] start a control weather spell for ``want`` (a Table 16 condition, "clear" for
    favourable weather, or "tornado")."""
    from ..events import WorldChanged
    s = em.s
    from ..spells import SPELLS
    onset = next(sp.onset_rounds for sp in SPELLS.values() if sp.category == "weather")
    entry = {"condition": "" if want == "clear" else want, "cast": s.turn, "onset": onset, "side": side}
    em.emit(WorldChanged(changes={"weather_spells": list(s.weather_spells) + [entry]},
                         text=f"{caster_name} calls for {W.conditions[want].name if want in W.conditions else 'fair weather'} "
                              f"([12.4]: it arrives after {plural(onset, 'round')})"))


def end_of_round(em) -> None:
    """[12.4] weather spells arrive or cancel (the tornado moves in :mod:`.tornado`)."""
    from ..events import WorldChanged
    s = em.s
    pending = [sp for sp in s.weather_spells if "reinforced" not in sp]
    strength = sum(1 for sp in s.weather_spells if sp.get("reinforced") == s.weather)
    if pending:
        cond, stren, left, what = settle_weather(s.weather, strength, pending, s.turn)
        keep = [{"reinforced": cond}] * stren + left
        if cond != s.weather or keep != s.weather_spells or what:
            em.emit(WorldChanged(changes={"weather": cond, "weather_spells": keep}, text=what or "control weather under way"))
