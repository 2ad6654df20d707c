#!/usr/bin/env python3
"""An example external bot for samrap: it plays a uniformly random legal action.

It speaks the samrap bot protocol (docs/protocol-bot.md) on stdin/stdout using nothing but the
protocol text and the Python standard library; it does not import samrap. Run a game with it:

    samrap tournament 'dummy(players=2)' --seats "external:python examples/external_bot.py",heuristic --games 2

The engine's "go" line carries a seed, so the bot's choices repeat for the same match seed.
"""

import random  # noqa: TID251 (a standalone program, not part of samrap)
import sys


def main() -> None:
    legal: list[str] = []
    rng = random.Random(0)
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        cmd, _, rest = line.partition(" ")
        if cmd == "rbp":
            print("id name example-random")
            print("id author samrap examples")
            print("rbpok", flush=True)
        elif cmd == "isready":
            print("readyok", flush=True)
        elif cmd == "legal":
            legal = rest.split(";") if rest else []
        elif cmd == "go":
            words = rest.split()
            options = dict(zip(words[::2], words[1::2], strict=False))
            if "seed" in options:
                rng = random.Random(int(options["seed"]))
            if not legal:
                print("info no legal actions were sent", flush=True)
                continue
            print(f"info choosing among {len(legal)} actions")
            print("action " + legal[rng.randrange(len(legal))], flush=True)
        elif cmd == "quit":
            break
        # newgame, obs and gameover need no answer; this bot ignores them.


if __name__ == "__main__":
    main()
