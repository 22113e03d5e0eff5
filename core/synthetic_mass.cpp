#include "synthetic_mass.h"

#include "input_text.h"
#include "units.h"

#include <QCoreApplication>
#include <QMap>
#include <QStringList>
#include <cmath>

namespace kvl {

// Verdicts, notes and input errors are read in the window; the CLI stays English.
class SyntheticText
{
    Q_DECLARE_TR_FUNCTIONS(SyntheticText)
};

namespace {

constexpr qint64 kMaxSyntheticBlocks = 1 << 22;

struct KindName
{
    SyntheticKind kind;
    const char *name;
};
constexpr KindName kKinds[] = {{SyntheticKind::Uniform, "uniform"},
                               {SyntheticKind::PowerLaw, "power-law"},
                               {SyntheticKind::Recency, "recency"},
                               {SyntheticKind::Needle, "needle"}};

QString number(double v)
{
    return QString::number(v, 'g', 6);
}

// Recency + sinks + floor over `blocks`, summing to 1 - `reserved`.
QList<double> recency(const SyntheticMass &s, double reserved)
{
    const qint64 n = s.blocks;
    const qint64 sinks = std::min<qint64>(s.sinkBlocks, n);
    const double sinkShare = sinks > 0 ? s.sinkShare : 0;
    QList<double> decay(n, 0.0);
    double sum = 0;
    for (qint64 i = sinks; i < n; ++i)
        sum += decay[i] = std::exp(-double(n - 1 - i) / s.decay);
    const double total = 1 - reserved;
    const double decayShare = sum > 0 ? 1 - sinkShare - s.floor : 0;
    QList<double> out(n);
    for (qint64 i = 0; i < n; ++i) {
        double m = s.floor / double(n) + (sum > 0 ? decayShare * decay[i] / sum : 0);
        if (i < sinks)
            m += sinkShare / double(sinks);
        out[i] = m * total;
    }
    // No decaying blocks (every block a sink): what they would carry goes to the sinks.
    if (sum == 0 && sinks > 0)
        for (qint64 i = 0; i < sinks; ++i)
            out[i] += (1 - sinkShare - s.floor) / double(sinks) * total;
    return out;
}

} // namespace

std::optional<SyntheticMass> SyntheticMass::parse(const QString &spec, QString *error)
{
    const auto fail = [&](const QString &why) {
        if (error)
            *error = QStringLiteral("\"%1\": %2").arg(shownInput(spec), why);
        return std::nullopt;
    };
    const qsizetype colon = spec.indexOf(u':');
    const QString kindName = spec.left(colon).trimmed().toLower();
    SyntheticMass s;
    bool known = false;
    for (const KindName &k : kKinds)
        if (kindName == QLatin1String(k.name)) {
            s.kind = k.kind;
            known = true;
        }
    if (!known)
        return fail(
            SyntheticText::tr("not a synthetic source (uniform, power-law, recency, needle)"));

    QStringList allowed = {QStringLiteral("layers"), QStringLiteral("blocks"),
                           QStringLiteral("flat-layers")};
    if (s.kind == SyntheticKind::PowerLaw)
        allowed << QStringLiteral("exponent");
    if (s.kind == SyntheticKind::Recency || s.kind == SyntheticKind::Needle)
        allowed << QStringLiteral("sinks") << QStringLiteral("sink-share")
                << QStringLiteral("decay") << QStringLiteral("floor");
    if (s.kind == SyntheticKind::Needle)
        allowed << QStringLiteral("block") << QStringLiteral("share");
    QMap<QString, double> values;
    if (colon >= 0) {
        for (const QString &item : spec.mid(colon + 1).split(u',')) {
            const qsizetype eq = item.indexOf(u'=');
            const QString key = item.left(eq).trimmed().toLower();
            if (eq < 0 || !allowed.contains(key))
                return fail(
                    SyntheticText::tr("\"%1\" is not key=value with a key of %2")
                        .arg(shownInput(item.trimmed()), allowed.join(QStringLiteral(", "))));
            bool ok = false;
            const double v = item.mid(eq + 1).trimmed().toDouble(&ok);
            if (!ok || !std::isfinite(v))
                return fail(SyntheticText::tr("%1: \"%2\" is not a number")
                                .arg(shownInput(key), shownInput(item.mid(eq + 1))));
            values.insert(key, v);
        }
    }
    // Whole numbers in [lo, hi].
    const auto whole = [&](const char *key, qint64 lo, qint64 hi, qint64 *out) {
        const QString k = QLatin1String(key);
        if (!values.contains(k))
            return true;
        const double v = values.value(k);
        if (v != std::floor(v) || v < double(lo) || v > double(hi)) {
            fail(SyntheticText::tr("%1: %2 is not a whole number in %3-%4")
                     .arg(k, number(v), formatInteger(lo), formatInteger(hi)));
            return false;
        }
        *out = qint64(v);
        return true;
    };
    const auto real = [&](const char *key, double lo, double hi, bool loOpen, double *out) {
        const QString k = QLatin1String(key);
        if (!values.contains(k))
            return true;
        const double v = values.value(k);
        if (v > hi || v < lo || (loOpen && v == lo)) {
            fail(SyntheticText::tr("%1: %2 is outside %3%4, %5]")
                     .arg(k, number(v), loOpen ? QStringLiteral("(") : QStringLiteral("["),
                          number(lo), number(hi)));
            return false;
        }
        *out = v;
        return true;
    };
    qint64 layers = s.layers, flat = s.flatLayers, sinks = s.sinkBlocks;
    if (!whole("layers", 1, limits::maxLayers, &layers) ||
        !whole("blocks", 1, kMaxSyntheticBlocks, &s.blocks) ||
        !whole("flat-layers", 0, layers, &flat) || !whole("sinks", 0, s.blocks, &sinks) ||
        !whole("block", 0, s.blocks - 1, &s.needleBlock) ||
        !real("exponent", 0, 10, false, &s.exponent) ||
        !real("sink-share", 0, 1, false, &s.sinkShare) || !real("decay", 0, 1e9, true, &s.decay) ||
        !real("floor", 0, 1, false, &s.floor) || !real("share", 0, 1, true, &s.needleShare))
        return std::nullopt;
    s.layers = int(layers);
    s.flatLayers = int(flat);
    s.sinkBlocks = int(sinks);
    if (s.sinkShare + s.floor > 1)
        return fail(SyntheticText::tr("sink-share + floor is more than the whole mass"));
    return s;
}

QString SyntheticMass::spec() const
{
    QString name;
    for (const KindName &k : kKinds)
        if (k.kind == kind)
            name = QLatin1String(k.name);
    QString s = name + QStringLiteral(":layers=%1,blocks=%2").arg(layers).arg(blocks);
    if (flatLayers > 0)
        s += QStringLiteral(",flat-layers=%1").arg(flatLayers);
    if (kind == SyntheticKind::PowerLaw)
        s += u",exponent=" + number(exponent);
    if (kind == SyntheticKind::Recency || kind == SyntheticKind::Needle)
        s += QStringLiteral(",sinks=%1,sink-share=%2,decay=%3,floor=%4")
                 .arg(sinkBlocks)
                 .arg(number(sinkShare), number(decay), number(floor));
    if (kind == SyntheticKind::Needle)
        s += QStringLiteral(",block=%1,share=%2")
                 .arg(needleBlock < 0 ? blocks / 2 : needleBlock)
                 .arg(number(needleShare));
    return s;
}

QString SyntheticMass::description() const
{
    QString what;
    switch (kind) {
    case SyntheticKind::Uniform:
        what = SyntheticText::tr("uniform");
        break;
    case SyntheticKind::PowerLaw:
        what = SyntheticText::tr("power law, exponent %1").arg(formatNumber(exponent));
        break;
    case SyntheticKind::Recency:
        what = SyntheticText::tr("recency with sinks");
        break;
    case SyntheticKind::Needle:
        what = SyntheticText::tr("a needle among recency and sinks");
        break;
    }
    QString out = SyntheticText::tr("Synthetic: %1, %2 layers × %3 blocks")
                      .arg(what, formatInteger(qint64(layers)), formatInteger(blocks));
    if (flatLayers > 0)
        out += SyntheticText::tr(", the first %1 flat").arg(std::min(flatLayers, layers));
    return out;
}

QList<QList<double>> SyntheticMass::generate() const
{
    const QList<double> flat(blocks, 1.0 / double(blocks));
    QList<double> pattern;
    switch (kind) {
    case SyntheticKind::Uniform:
        pattern = flat;
        break;
    case SyntheticKind::PowerLaw: {
        double sum = 0;
        pattern.resize(blocks);
        for (qint64 i = 0; i < blocks; ++i)
            sum += pattern[i] = std::pow(double(i + 1), -exponent);
        for (double &m : pattern)
            m /= sum;
        break;
    }
    case SyntheticKind::Recency:
        pattern = recency(*this, 0);
        break;
    case SyntheticKind::Needle:
        pattern = recency(*this, needleShare);
        pattern[needleBlock < 0 ? blocks / 2 : needleBlock] += needleShare;
        break;
    }
    QList<QList<double>> out;
    for (int l = 0; l < layers; ++l)
        out << (l < flatLayers ? flat : pattern);
    return out;
}

std::optional<MassReport> analyzeSynthetic(const SyntheticMass &source, const MassOptions &o,
                                           QString *error, const MassProgress &progress)
{
    const QList<QList<double>> masses = source.generate();
    auto r = analyzeBlockMasses(masses, o, error, progress);
    if (!r)
        return std::nullopt;
    r->source = SyntheticText::tr("synthetic %1").arg(source.spec());
    if (source.kind == SyntheticKind::Needle && source.flatLayers < source.layers) {
        // Where the answer ranks among the blocks of a patterned layer.
        const QList<double> &layer = masses.last();
        const qint64 needle = source.needleBlock < 0 ? source.blocks / 2 : source.needleBlock;
        const qint64 rank = 1 + std::count_if(layer.begin(), layer.end(),
                                              [&](double m) { return m > layer[needle]; });
        const MassStats &s = r->layers.last();
        const QString note =
            rank <= s.blocksFor99
                ? SyntheticText::tr("The needle (block %1, %2% of the mass) ranks %3 of %4 "
                                    "blocks: inside the %5 blocks that hold 99%.")
                : SyntheticText::tr("The needle (block %1, %2% of the mass) ranks %3 of %4 "
                                    "blocks: outside the %5 blocks that hold 99%.");
        r->notes << note.arg(formatInteger(needle), formatNumber(layer[needle] * 100),
                             formatInteger(rank), formatInteger(s.blocks),
                             formatInteger(s.blocksFor99));
    }
    return r;
}

} // namespace kvl
