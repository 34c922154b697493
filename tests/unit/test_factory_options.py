"""`factory_options`: a factory's options from its signature, or from the pydantic model it
declares (as `params`, the shape of an algorithm registry `Entry`, or as `Options`, or by being
one) — the same option read both ways gives the same type and default."""

from __future__ import annotations

from pydantic import BaseModel, Field

from veriloop.factory_options import Option, factory_options, options_model


def by_signature(threshold: float = 0.5, *, names: tuple[str, ...] = ("a",), gold: str,
                 **context: object) -> None:
    """A factory whose options are its keyword parameters."""


class Declared(BaseModel):
    threshold: float = 0.5
    names: tuple[str, ...] = ("a",)
    gold: str = Field(description="the expected answer")


class Entry:
    """Like `veriloop.algorithms.registries.Entry`: the function and its parameter model."""

    params = Declared

    def __call__(self, **options: object) -> None: ...


def test_signature_options_in_order_with_types_defaults_and_variadics():
    assert factory_options(by_signature) == [
        Option("threshold", "float", "0.5", False),
        Option("names", "tuple[str, ...]", "('a',)", False),
        Option("gold", "str", None, True),
        Option("**context", "object", None, False)]
    assert [str(o) for o in factory_options(by_signature)] == [
        "threshold: float = 0.5", "names: tuple[str, ...] = ('a',)", "gold: str (required)",
        "**context: object"]


def test_a_declared_model_wins_over_the_signature_and_agrees_with_it():
    def make(**options: object) -> None: ...

    make.Options = Declared  # type: ignore[attr-defined]
    for factory in (make, Entry(), Declared):
        assert options_model(factory) is Declared
        declared = factory_options(factory)
        assert [o.name for o in declared] == ["threshold", "names", "gold"]
        signed = {o.name: o for o in factory_options(by_signature)}
        for o in declared:  # the same option, two ways of declaring it
            assert (o.default, o.required) == (signed[o.name].default, signed[o.name].required)
        assert declared[2].description == "the expected answer"
    assert options_model(by_signature) is None
