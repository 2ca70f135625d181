#!/usr/bin/env python3
"""Turns a `lab real --out DIR` folder into the small data the site ships.

content/real/pay/summary.json: the provenance (date, versions, machine,
parameters), the three-column table of every configuration, and per run
the wall time, the stop lateness and the cross-check counts.
content/real/pay/holds/KEY.json: run 0's hold-level history of each
configuration (one array per hold, the nemesis events), not every request.

content/real/pay/independent.json (with --independent FILE): the
provenance and three-column table of a rerun with `lab real --pauses
independent`, shown beside the committed set in the real runs' limits
(src/content/real_view/limits.rs); no holds.

Usage: scripts/real-pay-data.py DIR [DEST]   (DEST defaults to content/real/pay)
       scripts/real-pay-data.py --independent DIR FILE
"""
import json
import os
import sys

RELEASE = {"released": "R", "stolen": "S", "expired": "E", "error": "X", "not_applicable": "-"}


def outcome_text(outcome):
    if isinstance(outcome, dict):
        (kind, phase), = outcome.items()
        return f"{kind}:{phase}"
    return outcome


def us(ns):
    return None if ns is None else round(ns / 1000)


def independent(src, dest):
    with open(os.path.join(src, "table.json")) as f:
        table = json.load(f)
    if table["provenance"].get("pauses") != "independent":
        sys.exit(f"{src}: not a run with --pauses independent")
    configs = [{
        "variant": c["variant"],
        "label": c["label"],
        "table": [{k: line[k] for k in ("metric", "real", "simulated", "real_text", "simulated_text")}
                  for line in c["table"]],
    } for c in table["configs"]]
    with open(dest, "w") as f:
        json.dump({"provenance": table["provenance"], "configs": configs}, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    if sys.argv[1] == "--independent":
        return independent(sys.argv[2], sys.argv[3])
    src = sys.argv[1]
    dest = sys.argv[2] if len(sys.argv) > 2 else "content/real/pay"
    os.makedirs(os.path.join(dest, "holds"), exist_ok=True)
    with open(os.path.join(src, "table.json")) as f:
        table = json.load(f)
    configs = []
    for c in table["configs"]:
        runs = []
        for run in c["runs"]:
            checks = run["real"]["checks"]
            lateness = checks["stop_lateness_us"]
            runs.append({
                "run_index": run["run_index"],
                "wall_s": round(checks["wall_s"], 2),
                "stops": len(lateness),
                "stop_lateness_max_us": round(max(lateness), 1) if lateness else None,
                "stop_lateness_mean_us": round(sum(lateness) / len(lateness), 1) if lateness else None,
                "sql_overlap_pairs": checks["sql"]["pairs"],
                "rust_overlap_pairs": checks["rust_overlap_pairs"],
                "both_released_pairs": checks["sql"]["both_released"],
                "completions_unknown": checks["completions_unknown"],
                "lock_errors": checks["lock_errors"],
                "db_errors": checks["db_errors"],
                "requests": run["real"]["details"]["requests"],
                "holds": run["real"]["details"]["holds"],
            })
        table_lines = [
            {k: line[k] for k in ("metric", "label", "real", "simulated", "real_text", "simulated_text", "article")}
            for line in c["table"]
        ]
        configs.append({"variant": c["variant"], "label": c["label"], "table": table_lines, "runs": runs})
        # Run 0's holds.
        with open(os.path.join(src, f"{c['variant']}-run0", "history.json")) as f:
            history = json.load(f)
        holds = []
        for r in history["api"]["requests"]:
            h = r.get("hold")
            if not h:
                continue
            holds.append([
                r["worker"], r["wallet"], h["token"], us(h["acquired_ns"]), us(h["read_ns"]), us(h["written_ns"]),
                us(h["released_ns"]), RELEASE[h["release_result"]], outcome_text(h["outcome"]),
                us(h["lease_lost_seen_ns"]), h["server_set_us"],
            ])
        holds.sort(key=lambda h: h[3])
        nemesis = [{"kind": e["kind"] if isinstance(e["kind"], str) else "redis_restart",
                    "deadline_us": us(e["deadline_ns"]), "at_us": us(e["at_ns"])} for e in history["nemesis"]]
        doc = {
            "variant": c["variant"],
            "run_index": 0,
            "provenance": table["provenance"],
            "columns": ["worker", "wallet", "token", "acquired_us", "read_us", "written_us", "released_us",
                        "release (R released, S stolen, E expired, X error, - none)", "outcome",
                        "lease_lost_seen_us", "redis_time_at_set_us"],
            "time_calibration": history["api"].get("time_calibration"),
            "nemesis": nemesis,
            "holds": holds,
        }
        with open(os.path.join(dest, "holds", f"{c['variant']}.json"), "w") as f:
            json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
    summary = {"provenance": table["provenance"], "labels": table["labels"], "configs": configs}
    with open(os.path.join(dest, "summary.json"), "w") as f:
        json.dump(summary, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
