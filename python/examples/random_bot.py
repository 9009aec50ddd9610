"""A bot that plays a random legal action, drawn from the generator tavolo seeds for each match."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tavolo_bot import Bot, run  # noqa: E402


class RandomBot(Bot):
    def choose(self, observation, actions):
        return self.random.choice(actions)["action"]


if __name__ == "__main__":
    run(RandomBot())
