#pragma once

#include "scenario.h"
#include "scenario_file.h"
#include "units.h"
#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QTemporaryDir>
#include <optional>

namespace kvl {

// The one settings object: keys and defaults live here and nowhere else.
class Settings
{
public:
    Settings();

    // Why the settings file is not used this session ("PATH: a FIFO (named pipe), ..."): empty
    // when it is. The settings then live in a private file that is removed at exit.
    QString problem() const { return m_problem; }

    std::optional<Scenario> lastScenario() const;
    void setLastScenario(const Scenario &s);
    // The whole document the last session closed on (its baseline and what the window showed),
    // and the file it was saved in ("" when it was not); nullopt before the first such session.
    struct Session
    {
        ScenarioDocumentData document;
        QString path;
    };
    std::optional<Session> lastSession() const;
    void setLastSession(const Session &session);

    ByteUnits units() const;
    void setUnits(ByteUnits u);

    QString language() const; // "" = follow the system
    void setLanguage(const QString &code);

    QByteArray geometry() const;
    QByteArray windowState() const;
    void setWindowLayout(const QByteArray &geometry, const QByteArray &state);

    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    void removeRecentFile(const QString &path);

    QString lastDirectory() const;
    void setLastDirectory(const QString &dir);

    // Chart ids left out of the PDF report: a chart that is new since is in it.
    QStringList reportOmittedCharts() const;
    void setReportOmittedCharts(const QStringList &ids);

    static constexpr int kMaxRecentFiles = 8;
    static constexpr int kWindowStateVersion = 2; // 2: the GPU dock below the ledger, not tabbed

private:
    static QString pathFor(QString *problem, QTemporaryDir &fallback);

    QString m_problem;
    QTemporaryDir m_fallback; // before m_settings, which may live in it
    mutable QSettings m_settings;
};

} // namespace kvl
