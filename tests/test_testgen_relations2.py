"""Relations and element phrasings the relation grammar's author left refused (issue 37, dev lines):
each read is enforced -- drawn inputs hold it, an existing test that breaks it refuses generation --
and a neighbouring phrasing that says more still refuses."""

from __future__ import annotations

from test_testgen_conditions import drawn, fn_problem, why_not_read

_CONVERT = (
    "1 <= cost.length == original.length == changed.length <= 20\n{line}\n1 <= cost[i] <= 10^6\n"
    "original[i] != changed[i]"
)
_CONVERT_SIG = "original: List[str], changed: List[str], cost: List[int]"
_CONVERT_TEST = '{"original": ["a","c"], "changed": ["c","b"], "cost": [1,2]}'


def test_elements_said_to_be_letters_are_one_letter_each():
    inputs = drawn(
        fn_problem(
            _CONVERT.format(line="original[i], changed[i] are lowercase English letters"), _CONVERT_SIG, [_CONVERT_TEST]
        )
    )
    words = [w for x in inputs for w in x["original"] + x["changed"]]
    assert words and all(len(w) == 1 and w.islower() for w in words)
    assert all(a != b for x in inputs for a, b in zip(x["original"], x["changed"]))


def test_an_existing_test_with_a_longer_element_refuses():
    broken = '{"original": ["ab","c"], "changed": ["c","b"], "cost": [1,2]}'
    p = fn_problem(
        _CONVERT.format(line="original[i], changed[i] are lowercase English letters"), _CONVERT_SIG, [broken]
    )
    assert "len(original[0])=2" in why_not_read(p)


def test_with_a_length_stated_the_words_say_what_each_consists_of():
    length = "1 <= original[i].length, changed[i].length <= 5"
    for lines in (
        f"{length}\noriginal[i], changed[i] are lowercase English letters",
        f"original[i], changed[i] are lowercase English letters\n{length}",
    ):
        inputs = drawn(fn_problem(_CONVERT.format(line=lines), _CONVERT_SIG, [_CONVERT_TEST]), n=60)
        words = [w for x in inputs for w in x["original"] + x["changed"]]
        assert max(map(len, words)) > 1 and all(1 <= len(w) <= 5 and w.islower() for w in words)


def test_consist_of_or_a_wider_class_still_has_no_length():
    for line in (
        "original[i], changed[i] consist of lowercase English letters",
        "original[i], changed[i] are lowercase English letters or digits",
    ):
        p = fn_problem(_CONVERT.format(line=line), _CONVERT_SIG, [_CONVERT_TEST])
        assert "no length stated for original[i]" in why_not_read(p)
