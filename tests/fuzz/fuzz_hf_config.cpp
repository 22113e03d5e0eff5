// libFuzzer entry: any bytes into the Hugging Face importer and the preset reader.
// No QCoreApplication: QJsonDocument, QString and the importer need no event loop.
#include "hf_config.h"
#include "presets.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstddef>
#include <cstdint>

namespace {

// A finding is an abort, so libFuzzer keeps the input.
void require(bool condition)
{
    if (!condition)
        __builtin_trap();
}

// Whatever is accepted must be a usable model: the numbers the app shows come from it.
void exercise(const kvl::ModelSpec &m)
{
    require(m.validate().isEmpty());
    const kvl::Precision fp8 = kvl::Precision::of(kvl::NumberFormat::FP8);
    for (const kvl::LayerTypeCount &c : m.layerTypeCounts(true)) {
        // Held and read are finite and non-negative; a GPU of 8 keeps no more than one of 1.
        const kvl::LayerCache one = m.layerCache(c.type), eight = m.layerCache(c.type, 8);
        for (qint64 context : {qint64(0), qint64(1000), qint64(10'000'000)}) {
            require(one.heldBytes(fp8, context) >= 0 && one.readBytes(fp8, context) >= 0);
            require(eight.heldBytes(fp8, context) <= one.heldBytes(fp8, context));
            require(eight.readBytes(fp8, context) <= one.readBytes(fp8, context));
        }
        require(eight.stateBytes >= 0 && eight.stateBytes <= one.stateBytes);
    }
    const kvl::ParameterParts parts = m.parameterParts();
    require(parts.embeddings >= 0 && parts.routedExperts >= 0 && parts.rest >= 0);
    (void)m.parametersActive();
    (void)m.attentionSummary();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // fromRawData: no copy, so reads past the input are caught by ASan.
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));

    QString error;
    if (const auto imported = kvl::importHfConfig(bytes, &error))
        exercise(imported->model);
    else
        require(!error.isEmpty());

    // The same bytes as a preset file: a user's models/*.json or gpus/*.json.
    const QJsonObject object = QJsonDocument::fromJson(bytes).object();
    if (const auto m = kvl::modelFromJson(object, &error)) {
        exercise(*m);
        const QJsonObject json = kvl::modelToJson(*m);
        const auto back = kvl::modelFromJson(json, &error);
        require(back && kvl::modelToJson(*back) == json); // exact round trip
    }
    if (const auto g = kvl::gpuFromJson(object, &error)) {
        require(g->validate().isEmpty());
        const auto back = kvl::gpuFromJson(kvl::gpuToJson(*g), &error);
        require(back && kvl::gpuToJson(*back) == kvl::gpuToJson(*g));
    }
    return 0;
}
