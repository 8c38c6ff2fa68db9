"""The terrain-kinds catalogue (moved to :mod:`game.data.kinds`, where the
one map validator, :mod:`game.battle.mapcheck`, reads it too)."""

from game.data.kinds import KINDS_FILE, Catalogue, GravityWell, KindSpec, RulesetKinds, catalogue  # noqa: F401
