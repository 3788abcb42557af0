"""Fixtures shared by the server tests."""

from __future__ import annotations

import pytest

from tests.served import ServedApp


@pytest.fixture
def server(tmp_path):
    """The real server for one test: ``scorekeeper serve --lan --host 127.0.0.1`` in a child process on a free
    loopback port, its data folder (and ``server.log``) in ``tmp_path``; stopped after the test.

    One per test, since a test may kill its viewer process. Modules that share one server across their tests
    define their own module-scoped ``server``, which takes the place of this one there.
    """
    served = ServedApp(
        tmp_path, args=["--data-dir", str(tmp_path), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"]
    )
    yield served
    served.stop()
