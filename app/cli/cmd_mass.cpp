#include "attention_mass.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "scenario_options.h"
#include "synthetic_mass.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

namespace {

// "too few blocks": the JSON key in words.
QString verdictName(MassVerdict v)
{
    return massVerdictKey(v).replace(u'_', u' ');
}

QString percent(double share)
{
    return formatNumber(share * 100) + u'%';
}

QJsonObject statsJson(const MassStats &s)
{
    QJsonObject o{{QStringLiteral("layer"), s.layer},
                  {QStringLiteral("blocks"), jsonNumber(double(s.blocks))},
                  {QStringLiteral("total_mass"), s.totalMass},
                  {QStringLiteral("top_blocks"), jsonNumber(double(s.topBlocks))},
                  {QStringLiteral("top_share"), s.topShare},
                  {QStringLiteral("top_share_of_blocks"), s.shareOfBlocks(s.topBlocks)},
                  {QStringLiteral("blocks_for_50"), jsonNumber(double(s.blocksFor50))},
                  {QStringLiteral("blocks_for_90"), jsonNumber(double(s.blocksFor90))},
                  {QStringLiteral("blocks_for_99"), jsonNumber(double(s.blocksFor99))},
                  {QStringLiteral("share_for_99"), s.shareOfBlocks(s.blocksFor99)},
                  {QStringLiteral("verdict"), massVerdictKey(s.verdict)}};
    if (s.head >= 0)
        o.insert(QStringLiteral("head"), s.head);
    return o;
}

QList<int> layerList(const QString &text)
{
    QList<int> out;
    for (const QString &item : text.split(u',')) {
        bool ok = false;
        const int l = item.trimmed().toInt(&ok);
        if (!ok || l < 0 || l >= limits::maxLayers)
            throw UsageError{
                QStringLiteral("--layers: \"%1\" is not a layer number").arg(shownInput(item))};
        out << l;
    }
    return out;
}

// "1% of blocks → 62% of the mass": the curve read at a few shares of blocks (each point once:
// with 2 blocks, 1% and 5% both read the point at 50%).
QString curveText(const MassCurve &c)
{
    QStringList parts;
    auto last = c.points.end();
    for (double x : {0.01, 0.05, 0.1, 0.5}) {
        const auto it = std::lower_bound(c.points.begin(), c.points.end(), x,
                                         [](const QPointF &p, double v) { return p.x() < v; });
        if (it != c.points.end() && it != last)
            parts << QStringLiteral("%1 of blocks → %2").arg(percent(it->x()), percent(it->y()));
        last = it;
    }
    return QStringLiteral("layer %1: ").arg(c.layer) + parts.join(QStringLiteral(", "));
}

} // namespace

int runMass(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "How much attention mass sits in the top 1% of KV blocks, per layer: room for eviction "
        "or sparse reads (concentrated), or for quantization only (flat)."));
    p.addPositionalArgument(QStringLiteral("FILE"),
                            QStringLiteral(".npy ([layers, keys], [layers, queries, keys] or "
                                           "[layers, heads, queries, keys]; <f2 or <f4) or CSV "
                                           "rows layer,block,mass."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("synthetic"),
         QStringLiteral("A teaching source instead of a file: uniform, power-law[:exponent=A], "
                        "recency[:sinks=N,decay=D], needle[:block=N,share=F]; all take "
                        "layers=N,blocks=N,flat-layers=N."),
         QStringLiteral("KIND")},
        {QStringLiteral("block"), QStringLiteral("Keys per block (default 16)."),
         QStringLiteral("N")},
        {QStringLiteral("top"), QStringLiteral("The top share of blocks (default 0.01)."),
         QStringLiteral("F")},
        {QStringLiteral("threshold"),
         QStringLiteral("Concentrated when the top blocks hold at least this share (default 0.5)."),
         QStringLiteral("F")},
        {QStringLiteral("layers"),
         QStringLiteral("Layers whose cumulative mass curve to print, e.g. 0,40,79."),
         QStringLiteral("LIST")},
        {QStringLiteral("heads"), QStringLiteral("Also list every head (files with a head axis).")},
        {QStringLiteral("json"), QStringLiteral("One JSON object.")},
    });
    if (parseCommand(p, args, out, 1))
        return 0;
    const bool synthetic = p.isSet(QStringLiteral("synthetic"));
    if (synthetic == !p.positionalArguments().isEmpty())
        throw UsageError{QStringLiteral("give a FILE or --synthetic KIND, not both or neither")};
    const Scenario s = scenarioFromOptions(p);
    MassOptions o;
    if (p.isSet(QStringLiteral("block")))
        o.blockSize = intOption(p, QStringLiteral("block"), 1, 1 << 24);
    if (p.isSet(QStringLiteral("top")))
        o.topFraction = doubleOption(p, QStringLiteral("top"), 0, 1);
    if (p.isSet(QStringLiteral("threshold")))
        o.concentratedAt = doubleOption(p, QStringLiteral("threshold"), 0, 1);
    if (p.isSet(QStringLiteral("layers")))
        o.curveLayers = layerList(p.value(QStringLiteral("layers")));

    QString why;
    std::optional<MassReport> report;
    if (synthetic) {
        const auto source = SyntheticMass::parse(p.value(QStringLiteral("synthetic")), &why);
        if (!source)
            throw UsageError{QStringLiteral("--synthetic: %1").arg(why)};
        report = analyzeSynthetic(*source, o, &why);
    } else {
        report = analyzeMassFile(p.positionalArguments().first(), o, &why);
    }
    if (!report)
        throw UsageError{why};
    const ReadProjection projection = projectReads(s, *report);

    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray layers, heads, curves, shape, notes;
        for (const MassStats &st : report->layers)
            layers.append(statsJson(st));
        for (const MassStats &st : report->heads)
            heads.append(statsJson(st));
        for (const MassCurve &c : report->curves) {
            QJsonArray points;
            for (const QPointF &pt : c.points)
                points.append(QJsonArray{pt.x(), pt.y()});
            curves.append(QJsonObject{{QStringLiteral("layer"), c.layer},
                                      {QStringLiteral("points"), points}});
        }
        for (qint64 d : report->shape)
            shape.append(jsonNumber(double(d)));
        for (const QString &n : report->notes)
            notes.append(n);
        QJsonObject j{
            {QStringLiteral("source"), report->source},
            {QStringLiteral("shape"), shape},
            {QStringLiteral("block_size"), report->blockSize},
            {QStringLiteral("keys"), jsonNumber(double(report->keys))},
            {QStringLiteral("top_fraction"), report->topFraction},
            {QStringLiteral("threshold"), o.concentratedAt},
            {QStringLiteral("concentrated_layers"), report->concentratedLayers()},
            {QStringLiteral("judged_layers"), report->judgedLayers()},
            {QStringLiteral("blocks_for_verdict"),
             jsonNumber(double(blocksForVerdict(report->topFraction)))},
            {QStringLiteral("layers"), layers},
            {QStringLiteral("curves"), curves},
            {QStringLiteral("notes"), notes},
            {QStringLiteral("projection"),
             QJsonObject{{QStringLiteral("read_share"), projection.readShare},
                         {QStringLiteral("seconds_per_token"), projection.secondsPerToken},
                         {QStringLiteral("full_seconds_per_token"), projection.fullSecondsPerToken},
                         {QStringLiteral("text"), projection.text()}}},
            {QStringLiteral("scenario"), scenarioSummaryJson(s)},
        };
        if (!report->heads.isEmpty())
            j.insert(QStringLiteral("heads"), heads);
        out << QJsonDocument(j).toJson(QJsonDocument::Indented);
        return 0;
    }

    QStringList shape;
    for (qint64 d : report->shape)
        shape << QString::number(d);
    out << shownText(report->source) << ": shape (" << shape.join(QStringLiteral(", ")) << ")";
    if (report->blockSize > 0)
        out << ", blocks of " << report->blockSize << " keys";
    out << "\n\n";
    const auto row = [&](const MassStats &st) {
        out << QString::number(st.layer).rightJustified(5)
            << (st.head >= 0 ? QString::number(st.head).rightJustified(6) : QString(6, u' '))
            << formatInteger(st.blocks).rightJustified(12)
            << percent(st.topShare).rightJustified(10)
            << QStringLiteral("%1 / %2 / %3")
                   .arg(formatInteger(st.blocksFor50), formatInteger(st.blocksFor90),
                        formatInteger(st.blocksFor99))
                   .rightJustified(28)
            << percent(st.shareOfBlocks(st.blocksFor99)).rightJustified(9) << "  "
            << verdictName(st.verdict) << '\n';
    };
    out << "layer  head      blocks"
        << QStringLiteral("top %1").arg(percent(o.topFraction)).rightJustified(10)
        << QStringLiteral("blocks for 50 / 90 / 99%").rightJustified(28) << "  (99%)  verdict\n";
    for (const MassStats &st : report->layers)
        row(st);
    if (p.isSet(QStringLiteral("heads")))
        for (const MassStats &st : report->heads)
            row(st);
    out << '\n';
    const int judged = report->judgedLayers();
    if (judged == 0) {
        // "The top 1%" of 2 blocks is 1 block, 50% of them: no verdict to draw.
        const MassStats &first = report->layers.first();
        const auto [lo, hi] = std::minmax_element(
            report->layers.begin(), report->layers.end(),
            [](const MassStats &a, const MassStats &b) { return a.topShare < b.topShare; });
        out << "No verdict: the top " << formatInteger(first.topBlocks) << " of "
            << formatInteger(first.blocks) << " blocks ("
            << percent(first.shareOfBlocks(first.topBlocks)) << ") hold "
            << (lo->topShare == hi->topShare ? percent(hi->topShare)
                                             : percent(lo->topShare) + u'-' + percent(hi->topShare))
            << " of the mass per layer; a top-" << percent(o.topFraction)
            << " verdict needs at least " << formatInteger(blocksForVerdict(o.topFraction))
            << " blocks per layer (a smaller --block, a longer file or a larger --top).\n";
    } else {
        out << report->concentratedLayers() << " of " << judged
            << (judged == 1 ? " layer" : " layers") << " concentrated (the top "
            << percent(o.topFraction) << " of blocks hold at least " << percent(o.concentratedAt)
            << " of the mass): "
            << (report->concentratedLayers() * 2 > judged
                    ? "room for eviction or sparse reads; measure recall before choosing.\n"
                    : "the traffic reads most of what it holds; the honest saving is in the "
                      "bytes (quantize).\n");
    }
    for (const MassCurve &c : report->curves)
        out << curveText(c) << '\n';
    for (const QString &n : report->notes)
        out << n << '\n';
    out << projection.text() << " (" << shownText(s.model.name) << " at "
        << formatInteger(s.context) << " tokens on " << s.gpus << " × " << shownText(s.gpu.name)
        << ", assuming the file's shares hold "
        << "there.)\n";
    return 0;
}

} // namespace kvl::cli
