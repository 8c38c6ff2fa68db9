"""Text a player reads uses names, never internal ids where a name exists:
no ``snake_case`` id, no "weapon 0", and no model's id standing alone where
the model has a name, anywhere on the battle screen (header, objectives,
bottom bar, action buttons and their hover previews, tooltips of every model
and of the terrain, every label on the table) or in the replay viewer, over
every bundled scenario."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.battle.battle_setup import first_playable_side
from game.battle.runner import play
from game.battle.seats import Seat
from game.ui.naming import SNAKE, WEAPON_INDEX
from tests.ui.conftest import headless_app

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "maps").glob("*/*.scenario.json"))
#: a ruleset's own words that hold a plain-word unit id (Battlesystem [11.7] "Set spears"; the
#: Valmark spearmen are ``spears``): the word, not the unit
RULE_WORDS = re.compile(r"\bSet spears\b")


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield from headless_app(tmp_path, monkeypatch, (1280, 800))


#: side ids that are also plain words of the texts ("the enemy", "3 dead", "let us"): not checked as ids
WORD_SIDES = {"enemy", "dead", "us", "british"}


def id_problems(texts, view) -> list[tuple[str, str]]:
    """``(problem, text)`` for every text with an id pattern, or a model's
    or a side's bare id where its name differs (case-sensitive whole words:
    "red's command cache" where the side is "British")."""
    ids = {fid: name for fid, name in view.namer.figures.items() if fid not in name}
    ids.update({sid: name for sid, name in getattr(view, "side_names", {}).items()
                if sid not in WORD_SIDES and sid not in name})
    out = []
    for t in texts:
        t = RULE_WORDS.sub("", t)
        if SNAKE.search(t):
            out.append((f"snake_case id {SNAKE.search(t).group(0)!r}", t))
        if WEAPON_INDEX.search(t):
            out.append(("weapon index", t))
        for fid in ids:
            if re.search(rf"(?<![\w'.]){re.escape(fid)}(?![\w'])", t):
                out.append((f"id {fid!r} of {ids[fid]!r}", t))
    return out


def battle_texts(app, scene) -> list[str]:
    """Every line of the battle screen a player reads, hovering each model,
    a few terrain points and each action button in turn."""
    view = scene.view
    app.drive(1)
    texts = [scene.header_text(), *[t for t, _ in scene.objective_lines()], *scene.bottom_text, *scene.panel_lines()]
    texts += [t for t, _ in view.label_rects if t != "legend"]
    texts += [b.text for b in scene._bar_buttons]
    for b in list(scene._bar_buttons):
        scene.hover_button(b)
        texts += [t for t, _ in scene.info_lines()]
    scene.hover_preview = None
    for f in view.figures:
        view.mouse = view.camera.to_screen(f.x, f.y)
        texts += view.tooltip_lines()
    for p in view.table.pieces:
        c = p.polygon.representative_point()
        view.mouse = view.camera.to_screen(c.x, c.y)
        texts += view.tooltip_lines()
    return texts


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: f"{p.parent.name}-{p.name.split('.')[0]}")
def test_battle_screen__names_not_ids(app, tmp_path, scenario):
    from game.ui.scenes.battle import BattleScene

    side = first_playable_side(scenario)
    scene = app.push(BattleScene.from_scenario(scenario, 1, {side: Seat("human")}, replay=tmp_path / "r.jsonl",
                                               screenshot_mode=True))
    scene.prepare_screenshot()
    texts = battle_texts(app, scene)
    # and with a target aimed at: the preview of the first action at an enemy
    me = scene.view.by_id.get(scene.selected)
    foes = scene.view.los_targets(me) if me is not None else []
    if foes:
        scene.aim(foes[0].x, foes[0].y, foes[0].id, lock=True)
        texts += battle_texts(app, scene)
    assert len(texts) > 10
    # the header counts the ruleset's unit of time (Battlesystem: Game Rounds)
    word = "Round" if scenario.parent.name == "battlesystem" else "Turn"
    assert re.search(rf"  \|  {word} \d+ of \d+  \|", scene.header_text(1600)), scene.header_text(1600)
    problems = id_problems(texts, scene.view)
    assert problems == [], "\n".join(f"{p}: {t}" for p, t in problems)


def test_replay_viewer__names_not_ids(app, tmp_path):
    from game.ui.scenes.replay import ReplayScene

    path = tmp_path / "m1.replay.jsonl"
    play(ROOT / "maps" / "battlespace" / "mission1.scenario.json", {"fireteam": Seat("ai", "random")}, 3, path)
    scene = app.push(ReplayScene(path))
    app.drive(1)
    texts = []
    for k in range(0, scene.model.actions, max(1, scene.model.actions // 6)):
        scene.seek(k)
        app.drive(1)
        texts += [t for t, *_ in scene.panel_lines(360)] + [t for t, _ in scene.view.label_rects if t != "legend"]
        for f in scene.view.figures:
            scene.view.mouse = scene.view.camera.to_screen(f.x, f.y)
            texts += scene.view.tooltip_lines()
    problems = id_problems(texts, scene.view)
    assert problems == [], "\n".join(f"{p}: {t}" for p, t in problems)


def test_namer__naming_twice_changes_nothing():
    """A name that keeps its model's id ("Al Wahid Fighter st2") is not named
    again when the text passes the namer a second time (status lines built from
    an already named label)."""
    from game.core.view import Figure
    from game.ui.naming import Namer

    figs = [Figure(id="st2", side="enemy", x=0, y=0, profile=("Al Wahid Fighter",)),
            Figure(id="a2", side="enemy", x=0, y=0, profile=("Al Wahid Fighter",)),  # same number: the id stays
            Figure(id="reyes", side="fireteam", x=0, y=0, profile=("Sgt. Reyes",))]
    namer = Namer(figs)
    once = namer("Fire at st2: reyes fires")
    assert once == "Fire at Al Wahid Fighter st2: Sgt. Reyes fires"
    assert namer(once) == once
