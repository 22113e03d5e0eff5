#pragma once

// The Hugging Face config.json importer's state, shared by the files that read its parts:
// hf_config.cpp (the entry points, the nested config, refusals), hf_shape.cpp (sizes, heads,
// experts), hf_layers.cpp (which layer attends how), hf_hybrid.cpp (state layers and hybrid
// families), hf_quant.cpp (dtype and stored precision). Not part of core's interface.
#include "hf_config.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>
#include <initializer_list>

namespace kvl {

// Import notes and errors are read in the window; the CLI installs no translator and stays English.
class HfText
{
    Q_DECLARE_TR_FUNCTIONS(HfText)
};

namespace hf {

struct Field
{
    QString key; // the key found, or the canonical one when absent
    QJsonValue value;
    bool absent() const { return value.isUndefined() || value.isNull(); }
};

// Shortest repeating prefix: 62 Gemma 3 layers become {window x5, full}.
QList<LayerType> compressPattern(const QList<LayerType> &layers);

// `json` with Python's bare Infinity, -Infinity and NaN (outside strings) read as null, which
// QJsonDocument accepts: transformers writes them (Nemotron's time_step_limit).
QByteArray withoutNonFiniteTokens(const QByteArray &json);

class Importer
{
public:
    Importer(QJsonObject top, QString fileName)
        : m_top(std::move(top)), m_fileName(std::move(fileName))
    {
    }
    std::optional<HfImport> run(QString *error);

private:
    bool failed() const { return !m_error.isEmpty(); }
    void fail(const QString &message)
    {
        if (!failed())
            m_error = message;
    }
    void note(const QString &text) { m_notes << text; }

    Field find(std::initializer_list<QString> keys) const;
    std::optional<int> integer(std::initializer_list<QString> keys, qint64 min, qint64 max);
    int required(std::initializer_list<QString> keys, qint64 min, qint64 max);
    std::optional<bool> boolean(const QString &key);
    QString string(const QString &key) const;
    // A list of integers in [min, max] (layer indices); nullopt with an error when malformed.
    std::optional<QList<int>> integers(const Field &f, qint64 min, qint64 max);
    bool is(std::initializer_list<QString> modelTypes) const;

    // hf_config.cpp
    void chooseSource();
    void refuseUnmodelled();
    // hf_shape.cpp
    void readShape();
    void readKvHeads();
    void readHeadDim();
    void readMoE();
    void readMoEPlacement();
    void readMtp();
    void readLfm2FfnSize();
    // hf_layers.cpp
    void readLayers();
    void readAttention();
    void readLayerTypes(const Field &types, std::optional<bool> useSliding);
    void readHybridPattern();
    void readChunkedPattern();
    std::optional<qint64> readWindow();
    void readLatent();
    void readSharedKv();
    void readGlobalShape();
    void readCrossAttention();
    void readMimo();
    void readNas();
    // hf_hybrid.cpp
    void readNemotronH();
    void readZamba2();
    void readSambaY();
    void readKimiLinear();
    void readLightning();
    void readLfm2();
    void readLayerState();
    void readStateDtype();
    // hf_quant.cpp
    void readPrecision();
    void readQuantization(const Precision &dtype);

    // Sets every layer's kind from a period that repeats over the layers.
    void repeat(const QList<AttentionKind> &period);
    int countKind(AttentionKind kind) const;

    QJsonObject m_top;
    QString m_fileName;     // names the model when the config does not
    QJsonObject m_primary;  // the language model's config (text_config for multimodal ones)
    QJsonObject m_fallback; // the top level when m_primary is nested
    QString m_modelType;
    ModelSpec m_model;
    QList<LayerType> m_layers; // one per layer, compressed into the model's pattern at the end
    QStringList m_notes;
    QString m_error;
};

} // namespace hf
} // namespace kvl
