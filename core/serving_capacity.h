#pragma once

#include "scenario.h"
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kvl {

// The engine whose capacity arithmetic this reproduces, named in every output.
QString vllmVersion();

// What `vllm serve` is started with, beside the model, GPU, TP degree (scenario.gpus) and
// precisions of the scenario.
struct CapacityInputs
{
    Scenario scenario;
    double gpuMemoryUtilization = 0.9; // vLLM's default
    int blockSize = 16;                // vLLM's default on CUDA
    qint64 maxModelLen = 0;            // 0: the scenario's context
    // 0: vLLM's default for `vllm serve`: 8192 on a GPU of at least 70 GiB that is not an A100,
    // 2048 otherwise (EngineArgs.get_batch_defaults, OPENAI_API_SERVER).
    qint64 maxNumBatchedTokens = 0;
    // --kv-cache-memory: the KV bytes per GPU, skipping the profiled budget.
    std::optional<double> kvCacheMemoryBytes;
};

// One KV cache spec of the model as vLLM builds it per GPU (one per layer type; a layer with a
// Mamba beside its attention has one of each).
struct CapacityPage
{
    AttentionKind kind = AttentionKind::Full;
    LayerType type;
    int layers = 0;
    int groups = 0;              // KV cache groups of group_size layers
    int paddingLayers = 0;       // added to fill its last group
    qint64 pageSizeBytes = 0;    // one block of one layer, after any padding to the common page
    qint64 realPageBytes = 0;    // before padding (Mamba states padded to the attention page)
    qint64 blocksPerRequest = 0; // per group, at max_model_len
};

struct ServingCapacity
{
    // Per GPU worker, bytes.
    double totalBytes = 0;           // what the device reports (torch.cuda.mem_get_info)
    bool totalFromDatasheet = false; // the device's report is unknown: the datasheet label
    double requestedBytes = 0;       // total × gpu_memory_utilization
    double weightBytes = 0;          // Ledger::weightBytesPerGpu
    double activationBytes = 0;      // the profiling pass's peak, estimated
    double nonTorchBytes = 0;        // allowance: NCCL, cuBLAS and attention workspaces
    double nonKvBytes = 0;           // weights + activation + non-torch
    double kvCacheMemoryBytes = 0;   // requested − non-KV, or --kv-cache-memory
    bool kvMemoryGiven = false;

    int blockSize = 0; // after a hybrid model's raise to fit the Mamba page
    qint64 maxModelLen = 0;
    qint64 maxNumBatchedTokens = 0;
    int maxNumSeqs = 0;

    QList<CapacityPage> pages;
    qint64 pageSizeBytes = 0; // the one page every group shares
    int groupSize = 0;        // layers per KV cache group
    int groups = 0;
    qint64 numBlocks = 0;
    qint64 kvCacheTokens = 0;    // as "GPU KV cache size" logs it
    qint64 blocksPerRequest = 0; // over every group
    double neededBytes = 0;      // KV for one request of max_model_len
    double maxConcurrency = 0;
    qint64 estimatedMaxModelLen = 0; // when one request does not fit; 0 = not even one token

    QStringList logLines; // vLLM's INFO/WARNING lines, in the order it prints them
    QString error;        // vLLM's ValueError, when it would refuse to start
    QStringList notes;    // what this assumed
};

ServingCapacity servingCapacity(const CapacityInputs &in);

// Python's str(round(bytes / 2^30, 2)), as vLLM's format_gib prints: "24.0", "3.18".
QString formatGib(double bytes);

} // namespace kvl
