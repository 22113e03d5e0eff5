#include "calibrate.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cmath>

namespace kvl {

ErrorSummary summarizeErrors(QList<double> errors)
{
    ErrorSummary s;
    for (double &e : errors)
        e = std::abs(e);
    std::sort(errors.begin(), errors.end());
    s.count = int(errors.size());
    if (errors.isEmpty())
        return s;
    const auto at = [&](double q) { // linear interpolation between order statistics
        const double pos = q * double(errors.size() - 1);
        const auto i = qsizetype(pos);
        const double next = i + 1 < errors.size() ? errors.at(i + 1) : errors.at(i);
        return errors.at(i) + (pos - double(i)) * (next - errors.at(i));
    };
    s.median = at(0.5);
    s.p90 = at(0.9);
    return s;
}

namespace {

constexpr double kLossScale = 0.1; // soft-L1: residuals past ~10% count linearly, not squared

// Solves a (n × n) x = b by Gaussian elimination with partial pivoting; false when singular.
bool solve(std::vector<double> a, std::vector<double> b, int n, std::vector<double> &x)
{
    for (int c = 0; c < n; ++c) {
        int pivot = c;
        for (int r = c + 1; r < n; ++r)
            if (std::abs(a[r * n + c]) > std::abs(a[pivot * n + c]))
                pivot = r;
        if (std::abs(a[pivot * n + c]) < 1e-300)
            return false;
        for (int k = 0; k < n; ++k)
            std::swap(a[c * n + k], a[pivot * n + k]);
        std::swap(b[c], b[pivot]);
        for (int r = c + 1; r < n; ++r) {
            const double f = a[r * n + c] / a[c * n + c];
            for (int k = c; k < n; ++k)
                a[r * n + k] -= f * a[c * n + k];
            b[r] -= f * b[c];
        }
    }
    x.assign(n, 0);
    for (int r = n - 1; r >= 0; --r) {
        double v = b[r];
        for (int k = r + 1; k < n; ++k)
            v -= a[r * n + k] * x[k];
        x[r] = v / a[r * n + r];
    }
    return true;
}

} // namespace

std::vector<double>
fitLogParameters(const std::function<double(const std::vector<double> &, int)> &predict,
                 const QList<double> &measured, std::vector<double> start,
                 const std::vector<double> &lo, const std::vector<double> &hi,
                 const LogPrior &prior)
{
    const int n = int(start.size());
    const int rows = int(measured.size());
    std::vector<double> y(n), ylo(n), yhi(n), center(n, 0);
    for (int k = 0; k < n; ++k) {
        ylo[k] = std::log(lo[k]);
        yhi[k] = std::log(hi[k]);
        y[k] = std::clamp(std::log(start[k]), ylo[k], yhi[k]);
        if (prior.weight > 0)
            center[k] = std::log(prior.center.at(k));
    }
    const auto params = [&](const std::vector<double> &v) {
        std::vector<double> x(n);
        for (int k = 0; k < n; ++k)
            x[k] = std::exp(v[k]);
        return x;
    };
    const auto residuals = [&](const std::vector<double> &v) {
        const std::vector<double> x = params(v);
        std::vector<double> r(rows);
        for (int i = 0; i < rows; ++i)
            r[i] = std::log(std::max(1e-30, predict(x, i)) / measured.at(i));
        return r;
    };
    const auto cost = [&](const std::vector<double> &r, const std::vector<double> &v) {
        double c = 0;
        for (int k = 0; k < n; ++k)
            c += prior.weight * (v[k] - center[k]) * (v[k] - center[k]);
        for (double e : r)
            c += 2 * kLossScale * kLossScale *
                 (std::sqrt(1 + e * e / (kLossScale * kLossScale)) - 1);
        return c;
    };
    std::vector<double> r = residuals(y);
    double current = cost(r, y);
    double lambda = 1e-2;
    for (int iter = 0; iter < 200 && rows > 0; ++iter) {
        // Jacobian by forward differences in log space.
        std::vector<double> jac(size_t(rows) * n);
        for (int k = 0; k < n; ++k) {
            std::vector<double> v = y;
            v[k] += 1e-5;
            const std::vector<double> rk = residuals(v);
            for (int i = 0; i < rows; ++i)
                jac[size_t(i) * n + k] = (rk[i] - r[i]) / 1e-5;
        }
        std::vector<double> jtj(size_t(n) * n, 0), jtr(n, 0);
        for (int i = 0; i < rows; ++i) {
            const double w = 1 / std::sqrt(1 + r[i] * r[i] / (kLossScale * kLossScale));
            for (int a = 0; a < n; ++a) {
                jtr[a] += w * jac[size_t(i) * n + a] * r[i];
                for (int b = 0; b < n; ++b)
                    jtj[size_t(a) * n + b] += w * jac[size_t(i) * n + a] * jac[size_t(i) * n + b];
            }
        }
        for (int k = 0; k < n; ++k) { // the prior's own (Gauss-Newton) terms
            jtj[size_t(k) * n + k] += prior.weight;
            jtr[k] += prior.weight * (y[k] - center[k]);
        }
        bool improved = false;
        for (int tries = 0; tries < 10 && !improved; ++tries) {
            std::vector<double> a = jtj, b(n), step;
            for (int k = 0; k < n; ++k) {
                a[size_t(k) * n + k] += lambda * std::max(jtj[size_t(k) * n + k], 1e-12);
                b[k] = -jtr[k];
            }
            if (!solve(a, b, n, step))
                break;
            std::vector<double> v(n);
            for (int k = 0; k < n; ++k)
                v[k] = std::clamp(y[k] + step[k], ylo[k], yhi[k]);
            const std::vector<double> rv = residuals(v);
            const double c = cost(rv, v);
            if (c < current) {
                improved = current - c > 1e-12 * current;
                y = v, r = rv, current = c;
                lambda = std::max(1e-9, lambda / 3);
                if (!improved)
                    return params(y);
            } else {
                lambda *= 4;
            }
        }
        if (!improved)
            break;
    }
    return params(y);
}

namespace {

std::vector<double> stepVector(const EngineConstants &c)
{
    return {c.bandwidthFraction, c.flopFraction,    c.commFraction,         c.collectiveSeconds,
            c.layerSeconds,      c.moeLayerSeconds, c.mixedPrefillFraction, c.tokenLayerSeconds};
}

std::vector<double> firstTokenVector(const EngineConstants &c)
{
    return {c.prefillFraction, c.firstTokenSeconds, c.burstShare, c.expertPrefillFraction};
}

EngineConstants withStep(EngineConstants c, const std::vector<double> &x)
{
    c.bandwidthFraction = x[0];
    c.flopFraction = x[1];
    c.commFraction = x[2];
    c.collectiveSeconds = x[3];
    c.layerSeconds = x[4];
    c.moeLayerSeconds = x[5];
    c.mixedPrefillFraction = x[6];
    c.tokenLayerSeconds = x[7];
    return c;
}

EngineConstants withFirstToken(EngineConstants c, const std::vector<double> &x)
{
    c.prefillFraction = x[0];
    c.firstTokenSeconds = x[1];
    c.burstShare = x[2];
    c.expertPrefillFraction = x[3];
    return c;
}

// The bounds a physical constant keeps: fractions of a datasheet rate at most 1; fixed costs from
// (practically) none to 1 ms per collective or layer, and to 10 µs per token and layer.
const std::vector<double> kStepLo{0.02, 0.02, 0.01, 1e-9, 1e-9, 1e-9, 0.02, 1e-12};
const std::vector<double> kStepHi{1.0, 1.0, 1.0, 1e-3, 1e-3, 1e-3, 1.0, 1e-5};
// Prefill fractions, request handling up to 5 s, the burst share.
const std::vector<double> kFirstTokenLo{0.02, 1e-6, 1e-4, 0.02};
const std::vector<double> kFirstTokenHi{1.0, 5.0, 1.0, 1.0};
// The step carries prompt chunks at the prefill fractions, which the first token fits, and the
// first token waits on the step: each is fitted in turn, three times over.
constexpr int kFitRounds = 3;

} // namespace

EngineConstants fitConstants(const QList<CalibrationRow> &rows, double draftAcceptance,
                             const EngineConstants &start, double priorWeight)
{
    QList<const StepTerms *> tpotTerms, ttftTerms;
    QList<double> tpot, ttft;
    for (const CalibrationRow &r : rows) {
        if (r.tpotSeconds && *r.tpotSeconds > 0) {
            tpotTerms << &r.terms;
            tpot << *r.tpotSeconds;
        }
        if (r.ttftSeconds && *r.ttftSeconds > 0) {
            ttftTerms << &r.terms;
            ttft << *r.ttftSeconds;
        }
    }
    const LogPrior stepPrior{stepVector(start), priorWeight};
    const LogPrior firstTokenPrior{firstTokenVector(start), priorWeight};
    EngineConstants c = start;
    c.draftAcceptance = draftAcceptance;
    for (int round = 0; round < kFitRounds; ++round) {
        if (!tpot.isEmpty())
            c = withStep(c, fitLogParameters(
                                [&](const std::vector<double> &x, int i) {
                                    return calibratedSecondsPerToken(*tpotTerms.at(i),
                                                                     withStep(c, x));
                                },
                                tpot, stepVector(c), kStepLo, kStepHi, stepPrior));
        if (!ttft.isEmpty())
            c = withFirstToken(c, fitLogParameters(
                                      [&](const std::vector<double> &x, int i) {
                                          return calibratedFirstTokenSeconds(*ttftTerms.at(i),
                                                                             withFirstToken(c, x));
                                      },
                                      ttft, firstTokenVector(c), kFirstTokenLo, kFirstTokenHi,
                                      firstTokenPrior));
    }
    return c;
}

namespace {

bool drafts(const CalibrationRow &r)
{
    return r.terms.draftTokens > 0 && !r.terms.acceptedTokens;
}

// Keys engine/architecture, each engine's "all" among them.
QStringList fitKeys(const QList<CalibrationRow> &rows)
{
    QStringList keys;
    for (const CalibrationRow &r : rows)
        for (const QString &arch : {r.architecture, QStringLiteral("all")}) {
            const QString key = r.engine + u'/' + arch;
            if (!arch.isEmpty() && !keys.contains(key))
                keys << key;
        }
    return keys;
}

// Every engine together first, then each engine over every architecture from there, then per
// architecture from the engine's fit: a constant an engine's or an architecture's runs do not
// show (per MoE layer where it served only dense models) keeps the value of the level above.
QList<EngineFit> fitEngines(const QList<CalibrationRow> &rows, double acceptance)
{
    QList<EngineFit> fits;
    QHash<QString, EngineConstants> overall;
    const QStringList keys = fitKeys(rows);
    // Every engine together, the start and the pull of each engine's own fit.
    const EngineConstants global = fitConstants(rows, acceptance);
    for (const bool all : {true, false})
        for (const QString &key : keys) {
            const QString engine = key.section(u'/', 0, 0), arch = key.section(u'/', 1);
            if ((arch == u"all") != all)
                continue;
            QList<CalibrationRow> group;
            for (const CalibrationRow &r : rows)
                if (r.engine == engine && (all || r.architecture == arch))
                    group << r;
            const EngineConstants c =
                all ? fitConstants(group, acceptance, global, kEnginePrior)
                    : fitConstants(group, acceptance, overall.value(engine, kFitStart),
                                   kArchitecturePrior);
            if (all)
                overall.insert(engine, c);
            fits << EngineFit{engine, arch, c, {}, {}};
        }
    std::sort(fits.begin(), fits.end(), [](const EngineFit &a, const EngineFit &b) {
        return std::pair(a.engine, a.architecture) < std::pair(b.engine, b.architecture);
    });
    return fits;
}

// The acceptance per draft position that best fits the time per token of the runs that
// drafted tokens, each with its engine's constants; `prior` when there are none.
double fitAcceptance(const QList<CalibrationRow> &rows, const Calibration &cal, double prior)
{
    QList<const CalibrationRow *> used;
    QList<const EngineFit *> fits;
    QList<double> measured;
    for (const CalibrationRow &r : rows) {
        const EngineFit *fit = cal.find(r.engine, r.architecture);
        if (!drafts(r) || !fit || !r.tpotSeconds || *r.tpotSeconds <= 0)
            continue;
        used << &r;
        fits << fit;
        measured << *r.tpotSeconds;
    }
    if (used.isEmpty())
        return prior;
    const std::vector<double> x = fitLogParameters(
        [&](const std::vector<double> &x, int i) {
            EngineConstants c = fits.at(i)->constants;
            c.draftAcceptance = x[0];
            return calibratedSecondsPerToken(used.at(i)->terms, c);
        },
        measured, {prior}, {0.05}, {1.0});
    return x[0];
}

} // namespace

Calibration calibrate(const QList<CalibrationRow> &rows, const QString &fittedTo)
{
    Calibration cal;
    cal.fittedTo = fittedTo;
    // The engines first from the runs that drafted nothing, then the acceptance from those that
    // did, then the engines again from every run at that acceptance, and the acceptance once more.
    QList<CalibrationRow> plain;
    for (const CalibrationRow &r : rows)
        if (!drafts(r))
            plain << r;
    cal.fits = fitEngines(plain, kDraftAcceptancePrior);
    double acceptance = fitAcceptance(rows, cal, kDraftAcceptancePrior);
    cal.fits = fitEngines(rows, acceptance);
    acceptance = fitAcceptance(rows, cal, acceptance);
    for (EngineFit &fit : cal.fits) {
        fit.constants.draftAcceptance = acceptance;
        QList<double> tpotErrors, ttftErrors;
        for (const CalibrationRow &r : rows) {
            if (r.engine != fit.engine ||
                (fit.architecture != u"all" && r.architecture != fit.architecture))
                continue;
            if (r.tpotSeconds && *r.tpotSeconds > 0)
                tpotErrors << calibratedSecondsPerToken(r.terms, fit.constants) / *r.tpotSeconds -
                                  1;
            if (r.ttftSeconds && *r.ttftSeconds > 0)
                ttftErrors << calibratedFirstTokenSeconds(r.terms, fit.constants) / *r.ttftSeconds -
                                  1;
        }
        fit.tpot = summarizeErrors(tpotErrors);
        fit.ttft = summarizeErrors(ttftErrors);
    }
    return cal;
}

} // namespace kvl
