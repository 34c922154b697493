"""`veriloop view RUN_DIR`: a local web app over a run's trajectory store and metrics.

Starlette (no build step, server-rendered pages from `pages.py`), served by uvicorn on
127.0.0.1 only: the pages show prompts, tool outputs and hidden grading details, so they are not
offered to other machines. Routes: `/` runs under RUN_DIR; `/run/NAME` steps and filtered
trajectories; `/run/NAME/t/ID` one trajectory; `/run/NAME/g/GROUP` a group side by side;
`/run/NAME/curves` metrics.jsonl as plots.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from veriloop.data.store import TrajectoryStore
from veriloop.errors import MissingFileError, UserError
from veriloop.viewer import pages, queries

HOST = "127.0.0.1"


def create_app(root: Path) -> Starlette:
    root = Path(root)
    if not root.is_dir():
        raise MissingFileError(f"run directory {root} does not exist")
    tokenizers: dict[str, Any] = {}

    def run_dir(request: Request) -> tuple[str, Path]:
        name = request.path_params["run"]
        runs = queries.find_runs(root)
        if name not in runs:
            raise HTTPException(404, f"no run {name!r} under {root}")
        return name, runs[name]

    def index(request: Request) -> HTMLResponse:
        info = {}
        for name, d in queries.find_runs(root).items():
            db = queries.connect(d)
            n = db.execute("SELECT COUNT(*) FROM trajectories").fetchone()[0] if db else 0
            k = db.execute("SELECT COUNT(DISTINCT step) FROM trajectories").fetchone()[0] \
                if db else 0
            if db:
                db.close()
            info[name] = {"trajectories": n, "steps": k,
                          "metrics": (d / queries.METRICS).exists()}
        return HTMLResponse(pages.index_page(info))

    def run(request: Request) -> HTMLResponse:
        name, d = run_dir(request)
        try:
            f = queries.Filters.parse(request.query_params)
        except queries.BadFilter as e:
            raise HTTPException(400, str(e)) from None
        db = queries.connect(d)
        if db is None:
            rows, total, steps, faults = [], 0, [], []
        else:
            with db:
                rows, total = queries.list_trajectories(db, f)
                steps, faults = queries.steps(db), queries.fault_kinds(db)
            db.close()
        return HTMLResponse(pages.run_page(name, rows, total, f, steps, faults,
                                           (d / queries.METRICS).exists()))

    def trajectory(request: Request) -> HTMLResponse:
        name, d = run_dir(request)
        with TrajectoryStore(d / queries.STORE) as store:
            try:
                traj = store.get(request.path_params["id"])
            except KeyError:
                raise HTTPException(404, "no such trajectory") from None
        if name not in tokenizers:
            tokenizers[name] = queries.load_tokenizer(d)
        return HTMLResponse(pages.trajectory_page(name, traj, tokenizers[name]))

    def group(request: Request) -> HTMLResponse:
        name, d = run_dir(request)
        gid = request.path_params["group"]
        db = queries.connect(d)
        ids = queries.group_ids(db, gid) if db else []
        if db:
            db.close()
        if not ids:
            raise HTTPException(404, "no such group")
        with TrajectoryStore(d / queries.STORE) as store:
            trajs = [store.get(i) for i in ids]
        return HTMLResponse(pages.group_page(name, gid, trajs))

    def curves(request: Request) -> HTMLResponse:
        name, d = run_dir(request)
        return HTMLResponse(pages.curves_page(name, queries.series(queries.read_metrics(d))))

    return Starlette(routes=[
        Route("/", index), Route("/run/{run:path}/t/{id}", trajectory),
        Route("/run/{run:path}/g/{group}", group), Route("/run/{run:path}/curves", curves),
        Route("/run/{run:path}", run)])


def serve(root: Path, port: int = 8765) -> None:
    """Serve `create_app(root)` on 127.0.0.1:`port` until interrupted."""
    app = create_app(root)
    if not queries.find_runs(Path(root)):
        raise UserError(f"{root} holds no run (no trajectories.sqlite or metrics.jsonl in it "
                        "or in a directory below it); give a run directory")
    print(f"veriloop view: http://{HOST}:{port}/", flush=True)
    uvicorn.run(app, host=HOST, port=port, log_level="warning")
