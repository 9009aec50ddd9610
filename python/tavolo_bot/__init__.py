"""A client for tavolo's bot protocol (docs/protocol.md): subclass Bot, then call run(YourBot()).

Standard library only, Python 3.10 or later.
"""

from .bot import Bot, run
from .protocol import PROTOCOL_VERSION, read_message, write_message

__all__ = ["Bot", "run", "PROTOCOL_VERSION", "read_message", "write_message"]
