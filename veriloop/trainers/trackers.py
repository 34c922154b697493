"""Experiment trackers that also receive a run's metrics (`logging.trackers`): Weights & Biases,
MLflow and trackio, each an optional extra (`pip install 'veriloop[wandb]'`).

The run layer builds them (`veriloop.run.build.build_tracker`, handed to every trainer as its
`trackers` opener); a tracker gets the run config when the trainer's training starts, each
step's finite scalars (what TensorBoard gets) and a finish when the logger closes. Every
tracker works offline:

- wandb: an offline run under `<run>/wandb` (upload it later with `wandb sync`) unless
  `logging.online` is set; WANDB_MODE, when set, decides instead.
- mlflow: MLFLOW_TRACKING_URI when set, else a file store in `<run>/mlruns` (MLflow 3 keeps
  file stores in maintenance mode; this module allows one there). MLflow refuses some characters
  in metric names; each becomes `_` (`eval/pass@1` is logged as `eval/pass_1`).
- trackio: its local database (under TRACKIO_DIR, default HF_HOME/trackio); `trackio show`
  opens the dashboard.

Tracker messages go to stderr, so `--json` leaves stdout to the JSON summary. Not guaranteed:
a resumed run starts a new tracker run (its steps go on from the checkpoint's); the held-out
evaluation that `veriloop train` merges into an SFT, DPO or RFT run's metrics.jsonl after
training is not sent; an RFT run opens one tracker run per round (`<name>-round-<r>`).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from veriloop.errors import ConfigError
from veriloop.trainers.config import RunConfig


class Tracker(Protocol):
    def log(self, step: int, metrics: Mapping[str, float]) -> None: ...

    def close(self) -> None: ...


def _wandb(wandb: ModuleType, cfg: RunConfig, run_dir: Path) -> Tracker:
    lc = cfg.logging
    mode = None if os.environ.get("WANDB_MODE") else "online" if lc.online else "offline"
    run = wandb.init(project=lc.project, name=run_name(cfg, run_dir), dir=str(run_dir),
                     config=cfg.model_dump(mode="json"), mode=mode)
    return _Calls(lambda step, m: run.log(dict(m), step=step), run.finish)


_MLFLOW_REFUSED = re.compile(r"[^\w\-. /:]")


def _mlflow(mlflow: ModuleType, cfg: RunConfig, run_dir: Path) -> Tracker:
    from mlflow.entities import Metric, Param  # lazy: mlflow is optional (the mlflow extra)

    uri = os.environ.get("MLFLOW_TRACKING_URI")
    if not uri:
        uri = (run_dir / "mlruns").resolve().as_uri()
        # MLflow 3 refuses a new file store unless allowed; the run's own store is local by intent
        os.environ.setdefault("MLFLOW_ALLOW_FILE_STORE", "true")
    client = mlflow.tracking.MlflowClient(tracking_uri=uri)
    exp = client.get_experiment_by_name(cfg.logging.project)
    exp_id = exp.experiment_id if exp else client.create_experiment(cfg.logging.project)
    run_id = client.create_run(exp_id, run_name=run_name(cfg, run_dir)).info.run_id
    params = [Param(k, str(v)[:500]) for k, v in flat(cfg.model_dump(mode="json")).items()]
    for i in range(0, len(params), 100):  # MLflow takes at most 100 params per batch
        client.log_batch(run_id, params=params[i:i + 100])

    def log(step: int, metrics: Mapping[str, float]) -> None:
        ms = int(time.time() * 1000)
        client.log_batch(run_id, metrics=[Metric(mlflow_key(k), float(v), ms, step)
                                          for k, v in metrics.items()])

    return _Calls(log, lambda: client.set_terminated(run_id))


def _trackio(trackio: ModuleType, cfg: RunConfig, run_dir: Path) -> Tracker:
    run = trackio.init(project=cfg.logging.project, name=run_name(cfg, run_dir),
                       config=cfg.model_dump(mode="json"))
    # trackio.finish, not run.finish: it also clears trackio's current run, which trackio
    # would otherwise finish again at exit (printing on stdout after a `--json` summary)
    return _Calls(lambda step, m: run.log(dict(m), step=step), trackio.finish)


TRACKERS: dict[str, tuple[str, Callable[[ModuleType, RunConfig, Path], Tracker]]] = {
    "wandb": ("wandb", _wandb),
    "mlflow": ("mlflow", _mlflow),
    "trackio": ("trackio", _trackio),
}
"""name -> (the package it imports, its opener(package, run config, run directory))."""


class _Calls:
    """A tracker from its two calls, each run with the package's printing sent to stderr."""

    def __init__(self, log: Callable[[int, Mapping[str, float]], Any],
                 close: Callable[[], Any]) -> None:
        self._log, self._close = log, close

    def log(self, step: int, metrics: Mapping[str, float]) -> None:
        with _to_stderr():
            self._log(step, metrics)

    def close(self) -> None:
        with _to_stderr():
            self._close()


def require(names: Sequence[str]) -> dict[str, ModuleType]:
    """Import each named tracker's package; a missing one is a one-line `ConfigError` saying
    which extra to install."""
    packages = {}
    for name in names:
        if name not in TRACKERS:
            raise ConfigError(f"logging.trackers: unknown tracker {name!r}; known: "
                              f"{', '.join(TRACKERS)}")
        module = TRACKERS[name][0]
        try:
            packages[name] = importlib.import_module(module)
        except ImportError as e:
            raise ConfigError(f"logging.trackers: {name} needs the {module} package, which "
                              f"does not import ({e}); pip install 'veriloop[{name}]' or remove "
                              f"{name} from logging.trackers") from e
    return packages


def open_tracker(name: str, package: ModuleType, cfg: RunConfig, run_dir: Path) -> Tracker:
    """The tracker `name` (a key of `TRACKERS`) started with the run config, its package
    (imported by `require`) printing to stderr."""
    with _to_stderr():
        return TRACKERS[name][1](package, cfg, run_dir)


class TrackerGroup:
    """Several trackers as one: each gets every `log`, and `close` finishes them all."""

    def __init__(self, trackers: Sequence[Tracker] = ()) -> None:
        self.trackers = list(trackers)

    def log(self, step: int, metrics: Mapping[str, float]) -> None:
        for tracker in self.trackers:
            tracker.log(step, metrics)

    def close(self) -> None:
        for tracker in self.trackers:
            tracker.close()


TrackerOpener = Callable[[RunConfig, Path], Tracker]
"""How a trainer opens its run's trackers when its training starts
(`veriloop.run.build.build_tracker`): called with the run config and run directory (an RFT
round's own), the tracker it returns is closed with the trainer's metrics logger."""


def run_name(cfg: RunConfig, run_dir: Path) -> str:
    return cfg.logging.run_name or Path(run_dir).resolve().name


def mlflow_key(name: str) -> str:
    return _MLFLOW_REFUSED.sub("_", name)


def flat(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested sections as dotted keys: {"optim": {"lr": 1e-4}} -> {"optim.lr": 1e-4}."""
    out: dict[str, Any] = {}
    for k, v in data.items():
        if isinstance(v, Mapping) and v:
            out.update(flat(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


@contextlib.contextmanager
def _to_stderr() -> Iterator[None]:
    with contextlib.redirect_stdout(sys.stderr):
        yield
