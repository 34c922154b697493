import pytest
import torch

TINY = ["model.size=xs", "rollout.prompts_per_step=2", "rollout.group_size=4",
        "rollout.max_new_tokens=12", "rollout.max_total_tokens=320", "env.max_turns=2",
        "env.train_tasks=8", "env.eval_tasks=4", "optim.minibatch_size=4",
        "optim.micro_batch_size=4", "train.threads=1"]


@pytest.fixture
def tiny():
    """Overrides that make any config a seconds-long run on the xs tiny model."""
    return list(TINY)


@pytest.fixture(autouse=True)
def _one_thread():
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)

