"""The plumbing every ruleset shares (game/core/ruleset_base.py)."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import ValidationError

from game.core.model import Tagged
from game.core.ruleset import Illegal, Legal, Ruleset
from game.core.ruleset_base import RulesetBase, verdict
from game.rulesets import BUILTIN, get


class _Go(Tagged):
    type: Literal["go"] = "go"
    side: str


class _Stop(Tagged):
    type: Literal["stop"] = "stop"
    side: str


def test_verdict__no_reason_is_legal_a_reason_is_illegal_with_that_reason():
    assert verdict(None) == Legal()
    assert verdict("") == Legal()
    assert verdict("out of command radius") == Illegal("out of command radius")


def test_codecs__decode_by_type_tag_and_refuse_unknown_tags():
    base = RulesetBase(actions=[_Go, _Stop], events=[_Stop], state=_Go)
    assert base.parse_action({"type": "stop", "side": "a"}) == _Stop(side="a")
    assert isinstance(base.parse_action({"type": "go", "side": "a"}), _Go)
    with pytest.raises(ValidationError):
        base.parse_action({"type": "fly", "side": "a"})
    with pytest.raises(ValidationError):
        base.parse_event({"type": "go", "side": "a"})


def test_codecs__two_classes_with_one_tag_are_refused():
    class _Go2(_Go):
        pass

    with pytest.raises(ValueError, match="duplicate type tags"):
        RulesetBase(actions=[_Go, _Go2], events=[_Stop], state=_Go)


@pytest.mark.parametrize("rid", sorted(BUILTIN))
def test_every_bundled_ruleset_is_built_on_the_base_and_keeps_the_protocol(rid):
    rs = get(rid)
    assert isinstance(rs, RulesetBase)
    assert isinstance(rs, Ruleset)
