#include "engine_prediction.h"

#include "calibrate.h"
#include "systems.h"

#include <numeric>

namespace kvl {

QStringList calibratedEngines()
{
    return Calibration::bundled().engines();
}

QString engineName(const QString &id)
{
    if (id == u"vllm")
        return QStringLiteral("vLLM");
    if (id == u"sglang")
        return QStringLiteral("SGLang");
    if (id == u"trtllm")
        return QStringLiteral("TensorRT-LLM");
    return id;
}

namespace {

// What a prediction needs of the scenario whatever its context: computed once for a curve.
struct EngineSetup
{
    EnginePrediction base; // valid, with its fit named, or not
    SystemInfo system;
    const EngineFit *fit = nullptr;
    ParallelPlan plan;
    ModelLoad model;
};

EngineSetup setupFor(const Scenario &s)
{
    EngineSetup e;
    if (s.engine.isEmpty())
        return e;
    e.system = systemForGpu(s.gpu.id);
    const Calibration &cal = Calibration::bundled();
    e.fit = cal.find(s.engine, e.system.architecture);
    if (!e.fit)
        return e;
    e.base.valid = true;
    e.base.architecture = e.fit->architecture;
    e.base.fittedTo = cal.fittedTo;
    e.plan = {s.gpus, 1, 1, s.model.isMoE() ? std::gcd(s.gpus, std::max(1, s.model.experts)) : 1,
              1};
    e.model = modelLoad(s);
    return e;
}

// `s.batch` requests in flight at `context` tokens, each answering `s.responseTokens`.
EnginePrediction predictAt(const Scenario &s, const EngineSetup &e, qint64 context)
{
    EnginePrediction p = e.base;
    if (!p.valid)
        return p;
    Workload w;
    w.concurrency = s.batch;
    w.inputTokens = std::max<qint64>(1, context);
    w.outputTokens = std::max<qint64>(1, s.responseTokens);
    w.decodeContext = std::max<qint64>(1, context);
    setEngineScheduling(w, s.engine);
    const StepTerms t = stepTerms(s, e.model, e.system.links, e.plan, w);
    p.secondsPerToken = calibratedSecondsPerToken(t, e.fit->constants);
    p.floorSecondsPerToken = floorSecondsPerToken(t);
    p.running = t.running;
    return p;
}

} // namespace

EnginePrediction predictEngine(const Scenario &s)
{
    return predictAt(s, setupFor(s), s.context);
}

QList<QPointF> predictedSecondsPerToken(const Scenario &s, const QList<qint64> &contexts)
{
    const EngineSetup e = setupFor(s);
    QList<QPointF> out;
    if (!e.base.valid)
        return out;
    out.reserve(contexts.size());
    for (qint64 x : contexts) {
        const EnginePrediction p = predictAt(s, e, x);
        if (p.running < s.batch)
            break;
        out.append(QPointF(double(x), p.secondsPerToken));
    }
    return out;
}

} // namespace kvl
