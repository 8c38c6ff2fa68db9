"""``battletable army check ROSTER SCENARIO`` (Battlesystem [16.3]) and ``battletable campaign
play CAMPAIGN`` ([16.1], [16.2]): the verdict, exit 1 for a roster that does not fit, one line
and exit 2 for bad input; a two-battle campaign played headless carries survivors and
experience from the first battle into the second."""

from __future__ import annotations

import json

from tests.conftest import ROOT
from tests.data.test_bad_files import run_cli

BS = ROOT / "maps" / "battlesystem"
RETURN = str(BS / "crossroads_return.scenario.json")
ROSTER = str(BS / "valmark_host.roster.json")
CAMPAIGN = str(BS / "valmark_march.campaign.json")


def _roster(tmp_path, lines, name="test.roster.json", **extra):
    p = tmp_path / name
    p.write_text(json.dumps({"format_version": 1, "name": "Test host", "lines": lines, **extra}))
    return str(p)


def test_army_check__the_bundled_roster_fits_the_scenario():
    """[16.3] 1,600 + 1,600 + 5,100 (60 giant eagles at 85 XP) + 1,650 + 300 = 10,250 of 12,500."""
    r = run_cli("army", "check", ROSTER, RETURN)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "Valmark host: 10,250 points of 12,500 at Advanced game, low magic: fits"
    assert "  giant eagles of the Greyspire (6 figures): 5,100 points" in out


def test_army_check__too_many_points_or_too_much_magic_exits_1(tmp_path):
    """[16.3] B the points; A low magic: no spells above 2nd level, no item of 1,200 XP or more."""
    r = run_cli("army", "check", _roster(tmp_path, [{"kind": "monster", "creature": "ghoul", "count": 200}]), RETURN)
    assert r.returncode == 1
    assert "13,000 points, 500 more than the 12,500" in r.stdout
    mage = _roster(tmp_path, [{"kind": "character", "classes": [{"class": "magic_user", "level": 9}],
                               "items": ["ring_of_invisibility"]}], "mage.roster.json")
    r = run_cli("army", "check", mage, RETURN)
    assert r.returncode == 1
    assert "has level 5 spells" in r.stdout and "ring of invisibility is worth 1,500 XP" in r.stdout


def test_army_check__bad_input_is_one_line_and_exit_2(tmp_path):
    cases = [
        (_roster(tmp_path, [{"kind": "unit", "profile": "valmark_spears", "figures": 16, "items": ["cloak"]}], "a.roster.json"),
         "[lines[0].items]: unknown magic item 'cloak'"),
        (_roster(tmp_path, [{"kind": "monster", "creature": "ghoul"}], "b.roster.json", side="elves"), "[side]: 'elves' is not a side"),
        (_roster(tmp_path, [], "c.roster.json"), "lines"),
        (str(tmp_path / "missing.roster.json"), "file not found"),
    ]
    for path, words in cases:
        r = run_cli("army", "check", path, RETURN)
        assert r.returncode == 2, (path, r.stdout, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], r.stderr
    r = run_cli("army", "check", ROSTER, CAMPAIGN)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_campaign_play__survivors_and_experience_carry_into_the_second_battle(tmp_path):
    """[16.1], [16.2] the Valmark march, headless: the second battle's scenario holds the first
    battle's survivors (figures) and experience (``xp``), and names the bundled map."""
    folder = tmp_path / "march"
    r = run_cli("campaign", "play", CAMPAIGN, "--headless", "--quiet", "--folder", str(folder), "--seed", "2")
    assert r.returncode == 0, r.stderr
    assert "Battle 1 of 2: the battle at the crossroads" in r.stdout
    assert "After the battle at the crossroads:" in r.stdout and "figures march on" in r.stdout
    assert "Battle 2 of 2: the return to the crossroads" in r.stdout
    assert (folder / "battle1.replay.jsonl").is_file() and (folder / "battle2.replay.jsonl").is_file()
    sc = json.loads((folder / "battle2.scenario.json").read_text())
    assert sc["map"] == "battlesystem/crossroads.map.json" and sc["params"]["game"] == "advanced"
    first = json.loads((BS / "crossroads.scenario.json").read_text())
    before = {u["id"]: u["params"].get("figures") for us in first["forces"].values() for u in us}
    after = {u["id"]: u["params"] for us in sc["forces"].values() for u in us}
    assert "eagles" in after  # the reinforcement joins as it is
    carried = [k for k, p in after.items() if k in before and before[k] and p.get("figures") != before[k]]
    assert carried, "no unit's strength changed between the battles"
    rec = json.loads((folder / "record.json").read_text())
    assert rec["after_battle"] == 1 and any(v > 0 for v in rec["carried"].values())
    assert any(p.get("xp") for p in after.values())
    # a second run finds every battle fought (both replays re-played, nothing new written)
    again = run_cli("campaign", "play", CAMPAIGN, "--headless", "--quiet", "--folder", str(folder))
    assert again.returncode == 0 and "Battle 1 of 2" not in again.stdout


def test_campaign_play__bad_campaign_files_are_one_line_and_exit_2(tmp_path):
    one = tmp_path / "one.campaign.json"
    one.write_text(json.dumps({"format_version": 1, "id": "one", "name": "One", "ruleset": "battlesystem",
                               "battles": [{"scenario": "battlesystem/crossroads.scenario.json"}]}))
    missing = tmp_path / "missing.campaign.json"
    missing.write_text(json.dumps({"format_version": 1, "id": "m", "name": "M", "ruleset": "battlesystem",
                                   "battles": [{"scenario": "battlesystem/crossroads.scenario.json"},
                                               {"scenario": "nowhere.scenario.json"}]}))
    other = tmp_path / "other.campaign.json"
    other.write_text(json.dumps({"format_version": 1, "id": "o", "name": "O", "ruleset": "battlesystem",
                                 "battles": [{"scenario": "battlesystem/crossroads.scenario.json"},
                                             {"scenario": "battlespace/mission1.scenario.json"}]}))
    for path, words in ((one, "battles"), (missing, "battles[1].scenario"), (other, "is a battlespace scenario")):
        r = run_cli("campaign", "play", str(path), "--headless", "--folder", str(tmp_path / "x"))
        assert r.returncode == 2, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], r.stderr
