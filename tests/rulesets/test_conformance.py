"""The conformance suite every registered ruleset passes on every bundled
scenario (design: Tests): random playouts end; legal actions are accepted;
illegal ones are rejected with a reason and change nothing; state round-trips
through JSON at every step; the same seed gives the same transcript; a
recorded replay verifies."""

from __future__ import annotations

import pytest

from game.core.dice import Dice
from game.core.engine import events_digest, step
from game.core.replay import ReplayWriter, read_replay, verify
from game.core.ruleset import RULES_SIDE
from game.data.replay import SeatSpec
from tests.rulesets.conformance import bundled_scenarios, new_battle, playout

SCENARIOS = bundled_scenarios()
IDS = [f"{rid}:{path.name}" for rid, path in SCENARIOS]


def test_every_registered_ruleset_has_a_bundled_scenario():
    from game import rulesets

    covered = {rid for rid, _ in SCENARIOS}
    assert set(rulesets.ids()) <= covered


@pytest.mark.parametrize("rid,path", SCENARIOS, ids=IDS)
def test_random_playout_ends_and_state_round_trips(rid, path):
    battle = new_battle(path, seed=11)
    rs = battle.ruleset

    def each(b, action):
        text = b.state.to_json()
        assert rs.load_state(text).to_json() == text
        assert rs.check(b.state, action).ok

    playout(battle, each)
    out = rs.outcome(battle.state)
    assert out.over and battle.state.over
    assert out.winner is None or out.winner in battle.state.sides
    text = battle.state.to_json()
    assert rs.load_state(text).to_json() == text


@pytest.mark.parametrize("rid,path", SCENARIOS, ids=IDS)
def test_legal_actions_are_accepted(rid, path):
    battle = new_battle(path, seed=5)
    rs = battle.ruleset
    checked = {"n": 0}

    def each(b, action):
        if b.state.seq % 7:
            return
        side = rs.active_side(b.state)
        for a in list(rs.legal_actions(b.state, side))[:25]:
            assert rs.check(b.state, a).ok, (a, rs.check(b.state, a))
            trial = b.state.clone()
            r = step(rs, trial, a, Dice(checked["n"], "trial"))
            assert r.ok, (a, r)
            checked["n"] += 1

    playout(battle, each)
    assert checked["n"] > 0


@pytest.mark.parametrize("rid,path", SCENARIOS, ids=IDS)
def test_illegal_actions_are_rejected_with_a_reason(rid, path):
    battle = new_battle(path, seed=3)
    rs = battle.ruleset
    seen = {"n": 0}

    def each(b, action):
        side = rs.active_side(b.state)
        before = b.state.digest()
        dice_before = b.dice.snapshot()[0]
        # the same action from a side that is not to act
        others = [s for s in b.state.sides + [RULES_SIDE] if s != side]
        wrong = action.model_copy(update={"side": others[0]})
        r = step(rs, b.state, wrong, b.dice)
        assert not r.ok and r.reason
        if side != RULES_SIDE and hasattr(rs, "illegal_examples"):
            for bad in rs.illegal_examples(b.state, side):
                r = step(rs, b.state, bad, b.dice)
                assert not r.ok and r.reason, bad
                seen["n"] += 1
        assert b.state.digest() == before
        assert b.dice.snapshot()[0] == dice_before

    playout(battle, each, max_actions=5000)
    if hasattr(rs, "illegal_examples"):
        assert seen["n"] > 0


@pytest.mark.parametrize("rid,path", SCENARIOS, ids=IDS)
def test_same_seed_same_transcript(rid, path):
    def transcript(seed, apart_from=None):
        """The events' digests of a random playout; with ``apart_from``, played
        only until it first differs from that transcript (an action's events
        differ, or it runs longer): every digest up to there, which differs
        from ``apart_from`` exactly when the whole playout's transcript would."""
        out: list[str] = []

        def apart(b) -> bool:
            for e in b.history.entries[len(out):]:
                out.append(events_digest(e.events))
                n = len(out) - 1
                if n >= len(apart_from) or out[n] != apart_from[n]:
                    return True
            return False

        b = playout(new_battle(path, seed), until=apart if apart_from is not None else None)
        return out if apart_from is not None else [events_digest(e.events) for e in b.history.entries]

    a, b = transcript(21), transcript(21)
    assert a == b
    c = transcript(22, apart_from=a)
    assert a != c or len(a) == 0


@pytest.mark.parametrize("rid,path", SCENARIOS, ids=IDS)
def test_record_then_verify(rid, path, tmp_path):
    battle = new_battle(path, seed=8)
    out = tmp_path / "game.replay.jsonl"
    writer = ReplayWriter(out, battle, {s: SeatSpec(kind="ai", agent="random") for s in battle.state.sides}, checkpoint_every=5)
    playout(battle)
    writer.close()
    rec = read_replay(out)
    assert rec.end is not None and rec.truncated is None
    assert len(rec.actions) == len(battle.history)
    v = verify(rec, battle.ruleset)
    assert v.ok, v
