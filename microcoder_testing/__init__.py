"""Test support: the fixtures the tests, benchmarks and docs' smoke runs share.

It sits on top of every package (it writes ``microcoder_data`` Problems and tiny models for the
trainers), and no production module imports it.  ``problems``: small synthetic problem sets;
``tiny``: the tiny Qwen2 model and tokenizer (``python -m microcoder_testing.tiny OUT``);
``rollout``: a scripted stand-in for verl's rollout server and a tiny model taught to earn reward;
``supervised``: one test of a candidate under the real sandbox supervisor, limits set by hand.
"""
