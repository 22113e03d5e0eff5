#pragma once

#include "scenario.h"
#include <QByteArray>
#include <QJsonObject>
#include <optional>

namespace kvl {

// .kvledger files: versioned JSON holding the whole scenario (model and GPU included, so a file
// opens the same on a machine with other presets).
inline constexpr int kScenarioFileVersion = 1;

QJsonObject scenarioToJson(const Scenario &s);
std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error);

QByteArray writeScenario(const Scenario &s);
// nullopt and a message naming the problem for broken JSON, another format, a newer version,
// a missing or wrong field, or a scenario that fails validation.
std::optional<Scenario> readScenario(const QByteArray &data, QString *error);

// Through QSaveFile: the old file stays whole when the write fails.
bool saveScenarioFile(const Scenario &s, const QString &path, QString *error);
std::optional<Scenario> loadScenarioFile(const QString &path, QString *error);

} // namespace kvl
