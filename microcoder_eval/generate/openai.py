"""Any OpenAI-compatible chat server (vLLM, SGLang, ``transformers serve``): bounded concurrency,
retries with exponential backoff on transient errors, a clear error when the server is unreachable.

Plain ``urllib`` in threads: no client library to install, and one request per sample keeps
the per-sample seed (vLLM honours ``seed`` per request, so a resumed run asks the same).
"""

from __future__ import annotations

import json
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterable, Iterator

from .base import EngineError, Generation, Request, Sampling

# 408 timeout, 409 conflict, 425 too early, 429 rate limit, 5xx server trouble: worth another try
TRANSIENT_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
# The first contact: a server that listens answers /models at once, so a short connect timeout
# and at most this many quick retries (reported) tell "nothing there" in seconds, not half a minute.
CONNECT_TIMEOUT_S = 5.0
REACH_RETRIES = 2
REACH_BACKOFF_S = 0.5


def normalise_base_url(url: str) -> tuple[str, str | None]:
    """(URL to use, a note for the user or None).  ``127.0.0.1:8000/v1`` has no scheme: http://
    is assumed (and said); a scheme other than http(s) or a URL without a host is an ``EngineError``."""
    url = url.strip().rstrip("/")
    note = None
    if "://" not in url:
        note = f"--base-url {url} has no scheme: assuming http://{url}"
        url = "http://" + url
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() not in ("http", "https"):
        raise EngineError(f"--base-url {url}: the scheme must be http:// or https:// (e.g. http://127.0.0.1:8000/v1)")
    if not parts.hostname:
        raise EngineError(f"--base-url {url}: no host (e.g. http://127.0.0.1:8000/v1)")
    return url, note


def _stderr(message: str) -> None:
    print(f"microcoder eval: {message}", file=sys.stderr, flush=True)


class OpenAIEngine:
    name = "openai"

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        api_key: str | None = None,
        concurrency: int = 8,
        max_retries: int = 5,
        backoff_s: float = 1.0,
        timeout_s: float = 3600.0,
        notify: Callable[[str], None] = _stderr,
    ):
        self.base_url, note = normalise_base_url(base_url)
        self.model = model
        self.api_key = api_key
        self.concurrency = max(1, int(concurrency))
        self.max_retries = max(0, int(max_retries))
        self.backoff_s = backoff_s
        self.timeout_s = timeout_s
        self.notify = notify
        if note:
            notify(note)
        self.check_reachable()

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def _unreachable(self, reason: Any) -> EngineError:
        return EngineError(
            f"cannot reach the OpenAI-compatible server at {self.base_url} ({reason}); is it running? "
            "e.g. `vllm serve MODEL --port 8000` and --base-url http://127.0.0.1:8000/v1"
        )

    def check_reachable(self) -> None:
        """Any HTTP answer from ``/models`` counts (some servers answer it with an error); only a
        connection that cannot be made, after a few quick retries (each reported), is 'unreachable'."""
        url = self.base_url + "/models"
        self.notify(f"connecting to {url} (model {self.model}) …")
        retries = min(self.max_retries, REACH_RETRIES)
        last: Any = None
        for attempt in range(retries + 1):
            try:
                with urllib.request.urlopen(
                    urllib.request.Request(url, headers=self._headers()), timeout=CONNECT_TIMEOUT_S
                ):
                    return
            except urllib.error.HTTPError:
                return
            except (urllib.error.URLError, OSError) as exc:
                last = getattr(exc, "reason", exc)
            if attempt < retries:
                wait_s = REACH_BACKOFF_S * 2**attempt
                self.notify(f"no answer from {url} ({last}); retry {attempt + 1} of {retries} in {wait_s:g} s")
                time.sleep(wait_s)
        raise self._unreachable(f"{last}; {retries + 1} tries")

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        data = json.dumps(body).encode()
        last: str = ""
        for attempt in range(self.max_retries + 1):
            req = urllib.request.Request(self.base_url + "/chat/completions", data=data, headers=self._headers())
            try:
                with urllib.request.urlopen(req, timeout=self.timeout_s) as resp:
                    return json.loads(resp.read())
            except urllib.error.HTTPError as exc:
                detail = exc.read()[:300].decode("utf-8", "replace")
                if exc.code not in TRANSIENT_STATUS:
                    raise EngineError(f"{self.base_url}/chat/completions answered HTTP {exc.code}: {detail}") from None
                last = f"HTTP {exc.code}: {detail}"
            except (urllib.error.URLError, OSError, ValueError) as exc:  # refused, reset, timed out, bad JSON
                last = f"{type(exc).__name__}: {getattr(exc, 'reason', exc)}"
            if attempt < self.max_retries:
                # exponential backoff with jitter, so many threads do not retry in lockstep
                wait_s = min(self.backoff_s * 2**attempt, 60.0) * (0.5 + random.random())
                self.notify(
                    f"{self.base_url}/chat/completions: {last[:120]}; retry {attempt + 1} of "
                    f"{self.max_retries} in {wait_s:.1f} s"
                )
                time.sleep(wait_s)
        raise EngineError(f"{self.base_url}/chat/completions failed {self.max_retries + 1} times; last error: {last}")

    def _one(self, request: Request, sampling: Sampling) -> Generation:
        body = {
            "model": self.model,
            "messages": request.chat(),
            "max_tokens": sampling.max_tokens,
            "temperature": sampling.temperature,
            "top_p": sampling.top_p,
            "n": 1,
            "seed": request.seed(sampling.seed),
        }
        answer = self._post(body)
        try:
            choice = answer["choices"][0]
            content = (choice.get("message") or {}).get("content") or ""
            finish = choice.get("finish_reason") or "stop"
            usage = answer.get("usage") or {}
        except (KeyError, IndexError, TypeError, AttributeError):
            raise EngineError(f"{self.base_url}: not a chat completion: {json.dumps(answer)[:300]}") from None
        return Generation(
            problem_id=request.problem_id,
            sample=request.sample,
            completion=content,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            truncated=finish == "length",
            finish_reason=finish,
        )

    def generate(self, requests: Iterable[Request], sampling: Sampling) -> Iterator[Generation]:
        queue = iter(requests)
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            pending = set()
            for r in queue:  # at most `concurrency` requests in flight
                pending.add(pool.submit(self._one, r, sampling))
                if len(pending) >= self.concurrency:
                    break
            try:
                while pending:
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        yield future.result()
                        nxt = next(queue, None)
                        if nxt is not None:
                            pending.add(pool.submit(self._one, nxt, sampling))
            finally:
                for future in pending:
                    future.cancel()

    def close(self) -> None:
        pass
