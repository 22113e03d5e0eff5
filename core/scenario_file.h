#pragma once

#include "reality_quantity.h"
#include "scenario.h"
#include "units.h"
#include <QByteArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace kvl {

// .kvledger files: versioned JSON holding the whole scenario (model and GPU included, so a file
// opens the same on a machine with other presets). Version 2 adds the pinned baseline and what
// the window showed, version 3 layer types with shapes of their own and speculative decoding;
// version 1 and 2 files still read.
inline constexpr int kScenarioFileVersion = 3;

// What the window showed beside the numbers, kept so that what-if work survives a save. Each part
// is optional: one a file does not hold leaves the window's as it is.
struct ViewState
{
    struct Strategy
    {
        QString spec; // as KvStrategy::spec() writes it
        bool checked = true;
        friend bool operator==(const Strategy &, const Strategy &) = default;
    };
    struct Mass
    {
        QString synthetic; // a SyntheticMass spec; empty when a file was analysed
        QString file;      // the analysed file's path; empty for a synthetic source
        int blockSize = 16;
        double topFraction = 0.01;
        friend bool operator==(const Mass &, const Mass &) = default;
    };
    struct Session
    {
        int turns = 1;
        qint64 turnInput = 0;
        qint64 response = 0;
        friend bool operator==(const Session &, const Session &) = default;
    };

    QString tab; // the tab's id: "cost", "strategies", ...; empty: none kept
    std::optional<ByteUnits> units;
    std::optional<QList<Strategy>> strategies; // the strategies page's rows, in order
    std::optional<qint64> rooflinePrompt;      // tokens of the roofline's prefill point
    std::optional<Mass> mass;
    std::optional<Session> session;
    std::optional<RealityQuantity> reality; // what the Reality tab draws

    friend bool operator==(const ViewState &, const ViewState &) = default;
};

// A .kvledger file's contents.
struct ScenarioDocumentData
{
    Scenario scenario;
    std::optional<Scenario> baseline;
    ViewState view;

    friend bool operator==(const ScenarioDocumentData &, const ScenarioDocumentData &) = default;
};

QJsonObject scenarioToJson(const Scenario &s);
std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error);

QByteArray writeScenario(const Scenario &s);
QByteArray writeScenarioDocument(const ScenarioDocumentData &d);
// nullopt and a message naming the problem for broken JSON, another format, a newer version,
// a missing or wrong field, or a scenario (or baseline, or view part) that fails validation.
std::optional<Scenario> readScenario(const QByteArray &data, QString *error);
std::optional<ScenarioDocumentData> readScenarioDocument(const QByteArray &data, QString *error);

// Through QSaveFile: the old file stays whole when the write fails.
bool saveScenarioFile(const Scenario &s, const QString &path, QString *error);
bool saveScenarioDocument(const ScenarioDocumentData &d, const QString &path, QString *error);
std::optional<Scenario> loadScenarioFile(const QString &path, QString *error);
// Every *error starts with the path ("PATH: not valid JSON at byte 2: …").
std::optional<ScenarioDocumentData> loadScenarioDocument(const QString &path, QString *error);

} // namespace kvl
