"""Names shared by the verl adapter's pieces (kept free of verl imports)."""

#: non-tensor key the trainer attaches to each training batch it submits for rollout;
#: the agent-loop worker pops it and samples at that temperature
TEMPERATURE_KEY = "microcoder_temperature"

#: where our settings live inside the composed verl config
CONFIG_SECTION = "microcoder"

#: verl loads ``compute_score`` from here (``reward.custom_reward_function.path``)
REWARD_FUNCTION_PATH = "pkg://microcoder_eval.reward"
REWARD_FUNCTION_NAME = "compute_score"

AGENT_LOOP_MANAGER_FQN = "trainer_adapters.verl.agent_loop.MicroCoderAgentLoopManager"

#: non-tensor key the agent-loop worker adds to a validation row before it is scored, so the
#: reward manager can leave validation unshaped (preset ``dapo``'s overlong penalty is training-only)
VALIDATE_KEY = "microcoder_validate"

#: preset ``dapo``: verl's DAPO reward manager that skips the overlong penalty on validation rows
REWARD_MANAGER_PATH = "pkg://trainer_adapters.verl.reward_manager"
REWARD_MANAGER_NAME = "TrainingOnlyOverlongRewardManager"
