"""pytest settings for every suite in the repository (the rootdir is this directory:
pyproject.toml's [tool.pytest.ini_options]).

ctest runs several pytest processes at once. With pytest's default temporary root
(/tmp/pytest-of-<user>, shared by every process), one process's cleanup of old "garbage-*"
directories can race another's and fail a run whose tests all passed. Each run therefore gets a
temporary root of its own, removed when it ends; an explicit --basetemp is left alone."""
import shutil
import tempfile

import pytest

_OWN = []


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    if config.option.basetemp is None:
        config.option.basetemp = tempfile.mkdtemp(prefix="tessera-pytest-")
        _OWN.append(config.option.basetemp)


def pytest_unconfigure(config):
    for d in _OWN:
        shutil.rmtree(d, ignore_errors=True)
