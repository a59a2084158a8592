"""Which device a verl run is set up for: ``cpu`` or ``gpu``.

Where the run uses a Ray cluster (an address given, or several nodes), the training
happens on the cluster's nodes, not on the machine that launches it: a CPU-only head
node must not turn a GPU cluster's run into a CPU run. The cluster's resources decide
then (``ray.cluster_resources()`` lists ``GPU`` when any node has one). ``VERL_PLATFORM``
still overrides, as it does for verl's own detection. Without a cluster, verl's platform
registry on this machine decides (our ``cpu`` platform when no accelerator is found).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence

__all__ = ["choose_device", "cluster_address", "cluster_resources", "detect_device", "local_device"]

_ADDRESS_KEYS = ("ray_kwargs.ray_init.address", "+ray_kwargs.ray_init.address", "++ray_kwargs.ray_init.address")
_NNODES_KEYS = ("trainer.nnodes", "+trainer.nnodes", "++trainer.nnodes")


def choose_device(local: str, resources: Mapping[str, float] | None, platform_override: str | None) -> str:
    """The decision, pure: ``VERL_PLATFORM`` > the cluster's resources > this machine (``local``)."""
    if platform_override:
        return local  # verl's detection already returned the forced platform
    if resources is not None:
        return "gpu" if float(resources.get("GPU", 0) or 0) > 0 else "cpu"
    return local


def cluster_address(overrides: Sequence[str] = (), environ: Mapping[str, str] | None = None) -> str | None:
    """The Ray cluster the run will join: ``ray_kwargs.ray_init.address=``, ``RAY_ADDRESS``, or
    ``auto`` (the cluster ``ray start`` runs on this node) when ``trainer.nnodes`` > 1."""
    environ = os.environ if environ is None else environ
    values = dict(o.split("=", 1) for o in overrides if "=" in o)  # the last one of a key wins, as in Hydra
    for key in _ADDRESS_KEYS:
        if values.get(key, "").strip() not in ("", "null", "None"):
            return values[key].strip()
    if environ.get("RAY_ADDRESS"):
        return environ["RAY_ADDRESS"]
    for key in _NNODES_KEYS:
        if key in values and values[key].strip().isdigit() and int(values[key]) > 1:
            return "auto"
    return None


def cluster_resources(address: str) -> dict[str, float]:
    """Connect to the cluster at ``address``, read its total resources, disconnect (verl's
    ``run_ppo`` connects again itself, with the run's runtime environment)."""
    import ray

    if ray.is_initialized():
        return dict(ray.cluster_resources())
    _check_reachable(address)
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
    except ConnectionError as exc:
        raise ValueError(
            f"cannot reach the Ray cluster at {address!r} ({exc}); start it with `ray start --head`, "
            "or unset RAY_ADDRESS / ray_kwargs.ray_init.address for a run on this machine"
        ) from exc
    try:
        return dict(ray.cluster_resources())
    finally:
        ray.shutdown()


def _check_reachable(address: str, timeout_s: float = 5.0) -> None:
    """Fail in seconds on a wrong address: ``ray.init`` retries an unreachable one for minutes."""
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    if address == "auto" or not port.isdigit():
        return
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise ValueError(
            f"cannot reach the Ray cluster at {address!r} ({exc}); start it with `ray start --head`, "
            "or unset RAY_ADDRESS / ray_kwargs.ray_init.address for a run on this machine"
        ) from exc


def local_device() -> str:
    """``cpu`` where verl's platform registry finds no accelerator on this machine, else ``gpu``."""
    from verl.plugin.platform import get_platform

    from .cpu.platform import PLATFORM_NAME

    return "cpu" if get_platform().device_name == PLATFORM_NAME else "gpu"


def detect_device(overrides: Sequence[str] = ()) -> str:
    """The device for a run launched here with these verl ``overrides``."""
    override = os.environ.get("VERL_PLATFORM", "").strip() or None
    address = None if override else cluster_address(overrides)
    resources = cluster_resources(address) if address else None
    return choose_device(local_device(), resources, override)
