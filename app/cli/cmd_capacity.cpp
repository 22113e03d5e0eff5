#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "scenario_options.h"
#include "serving_capacity.h"
#include "vllm_log.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

namespace {

constexpr int kExitRefused = 1; // vLLM would not start: the figures are printed with its error

QJsonArray pagesJson(const ServingCapacity &c)
{
    QJsonArray out;
    for (const CapacityPage &p : c.pages)
        out.append(QJsonObject{{QStringLiteral("kind"), kindKey(p.kind)},
                               {QStringLiteral("layers"), p.layers},
                               {QStringLiteral("groups"), p.groups},
                               {QStringLiteral("padding_layers"), p.paddingLayers},
                               {QStringLiteral("page_size_bytes"), p.pageSizeBytes},
                               {QStringLiteral("real_page_size_bytes"), p.realPageBytes},
                               {QStringLiteral("blocks_per_request"), p.blocksPerRequest}});
    return out;
}

QJsonObject logJson(const ServingCapacity &c, const VllmLogFigures &f)
{
    QJsonObject j{
        {QStringLiteral("kv_cache_tokens"), f.kvCacheTokens},
        {QStringLiteral("max_model_len"), f.maxModelLen},
        {QStringLiteral("max_concurrency"), f.maxConcurrency},
        {QStringLiteral("kv_cache_tokens_ratio"),
         jsonNumber(double(c.kvCacheTokens) / double(f.kvCacheTokens))},
        {QStringLiteral("max_concurrency_ratio"), jsonNumber(c.maxConcurrency / f.maxConcurrency)}};
    if (f.kvMemoryBytes) {
        j.insert(QStringLiteral("kv_cache_memory_bytes"), jsonNumber(*f.kvMemoryBytes));
        j.insert(QStringLiteral("kv_cache_memory_ratio"),
                 jsonNumber(c.kvCacheMemoryBytes / *f.kvMemoryBytes));
    }
    return j;
}

QJsonObject capacityJson(const Scenario &s, const ServingCapacity &c, double utilization)
{
    QJsonArray lines, notes;
    for (const QString &l : c.logLines)
        lines.append(l);
    for (const QString &n : c.notes)
        notes.append(n);
    return QJsonObject{
        {QStringLiteral("vllm_version"), vllmVersion()},
        {QStringLiteral("scenario"), scenarioSummaryJson(s)},
        {QStringLiteral("gpu_memory_utilization"), utilization},
        {QStringLiteral("block_size"), c.blockSize},
        {QStringLiteral("max_model_len"), c.maxModelLen},
        {QStringLiteral("max_num_batched_tokens"), c.maxNumBatchedTokens},
        {QStringLiteral("max_num_seqs"), c.maxNumSeqs},
        {QStringLiteral("total_memory_bytes"), jsonNumber(c.totalBytes)},
        {QStringLiteral("total_from_datasheet"), c.totalFromDatasheet},
        {QStringLiteral("requested_memory_bytes"), jsonNumber(c.requestedBytes)},
        {QStringLiteral("weight_bytes"), jsonNumber(c.weightBytes)},
        {QStringLiteral("activation_bytes"), jsonNumber(c.activationBytes)},
        {QStringLiteral("non_torch_bytes"), jsonNumber(c.nonTorchBytes)},
        {QStringLiteral("non_kv_memory_bytes"), jsonNumber(c.nonKvBytes)},
        {QStringLiteral("kv_cache_memory_bytes"), jsonNumber(c.kvCacheMemoryBytes)},
        {QStringLiteral("kv_cache_memory_given"), c.kvMemoryGiven},
        {QStringLiteral("pages"), pagesJson(c)},
        {QStringLiteral("page_size_bytes"), c.pageSizeBytes},
        {QStringLiteral("group_size"), c.groupSize},
        {QStringLiteral("groups"), c.groups},
        {QStringLiteral("num_blocks"), c.numBlocks},
        {QStringLiteral("kv_cache_tokens"), c.kvCacheTokens},
        {QStringLiteral("blocks_per_request"), c.blocksPerRequest},
        {QStringLiteral("needed_bytes"), jsonNumber(c.neededBytes)},
        {QStringLiteral("max_concurrency"), c.maxConcurrency},
        {QStringLiteral("estimated_max_model_len"), c.estimatedMaxModelLen},
        {QStringLiteral("log_lines"), lines},
        {QStringLiteral("error"), c.error.isEmpty() ? QJsonValue() : QJsonValue(c.error)},
        {QStringLiteral("notes"), notes},
    };
}

void row(QTextStream &out, const QString &label, const QString &value)
{
    out << "  " << label.leftJustified(40) << value << '\n';
}

QString bytes(double b, ByteUnits units)
{
    const QString exact = formatBytesExact(b), rounded = formatBytes(b, units);
    return exact == rounded ? exact : exact + QStringLiteral("  (") + rounded + u')';
}

QString ratio(double predicted, double logged)
{
    return QStringLiteral("predicted %1, logged %2, ratio %3")
        .arg(formatNumber(predicted, 6), formatNumber(logged, 6),
             QString::number(predicted / logged, 'f', 4));
}

void printText(QTextStream &out, const Scenario &s, const ServingCapacity &c, double utilization,
               ByteUnits units)
{
    out << "KV capacity as " << vllmVersion() << " computes it\n"
        << shownText(s.model.name) << " on " << shownText(s.gpu.name) << ", TP " << s.gpus
        << ", KV " << s.kvPrecision.name() << ", block " << c.blockSize << ", max_model_len "
        << formatInteger(c.maxModelLen) << ", max_num_batched_tokens "
        << formatInteger(c.maxNumBatchedTokens) << "\n\nPer GPU:\n";
    row(out,
        c.totalFromDatasheet ? QStringLiteral("total (datasheet label)")
                             : QStringLiteral("total (device-reported)"),
        bytes(c.totalBytes, units));
    row(out, QStringLiteral("requested (× %1)").arg(utilization), bytes(c.requestedBytes, units));
    if (!c.kvMemoryGiven) {
        row(out, QStringLiteral("− weights"), bytes(c.weightBytes, units));
        row(out,
            QStringLiteral("− activation (%1 batched tokens)")
                .arg(formatInteger(c.maxNumBatchedTokens)),
            bytes(c.activationBytes, units));
        row(out, QStringLiteral("− non-torch allowance"), bytes(c.nonTorchBytes, units));
        row(out, QStringLiteral("= non-KV memory"), bytes(c.nonKvBytes, units));
    }
    row(out,
        c.kvMemoryGiven ? QStringLiteral("KV cache memory (--kv-cache-memory)")
                        : QStringLiteral("KV cache memory"),
        bytes(c.kvCacheMemoryBytes, units));
    for (const CapacityPage &p : c.pages)
        row(out,
            QStringLiteral("page size (%1, %2 layers, %3 group%4)")
                .arg(kindKey(p.kind))
                .arg(p.layers)
                .arg(p.groups)
                .arg(p.groups == 1 ? QString() : QStringLiteral("s")),
            formatBytesExact(double(p.pageSizeBytes)) +
                (p.realPageBytes != p.pageSizeBytes
                     ? QStringLiteral(" (padded from %1)")
                           .arg(formatBytesExact(double(p.realPageBytes)))
                     : QString()));
    if (c.error.isEmpty()) {
        row(out, QStringLiteral("blocks (per layer of a group)"), formatInteger(c.numBlocks));
        row(out, QStringLiteral("KV cache tokens"), formatInteger(c.kvCacheTokens));
        row(out, QStringLiteral("blocks per request"), formatInteger(c.blocksPerRequest));
        row(out, QStringLiteral("max concurrency"), QString::number(c.maxConcurrency, 'f', 2));
    }
    out << "\nvLLM logs:\n";
    for (const QString &l : c.logLines)
        out << "  " << l << '\n';
    if (!c.error.isEmpty())
        out << "\nvLLM refuses to start:\n  ValueError: " << c.error << '\n';
    out << "\nNotes:\n";
    for (const QString &n : c.notes)
        out << "  - " << n << '\n';
}

} // namespace

int runCapacity(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("KV cache capacity per GPU as vLLM's V1 engine computes it at start-up."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("gpu-memory-utilization"),
         QStringLiteral("Share of the device's memory vLLM may use, in (0, 1] (default 0.9)."),
         QStringLiteral("F")},
        {QStringLiteral("block-size"), QStringLiteral("Tokens per KV block, 1-4096 (default 16)."),
         QStringLiteral("N")},
        {QStringLiteral("max-model-len"),
         QStringLiteral("Longest request in tokens (default: --context)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("max-num-batched-tokens"),
         QStringLiteral("Tokens per scheduler step (default as `vllm serve`: 8192 on a GPU of "
                        "70 GiB or more other than an A100, else 2048)."),
         QStringLiteral("N")},
        {QStringLiteral("kv-cache-memory"),
         QStringLiteral("KV cache bytes per GPU, skipping the memory budget (e.g. 20e9)."),
         QStringLiteral("BYTES")},
        {QStringLiteral("from-log"),
         QStringLiteral("A vLLM start-up log: its KV cache size and concurrency beside the "
                        "prediction."),
         QStringLiteral("FILE")},
        {QStringLiteral("json"), QStringLiteral("One JSON object in SI base units.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    CapacityInputs in;
    in.scenario = scenarioFromOptions(p);
    if (p.isSet(QStringLiteral("gpu-memory-utilization")))
        in.gpuMemoryUtilization = doubleOption(p, QStringLiteral("gpu-memory-utilization"), 0, 1);
    if (p.isSet(QStringLiteral("block-size")))
        in.blockSize = intOption(p, QStringLiteral("block-size"), 1, 4096);
    if (p.isSet(QStringLiteral("max-model-len")))
        in.maxModelLen = tokenOption(p, QStringLiteral("max-model-len"), 1, limits::maxContext);
    else if (in.scenario.context < 1)
        throw UsageError{QStringLiteral("--max-model-len: the context is 0 tokens; give a "
                                        "length of at least 1")};
    if (p.isSet(QStringLiteral("max-num-batched-tokens")))
        in.maxNumBatchedTokens =
            tokenOption(p, QStringLiteral("max-num-batched-tokens"), 1, limits::maxContext);
    if (p.isSet(QStringLiteral("kv-cache-memory")))
        in.kvCacheMemoryBytes = doubleOption(p, QStringLiteral("kv-cache-memory"),
                                             limits::RealRange{1, limits::gpuMemoryBytes.hi});
    std::optional<VllmLogFigures> logged;
    if (p.isSet(QStringLiteral("from-log"))) {
        QString why;
        logged = readVllmLogFile(p.value(QStringLiteral("from-log")), &why);
        if (!logged)
            throw UsageError{QStringLiteral("--from-log: %1").arg(why)};
    }
    const ServingCapacity c = servingCapacity(in);
    const bool compare = logged && c.error.isEmpty();

    if (p.isSet(QStringLiteral("json"))) {
        QJsonObject j = capacityJson(in.scenario, c, in.gpuMemoryUtilization);
        if (compare)
            j.insert(QStringLiteral("from_log"), logJson(c, *logged));
        out << QJsonDocument(j).toJson(QJsonDocument::Indented);
    } else {
        printText(out, in.scenario, c, in.gpuMemoryUtilization, unitsFromOptions(p));
        if (compare) {
            out << "\nAgainst the log (max_model_len " << formatInteger(logged->maxModelLen)
                << "):\n";
            row(out, QStringLiteral("KV cache tokens"),
                ratio(double(c.kvCacheTokens), double(logged->kvCacheTokens)));
            row(out, QStringLiteral("max concurrency"),
                ratio(c.maxConcurrency, logged->maxConcurrency));
            if (logged->kvMemoryBytes)
                row(out, QStringLiteral("KV cache memory (B)"),
                    ratio(c.kvCacheMemoryBytes, *logged->kvMemoryBytes));
        }
    }
    return c.error.isEmpty() ? 0 : kExitRefused;
}

} // namespace kvl::cli
