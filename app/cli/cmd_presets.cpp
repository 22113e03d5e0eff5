#include "cli_error.h"
#include "commands.h"
#include "hf_config.h"
#include "input_text.h"
#include "presets.h"
#include "units.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace kvl::cli {

int runPresets(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The model and GPU presets, bundled and user."));
    p.addOption({QStringLiteral("json"), QStringLiteral("JSON instead of a table.")});
    p.addOption({QStringLiteral("from-config"),
                 QStringLiteral("Print the model of a Hugging Face config.json as a preset file "
                                "(for the user folder)."),
                 QStringLiteral("FILE")});
    if (parseCommand(p, args, out))
        return 0;
    if (p.isSet(QStringLiteral("from-config"))) {
        QString error;
        const auto imported = importHfConfigFile(p.value(QStringLiteral("from-config")), &error);
        if (!imported)
            throw UsageError{QStringLiteral("--from-config: ") + error};
        ModelSpec m = imported->model;
        m.id = QFileInfo(p.value(QStringLiteral("from-config"))).completeBaseName();
        out << QJsonDocument(modelToJson(m)).toJson(QJsonDocument::Indented);
        return 0;
    }
    const auto &lib = PresetLibrary::instance();
    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray models, gpus, errors;
        for (const auto &m : lib.models())
            models.append(modelToJson(m));
        for (const auto &g : lib.gpus())
            gpus.append(gpuToJson(g));
        for (const auto &e : lib.errors())
            errors.append(e);
        out << QJsonDocument(QJsonObject{{QStringLiteral("models"), models},
                                         {QStringLiteral("gpus"), gpus},
                                         {QStringLiteral("errors"), errors}})
                   .toJson(QJsonDocument::Indented);
        return 0;
    }
    // Ids and names as the files give them, escaped: a user preset's name is anyone's text.
    qsizetype idWidth = 0, nameWidth = 0;
    for (const auto &m : lib.models())
        idWidth = std::max(idWidth, shownText(m.id).size()),
        nameWidth = std::max(nameWidth, shownText(m.name).size());
    for (const auto &g : lib.gpus())
        idWidth = std::max(idWidth, shownText(g.id).size()),
        nameWidth = std::max(nameWidth, shownText(g.name).size());
    out << "Models\n";
    for (const auto &m : lib.models())
        out << "  " << shownText(m.id).leftJustified(idWidth + 2)
            << shownText(m.name).leftJustified(nameWidth + 2) << m.attentionSummary() << ", "
            << m.layers << " layers, " << formatNumber(m.parameters() / 1e9, 3) << "B parameters\n";
    out << "\nGPUs\n";
    for (const auto &g : lib.gpus())
        out << "  " << shownText(g.id).leftJustified(idWidth + 2)
            << shownText(g.name).leftJustified(nameWidth + 2)
            << formatBytes(g.memoryBytes, ByteUnits::SI)
            << (g.reportedMemoryBytes > 0
                    ? QStringLiteral(" (reports %1)")
                          .arg(formatBytes(g.reportedMemoryBytes, ByteUnits::Binary))
                    : QString())
            << ", " << formatRate(g.bandwidth, ByteUnits::SI) << ", "
            << formatNumber(g.peakBf16 / 1e12, 4) << " TFLOP/s dense bf16\n";
    out << "\nUser presets: " << shownPath(PresetLibrary::userDirectory(), 200)
        << "/{models,gpus}/*.json\n";
    for (const auto &e : lib.errors())
        out << "  skipped " << e << '\n';
    return 0;
}

} // namespace kvl::cli
