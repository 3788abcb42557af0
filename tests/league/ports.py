"""The league tests' fixed loopback ports: ``SCOREKEEPER_LEAGUE_PORT_BASE`` (default 8670) + an offset.

NATS servers are started with ports written into their configuration, so each test module names its own
offsets (0–13 today); a shared machine gives each worker a base of its own (e.g. 8780)."""

import os

BASE = int(os.environ.get("SCOREKEEPER_LEAGUE_PORT_BASE", "8670"))


def league_port(offset: int) -> int:
    """The port ``BASE + offset`` (offset 0–29)."""
    if not 0 <= offset < 30:
        raise ValueError(f"league port offset {offset} is outside 0-29")
    return BASE + offset
