"""``directions[i] == 'L' or directions[i] == 'R'`` (value_readings.values_listed): a subject equal to
one of the values listed is drawn from them; an existing test holding another value refuses."""

from __future__ import annotations

from test_testgen_conditions import fn_problem, why_not_read
from test_testgen_line_readings import _drawn

LINES = "1 <= directions.length <= 50\n{}\n1 <= nums.length <= 50\n{}"


def test_equalities_joined_by_or_are_the_values_drawn():
    got = _drawn(
        LINES.format("directions[i] == 'L' or directions[i] == 'R'", "nums[i] == 0 or nums[i] == 5 or nums[i] == 7"),
        "directions: List[str], nums: List[int]",
        ['{"directions": ["L", "R"], "nums": [0, 7]}'],
    )
    assert all(set(x["directions"]) <= {"L", "R"} and set(x["nums"]) <= {0, 5, 7} for x in got)
    assert {v for x in got for v in x["nums"]} == {0, 5, 7}


def test_an_existing_test_outside_the_values_refuses():
    broken = fn_problem(
        LINES.format("directions[i] == 'L' or directions[i] == 'R'", "1 <= nums[i] <= 9"),
        "directions: List[str], nums: List[int]",
        ['{"directions": ["L", "U"], "nums": [1]}'],
    )
    assert "breaks the constraints" in why_not_read(broken)
    other = fn_problem(  # two different subjects: not this phrasing, not read
        LINES.format("directions[i] == 'L' or nums[i] == 2", "1 <= nums[i] <= 9"),
        "directions: List[str], nums: List[int]",
        ['{"directions": ["L"], "nums": [2]}'],
    )
    assert "constraint not understood" in why_not_read(other)
