"""The experiment file of ``battletable lab`` (``*.lab.toml``), validated with
pydantic, and its arms: one scenario with overrides and seats, played for
``games`` seeds.

Overrides are dotted paths with a prefix saying what they change:

- ``scenario.<path>``: a field of the scenario document (``scenario.turn_limit``,
  ``scenario.forces.imperial.imp_gothic.profile``; list items by index or by
  their ``id``). The changed scenario is checked again by the ruleset's own
  scenario checks before any game runs.
- ``data.<path>``: a value of the ruleset's data tables
  (``data.enemies.fighter.tl``), through the ruleset's ``data_slot`` hook
  (game/core/overrides.py); written into the scenario's ``data_overrides``,
  so every replay carries it and verifies.

A problem is one line naming the spec file and the field
(``threat.lab.toml: sweep.values[2]: must be ...``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from game.data.errors import FileError, field_path, plain_error
from game.data.filemodel import FrozenFileModel

Value = int | float | str | bool


class _Strict(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class ArmSpec(_Strict):
    """One arm: a name, optionally its own scenario, overrides and seats."""

    name: str = Field(pattern=r"^[A-Za-z0-9_.:=-]+$", description="arm name (a key of the results table)")
    scenario: str | None = Field(None, description="scenario file, relative to the spec (default: the spec's)")
    overrides: dict[str, Value] = Field(default_factory=dict, description="scenario.PATH or data.PATH -> value")
    seats: dict[str, str] = Field(default_factory=dict, description="side -> ai:NAME (default: the spec's seats)")


class SweepSpec(_Strict):
    """One parameter swept over values: every arm is played at each value."""

    path: str = Field(description="scenario.PATH or data.PATH")
    values: list[Value] = Field(min_length=1, max_length=100, description="the values, in plot order")


class LabSpec(_Strict):
    """An experiment: scenarios, seats and agents, games per arm, seeds,
    overrides and a sweep."""

    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", description="experiment name (the results folder's default name)")
    scenario: str | None = Field(None, description="scenario file, relative to the spec file")
    games: int = Field(20, ge=1, le=100_000, description="games per arm")
    seed: int = Field(1, description="seed of the experiment; game i of every arm has the same battle seed")
    side: str | None = Field(None, description="the side whose win rate is reported (default: the first playable side)")
    margin: float = Field(0.1, gt=0, lt=0.5, description="half-width of the 95% interval the planner sizes for")
    seats: dict[str, str] = Field(default_factory=dict, description="side -> ai:NAME for every arm")
    arms: list[ArmSpec] = Field(default_factory=list, max_length=100, description="arms (default: one, 'base')")
    sweep: SweepSpec | None = Field(None, description="a parameter swept over every arm")

    @model_validator(mode="after")
    def _names(self) -> "LabSpec":
        names = [a.name for a in self.arms]
        for i, n in enumerate(names):
            if n in names[:i]:
                raise ValueError(f"arms[{i}].name: {n!r} is used twice")
        if self.scenario is None and any(a.scenario is None for a in self.arms) or (self.scenario is None and not self.arms):
            raise ValueError("scenario: missing field: give the scenario file (or one per arm)")
        return self


class Arm(BaseModel):
    """An arm ready to play: its scenario document after overrides, the
    scenario file it came from, the seats and the swept value if any."""

    model_config = ConfigDict(frozen=True)

    name: str
    scenario_path: str
    scenario: dict[str, Any]
    seats: dict[str, str]
    value: Value | None = None

    def key(self) -> str:
        """A digest of what the arm plays (a resumed run refuses a changed arm)."""
        blob = json.dumps([self.scenario, self.seats], sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


class SpecError(FileError):
    """A bad experiment file: ``spec.lab.toml: field: reason``."""


def load_spec(path: str | Path) -> LabSpec:
    """Read and validate an experiment file. Raises :class:`SpecError`."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise SpecError(p, "", e.strerror or str(e)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise SpecError(p, "", f"not valid TOML ({e})") from None
    try:
        return LabSpec.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        if err["type"] == "value_error" and ": " in str(err["msg"]):
            where, _, msg = str(err["msg"]).removeprefix("Value error, ").partition(": ")
            return _raise(p, where, msg)
        loc, msg = plain_error(err)
        return _raise(p, field_path(loc), msg)


def _raise(p: Path, where: str, reason: str):
    raise SpecError(p, where, reason)


def _set_path(doc: Any, parts: list[str], value: Any, where: str, spec: Path) -> None:
    """Set ``value`` at ``parts`` inside the JSON document ``doc`` (dicts by
    key, lists by index or item id); the leaf must exist."""
    obj = doc
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(obj, dict):
            if part not in obj:
                if last and obj is doc and part in ("turn_limit", "params", "special_rules"):
                    obj[part] = value
                    return
                raise SpecError(spec, where, f"the scenario has no field {'.'.join(parts[:i + 1])!r}")
            if last:
                obj[part] = value
                return
            obj = obj[part]
        elif isinstance(obj, list):
            idx = int(part) if part.isdigit() and int(part) < len(obj) else next(
                (k for k, x in enumerate(obj) if isinstance(x, dict) and x.get("id") == part), None)
            if idx is None:
                raise SpecError(spec, where, f"the scenario has no item {'.'.join(parts[:i + 1])!r} (an index or an id)")
            if last:
                obj[idx] = value
                return
            obj = obj[idx]
        else:
            raise SpecError(spec, where, f"{'.'.join(parts[:i])!r} is a value, not a table")


def apply_overrides(spec_path: Path, scenario: dict, overrides: dict[str, Value], labels: dict[str, str]) -> dict:
    """The scenario document with ``overrides`` applied (a copy); data
    overrides go to its ``data_overrides``; ``labels`` names each override's
    field in the spec for errors. Raises :class:`SpecError`."""
    doc = copy.deepcopy(scenario)
    for path, value in overrides.items():
        at = labels.get(path, path)
        kind, _, rest = path.partition(".")
        if kind == "data" and rest:
            doc.setdefault("data_overrides", {})[rest] = value
        elif kind == "scenario" and rest:
            if rest.split(".")[0] in ("map", "ruleset", "format_version"):
                raise SpecError(spec_path, at, "an experiment cannot change the scenario's map, ruleset or format")
            _set_path(doc, rest.split("."), value, at, spec_path)
        else:
            raise SpecError(spec_path, at, f"{path}: an override path starts with 'scenario.' or 'data.'")
    return doc


def arms_of(spec: LabSpec, spec_path: str | Path) -> list[Arm]:
    """Every arm of the experiment: each arm (or 'base') at each swept value,
    with its overrides applied and checked as a scenario file is (the
    ruleset's own checks included), before any game runs.

    Raises:
        SpecError: naming the spec file and the field.
    """
    from game.data.io import read_json

    p = Path(spec_path)
    base = list(spec.arms) or [ArmSpec(name="base")]
    out: list[Arm] = []
    for i, a in enumerate(base):
        rel = a.scenario or spec.scenario
        sc_path = p.parent / rel
        where = f"arms[{i}]" if spec.arms else "overrides"
        if not sc_path.is_file():
            raise SpecError(p, f"arms[{i}].scenario" if a.scenario else "scenario", f"{rel}: no such scenario file")
        raw = read_json(sc_path)
        seats = {**spec.seats, **a.seats}
        values = spec.sweep.values if spec.sweep else [None]
        for k, v in enumerate(values):
            ov = dict(a.overrides)
            labels = {path: f"{where}.overrides.{path}" for path in ov}
            name = a.name
            if spec.sweep is not None:
                ov[spec.sweep.path] = v
                labels[spec.sweep.path] = f"sweep.values[{k}] ({spec.sweep.path} = {v!r})"
                name = f"{a.name}@{v}" if spec.arms else str(v)
            doc = apply_overrides(p, raw, ov, labels)
            arm = Arm(name=name, scenario_path=str(sc_path.resolve()), scenario=doc, seats=seats, value=v)
            check_arm(p, arm, " / ".join(labels.values()) or "scenario")
            out.append(arm)
    return out


def check_arm(spec_path: Path, arm: Arm, where: str):
    """Open ``arm``'s scenario as :func:`open_scenario` would (map, placement,
    data overrides, the ruleset's own checks) and its seats; returns
    (ruleset, scenario, map). Raises :class:`SpecError`."""
    from game.battle.seats import SeatError
    from game.data.errors import FileError as _FE

    try:
        return open_arm(arm)
    except _FE as e:
        raise SpecError(spec_path, f"{where} -> scenario {e.where}".strip(), e.reason) from None
    except SeatError as e:
        raise SpecError(spec_path, "seats", str(e)) from None


def _seat_map(seats: dict[str, str]):
    from game.battle.seats import parse_seat

    out = {}
    for side, who in seats.items():
        s, seat = parse_seat(f"{side}={who}")
        out[s] = seat
    return out


_OPENED: dict[str, tuple] = {}


def open_arm(arm: Arm):
    """(ruleset, scenario, map) of an arm, checked; cached per process (each
    worker prepares an arm once). Raises FileError naming the scenario file."""
    from game.battle.loading import ruleset_for, scenario_problem
    from game.battle.runner import check_seats
    from game.data.io import parse_model, resolve_reference
    from game.data.maps import load_map
    from game.data.scenario import Scenario

    key = arm.key() + arm.scenario_path
    if key not in _OPENED:
        p = Path(arm.scenario_path)
        sc = parse_model(p, Scenario, arm.scenario, None)
        m = load_map(resolve_reference(p, sc.map, "map"), check_geometry=False)
        rs = ruleset_for(p, sc.ruleset)
        bad = scenario_problem(rs, sc, m)
        if bad:
            raise FileError(p, *bad)
        check_seats(rs, sc, _seat_map(arm.seats))
        _OPENED[key] = (rs, sc, m)
    return _OPENED[key]
