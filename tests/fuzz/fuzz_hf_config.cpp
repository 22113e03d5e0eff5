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
    qint64 elements = 0;
    for (int l = 0; l < m.layers; ++l)
        elements += m.kvElementsPerTokenLayer(m.layerKind(l)) * m.tokensHeld(m.layerKind(l), 1000);
    require(elements >= 0);
    for (kvl::AttentionKind k : kvl::kAllKinds)
        require(m.stateElementsLayer(k, 8) >= 0 &&
                m.stateElementsLayer(k) >= m.stateElementsLayer(k, 8));
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
