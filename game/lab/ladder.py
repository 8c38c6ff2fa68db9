"""``battletable ladder SCENARIO --agents default,random,previous``: agents
rated against each other on one scenario.

Two playable sides: a round robin, each pair of agents playing ``games``
games with each agent on each side (sides swapped on the same seeds).
One playable side against the rules (Battlespace): every agent plays the
same ``games`` seeds, and a pair's game on a seed goes to the agent that won
it where the other did not (a draw when both or neither did).

Ratings are Bradley-Terry strengths on the Elo scale with 95% intervals
(:func:`game.lab.stats.bradley_terry`); each pair gets an exact binomial test
on its decisive games.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Callable

import numpy as np

from game.battle.runner import game_seed
from game.lab.run import lab_game, run_local
from game.lab.spec import Arm
from game.lab.stats import Z95, binomial_p, bradley_terry


def ladder(scenario: Path, agents: list[str], games: int, seed: int, out: Path, workers: int,
           progress: Callable[[int, int], None] | None = None) -> dict:
    """Play the ladder and rate the agents. Raises FileError/SeatError for a
    bad scenario or an agent the ruleset lacks (before any game)."""
    from game.battle.loading import open_scenario
    from game.data.io import read_json

    rs, sc, _ = open_scenario(scenario)
    playable = [s.id for s in sc.sides if s.playable]
    raw = read_json(scenario)
    path = str(Path(scenario).resolve())
    jobs, meta = [], []
    if len(playable) >= 2:
        a_side, b_side = playable[0], playable[1]
        for x, y in itertools.combinations(agents, 2):
            for first, second in ((x, y), (y, x)):
                arm = Arm(name=f"{first}-v-{second}", scenario_path=path, scenario=raw,
                          seats={a_side: f"ai:{first}", b_side: f"ai:{second}"})
                for i in range(games):
                    jobs.append((arm.model_dump(mode="json"), i, game_seed(seed, i),
                                 str(out / f"{arm.name}-game{i:04d}.replay.jsonl"), a_side))
                    meta.append((first, second))
    else:
        side = playable[0]
        for x in agents:
            arm = Arm(name=x, scenario_path=path, scenario=raw, seats={side: f"ai:{x}"})
            for i in range(games):
                jobs.append((arm.model_dump(mode="json"), i, game_seed(seed, i), str(out / f"{x}-game{i:04d}.replay.jsonl"), side))
                meta.append((x, None))
    from game.lab.spec import check_arm

    for a in {j[0]["name"]: j[0] for j in jobs}.values():
        check_arm(Path(scenario), Arm.model_validate(a), "--agents")
    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []

    def on_row(r: dict) -> None:
        rows.append(r)
        if progress:
            progress(len(rows), len(jobs))

    run_local(jobs, workers, on_row)
    k = len(agents)
    idx = {a: i for i, a in enumerate(agents)}
    wins = np.zeros((k, k))
    dec = np.zeros((k, k))  # decisive games only (for the binomial test)
    if len(playable) >= 2:
        for r in rows:
            first, second = r["arm"].split("-v-")
            if r["winner"] == playable[0]:
                wins[idx[first], idx[second]] += 1
                dec[idx[first], idx[second]] += 1
            elif r["winner"] == playable[1]:
                wins[idx[second], idx[first]] += 1
                dec[idx[second], idx[first]] += 1
            else:
                wins[idx[first], idx[second]] += 0.5
                wins[idx[second], idx[first]] += 0.5
        played = {a: sum(1 for r in rows if a in r["arm"].split("-v-")) for a in agents}
    else:
        by = {(r["arm"], r["game"]): r["success"] for r in rows}
        for x, y in itertools.combinations(agents, 2):
            for i in range(games):
                sx, sy = by[(x, i)], by[(y, i)]
                if sx > sy:
                    wins[idx[x], idx[y]] += 1
                    dec[idx[x], idx[y]] += 1
                elif sy > sx:
                    wins[idx[y], idx[x]] += 1
                    dec[idx[y], idx[x]] += 1
                else:
                    wins[idx[x], idx[y]] += 0.5
                    wins[idx[y], idx[x]] += 0.5
        played = {a: games for a in agents}
    rating, se = bradley_terry(agents, wins)
    table = [{"agent": a, "rating": float(rating[i]), "ci95": [float(rating[i] - Z95 * se[i]), float(rating[i] + Z95 * se[i])],
              "games": played[a], "score": float(wins[i].sum())} for i, a in enumerate(agents)]
    table.sort(key=lambda t: -t["rating"])
    pairs = []
    for x, y in itertools.combinations(agents, 2):
        i, j = idx[x], idx[y]
        dec_x, dec_y = dec[i, j], dec[j, i]
        p = binomial_p(dec_x, dec_y)
        better = x if dec_x > dec_y else y if dec_y > dec_x else None
        pairs.append({"a": x, "b": y, "a_wins": int(dec_x), "b_wins": int(dec_y), "p": p,
                      "verdict": (f"{better} beats {y if better == x else x} (p = {p:.3g})" if better and p < 0.05
                                  else f"no significant difference (p = {p:.3g})")})
    return {"scenario": sc.id, "ruleset": rs.id, "games_per_pairing": games, "seed": seed, "ratings": table,
            "pairs": pairs, "mode": "round robin, sides swapped" if len(playable) >= 2 else "same seeds, compared per seed"}
