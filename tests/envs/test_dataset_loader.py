"""Issue 46 point 1: the dataset environment reads JSONL, JSON, CSV, Parquet, save_to_disk
directories, globs and several files through Hugging Face `datasets` (memory-mapped Arrow),
and holds rows out by a second file or by a seeded fraction."""

import json

import datasets
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from veriloop.envs import get_env
from veriloop.envs.dataset.loader import load_rows
from veriloop.errors import MissingFileError, UserError

ROWS = [{"prompt": f"What is {i} squared?", "answer": str(i * i)} for i in range(10)]


def _write_all(tmp_path):
    """The same ten rows in every format the loader reads."""
    (tmp_path / "rows.jsonl").write_text("\n".join(json.dumps(r) for r in ROWS) + "\n")
    (tmp_path / "rows.json").write_text(json.dumps(ROWS))
    (tmp_path / "rows.csv").write_text("prompt,answer\n" + "".join(
        f"{r['prompt']},{r['answer']}\n" for r in ROWS))
    pq.write_table(pa.Table.from_pylist(ROWS), tmp_path / "rows.parquet")
    datasets.Dataset.from_list(ROWS).save_to_disk(str(tmp_path / "saved"))
    datasets.DatasetDict({"train": datasets.Dataset.from_list(ROWS[:7]),
                          "test": datasets.Dataset.from_list(ROWS[7:])}).save_to_disk(
        str(tmp_path / "saved_dict"))


def test_every_format_gives_the_same_rows(tmp_path):
    _write_all(tmp_path)
    for name in ("rows.jsonl", "rows.json", "rows.csv", "rows.parquet", "saved"):
        rows = load_rows(str(tmp_path / name))
        assert len(rows) == 10 and sorted(rows.columns) == ["answer", "prompt"], name
        # CSV reads the answers as integers: the tasks still carry the same text
        assert [str(rows.row(i)["answer"]) for i in range(10)] == [r["answer"] for r in ROWS]
        assert rows.where(3) == f"{tmp_path / name} row 4"
    assert len(load_rows(str(tmp_path / "saved_dict"))) == 7
    assert len(load_rows(str(tmp_path / "saved_dict"), split="test")) == 3


def test_several_files_and_globs_concatenate_and_keep_their_row_numbers(tmp_path):
    for k in range(3):
        (tmp_path / f"part{k}.jsonl").write_text(
            "\n".join(json.dumps(r) for r in ROWS[k * 3:k * 3 + 3]) + "\n")
    rows = load_rows(str(tmp_path / "part*.jsonl"))
    assert len(rows) == 9 and rows.row(4) == ROWS[4]
    assert rows.where(4) == f"{tmp_path / 'part1.jsonl'} row 2"
    assert len(load_rows([str(tmp_path / "part0.jsonl"), str(tmp_path / "part2.jsonl")])) == 6
    assert len(load_rows(str(tmp_path))) == 9  # a directory of data files
    (tmp_path / "other.jsonl").write_text(json.dumps({"question": "q"}) + "\n")
    with pytest.raises(UserError, match="have different columns"):
        load_rows([str(tmp_path / "part0.jsonl"), str(tmp_path / "other.jsonl")])
    with pytest.raises(MissingFileError, match="nope.jsonl does not exist"):
        load_rows(str(tmp_path / "nope.jsonl"))
    with pytest.raises(MissingFileError, match="no file matches"):
        load_rows(str(tmp_path / "none*.jsonl"))


def test_a_seeded_fraction_is_held_out_disjoint_and_repeatable(tmp_path):
    _write_all(tmp_path)
    path = str(tmp_path / "rows.jsonl")

    def prompts(split, **options):
        env = get_env("dataset", path=path, **options)
        try:
            return {t.prompt[-1].content for t in env.tasks(100, split=split)}
        finally:
            env.close()

    train, test = prompts("train", test_fraction=0.3), prompts("test", test_fraction=0.3)
    assert len(train) == 7 and len(test) == 3 and not train & test
    assert train | test == {r["prompt"] for r in ROWS}
    assert prompts("test", test_fraction=0.3) == test  # the same seed, the same held-out rows
    assert any(prompts("test", test_fraction=0.3, split_seed=s) != test for s in (1, 2, 3))


def test_a_second_file_is_the_held_out_split(tmp_path):
    _write_all(tmp_path)
    (tmp_path / "held.jsonl").write_text(json.dumps({"prompt": "Held?", "answer": "1"}) + "\n")
    env = get_env("dataset", path=str(tmp_path / "rows.parquet"),
                  test_path=str(tmp_path / "held.jsonl"))
    try:
        assert len(env.tasks(100, split="train")) == 10  # every row of path trains
        (task,) = env.tasks(100, split="test")
        assert task.id == "dataset-test-0" and task.prompt[-1].content == "Held?"
        # a seeded order: the first n tasks of seed 0 and of seed 1 differ
        assert [t.id for t in env.tasks(3, seed=0)] != [t.id for t in env.tasks(3, seed=1)]
        assert [t.id for t in env.tasks(3, seed=0)] == [t.id for t in env.tasks(3, seed=0)]
    finally:
        env.close()
