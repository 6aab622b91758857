"""Speed of urlprism from Python, side by side with the command line:

- ``canonicalize_many`` on a Python list of URLs, against ``urlprism canon``
  on the same file as a whole process (start, read, write);
- the Arrow path (a ``pyarrow`` string array) against the list path;
- Spark (local mode) throughput per core, with ``--spark``.

    python python/bench/bench.py [FILE] [--repeat N] [--cli target/release/urlprism] [--spark]

FILE defaults to ../shared/bench/ascii.txt (100k ASCII URLs), repeated
``--repeat`` times (once by default).  The contenders run in interleaved
rounds (``--rounds``, 9); each gets its best and median time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

try:  # for the pandas_udf the Spark figures compare with
    import pandas as pd
except ImportError:
    pd = None

import urlprism

ROOT = Path(__file__).resolve().parents[2]


def best(f, runs=5):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared" / "bench" / "ascii.txt"))
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--profile", default="this")
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "urlprism"))
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--spark", action="store_true", help="also measure Spark in local mode")
    ap.add_argument("--spark-repeat", type=int, default=10,
                    help="Spark runs on the URLs repeated this many times (default 10: 1M URLs)")
    args = ap.parse_args()

    lines = Path(args.file).read_text("utf-8").splitlines() * args.repeat
    n = len(lines)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(l + "\n" for l in lines))
        path = f.name
    print(f"{n} URLs ({args.file} x{args.repeat}), profile {args.profile}, load {os.getloadavg()[0]:.2f}")

    def cli():
        with open(path, "rb") as i:
            subprocess.run([args.cli, "canon", "--profile", args.profile], stdin=i,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)

    runs = {"urlprism canon (whole process)": cli}
    for threads in (1, None):
        label = f"threads={threads or os.cpu_count()}"
        runs[f"canonicalize_many(list, {label})"] = (
            lambda t=threads: urlprism.canonicalize_many(lines, profile=args.profile, threads=t))
        try:
            import pyarrow as pa
        except ImportError:
            continue
        arr = pa.array(lines, type=pa.string())
        runs[f"canonicalize_many(arrow, {label})"] = (
            lambda t=threads, a=arr: urlprism.canonicalize_many(a, profile=args.profile, threads=t))
    # Interleaved rounds, so that the load of a shared machine weighs on
    # every contender alike; the best and the median of each.
    times = {k: [] for k in runs}
    for _ in range(args.rounds):
        for k, f in runs.items():
            t = time.perf_counter()
            f()
            times[k].append(time.perf_counter() - t)
    cli_best = min(times["urlprism canon (whole process)"])
    cli_median = statistics.median(times["urlprism canon (whole process)"])
    for k, ts in times.items():
        b, m = min(ts), statistics.median(ts)
        print(f"{k:42} best {b * 1000:7.1f} ms ({n / b:10,.0f} URLs/s), median {m * 1000:7.1f} ms; "
              f"x CLI: best {b / cli_best:.2f}, median {m / cli_median:.2f}")
    if args.spark:
        spark_bench(lines * args.spark_repeat)
    os.unlink(path)
    return 0


def spark_bench(lines: list[str], spark_rounds: int = 5) -> None:
    import pyarrow as pa
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    import urlprism.spark

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    cores = 2
    spark = (
        SparkSession.builder.master(f"local[{cores}]")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.createDataFrame(pa.table({"url": lines})).repartition(cores).cache()
    df.count()
    n = len(lines)

    def run(col):
        df.select(col.alias("c")).agg(F.count("c")).collect()

    @F.pandas_udf("string")
    def pandas_canonicalize(batches: Iterator[pd.Series]) -> Iterator[pd.Series]:
        for s in batches:
            yield urlprism.canonicalize_many(pa.Array.from_pandas(s, type=pa.string())).to_pandas()

    contenders = {
        "built-in expression (length, for the fixed cost)": F.length("url").cast("string"),
        "canonicalize (arrow_udf)": urlprism.spark.canonicalize("url"),
        "canonicalize (pandas_udf, for comparison)": pandas_canonicalize("url"),
        "compare, 5 engines (arrow_udf)": urlprism.spark.compare("url"),
    }
    times = {k: [] for k in contenders}
    for _ in range(spark_rounds):
        for k, col in contenders.items():
            t = time.perf_counter()
            run(col)
            times[k].append(time.perf_counter() - t)
    fixed = statistics.median(times["built-in expression (length, for the fixed cost)"])
    for k, ts in times.items():
        m = statistics.median(ts)
        beyond = f"; beyond the fixed cost: {n / max(m - fixed, 1e-9) / cores:10,.0f} URLs/s per core" if "udf" in k else ""
        print(f"spark {k:45} {n} URLs: median {m:6.2f} s (best {min(ts):.2f}), "
              f"{n / m / cores:9,.0f} URLs/s per core{beyond} (local[{cores}])")
    spark.stop()


if __name__ == "__main__":
    sys.exit(main())
