"""A tavolo game as a learning agent's environment, in the shape of PettingZoo's agent-environment cycle
(reset, agent_selection, observe, legal_actions, step, rewards, terminations, last) without depending on
PettingZoo. It drives `tavolo serve-env` over stdin/stdout with the bot protocol (docs/protocol.md).
"""

import json
import os
import subprocess
from typing import Any, Optional

from .protocol import PROTOCOL_VERSION

_REPO_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bin", "tavolo.js")


def default_command() -> list[str]:
    """`node bin/tavolo.js serve-env` from this repository, else `tavolo serve-env` from PATH."""
    if os.path.exists(_REPO_BIN):
        return ["node", os.path.abspath(_REPO_BIN), "serve-env"]
    return ["tavolo", "serve-env"]


class TavoloEnv:
    """One match at a time of a tavolo game; agents are named "player_0", "player_1", ... by seat.

    rewards: once the match is over, 1/k to each of its k winners and 0 to the others (tavolo's own count
    of wins); 0 while it runs. observe(agent) is the agent's observation at its latest decision, the plain
    data of docs/observations.md.
    """

    def __init__(self, game: str, players: int = 2, options: Optional[dict[str, Any]] = None, command: Optional[list[str]] = None):
        self.game = game
        self.players = players
        self.options = options or {}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._proc = subprocess.Popen(command or default_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._observations: dict[str, Any] = {}
        self._actions: list[dict[str, Any]] = []
        self.agent_selection = ""
        self.result: Optional[dict[str, Any]] = None

    def _exchange(self, message: dict[str, Any]) -> None:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(json.dumps(message) + "\n")
        self._proc.stdin.flush()
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError("tavolo serve-env ended")
        reply = json.loads(line)
        if reply["type"] == "error":
            raise ValueError(reply["message"])
        if reply["type"] == "decide":
            agent = self.possible_agents[reply["seat"]]
            self.agent_selection = agent
            self._observations[agent] = reply["observation"]
            self._actions = reply["actions"]
        else:
            self.result = reply["result"]
            winners = self.result["winners"]
            for i, agent in enumerate(self.possible_agents):
                self.rewards[agent] = 1 / len(winners) if i in winners else 0.0
                self._cumulative_rewards[agent] += self.rewards[agent]
                self.terminations[agent] = True
            self._actions = []

    def reset(self, seed: Optional[str] = None, options: Optional[dict[str, Any]] = None) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._observations = {}
        self.result = None
        message = {"type": "reset", "protocol": PROTOCOL_VERSION, "game": self.game, "players": self.players}
        message.update({"options": options if options is not None else self.options, "seed": str(seed if seed is not None else "env")})
        self._exchange(message)

    def observe(self, agent: str) -> Any:
        return self._observations.get(agent)

    def legal_actions(self, agent: Optional[str] = None) -> list[dict[str, Any]]:
        """The offered actions of the agent to move (each with action, code and text); empty for the others."""
        if agent is not None and agent != self.agent_selection:
            return []
        return list(self._actions)

    def step(self, action: int) -> None:
        """Takes one of the offered actions' "action" number for agent_selection."""
        if self.result is not None:
            raise ValueError("the match is over: call reset")
        for agent in self.agents:
            self.rewards[agent] = 0.0
        self._exchange({"type": "action", "action": action})

    def last(self) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        a = self.agent_selection
        return self.observe(a), self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            self._proc.wait(timeout=10)
