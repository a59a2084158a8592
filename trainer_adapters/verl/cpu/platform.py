"""A CPU device for verl 0.9.1's platform registry (``verl.plugin.platform``).

verl asks its platform for the torch device module, the collective backend and the Ray
resource its workers are placed on. On a machine without an accelerator none of the
built-in platforms applies (verl falls back to ``nvidia`` and then waits for GPUs that do
not exist). This platform answers: device ``cpu``, collectives over ``gloo``, workers
placed on Ray ``CPU`` slots.

``torch.cpu`` lacks the memory-statistics functions verl calls on its device module
(``memory_allocated``, ``empty_cache``, ``mem_get_info`` …); :data:`cpu_device_module`
adds them with host-memory answers, and defers everything else to ``torch.cpu``.
"""

from __future__ import annotations

import os
import types
from contextlib import contextmanager
from typing import Any, Optional

import torch

from verl.plugin.platform import PlatformBase, PlatformRegistry

__all__ = ["PLATFORM_NAME", "PlatformCPU", "cpu_device_module"]

PLATFORM_NAME = "cpu"


def _host_memory() -> tuple[int, int]:
    """(available, total) bytes of host memory."""
    try:
        import psutil

        vm = psutil.virtual_memory()
        return int(vm.available), int(vm.total)
    except ImportError:  # pragma: no cover - psutil ships with ray
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        return pages, pages


# verl uses the current device index as a device (``tensor.to(get_device_id())``,
# ``torch.device(get_device_id())``); a bare 0 would mean the first accelerator.
_CPU = torch.device("cpu")


class _CPUDeviceModule(types.ModuleType):
    """``torch.cpu`` plus the device-memory API verl expects of ``torch.cuda``."""

    def __getattr__(self, name: str) -> Any:
        return getattr(torch.cpu, name)

    @staticmethod
    def current_device() -> torch.device:
        return _CPU

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def set_device(device: Any) -> None:
        return None

    @staticmethod
    def empty_cache() -> None:
        return None

    @staticmethod
    def mem_get_info(device: Any = None) -> tuple[int, int]:
        return _host_memory()

    @staticmethod
    def memory_allocated(device: Any = None) -> int:
        return 0

    memory_reserved = max_memory_allocated = max_memory_reserved = memory_allocated

    @staticmethod
    def reset_peak_memory_stats(device: Any = None) -> None:
        return None

    @staticmethod
    def manual_seed(seed: int) -> None:
        torch.manual_seed(seed)

    manual_seed_all = manual_seed

    @staticmethod
    def get_device_name(device: Any = None) -> str:
        return "cpu"

    @staticmethod
    def get_device_capability(device: Any = None) -> tuple[None, None]:
        return None, None

    @staticmethod
    def get_rng_state(device: Any = None) -> torch.Tensor:
        return torch.get_rng_state()

    @staticmethod
    def set_rng_state(state: torch.Tensor, device: Any = None) -> None:
        torch.set_rng_state(state)


cpu_device_module = _CPUDeviceModule("microcoder_cpu_device")


@PlatformRegistry.register(platform=PLATFORM_NAME)
class PlatformCPU(PlatformBase):
    """Registered last, so an accelerator platform wins auto-detection when one is present."""

    @property
    def device_name(self) -> str:
        return "cpu"

    @property
    def vendor_name(self) -> str:
        return "cpu"

    @property
    def device_module(self) -> types.ModuleType:
        return cpu_device_module

    def is_available(self) -> bool:
        return True

    def is_platform_available(self, use_smi_check: bool = False) -> bool:
        # Only chosen when nothing else is: detection tries the built-in accelerators first.
        return not torch.cuda.is_available()

    def current_device(self) -> torch.device:
        return _CPU

    def device_count(self) -> int:
        return 1

    def set_device(self, device_index: int) -> None:
        return None

    def synchronize(self, device_index: Optional[int] = None) -> None:
        return None

    def manual_seed(self, seed: int) -> None:
        torch.manual_seed(seed)

    def manual_seed_all(self, seed: int) -> None:
        torch.manual_seed(seed)

    def set_allocator_settings(self, settings: str) -> None:
        return None

    def empty_cache(self) -> None:
        return None

    def get_device_capability(self, device_index: int = 0) -> tuple[Optional[int], Optional[int]]:
        return None, None

    def communication_backend_name(self) -> str:
        return "gloo"

    def visible_devices_envvar(self) -> str:
        # verl reads and writes this variable per worker; a name no library acts on.
        return "MICROCODER_VISIBLE_CPU_SLOTS"

    @contextmanager
    def nvtx_range(self, msg: str):
        yield

    def profiler_start(self) -> None:
        return None

    def profiler_stop(self) -> None:
        return None

    def ray_resource_name(self) -> str:
        return "CPU"

    def ray_resource_options(self, num_gpus: float) -> dict[str, Any]:
        # A "device" is a slot of a placement-group bundle's CPU; Ray only accepts CPU
        # through num_cpus.
        return {"num_cpus": num_gpus}

    def ray_noset_envvars(self) -> list[str]:
        return []

    def is_ipc_supported(self) -> bool:
        return False

    def cudart(self) -> Any:
        return None
