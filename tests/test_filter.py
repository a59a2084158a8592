"""Filter stage: quality, relevance, decontamination, exact + MinHash dedup, difficulty."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest
from datasketch import MinHash

from microcoder_data.config import DecontamConfig, DedupConfig, DifficultyConfig, FilterConfig
from microcoder_data.filter import (
    Decontaminate,
    DifficultyStep,
    ExactDedup,
    MinHashDedup,
    MinHasher,
    QualityFilter,
    RelevanceFilter,
    load_pass_rates,
)
from microcoder_data.recipe import filter_steps
from microcoder_data.filter.minhash import jaccard, lsh_threshold
from microcoder_testing.problems import sample_problems
from microcoder_data.pipeline.step import run_steps
from microcoder_data.schema import Problem, Reject
from microcoder_eval.types import TestCase


def one(step, p):
    out = list(step.run([p]))
    assert len(out) == 1
    return out[0]


@pytest.fixture
def problems() -> list[Problem]:
    return copy.deepcopy(sample_problems())


def with_statement(p: Problem, statement: str, pid: str | None = None) -> Problem:
    q = copy.deepcopy(p)
    q.statement = statement
    if pid:
        q.id = pid
    return q


LONG = (
    "Alice has a row of N boxes, the i-th containing A_i coins. In one move she may take every coin "
    "from a box, but then the two neighbouring boxes are sealed and can no longer be opened. Find the "
    "largest number of coins Alice can collect when she plays optimally, and print it on one line. "
    "The first line of the input holds N, the second line the N values A_1 through A_N."
)


# ----------------------------------------------------------------- quality / relevance


def test_quality(problems):
    assert one(QualityFilter(), problems[0]) is problems[0]
    assert "words" in one(QualityFilter(), with_statement(problems[0], "Print the sum.")).reason
    numbers = with_statement(
        problems[0],
        " ".join(str(i) for i in range(400)) + " print the numbers in the list above now please dear friend ok yes",
    )
    assert "letters" in one(QualityFilter(), numbers).reason
    rep = with_statement(problems[0], "\n".join(["This line is repeated again and again."] * 10 + [LONG]))
    assert "repeats" in one(QualityFilter(), rep).reason


@pytest.mark.parametrize(
    "extra, why",
    [
        ("This is an interactive problem. After printing a query, flush the output.", "interactive"),
        ("If there are multiple answers, print any of them.", "multiple answers"),
        ("The grid is shown in the figure below.", "image"),
        ("Read the input from the file input.txt and write the answer to output.txt.", "files"),
    ],
)
def test_relevance_drops(problems, extra, why):
    out = one(RelevanceFilter(), with_statement(problems[0], LONG + " " + extra))
    assert isinstance(out, Reject) and out.step == "relevance" and why in out.reason


def test_relevance_keeps_ordinary_and_image_free_shown(problems):
    assert isinstance(one(RelevanceFilter(), with_statement(problems[0], LONG + " Return them in any order.")), Problem)
    p = with_statement(problems[0], LONG + " The pattern is as shown below:\n#.#\n.#.")
    assert isinstance(one(RelevanceFilter(), p), Problem)  # no picture was removed: ASCII art
    p.provenance = {"noise": {"images": 1}}
    assert isinstance(one(RelevanceFilter(), p), Reject)


# ----------------------------------------------------------------- MinHash


def test_minhasher_matches_datasketch():
    mh = MinHasher(112, 5, 1)
    sh = mh.shingle_hashes(LONG)
    ref = MinHash(num_perm=112, seed=1, hashfunc=int)
    ref.update_batch([int(x) for x in sh])
    assert np.array_equal(ref.hashvalues, mh.signature(LONG))
    assert mh.lean(mh.signature(LONG)).jaccard(mh.lean(mh.signature(LONG))) == 1.0


def test_minhash_similarity_sane():
    mh = MinHasher()
    near = LONG.replace("Alice", "Bob", 1)
    assert jaccard(mh.signature(LONG), mh.signature(near)) > 0.8
    assert jaccard(mh.signature(LONG), mh.signature(sample_problems()[2].statement)) < 0.2
    assert 0.7 < lsh_threshold(14, 8) < 0.75


# ----------------------------------------------------------------- dedup


def test_exact_dedup_keeps_the_richest_copy(problems):
    a = with_statement(problems[0], LONG, "src/a")
    b = with_statement(problems[0], LONG.upper().replace(",", " ,"), "src/b")  # case/punctuation only
    b.tests = b.tests + [TestCase("9 9\n", "18\n")]
    out = list(ExactDedup().run([a, b]))
    assert isinstance(out[0], Reject) and "exact duplicate of src/b" in out[0].reason
    assert out[1] is b


def test_minhash_dedup_near_duplicates_order_independent(problems):
    base = with_statement(problems[0], LONG, "s/base")
    near = with_statement(problems[0], LONG.replace("optimally", "as well as she can"), "s/near")
    other = [with_statement(p, p.statement, f"s/o{i}") for i, p in enumerate(problems)]
    items = [base, near] + other
    results = []
    for seed in range(3):
        shuffled = items[:]
        random.Random(seed).shuffle(shuffled)
        out = list(MinHashDedup(DedupConfig()).run(copy.deepcopy(shuffled)))
        results.append(sorted((o.id, isinstance(o, Reject)) for o in out))
        rejected = [o for o in out if isinstance(o, Reject)]
        assert len(rejected) == 1 and rejected[0].id == "s/near" and "near duplicate of s/base" in rejected[0].reason
    assert results[0] == results[1] == results[2]


# ----------------------------------------------------------------- decontamination


def lcb_like(pid: str, statement: str, date: str) -> Problem:
    return Problem(
        id=pid,
        source="livecodebench",
        title="",
        statement=statement,
        mode="stdin",
        tests=[TestCase("1\n", "1\n")],
        contest_date=date,
    )


BOILER = "The input is given from Standard Input in the following format and all input values are integers. "


def test_decontam_date_ngram_minhash(problems):
    bench = [
        lcb_like(f"livecodebench/b{i}", BOILER + s, "2024-09-01")
        for i, s in enumerate(
            [
                LONG,
                "Takahashi has a string S of length N made of the letters A and B. Count the substrings that contain "
                "more letters A than letters B and print that count modulo 998244353 on a single line of output.",
                "You are given a tree with N vertices. For each vertex print the distance to the farthest vertex from it, "
                "where the distance is the number of edges on the unique path between the two vertices.",
                "Snuke is planting flowers along a road at positions one through N and each day he waters a segment of "
                "consecutive flowers. Report how many flowers received at least K waterings after all M days have passed.",
            ]
        )
    ] + [lcb_like("livecodebench/old", "An old problem about " + LONG[:80], "2023-01-01")]
    step = Decontaminate(DecontamConfig(date_cutoff="2024-08-01", reference_after_date="2024-08-01"), reference=bench)
    step.prepare()
    assert step.describe()["reference_problems"] == 4
    copied = with_statement(problems[0], "Intro sentence. " + LONG + " Extra.", "x/copied")
    late = copy.deepcopy(problems[1])
    late.contest_date = "2024-10-02"
    boiler_only = with_statement(problems[2], BOILER + problems[2].statement, "x/boiler")  # boilerplate is shared by 4
    out = {o.id: o for o in step.run([copied, late, boiler_only, problems[3]])}
    assert isinstance(out["x/copied"], Reject) and "livecodebench/b0" in out["x/copied"].reason
    assert "16-gram" in out["x/copied"].reason
    assert isinstance(out[late.id], Reject) and "cut-off" in out[late.id].reason
    assert isinstance(out["x/boiler"], Problem)
    assert isinstance(out[problems[3].id], Problem)


def test_decontam_minhash_catches_light_paraphrase(problems):
    para = LONG.replace("sealed", "locked")
    bench = [lcb_like("livecodebench/b0", LONG, "2024-09-01")]
    # n-gram test switched off: only the MinHash test can catch it
    step = Decontaminate(DecontamConfig(min_shared_ngrams=10**6, minhash_threshold=0.6), reference=bench)
    out = one(step, with_statement(problems[0], para, "x/para"))
    assert isinstance(out, Reject) and "MinHash" in out.reason


def test_decontam_step_pickles_prepared(problems):
    import pickle

    step = Decontaminate(reference=[lcb_like("livecodebench/b0", LONG, "2024-09-01")])
    step.prepare()
    again = pickle.loads(pickle.dumps(step))
    assert isinstance(one(again, with_statement(problems[0], LONG, "x/c")), Reject)


# ----------------------------------------------------------------- difficulty


def test_pass_rates_file_formats(tmp_path):
    f = tmp_path / "samples.jsonl"
    rows = [
        {"problem_id": "abc", "lcb_graded": "True"},
        {"problem_id": "abc", "lcb_graded": False},
        {"id": "fixture/sum-two", "passed": True},
        {"task_id": "z", "pass_rate": 0.1},
    ]
    f.write_text("\n".join(json.dumps(r) for r in rows))
    assert load_pass_rates(f) == {"abc": 0.5, "fixture/sum-two": 1.0, "z": 0.1}


def test_difficulty_from_pass_rates_and_labels(problems):
    rates = {"fixture/sum-two": 0.05, "reverse-word": 0.5}  # by full id and by upstream id
    step = DifficultyStep(DifficultyConfig(), pass_rates=rates)
    out = {o.id: o for o in step.run(copy.deepcopy(problems))}
    assert out["fixture/sum-two"].difficulty == "hard"
    assert out["fixture/sum-two"].provenance["difficulty"]["pass_rate"] == 0.05
    assert out["fixture/reverse-word"].difficulty == "medium"
    assert out["fixture/max-of-list"].difficulty == "medium"  # source label


def test_difficulty_target_rebalancing_is_deterministic():
    ps = []
    for i in range(60):
        p = copy.deepcopy(sample_problems()[0])
        p.id = f"x/{i:03d}"
        p.difficulty = "easy" if i < 40 else ("medium" if i < 50 else "hard")
        ps.append(p)
    cfg = DifficultyConfig(target={"easy": 0.5, "medium": 0.25, "hard": 0.25})
    out1 = list(DifficultyStep(cfg, pass_rates={}).run(copy.deepcopy(ps)))
    out2 = list(DifficultyStep(cfg, pass_rates={}).run(copy.deepcopy(list(reversed(ps)))))
    kept1 = sorted(o.id for o in out1 if isinstance(o, Problem))
    kept2 = sorted(o.id for o in out2 if isinstance(o, Problem))
    assert kept1 == kept2 and len(kept1) == 40
    labels = [o.difficulty for o in out1 if isinstance(o, Problem)]
    assert labels.count("easy") == 20 and labels.count("medium") == 10 and labels.count("hard") == 10
    assert all("over the target share" in o.reason for o in out1 if isinstance(o, Reject))


def test_difficulty_unknown_policy():
    p = copy.deepcopy(sample_problems()[0])
    p.difficulty = None
    assert isinstance(one(DifficultyStep(DifficultyConfig(unknown="drop"), pass_rates={}), copy.deepcopy(p)), Reject)
    assert (
        one(DifficultyStep(DifficultyConfig(unknown="medium"), pass_rates={}), copy.deepcopy(p)).difficulty == "medium"
    )
    assert one(DifficultyStep(DifficultyConfig(), pass_rates={}), copy.deepcopy(p)).difficulty is None


# ----------------------------------------------------------------- the stage


def test_filter_stage_balances(problems):
    dup = with_statement(problems[0], problems[0].statement, "fixture/zz-dup")  # same tests: the smaller id stays
    interactive = with_statement(problems[1], LONG + " This is an interactive problem.", "fixture/inter")
    items = problems + [dup, interactive]
    cfg = FilterConfig()
    cfg.decontam.enabled = False
    steps = filter_steps(cfg, pass_rates={})
    for s in steps:
        s.prepare()
    kept, rejects = run_steps(steps, copy.deepcopy(items))
    assert len(kept) + len(rejects) == len(items)
    assert {r.id: r.step for r in rejects} == {"fixture/zz-dup": "exact_dedup", "fixture/inter": "relevance"}


DEFINITION = (
    "A subsequence is an array that can be derived from another array by deleting some or no elements "
    "without changing the order of the remaining elements. "
)


def test_decontam_shared_definition_is_not_contamination(problems):
    bench = [
        lcb_like(
            "livecodebench/b0", "Given nums, return the longest zigzag subsequence length. " + DEFINITION, "2024-09-01"
        )
    ]
    mine = with_statement(problems[0], LONG + " " + DEFINITION + "Count such subsequences of the coin values.", "x/def")
    kept = one(Decontaminate(DecontamConfig(minhash_threshold=None), reference=bench), copy.deepcopy(mine))
    assert isinstance(kept, Problem)  # one shared definition sentence: below the 20 % share
    strict = DecontamConfig(min_shared_fraction=0.0, minhash_threshold=None)  # open-r1 style: any shared n-gram
    dropped = one(Decontaminate(strict, reference=bench), copy.deepcopy(mine))
    assert isinstance(dropped, Reject) and "livecodebench/b0" in dropped.reason
