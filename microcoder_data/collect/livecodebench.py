"""LiveCodeBench ``code_generation_lite`` rows (public tests + compressed private tests).

The row format lives here whole: the tests' encodings (public JSON, private JSON or
base64(zlib(pickle)) loaded with an unpickler that refuses every global, so a hostile
file cannot run code) and the row -> Problem conversion.
"""

from __future__ import annotations

import base64
import binascii
import io
import json
import pickle
import zlib
from typing import Any, Mapping

from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import FormatError, dump_json_value, json_text_or_value
from microcoder_eval.types import Mode, TestCase

from .asserts import method_names
from .fields import iso_date, judging_rule, need, normalise_difficulty, opt_str
from .rows import RowContext, RowFormat

LICENSE = "MIT (LiveCodeBench)"

# Upper bound on a decompressed LCB private-test blob (the largest real ones are a few
# hundred MB); guards against decompression bombs.
MAX_PRIVATE_TESTS_BYTES = 2 * 1024**3


def _canonical_json_text(text: str, what: str) -> str:
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise FormatError(f"{what} is not JSON: {str(text)[:80]!r} ({exc})") from None
    try:
        return dump_json_value(value)
    except ValueError as exc:  # NaN/Infinity
        raise FormatError(f"{what}: {exc}") from None


def functional_input_from_lcb_lines(text: str) -> str:
    """LCB functional input (one JSON value per line, positional args) -> JSON list text.

    Values are decoded one after another, so a value spanning several lines also works.
    """
    if not isinstance(text, str):
        raise FormatError(f"functional input must be text, got {type(text).__name__}")
    decoder = json.JSONDecoder()
    args: list[Any] = []
    pos, end = 0, len(text)
    while True:
        while pos < end and text[pos] in " \t\r\n":
            pos += 1
        if pos >= end:
            break
        try:
            value, pos = decoder.raw_decode(text, pos)
        except ValueError as exc:
            raise FormatError(f"functional input is not JSON values: {text[:80]!r} ({exc})") from None
        args.append(value)
    try:
        return dump_json_value(args)
    except ValueError as exc:
        raise FormatError(f"functional input: {exc}") from None


class _StringsOnlyUnpickler(pickle.Unpickler):
    """Unpickler that refuses every global/persistent reference (no code can run)."""

    def find_class(self, module: str, name: str) -> Any:  # noqa: D401
        raise pickle.UnpicklingError(f"refused global {module}.{name} in private test data")

    def persistent_load(self, pid: Any) -> Any:
        raise pickle.UnpicklingError("refused persistent id in private test data")


def _safe_unpickle_text(blob: bytes) -> str:
    try:
        value = _StringsOnlyUnpickler(io.BytesIO(blob)).load()
    except pickle.UnpicklingError as exc:
        raise FormatError(f"private tests: unsafe or corrupt pickle ({exc})") from None
    except Exception as exc:  # truncated or garbage streams raise assorted errors
        raise FormatError(f"private tests: corrupt pickle ({type(exc).__name__}: {exc})") from None
    if isinstance(value, bytes):
        value = value.decode("utf-8")
    if not isinstance(value, str):
        raise FormatError(f"private tests: pickle holds {type(value).__name__}, expected a JSON string")
    return value


def decode_lcb_private_tests(value: Any, *, max_bytes: int = MAX_PRIVATE_TESTS_BYTES) -> list[dict]:
    """Decode LCB ``private_test_cases``: "" / a JSON list / a JSON string of a list /
    base64(zlib(pickle(JSON string))) as in ``code_generation_lite``."""
    if value is None or value == "" or value == b"":
        return []
    if isinstance(value, list):
        cases = value
    else:
        if isinstance(value, bytes):
            value = value.decode("ascii", errors="replace")
        if not isinstance(value, str):
            raise FormatError(f"private_test_cases has type {type(value).__name__}")
        text = value.strip()
        cases = None
        if text[:1] == "[":
            try:
                cases = json.loads(text)
            except ValueError:
                cases = None
        if cases is None:
            try:
                raw = base64.b64decode("".join(text.split()), validate=True)
            except (binascii.Error, ValueError) as exc:
                raise FormatError(f"private_test_cases is neither JSON nor base64 ({exc})") from None
            try:
                dec = zlib.decompressobj()
                blob = dec.decompress(raw, max_bytes)
                if dec.unconsumed_tail:
                    raise FormatError(f"private_test_cases decompress to more than {max_bytes} bytes")
                blob += dec.flush()
            except zlib.error as exc:
                raise FormatError(f"private_test_cases is neither JSON nor zlib data ({exc})") from None
            try:
                cases = json.loads(_safe_unpickle_text(blob))
            except ValueError as exc:
                if isinstance(exc, FormatError):
                    raise
                raise FormatError(f"private tests: unpickled text is not JSON ({exc})") from None
    if not isinstance(cases, list):
        raise FormatError(f"private tests must be a list, got {type(cases).__name__}")
    return cases


def _lcb_case_list(value: Any, what: str) -> list[dict]:
    if value is None or value == "":
        return []
    value = json_text_or_value(value, what)
    if not isinstance(value, list):
        raise FormatError(f"{what} must be a list, got {type(value).__name__}")
    return value


def lcb_metadata(value: Any) -> dict:
    """LCB `metadata` (JSON text or dict) as a dict."""
    if value is None or value == "":
        return {}
    value = json_text_or_value(value, "metadata")
    if not isinstance(value, Mapping):
        raise FormatError(f"metadata must be an object, got {type(value).__name__}")
    return dict(value)


def lcb_tests(row: Mapping[str, Any]) -> tuple[Mode, tuple[TestCase, ...], str | None]:
    """Tests of a LiveCodeBench ``code_generation_lite`` row: public + private tests.

    Returns ``(mode, tests, fn_name)``; functional inputs are converted from LCB's
    one-JSON-value-per-line form to a JSON argument list, outputs to canonical JSON.
    """
    public = _lcb_case_list(row.get("public_test_cases"), "public_test_cases")
    private = decode_lcb_private_tests(row.get("private_test_cases"))
    metadata = lcb_metadata(row.get("metadata"))
    fn_name = metadata.get("func_name") or None
    cases = public + private
    if not cases:
        raise FormatError("no test cases (public and private tests are empty)")
    kinds = set()
    for i, case in enumerate(cases):
        if not isinstance(case, Mapping):
            raise FormatError(f"test {i} is {type(case).__name__}, not an object")
        kinds.add(case.get("testtype") or ("functional" if fn_name else "stdin"))
    if len(kinds) > 1:
        raise FormatError(f"mixed test types {sorted(kinds)}")
    mode = kinds.pop()
    if mode not in ("stdin", "functional"):
        raise FormatError(f"unknown testtype {mode!r}")
    tests = []
    for i, case in enumerate(cases):
        inp, out = case.get("input"), case.get("output")
        if not isinstance(inp, str) or not isinstance(out, str):
            raise FormatError(f"test {i}: input/output must be strings")
        if mode == "functional":
            try:
                tests.append(
                    TestCase(functional_input_from_lcb_lines(inp), _canonical_json_text(out, "expected output"))
                )
            except FormatError as exc:
                raise FormatError(f"test {i}: {exc}") from None
        else:
            tests.append(TestCase(inp, out))
    if mode == "functional" and not fn_name:
        names = method_names(row.get("starter_code") or "")
        if len(names) == 1:
            fn_name = names[0]
        else:
            raise FormatError("functional tests but no metadata.func_name (and no single method in starter_code)")
    return mode, tuple(tests), fn_name


# --------------------------------------------------------------------------- rows


def matches(row: Mapping[str, Any]) -> bool:
    return "question_content" in row and "public_test_cases" in row


def convert(row: Mapping[str, Any], ctx: RowContext) -> Problem:
    qid = need(row, "question_id", (str, int))
    qid = str(qid).strip()
    statement = need(row, "question_content")
    mode, tests, fn_name = lcb_tests(row)
    platform = opt_str(row, "platform").strip().lower() or None
    metadata = dict(lcb_metadata(row.get("metadata")))  # upstream metadata may carry rule keys
    metadata.update({"platform": platform, "source": ctx.source, "mode": mode})
    return Problem(
        id=f"{ctx.source}/{qid}",
        source=ctx.source,
        title=opt_str(row, "question_title").strip(),
        statement=statement,
        mode=mode,
        tests=list(tests),
        starter_code=opt_str(row, "starter_code"),
        fn_name=fn_name,
        difficulty=normalise_difficulty(row.get("difficulty")),
        contest_date=iso_date(row.get("contest_date")),
        platform=platform,
        reference_solutions=[],
        license=LICENSE,
        rule=judging_rule(statement, metadata),
        provenance=ctx.provenance(qid, contest_id=row.get("contest_id") or None),
    )


FORMAT = RowFormat("livecodebench", matches, convert, "LiveCodeBench code_generation_lite rows")
