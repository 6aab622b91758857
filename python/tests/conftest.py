"""Fixtures of the urlprism Python tests: the CLI they compare with, the
benchmark corpora, and one local Spark session."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROFILES = ["this", "chrome", "gecko", "ie", "whatwg", "chromium", "firefox", "webkit"]


def cli_path() -> Path:
    """The urlprism binary: $URLPRISM_CLI, else target/release/urlprism."""
    p = Path(os.environ.get("URLPRISM_CLI", ROOT / "target" / "release" / "urlprism"))
    if not p.exists():
        pytest.fail(f"no urlprism binary at {p} (cargo build --release, or set URLPRISM_CLI)")
    return p


def bench_dir() -> Path:
    """The benchmark corpora: $URLPRISM_BENCH, else ../shared/bench."""
    return Path(os.environ.get("URLPRISM_BENCH", ROOT.parent / "shared" / "bench"))


def corpora() -> list[Path]:
    """The corpora (none when the directory is missing: the tests that
    need them are then skipped, as .ci/run skips the shared suite)."""
    return sorted(bench_dir().glob("*.txt"))


def read_lines(path: Path) -> list[str]:
    """The lines of a corpus as `urlprism canon` reads them (a trailing CR
    stripped)."""
    # Invalid UTF-8 becomes lone surrogates: no canonical URL, as for the CLI.
    text = path.read_bytes().decode("utf-8", errors="surrogateescape")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [l[:-1] if l.endswith("\r") else l for l in lines]


def run_cli(args: list[str], stdin: bytes) -> bytes:
    r = subprocess.run([str(cli_path()), *args], input=stdin, capture_output=True)
    if r.returncode not in (0, 1):
        raise AssertionError(f"urlprism {' '.join(args)} exited {r.returncode}: {r.stderr[:500]!r}")
    return r.stdout


@pytest.fixture(scope="session")
def spark():
    """One local Spark session for the whole run, bound to 127.0.0.1."""
    pyspark = pytest.importorskip("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        if os.environ.get("CI"):
            pytest.fail("Spark needs Java (apt-get install openjdk-17-jre-headless)")
        pytest.skip("no java: the Spark tests need it")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("urlprism-tests")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
