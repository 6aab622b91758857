"""Speed of urlprism from Python, side by side with the command line:

- ``canonicalize_many`` on a Python list of URLs, against ``urlprism canon``
  on the same file as a whole process (start, read, write);
- the Arrow path (a ``pyarrow`` string array) against the list path;
- Spark (local mode) throughput per core, with ``--spark``.

    python python/bench/bench.py [FILE] [--repeat N] [--cli target/release/urlprism] [--spark]

FILE defaults to ../shared/bench/ascii.txt (100k ASCII URLs), repeated
``--repeat`` times (once by default).  Each figure is the best of five runs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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
    ap.add_argument("--spark", action="store_true", help="also measure Spark in local mode")
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

    t_cli = best(cli)
    print(f"urlprism canon (whole process): {t_cli * 1000:8.1f} ms  {n / t_cli:12,.0f} URLs/s")
    for threads in (1, None):
        t_list = best(lambda: urlprism.canonicalize_many(lines, profile=args.profile, threads=threads))
        label = f"list, threads={threads or os.cpu_count()}"
        print(f"canonicalize_many({label}): {t_list * 1000:8.1f} ms  {n / t_list:12,.0f} URLs/s  "
              f"({t_list / t_cli:.2f}x the CLI's time)")
    try:
        import pyarrow as pa
    except ImportError:
        pa = None
    if pa is not None:
        arr = pa.array(lines, type=pa.string())
        for threads in (1, None):
            t_list = best(lambda: urlprism.canonicalize_many(lines, profile=args.profile, threads=threads))
            t_arrow = best(lambda: urlprism.canonicalize_many(arr, profile=args.profile, threads=threads))
            label = f"arrow, threads={threads or os.cpu_count()}"
            print(f"canonicalize_many({label}): {t_arrow * 1000:8.1f} ms  {n / t_arrow:12,.0f} URLs/s  "
                  f"({t_list / t_arrow:.2f}x faster than the list with as many threads)")
    if args.spark:
        spark_bench(lines)
    os.unlink(path)
    return 0


def spark_bench(lines: list[str]) -> None:
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
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    df = spark.createDataFrame(pa.table({"url": lines})).repartition(cores).cache()
    df.count()
    n = len(lines)

    def run(col):
        df.select(col.alias("c")).agg(F.count("c")).collect()

    baseline = best(lambda: run(F.length("url").cast("string")), runs=3)
    for name, col in [
        ("canonicalize (arrow_udf)", urlprism.spark.canonicalize("url")),
        ("compare, 5 engines (arrow_udf)", urlprism.spark.compare("url")),
    ]:
        t = best(lambda: run(col), runs=3)
        print(f"spark {name}: {t:6.2f} s, {n / t / cores:10,.0f} URLs/s per core "
              f"(a built-in expression over the same rows: {baseline:.2f} s; local[{cores}])")
    spark.stop()


if __name__ == "__main__":
    sys.exit(main())
