#include "presets.h"

#include "file_text.h"
#include "json_keys.h"
#include "regular_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>
#include <algorithm>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {

// Presets are a few hundred bytes; a huge file in the user folder is a mistake, not a preset.
constexpr qint64 kMaxPresetFileBytes = 1 << 20;

bool naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            qsizetype ei = i, ej = j;
            while (ei < a.size() && a[ei].isDigit())
                ++ei;
            while (ej < b.size() && b[ej].isDigit())
                ++ej;
            const qulonglong x = QStringView(a).mid(i, ei - i).toULongLong();
            const qulonglong y = QStringView(b).mid(j, ej - j).toULongLong();
            if (x != y)
                return x < y;
            i = ei;
            j = ej;
        } else {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    if (a.size() - i != b.size() - j)
        return a.size() - i < b.size() - j;
    return a < b;
}

// A preset file's bytes; the size and kind checks come before any read.
std::optional<QByteArray> readPresetFile(const QString &path, QString *error)
{
    QFile f(path);
    if (const QString what = notRegularFile(path); !what.isEmpty()) {
        *error = FileText::tr("%1, not a file").arg(what);
        return std::nullopt;
    }
    if (f.size() > kMaxPresetFileBytes) {
        *error = FileText::tr("larger than 1 MiB, not a preset");
        return std::nullopt;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        *error = FileText::tr("cannot open: %1").arg(f.errorString());
        return std::nullopt;
    }
    return f.read(kMaxPresetFileBytes);
}

std::optional<QJsonObject> presetObject(const QByteArray &data, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = FileText::tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = FileText::tr("not a JSON object");
        return std::nullopt;
    }
    if (*error = duplicateJsonKeyError(data); !error->isEmpty())
        return std::nullopt;
    return doc.object();
}

template <typename T> T named(T item)
{
    if (item.name.isEmpty())
        item.name = item.id;
    return item;
}

template <typename T>
std::optional<T> readPreset(const QByteArray &data,
                            std::optional<T> (*fromJson)(const QJsonObject &, QString *),
                            QString *error)
{
    QString why;
    std::optional<T> item;
    if (const auto object = presetObject(data, &why))
        item = fromJson(*object, &why);
    if (item && item->id.isEmpty()) {
        why = FileText::tr("id: missing");
        item.reset();
    }
    if (!item && error)
        *error = why;
    return item ? std::optional<T>(named(*item)) : std::nullopt;
}

template <typename T> void upsert(QList<T> &list, const T &item)
{
    const auto it =
        std::find_if(list.begin(), list.end(), [&](const T &x) { return x.id == item.id; });
    if (it != list.end())
        *it = item; // keeps its place in the list
    else
        list.append(item);
}

} // namespace

std::optional<ModelSpec> readModelPreset(const QByteArray &data, QString *error)
{
    return readPreset(data, modelFromJson, error);
}

std::optional<GpuSpec> readGpuPreset(const QByteArray &data, QString *error)
{
    return readPreset(data, gpuFromJson, error);
}

const PresetLibrary &PresetLibrary::instance()
{
    static const PresetLibrary library = load({userDirectory()});
    return library;
}

PresetLibrary PresetLibrary::load(const QStringList &userDirs)
{
    PresetLibrary library;
    library.addFolder(u":/presets"_s);
    for (const QString &dir : userDirs)
        if (!dir.isEmpty())
            library.addFolder(dir);
    return library;
}

QString PresetLibrary::userDirectory()
{
    // One folder for the window and the CLI, as the README names it: AppDataLocation would add
    // the organization name too (kvledger/kvledger).
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return base.isEmpty() ? QString() : base + u"/kvledger/presets";
}

std::optional<ModelSpec> PresetLibrary::model(const QString &id) const
{
    for (const ModelSpec &m : m_models)
        if (m.id == id)
            return m;
    return std::nullopt;
}

std::optional<GpuSpec> PresetLibrary::gpu(const QString &id) const
{
    for (const GpuSpec &g : m_gpus)
        if (g.id == id)
            return g;
    return std::nullopt;
}

void PresetLibrary::addFolder(const QString &dir)
{
    for (const bool models : {true, false}) {
        const QDir folder(dir + (models ? u"/models" : u"/gpus"));
        if (!folder.exists())
            continue;
        // System entries too (a FIFO named x.json): reported below rather than skipped unseen.
        QStringList files =
            folder.entryList({u"*.json"_s}, QDir::Files | QDir::System, QDir::NoSort);
        std::sort(files.begin(), files.end(), naturalLess);
        for (const QString &file : files) {
            const QString path = folder.filePath(file);
            QString why;
            if (const auto data = readPresetFile(path, &why); data && models) {
                if (const auto m = readModelPreset(*data, &why))
                    upsert(m_models, *m);
            } else if (data) {
                if (const auto g = readGpuPreset(*data, &why))
                    upsert(m_gpus, *g);
            }
            if (!why.isEmpty())
                m_errors << QDir::toNativeSeparators(path) + u": " + why;
        }
    }
}

} // namespace kvl