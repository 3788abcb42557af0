"""The one writer: scorer phones drawn by the scorer process send their writes here, to the server.

With ``serve --lan`` the scorers' tabs are drawn by a process of their own (the scorer process,
:mod:`scorekeeper.serve.viewer_server` ``--writer``, relayed to by :class:`~.relay.Relay` as the viewers'
are), which opens the store read only. Every write one of its tabs asks for (a move, an undo, a
correction, a rename…: the store methods of :data:`~.store_guard.MATCH_WRITES` and
:data:`~.store_guard.START_WRITES`) is sent here over a Unix socket in a folder only this user may enter
(mode 0700: no TCP port, no other user, no web page), and :class:`Writer` applies it to the server's store
through :class:`~.store_guard.GuardedStore` with the **device's own grant** (its role, its match, whether
it was disconnected or its key renewed, read here at each write): a scorer's write to another match, or of
a revoked device, is refused here whatever the scorer process says. The store, its lock and its promises
are the server's as before; one process writes.

The protocol: each message is a frame, 4 bytes (big-endian length) then a pickle. A request is
``(device id, method name, args, kwargs)``; the answer ``("ok", value)`` or ``("raised", class, args,
attributes)`` (the store's or the engine's refusal, raised again on the other side as it was raised here).
Both sides unpickle with :class:`SafeUnpickler`: only Scorekeeper's own classes and a few plain types,
and a frame is at most :data:`MAX_FRAME` bytes. After a match write succeeds, ``announce(match_id,
version)`` tells every other tab (the viewer process, the server's own tabs), then the answer is sent.

No Flet here (the server's layer); :class:`WriterClient` is the scorer process's side.
"""

from __future__ import annotations

import contextlib
import copyreg
import io
import logging
import os
import pickle
import socket
import socketserver
import struct
import threading
import types
from collections.abc import Callable
from typing import Any

from ..store import StoreError
from ..store.intake import MAX_BYTES
from .admission import Access, Admission
from .devices import Device
from .roles import Role
from .store_guard import MATCH_WRITES, START_WRITES, GuardedStore

log = logging.getLogger(__name__)

MAX_FRAME = MAX_BYTES + (1 << 20)  # bytes: the largest import a tab may send, and room for its arguments
HEADER = struct.Struct(">I")
WRITES = MATCH_WRITES | START_WRITES
#: modules whose classes a frame may name (beyond :data:`SAFE_BUILTINS`): the engine's and the store's
#: values and refusals, and the plain types they are made of
SAFE_MODULES = ("scorekeeper.", "datetime", "collections", "enum", "fractions", "decimal", "copyreg")
SAFE_BUILTINS = frozenset(
    {"dict", "list", "tuple", "set", "frozenset", "str", "bytes", "bytearray", "int", "float", "bool", "complex"}
)


def mapping_proxy(items: dict[Any, Any]) -> types.MappingProxyType:
    """A read-only map of ``items`` (what a frame's read-only map is made again with)."""
    return types.MappingProxyType(items)


def _reduce_mapping_proxy(proxy: types.MappingProxyType) -> tuple[Any, tuple[dict[Any, Any]]]:
    return mapping_proxy, (dict(proxy),)


copyreg.pickle(types.MappingProxyType, _reduce_mapping_proxy)  # the engine's read-only maps (a match's)


class WriterGone(StoreError):
    """The server's writer cannot be reached from the scorer process: nothing was recorded."""

    def __init__(self) -> None:
        super().__init__("the server could not be reached: nothing was recorded; reload the page", "server_unreachable")


class SafeUnpickler(pickle.Unpickler):
    """An unpickler that makes only Scorekeeper's classes and plain types (``pickle.UnpicklingError`` for
    anything else): what the other side sends is a store call's arguments or answer, nothing more."""

    def find_class(self, module: str, name: str) -> Any:
        if (module == "builtins" and name in SAFE_BUILTINS) or (module, name) == (__name__, "mapping_proxy"):
            return super().find_class(module, name)
        if module.startswith(SAFE_MODULES) and module != "scorekeeper.__main__":
            found = super().find_class(module, name)
            if isinstance(found, type) or module == "copyreg":
                return found
        raise pickle.UnpicklingError(f"a frame names {module}.{name}: not allowed")


def send_frame(sock: socket.socket, value: object) -> None:
    """Send ``value`` as one frame (raises ``OSError`` when the other side is gone, ``ValueError`` when it
    is larger than :data:`MAX_FRAME`)."""
    body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    if len(body) > MAX_FRAME:
        raise ValueError(f"a frame of {len(body)} bytes: at most {MAX_FRAME}")
    sock.sendall(HEADER.pack(len(body)) + body)


def read_frame(sock: socket.socket) -> Any:
    """One frame's value; ``EOFError`` when the other side closed before a frame began, ``OSError``,
    ``ValueError`` (too large) or ``pickle.UnpicklingError`` (a class not allowed, broken bytes)."""
    head = _read_exactly(sock, HEADER.size, eof_ok=True)
    (size,) = HEADER.unpack(head)
    if size > MAX_FRAME:
        raise ValueError(f"a frame of {size} bytes: at most {MAX_FRAME}")
    return SafeUnpickler(io.BytesIO(_read_exactly(sock, size))).load()


def _read_exactly(sock: socket.socket, size: int, eof_ok: bool = False) -> bytes:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = sock.recv(min(size - len(chunks), 1 << 20))
        if not chunk:
            if eof_ok and not chunks:
                raise EOFError
            raise ConnectionResetError("the other side closed in the middle of a frame")
        chunks += chunk
    return bytes(chunks)


def _raised(err: Exception) -> tuple[str, type, tuple, dict[str, Any]]:
    return ("raised", type(err), err.args, dict(vars(err)))


def _rebuilt(cls: type, args: tuple, attributes: dict[str, Any]) -> Exception:
    """The exception the writer raised, made again without its ``__init__`` (whose signature varies)."""
    if not (isinstance(cls, type) and issubclass(cls, Exception)):
        return StoreError(f"the server answered with {cls!r}", "store_problem", detail=repr(cls))
    err = cls.__new__(cls, *args)
    err.args = args
    err.__dict__.update(attributes)
    return err


class Writer:
    """Applies the scorer process's writes to ``store`` (the server's :class:`~scorekeeper.store.MatchStore`)
    with the grant of the device that asked (found in ``admission`` by its id), listening on the Unix
    socket ``path``; ``announce(match_id, version)`` after each match write.

    :meth:`start` listens (a thread per connection: the scorer process keeps one per thread that writes);
    :meth:`stop` closes the socket. Raises nothing to the other side: every refusal is answered.
    """

    def __init__(
        self, store: Any, admission: Admission, path: str, announce: Callable[[str, int], None] | None = None
    ) -> None:
        self.store = store
        self.admission = admission
        self.path = path
        self.announce = announce
        self._server: socketserver.ThreadingUnixStreamServer | None = None

    def start(self) -> None:
        """Listen on :attr:`path` (in a daemon thread); raises ``OSError`` if it cannot."""
        writer = self

        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                writer._serve(self.request)

        server = socketserver.ThreadingUnixStreamServer(self.path, Handler)
        server.daemon_threads = True
        os.chmod(self.path, 0o600)
        self._server = server
        threading.Thread(target=server.serve_forever, name="writer", daemon=True).start()

    def stop(self) -> None:
        """Stop listening and remove the socket (calls under way finish; their answers may not arrive)."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
            with contextlib.suppress(OSError):  # its folder removed already
                os.unlink(self.path)

    def _serve(self, sock: socket.socket) -> None:
        while True:
            try:
                request = read_frame(sock)
            except EOFError:
                return
            except (OSError, ValueError, pickle.UnpicklingError) as err:
                log.warning("the scorer process sent a frame that could not be read (%s): closed", err)
                return
            answer = self.apply(request)
            try:
                send_frame(sock, answer)
            except (OSError, ValueError, pickle.PicklingError, TypeError, AttributeError) as err:
                if isinstance(err, OSError):
                    return  # the scorer process went away (its write, if made, stands)
                send_frame(sock, _raised(StoreError(f"the answer could not be sent: {err}", "store_problem")))

    def apply(self, request: Any) -> tuple:
        """One request ``(device id, method, args, kwargs)``: the answer (see the module's docstring)."""
        try:
            device_id, method, args, kwargs = request
            if method not in WRITES or not isinstance(args, tuple) or not isinstance(kwargs, dict):
                raise StoreError(f"{method!r} is not a write the scorer process may send", "store_problem")
            result = getattr(GuardedStore(self.store, self.access(str(device_id))), method)(*args, **kwargs)
            if method in MATCH_WRITES and self.announce is not None:
                match_id = str(args[0])
                self.announce(match_id, self.store.version(match_id))
            return ("ok", result)
        except Exception as err:  # noqa: BLE001 - every refusal (AccessDenied, RuleViolation, StoreError…) answered
            if type(err).__module__.startswith("scorekeeper."):
                return _raised(err)
            log.exception("a write from the scorer process failed")
            detail = type(err).__name__
            return _raised(StoreError(f"the write failed: {detail}", "store_problem", detail=detail))

    def access(self, device_id: str) -> Access:
        """The grant of the joined device ``device_id``: a scorer's (its match, if its link named one), checked
        at each write (a device disconnected or renewed since is refused: ``access_revoked``). A device that
        is not here any more, or is not a scorer, has no grant (refused as revoked)."""
        device = self.admission.devices_.get(device_id)
        if device is None or device.role is not Role.SCORER:
            device = Device(device_id, Role.SCORER, None, "", "", revoked=True)
        return Access(device.role, device.match_id, device)


class WriterClient:
    """The scorer process's side: :meth:`call` sends one write to the :class:`Writer` on ``path`` and returns
    its answer, or raises what it raised (or :class:`WriterGone`). Thread-safe: one connection per thread
    (the app runs each store call in a worker thread)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._local = threading.local()

    def call(self, device_id: str, method: str, args: tuple, kwargs: dict[str, Any]) -> Any:
        """``method(*args, **kwargs)`` in the server's store, as device ``device_id``."""
        sock = self._connection()
        try:
            send_frame(sock, (device_id, method, args, kwargs))
            answer = read_frame(sock)
        except (OSError, EOFError, pickle.UnpicklingError) as err:
            self._drop()
            log.warning("the writer could not be reached (%s)", err)
            raise WriterGone() from err
        if answer[0] == "ok":
            return answer[1]
        raise _rebuilt(answer[1], answer[2], answer[3])

    def _connection(self) -> socket.socket:
        sock = getattr(self._local, "sock", None)
        if sock is None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(self.path)
            except OSError as err:
                sock.close()
                raise WriterGone() from err
            self._local.sock = sock
        return sock

    def _drop(self) -> None:
        sock = getattr(self._local, "sock", None)
        if sock is not None:
            sock.close()
            self._local.sock = None
