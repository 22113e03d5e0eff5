// What the fuzz harnesses assert. A failed check prints what broke and aborts, so libFuzzer
// keeps the input as a crash artifact. The line starts "ERROR:" as sanitizer reports do: with
// -fork, libFuzzer passes on only such lines from the process that failed.
#pragma once

#include "ledger.h"
#include "ledger_json.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace kvl::fuzz {

inline void require(bool condition, const char *what, const QString &detail = {})
{
    if (condition)
        return;
    std::fprintf(stderr, "ERROR: fuzz check failed: %s%s%s\n", what, detail.isEmpty() ? "" : ": ",
                 detail.toUtf8().constData());
    std::abort();
}

// Every number of a ledger's JSON form (the CLI's --json, so every field the app shows) is
// finite and non-negative; `path` names the one that is not.
inline void requireCosts(const QJsonValue &v, const QString &path)
{
    switch (v.type()) {
    case QJsonValue::Double: {
        const double d = v.toDouble();
        require(std::isfinite(d) && d >= 0, "a ledger figure is finite and non-negative",
                path + u" = " + QString::number(d, 'g', 17));
        break;
    }
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            requireCosts(it.value(), path.isEmpty() ? it.key() : path + u'.' + it.key());
        break;
    }
    case QJsonValue::Array: {
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            requireCosts(a.at(i), path + u'[' + QString::number(i) + u']');
        break;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        require(false, "a ledger figure is present", path);
        break;
    case QJsonValue::Bool:
    case QJsonValue::String:
        break;
    }
}

// The ledger of a valid scenario: what every chart, table and export is drawn from. The
// calibrated prediction is null exactly when no engine was named (the floor alone).
inline void requireSaneLedger(const Scenario &s)
{
    QJsonObject o = ledgerToJson(s, evaluate(s));
    const QString predicted = quantityKey(Quantity::PredictedSecondsPerToken);
    require(o.value(predicted).isNull() == s.engine.isEmpty(),
            "the calibrated prediction is given exactly when an engine is named");
    if (s.engine.isEmpty())
        o.remove(predicted);
    requireCosts(o, {});
}

} // namespace kvl::fuzz
