"""Three verl 0.9.1 calls that fail as written in our environment, and their corrections.

1. Collective backend on a CPU. ``verl.utils.distributed.initialize_global_process_group_ray`` builds the collective
backend string ``"cpu:gloo,<device>:<backend>"``; with the ``cpu`` device that is
``"cpu:gloo,cpu:gloo"``, which ``torch.distributed.init_process_group`` rejects ("Duplicate
device type cpu"). On the ``cpu`` platform the wrapper passes ``"cpu:gloo"`` -- the same
backend, named once. Everywhere else it calls verl's function unchanged.

It must be installed before ``verl.workers.engine_workers`` imports the function by name,
which is why the plugin (loaded at ``import verl``) installs it.

2. TRL's value-head model. Before building any FSDP model, verl's ``apply_monkey_patch``
patches ``AutoModelForCausalLMWithValueHead.state_dict`` whenever ``trl`` is importable;
TRL 1.x (our TRL backend's version) no longer has that class, so the import fails and the
actor never starts -- on a GPU too. The class is only needed to patch it, so verl is told
TRL is available only when the class is.

3. The reference model on a CPU. verl's FSDP2 engine gives every forward-only model (the
GRPO baseline's reference policy) ``CPUOffloadPolicy(pin_memory=True)``; pinning host memory
needs an accelerator. On the ``cpu`` platform the engine gets the same policy without
pinning (the parameters already live in host memory).
"""

from __future__ import annotations

import functools

__all__ = ["install"]


def install() -> None:
    _install_collective_backend()
    _install_trl_value_head_check()
    _install_unpinned_offload_on_cpu()


def _install_collective_backend() -> None:
    import verl.utils.distributed as dist
    from verl.plugin.platform import get_platform

    original = dist.initialize_global_process_group_ray
    if getattr(original, "__microcoder_cpu__", False):
        return

    @functools.wraps(original)
    def initialize_global_process_group_ray(timeout_second=None, backend=None):
        if backend is None and get_platform().device_name == "cpu":
            backend = "cpu:gloo"
        return original(timeout_second=timeout_second, backend=backend)

    initialize_global_process_group_ray.__microcoder_cpu__ = True
    dist.initialize_global_process_group_ray = initialize_global_process_group_ray


def _trl_has_value_head() -> bool:
    for module in ("trl.experimental.ppo", "trl"):
        try:
            if hasattr(
                __import__(module, fromlist=["AutoModelForCausalLMWithValueHead"]), "AutoModelForCausalLMWithValueHead"
            ):
                return True
        except ImportError:
            continue
    return False


def _install_trl_value_head_check() -> None:
    import verl.models.transformers.monkey_patch as monkey_patch

    if getattr(monkey_patch.is_trl_available, "__microcoder_cpu__", False):
        return

    def is_trl_available() -> bool:
        return _trl_has_value_head()

    is_trl_available.__microcoder_cpu__ = True
    monkey_patch.is_trl_available = is_trl_available


def _install_unpinned_offload_on_cpu() -> None:
    import verl.workers.engine.fsdp.transformer_impl as fsdp_impl
    from verl.plugin.platform import get_platform

    original = fsdp_impl.CPUOffloadPolicy
    if getattr(original, "__microcoder_cpu__", False):
        return

    def CPUOffloadPolicy(*args, **kwargs):  # noqa: N802  (stands in for the class)
        if get_platform().device_name == "cpu":
            kwargs["pin_memory"] = False
        return original(*args, **kwargs)

    CPUOffloadPolicy.__microcoder_cpu__ = True
    fsdp_impl.CPUOffloadPolicy = CPUOffloadPolicy
