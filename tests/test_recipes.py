"""The shipped recipe configs load, and every source in them resolves to a reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from microcoder_data.collect import READERS, detect_format, parse_source_spec
from microcoder_data.config import load_config

RECIPES = sorted((Path(__file__).resolve().parent.parent / "recipes").glob("*.yaml"))

# Columns of each Hub dataset's rows as its dataset card documents them, and the reader they must reach:
# a Hub source is read by detecting the row format from the columns, so this is what decides the reader.
HUB_COLUMNS = {
    "agentica-org/DeepCoder-Preview-Dataset": (["problem", "tests", "solutions", "metadata"], "rllm"),
    "BAAI/TACO": (
        [
            "question",
            "solutions",
            "starter_code",
            "input_output",
            "difficulty",
            "raw_tags",
            "name",
            "source",
            "tags",
            "skill_types",
            "url",
            "Expected Auxiliary Space",
            "time_limit",
            "date",
            "picture_num",
            "memory_limit",
            "Expected Time Complexity",
        ],
        "taco",
    ),
    "deepmind/code_contests": (
        [
            "name",
            "description",
            "public_tests",
            "private_tests",
            "generated_tests",
            "source",
            "difficulty",
            "solutions",
            "incorrect_solutions",
            "cf_contest_id",
            "cf_index",
            "cf_points",
            "cf_rating",
            "cf_tags",
            "is_description_translated",
            "untranslated_description",
            "time_limit",
            "memory_limit_bytes",
            "input_file",
            "output_file",
        ],
        "codecontests",
    ),
    "KodCode/KodCode-Light-RL-10K": (
        [
            "version",
            "style",
            "subset",
            "question_id",
            "question",
            "solution",
            "test",
            "test_info",
            "gpt_pass_sequence",
            "gpt_pass_trial_num",
            "gpt_difficulty",
            "gpt_pass_percentage",
            "r1_pass_sequence",
            "r1_pass_trial_num",
            "r1_correctness",
            "r1_solution",
            "metadata",
            "conversations",
        ],
        "kodcode",
    ),
    "livecodebench/code_generation_lite": (
        [
            "question_title",
            "question_content",
            "platform",
            "question_id",
            "contest_id",
            "contest_date",
            "starter_code",
            "difficulty",
            "public_test_cases",
            "private_test_cases",
            "metadata",
        ],
        "livecodebench",
    ),
}


def _reader_of(spec: str) -> str:
    name, arg = parse_source_spec(spec)
    if name != "hf":
        return name
    repo = "/".join(arg.split(":")[0].split("/")[:2])
    assert repo in HUB_COLUMNS, f"{spec}: no documented columns for {repo}; add them to HUB_COLUMNS"
    columns, _ = HUB_COLUMNS[repo]
    fmt = detect_format({c: "" for c in columns})
    assert fmt is not None, f"{spec}: rows with columns {columns} match no reader"
    return fmt.name


@pytest.mark.parametrize("recipe", RECIPES, ids=[r.name for r in RECIPES])
def test_every_source_of_a_recipe_resolves_to_a_reader(recipe):
    cfg = load_config(recipe)  # unknown keys would raise
    specs = list(cfg.sources) + list(cfg.filter.decontam.reference)
    assert specs
    for spec in specs:
        reader = _reader_of(spec)
        assert reader in READERS and reader != "auto", f"{spec}: resolves to {reader!r}"
        name, _ = parse_source_spec(spec)
        if name == "hf":
            repo = "/".join(spec[3:].split("/")[:2])
            assert reader == HUB_COLUMNS[repo][1], f"{spec}: read as {reader}, expected {HUB_COLUMNS[repo][1]}"


def test_the_microcoder_recipe_covers_the_papers_sources_and_window():
    cfg = load_config(Path(__file__).resolve().parent.parent / "recipes" / "microcoder-dataset.yaml")
    readers = {_reader_of(s) for s in cfg.sources}
    assert {"rllm", "taco", "codecontests", "leetcodedataset", "kodcode", "livecodebench"} <= readers
    # LiveCodeBench v6's window is held out: by date and by overlap with the window's statements
    assert cfg.filter.decontam.enabled and cfg.filter.decontam.date_cutoff == "2025-02-01"
    assert cfg.filter.decontam.reference_after_date == "2025-02-01"
    assert all(_reader_of(s) == "livecodebench" for s in cfg.filter.decontam.reference)
