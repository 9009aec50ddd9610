"""The line protocol: one JSON object per line on stdin and stdout (docs/protocol.md)."""

import json
from typing import IO, Any, Optional

PROTOCOL_VERSION = 1


def read_message(stream: IO[str]) -> Optional[dict[str, Any]]:
    """The next message, or None at the end of the input (tavolo has gone: the bot should exit)."""
    while True:
        line = stream.readline()
        if line == "":
            return None
        line = line.strip()
        if line:
            return json.loads(line)


def write_message(stream: IO[str], message: dict[str, Any]) -> None:
    """Writes one message as one line and flushes it (tavolo waits for the whole line)."""
    stream.write(json.dumps(message, separators=(",", ":")) + "\n")
    stream.flush()
