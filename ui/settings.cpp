#include "settings.h"

#include "scenario_file.h"

#include <QDir>
#include <QJsonDocument>

namespace kvl {

namespace key {
const QString scenario = QStringLiteral("scenario/last");
const QString units = QStringLiteral("view/units");
const QString language = QStringLiteral("view/language");
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString recent = QStringLiteral("files/recent");
const QString lastDir = QStringLiteral("files/lastDirectory");
} // namespace key

Settings::Settings() = default;

std::optional<Scenario> Settings::lastScenario() const
{
    const QByteArray data = m_settings.value(key::scenario).toByteArray();
    if (data.isEmpty())
        return std::nullopt;
    return readScenario(data, nullptr); // a stale or broken entry falls back to the seed
}

void Settings::setLastScenario(const Scenario &s)
{
    m_settings.setValue(key::scenario, QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact));
}

ByteUnits Settings::units() const
{
    return m_settings.value(key::units).toString() == u"binary" ? ByteUnits::Binary : ByteUnits::SI;
}

void Settings::setUnits(ByteUnits u)
{
    m_settings.setValue(key::units, u == ByteUnits::Binary ? QStringLiteral("binary")
                                                           : QStringLiteral("si"));
}

QString Settings::language() const
{
    return m_settings.value(key::language).toString();
}

void Settings::setLanguage(const QString &code)
{
    m_settings.setValue(key::language, code);
}

QByteArray Settings::geometry() const
{
    return m_settings.value(key::geometry).toByteArray();
}

QByteArray Settings::windowState() const
{
    return m_settings.value(key::state).toByteArray();
}

void Settings::setWindowLayout(const QByteArray &geometry, const QByteArray &state)
{
    m_settings.setValue(key::geometry, geometry);
    m_settings.setValue(key::state, state);
}

QStringList Settings::recentFiles() const
{
    return m_settings.value(key::recent).toStringList();
}

void Settings::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(key::recent, files);
}

void Settings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    m_settings.setValue(key::recent, files);
}

QString Settings::lastDirectory() const
{
    return m_settings.value(key::lastDir, QDir::homePath()).toString();
}

void Settings::setLastDirectory(const QString &dir)
{
    m_settings.setValue(key::lastDir, dir);
}

} // namespace kvl
