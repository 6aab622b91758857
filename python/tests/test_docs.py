"""The examples of the docstrings, of the package README and of
docs/python.md run, so that they cannot rot."""

import doctest
import re

import pytest

import urlprism
from conftest import ROOT


def test_docstrings():
    r = doctest.testmod(urlprism, extraglobs={"urlprism": urlprism})
    assert r.attempted > 10 and r.failed == 0


@pytest.mark.parametrize("readme", ["docs/python.md", "python/README.md"])
def test_readme_examples(readme):
    text = (ROOT / readme).read_text("utf-8")
    src = "\n".join(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if b.lstrip().startswith(">>>"))
    test = doctest.DocTestParser().get_doctest(src, {}, readme, readme, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    r = runner.summarize(verbose=False)
    assert r.attempted >= 5 and r.failed == 0


def test_readme_names_every_extra():
    tomllib = pytest.importorskip("tomllib")
    extras = tomllib.loads((ROOT / "python/pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"]
    assert extras, "pyproject.toml has extras"
    text = (ROOT / "python/README.md").read_text("utf-8")
    install = text.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    commands = "\n".join(re.findall(r"```sh\n(.*?)```", install, re.S))
    named = set(re.findall(r"pip install '\./python\[([^]]+)\]'", commands))
    assert named == set(extras), f"Install names {sorted(named)}, pyproject.toml has {sorted(extras)}"
