"""verl plugin (entry point ``verl.plugins``): run verl 0.9.1 on a machine without a GPU.

verl imports this at ``import verl`` in every process (driver and Ray workers), so the
registrations below reach the workers too:

* platform ``cpu`` (:mod:`.platform`) -- auto-detected where no accelerator is present,
  or forced with ``VERL_PLATFORM=cpu``;
* rollout ``hf`` (:mod:`.hf_rollout`) -- ``transformers`` generation behind verl's
  rollout-replica contract;
* verl's FSDP training engines (actor and value model) for the ``cpu`` device: the same
  classes verl registers for ``cuda``/``npu``, FSDP2 over gloo;
* :mod:`.compat` -- the collective backend string verl builds, named once on a CPU.

Nothing here changes verl's behaviour on a GPU machine: the ``cpu`` platform is only chosen
when no accelerator platform is detected, and ``hf`` only when a config names it.
"""

from __future__ import annotations


def register() -> None:
    from verl.workers.rollout import base as rollout_base
    from verl.workers.rollout.replica import RolloutReplicaRegistry

    from . import compat, platform  # noqa: F401  (importing platform registers it)
    from .hf_rollout import ROLLOUT_NAME

    rollout_base._ROLLOUT_REGISTRY[(ROLLOUT_NAME, "async")] = "trainer_adapters.verl.cpu.hf_rollout.HFServerAdapter"

    def _load():
        from .hf_rollout import HFReplica

        return HFReplica

    RolloutReplicaRegistry.register(ROLLOUT_NAME, _load)
    compat.install()

    from verl.workers.engine.base import EngineRegistry
    from verl.workers.engine.fsdp.transformer_impl import FSDPEngineWithLMHead, FSDPEngineWithValueHead

    for model_type, engine in (("language_model", FSDPEngineWithLMHead), ("value_model", FSDPEngineWithValueHead)):
        for backend in ("fsdp", "fsdp2"):
            if "cpu" not in EngineRegistry._engines.get(model_type, {}).get(backend, {}):
                EngineRegistry.register(model_type=model_type, backend=backend, device="cpu")(engine)


# verl's plugin contract: it imports a ``verl.plugins`` entry point and expects the import itself to register.
register()
