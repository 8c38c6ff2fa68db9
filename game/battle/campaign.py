"""Campaigns: the battles of a ``*.campaign.json`` fought in order, the survivors and
experience of each carried into the next by the ruleset's ``campaign_carry`` hook.

Progress lives in a campaign folder (default ``campaigns/<campaign id>/``): battle ``n``'s
replay is ``battleN.replay.jsonl``; from the second battle on, the scenario actually fought
(the campaign's scenario with the carried forces) is written there as
``battleN.scenario.json`` when the battle before it has ended, with ``record.json`` holding
what the previous battles left (lines for the player, experience carried). Everything is
recomputed from the finished replays, so the command line and the app can take turns
playing the same campaign: the next battle is the first without a finished replay.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from game.data.campaign import Campaign, read_campaign
from game.data.errors import FileError
from game.data.io import BUNDLED_MAPS, resolve_reference, write_atomic

DEFAULT_FOLDER = Path("campaigns")


def open_campaign(path: str | Path) -> tuple[Campaign, list[Path]]:
    """Read a campaign and check every battle: the scenario file opens (every check
    ``battletable play`` makes), is of the campaign's ruleset, has the first battle's sides,
    and the ruleset can carry a battle into the next. Returns (campaign, scenario paths).
    Raises :class:`FileError` naming the campaign file and the field."""
    from game.battle.loading import open_scenario, ruleset_for

    c = read_campaign(path)
    rs = ruleset_for(path, c.ruleset)
    if getattr(rs, "campaign_carry", None) is None:
        raise FileError(path, "ruleset", f"the {c.ruleset} ruleset has no campaign rules")
    paths: list[Path] = []
    sides = None
    for i, b in enumerate(c.battles):
        where = f"battles[{i}].scenario"
        sp = resolve_reference(path, b.scenario, where)
        try:
            _, sc, _ = open_scenario(sp)
        except FileError as e:
            raise FileError(path, where, f"{b.scenario}: {e.reason}") from None
        if sc.ruleset != c.ruleset:
            raise FileError(path, where, f"{b.scenario} is a {sc.ruleset} scenario; the campaign is {c.ruleset}")
        ids = [x.id for x in sc.sides]
        if sides is None:
            sides = ids
        elif ids != sides:
            raise FileError(path, where, f"{b.scenario} has sides {', '.join(ids)}; the first battle has {', '.join(sides)}")
        paths.append(sp)
    return c, paths


@dataclass
class NextBattle:
    """What to play next: battle ``index`` (0-based) from ``scenario`` writing ``replay``
    (``resume``: the replay exists unfinished), or ``done`` when every battle is fought.
    ``lines``: what the battles before it left, in words."""

    index: int
    name: str
    scenario: Path | None
    replay: Path
    resume: bool = False
    done: bool = False
    lines: list[str] = field(default_factory=list)


class CampaignRun:
    """A campaign and its progress folder."""

    def __init__(self, path: str | Path, folder: str | Path | None = None) -> None:
        from game.battle.loading import ruleset_for

        self.path = Path(path)
        self.campaign, self.scenarios = open_campaign(self.path)
        self.folder = Path(folder) if folder is not None else DEFAULT_FOLDER / self.campaign.id
        self.ruleset = ruleset_for(self.path, self.campaign.ruleset)

    def replay_path(self, i: int) -> Path:
        return self.folder / f"battle{i + 1}.replay.jsonl"

    def scenario_path(self, i: int) -> Path:
        return self.scenarios[0] if i == 0 else self.folder / f"battle{i + 1}.scenario.json"

    def name(self, i: int) -> str:
        b = self.campaign.battles[i]
        if b.name:
            return b.name
        from game.battle.loading import open_scenario
        return open_scenario(self.scenarios[i])[1].name

    def finished(self, i: int):
        """The battle of finished replay ``i`` (re-played), or None when it is missing or
        unfinished. Raises FileError for a damaged replay."""
        from game.core.replay import read_replay, resume_battle

        rp = self.replay_path(i)
        if not rp.is_file():
            return None
        rec = read_replay(rp)
        if rec.end is None:
            return None
        battle = resume_battle(rec, self.ruleset)
        return battle if battle.over else None

    def next_battle(self) -> NextBattle:
        """The first battle without a finished replay, its scenario written when it is
        carried from the one before (see the module notes)."""
        carried: dict = {}
        lines: list[str] = []
        for i in range(len(self.scenarios)):
            battle = self.finished(i)
            if battle is None:
                rp = self.replay_path(i)
                return NextBattle(i, self.name(i), self.scenario_path(i), rp, resume=rp.is_file(), lines=lines)
            if i + 1 < len(self.scenarios):
                carried, more = self._carry(i, battle, carried)
                lines += more
        return NextBattle(len(self.scenarios), "", None, self.replay_path(len(self.scenarios) - 1), done=True, lines=lines)

    def _carry(self, i: int, battle, carried: dict) -> tuple[dict, list[str]]:
        """Write battle ``i + 1``'s scenario with what battle ``i`` left; returns the
        experience carried on and the lines for the player."""
        from game.battle.loading import open_scenario
        from game.battle.runner import outcome

        _, sc, _ = open_scenario(self.scenarios[i + 1])
        forces = {side: [u.model_dump(mode="json") for u in units] for side, units in sc.forces.items()}
        res = self.ruleset.campaign_carry(battle.state, battle.events(), forces, carried)
        data = sc.model_dump(mode="json")
        data["forces"] = res["forces"]
        data["id"] = f"{self.campaign.id}-battle{i + 2}"
        data["map"] = self._map_ref(self.scenarios[i + 1], sc.map)
        self.folder.mkdir(parents=True, exist_ok=True)
        out = self.scenario_path(i + 1)
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        if not out.is_file() or out.read_text(encoding="utf-8") != text:
            write_atomic(out, text)
        st = battle.state
        head = f"After {self.name(i)}: {outcome(battle.scenario.side_name(st.winner), st.end_reason, past=True)}"
        lines = [head] + list(res["lines"])
        record = {"campaign": self.campaign.id, "after_battle": i + 1, "carried": res["carried"], "lines": lines}
        write_atomic(self.folder / "record.json", json.dumps(record, indent=1, sort_keys=True) + "\n")
        return res["carried"], lines

    def _map_ref(self, scenario: Path, ref: str) -> str:
        """The scenario's map as the written scenario names it: a bundled map by its bundled
        path, any other copied into the campaign folder."""
        m = resolve_reference(scenario, ref).resolve()
        try:
            return m.relative_to(BUNDLED_MAPS.resolve()).as_posix()
        except ValueError:
            self.folder.mkdir(parents=True, exist_ok=True)
            dst = self.folder / m.name
            if not dst.is_file() or dst.read_bytes() != m.read_bytes():
                shutil.copyfile(m, dst)
            return m.name


def play_campaign(path: str | Path, seats: dict, seed: int, folder: str | Path | None = None, log=None,
                  say=print) -> list:
    """Play every battle still to fight, headless (AI seats only); battle ``n`` uses seed
    ``seed + n - 1``. ``say`` gets the lines between battles. Returns the results."""
    from game.battle.runner import opened_scenario, play, play_resumed, result_line

    run = CampaignRun(path, folder)
    results = []
    shown = 0
    while True:
        nb = run.next_battle()
        for line in nb.lines[shown:]:
            say(line)
        shown = len(nb.lines)
        if nb.done:
            return results
        say(f"Battle {nb.index + 1} of {len(run.scenarios)}: {nb.name}")
        run.folder.mkdir(parents=True, exist_ok=True)
        if nb.resume:
            res, _ = play_resumed(nb.replay, seats, log=log)
        else:
            res = play(nb.scenario, seats, seed + nb.index, nb.replay, log=log)
        say(result_line(res, opened_scenario(nb.scenario)))
        results.append(res)
