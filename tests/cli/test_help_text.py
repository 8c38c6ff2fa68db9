"""``battletable --help`` and each command's help: descriptions flow and are
wrapped by the terminal's width (not at the source's line breaks), and a flag
shows no value placeholder."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

COMMANDS = ["play", "simulate", "lab", "ladder", "replay", "verify", "edit", "import", "export", "generate",
            "validate", "army check", "campaign play"]


def help_of(*args: str, columns: int) -> str:
    env = {**os.environ, "COLUMNS": str(columns), "TERM": "dumb", "NO_COLOR": "1"}
    r = subprocess.run([sys.executable, "-m", "game", *args, "--help"], cwd=ROOT, capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    return r.stdout


def test_on_a_wide_terminal_every_command_is_described_on_one_line():
    text = help_of(columns=250)
    rows = [line for line in text.splitlines() if line.startswith("│ ")]
    described = {line.split()[1] for line in rows if len(line.split()) > 2 and line[2] != " "}
    assert {"play", "lab", "ladder", "verify", "validate"} <= described
    continuation = [line for line in rows if line[2] == " " and line.strip("│ ")]
    assert "Commands" in text and continuation == []


@pytest.mark.parametrize("command", COMMANDS)
def test_flags_show_no_placeholder_and_paragraphs_flow(command):
    text = help_of(*command.split(), columns=250)
    assert "<bool>" not in text
    body = [line.strip() for line in text.split("╭")[0].splitlines()[3:] if line.strip()]
    # each paragraph of the description is one line on a wide terminal
    assert all(len(line) > 60 or line.endswith(".") or line.endswith(")") for line in body), body
