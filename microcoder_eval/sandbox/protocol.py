"""The two wire formats of the sandbox.

* judge <-> worker: 4-byte length + UTF-8 JSON messages (``send`` / ``recv``);
* supervisor <-> child: one JSON line each way per test -- the request names the test's
  files (``request_line`` / ``parse_request``), the status line says how the run ended
  (``status_line`` / ``parse_status``).  The child is untrusted, so the supervisor keeps
  only the fields it expects, of the types it expects.  A functional test's arguments and
  return value ride on these lines when they are small (``INLINE_MAX_CHARS``): four file
  operations fewer on each side of a test, most of a trivial test's cost.

JSON, not pickle: a message that comes back from the sandbox side must never be able
to run code in the judge.
"""

from __future__ import annotations

import json
import os
import select
import struct

_HEADER = struct.Struct(">I")
MAX_MESSAGE_BYTES = 1 << 30


class ProtocolError(RuntimeError):
    pass


def _read_exact(fd: int, n: int) -> bytes | None:
    chunks = []
    while n:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


# One encoder for every message: json.dumps with a non-default option builds a new one per call.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def encode(message: dict) -> bytes:
    """The framed bytes of ``message`` (so a sender can size it before writing)."""
    data = _ENCODER.encode(message).encode("utf-8", "surrogatepass")
    return _HEADER.pack(len(data)) + data


def send(fd: int, message: dict | bytes) -> None:
    """Write a message (a dict, or bytes from :func:`encode`) whole; blocks until written."""
    payload = message if isinstance(message, bytes) else encode(message)
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def recv(fd: int) -> dict | None:
    """Next message, or None at end of stream."""
    header = _read_exact(fd, _HEADER.size)
    if header is None:
        return None
    (size,) = _HEADER.unpack(header)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message of {size} bytes exceeds the limit")
    data = _read_exact(fd, size)
    if data is None:
        raise ProtocolError("stream ended inside a message")
    return _decode(data)


def _decode(data: bytes) -> dict:
    message = json.loads(data.decode("utf-8", "surrogatepass"))
    if not isinstance(message, dict) or "op" not in message:
        raise ProtocolError("malformed message")
    return message


class Reader:
    """Messages from ``fd`` read in as large pieces as are there: a worker answering
    several short tests in one write costs the reader one read, not two per answer."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()
        self.poller = select.poll()  # not select(): the judge may hold fds past 1024
        self.poller.register(fd, select.POLLIN)

    def recv(self, timeout: float | None = None) -> dict | None:
        """Next message, or None at end of stream; TimeoutError when nothing came for
        ``timeout`` seconds."""
        while True:
            message = self._take()
            if message is not None:
                return message
            if timeout is not None and not self.poller.poll(timeout * 1000):
                raise TimeoutError("no message in time")
            chunk = os.read(self.fd, 1 << 20)
            if not chunk:
                if self.buffer:
                    raise ProtocolError("stream ended inside a message")
                return None
            self.buffer += chunk

    def _take(self) -> dict | None:
        if len(self.buffer) < _HEADER.size:
            return None
        (size,) = _HEADER.unpack_from(self.buffer)
        if size > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"message of {size} bytes exceeds the limit")
        end = _HEADER.size + size
        if len(self.buffer) < end:
            return None
        data = bytes(self.buffer[_HEADER.size : end])
        del self.buffer[:end]
        return _decode(data)


# --------------------------------------------------------------- supervisor <-> child
MAX_STATUS_LINE = 64 * 1024
# JSON escaping at most doubles an ASCII text (json.dumps output is ASCII), so an inline
# return value keeps the status line well inside MAX_STATUS_LINE.
INLINE_MAX_CHARS = 16 * 1024


def request_line(paths: dict[str, str], args: str | None = None) -> str:
    """The request naming the test's files; ``args``: a functional test's arguments inline."""
    return json.dumps(paths if args is None else {**paths, "inline_args": args}) + "\n"


def parse_request(line: bytes) -> dict:
    return json.loads(line)


def status_line(status: dict) -> bytes:
    return (json.dumps(status) + "\n").encode()


def parse_status(line: bytes) -> dict | None:
    try:
        status = json.loads(line)
    except ValueError:
        return {"exit": 1, "exc": "ProtocolError"}
    if not isinstance(status, dict) or not isinstance(status.get("exit"), int):
        return {"exit": 1, "exc": "ProtocolError"}
    exc = status.get("exc")
    result = status.get("res")
    return {
        "exit": status["exit"],
        "exc": exc[:100] if isinstance(exc, str) else None,
        "output_limit": bool(status.get("output_limit")),
        "res": result if isinstance(result, str) else None,  # a functional return value inline
    }
