"""MicroCoderGRPOConfig: the paper's defaults, each overridable.

Defaults follow "Breaking Training Bottlenecks: Effective and Stable Reinforcement
Learning for Coding Models" (MicroCoder-GRPO): Qwen3-4B-Instruct-2507, 4K response
length in training and 8K in evaluation, temperature 1.2, batch 64 prompts x 8 samples,
lr 1e-6, binary 0/1 reward, no KL (no reference model), clip-higher eps 0.2/0.28,
token-mean loss aggregation, validation = mean accuracy over 4 samples.

Choices the paper does not pin down here (documented, overridable):

* ``mask_probability`` (rho) = 0.3. The paper compares partial masking (rates such as
  30%) against full masking (rho = 1). Full masking removes every learning signal from
  long responses that are cut off while on track, which lets response length drift
  upwards unchecked; a partial rate keeps most of the length penalty (stability) while
  sparing a share of long, on-track answers (long-output potential). 0.3 is the partial
  rate the paper studies; set 1.0 for full masking and 0.0 to disable the mask.
* ``ppo_mini_batch_size`` = 16 prompts: 4 policy updates per batch of 64 prompts. Clip
  ratios (and so clip-higher) only matter when there is more than one update per batch.
* ``temperature=auto`` (:mod:`.auto_temperature`): ``convergence_diversity`` (0.35) is
  the 4-gram diversity a run settles to, ``fluctuation_threshold`` (0.15) the largest
  spread of per-prompt diversity (std across probe prompts) accepted as stable. Both are
  starting points to calibrate on your own model: docs/train.md, "Diversity and temperature", says how.
* ``repetition_check`` "period": the repetition condition catches loops of any period up
  to ``repetition_window``; "window" is the paper's literal two-window comparison.
* ``val_temperature`` 0.7 / ``val_top_p`` 0.8: Qwen3-Instruct-2507's recommended
  sampling settings, used for validation (mean@``val_num_samples``).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from microcoder_eval.config_keys import (
    UnknownKeyError,
    check_keys,
    in_file,
    read_config_file,
    unknown_key_lines,
)

from .temperature import TemperatureSchedule

__all__ = ["AUTO", "MicroCoderGRPOConfig", "UnknownConfigKeyError", "parse_temperature_stages"]


#: a key that is not a MicroCoderGRPOConfig field (a ``KeyError``; the message names the key)
UnknownConfigKeyError = UnknownKeyError
_WHAT = (
    "MicroCoderGRPOConfig key"  # what its message calls a key: "unknown MicroCoderGRPOConfig key 'x'; did you mean y?"
)

_DEFAULT_TEMPERATURE = 1.2
AUTO = "auto"
_DEFAULT_STAGES: list[tuple[int, float]] = [(0, _DEFAULT_TEMPERATURE)]


@dataclass
class MicroCoderGRPOConfig:
    """The trainer config; each field's help is its ``metadata["help"]`` (``microcoder train --help``)."""

    # --- model & lengths
    model_name_or_path: str = field(
        default="Qwen/Qwen3-4B-Instruct-2507", metadata={"help": "Model path or Hub name to train."}
    )
    max_prompt_length: int = field(default=2048, metadata={"help": "Longest prompt, in tokens."})
    max_response_length: int = field(
        default=4096, metadata={"help": "Longest response in training, in tokens (a longer one is truncated)."}
    )
    eval_max_response_length: int = field(default=8192, metadata={"help": "Longest response in validation, in tokens."})
    # --- batch & optimisation
    train_batch_size: int = field(default=64, metadata={"help": "Prompts per step."})
    ppo_mini_batch_size: int = field(
        default=16, metadata={"help": "Prompts per policy update (< train_batch_size => several updates a step)."}
    )
    ppo_epochs: int = field(default=1, metadata={"help": "Passes over each step's batch."})
    learning_rate: float = field(default=1e-6, metadata={"help": "Learning rate (constant)."})
    weight_decay: float = field(default=0.0, metadata={"help": "Weight decay."})
    grad_clip: float = field(default=1.0, metadata={"help": "Gradient norm clip."})
    num_generations: int = field(default=8, metadata={"help": "Samples per prompt (the GRPO group size G)."})
    total_training_steps: int | None = field(
        default=None, metadata={"help": "Steps to train; None: total_epochs over the dataset."}
    )
    total_epochs: int = field(
        default=1, metadata={"help": "Epochs over the dataset when total_training_steps is None."}
    )
    # --- loss
    clip_ratio_low: float = field(default=0.2, metadata={"help": "PPO clip ratio below 1."})
    clip_ratio_high: float = field(default=0.28, metadata={"help": "PPO clip ratio above 1 (clip-higher)."})
    loss_agg_mode: str = field(
        default="token-mean",
        metadata={
            "help": "Loss aggregation: token-mean | seq-mean-token-sum | seq-mean-token-mean | seq-mean-token-sum-norm."
        },
    )
    use_kl_loss: bool = field(
        default=False, metadata={"help": "Add a KL loss to a reference model (off: no reference model)."}
    )
    kl_coef: float = field(default=0.0, metadata={"help": "KL loss coefficient (with use_kl_loss)."})
    entropy_coeff: float = field(default=0.0, metadata={"help": "Entropy bonus coefficient."})
    # --- reward
    reward: str = field(
        default="binary",
        metadata={"help": "binary (the paper) or fraction (share of tests passed); microcoder_eval.reward's reward=."},
    )
    reward_workers: int = field(
        default=0,
        metadata={
            "help": "Sandbox judge workers per reward process; 0 = verl: cores // reward.num_workers, TRL: all cores (MICROCODER_REWARD_WORKERS overrides)."
        },
    )
    reward_time_limit: float = field(
        default=0.0,
        metadata={
            "help": "Per-test CPU seconds for problems without their own limit; 0 = the judge's 6 s (MICROCODER_REWARD_TIME_LIMIT overrides)."
        },
    )
    # --- temperature (change 2)
    temperature: float | str = field(
        default=_DEFAULT_TEMPERATURE,
        metadata={"help": "Sampling temperature (the first stage), or auto (probe, then diversity-driven stages)."},
    )
    temperature_stages: list[tuple[int, float]] = field(
        default_factory=lambda: list(_DEFAULT_STAGES),
        metadata={"help": "Temperature schedule: start_step:temperature,... (low to high)."},
    )
    probe_temperatures: tuple[float, ...] = field(
        default=(0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8),
        metadata={"help": "temperature=auto: temperatures the probe tries."},
    )
    probe_prompts: int = field(
        default=16,
        metadata={"help": "temperature=auto: training prompts sampled (seeded) for the probe, G samples each."},
    )
    convergence_diversity: float = field(
        default=0.35, metadata={"help": "temperature=auto: diversity a run settles to; start at or above it."}
    )
    fluctuation_threshold: float = field(
        default=0.15, metadata={"help": "temperature=auto: max std of per-prompt diversity across probe prompts."}
    )
    diversity_window: int = field(
        default=10,
        metadata={"help": "temperature=auto: steps of falling diversity below convergence before moving up a stage."},
    )
    diversity_ngram: int = field(default=4, metadata={"help": "n of the n-gram diversity."})
    top_p: float = field(default=1.0, metadata={"help": "Sampling top-p."})
    top_k: int = field(default=-1, metadata={"help": "Sampling top-k (-1: off)."})
    # --- conditional truncation masking (change 1)
    mask_probability: float = field(
        default=0.3,
        metadata={"help": "Share (rho) of mask candidates whose advantage is zeroed (1: all, 0: mask off)."},
    )
    repetition_window: int = field(
        default=128, metadata={"help": "Longest loop period (tokens) the repetition check catches."}
    )
    repetition_check: str = field(
        default="period",
        metadata={"help": "period (loops of any period <= window) or window (the paper's literal two-window check)."},
    )
    # --- DAPO baseline choices (preset dapo; off for MicroCoder-GRPO)
    dynamic_sampling: bool = field(
        default=False, metadata={"help": "Drop groups whose samples all have the same accuracy, refill (verl only)."}
    )
    overlong_buffer_length: int = field(
        default=0, metadata={"help": "> 0: DAPO's soft overlong penalty over the last N tokens."}
    )
    overlong_penalty_factor: float = field(default=1.0, metadata={"help": "Weight of the overlong penalty."})
    # --- validation
    val_num_samples: int = field(default=4, metadata={"help": "Samples per validation prompt (mean@k)."})
    val_temperature: float = field(default=0.7, metadata={"help": "Validation temperature."})
    val_top_p: float = field(default=0.8, metadata={"help": "Validation top-p."})
    test_freq: int = field(default=10, metadata={"help": "Validate every N steps."})
    val_before_train: bool = field(default=True, metadata={"help": "Validate before the first step."})
    # --- bookkeeping
    seed: int = field(default=42, metadata={"help": "Random seed."})
    save_freq: int = field(default=50, metadata={"help": "Checkpoint every N steps."})
    output_dir: str | None = field(
        default=None, metadata={"help": "Checkpoints / outputs directory (None: outputs/<project>/<experiment>)."}
    )
    project_name: str = field(
        default="microcoder", metadata={"help": "Project name (logging, default output directory)."}
    )
    experiment_name: str = field(
        default="microcoder-grpo", metadata={"help": "Experiment name (logging, default output directory)."}
    )
    backend_overrides: dict[str, list[str]] = field(
        default_factory=dict,
        metadata={
            "help": "Backend name -> backend-native key=value overrides (verl Hydra keys, trl.GRPOConfig fields)."
        },
    )

    # ------------------------------------------------------------------ validation
    def __post_init__(self) -> None:
        self.probe_temperatures = tuple(sorted(float(t) for t in self.probe_temperatures))
        if isinstance(self.temperature, str) and self.temperature.strip().lower() == AUTO:
            self.temperature = AUTO
            stages = parse_temperature_stages(self.temperature_stages)
            if len(stages) > 1:
                raise ValueError("temperature=auto chooses the temperature itself; do not set temperature_stages")
            if not self.probe_temperatures:
                raise ValueError("temperature=auto needs probe_temperatures")
            # until the probe has run, the schedule holds the lowest probe temperature
            self.temperature_stages = [(0, self.probe_temperatures[0])]
            self._finish_post_init()
            return
        self.temperature = float(self.temperature)
        stages = parse_temperature_stages(self.temperature_stages)
        if stages == _DEFAULT_STAGES and self.temperature != _DEFAULT_TEMPERATURE:
            stages = [(0, self.temperature)]  # temperature=... alone sets a single stage
        if stages and stages[0][0] > 0:
            stages = [(0, self.temperature)] + stages
        first = stages[0][1] if stages else self.temperature
        if self.temperature != first:
            if self.temperature != _DEFAULT_TEMPERATURE:
                raise ValueError(
                    f"temperature={self.temperature} conflicts with temperature_stages starting at {first}; "
                    "set only temperature_stages (its first stage is the initial temperature)"
                )
            self.temperature = first
        self.temperature_stages = stages
        self._finish_post_init()

    def _finish_post_init(self) -> None:
        TemperatureSchedule(self.temperature_stages)  # validates order / low-to-high
        self.backend_overrides = _normalise_backend_overrides(self.backend_overrides)
        self._check()

    @property
    def auto_temperature(self) -> bool:
        """``temperature=auto``: probe before step 1, then diversity-driven stages."""
        return self.temperature == AUTO

    def _check(self) -> None:
        errors = []
        for name in (
            "max_prompt_length",
            "max_response_length",
            "eval_max_response_length",
            "train_batch_size",
            "ppo_mini_batch_size",
            "num_generations",
            "val_num_samples",
            "repetition_window",
            "diversity_ngram",
            "ppo_epochs",
            "total_epochs",
            "probe_prompts",
            "diversity_window",
        ):
            if int(getattr(self, name)) <= 0:
                errors.append(f"{name} must be positive")
        if self.ppo_mini_batch_size > self.train_batch_size:
            errors.append("ppo_mini_batch_size must be <= train_batch_size")
        if not 0.0 <= self.mask_probability <= 1.0:
            errors.append("mask_probability must be in [0, 1]")
        if self.clip_ratio_low < 0 or self.clip_ratio_high < 0:
            errors.append("clip ratios must be non-negative")
        if self.loss_agg_mode not in (
            "token-mean",
            "seq-mean-token-sum",
            "seq-mean-token-mean",
            "seq-mean-token-sum-norm",
        ):
            errors.append(f"unknown loss_agg_mode {self.loss_agg_mode!r}")
        if self.repetition_check not in ("period", "window"):
            errors.append(f"repetition_check must be 'period' or 'window', got {self.repetition_check!r}")
        if self.diversity_window < 2:
            errors.append("diversity_window must be at least 2 (a trend needs two points)")
        if self.overlong_buffer_length < 0 or self.overlong_buffer_length >= self.max_response_length:
            errors.append("overlong_buffer_length must be in [0, max_response_length)")
        if self.use_kl_loss and self.kl_coef <= 0:
            errors.append("use_kl_loss needs a positive kl_coef")
        if self.reward not in ("binary", "fraction"):
            errors.append(f"reward must be 'binary' or 'fraction', got {self.reward!r}")
        if self.reward_workers < 0 or self.reward_time_limit < 0:
            errors.append("reward_workers and reward_time_limit must be >= 0 (0 = the default)")
        if self.total_training_steps is not None and self.total_training_steps <= 0:
            errors.append("total_training_steps must be positive or None")
        if errors:
            raise ValueError("invalid MicroCoderGRPOConfig: " + "; ".join(errors))

    # ------------------------------------------------------------------ helpers
    def judge_keywords(self) -> dict[str, Any]:
        """The reward's judge settings as ``microcoder_eval.reward`` keywords (those set, i.e. not 0)."""
        out: dict[str, Any] = {}
        if self.reward_workers:
            out["judge_workers"] = int(self.reward_workers)
        if self.reward_time_limit:
            out["judge_time_limit_s"] = float(self.reward_time_limit)
        return out

    @property
    def schedule(self) -> TemperatureSchedule:
        return TemperatureSchedule(self.temperature_stages)

    def to_dict(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["temperature_stages"] = [[s, t] for s, t in self.temperature_stages]
        out["probe_temperatures"] = list(self.probe_temperatures)
        return out

    @classmethod
    def field_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    # ------------------------------------------------------------------ loading
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MicroCoderGRPOConfig:
        data = dict(data)
        # every unknown key and bad value in one message, a line each
        problems = unknown_key_lines(data, cls.field_names(), _WHAT)
        unknown = bool(problems)
        hints = typing.get_type_hints(cls)
        kwargs = {}
        for k, v in data.items():
            if k in hints:
                try:
                    kwargs[k] = _coerce(k, v, hints[k])
                except ValueError as exc:
                    problems.append(str(exc))
        if problems:
            raise (UnknownKeyError if unknown else ValueError)("\n".join(problems))
        return cls(**kwargs)

    @classmethod
    def from_file(cls, path: str | Path) -> MicroCoderGRPOConfig:
        """Load a YAML or JSON file of config keys (a top-level ``microcoder:`` section is also accepted)."""
        data = read_config_file(path)  # a file that does not parse: one line naming it, line and column
        if set(data) <= {"microcoder", "backend_overrides"} and "microcoder" in data:
            merged = dict(data["microcoder"] or {})
            if "backend_overrides" in data:
                merged["backend_overrides"] = data["backend_overrides"]
            data = merged
        try:
            return cls.from_dict(data)
        except ValueError as exc:
            raise in_file(path, exc) from None

    def with_overrides(self, overrides: Iterable[str] | Mapping[str, Any]) -> MicroCoderGRPOConfig:
        """Return a copy with ``["key=value", ...]`` (or a mapping) applied.

        Values are coerced to the field's type (ints, floats, bools as
        true/false/1/0/yes/no, ``null``/``none`` for optional fields, lists as JSON/YAML
        or comma-separated; ``temperature_stages`` also as ``"0:1.0,100:1.2"``).
        An unknown key raises ``KeyError`` naming it.
        """
        if isinstance(overrides, Mapping):
            pairs = list(overrides.items())
        else:
            pairs = []
            for item in overrides:
                if "=" not in item:
                    raise ValueError(f"override {item!r} is not of the form key=value")
                key, value = item.split("=", 1)
                pairs.append((key.strip(), value))
        known = set(self.field_names())
        hints = typing.get_type_hints(type(self))
        changes: dict[str, Any] = {}
        for key, value in pairs:
            check_keys([key], known, _WHAT)
            changes[key] = _coerce(key, value, hints[key])
        if changes.get("temperature") == AUTO:
            changes.setdefault("temperature_stages", [(0, 1.0)])  # replaced by __post_init__
        elif "temperature" in changes and "temperature_stages" not in changes:
            if len(self.temperature_stages) > 1:
                raise ValueError("temperature= would override a multi-stage schedule; set temperature_stages instead")
            changes["temperature_stages"] = [(0, float(changes["temperature"]))]
        elif "temperature_stages" in changes and "temperature" not in changes:
            stages = parse_temperature_stages(changes["temperature_stages"])
            changes["temperature_stages"] = stages
            changes["temperature"] = stages[0][1] if stages and stages[0][0] == 0 else self.temperature
        return dataclasses.replace(self, **changes)


# ---------------------------------------------------------------------- parsing helpers
def parse_temperature_stages(value: Any) -> list[tuple[int, float]]:
    """Accepts ``[(0, 1.0), (100, 1.2)]``, ``[[0, 1.0], ...]``, ``[{"step": 0, "temperature": 1.0}]``,
    ``"0:1.0,100:1.2"`` or JSON/YAML text of the list forms."""
    if isinstance(value, str):
        text = value.strip()
        if text.startswith(("[", "{")):
            import yaml

            value = yaml.safe_load(text)
        else:
            value = [part.split(":", 1) for part in text.split(",") if part.strip()]
            if any(len(p) != 2 for p in value):
                raise ValueError(f"temperature_stages {text!r}: expected 'step:temperature,...'")
    if isinstance(value, Mapping):  # {step: temperature}
        value = sorted(value.items(), key=lambda kv: int(kv[0]))
    stages = []
    for st in value:
        if isinstance(st, Mapping):
            st = (st.get("step", st.get("start_step")), st["temperature"])
        if len(st) != 2:
            raise ValueError(f"temperature stage {st!r}: expected (start_step, temperature)")
        step = float(st[0])
        if step != int(step):
            raise ValueError(f"temperature stage step {st[0]!r} is not an integer")
        stages.append((int(step), float(st[1])))
    return stages


def _normalise_backend_overrides(value: Any) -> dict[str, list[str]]:
    if not value:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError("backend_overrides must map a backend name to a list of 'key=value' strings")
    out: dict[str, list[str]] = {}
    for backend, items in value.items():
        if isinstance(items, Mapping):
            out[str(backend)] = [f"{k}={_to_override_text(v)}" for k, v in items.items()]
        elif isinstance(items, str):
            out[str(backend)] = [items]
        else:
            out[str(backend)] = [str(x) for x in (items or [])]
    return out


def _to_override_text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, (list, dict)):
        return json.dumps(v)
    return str(v)


_TRUE = {"true", "1", "yes", "y", "on"}
_FALSE = {"false", "0", "no", "n", "off"}


def _coerce(key: str, value: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    optional = origin in (typing.Union, getattr(__import__("types"), "UnionType", typing.Union)) and type(None) in args
    if optional:
        if value is None or (isinstance(value, str) and value.strip().lower() in ("null", "none", "~", "")):
            return None
        inner = [a for a in args if a is not type(None)]
        hint = inner[0]
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
    try:
        if key == "temperature":
            if isinstance(value, str) and value.strip().lower() == AUTO:
                return AUTO
            return float(value)
        if key == "temperature_stages":
            return parse_temperature_stages(value)
        if key == "backend_overrides":
            if isinstance(value, str):
                import yaml

                value = yaml.safe_load(value)
            return _normalise_backend_overrides(value)
        if hint is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(f"not a boolean: {value!r}")
        if hint is int:
            if isinstance(value, bool):
                raise ValueError("boolean given for an integer")
            try:
                f = float(value)
            except (TypeError, ValueError):
                raise ValueError(f"not an integer: {value!r}") from None
            if f != int(f):
                raise ValueError(f"not an integer: {value!r}")
            return int(f)
        if hint is float:
            if isinstance(value, bool):
                raise ValueError("boolean given for a float")
            try:
                return float(value)
            except (TypeError, ValueError):
                raise ValueError(f"not a number: {value!r}") from None
        if hint is str:
            return str(value)
        if origin in (list, tuple):
            if isinstance(value, str):
                text = value.strip()
                if text.startswith("["):
                    import yaml

                    value = yaml.safe_load(text)
                else:
                    value = [p.strip() for p in text.split(",") if p.strip()]
            elem = args[0] if args else str
            items = [_coerce(key, v, elem) for v in value]
            return tuple(items) if origin is tuple else items
        if origin is dict:
            return dict(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"cannot set {key}={value!r}: {exc}") from exc
    return value
