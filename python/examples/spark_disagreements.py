"""Canonicalize a Parquet file of URLs under every built-in profile with
Spark, and write the URLs on which the profiles disagree.

    python examples/spark_disagreements.py urls.parquet disagreements.parquet [--column url]

The input has a string column of URLs (``url`` by default); the output
has that column, one column per profile (its canonical URL, null when the
URL has none) and is written as Parquet.  Spark runs locally on every
core (``local[*]``) unless ``--master`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

import urlprism.spark


def disagreements(df: DataFrame, column: str = "url") -> DataFrame:
    """The rows of ``df`` whose URL the profiles canonicalize differently,
    with each profile's canonical URL."""
    compared = df.select(F.col(column), urlprism.spark.compare(column).alias("c"))
    return compared.where(~F.col("c.agree")).select(column, "c.*").drop("agree")


def session(master: str) -> SparkSession:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    return (
        SparkSession.builder.master(master)
        .appName("urlprism-disagreements")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input", help="a Parquet file (or directory) of URLs")
    ap.add_argument("output", help="where to write the disagreements (Parquet)")
    ap.add_argument("--column", default="url", help="the column of URLs (default: url)")
    ap.add_argument("--master", default="local[*]")
    args = ap.parse_args(argv)
    spark = session(args.master)
    try:
        out = disagreements(spark.read.parquet(args.input), args.column)
        out.write.mode("overwrite").parquet(args.output)
        n = spark.read.parquet(args.output).count()
        print(f"{n} disagreements written to {args.output}", file=sys.stderr)
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
