#!/usr/bin/env python3
"""Sets the columns data/measured/runs.csv adds to aiconfigurator's silicon_sample.csv rows, from
the runs' own sources (data/measured/SOURCES.md says what each means):

  concurrency         silicon_concurrency, in the source's silicon_data_source
  num_prompts         10 x concurrency for InferenceX runs (benchmarks/*.sh: --num-prompts)
  random_range_ratio  0.8 for InferenceX runs (.github/workflows/benchmark-tmpl.yml)
  spec_decoding,      none, mtp or unknown, and the drafts per step, from the InferenceX
  nextn               configuration that ran the row (.github/configs/nvidia-master.yaml, every
                      version in the history) and its MTP scripts
  mode                disagg for the GB200 DeepSeek-R1 runs of the 2026-04-06 file, which
                      InferenceX ran as Dynamo disaggregated deployments (tp_size is their GPUs)

Usage: measured-runs-columns.py SILICON_SAMPLE_CSV INFERENCEX_GIT_DIR RUNS_CSV
(RUNS_CSV is rewritten in place; its rows are matched to the source by id.)
Needs PyYAML (Debian: python3-yaml).
"""
import csv
import datetime
import re
import subprocess
import sys

import yaml

ADDED = ("concurrency", "num_prompts", "spec_decoding", "nextn", "random_range_ratio")
PREFIX = {"deepseek-ai/DeepSeek-R1": "dsr1", "Qwen/Qwen3.5-397B-A17B": "qwen3.5"}
# Models with an MTP head: their runs say none, mtp or unknown.
MTP_MODELS = ("deepseek-ai/DeepSeek-R1", "nvidia/DeepSeek-R1-NVFP4", "Qwen/Qwen3.5-397B-A17B")
PRECISION = {"nvfp4": "fp4", "fp8": "fp8", "fp8_block": "fp8", "int4_wo": "int4", "": "bf16"}
GPU = {"b200_sxm": "b200", "h200_sxm": "h200", "h100_sxm": "h100", "gb200": "gb200"}
FRAMEWORK = {"trtllm": "trt", "sglang": "sglang", "vllm": "vllm"}


def field(source, key):
    m = re.search(key + r"=([^;]*)", source)
    return m.group(1).strip() if m else ""


def whole(text, default=1):
    try:
        return int(float(text)) or default
    except ValueError:
        return default


def inferencex_entries(git_dir):
    """Every search-space entry of nvidia-master.yaml, with the dates it was first and last there."""
    path = ".github/configs/nvidia-master.yaml"
    log = subprocess.run(["git", "-C", git_dir, "log", "--format=%h %ad", "--date=short", "--", path],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    entries = {}
    for line in reversed([x for x in log if x]):
        commit, date = line.split()
        text = subprocess.run(["git", "-C", git_dir, "show", f"{commit}:{path}"],
                              capture_output=True, text=True).stdout
        try:
            configs = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        for name, cfg in (configs or {}).items():
            if not isinstance(cfg, dict) or cfg.get("multinode"):
                continue
            for seq in cfg.get("seq-len-configs") or []:
                for space in seq.get("search-space") or []:
                    e = dict(name=name, image=cfg.get("image", ""), prefix=cfg.get("model-prefix"),
                             precision=cfg.get("precision"), runner=cfg.get("runner", ""),
                             framework=cfg.get("framework"), isl=seq.get("isl"), osl=seq.get("osl"),
                             **{k: v for k, v in space.items() if not isinstance(v, (dict, list))})
                    key = repr(sorted(e.items()))
                    entries.setdefault(key, dict(e, first=date))["last"] = date
    return list(entries.values())


def layout(row):
    """GPUs, EP and attention DP of an aggregated row, as InferenceX's configuration names them."""
    tp, dp = whole(row["tp_size"]), whole(row["attention_dp_size"])
    moe_tp, moe_ep = whole(row["moe_tp_size"]), whole(row["moe_ep_size"])
    gpus = moe_tp if moe_tp > 1 and moe_ep > 1 and tp * dp == moe_tp * moe_ep else max(tp * dp, moe_tp * moe_ep)
    return gpus, moe_ep, dp > 1


def shifted(date, days):
    return (datetime.date.fromisoformat(date) + datetime.timedelta(days=days)).isoformat()


def speculative(row, entries, first_mtp):
    """none, mtp or unknown for an aggregated InferenceX row of a model with an MTP head."""
    prefix = PREFIX.get(row["model_path"])
    if not prefix:
        return "unknown"
    source = row["silicon_data_source"]
    concurrency = whole(field(source, "silicon_concurrency"), 0)
    date = field(source, "measured")[:10]
    image = field(source, "image").replace("nvcr.io/", "nvcr.io#")
    gpus, ep, attention_dp = layout(row)
    framework = FRAMEWORK[row["backend"]]
    precision = PRECISION.get(row["gemm_quant_mode"])
    found = set()
    for e in entries:
        if (e["prefix"], e["precision"], e["framework"]) != (prefix, precision, framework):
            continue
        if not e["runner"].startswith(GPU[row["system"]]):
            continue
        if (e["isl"], e["osl"]) != (int(row["isl"]), int(row["osl"])):
            continue
        if not e.get("conc-start", 0) <= concurrency <= e.get("conc-end", 0):
            continue
        if framework != "vllm" and (e.get("tp"), e.get("ep") or 1, bool(e.get("dp-attn"))) != (gpus, ep, attention_dp):
            continue
        if image and e["image"].replace("nvcr.io/", "nvcr.io#") != image:
            continue
        if date and not shifted(e["first"], -2) <= date <= shifted(e["last"], 7):
            continue
        found.add("mtp" if e.get("spec-decoding") == "mtp" else "none")
    if len(found) == 1:
        return found.pop()
    key = (prefix, GPU[row["system"]], framework, precision)
    if not found and date and date < first_mtp.get(key, "9999"):
        return "none"  # run before any MTP configuration of its kind existed
    return "unknown"


def drafts(row):
    """Drafts per step of InferenceX's single-node MTP scripts (benchmarks/single_node, 79ea3651a):
    TensorRT-LLM DeepSeek MTP=3, or 1 with attention DP; SGLang DeepSeek EAGLE num-steps 2;
    SGLang Qwen3.5 num-steps 3."""
    if row["backend"] == "trtllm":
        return 1 if layout(row)[2] else 3
    return 2 if "DeepSeek" in row["model_path"] else 3


def main(silicon_path, git_dir, runs_path):
    source = {r["id"]: r for r in csv.DictReader(open(silicon_path, newline=""))}
    with open(runs_path, newline="") as f:
        runs = list(csv.DictReader(f))
    fields = [c for c in runs[0].keys() if c not in ADDED] + list(ADDED)
    entries = inferencex_entries(git_dir)
    first_mtp = {}
    for e in entries:
        if e.get("spec-decoding") == "mtp":
            key = (e["prefix"], e["runner"].split("-")[0], e["framework"], e["precision"])
            first_mtp[key] = min(first_mtp.get(key, "9999"), e["first"])
    for run in runs:
        row = source[run["id"]]
        text = row["silicon_data_source"]
        origin = field(text, "source_file")
        inferencex = "/" not in origin  # aiconfigurator's own campaigns name a local path
        concurrency = whole(field(text, "silicon_concurrency"), 0)
        run["mode"] = row["mode"]
        run["concurrency"] = str(concurrency) if concurrency else ""
        run["num_prompts"] = str(10 * concurrency) if inferencex and concurrency else ""
        run["random_range_ratio"] = "0.8" if inferencex else ""
        spec = "none"
        if row["mode"] == "agg" and row["system"] == "gb200" and origin == "2026-04-06.csv" \
                and row["model_path"] == "deepseek-ai/DeepSeek-R1":
            run["mode"], spec = "disagg", "unknown"
        elif row["model_path"] in MTP_MODELS:
            spec = speculative(row, entries, first_mtp) if inferencex and row["mode"] == "agg" else "unknown"
        run["spec_decoding"] = spec
        run["nextn"] = {"none": "0", "mtp": str(drafts(row))}.get(spec, "")
    with open(runs_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(runs)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
