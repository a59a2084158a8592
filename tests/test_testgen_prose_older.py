"""Codeforces' older Input sections (prose_sentences.rephrase): subscripts a scraped statement lost ("a1, a2, ...,
an (1 ≤ ai ≤ 10^9)"), "In the first line there is ...", "Input contains a single integer ..." -- read as the lines
they are, the drawn inputs within what they say."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_wordings import prose_problem, reads_prose  # noqa: E402

from microcoder_data.testgen.input_size import read_input_spec  # noqa: E402
from microcoder_data.testgen.inputgen import generate_inputs  # noqa: E402
from microcoder_data.testgen.prose_sentences import rephrase  # noqa: E402
from microcoder_data.testgen.refusal import Refusal  # noqa: E402


def _drawn(section: str, sample: str) -> list[list[str]]:
    reading = read_input_spec(prose_problem(section, sample))
    assert not isinstance(reading, Refusal), reading.message
    spec, sspec = reading
    return [sspec.render(json.loads(x)).split("\n") for x in generate_inputs(spec, "cf/x", 20, max_len=8)]


def test_lost_subscripts_are_written_back_for_a_one_letter_list_and_its_i():
    said = rephrase("The second line contains n integers a1, a2, ..., an (1 <= ai <= 10^9)")
    assert said == "The second line contains n integers a_1, a_2, ..., a_n (1 <= a_i <= 10^9)"
    assert (
        rephrase("The line contains a1 and a2 (1 <= a1, a2 <= 9)") == "The line contains a1 and a2 (1 <= a1, a2 <= 9)"
    )


def test_an_old_array_line_draws_n_values_within_the_range():
    section = "The first line contains integer n (1 ≤ n ≤ 10^5). The second line contains n integers a1, a2, ..., an (-5 ≤ ai ≤ 5)."
    for lines in _drawn(section, "3\n1 2 3\n"):
        values = [int(v) for v in lines[1].split()]
        assert len(values) == int(lines[0]) and all(-5 <= v <= 5 for v in values)


@pytest.mark.parametrize(
    "section, sample, bounds",
    [
        ("In the first line there is one integer n (1 ≤ n ≤ 7).", "5\n", (1, 7)),
        ("Input contains a single integer n (2 ≤ n ≤ 9).", "5\n", (2, 9)),
    ],
)
def test_a_line_said_otherwise(section, sample, bounds):
    assert all(bounds[0] <= int(lines[0]) <= bounds[1] for lines in _drawn(section, sample))


def test_a_length_in_a_sentence_of_its_own_stays_unread():  # its lower bound is unsaid: not guessed
    ok, why = reads_prose(
        "The first line contains a non-empty string s consisting of lowercase English letters. The length of s does "
        "not exceed 10^5.",
        "abc\n",
    )
    assert not ok and "not understood" in why


def test_a_neighbour_written_without_its_braces_is_the_next_element():
    section = (
        "The first line contains integer n (1 ≤ n ≤ 10). The second line contains n integers a1, a2, ..., an "
        "(1 ≤ ai ≤ 3, ai ≠ ai+1)."
    )
    for lines in _drawn(section, "3\n1 2 1\n"):
        values = lines[1].split()
        assert all(x != y for x, y in zip(values, values[1:]))


def test_an_element_compared_with_itself_give_or_take_a_constant_stays_unread():  # the review's: always true
    ok, why = reads_prose(
        "The first line contains integer n (1 ≤ n ≤ 10). The second line contains n integers a_1, a_2, ..., a_n "
        "(1 ≤ a_i ≤ 3, a_i ≠ a_i+1).",
        "3\n1 2 1\n",
    )
    assert not ok and "not understood" in why
