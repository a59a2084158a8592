"""``temperature=auto`` on TRL with several processes (accelerate, DDP, FSDP, DeepSpeed).

The probe runs once training has prepared the model (the first rollout round), never
before: under FSDP or ZeRO-3 the weights are sharded by then and sampling is a collective.
The probe prompts are shared out over the processes (:func:`share_of`), every process
calls ``generate`` the same number of times (sharded models sample in lockstep), the
samples are gathered back into prompt order (:func:`in_prompt_order`), and the main
process alone chooses; the others receive its choice (:func:`decided_by_main`). Every
rank therefore samples at one temperature, and a choice that fails fails on all ranks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["decided_by_main", "in_prompt_order", "share_of", "slots_per_process"]

T = TypeVar("T")


def slots_per_process(num_prompts: int, world: int) -> int:
    """Prompts each process samples (the last processes may pad with a repeat)."""
    return max(1, math.ceil(num_prompts / max(1, world)))


def share_of(items: Sequence[T], rank: int, world: int) -> list[T]:
    """Process ``rank``'s probe prompts: every ``world``-th one, starting at ``rank``."""
    return list(items[rank::world])


def in_prompt_order(per_process: Sequence[Sequence[T]], world: int) -> list[T]:
    """Undo :func:`share_of`: process ``r``'s ``j``-th result is prompt ``j * world + r``'s."""
    total = sum(len(part) for part in per_process)
    return [per_process[i % world][i // world] for i in range(total)]


def decided_by_main(accelerator: Any, decide: Callable[[], Any]) -> Any:
    """``decide()`` on the main process, its result (or its ``ValueError``) on every process."""
    if accelerator.num_processes == 1:
        return decide()
    from accelerate.utils import broadcast_object_list

    message: list[Any] = [None, None]
    if accelerator.is_main_process:
        try:
            message = [decide(), None]
        except ValueError as exc:
            message = [None, str(exc)]
    broadcast_object_list(message, from_process=0)
    if message[1] is not None:
        raise ValueError(message[1])
    return message[0]
