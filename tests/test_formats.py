"""Format-level converters (microcoder_eval.ground_truth, microcoder_data.collect.asserts / literals /
livecodebench): APPS/TACO input_output, LiveCodeBench public/private tests (incl. the compressed pickle form and a hostile pickle), assert
conversion without execution, LeetCode text values."""

from __future__ import annotations

import base64
import json
import os
import pickle
import zlib

import pytest

from microcoder_data.collect.asserts import convert_asserts, fn_name_from_entry_point, parse_asserts
from microcoder_data.collect.literals import parse_leetcode_args, parse_leetcode_value
from microcoder_data.collect.livecodebench import decode_lcb_private_tests, functional_input_from_lcb_lines, lcb_tests
from microcoder_eval.ground_truth import FormatError, NotConvertible, functional_test, tests_from_apps_io, to_json_value
from microcoder_eval.types import TestCase
from microcoder_eval.ground_truth import from_ground_truth


def _compress(obj_text: str) -> str:
    """LiveCodeBench code_generation_lite private-test encoding."""
    return base64.b64encode(zlib.compress(pickle.dumps(obj_text))).decode("ascii")


# --------------------------------------------------------------------------- APPS / TACO


def test_apps_stdin_tests_and_line_lists():
    mode, tests = tests_from_apps_io({"inputs": ["1 2\n", ["3 4", "5"]], "outputs": ["3\n", ["7", "5"]]})
    assert mode == "stdin"
    assert tests == (TestCase("1 2\n", "3\n"), TestCase("3 4\n5\n", "7\n5"))


def test_apps_call_based_unwraps_one_element_lists():
    # APPS train/4184 style: every output wrapped in a one-element list
    mode, tests = tests_from_apps_io({"fn_name": "is_prime", "inputs": [[1], [2]], "outputs": [[False], [True]]})
    assert mode == "functional"
    assert [(t.input, t.output) for t in tests] == [("[1]", "false"), ("[2]", "true")]


def test_apps_call_based_plain_outputs_kept():
    # APPS train/2404 style: outputs not wrapped
    _, tests = tests_from_apps_io(
        json.dumps({"fn_name": "findKthPositive", "inputs": [[[2, 3, 4, 7, 11], 5]], "outputs": [9]})
    )
    assert tests == (TestCase("[[2, 3, 4, 7, 11], 5]", "9"),)
    # a list-valued answer that is not uniformly wrapped stays as it is
    _, tests = tests_from_apps_io({"fn_name": "f", "inputs": [[1], [2]], "outputs": [[1, 2], [3]]})
    assert [t.output for t in tests] == ["[1, 2]", "[3]"]


@pytest.mark.parametrize(
    "data, match",
    [
        ({"inputs": ["1"], "outputs": []}, "1 inputs but 0 outputs"),
        ({"inputs": "x", "outputs": []}, "list fields"),
        ("{not json", "not JSON"),
        ([1, 2], "must be an object"),
        ({"fn_name": "f", "inputs": [[{1, 2}]], "outputs": [[1]]}, "set value"),
    ],
)
def test_apps_malformed(data, match):
    with pytest.raises(FormatError, match=match):
        tests_from_apps_io(data)


def test_judge_task_from_apps_ground_truth():
    task = from_ground_truth(json.dumps({"inputs": [[3]], "outputs": [[9]], "fn_name": "sq"}))
    assert task.mode == "functional" and task.fn_name == "sq"
    assert task.tests == (TestCase("[3]", "9"),)


# --------------------------------------------------------------------------- LiveCodeBench


def _lcb_row(public, private="", func_name=None, starter=""):
    return {
        "public_test_cases": json.dumps(public),
        "private_test_cases": private,
        "metadata": json.dumps({"func_name": func_name} if func_name else {}),
        "starter_code": starter,
    }


def test_lcb_functional_lines_to_json_args():
    assert functional_input_from_lcb_lines('[1, 2]\n"ab"\n3') == '[[1, 2], "ab", 3]'
    assert functional_input_from_lcb_lines('{"a":\n 1}\n-2\n') == '[{"a": 1}, -2]'
    with pytest.raises(FormatError):
        functional_input_from_lcb_lines("[1, 2\n")


def test_lcb_tests_functional_and_stdin():
    row = _lcb_row([{"input": "[1,2]\n3", "output": "[ 1 ]", "testtype": "functional"}], func_name="f")
    mode, tests, fn = lcb_tests(row)
    assert (mode, fn) == ("functional", "f")
    assert tests == (TestCase("[[1, 2], 3]", "[1]"),)
    mode, tests, fn = lcb_tests(_lcb_row([{"input": "1 2\n", "output": "3\n", "testtype": "stdin"}]))
    assert (mode, fn, tests) == ("stdin", None, (TestCase("1 2\n", "3\n"),))


def test_lcb_func_name_from_starter_code_when_metadata_lacks_it():
    row = _lcb_row(
        [{"input": "1", "output": "2", "testtype": "functional"}],
        starter="class Solution:\n    def plusOne(self, x: int) -> int:\n        ",
    )
    assert lcb_tests(row)[2] == "plusOne"


def test_lcb_compressed_private_tests_round_trip():
    private = [
        {"input": "5\n", "output": "25\n", "testtype": "stdin"},
        {"input": "7\n", "output": "49\n", "testtype": "stdin"},
    ]
    blob = _compress(json.dumps(private))
    assert decode_lcb_private_tests(blob) == private
    mode, tests, _ = lcb_tests(_lcb_row([{"input": "2\n", "output": "4\n", "testtype": "stdin"}], private=blob))
    assert mode == "stdin"
    assert [t.output for t in tests] == ["4\n", "25\n", "49\n"]
    # plain JSON private tests work too
    assert decode_lcb_private_tests(json.dumps(private)) == private
    assert decode_lcb_private_tests("") == []


class _Evil:
    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_lcb_malicious_pickle_is_refused_without_running(tmp_path, monkeypatch):
    marker = tmp_path / "pwned"
    blobs = [
        pickle.dumps(_Evil(marker)),  # what pickle.dumps makes of a __reduce__ payload
        f"cos\nsystem\n(S'touch {marker}'\ntR.".encode(),  # hand-written protocol-0 GLOBAL + REDUCE
        f"cbuiltins\neval\n(S'open({str(marker)!r}, \"w\")'\ntR.".encode(),
    ]
    calls = []
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)  # belt and braces
    for raw in blobs:
        blob = base64.b64encode(zlib.compress(raw)).decode()
        with pytest.raises(FormatError, match="refused global"):
            decode_lcb_private_tests(blob)
        with pytest.raises(FormatError, match="refused global"):
            lcb_tests(_lcb_row([{"input": "1\n", "output": "1\n", "testtype": "stdin"}], private=blob))
    assert calls == [] and not marker.exists()
    # a pickle that builds something other than a string is refused as well
    blob = base64.b64encode(zlib.compress(pickle.dumps([1, 2]))).decode()
    with pytest.raises(FormatError, match="expected a JSON string"):
        decode_lcb_private_tests(blob)


@pytest.mark.parametrize(
    "private, match",
    [
        ("!!!not base64 or json!!!", "neither JSON nor base64"),
        (base64.b64encode(b"plain bytes").decode(), "zlib"),
        (base64.b64encode(zlib.compress(b"garbage")).decode(), "corrupt pickle"),
        (base64.b64encode(zlib.compress(pickle.dumps("not json"))).decode(), "not JSON"),
        (12, "type int"),
    ],
)
def test_lcb_bad_private_tests(private, match):
    with pytest.raises(FormatError, match=match):
        decode_lcb_private_tests(private)


def test_lcb_decompression_bomb_guard():
    blob = base64.b64encode(zlib.compress(pickle.dumps("x" * 100_000))).decode()
    with pytest.raises(FormatError, match="more than"):
        decode_lcb_private_tests(blob, max_bytes=1000)


@pytest.mark.parametrize(
    "row, match",
    [
        (_lcb_row([]), "no test cases"),
        ({"public_test_cases": "[{", "metadata": "{}"}, "not JSON"),
        (
            _lcb_row(
                [
                    {"input": "1", "output": "1", "testtype": "stdin"},
                    {"input": "1", "output": "1", "testtype": "functional"},
                ],
                func_name="f",
            ),
            "mixed",
        ),
        (_lcb_row([{"input": "1", "output": "1", "testtype": "functional"}]), "func_name"),
        (_lcb_row([{"input": "1", "output": "nope", "testtype": "functional"}], func_name="f"), "not JSON"),
        (_lcb_row([{"input": 1, "output": "1", "testtype": "stdin"}]), "must be strings"),
    ],
)
def test_lcb_malformed(row, match):
    with pytest.raises(FormatError, match=match):
        lcb_tests(row)


# --------------------------------------------------------------------------- JSON values


def test_to_json_value():
    assert to_json_value((1, (2, 3), {"a": (True, None)})) == [1, [2, 3], {"a": [True, None]}]
    for bad in ({1}, {1: 2}, b"x", 1j, float("nan"), float("inf")):
        with pytest.raises(NotConvertible):
            to_json_value(bad)
    assert functional_test({"a": 1}, (1, 2)) == TestCase('{"a": 1}', "[1, 2]")


# --------------------------------------------------------------------------- asserts

HUMANEVAL_LIKE = """
METADATA = {'author': 'jt', 'dataset': 'test'}


def check(candidate):
    assert candidate([1.0, 2.0, 3.9], 0.3) == True
    assert candidate([1.0, 2.8], 0.05) == False, "message is ignored"
    assert abs(candidate([1.0, 2.0, 3.0]) - 2.0/3.0) < 1e-6
    assert candidate(-3, (1, 2)) == (-3, [1, 2])
    assert candidate('a' * 3) is None
    assert not candidate(0)
    assert candidate(1)
    assert True
    assert math.isclose(candidate(2), 0.25, rel_tol=1e-4)
    assert round(candidate(3), 2) == 1.73
    assert candidate(10**9 + 7) == [0] * 3
    assert tuple(candidate(4)) == tuple([1, 2])
"""


def test_check_candidate_body():
    res = parse_asserts(HUMANEVAL_LIKE, "f")
    got = [(t.input, t.output) for t in res.tests]
    assert got == [
        ("[[1.0, 2.0, 3.9], 0.3]", "true"),
        ("[[1.0, 2.8], 0.05]", "false"),
        ("[[1.0, 2.0, 3.0]]", json.dumps(2.0 / 3.0)),
        ("[-3, [1, 2]]", "[-3, [1, 2]]"),
        ('["aaa"]', "null"),
        ("[0]", "false"),
        ("[1]", "true"),
        ("[2]", "0.25"),
        ("[3]", "1.73"),
        ("[1000000007]", "[0, 0, 0]"),
        ("[4]", "[1, 2]"),
    ]
    assert res.unconverted == []
    assert res.fn_name == "f"
    assert res.tolerance == pytest.approx(0.005, rel=1e-6)  # the round(..., 2) form is the loosest


def test_keyword_calls_and_check_call_names_the_method():
    src = (
        "def check(candidate):\n"
        "    assert candidate(nums = [2,7,11,15], target = 9) == [0,1]\n"
        "    assert candidate(nums = [-1], target = -1) == []\n"
        "\n\ncheck(Solution().twoSum)\n"
    )
    res = parse_asserts(src)
    assert res.fn_name == "twoSum"
    assert [t.input for t in res.tests] == ['{"nums": [2, 7, 11, 15], "target": 9}', '{"nums": [-1], "target": -1}']


def test_deepseek_style_kwargs_through_a_variable():
    src = (
        "\nmy_solution = Solution()\n\n"
        'test_input = { "word": "abcde", "k": -2 }\n'
        "assert my_solution.minimumPushes(**test_input) == 5\n\n"
        'test_input = { "word": "b", "k": 0 }\n'
        "assert my_solution.minimumPushes(**test_input) == 1\n"
    )
    tests, reasons = convert_asserts(src)
    assert reasons == []
    assert tests == (TestCase('{"word": "abcde", "k": -2}', "5"), TestCase('{"word": "b", "k": 0}', "1"))
    assert parse_asserts(src).fn_name == "minimumPushes"


def test_solution_instance_and_mbpp_plain_function():
    tests, reasons = convert_asserts("assert Solution().f(**{'a': 1}) == 2\nassert Solution().f(a=3) == 4")
    assert [t.input for t in tests] == ['{"a": 1}', '{"a": 3}'] and reasons == []
    res = parse_asserts(
        [
            "assert min_cost([[1, 2, 3], [4, 8, 2]], 2, 2) == 8",
            "assert math.isclose(min_cost([[1]], 0, 0), 1.0, abs_tol=0.001)",
            "assert (min_cost([[2]], 0, 0)) == 2 ",
        ]
    )
    assert res.fn_name == "min_cost"
    assert [t.output for t in res.tests] == ["8", "1.0", "2"]
    assert res.tolerance == 0.001


@pytest.mark.parametrize(
    "line, reason",
    [
        ("assert f({1, 2}) == 3", "set value is not JSON"),
        ("assert f(1) == {1: 'a'}", "not a string"),
        ("assert sorted(f(1)) == [1, 2]", "passes through sorted()"),
        ("assert set(f(1)) == set((4, 5))", "passes through set()"),
        ("assert f(x) == 1", "not bound to a literal"),
        ("assert f(1, b=2) == 3", "mixes positional and keyword"),
        ("assert f(1) == g(2)", "not a literal"),
        ("assert f(1) is 3", "identity comparison"),
        ("assert f(1) != 2", "unsupported comparison (NotEq)"),
        ("assert g(1) == 2", "no call of f() compared"),
        ("assert f(b'x') == 1", "not a literal"),
        ("assert f(float('inf')) == 1", "not a literal"),
    ],
)
def test_unconvertible_asserts_report_reasons(line, reason):
    res = parse_asserts(line, "f")
    assert res.tests == ()
    assert len(res.unconverted) == 1 and reason in res.unconverted[0], res.unconverted
    assert res.unconverted[0].startswith("line 1:")


def test_asserts_in_loops_and_setup_objects_are_reported_not_run():
    src = (
        "def check(candidate):\n"
        "    import random\n"
        "    assert candidate(1, 2) == 3\n"
        "    for _ in range(3):\n"
        "        x = random.randint(0, 9)\n"
        "        assert candidate(x, 0) == x\n"
    )
    res = parse_asserts(src, "add")
    assert res.tests == (TestCase("[1, 2]", "3"),)
    assert len(res.unconverted) == 1 and "For statement" in res.unconverted[0]
    res = parse_asserts("root = Node(1)\nroot.left = Node(2)\nassert height(root) == 2")
    assert res.tests == () and "root" in res.unconverted[0]


def test_nothing_is_executed(tmp_path):
    marker = tmp_path / "ran"
    src = f"assert f(__import__('os').system('touch {marker}')) == 1\nimport os\nos.system('touch {marker}')"
    res = parse_asserts(src, "f")
    assert res.tests == () and not marker.exists()


def test_syntax_error_is_a_reason():
    tests, reasons = convert_asserts("assert f(1 == 2", "f")
    assert tests == () and "does not parse" in reasons[0]


def test_huge_literals_are_refused():
    res = parse_asserts("assert f([0] * 10**9) == 1", "f")
    assert res.tests == () and "too large" in res.unconverted[0]


# --------------------------------------------------------------------------- LeetCode text


def test_leetcode_args_and_values():
    assert parse_leetcode_args("nums = [2,7,11,15], target = 9") == {"nums": [2, 7, 11, 15], "target": 9}
    assert parse_leetcode_args('s = "a, b = 1", flag = true, x = null') == {"s": "a, b = 1", "flag": True, "x": None}
    assert parse_leetcode_args("grid = [[1,2],[3,4]], k = -1.5") == {"grid": [[1, 2], [3, 4]], "k": -1.5}
    assert parse_leetcode_args("") == {}
    assert parse_leetcode_value("[True, False, None]") == [True, False, None]
    assert parse_leetcode_value("['a', 'b']") == ["a", "b"]
    assert parse_leetcode_value('"true"') == "true"
    with pytest.raises(NotConvertible):
        parse_leetcode_args("2, nums = [1,2,_]")
    with pytest.raises(NotConvertible):
        parse_leetcode_args("a = 1, a = 2")
    with pytest.raises(NotConvertible):
        parse_leetcode_value("NaN")


def test_entry_point():
    assert fn_name_from_entry_point("Solution().twoSum") == "twoSum"
    assert fn_name_from_entry_point("is_prime") == "is_prime"
    with pytest.raises(FormatError):
        fn_name_from_entry_point("Solution().")
