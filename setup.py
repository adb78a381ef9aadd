"""Package discovery: the top-level themes/ folder ships inside the package as hermes.themes."""
from setuptools import find_packages, setup

setup(packages=find_packages(include=["hermes", "hermes.*"]) + ["hermes.themes"])
