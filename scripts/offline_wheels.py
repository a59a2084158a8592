"""The wheels `microcoder train --backend verl` needs beyond a CUDA machine's own Python set, for a machine
without network (scripts/gpu_verl_smoke.sh runs from them; trainer_adapters/verl/README.md, "A GPU without
network").

    python scripts/offline_wheels.py OUT_DIR [PYTHON_VERSION]   # downloads here, writes OUT_DIR/*.whl, prints sizes

PYTHON_VERSION is the target machine's (3.12, the default; 3.11 for a rehearsal on a 3.11 machine).

The machine is assumed to have torch, transformers, numpy, pandas, pyarrow, accelerate, peft, aiohttp, grpcio,
protobuf, msgpack, pyyaml, requests, fsspec, xxhash, huggingface-hub, scipy and the like (a CUDA image's usual
set); everything else the verl path imports is listed in WHEELS, pinned to what verl 0.9.1 was tested with here.
Carrying a second torch/transformers/numpy would shadow the machine's own CUDA build, so none of those is listed.
The list is proved by installing these wheels with --no-deps into an empty --target next to only such a set,
and running the CPU rehearsal of gpu_verl_smoke.sh there.

Ray's wheel (79 MB) is slimmed to what a local single-node run uses: RAY_DROP lists what goes (the Java
jars, the dashboard's web client, the libraries verl does not import) and RECORD is rewritten to match.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

PLATFORMS = ["manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"]

# name==version: verl 0.9.1 and the parts of its verl-core set a CUDA image lacks, then our own needs
WHEELS = [
    "verl==0.9.1",
    "transferqueue==0.1.11",
    "ray==2.60.0",
    "hydra-core==1.3.8",
    "omegaconf==2.3.1",
    "tensordict==0.10.0",
    "pyvers==0.1.0",
    "importlib-metadata==10.2.0",
    "orjson==3.13.0",
    "torchdata==0.11.0",
    "codetiming==1.4.0",
    "datasets==5.2.0",
    "dill==0.4.1",
    "multiprocess==0.70.19",
    "pyzmq==27.3.0",  # TransferQueue
    "msgspec==0.22.0",  # TransferQueue
    "pydantic==2.14.4",  # verl's agent loop
    "pydantic-core==2.50.5",
    "annotated-types==0.8.0",
    "typing-inspection==0.4.5",
    "cachetools==8.0.2",  # verl's rollout router
    "jsonschema==4.26.0",  # ray's runtime_env validation, at `import ray`
    "jsonschema-specifications==2025.9.1",
    "referencing==0.37.0",
    "rpds-py==2026.9.1",
    "datasketch==2.0.0",
    "uvicorn==0.54.0",  # verl.workers.rollout.utils (its servers), imported by the agent loop
    "fastapi==0.165.0",
    "starlette==1.10.0",
    "opentelemetry-api==1.45.2",  # fastapi's telemetry
]
# published as source only (pure Python): built into wheels here
SOURCE_ONLY = ["antlr4-python3-runtime==4.9.3", "langdetect==1.0.9"]

RAY_DROP = (
    "ray/jars/",  # the Java worker (31 MB)
    "ray/dashboard/client/build/",  # the dashboard's web pages
    "ray/rllib/",
    "ray/serve/",
    "ray/tune/",
    "ray/train/",
    "ray/llm/",
)


def download(out: Path, python_version: str) -> None:
    target = ["--python-version", python_version, "--implementation", "cp"]
    target += [arg for p in PLATFORMS for arg in ("--platform", p)]
    pip = [sys.executable, "-m", "pip"]
    subprocess.run(
        [*pip, "download", "-q", "--no-deps", "--only-binary=:all:", *target, "-d", out, *WHEELS], check=True
    )
    subprocess.run([*pip, "wheel", "-q", "--no-deps", "-w", out, *SOURCE_ONLY], check=True)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def slim_wheel(path: Path, drop: tuple[str, ...]) -> None:
    """Rewrite the wheel at ``path`` without the members under ``drop``, with a RECORD that lists what stays."""
    slim = path.with_suffix(".slim")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(slim, "w", zipfile.ZIP_DEFLATED) as dst:
        record_name = next(n for n in src.namelist() if n.endswith(".dist-info/RECORD"))
        lines = []
        for info in src.infolist():
            if info.filename == record_name or info.filename.startswith(drop):
                continue
            data = src.read(info)
            dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            lines.append(_record_line(info.filename, data))
        lines.append(f"{record_name},,")
        dst.writestr(record_name, "\n".join(lines) + "\n")
    slim.replace(path)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(
        description="Download (and slim) the wheels the verl path needs on a GPU machine without network."
    )
    ap.add_argument("out_dir", type=Path, help="where the wheels go (created)")
    ap.add_argument("python_version", nargs="?", default="3.12", help="the target machine's Python (default 3.12)")
    args = ap.parse_args(argv)
    out = args.out_dir
    out.mkdir(parents=True, exist_ok=True)
    download(out, args.python_version)
    for ray_wheel in out.glob("ray-*.whl"):
        slim_wheel(ray_wheel, RAY_DROP)
    wheels = sorted(out.glob("*.whl"))
    for wheel in wheels:
        print(f"{wheel.stat().st_size / 2**20:8.2f} MiB  {wheel.name}")
    print(f"{sum(w.stat().st_size for w in wheels) / 2**20:8.2f} MiB  in {len(wheels)} wheels")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
