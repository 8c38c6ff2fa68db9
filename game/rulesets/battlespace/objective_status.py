"""Display hook ``objective_status``: how far each mission objective has got,
for the app's objectives panel (ticked when done, crossed when failed).

Keys are the objective ids the bundled scenarios use per mission (``search``,
``exfil``, ``awad``, ``survive``, ``guards``, ``smoke``, ``retreat``); values
``(state, note)`` with state ``"done"``, ``"failed"`` or ``"open"``. Nothing
here decides a rule: the counts are the ones the Clear Phase checks
(:func:`.missions.clear_check`, Battlespace: Clear Phase) and the mission
result once the battle is over.
"""

from __future__ import annotations

from .missions import exfil_count
from .state import BSState


def objective_status(s: BSState) -> dict[str, tuple[str, str]]:
    """Each objective of the state's mission: ``id -> (state, note)``."""
    p = s.params
    out_n = exfil_count(s)
    won = s.over and s.winner == "fireteam"
    lost = s.over and not won

    def res(done: bool, note: str = "") -> tuple[str, str]:
        return ("done" if done else ("failed" if lost else "open"), note)

    m = s.mission
    if m == "m1_survivors":
        need = p.get("exfil_needed", 3)
        sv = s.obj.get("survivor")
        found = "survivor found" if sv else "no survivor"
        return {"search": res(bool(s.obj.get("searched")), found if s.obj.get("searched") else ""),
                "exfil": res(won, f"{out_n} of {need} out")}
    if m == "m2_awad":
        awad = s.figs.get("awad")
        dead = awad is not None and awad.status == "kia"
        return {"awad": ("failed", "escaped") if s.obj.get("escaped") else res(dead),
                "exfil": res(won, f"{out_n} out")}
    if m == "m3_ambush":
        return {"survive": res(won, f"turn {s.turn} of {s.turn_limit}")}
    if m == "m4_hostages":
        guards = [s.figs[g] for g in p.get("guards", []) if g in s.figs]
        down = sum(1 for g in guards if g.status == "kia")
        late = not down == len(guards) and s.turn >= p.get("guard_deadline", 5)
        return {"guards": ("failed", "too late") if late else res(bool(guards) and down == len(guards),
                                                                   f"{down} of {len(guards)} down"),
                "smoke": res(s.obj.get("smoke_turn") is not None)}
    if m == "m5_retreat":
        need = p.get("exfil_needed", 2)
        return {"retreat": res(won or out_n >= need, f"{out_n} of {need} out")}
    return {}
