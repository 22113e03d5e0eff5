// The calibration routine recovers known constants from synthetic rows; the measured-runs CSV
// reader names each kind of bad input in one line.
#include "calibrate.h"
#include "measured_runs.h"

#include <QTest>

using namespace kvl;

Q_DECLARE_METATYPE(kvl::ParallelPlan)

namespace {

const QByteArray kHeader = "id,backend,backend_version,model_path,system,precision,mode,isl,osl,"
                           "gemm_quant_mode,moe_quant_mode,batch_size,tp_size,pp_size,"
                           "attention_dp_size,moe_tp_size,moe_ep_size,silicon_ttft_ms,"
                           "silicon_tpot_ms\n";
// With the columns data/measured/runs.csv adds from the runs' sources.
const QByteArray kDeployHeader =
    "id,backend,backend_version,model_path,system,precision,mode,isl,osl,gemm_quant_mode,"
    "moe_quant_mode,batch_size,tp_size,pp_size,attention_dp_size,moe_tp_size,moe_ep_size,"
    "silicon_ttft_ms,silicon_tpot_ms,concurrency,num_prompts,spec_decoding,nextn,"
    "random_range_ratio\n";
// A disaggregated run's decode worker.
const QByteArray kDisaggHeader =
    "id,backend,model_path,system,mode,isl,osl,gemm_quant_mode,moe_quant_mode,batch_size,"
    "tp_size,decode_batch_size,decode_num_workers,decode_tp_size,decode_attention_dp_size,"
    "decode_moe_tp_size,decode_moe_ep_size,silicon_ttft_ms,silicon_tpot_ms,concurrency\n";

// Deterministic pseudo-random numbers in [0, 1).
struct Lcg
{
    quint64 state = 12345;
    double next()
    {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return double(state >> 11) / double(1ULL << 53);
    }
};

const EngineConstants kKnown{.bandwidthFraction = 0.8,
                             .flopFraction = 0.45,
                             .commFraction = 0.6,
                             .collectiveSeconds = 8e-6,
                             .layerSeconds = 3e-5,
                             .moeLayerSeconds = 4e-5,
                             .tokenLayerSeconds = 5e-7,
                             .prefillFraction = 0.4,
                             .expertPrefillFraction = 0.15,
                             .mixedPrefillFraction = 0.6,
                             .firstTokenSeconds = 0.03,
                             .burstShare = 0.3};

// Memory-bound and compute-bound steps, with and without links, prefill and routed experts, and
// their first tokens.
StepTerms syntheticStep(Lcg &rng, int i)
{
    StepTerms t;
    t.memory = 1e-3 * (1 + 20 * rng.next());
    t.compute = 1e-3 * (0.1 + 30 * rng.next());
    t.prefill = i % 3 == 0 ? 0 : 1e-3 * 10 * rng.next();
    t.prefillExperts = i % 4 == 0 ? 0 : t.prefill * rng.next();
    t.comm = i % 2 == 0 ? 0 : 1e-3 * 5 * rng.next();
    t.collectives = i % 2 == 0 ? 0 : 40 + 200 * rng.next();
    t.layers = 16 + 100 * rng.next();
    t.moeLayers = i % 4 == 0 ? 0 : t.layers * rng.next();
    t.tokenLayers = t.layers * (1 + 200 * rng.next());
    t.prefillTokens = t.prefill > 0 ? 2000 * rng.next() : 0;
    t.clients = 1 + 30 * rng.next();
    t.outputTokens = 100 + 1000 * rng.next();
    t.firstWave = 0.1;
    t.firstCompute = 1e-2 * (1 + 50 * rng.next());
    t.firstExperts = i % 4 == 0 ? 0 : t.firstCompute * rng.next();
    t.firstMemory = 1e-3 * rng.next();
    return t;
}

} // namespace

class TestCalibrate : public QObject
{
    Q_OBJECT
private slots:
    void summarizeErrors()
    {
        // |e| sorted: 0.1 0.2 0.3 0.4 0.5; p90 at position 3.6: 0.4 + 0.6 × 0.1.
        const ErrorSummary s = kvl::summarizeErrors({0.1, -0.2, 0.3, -0.4, 0.5});
        QCOMPARE(s.count, 5);
        QCOMPARE(s.median, 0.3);
        QVERIFY(qAbs(s.p90 - 0.46) < 1e-12);
    }

    void recoversKnownConstants()
    {
        const EngineConstants &known = kKnown;
        QList<CalibrationRow> rows;
        Lcg rng;
        for (int i = 0; i < 300; ++i) {
            const StepTerms t = syntheticStep(rng, i);
            CalibrationRow r;
            r.terms = t;
            r.tpotSeconds = calibratedSecondsPerToken(t, known);
            r.ttftSeconds = calibratedFirstTokenSeconds(t, known);
            rows << r;
        }
        const EngineConstants fit = fitConstants(rows);
        const auto close = [](double a, double b) { return qAbs(a / b - 1) < 0.01; };
        QVERIFY2(close(fit.bandwidthFraction, known.bandwidthFraction),
                 qPrintable(QString::number(fit.bandwidthFraction)));
        QVERIFY2(close(fit.flopFraction, known.flopFraction),
                 qPrintable(QString::number(fit.flopFraction)));
        QVERIFY2(close(fit.commFraction, known.commFraction),
                 qPrintable(QString::number(fit.commFraction)));
        QVERIFY2(close(fit.collectiveSeconds, known.collectiveSeconds),
                 qPrintable(QString::number(fit.collectiveSeconds)));
        QVERIFY2(close(fit.layerSeconds, known.layerSeconds),
                 qPrintable(QString::number(fit.layerSeconds)));
        QVERIFY2(close(fit.moeLayerSeconds, known.moeLayerSeconds),
                 qPrintable(QString::number(fit.moeLayerSeconds)));
        QVERIFY2(close(fit.tokenLayerSeconds, known.tokenLayerSeconds),
                 qPrintable(QString::number(fit.tokenLayerSeconds)));
        QVERIFY2(close(fit.prefillFraction, known.prefillFraction),
                 qPrintable(QString::number(fit.prefillFraction)));
        QVERIFY2(close(fit.expertPrefillFraction, known.expertPrefillFraction),
                 qPrintable(QString::number(fit.expertPrefillFraction)));
        QVERIFY2(close(fit.mixedPrefillFraction, known.mixedPrefillFraction),
                 qPrintable(QString::number(fit.mixedPrefillFraction)));
        QVERIFY2(close(fit.firstTokenSeconds, known.firstTokenSeconds),
                 qPrintable(QString::number(fit.firstTokenSeconds)));
        QVERIFY2(close(fit.burstShare, known.burstShare),
                 qPrintable(QString::number(fit.burstShare)));
    }

    void priorPullsTowardsItsCenter_data()
    {
        QTest::addColumn<double>("weight");
        QTest::addRow("none") << 0.0;
        QTest::addRow("light") << 0.5;
        QTest::addRow("heavy") << 50.0;
    }

    void priorPullsTowardsItsCenter()
    {
        // Ten rows measure 2 where the prediction is x; the prior's center is 1. The optimum
        // y = ln x solves the cost's derivative: 10 × ρ'(y − ln 2) + 2 × weight × y = 0, with the
        // soft-L1 ρ(e) = 2 s² (√(1 + e²/s²) − 1), s = 0.1, ρ'(e) = 2e / √(1 + e²/s²).
        QFETCH(double, weight);
        const QList<double> measured(10, 2.0);
        const std::vector<double> x =
            fitLogParameters([](const std::vector<double> &x, int) { return x[0]; }, measured,
                             {1.5}, {0.1}, {10.0}, LogPrior{{1.0}, weight});
        const double y = std::log(x[0]);
        const double e = y - std::log(2.0);
        const double gradient = 10 * 2 * e / std::sqrt(1 + e * e / 0.01) + 2 * weight * y;
        QVERIFY2(qAbs(gradient) < 1e-6, qPrintable(QString::number(x[0])));
        if (weight == 0)
            QVERIFY(qAbs(x[0] - 2) < 1e-6);
        else
            QVERIFY(x[0] > 1 && x[0] < 2);
    }

    void recoversDraftAcceptance()
    {
        // Rows of one engine, a third of them drafting 3 tokens a step with acceptance 0.7 per
        // position (1 + 0.7 + 0.49 + 0.343 = 2.533 tokens a step): the engine's constants come
        // from the rows without drafts, the acceptance from the others. The step's prompt chunks
        // run at the prefill fractions, which the first tokens give.
        EngineConstants known = kKnown;
        known.draftAcceptance = 0.7;
        QList<CalibrationRow> rows;
        Lcg rng;
        for (int i = 0; i < 300; ++i) {
            StepTerms t = syntheticStep(rng, i);
            t.draftTokens = i % 3 == 1 ? 3 : 0;
            CalibrationRow r;
            r.engine = QStringLiteral("sglang");
            r.architecture = QStringLiteral("hopper");
            r.terms = t;
            r.tpotSeconds = calibratedSecondsPerToken(t, known);
            r.ttftSeconds = calibratedFirstTokenSeconds(t, known);
            rows << r;
        }
        const Calibration cal = calibrate(rows, QStringLiteral("synthetic"));
        const EngineFit *fit = cal.find(QStringLiteral("sglang"), QStringLiteral("hopper"));
        QVERIFY(fit);
        QVERIFY2(qAbs(fit->constants.draftAcceptance / 0.7 - 1) < 0.01,
                 qPrintable(QString::number(fit->constants.draftAcceptance)));
        QVERIFY(fit->tpot.median < 0.01);
    }

    void calibrationJsonRoundTrip()
    {
        EngineConstants known = kKnown;
        known.draftAcceptance = 0.6;
        Calibration c;
        c.fittedTo = QStringLiteral("test rows");
        c.fits << EngineFit{QStringLiteral("vllm"),
                            QStringLiteral("hopper"),
                            known,
                            {10, 0.05, 0.2},
                            {10, 0.1, 0.3}};
        c.fits << EngineFit{QStringLiteral("vllm"), QStringLiteral("all"), {}, {}, {}};
        QString error;
        const auto back = Calibration::fromJson(c.toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->fits.size(), 2);
        QCOMPARE(back->fits.first().constants.layerSeconds, 3e-5);
        QCOMPARE(back->fits.first().constants.moeLayerSeconds, 4e-5);
        QCOMPARE(back->fits.first().constants.tokenLayerSeconds, 5e-7);
        QCOMPARE(back->fits.first().constants.expertPrefillFraction, 0.15);
        QCOMPARE(back->fits.first().constants.mixedPrefillFraction, 0.6);
        QCOMPARE(back->fits.first().constants.burstShare, 0.3);
        QCOMPARE(back->fits.first().constants.draftAcceptance, 0.6);
        QCOMPARE(back->find(QStringLiteral("vllm"), QStringLiteral("hopper"))->architecture,
                 QStringLiteral("hopper"));
        // An architecture without its own fit falls back to the engine's fit over all.
        QCOMPARE(back->find(QStringLiteral("vllm"), QStringLiteral("ampere"))->architecture,
                 QStringLiteral("all"));
        QVERIFY(!back->find(QStringLiteral("trtllm"), QStringLiteral("hopper")));
    }

    void readsRuns()
    {
        QString error;
        const auto runs = readMeasuredRuns(
            kHeader + "r1,vllm,0.19.0,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8,"
                      "16,4,1,,4,1,120.5,13.25\n"
                      "r2,vllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8,16,4,1,"
                      "1,4,1,,\n",
            &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->size(), 2);
        QCOMPARE(runs->at(0).rankBatch, 16);
        QCOMPARE(runs->at(0).concurrency, 0); // no concurrency column
        QCOMPARE(runs->at(0).spec, SpecDecoding::None);
        QCOMPARE(runs->at(0).rangeRatio, 1.0);
        QCOMPARE(runs->at(0).tp, 4);
        QCOMPARE(runs->at(0).dp, 1); // empty: 1
        QCOMPARE(*runs->at(0).tpotSeconds, 0.01325);
        // Empty measured columns: predicted all the same, nothing to compare.
        QVERIFY(!runs->at(1).tpotSeconds);
        QVERIFY(!runs->at(1).ttftSeconds);
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("error");
        QTest::addRow("missing columns")
            << QByteArray(
                   "id,backend,model_path,system,mode,batch_size\nx,vllm,a/b,h200_sxm,agg,1\n")
            << QStringLiteral("missing columns: isl, osl, gemm_quant_mode, moe_quant_mode, "
                              "tp_size, silicon_ttft_ms, silicon_tpot_ms");
        QTest::addRow("not a number")
            << kHeader + "r1,vllm,,a/b,h200_sxm,fp8,agg,1024,1024,fp8,fp8,eight,4,1,1,4,1,1,1\n"
            << QStringLiteral("line 2, batch_size: \"eight\" is not a whole number of at least 1");
        QTest::addRow("negative time")
            << kHeader + "r1,vllm,,a/b,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,4,1,1,4,1,1,-3\n"
            << QStringLiteral("line 2, silicon_tpot_ms: \"-3\" is not a non-negative number");
        QTest::addRow("unknown mode")
            << kHeader + "r1,vllm,,a/b,h200_sxm,fp8,both,1024,1024,fp8,fp8,8,4,1,1,4,1,1,3\n"
            << QStringLiteral("line 2, mode: \"both\" is not agg or disagg");
        QTest::addRow("unknown speculative decoding")
            << kDeployHeader + "r1,vllm,,a/b,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,4,1,1,4,1,1,3,"
                               "8,80,eagle,3,0.8\n"
            << QStringLiteral("line 2, spec_decoding: \"eagle\" is not none, mtp or unknown");
        QTest::addRow("range ratio past 1")
            << kDeployHeader + "r1,vllm,,a/b,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,4,1,1,4,1,1,3,"
                               "8,80,none,0,1.5\n"
            << QStringLiteral("line 2, random_range_ratio: 1.5 is more than 1");
        QTest::addRow("empty") << QByteArray()
                               << QStringLiteral("empty file: expected a header "
                                                 "line with id, backend, "
                                                 "model_path, system, mode, isl, "
                                                 "osl, gemm_quant_mode, "
                                                 "moe_quant_mode, batch_size, "
                                                 "tp_size, silicon_ttft_ms, "
                                                 "silicon_tpot_ms");
    }
    void badInput()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!readMeasuredRuns(csv, &why));
        QCOMPARE(why, error);
    }

    void unmodelledRows_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("reason");
        QTest::addRow("unknown system")
            << kHeader + "r1,vllm,,meta-llama/Llama-3.1-70B,h800,fp8,agg,1024,1024,fp8,fp8,8,4,1,"
                         "1,4,1,1,3\n"
            << QStringLiteral("unknown system \"h800\"");
        QTest::addRow("unknown model")
            << kHeader + "r1,vllm,,nobody/Model-X,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,4,1,1,4,1,"
                         "1,3\n"
            << QStringLiteral("unknown model \"nobody/Model-X\"");
        QTest::addRow("unknown weight format")
            << kHeader + "r1,vllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp6,fp6,8,"
                         "4,1,1,4,1,1,3\n"
            << QStringLiteral("unknown weight format \"fp6\"");
        QTest::addRow("MTP not known")
            << kDeployHeader + "r1,trtllm,,deepseek-ai/DeepSeek-V3,h200_sxm,fp8,agg,1024,1024,"
                               "fp8,fp8,8,8,1,1,1,8,1,3,8,80,unknown,,0.8\n"
            << QStringLiteral("spec_decoding unknown");
        QTest::addRow("decode workers not given")
            << kDisaggHeader + "r1,trtllm,deepseek-ai/DeepSeek-V3,h200_sxm,disagg,1024,1024,fp8,"
                               "fp8,,,,,8,1,1,8,1,3,64\n"
            << QStringLiteral("decode_batch_size and decode_num_workers not given");
    }
    void unmodelledRows()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, reason);
        QString error;
        const auto runs = readMeasuredRuns(csv, &error);
        QVERIFY2(runs, qPrintable(error));
        ModelResolver models;
        const ModelledRun m = modelRun(runs->first(), models);
        QVERIFY2(m.reason.startsWith(reason), qPrintable(m.reason));
    }

    void deployments_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<ParallelPlan>("plan");
        QTest::addColumn<qint64>("concurrency");
        QTest::addColumn<qint64>("input");
        QTest::addColumn<int>("draft");
        // aiconfigurator's batch_size is one attention-DP rank's: 8 ranks of 8 serve 64.
        QTest::addRow("batch per DP rank")
            << kHeader + "r,trtllm,,deepseek-ai/DeepSeek-V3,h200_sxm,fp8,agg,1024,1024,fp8,fp8,"
                         "8,1,1,8,1,8,1,3\n"
            << ParallelPlan{1, 1, 8, 8, 1} << qint64(64) << qint64(1024) << 0;
        // The client's concurrency when given; lengths drawn in [0.8 × 1,024, 1,024]: mean
        // 921.6, 922 tokens; MTP with 3 drafts.
        QTest::addRow("concurrency, mean lengths, MTP")
            << kDeployHeader + "r,trtllm,,deepseek-ai/DeepSeek-V3,h200_sxm,fp8,agg,1024,1024,fp8,"
                               "fp8,32,1,1,8,1,8,1,3,256,2560,mtp,3,0.8\n"
            << ParallelPlan{1, 1, 8, 8, 1} << qint64(256) << qint64(922) << 3;
        // InferenceX's vLLM TP 4 with expert parallelism, written as DP 4 and EP 16.
        QTest::addRow("vLLM TP 4, EP 4 written as DP 4, EP 16")
            << kHeader + "r,vllm,,deepseek-ai/DeepSeek-V3,b200_sxm,fp8,agg,1024,1024,fp8,fp8,4,"
                         "4,1,4,1,16,1,3\n"
            << ParallelPlan{4, 1, 1, 4, 1} << qint64(16) << qint64(1024) << 0;
        // An MoE group of 2 behind one attention rank written as TP 1: vLLM's data parallelism
        // (batch_size is per written rank, the whole replica's here).
        QTest::addRow("MoE group wider than TP")
            << kHeader + "r,vllm,,deepseek-ai/DeepSeek-V3,h200_sxm,fp8,agg,1024,1024,fp8,fp8,8,"
                         "1,1,,2,1,1,3\n"
            << ParallelPlan{1, 1, 2, 1, 1} << qint64(8) << qint64(1024) << 0;
        // 64 requests over 2 decode workers: 32 on the one modelled.
        QTest::addRow("disaggregated decode worker")
            << kDisaggHeader + "r,trtllm,deepseek-ai/DeepSeek-V3,h200_sxm,disagg,1024,1024,fp8,"
                               "fp8,,,,2,8,1,1,8,1,3,64\n"
            << ParallelPlan{8, 1, 1, 8, 1} << qint64(32) << qint64(1024) << 0;
    }
    void deployments()
    {
        QFETCH(QByteArray, csv);
        QFETCH(ParallelPlan, plan);
        QFETCH(qint64, concurrency);
        QFETCH(qint64, input);
        QFETCH(int, draft);
        QString error;
        const auto runs = readMeasuredRuns(csv, &error);
        QVERIFY2(runs, qPrintable(error));
        ModelResolver models;
        const ModelledRun m = modelRun(runs->first(), models);
        QVERIFY2(m.reason.isEmpty(), qPrintable(m.reason));
        QCOMPARE(m.plan, plan);
        QCOMPARE(m.workload.concurrency, concurrency);
        QCOMPARE(m.workload.inputTokens, input);
        QCOMPARE(m.workload.outputTokens, input);
        QCOMPARE(m.workload.draftTokens, draft);
        QVERIFY(!m.workload.acceptedTokens); // from the calibration
    }

    void cacheFormat_data()
    {
        QTest::addColumn<QByteArray>("row");
        QTest::addColumn<NumberFormat>("cache");
        // InferenceX's scripts: fp8 for every TensorRT-LLM and every Blackwell run of an fp8 or
        // fp4 checkpoint; on Hopper vLLM and SGLang differ, so their default (the model's bf16).
        QTest::addRow("TensorRT-LLM, Hopper, fp8")
            << QByteArray("trtllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8")
            << NumberFormat::FP8;
        QTest::addRow("vLLM, Blackwell, fp4")
            << QByteArray("vllm,,meta-llama/Llama-3.1-70B,b200_sxm,fp4,agg,1024,1024,nvfp4,nvfp4")
            << NumberFormat::FP8;
        QTest::addRow("SGLang, Blackwell, fp8")
            << QByteArray("sglang,,meta-llama/Llama-3.1-70B,b200_sxm,fp8,agg,1024,1024,fp8,fp8")
            << NumberFormat::FP8;
        QTest::addRow("vLLM, Hopper, fp8")
            << QByteArray("vllm,,meta-llama/Llama-3.1-70B,h200_sxm,fp8,agg,1024,1024,fp8,fp8")
            << NumberFormat::BF16;
        QTest::addRow("vLLM, Blackwell, int4 weights only")
            << QByteArray(
                   "vllm,,meta-llama/Llama-3.1-70B,b200_sxm,int4,agg,1024,1024,int4_wo,int4_wo")
            << NumberFormat::BF16;
        QTest::addRow("TensorRT-LLM, Blackwell, bf16")
            << QByteArray("trtllm,,meta-llama/Llama-3.1-70B,b200_sxm,bf16,agg,1024,1024,,")
            << NumberFormat::BF16;
    }
    void cacheFormat()
    {
        QFETCH(QByteArray, row);
        QFETCH(NumberFormat, cache);
        QString error;
        const auto runs = readMeasuredRuns(kHeader + "r1," + row + ",8,1,1,1,1,1,3\n", &error);
        QVERIFY2(runs, qPrintable(error));
        ModelResolver models;
        const ModelledRun m = modelRun(runs->first(), models);
        QVERIFY2(m.reason.isEmpty(), qPrintable(m.reason));
        QCOMPARE(m.scenario.kvPrecision.format, cache);
    }

    void productLayoutReadAsTpTimesEp()
    {
        // "TP 8, EP 8" on one 8-GPU H200 node written as tp_size 64, moe_tp 8, moe_ep 8.
        QString error;
        const auto runs = readMeasuredRuns(
            kHeader + "r1,trtllm,,deepseek-ai/DeepSeek-V3,h200_sxm,fp8,agg,1024,1024,fp8_block,"
                      "fp8_block,8,64,1,1,8,8,1,3\n",
            &error);
        QVERIFY2(runs, qPrintable(error));
        ModelResolver models;
        const ModelledRun m = modelRun(runs->first(), models);
        QVERIFY2(m.reason.isEmpty(), qPrintable(m.reason));
        QCOMPARE(m.plan.gpus(), 8);
        QCOMPARE(m.plan.ep, 8);
        QVERIFY(!m.note.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCalibrate)
#include "tst_calibrate.moc"
