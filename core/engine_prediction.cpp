#include "engine_prediction.h"

#include "calibrate.h"
#include "systems.h"

#include <QCoreApplication>
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

EnginePrediction predictEngine(const Scenario &s)
{
    EnginePrediction p;
    if (s.engine.isEmpty()) {
        p.reason = QCoreApplication::translate("kvl::EnginePrediction", "no engine chosen");
        return p;
    }
    const SystemInfo system = systemForGpu(s.gpu.id);
    const Calibration &cal = Calibration::bundled();
    const EngineFit *fit = cal.find(s.engine, system.architecture);
    if (!fit) {
        p.reason = QCoreApplication::translate("kvl::EnginePrediction",
                                               "no constants fitted for engine \"%1\"")
                       .arg(s.engine);
        return p;
    }
    Workload w;
    w.concurrency = s.batch;
    w.inputTokens = std::max<qint64>(1, s.context);
    w.outputTokens = std::max<qint64>(1, s.responseTokens);
    w.decodeContext = std::max<qint64>(1, s.context);
    const ParallelPlan plan{
        s.gpus, 1, 1, s.model.isMoE() ? std::gcd(s.gpus, std::max(1, s.model.experts)) : 1, 1};
    const StepTerms t = stepTerms(s, system.links, plan, w);
    p.valid = true;
    p.secondsPerToken = calibratedSecondsPerToken(t, fit->constants);
    p.floorSecondsPerToken = floorSecondsPerToken(t);
    p.running = t.running;
    p.architecture = fit->architecture;
    p.fittedTo = cal.fittedTo;
    return p;
}

} // namespace kvl
