"""The documented limits on every file Battletable reads (README: Limits).

Each is checked before any heavy work (geometry, rules, re-simulation) and
refused with one line naming the file, the field and the limit. The figures
are chosen so that the largest map the limits allow still plays at
interactive speed (``tools/bench_limits.py`` measures it).
"""

from __future__ import annotations

#: bytes of a map, scenario, saved game, settings or import file
MAX_JSON_BYTES = 16 * 1024 * 1024
#: bytes of a replay file (one line per action, with its events)
MAX_REPLAY_BYTES = 64 * 1024 * 1024
#: levels of nested objects and arrays in any JSON document or replay line
MAX_DEPTH = 32
#: characters in any one JSON string (names, descriptions, ids, keys)
MAX_STRING = 100_000
#: the largest magnitude of any integer in a file (2**53: exact in a float)
MAX_INT = 2 ** 53
#: the largest magnitude of any non-integer number in a file
MAX_FLOAT = 1e12
#: terrain features on one map
MAX_FEATURES = 250
#: vertices in one polygon ring (a feature's outline or hole, a zone)
MAX_VERTICES = 500
#: vertices of all features of one map together (outlines and holes)
MAX_MAP_VERTICES = 5_000
#: deployment zones, objectives or exits of one map (each)
MAX_MAP_ITEMS = 100
#: sides of a scenario
MAX_SIDES = 16
#: units (models, ships, elements) of all sides of one scenario together
MAX_UNITS = 200
#: objectives or special rules of one scenario (each)
MAX_SCENARIO_ITEMS = 100
#: battles of one ``simulate`` run (each keeps a row of results; a run this long takes days)
MAX_GAMES = 100_000
#: actions in one battle (a replay or a saved game): a runaway safety stop
MAX_ACTIONS = 20_000
#: lines of one replay file (actions, undos, checkpoints, the end line)
MAX_REPLAY_LINES = 4 * MAX_ACTIONS
#: events of one action in a replay
MAX_EVENTS_PER_ACTION = 10_000
