#!/usr/bin/env python3
"""Writes the seeds for fuzz_scenario (corpus/scenario), fuzz_preset (corpus/preset) and
fuzz_parsers (corpus/parsers): the bundled presets, every bundled model in a scenario, and
hand-made edge cases. Standard library only. Rerun after editing or after a preset changes;
the files are committed. Reproducers of findings are added by hand and are not touched."""
import copy
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PRESETS = os.path.join(HERE, "..", "..", "resources", "presets")
CORPUS = os.path.join(HERE, "corpus")


def load(kind):
    out = {}
    for path in sorted(glob.glob(os.path.join(PRESETS, kind, "*.json"))):
        with open(path, encoding="utf-8") as f:
            out[os.path.basename(path)[:-5]] = json.load(f)
    return out


def write(folder, name, content):
    os.makedirs(folder, exist_ok=True)
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def dump(obj):
    return json.dumps(obj, indent=4, ensure_ascii=False) + "\n"


MODELS = load("models")
GPUS = load("gpus")


def scenario(model, gpu, **fields):
    """A .kvledger file as the app writes one (same keys; the model and GPU as presets)."""
    s = {
        "format": "kvledger-scenario",
        "version": 1,
        "model": copy.deepcopy(MODELS[model]),
        "gpu": copy.deepcopy(GPUS[gpu]),
        "gpus": 1,
        "context": 1000000,
        "batch": 1,
        "kv_precision": "fp16",
        "weight_precision": "fp16",
        "weights_as_stored": False,
        "efficiency": 1,
        "memory_fraction": 1,
        "response_tokens": 1000,
    }
    s.update(fields)
    return s


def scenarios():
    folder = os.path.join(CORPUS, "scenario")
    gpus = sorted(GPUS)
    precisions = ["fp16", "bf16", "fp8", "int8", "int4", "fp4", "int4:g128", "fp32"]
    # Every model, each on another GPU, precision and shape, so the seeds spread over the code.
    for i, model in enumerate(sorted(MODELS)):
        s = scenario(model, gpus[i % len(gpus)], kv_precision=precisions[i % len(precisions)],
                     gpus=[1, 2, 4, 8][i % 4], batch=[1, 8, 64][i % 3],
                     context=[131072, 1000000, 8192, 100000000][i % 4],
                     weights_as_stored=i % 2 == 1, memory_fraction=[1, 0.9][i % 2])
        write(folder, "%s-%s.kvledger" % (model, gpus[i % len(gpus)]), dump(s))

    seed = scenario("llama-3.1-70b", "h100-sxm")
    edge = {}

    def case(name, **fields):
        s = copy.deepcopy(seed)
        s.update(fields)
        edge[name] = s

    case("seed")
    case("measured", measured={
        "device": "cuda:0", "device_name": "NVIDIA H100 80GB HBM3",
        "median_bytes_per_second": 2.9e12, "best_bytes_per_second": 3.0e12,
        "buffer_bytes": 4294967296, "sweep": [[1048576, 1.2e12], [4294967296, 2.9e12]]})
    case("measured-huge-buffer", measured={
        "device": "host", "device_name": "x", "median_bytes_per_second": 1e10,
        "best_bytes_per_second": 1e10, "buffer_bytes": 1e300, "sweep": []})
    case("context-zero", context=0, response_tokens=0)
    case("context-max", context=100000000, response_tokens=100000000)
    case("context-huge", context=1e300)
    case("context-fraction", context=1000.5)
    case("batch-negative", batch=-1)
    case("batch-max-gpus-max", batch=1024, gpus=1024)
    case("efficiency-tiny", efficiency=1e-300)
    case("efficiency-negative", efficiency=-1)
    case("efficiency-two", efficiency=2)
    case("memory-fraction-tiny", memory_fraction=1e-300)
    case("kv-int4-g32", kv_precision="int4:g32", weight_precision="int4:g128")
    case("kv-int4-g0", kv_precision="int4:g0")
    case("kv-fp4-mxfp4", kv_precision="fp4:g32:s8", weight_precision="fp8:g16384:s32")
    case("kv-group-max", kv_precision="int8:g1048576:s64")
    case("kv-precision-bad", kv_precision="int3")
    case("weights-as-stored", weights_as_stored=True)
    for name, s in edge.items():
        write(folder, "edge-%s.kvledger" % name, dump(s))

    # The model and GPU inside a scenario, bent.
    def inner(name, part, **fields):
        s = copy.deepcopy(seed)
        s[part].update(fields)
        write(folder, "edge-%s.kvledger" % name, dump(s))

    inner("bandwidth-tiny", "gpu", bandwidth_bytes_per_second=1e-300)
    inner("bandwidth-huge", "gpu", bandwidth_bytes_per_second=1e15)
    inner("memory-tiny", "gpu", memory_bytes=1e-300)
    inner("peak-flops-tiny", "gpu", peak_flops={"bf16": 1e-300})
    inner("parameters-huge", "model", total_parameters=1e15, active_parameters=1e15)
    inner("layers-max", "model", layers=256, hidden_size=1048576, vocab_size=16777216)
    moe = scenario("mixtral-8x7b", "h200", weights_as_stored=True)
    write(folder, "edge-moe.kvledger", dump(moe))
    del moe["model"]["moe_intermediate_size"]
    del moe["model"]["total_parameters"]
    del moe["model"]["active_parameters"]
    write(folder, "edge-moe-no-intermediate-size.kvledger", dump(moe))
    mla = scenario("deepseek-v3", "b200", weights_as_stored=True, gpus=8, kv_precision="fp8")
    write(folder, "edge-mla-moe.kvledger", dump(mla))

    missing = copy.deepcopy(seed)
    del missing["context"]
    write(folder, "edge-missing-context.kvledger", dump(missing))
    missing = copy.deepcopy(seed)
    del missing["gpu"]
    write(folder, "edge-missing-gpu.kvledger", dump(missing))
    missing = copy.deepcopy(seed)
    del missing["model"]["layers"]
    write(folder, "edge-missing-layers.kvledger", dump(missing))
    for version in (0, 2, -1, 1.5):
        s = copy.deepcopy(seed)
        s["version"] = version
        write(folder, "edge-version-%s.kvledger" % version, dump(s))
    text = dump(seed)
    write(folder, "edge-duplicate-key.kvledger",
          text.replace('"context": 1000000,', '"context": 1000,\n    "context": 1000000,', 1))
    write(folder, "edge-duplicate-model-key.kvledger",
          text.replace('"layers": 80,', '"layers": 80,\n        "layers": 8,', 1))
    write(folder, "edge-truncated.kvledger", text[:200])
    write(folder, "edge-not-object.kvledger", "[1, 2, 3]\n")
    write(folder, "edge-empty.kvledger", "")
    write(folder, "edge-other-format.kvledger", dump({"format": "something-else", "version": 1}))


def presets():
    folder = os.path.join(CORPUS, "preset")
    for name, m in MODELS.items():
        write(folder, "model-%s.json" % name, dump(m))
    for name, g in GPUS.items():
        write(folder, "gpu-%s.json" % name, dump(g))

    def model(name, base="llama-3.1-8b", drop=(), **fields):
        m = copy.deepcopy(MODELS[base])
        for key in drop:
            del m[key]
        m.update(fields)
        write(folder, "edge-model-%s.json" % name, dump(m))

    def gpu(name, drop=(), **fields):
        g = copy.deepcopy(GPUS["h100-sxm"])
        for key in drop:
            del g[key]
        g.update(fields)
        write(folder, "edge-gpu-%s.json" % name, dump(g))

    model("no-id", drop=("id",))
    model("no-name", drop=("name",))
    model("no-layers", drop=("layers",))
    model("minimal", drop=("name", "source", "total_parameters", "active_parameters",
                           "native_precision", "tie_word_embeddings", "layer_pattern"))
    model("moe-no-intermediate-size", base="mixtral-8x7b",
          drop=("moe_intermediate_size", "total_parameters", "active_parameters"))
    model("moe-one-expert", base="mixtral-8x7b", experts=1, experts_per_token=1,
          drop=("total_parameters", "active_parameters"))
    model("parameters-huge", total_parameters=1e15, active_parameters=1e15)
    model("parameters-tiny", total_parameters=1e-300, active_parameters=1e-300)
    model("shape-max", layers=256, query_heads=1024, kv_heads=1024, head_dim=4096,
          hidden_size=1048576, intermediate_size=16777216, vocab_size=16777216,
          drop=("total_parameters", "active_parameters"))
    model("precision-object", native_precision={"format": "int4", "group_size": 0,
                                                "scale_bits": 16})
    model("precision-int4-g32", native_precision="int4:g32", expert_precision="fp4:g32:s8",
          embedding_precision="bf16", state_precision="fp32")
    model("window-pattern", base="gemma-2-9b")
    model("kv-not-dividing", kv_heads=3)
    gpu("no-peaks", drop=("peak_flops",))
    gpu("bandwidth-tiny", bandwidth_bytes_per_second=1e-300)
    gpu("memory-tiny", memory_bytes=1e-300)
    gpu("peak-tiny", peak_flops={"bf16": 1e-300})
    gpu("minimal", drop=("name", "source", "notes", "reported_memory_bytes",
                         "reported_memory_source"))
    text = dump(MODELS["llama-3.1-8b"])
    write(folder, "edge-model-duplicate-key.json",
          text.replace('"layers": 32,', '"layers": 32,\n    "layers": 16,', 1))
    write(folder, "edge-not-object.json", "[]\n")
    write(folder, "edge-empty.json", "")


def parsers():
    folder = os.path.join(CORPUS, "parsers")
    seeds = {
        # Token counts, machine notation and as English and Portuguese readers type them.
        "tokens-plain": "131072", "tokens-k": "128k", "tokens-M": "1M", "tokens-Ki": "128Ki",
        "tokens-Mi": "1Mi", "tokens-fraction": "1.5M", "tokens-exponent": "1e6",
        "tokens-grouped": "131,072", "tokens-underscore": "1_000_000",
        "tokens-pt-grouped": "128.000", "tokens-pt-fraction": "1,5M", "tokens-T": "1000000T",
        "tokens-space": " 128 k ", "tokens-zero": "0",
        # Found by fuzz_parsers: formatted as "2.03k", which did not read back.
        "tokens-2025": "2025",
        # Precisions.
        "precision-fp16": "fp16", "precision-int4-g128": "int4:g128",
        "precision-int4-g0": "int4:g0", "precision-mxfp4": "fp4:g32:s8",
        "precision-fp8-blocks": "fp8:g16384:s32", "precision-e4m3": "e4m3",
        "precision-half": "HALF",
        # KV strategies: every preset's spec and id, and the forms the parser reads.
        "strategy-fp8": "fp8", "strategy-window": "window:4096,sinks:4,layers:0.5",
        "strategy-window-fp8": "window:4096,sinks:4+fp8",
        "strategy-budget": "budget:2048,recent:32", "strategy-budget-share": "budget:20%,recent:10%",
        "strategy-duo": "duo:0.5,sinks:64,window:256",
        # Found by fuzz_parsers: the spec writes the share to 6 digits (0.255556).
        "strategy-duo-long-share": "duo:0.2555556",
        "strategy-sparse": "sparse:k=16,block=64,summary=0,window=512,compress=16,compress-block=32,dense=2",
        "strategy-recent": "recent:128@fp16,old=int4,scale-bits=32",
        "strategy-preset": "kivi", "strategy-presets": "snapkv+fp8",
        # Synthetic attention sources.
        "synthetic-uniform": "uniform:layers=2,blocks=16",
        "synthetic-power-law": "power-law:exponent=1.2,layers=4,blocks=64,flat-layers=1",
        "synthetic-recency": "recency:sinks=1,sink-share=0.3,decay=32,floor=0.05",
        "synthetic-needle": "needle:block=2048,share=0.005",
    }
    for name, text in seeds.items():
        write(folder, name + ".txt", text)


if __name__ == "__main__":
    scenarios()
    presets()
    parsers()
