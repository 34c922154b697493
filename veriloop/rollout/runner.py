"""The rollout runner: many multi-turn episodes at once, batched on the policy.

Every loop iteration gathers all episodes waiting on the policy into one `generate` call, then
steps their environments concurrently (each step in a daemon thread with a timeout, so a
hung environment cannot stall the batch). Episodes end on a final answer, on the step budget,
on a repeated identical tool call (loop detection), on the token budget, or on a fault; each
running episode's record and those rules are `veriloop.rollout.live.Live`.
Before the token budget is reached, context management (`veriloop.rollout.context`: a sliding
window or a summary) may rewrite the history; the episode then goes on in a new context, one
more `Segment` of its trajectory.

Faults are typed (see `FaultKind`): the agent's own (format, loop, budget) are part of its
trajectory and are trained on; infrastructure faults (environment crash or hang, policy error,
grader crash, episode wall-clock timeout) mark the trajectory errored so trainers exclude it.
Finished trajectories are graded and, if a store is given, appended to it right away, so an
interrupted run keeps everything it completed.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import replace
from typing import Any, TypeVar

from veriloop.envs.base import Environment, Observation, turn_stop
from veriloop.graders.base import Grader
from veriloop.policy import GenerationRequest, Policy
from veriloop.policy_specs import load_policy
from veriloop.rollout import context
from veriloop.rollout.config import RolloutConfig
from veriloop.rollout.live import Live, Timed, infra_fault
from veriloop.types import (
    Fault,
    FaultKind,
    Group,
    InfrastructureError,
    Message,
    Task,
    Trajectory,
    Turn,
)

__all__ = ["RolloutConfig", "RolloutRunner", "call_with_timeout", "with_instructions"]

_In = TypeVar("_In")
_Out = TypeVar("_Out")


def with_instructions(prompt: Sequence[Message], instructions: str) -> tuple[Message, ...]:
    """The task's prompt with the episode's tool-call and answer syntax at the end of its system
    message (a system message is added if there is none)."""
    msgs = tuple(prompt)
    if not instructions:
        return msgs
    if msgs and msgs[0].role == "system":
        first = msgs[0].model_copy(update={"content": f"{msgs[0].content}\n\n{instructions}"})
        return (first, *msgs[1:])
    return (Message(role="system", content=instructions), *msgs)


class _Worker:
    """A daemon thread that runs one call at a time and then offers itself for the next."""

    def __init__(self, idle: queue.SimpleQueue) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._idle = idle
        threading.Thread(target=self._loop, daemon=True, name="veriloop-call").start()

    def _loop(self) -> None:
        while True:
            fn, args, box, done = self._jobs.get()
            try:
                box["value"] = fn(*args)
            except BaseException as e:  # noqa: BLE001 (re-raised in the caller's thread)
                box["error"] = e
            del fn, args, box  # nothing of the call outlives it in this thread
            self._idle.put(self)  # idle before the caller wakes: sequential calls reuse it
            done.set()

    def run(self, fn: Callable[..., Any], args: tuple, box: dict, done: threading.Event) -> None:
        self._jobs.put((fn, args, box, done))


_IDLE_WORKERS: queue.SimpleQueue = queue.SimpleQueue()


def _forget_workers_after_fork() -> None:
    """A forked child has none of the parent's threads: start from an empty idle set."""
    global _IDLE_WORKERS
    _IDLE_WORKERS = queue.SimpleQueue()


os.register_at_fork(after_in_child=_forget_workers_after_fork)


def call_with_timeout(fn: Callable[..., _Out], *args: Any, timeout: float) -> _Out:
    """Run `fn(*args)` in a daemon thread; raise TimeoutError if it does not return in time.

    Threads are reused: a call takes an idle worker (or starts one), and the worker is idle
    again when the call returns. A hung call keeps its worker, which is abandoned; it never
    blocks interpreter exit. (A thread started per call cost ~0.15 ms each, ~600 calls in an
    arithmetic RL step, and more under load.)
    """
    box: dict[str, Any] = {}
    done = threading.Event()
    try:
        worker = _IDLE_WORKERS.get_nowait()
    except queue.Empty:
        worker = _Worker(_IDLE_WORKERS)
    worker.run(fn, args, box, done)
    if not done.wait(timeout):
        raise TimeoutError(f"{getattr(fn, '__qualname__', fn)} did not return within {timeout:g}s")
    if "error" in box:
        raise box["error"]
    return box["value"]  # the worker sets it before `done` when the call did not raise


class RolloutRunner:
    """Runs groups of episodes of one environment with one policy (settings: `RolloutConfig`,
    re-exported here).

    `on_trajectory` (e.g. a store's `append` or a progress bar) is called with each finished,
    graded trajectory as soon as it is done. `summarizer` writes the summaries of
    `context: summarize` (default: the policy `config.summarizer` names, else the policy).
    An episode gets `env.max_turns` policy actions (`max_turns` overrides it for this runner).
    """

    def __init__(self, env: Environment, policy: Policy, config: RolloutConfig | None = None,
                 grader: Grader | None = None,
                 on_trajectory: Callable[[Trajectory], None] | None = None,
                 summarizer: Policy | None = None, max_turns: int | None = None) -> None:
        self.env = env
        self.policy = policy
        self.config = config or RolloutConfig()
        if summarizer is None and self.config.summarizer:
            summarizer = load_policy(self.config.summarizer)
        self.summarizer = summarizer
        self.grader = grader if grader is not None else env.grader()
        self.on_trajectory = on_trajectory
        # the environment's step budget (`env.max_turns`); a caller's shorter one only where a
        # search cuts episodes short on purpose (tree search expands one turn at a time)
        self.max_turns = max_turns or env.max_turns
        # the config's sampling, ended where the environment's messages end (`turn_stop`)
        self.sampling = replace(self.config.sampling, stop=turn_stop(env))
        self._pool: ThreadPoolExecutor | None = None
        self._pool_pid = 0

    # -- public ------------------------------------------------------------------------------

    def run_groups(self, tasks: Sequence[Task]) -> list[Group]:
        """`run` as one `Group` per task (its `group_size` graded samples)."""
        return Group.chunks(self.run(tasks), self.config.group_size)

    def run(self, tasks: Sequence[Task]) -> list[Trajectory]:
        """All G samples of every task; trajectories in task order, then sample order.

        With `config.slots`, at most that many episodes are live at once (each holds its
        context, and a local policy its KV cache): the others start, in order, as episodes
        finish. Episodes are admitted in list order, so their sampling keys, and with a seeded
        policy their tokens, are the same as with every episode live at once."""
        cfg = self.config
        lives = []
        for task in tasks:
            lives.extend(Live.group(task, cfg.group_size))
        queued = deque(lives)
        live: list[Live] = []
        results: dict[str, Trajectory] = {}
        while queued or live:
            admitted = [queued.popleft()
                        for _ in range(min(len(queued), (cfg.slots or len(lives)) - len(live)))]
            for lv in admitted:
                lv.start = time.perf_counter()  # its episode_timeout counts from its start
            self._parallel(admitted, self._reset)
            self._finish_ready(admitted, results)
            if not (live := [lv for lv in (*live, *admitted) if not lv.finished]):
                continue
            gens = self._generate(live)
            if gens is not None:
                self._parallel(list(zip(live, gens, strict=True)), self._advance)
            self._finish_ready(live, results)
            live = [lv for lv in live if not lv.finished]
        return [results[lv.traj_id] for lv in lives]

    def run_continuous(self, admit: Callable[[], Task | None],
                       on_group: Callable[[list[Trajectory]], None], slots: int,
                       stop: threading.Event) -> None:
        """Episodes scheduled one by one until `stop` is set (asynchronous training).

        Whenever `group_size` of the `slots` are free, `admit()` gives the next task (None: not
        now; it is asked again shortly). One `generate` call serves every episode waiting on the
        policy at that moment while the others' environment steps run in worker threads, so a
        slow step holds up only its own episode; a finished episode is graded in its worker and
        frees its slot at once. `on_group` receives each group (in sample order) when its last
        sample is done. Episodes still running at `stop` are closed and not reported.
        """
        k = self.config.group_size
        if slots < k:
            raise ValueError(f"slots ({slots}) must hold at least one group ({k} episodes)")
        active: list[Live] = []
        waiting: list[Live] = []  # episodes whose next move is the policy's
        finished: dict[str, list[Trajectory]] = {}
        futures: dict[Future, Live] = {}
        pool = ThreadPoolExecutor(max_workers=max(1, self.config.env_workers))

        def submit(lv: Live, fn: Callable[[Any], None] | None = None, arg: Any = None) -> None:
            futures[pool.submit(self._continue, lv, fn, arg)] = lv

        try:
            while not stop.is_set():
                while len(active) + k <= slots and (task := admit()) is not None:
                    for lv in Live.group(task, k):
                        active.append(lv)
                        submit(lv, self._reset, lv)
                if futures:
                    done, _ = wait(list(futures), timeout=0 if waiting else 0.05,
                                   return_when=FIRST_COMPLETED)
                    for f in done:
                        lv, traj = futures.pop(f), f.result()
                        if traj is None:
                            waiting.append(lv)
                            continue
                        active.remove(lv)
                        group = finished.setdefault(lv.group_id, [])
                        group.append(traj)
                        if len(group) == k:
                            on_group(sorted(finished.pop(lv.group_id),
                                            key=lambda t: t.sample_index))
                if waiting:
                    batch, waiting = waiting, []
                    gens = self._generate(batch)  # None: every episode of `batch` is faulted
                    for i, lv in enumerate(batch):
                        submit(lv, *((self._advance, (lv, gens[i])) if gens else (None, None)))
                elif not futures:
                    stop.wait(0.01)
        finally:
            for f in futures:
                f.cancel()
            pool.shutdown(wait=True)  # running steps end within their own timeouts
            for lv in active:
                self.policy.release(lv.traj_id)
                if lv.episode is not None and not lv.finished:
                    try:
                        call_with_timeout(lv.episode.close, timeout=self.config.step_timeout)
                    except Exception:  # noqa: BLE001, S110 (abandoned; nothing to record)
                        pass

    def _continue(self, lv: Live, fn: Callable[[Any], None] | None,
                  arg: Any) -> Trajectory | None:
        """`fn(arg)` (a reset or a step), then the finished trajectory if the episode ended,
        else None (it waits on the policy)."""
        if fn is not None:
            fn(arg)
        if lv.done or lv.fault is not None:
            lv.finished = True
            return self._finish(lv)
        return None

    # -- episode lifecycle --------------------------------------------------------------------

    def _reset(self, lv: Live) -> None:
        try:
            lv.episode = call_with_timeout(self.env.reset, lv.task,
                                           timeout=self.config.step_timeout)
            lv.prompt = with_instructions(lv.task.prompt, lv.episode.instructions)
            rendered = self.policy.renderer.render_prompt(lv.prompt, lv.episode.tools)
        except Exception as e:  # noqa: BLE001 (a crashing reset is an infrastructure fault)
            lv.fault = infra_fault(e, "reset")
            return
        lv.messages = list(lv.prompt)
        lv.prompt_text, lv.prompt_ids = rendered.text, rendered.ids
        lv.context_ids = rendered.ids
        lv.n_tokens = len(rendered.ids)

    def _generate(self, waiting: list[Live]) -> list[Timed] | None:
        cfg, sampling = self.config, self.sampling
        requests = [GenerationRequest(
            prompt_ids=lv.context(), messages=tuple(lv.messages),
            tools=lv.episode.tools if lv.episode else (), key=lv.traj_id, sample_index=lv.sample,
            task=lv.task, max_new_tokens=max(1, min(sampling.max_new_tokens,
                                                    cfg.max_total_tokens - lv.n_tokens)),
        ) for lv in waiting]
        start = time.perf_counter()
        try:
            gens = self.policy.generate(requests, sampling)
            if len(gens) != len(requests):
                raise RuntimeError(f"policy returned {len(gens)} generations for "
                                   f"{len(requests)} requests")
        except Exception as e:  # noqa: BLE001 (any backend failure faults the waiting episodes)
            for lv in waiting:
                lv.fault = Fault(kind=FaultKind.POLICY_ERROR, reason=f"{type(e).__name__}: {e}")
            return None
        finally:  # a batch's generation is no episode's own time (episode_timeout)
            elapsed = time.perf_counter() - start
            for lv in waiting:
                lv.generating += elapsed
        per_request = elapsed / max(len(requests), 1)
        return [Timed(g, per_request) for g in gens]

    def _advance(self, item: tuple[Live, Timed]) -> None:
        """Apply one generation to its episode: record the action, step the env, check budgets."""
        lv, timed = item
        gen, cfg = timed.gen, self.config
        renderer = self.policy.renderer
        episode = lv.episode
        assert episode is not None  # only a started episode reaches the policy
        if gen.token_ids is not None:
            action_ids, logprobs = tuple(gen.token_ids), gen.logprobs
        else:  # text-only policy (server, scripted expert): encode with the policy's renderer
            action_ids, logprobs = renderer.render_action(gen.text).ids, None
        if lv.summarizing:  # a summary is an action in the old context, not an env step
            lv.turns.append(Turn(index=len(lv.turns), action_text=gen.text,
                                 action_ids=action_ids, action_logprobs=logprobs,
                                 finish_reason=gen.finish_reason,
                                 generate_seconds=timed.seconds,
                                 policy_version=gen.policy_version))
            lv.start_segment(context.summary_segment(
                lv.prompt, episode.tools, renderer, gen.text, len(lv.turns), len(lv.turns) - 1),
                cfg, self.max_turns)
            return
        message = Message(role="assistant", content=gen.text)
        env_start = time.perf_counter()
        try:
            obs: Observation = call_with_timeout(episode.step, message,
                                                 timeout=cfg.step_timeout)
        except Exception as e:  # noqa: BLE001 (a crashing step is an infrastructure fault)
            lv.fault = infra_fault(e, "step")
            lv.turns.append(Turn(index=len(lv.turns), action_text=gen.text, action_ids=action_ids,
                                 action_logprobs=logprobs, finish_reason=gen.finish_reason,
                                 generate_seconds=timed.seconds,
                                 policy_version=gen.policy_version))
            return
        env_seconds = time.perf_counter() - env_start
        lv.messages.append(Message(role="assistant", content=gen.text, tool_calls=obs.tool_calls))
        obs_text = ""
        obs_ids: tuple[int, ...] = ()
        if not obs.done:
            rendered = renderer.render_observation(obs.messages,
                                                   renderer.closes_turn(action_ids))
            obs_text, obs_ids = rendered.text, rendered.ids
            lv.messages.extend(obs.messages)
        lv.turns.append(Turn(
            index=len(lv.turns), action_text=gen.text, action_ids=action_ids,
            action_logprobs=logprobs, finish_reason=gen.finish_reason,
            tool_calls=obs.tool_calls, tool_results=obs.tool_results, observation=obs.messages,
            observation_text=obs_text, observation_ids=obs_ids, format_error=obs.format_error,
            generate_seconds=timed.seconds, env_seconds=env_seconds,
            policy_version=gen.policy_version))
        lv.n_tokens += len(action_ids) + len(obs_ids)
        if obs.done:
            lv.done, lv.final_answer = True, obs.final_answer
            return
        lv.check_budgets(obs, cfg, self.max_turns)
        if lv.fault is None:
            self._manage_context(lv)

    # -- context management (veriloop.rollout.context) ----------------------------------------

    def _manage_context(self, lv: Live) -> None:
        """After an environment turn: start a new context if the configured strategy says so."""
        assert lv.episode is not None  # context management follows an environment step
        cfg, renderer, tools = self.config, self.policy.renderer, lv.episode.tools
        start = lv.segments[-1].start if lv.segments else 0
        if cfg.context == "window":
            seen = len(lv.turns) - start + (cfg.window_turns if lv.segments else 0)
            if seen > cfg.window_turns:
                lv.start_segment(context.window_segment(
                    lv.prompt, tools, renderer, lv.turns, cfg.window_turns), cfg, self.max_turns)
        elif cfg.context == "summarize" and lv.n_tokens >= cfg.summary_threshold:
            if self.summarizer is None:  # the policy writes it, in this context
                last = context.with_summary_request(lv.turns[-1], renderer)
                lv.n_tokens += len(last.observation_ids) - len(lv.turns[-1].observation_ids)
                lv.turns[-1] = last
                lv.messages.append(last.observation[-1])
                lv.summarizing = True
                lv.check_budgets(None, cfg, self.max_turns)
                return
            try:
                summary = self._external_summary(lv)
            except Exception as e:  # noqa: BLE001 (a failing summariser is a backend failure)
                lv.fault = Fault(kind=FaultKind.POLICY_ERROR,
                                 reason=f"summarizer: {type(e).__name__}: {e}")
                return
            lv.start_segment(context.summary_segment(
                lv.prompt, tools, renderer, summary, len(lv.turns), None), cfg, self.max_turns)

    def _external_summary(self, lv: Live) -> str:
        assert self.summarizer is not None and lv.episode is not None  # see _manage_context
        messages = (*lv.messages, Message(role="user", content=context.SUMMARY_REQUEST))
        rendered = self.summarizer.renderer.render_prompt(messages, lv.episode.tools)
        request = GenerationRequest(prompt_ids=rendered.ids, messages=messages,
                                    tools=lv.episode.tools, key=f"{lv.traj_id}:summary",
                                    task=lv.task)
        try:
            (gen,) = self.summarizer.generate([request], self.config.sampling)
        finally:
            self.summarizer.release(request.key)
        return gen.text

    def _finish_ready(self, lives: list[Live], results: dict[str, Trajectory]) -> None:
        ready = [lv for lv in lives if not lv.finished and (lv.done or lv.fault is not None)]
        if not ready:
            return
        trajs = self._parallel(ready, self._finish)
        for lv, traj in zip(ready, trajs, strict=True):
            lv.finished = True
            results[lv.traj_id] = traj
            if self.on_trajectory is not None:
                self.on_trajectory(traj)

    def _finish(self, lv: Live) -> Trajectory:
        """Close, grade, and freeze one episode."""
        self.policy.release(lv.traj_id)
        if lv.episode is not None:
            try:
                call_with_timeout(lv.episode.close, timeout=self.config.step_timeout)
            except Exception as e:  # noqa: BLE001 (a crashing close is an infrastructure fault)
                if lv.fault is None or not lv.fault.is_infra:
                    lv.fault = infra_fault(e, "close")
        traj = lv.trajectory(self.config.run_id, self.policy.name)
        if traj.is_infra_error:
            return traj  # not the agent's doing: no grade, excluded from training
        try:
            state = lv.episode.state if lv.episode is not None else None
            grade = call_with_timeout(self.grader, lv.task, traj, state,
                                      timeout=self.config.step_timeout)
        except Exception as e:  # noqa: BLE001 (a crashing grader excludes the episode)
            kind = e.kind if isinstance(e, InfrastructureError) else FaultKind.GRADER_ERROR
            fault = Fault(kind=kind, reason=f"grade: {type(e).__name__}: {e}")
            return traj.model_copy(update={"fault": fault})
        return traj.with_grade(grade)

    def _parallel(self, items: list[_In], fn: Callable[[_In], _Out]) -> list[_Out]:
        """Apply `fn` to every item concurrently (environment work is mostly I/O or subprocess).
        Every environment or grader call inside `fn` has its own timeout, so this returns."""
        if len(items) <= 1 or self.config.env_workers <= 1:
            return [fn(x) for x in items]
        if self._pool is None or self._pool_pid != os.getpid():  # (a forked child: no threads)
            # kept for the runner's life; its threads end when it is freed
            self._pool = ThreadPoolExecutor(max_workers=self.config.env_workers,
                                            thread_name_prefix="veriloop-env")
            self._pool_pid = os.getpid()
        return list(self._pool.map(fn, items))
