#include "settings.h"

#include "regular_file.h"
#include "scenario_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QStandardPaths>

namespace kvl {

namespace key {
const QString scenario = QStringLiteral("scenario/last");
const QString document = QStringLiteral("scenario/lastDocument");
const QString documentPath = QStringLiteral("scenario/lastPath");
const QString units = QStringLiteral("view/units");
const QString language = QStringLiteral("view/language");
const QString geometry = QStringLiteral("window/geometry");
const QString state = QStringLiteral("window/state");
const QString recent = QStringLiteral("files/recent");
const QString lastDir = QStringLiteral("files/lastDirectory");
const QString reportOmitted = QStringLiteral("report/omittedCharts");
} // namespace key

Settings::Settings() : m_settings(pathFor(&m_problem, m_fallback), QSettings::IniFormat) {}

// QSettings' own file on Unix (~/.config/ORG/APP.conf), checked before QSettings opens it: it
// would block on a FIFO and, through a symlink, write onto whatever regular file or device the
// link names. A symlink to a regular file is followed, as QSettings would.
QString Settings::pathFor(QString *problem, QTemporaryDir &fallback)
{
    QString path = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + u'/' +
                   QCoreApplication::organizationName() + u'/' +
                   QCoreApplication::applicationName() + QStringLiteral(".conf");
    const QString what = notRegularFile(path);
    if (what.isEmpty())
        return path;
    *problem = QCoreApplication::translate("kvl::Settings",
                                           "%1: %2, not a file; the settings are not read or "
                                           "saved this session")
                   .arg(QDir::toNativeSeparators(path), what);
    return fallback.filePath(QStringLiteral("kvledger.conf"));
}

std::optional<Scenario> Settings::lastScenario() const
{
    const QByteArray data = m_settings.value(key::scenario).toByteArray();
    if (data.isEmpty())
        return std::nullopt;
    return readScenario(data, nullptr); // a stale or broken entry falls back to the seed
}

void Settings::setLastScenario(const Scenario &s)
{
    m_settings.setValue(key::scenario,
                        QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Compact));
}

std::optional<Settings::Session> Settings::lastSession() const
{
    const QByteArray data = m_settings.value(key::document).toByteArray();
    const auto d = data.isEmpty() ? std::nullopt : readScenarioDocument(data, nullptr);
    if (!d)
        return std::nullopt;
    return Session{*d, m_settings.value(key::documentPath).toString()};
}

void Settings::setLastSession(const Session &session)
{
    setLastScenario(session.document.scenario); // what an older version reads back
    m_settings.setValue(key::document, writeScenarioDocument(session.document));
    m_settings.setValue(key::documentPath, session.path);
}

ByteUnits Settings::units() const
{
    return m_settings.value(key::units).toString() == u"binary" ? ByteUnits::Binary : ByteUnits::SI;
}

void Settings::setUnits(ByteUnits u)
{
    m_settings.setValue(key::units,
                        u == ByteUnits::Binary ? QStringLiteral("binary") : QStringLiteral("si"));
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

QStringList Settings::reportOmittedCharts() const
{
    return m_settings.value(key::reportOmitted).toStringList();
}

void Settings::setReportOmittedCharts(const QStringList &ids)
{
    m_settings.setValue(key::reportOmitted, ids);
}

} // namespace kvl
