"""Ray resource pools of CPU slots for verl 0.9.1.

verl's ``ResourcePoolManager`` checks the cluster for ``GPU``/``NPU`` resources before it
places workers; with the ``cpu`` platform each worker takes a slot of a bundle's ``CPU``
instead, so the check counts those.
"""

from __future__ import annotations

import ray
from verl.single_controller.ray.base import ResourcePoolManager

__all__ = ["CPUResourcePoolManager"]


class CPUResourcePoolManager(ResourcePoolManager):
    def _check_resource_available(self):
        available = sum(
            float(node.get("CPU", 0)) for node in ray._private.state.available_resources_per_node().values()
        )
        required = sum(n for nodes in self.resource_pool_spec.values() for n in nodes)
        if available < required:
            raise ValueError(
                f"Ray has {available:g} free CPU slots, the trainer's workers need {required}: "
                "raise ray_kwargs.ray_init.num_cpus or lower trainer.n_gpus_per_node"
            )
