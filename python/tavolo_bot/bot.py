"""The base class of a bot and the loop that speaks the protocol for it."""

import json
import os
import random
import sys
import threading
import time
from typing import IO, Any, Optional

from .protocol import PROTOCOL_VERSION, read_message, write_message


class Bot:
    """Subclass it and write choose(); the other methods have defaults.

    Attributes set for you: game (the game's name), params (the spec's "params"), seat, players, and
    random, a generator seeded by tavolo for each match, so that a bot replays exactly from the match's
    seed. Use it, never an unseeded generator or the clock: tavolo checks that bots are deterministic.
    """

    def __init__(self) -> None:
        self.game = ""
        self.params: dict[str, Any] = {}
        self.seat = 0
        self.players = 0
        self.random = random.Random(0)

    def hello(self, game: str, params: dict[str, Any]) -> None:
        """Once, when the process starts: the game and the bot's parameters."""
        self.game = game
        self.params = params

    def start(self, seat: int, players: int, seed: str) -> None:
        """At the start of each match: the bot's seat and the seed of its generator."""
        self.seat = seat
        self.players = players
        self.random = random.Random(int(seed))

    def choose(self, observation: dict[str, Any], actions: list[dict[str, Any]]) -> int:
        """Returns the "action" number of one of the offered actions (each has action, code and text)."""
        raise NotImplementedError

    def end(self, result: dict[str, Any]) -> None:
        """When the match is over, however it ended: winners, ranks, scores, annulled, endReason."""


def _exit_when_orphaned(parent: int) -> None:
    # tavolo ends its bots' processes itself; this covers tavolo being killed outright (kill -9, a crash).
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


class _Logged:
    """Reads and writes messages, each also appended to the file TAVOLO_BOT_LOG names, if set ("> " from tavolo, "< " to it)."""

    def __init__(self, stdin: IO[str], stdout: IO[str]) -> None:
        self.stdin = stdin
        self.stdout = stdout
        path = os.environ.get("TAVOLO_BOT_LOG")
        self.log = open(path, "a", encoding="utf-8") if path else None

    def _note(self, mark: str, message: dict[str, Any]) -> None:
        if self.log is not None:
            self.log.write(mark + json.dumps(message, separators=(",", ":")) + "\n")
            self.log.flush()

    def read(self) -> Optional[dict[str, Any]]:
        message = read_message(self.stdin)
        if message is not None:
            self._note("> ", message)
        return message

    def write(self, message: dict[str, Any]) -> None:
        self._note("< ", message)
        write_message(self.stdout, message)


def run(bot: Bot, stdin: Optional[IO[str]] = None, stdout: Optional[IO[str]] = None) -> None:
    """Answers tavolo's messages until its input ends."""
    io = _Logged(stdin or sys.stdin, stdout or sys.stdout)
    threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), daemon=True).start()
    while True:
        try:
            message = io.read()
        except KeyboardInterrupt:
            return
        if message is None:
            return
        kind = message.get("type")
        try:
            if kind == "hello":
                if message.get("protocol") != PROTOCOL_VERSION:
                    io.write({"type": "error", "message": f"this client speaks protocol {PROTOCOL_VERSION}"})
                    return
                bot.hello(message["game"], message.get("params") or {})
                io.write({"type": "ready", "protocol": PROTOCOL_VERSION})
            elif kind == "start":
                bot.start(message["seat"], message["players"], message["seed"])
            elif kind == "decide":
                action = bot.choose(message["observation"], message["actions"])
                io.write({"type": "action", "action": action})
            elif kind == "end":
                bot.end(message["result"])
        except KeyboardInterrupt:
            return
        except Exception as err:  # the bot's own error: tell tavolo, which ends this match
            io.write({"type": "error", "message": f"{type(err).__name__}: {err}"})
