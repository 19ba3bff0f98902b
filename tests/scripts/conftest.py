"""Shared by the tests of the scripts themselves: the package scripts/wf
(scripts/wf/testing.py runs make and the drivers) and a scratch directory
per module."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))


@pytest.fixture(scope="module")
def tmp(tmp_path_factory):
    return str(tmp_path_factory.mktemp("wf"))
