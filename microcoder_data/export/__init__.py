"""Outputs of a build: verl parquet splits, a ``datasets`` copy, the card, rejects,
the kept problems in microcoder's schema; and publishing to the Hub."""

from microcoder_data.export.card import write_card
from microcoder_data.export.hf import save_hf
from microcoder_data.export.outputs import export_all
from microcoder_data.export.prompt import prompt_messages, user_prompt
from microcoder_data.export.publish import PublishError, files_to_publish, publish
from microcoder_data.export.rejects import write_rejects
from microcoder_data.export.verl import VERL_SCHEMA, split_of, verl_row, verl_tables

__all__ = [
    "VERL_SCHEMA",
    "PublishError",
    "export_all",
    "files_to_publish",
    "prompt_messages",
    "publish",
    "save_hf",
    "split_of",
    "user_prompt",
    "verl_row",
    "verl_tables",
    "write_card",
    "write_rejects",
]
