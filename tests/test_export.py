"""Export: verl parquet (read by verl's RLHFDataset and the reward function), datasets
copy, card with figures, rejects, problems, publish."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from cli.data_cmd import data
from microcoder_data.config import ExportConfig, PipelineConfig
from microcoder_data.export import (
    PublishError,
    export_all,
    files_to_publish,
    publish,
    split_of,
    user_prompt,
    verl_row,
    verl_tables,
)
from microcoder_data.pipeline.rows import make_reject, problems_table, reject_row, rejects_table
from microcoder_data.pipeline.report import BuildResult, StageReport
from microcoder_testing.problems import sample_problems
from microcoder_data.schema import Problem
from microcoder_eval.ground_truth import from_ground_truth

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def tiny_tokenizer(texts: list[str]):
    """A word-level tokenizer trained here (nothing from the Hub) with a chat template."""
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(
        texts, trainers.WordLevelTrainer(special_tokens=["[UNK]", "[PAD]", "<|im_start|>", "<|im_end|>"])
    )
    hf = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]", pad_token="[PAD]", eos_token="<|im_end|>")
    hf.chat_template = (
        "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    return hf


def load_with_verl(parquet: Path, tmp_path: Path) -> tuple[object, list[dict]]:
    """Open a train parquet with verl's RL dataset reader, as a verl trainer would."""
    from omegaconf import OmegaConf
    from verl.utils.dataset.rl_dataset import RLHFDataset

    table = pq.read_table(parquet).to_pylist()
    texts = [m["content"] for r in table for m in r["prompt"]]
    tok = tiny_tokenizer(texts)
    cfg = OmegaConf.create(
        {
            "cache_dir": str(tmp_path / "verl-cache"),
            "prompt_key": "prompt",
            "max_prompt_length": 100_000,
            "filter_overlong_prompts": True,
            "filter_overlong_prompts_workers": 1,
            "truncation": "error",
        }
    )
    ds = RLHFDataset(str(parquet), tok, cfg)
    return ds, [ds[i] for i in range(len(ds))]


def fake_result(out: Path, problems: list[Problem], **export) -> BuildResult:
    cfg = PipelineConfig(out_dir=str(out), sources=["fixture"])
    for k, v in export.items():
        setattr(cfg.export, k, v)
    for p in problems:
        p.provenance = {"verify": {"verified": True}}
    kept = problems_table(p.to_row() for p in problems)
    rej = rejects_table(
        [
            reject_row(
                make_reject(
                    "filter",
                    "exact_dedup",
                    "exact duplicate of fixture/sum-two",
                    {"id": "fixture/dup", "source": "fixture"},
                )
            )
        ]
    )
    stages = [
        StageReport("collect", len(problems) + 1, len(problems) + 1, 0),
        StageReport("process", len(problems) + 1, len(problems) + 1, 0),
        StageReport("filter", len(problems) + 1, len(problems), 1, by_step={"exact_dedup": 1}),
        StageReport("verify", len(problems), len(problems), 0),
    ]
    return BuildResult(out, cfg, stages, kept, rej)


@pytest.fixture
def built(tmp_path) -> Path:
    out = tmp_path / "ds"
    export_all(fake_result(out, copy.deepcopy(sample_problems()), test_fraction=0.3))
    return out


# ----------------------------------------------------------------- verl rows


def test_verl_row_layout_and_ground_truth():
    p = sample_problems()[5]  # functional
    row = verl_row(p, 3, "train", ExportConfig())
    assert row["data_source"] == "microcoder/fixture" and row["ability"] == "code"
    assert [m["role"] for m in row["prompt"]] == ["system", "user"]
    user = row["prompt"][1]["content"]
    assert p.statement in user and p.starter_code.rstrip() in user and "```python" in user
    assert "Implement the method `countPairs` of class `Solution`" in user
    assert row["reward_model"]["style"] == "rule"
    assert from_ground_truth(row["reward_model"]["ground_truth"]) == p.judge_task()
    assert row["extra_info"]["id"] == p.id and row["extra_info"]["index"] == 3 and row["extra_info"]["split"] == "train"


def test_stdin_prompt_states_contract():
    text = user_prompt(sample_problems()[0])
    assert "standard input" in text and "standard output" in text and "Starter code" not in text


def test_split_assignment_deterministic():
    ps = sample_problems()
    cfg = ExportConfig(test_fraction=0.5, seed=7)
    assert [split_of(p, cfg) for p in ps] == [split_of(p, cfg) for p in ps]
    dated = copy.deepcopy(ps[0])
    dated.contest_date = "2025-01-01"
    assert split_of(dated, ExportConfig(test_after_date="2024-12-01")) == "test"
    tables = verl_tables(ps, cfg)
    assert tables["train"].num_rows + tables["test"].num_rows == len(ps)
    assert tables["train"].column("extra_info").to_pylist()[0]["index"] == 0


# ----------------------------------------------------------------- files


def test_export_layout(built):
    names = {p.name for p in built.iterdir()}
    assert {
        "train.parquet",
        "test.parquet",
        "problems.parquet",
        "rejects.parquet",
        "rejects.jsonl",
        "README.md",
        "difficulty.png",
        "tests.png",
        "stats.json",
        "hf",
    } <= names
    train, test = pq.read_table(built / "train.parquet"), pq.read_table(built / "test.parquet")
    assert train.num_rows + test.num_rows == len(sample_problems())
    assert train.column_names == ["data_source", "prompt", "ability", "reward_model", "extra_info"]
    assert (built / "difficulty.png").read_bytes().startswith(PNG_MAGIC)
    card = (built / "README.md").read_text()
    for needle in (
        "![difficulty histogram](difficulty.png)",
        "![tests per problem](tests.png)",
        "## Pipeline counts",
        "CC0-1.0",
        "exact_dedup",
        '"num_bands": 14',
        "split: test",
    ):
        assert needle in card
    rejects = [json.loads(line) for line in (built / "rejects.jsonl").read_text().splitlines()]
    assert rejects[0]["stage"] == "filter" and rejects[0]["reason"].startswith("exact duplicate")
    problems = [Problem.from_row(r) for r in pq.read_table(built / "problems.parquet").to_pylist()]
    assert sorted(p.id for p in problems) == sorted(p.id for p in sample_problems())


def test_export_is_byte_identical(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    export_all(fake_result(a, copy.deepcopy(sample_problems())))
    export_all(fake_result(b, copy.deepcopy(list(reversed(sample_problems())))))
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files:
        if rel.name == "README.md":  # names the out dir in its parameters? it must not
            assert str(a) not in (a / rel).read_text()
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel


def test_hf_copy_loads(built):
    import datasets

    dd = datasets.load_from_disk(str(built / "hf"))
    assert set(dd) == {"train", "test"}
    assert dd["train"].num_rows == pq.read_table(built / "train.parquet").num_rows
    assert dd["train"][0]["reward_model"]["style"] == "rule"


def test_verl_rlhf_dataset_reads_train_parquet(built, tmp_path):
    ds, rows = load_with_verl(built / "train.parquet", tmp_path)
    assert len(ds) == pq.read_table(built / "train.parquet").num_rows
    for r in rows:
        assert r["raw_prompt"][1]["role"] == "user"
        assert r["data_source"].startswith("microcoder/")
        assert isinstance(r["reward_model"]["ground_truth"], str)
        assert r["index"] == r["extra_info"]["index"]


def test_reward_function_scores_references(built):
    from microcoder_eval.reward import compute_score

    by_id = {p.id: p for p in sample_problems()}
    for r in pq.read_table(built / "train.parquet").to_pylist():
        ref = by_id[r["extra_info"]["id"]].reference_solutions[0]
        res = compute_score(
            r["data_source"], f"Here it is:\n```python\n{ref}\n```", r["reward_model"]["ground_truth"], r["extra_info"]
        )
        assert res["score"] == 1.0, (r["extra_info"]["id"], res)
        bad = compute_score(r["data_source"], "```python\nprint('nope')\n```", r["reward_model"]["ground_truth"])
        assert bad["score"] == 0.0


# ----------------------------------------------------------------- publish


def test_publish_dry_run_lists_files(built):
    (built / "_work").mkdir()
    (built / "_work" / "x.parquet").write_bytes(b"123")
    files = publish(built, "org/name", dry_run=True)
    paths = [f.path for f in files]
    assert "train.parquet" in paths and "README.md" in paths and any(p.startswith("hf/") for p in paths)
    assert not any(p.startswith("_work") for p in paths)
    assert all(f.size > 0 for f in files)
    res = CliRunner().invoke(data, ["publish", str(built), "--repo-id", "org/name", "--dry-run"])
    assert res.exit_code == 0, res.output
    assert "would push" in res.output and "train.parquet" in res.output


def test_publish_offline_is_a_clear_error(built, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(PublishError, match="HF_HUB_OFFLINE"):
        publish(built, "org/name")
    res = CliRunner().invoke(data, ["publish", str(built), "--repo-id", "org/name"])
    assert res.exit_code != 0 and "cannot push" in res.output


def test_publish_unreachable_hub_is_a_clear_error(built, monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens there
    monkeypatch.setenv("HF_HUB_ETAG_TIMEOUT", "2")
    with pytest.raises(PublishError, match="could not push"):
        publish(built, "org/name", token="hf_dummy")


def test_publish_needs_a_built_folder(tmp_path):
    with pytest.raises(PublishError, match="not a built dataset folder"):
        files_to_publish(tmp_path)
    with pytest.raises(PublishError, match="ORG/NAME"):
        publish(tmp_path, "just-a-name", dry_run=True)
