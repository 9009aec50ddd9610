"""A greedy bot for Stop: sheds the card worth the most penalty points, and draws or passes only when it must.

Card types (docs/observations.md, Stop): colour * 12 + kind for coloured cards, 72 the jolly; actions 0..72
play a card of that type, 73 draws, 74 passes, 75 and up swap hands.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tavolo_bot import Bot, run  # noqa: E402

JOLLY = 72


def card_weight(card_type):
    """How much a card is worth getting rid of: the jolly most, then action cards, then by face value."""
    if card_type == JOLLY:
        return 30
    kind = card_type % 12
    return 20 if kind >= 9 else kind


class GreedyStop(Bot):
    def hello(self, game, params):
        if game != "stop":
            raise ValueError(f"greedy_stop.py plays Stop only, not {game}")
        super().hello(game, params)

    def choose(self, observation, actions):
        plays = [a for a in actions if a["action"] <= JOLLY]
        if plays:
            best = max(card_weight(a["action"]) for a in plays)
            return self.random.choice([a for a in plays if card_weight(a["action"]) == best])["action"]
        return self.random.choice(actions)["action"]


if __name__ == "__main__":
    run(GreedyStop())
