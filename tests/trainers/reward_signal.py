"""A learning signal for plumbing tests on an untrained model."""


def vary_rewards(trainer) -> None:
    """Make rewards differ inside every group whatever the untrained model samples: the real
    grade's score plus a small deterministic function of the sampled tokens. Tests that check
    an update's plumbing then get a learning signal by construction, not by the luck of a
    sample stopping early (which a change to the sampler's random stream can take away)."""
    real = trainer.grader.grader

    def grade(task, trajectory, state):
        g = real(task, trajectory, state)
        return g.model_copy(update={"score": g.score + 0.05 * (sum(trajectory.token_ids) % 7)})

    trainer.grader.grader = grade
