#include "presets.h"

#include "file_text.h"
#include "input_text.h"
#include "regular_file.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <algorithm>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {

// Presets are a few hundred bytes; a huge file in the user folder is a mistake, not a preset.
constexpr qint64 kMaxPresetFileBytes = 1 << 20;
const QString kBundled = u":/presets"_s;

// "llama-3.1-8b" before "llama-3.1-70b": runs of digits compare as numbers.
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

// Adds `item` read from `origin` unless its id is taken: a user preset never replaces a built-in
// one or another user file's without a word (the model a scenario names would change under it).
// Empty when added, else why not.
template <typename T>
QString add(QList<T> &list, QHash<QString, QString> &origins, const T &item, const QString &origin)
{
    if (const auto taken = origins.constFind(item.id); taken != origins.cend())
        return *taken == kBundled
                   ? FileText::tr("id \"%1\" is a built-in preset's; give yours an id of its own")
                         .arg(shownInput(item.id))
                   : FileText::tr("id \"%1\" is already %2's").arg(shownInput(item.id), *taken);
    origins.insert(item.id, origin);
    list.append(item);
    return {};
}

} // namespace

const PresetLibrary &PresetLibrary::instance()
{
    static const PresetLibrary library = load({userDirectory()});
    return library;
}

PresetLibrary PresetLibrary::load(const QStringList &userDirs)
{
    PresetLibrary library;
    library.addFolder(kBundled);
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
            // A user file is named by where it is in the folder: "models/llama.json".
            const QString origin =
                dir == kBundled ? kBundled : shownPath(QDir(dir).relativeFilePath(path));
            QString why;
            if (const auto data = readPresetFile(path, &why); data && models) {
                if (const auto m = readModelPreset(*data, &why))
                    why = add(m_models, m_modelOrigins, *m, origin);
            } else if (data) {
                if (const auto g = readGpuPreset(*data, &why))
                    why = add(m_gpus, m_gpuOrigins, *g, origin);
            }
            if (!why.isEmpty())
                m_errors << shownPath(path) + u": " + why;
        }
    }
}

} // namespace kvl
