"""Story sentences and glosses that constrain an input: read (enforced) or refused, never read
silently (the reviewer's holes: a value word in a story sentence, an input set to a number, a gloss
that is more than a noun phrase, a sentence after a gloss starting with an input name)."""

from __future__ import annotations

import pytest
from test_testgen_prose_promises import STORY, _problem

from microcoder_data.testgen.prose_promises import sentences, split_sentences
from microcoder_data.testgen.prose_sentences import noun_phrases
from microcoder_data.testgen.stdin_format import StdinSpec, stdin_spec


@pytest.mark.parametrize(
    "promise",
    [
        "The sum of all a_i is at most 10.",
        "Dana's array has a_1 = 1.",
        "All a_i are equal.",
        "Every element of the array is a power of two.",
        "Initially, no two neighbours are equal.",
        "Each a_i is even.",
    ],
)
def test_a_story_sentence_constraining_the_input_refuses(promise):
    got = stdin_spec(_problem(STORY.replace("In one operation", promise + " In one operation")))
    assert not isinstance(got, StdinSpec)
    assert got.refusal.kind in ("promise", "unsupported_constraint")


@pytest.mark.parametrize(
    "gloss",
    [
        "the elements of the array, all of them equal",
        "the elements of the array, with a_1 = 1",
        "the elements of the array; a_1 = 1 and the sum is at most 10",
        "the elements of the array. a_1 is the largest element",
    ],
)
def test_a_gloss_saying_more_than_what_the_values_are_refuses(gloss):
    got = stdin_spec(_problem(STORY.replace("the elements of the array", gloss)))
    assert not isinstance(got, StdinSpec)


def test_the_story_still_reads_with_its_plain_gloss_and_task_sentences():
    assert isinstance(stdin_spec(_problem(STORY)), StdinSpec)
    assert noun_phrases("the number of rows and columns in the grid, the size of the rectangle, respectively")
    assert noun_phrases("the mass of fish, of meat, and how much to eat")
    assert not noun_phrases("the elements of the array, none of them zero")


def test_one_splitter_cuts_before_an_input_name_and_joins_a_formula_set_apart():
    assert split_sentences("the elements of the array. a_1 is the largest.") == [
        "the elements of the array.",
        "a_1 is the largest.",
    ]
    assert split_sentences("Make the product\n\na_1 * a_2\n\ndivisible by k.") == [
        "Make the product a_1 * a_2 divisible by k."
    ]
    # a product is no bullet; a bullet after a colon still is the sentence's
    assert sentences("Find a_1 * a_2 * ... * a_n modulo k.") == ["Find a_1 * a_2 * ... * a_n modulo k."]
    assert sentences("You can: * choose i; * add one.") == ["You can: choose i; add one."]


@pytest.mark.parametrize(
    "sentence",
    [
        "Denote f(b) as the number of operations until all elements of b are equal.",
        "The MEX of the array is equal to the minimum non-negative integer that is not in it.",
        "For example, if a_1 = 2, one operation makes it 3.",
        "In the three versions, the constraints on n and the time limit are different.",
        "Find the sum of all a_i that are at most k.",
    ],
)
def test_definitions_examples_and_the_task_promise_nothing(sentence):
    assert isinstance(
        stdin_spec(_problem(STORY.replace("In one operation", sentence + " In one operation"))), StdinSpec
    )
