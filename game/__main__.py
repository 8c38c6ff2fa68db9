"""``python -m game``: the same as the ``battletable`` command."""

from game.cli import main

if __name__ == "__main__":
    main()
