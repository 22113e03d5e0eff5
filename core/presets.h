#pragma once

#include "gpu_spec.h"
#include "model_spec.h"
#include "spec_json.h"
#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QStringList>
#include <optional>

namespace kvl {

// Model and GPU presets: bundled ones compiled in (:/presets), plus JSON files the user drops
// into <AppDataLocation>/presets (models/*.json, gpus/*.json). Every id names one preset: a user
// file whose id is a built-in's, or another user file's, is skipped and named in errors().
class PresetLibrary
{
public:
    // Bundled presets plus the user folder; loaded once.
    static const PresetLibrary &instance();
    // Bundled presets plus the given folders (tests use this).
    static PresetLibrary load(const QStringList &userDirs);
    static QString userDirectory();

    const QList<ModelSpec> &models() const { return m_models; }
    const QList<GpuSpec> &gpus() const { return m_gpus; }
    std::optional<ModelSpec> model(const QString &id) const;
    std::optional<GpuSpec> gpu(const QString &id) const;
    // Files that could not be read or whose id is taken, with the reason ("models/x.json: layers:
    // missing"); the CLI prints them on stderr, the window in its status bar.
    const QStringList &errors() const { return m_errors; }

private:
    void addFolder(const QString &dir);
    QList<ModelSpec> m_models;
    QList<GpuSpec> m_gpus;
    // Where each id came from (":/presets" or a user file), to name it when an id comes again.
    QHash<QString, QString> m_modelOrigins;
    QHash<QString, QString> m_gpuOrigins;
    QStringList m_errors;
};

// One preset file as the library reads a user's models/*.json or gpus/*.json: a JSON object,
// each key once, with an id (a missing name becomes the id). nullopt and *error naming the
// problem ("not JSON: ...", "layers: missing", "id: missing").
std::optional<ModelSpec> readModelPreset(const QByteArray &data, QString *error);
std::optional<GpuSpec> readGpuPreset(const QByteArray &data, QString *error);

} // namespace kvl
