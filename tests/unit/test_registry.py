"""Registry[T]: the one lookup every named component uses."""

import pytest

from veriloop.registry import Registry


def test_registered_lazy_and_unknown_names():
    reg: Registry[object] = Registry("widget")

    @reg.register("alpha")
    def alpha():
        """Makes an alpha."""

    reg.lazy("path_join", "os.path:join")
    assert reg.names() == ["alpha", "path_join"]
    assert reg.get("alpha") is alpha
    import os.path

    assert reg.get("path_join") is os.path.join  # imported on first use
    assert reg.describe()["alpha"] == "Makes an alpha."
    with pytest.raises(KeyError, match=r"widget 'alpah' is not registered; did you mean 'alpha'\?"
                                       r".*; or give x.py:Y"):
        reg.get("alpah", hint="or give x.py:Y")
    assert reg.find("nope") is None


def test_a_name_registered_twice_is_an_error():
    reg: Registry[object] = Registry("widget")
    reg.add("a", 1)
    with pytest.raises(ValueError, match="registered twice"):
        reg.lazy("a", "os:sep")
    reg.add("a", 2, replace=True)
    assert reg.get("a") == 2
