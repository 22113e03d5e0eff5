// Per-GPU bytes, FLOP and communication of each parallel degree, and the batched decode step's
// prefill share, against hand arithmetic written out here.
#include "batched_step.h"
#include "parallel.h"
#include "test_models.h"
#include "weights.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

Q_DECLARE_METATYPE(kvl::ParallelPlan)

namespace {
const Interconnect kNvlink{450e9, 50e9, 8};

// `concurrency` requests of 1,000-token prompts and 500-token answers, `draft` tokens drafted a
// step.
Workload requests(qint64 concurrency, int draft = 0)
{
    Workload w;
    w.concurrency = concurrency;
    w.inputTokens = 1000;
    w.outputTokens = 500;
    w.draftTokens = draft;
    return w;
}

// A first token of `clients` prompts of 0.2 s each, every prompt in the first wave, and a step of
// 10 layers at 1 ms each after 0.05 s of request handling.
StepTerms promptQueue(double clients, double outputTokens)
{
    StepTerms t;
    t.firstCompute = 0.2;
    t.clients = clients;
    t.outputTokens = outputTokens;
    t.firstWave = 1;
    t.layers = 10;
    return t;
}
EngineConstants promptConstants()
{
    EngineConstants c;
    c.firstTokenSeconds = 0.05;
    c.layerSeconds = 1e-3;
    return c;
}
} // namespace

class TestParallel : public QObject
{
    Q_OBJECT
private slots:
    void kvPerGpu_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<ParallelPlan>("plan");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<double>("kvBytes");
        // Llama 3.1 70B, fp16, 1,000 tokens: 327,680 B per token whole (cost-model.md 4).
        QTest::addRow("TP 1") << llama70b() << ParallelPlan{1, 1, 1, 1, 1} << qint64(1)
                              << 327'680'000.0;
        // 8 KV heads over 8 GPUs: 40,960 B per token per GPU.
        QTest::addRow("TP 8") << llama70b() << ParallelPlan{8, 1, 1, 1, 1} << qint64(1)
                              << 40'960'000.0;
        // Past one head per GPU the heads are replicated: still 40,960.
        QTest::addRow("TP 16, heads replicated")
            << llama70b() << ParallelPlan{16, 1, 1, 1, 1} << qint64(1) << 40'960'000.0;
        // Two stages of 40 layers: half the layers, 163,840 B per token.
        QTest::addRow("PP 2") << llama70b() << ParallelPlan{1, 2, 1, 1, 1} << qint64(1)
                              << 163'840'000.0;
        // One sequence's 1,000 tokens over 4 CP ranks, 40,960 B each per TP 8 GPU: 250 tokens.
        QTest::addRow("TP 8 × CP 4")
            << llama70b() << ParallelPlan{8, 1, 1, 1, 4} << qint64(1) << 10'240'000.0;
        // DeepSeek-V3's latent, (512 + 64) × 2 B × 61 layers = 70,272 B per token, is on every
        // TP rank: 16 sequences × 1,000 tokens × 70,272 on each of 8 GPUs.
        QTest::addRow("MLA, TP 8")
            << deepseekV3() << ParallelPlan{8, 1, 1, 8, 1} << qint64(16) << 1'124'352'000.0;
        // Attention DP 8 splits the 16 sequences: 2 per GPU.
        QTest::addRow("MLA, DP 8")
            << deepseekV3() << ParallelPlan{1, 1, 8, 8, 1} << qint64(16) << 140'544'000.0;
        // 15 sequences over 8 ranks: the fullest rank holds 2.
        QTest::addRow("MLA, DP 8, uneven")
            << deepseekV3() << ParallelPlan{1, 1, 8, 8, 1} << qint64(15) << 140'544'000.0;
    }
    void kvPerGpu()
    {
        QFETCH(ModelSpec, model);
        QFETCH(ParallelPlan, plan);
        QFETCH(qint64, batch);
        QFETCH(double, kvBytes);
        QVERIFY2(plan.validate(model).isEmpty(), qPrintable(plan.validate(model)));
        QCOMPARE(gpuLoad(scenario(model), plan, batch, 1000).kvBytes, kvBytes);
    }

    void weightsPerGpu()
    {
        // Dense parts split by TP, routed experts over the whole MoE group.
        const Scenario s = scenario(deepseekV3());
        const WeightBytes w = weightBytes(s);
        const GpuLoad tp8 = gpuLoad(s, {8, 1, 1, 8, 1}, 1, 1000);
        QCOMPARE(tp8.weightBytesHeld, (w.rest + w.embeddings) / 8 + w.routedExperts / 8);
        const GpuLoad dp8 = gpuLoad(s, {1, 1, 8, 8, 1}, 8, 1000);
        QCOMPARE(dp8.weightBytesHeld, w.rest + w.embeddings + w.routedExperts / 8);
        const GpuLoad pp2 = gpuLoad(scenario(llama70b()), {1, 2, 1, 1, 1}, 1, 1000);
        QCOMPARE(pp2.weightBytesHeld, weightBytes(scenario(llama70b())).total() / 2);
    }

    void expertsTouched_data()
    {
        QTest::addColumn<double>("experts");
        QTest::addColumn<double>("perToken");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("touched");
        QTest::addRow("one token picks k") << 256.0 << 8.0 << 1.0 << 8.0;
        // 256 × (1 − (31/32)²) = 256 × 0.0615234375
        QTest::addRow("two tokens") << 256.0 << 8.0 << 2.0 << 15.75;
        // 8 × (1 − (3/4)³) = 8 × 0.578125
        QTest::addRow("Mixtral, 3 tokens") << 8.0 << 2.0 << 3.0 << 4.625;
        QTest::addRow("no tokens") << 8.0 << 2.0 << 0.0 << 0.0;
    }
    void expertsTouched()
    {
        QFETCH(double, experts);
        QFETCH(double, perToken);
        QFETCH(double, tokens);
        QFETCH(double, touched);
        QCOMPARE(kvl::expertsTouched(experts, perToken, tokens), touched);
    }

    void expertsReadPerGpu()
    {
        // On one GPU the plan's read is the ledger's: dense part + the experts the batch touches.
        Scenario s = scenario(mixtral8x7b());
        s.batch = 3;
        QCOMPARE(gpuLoad(s, {1, 1, 1, 1, 1}, 3, 1000).weightBytesRead, weightBytesReadPerStep(s));
        // EP 8 over 8 ranks: each holds one expert, touched with the same probability
        // 1 − (3/4)³ = 0.578125 by 3 tokens.
        const WeightBytes w = weightBytes(s);
        QCOMPARE(gpuLoad(s, {1, 1, 8, 8, 1}, 3, 1000).weightBytesRead,
                 w.rest + w.embeddings + w.routedExperts / 8 * 0.578125);
    }

    void communication_data()
    {
        QTest::addColumn<ModelSpec>("model");
        QTest::addColumn<ParallelPlan>("plan");
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("collectives");
        // Ring all-reduce after attention and MLP, 80 layers, 4 tokens × 8192 × 2 B, each GPU
        // sending 2 × 7/8 of it: 2 × 80 × 1.75 × 65,536 = 18,350,080.
        QTest::addRow("TP 8 all-reduce")
            << llama70b() << ParallelPlan{8, 1, 1, 1, 1} << qint64(4) << 18'350'080.0 << 160.0;
        // 4 tokens' activations to the next stage: 4 × 8192 × 2.
        QTest::addRow("PP 2 hand-off")
            << llama70b() << ParallelPlan{1, 2, 1, 1, 1} << qint64(4) << 65'536.0 << 1.0;
        // 8 tokens per GPU to their 2 experts' ranks and back, 32 MoE layers, 4096 × 2 B, 7/8
        // remote: 2 × 32 × 8 × 2 × 8192 × 7/8 = 7,340,032.
        QTest::addRow("EP 8 all-to-all")
            << mixtral8x7b() << ParallelPlan{1, 1, 8, 8, 1} << qint64(64) << 7'340'032.0 << 64.0;
        // Partial outputs of 64 heads × (128 + 1) fp32 values per token and layer, 2 × 3/4 of
        // them sent: 1.5 × 80 × 64 × 129 × 4 = 3,962,880.
        QTest::addRow("CP 4 combine")
            << llama70b() << ParallelPlan{1, 1, 1, 1, 4} << qint64(1) << 3'962'880.0 << 80.0;
        QTest::addRow("one GPU") << llama70b() << ParallelPlan{} << qint64(4) << 0.0 << 0.0;
    }
    void communication()
    {
        QFETCH(ModelSpec, model);
        QFETCH(ParallelPlan, plan);
        QFETCH(qint64, batch);
        QFETCH(double, bytes);
        QFETCH(double, collectives);
        const GpuLoad g = gpuLoad(scenario(model), plan, batch, 1000);
        QCOMPARE(g.commBytes, bytes);
        QCOMPARE(g.collectives, collectives);
    }

    void prefillShare_data()
    {
        QTest::addColumn<int>("draft");
        QTest::addColumn<double>("accepted");
        QTest::addColumn<bool>("mixed");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<double>("perStep");
        // 33 in flight, 1,000-token prompts, 500-token answers: the other 32 finish at 32/500
        // per token each gains, each replaced by 1,000 prompt tokens: 64 per step.
        QTest::addRow("steady state") << 0 << 0.0 << true << 64.0 << 64.0;
        // 2.5 tokens per step with MTP: answers end 2.5× sooner, 160 prompt tokens per step.
        QTest::addRow("MTP, 1.5 accepted") << 2 << 1.5 << true << 64.0 << 160.0;
        QTest::addRow("disaggregated decode") << 0 << 0.0 << false << 0.0 << 0.0;
    }
    void prefillShare()
    {
        QFETCH(int, draft);
        QFETCH(double, accepted);
        QFETCH(bool, mixed);
        QFETCH(double, tokens);
        QFETCH(double, perStep);
        Workload w = requests(33, draft);
        w.acceptedTokens = accepted;
        w.mixedPrefill = mixed;
        const StepTerms t = stepTerms(scenario(llama8b()), kNvlink, {}, w);
        QCOMPARE(t.running, 33.0);
        QCOMPARE(t.prefillTokens, tokens);
        QCOMPARE(tokensPerStep(t, EngineConstants{}), 1 + accepted);
        QCOMPARE(t.prefillTokens * tokensPerStep(t, EngineConstants{}), perStep);
    }

    void tokensPerStepFromAcceptance_data()
    {
        QTest::addColumn<int>("draft");
        QTest::addColumn<double>("acceptance");
        QTest::addColumn<double>("tokens");
        QTest::addRow("no draft") << 0 << 0.5 << 1.0;
        // 1 + 0.5 + 0.25 + 0.125: each draft is kept only when the ones before it were.
        QTest::addRow("three drafts at 0.5") << 3 << 0.5 << 1.875;
        QTest::addRow("one draft at 0.8") << 1 << 0.8 << 1.8;
        QTest::addRow("every draft accepted") << 3 << 1.0 << 4.0;
    }
    void tokensPerStepFromAcceptance()
    {
        QFETCH(int, draft);
        QFETCH(double, acceptance);
        QFETCH(double, tokens);
        StepTerms t;
        t.draftTokens = draft;
        EngineConstants c;
        c.draftAcceptance = acceptance;
        QCOMPARE(tokensPerStep(t, c), tokens);
    }

    void draftPasses()
    {
        // Two drafts per step on Llama 3.1 8B (bf16, one GPU): each pass reads one decoder layer
        // and the output head, 128,256 × 4,096 × 2 B = 1,050,673,152 B; the step verifies 3
        // tokens a sequence and counts the two passes as layers.
        Scenario s = scenario(llama8b());
        Workload w = requests(4);
        const StepTerms plain = stepTerms(s, kNvlink, {}, w);
        w.draftTokens = 2;
        const StepTerms drafting = stepTerms(s, kNvlink, {}, w);
        const double pass = weightBytes(s).rest / 32 + 1'050'673'152.0;
        QVERIFY(qAbs(drafting.draft / (2 * pass / 3.35e12) - 1) < 1e-12);
        QCOMPARE(drafting.layers, plain.layers + 2);
        QCOMPARE(drafting.load.tokens, 3 * plain.load.tokens);
        QCOMPARE(plain.moeLayers, 0.0);
        // DeepSeek-V3: 58 layers with routed experts, and the MTP layer once per draft.
        w.draftTokens = 3;
        QCOMPARE(stepTerms(scenario(deepseekV3()), kNvlink, {1, 1, 1, 1, 1}, w).moeLayers, 61.0);
    }

    void tokenLayers_data()
    {
        QTest::addColumn<ParallelPlan>("plan");
        QTest::addColumn<int>("draft");
        QTest::addColumn<double>("tokenLayers");
        QTest::addColumn<double>("chunkTokenLayers");
        // 32 requests on Llama 3.1 8B's 32 layers: 32 × 32 tokens × layers. The prompt chunk:
        // 31 / 500 of a 1,000-token prompt per token each request gains, 62 tokens, × 32 layers.
        QTest::addRow("one GPU") << ParallelPlan{} << 0 << 32.0 * 32 << 62.0 * 32;
        // TP splits heads, not tokens: each GPU still runs every token through every layer.
        QTest::addRow("TP 8") << ParallelPlan{8, 1, 1, 1, 1} << 0 << 32.0 * 32 << 62.0 * 32;
        // Attention DP 4: each rank runs its 8 requests and a quarter of the prompts.
        QTest::addRow("DP 4") << ParallelPlan{1, 1, 4, 1, 1} << 0 << 8.0 * 32 << 15.5 * 32;
        // Two drafts, every one accepted at ideal constants: 3 tokens a request verified, over
        // the 32 layers and the 2 draft passes, and 3 tokens' worth of prompt a step.
        QTest::addRow("two drafts") << ParallelPlan{} << 2 << 3.0 * 32 * 34 << 3 * 62.0 * 34;
    }
    void tokenLayers()
    {
        QFETCH(ParallelPlan, plan);
        QFETCH(int, draft);
        QFETCH(double, tokenLayers);
        QFETCH(double, chunkTokenLayers);
        Scenario s = scenario(llama8b());
        s.gpus = plan.gpus();
        const StepTerms t = stepTerms(s, kNvlink, plan, requests(32, draft));
        QCOMPARE(t.running, 32.0);
        QCOMPARE(t.tokenLayers, tokenLayers);
        // 0.5 µs per token and layer on top of the step at ideal constants.
        EngineConstants c;
        const double ideal = calibratedStepSeconds(t, c);
        c.tokenLayerSeconds = 5e-7;
        QVERIFY(qAbs(calibratedStepSeconds(t, c) -
                     (ideal + (tokenLayers + chunkTokenLayers) * 5e-7)) < 1e-14);
    }

    void calibratedStepAtIdealConstants()
    {
        // Ideal constants leave max(memory, compute) + prefill + communication; the floor takes
        // the largest of them, every draft accepted.
        StepTerms t;
        t.memory = 4e-3;
        t.compute = 1e-3;
        t.prefill = 1e-3;
        t.comm = 5e-4;
        t.draftTokens = 1;
        t.acceptedTokens = 1;
        QCOMPARE(calibratedSecondsPerToken(t, EngineConstants{}), (4e-3 + 2e-3 + 5e-4) / 2);
        QCOMPARE(floorSecondsPerToken(t), 4e-3 / 2);
        t.acceptedTokens.reset(); // the floor still takes every draft as accepted
        QCOMPARE(floorSecondsPerToken(t), 4e-3 / 2);
    }

    void promptChunksAtPrefillFractions()
    {
        // The prompt chunks a step carries run at the first token's prefill fractions: of 1 ms
        // of prompt matmuls, 0.4 ms routed experts at 0.1 and 0.6 ms at 0.5: 4 + 1.2 = 5.2 ms
        // per token the step gains; 2 tokens a step (one draft, accepted).
        StepTerms t;
        t.memory = 4e-3;
        t.prefill = 1e-3;
        t.prefillExperts = 4e-4;
        t.draftTokens = 1;
        t.acceptedTokens = 1;
        EngineConstants c;
        c.prefillFraction = 0.5;
        c.expertPrefillFraction = 0.1;
        QVERIFY(qAbs(calibratedSecondsPerToken(t, c) - (4e-3 + 2 * 5.2e-3) / 2) < 1e-15);
        // The decode step's own FLOP fraction does not touch them.
        c.flopFraction = 0.25;
        QVERIFY(qAbs(calibratedSecondsPerToken(t, c) - (4e-3 + 2 * 5.2e-3) / 2) < 1e-15);
    }

    void closedQueue_data()
    {
        QTest::addColumn<double>("service");
        QTest::addColumn<double>("think");
        QTest::addColumn<double>("clients");
        QTest::addColumn<double>("response");
        QTest::addRow("one client: no wait") << 1.0 << 3.0 << 1.0 << 1.0;
        // Two clients: Q(1) = 1 / (1 + 3) = 0.25, R(2) = 1 × (1 + 0.25).
        QTest::addRow("two clients") << 1.0 << 3.0 << 2.0 << 1.25;
        // Three: X(2) = 2 / 4.25, Q(2) = 2 × 1.25 / 4.25 = 10/17, R(3) = 27/17.
        QTest::addRow("three clients") << 1.0 << 3.0 << 3.0 << 27.0 / 17.0;
    }
    void closedQueue()
    {
        QFETCH(double, service);
        QFETCH(double, think);
        QFETCH(double, clients);
        QFETCH(double, response);
        QVERIFY(qAbs(closedQueueResponse(service, think, clients) / response - 1) < 1e-12);
    }

    void closedQueueSaturates()
    {
        // 100 clients, 1 s of prefill each, 10 s of decode: the prefill is the bottleneck, one
        // prompt a second, so each waits about n × P − Z = 90 s in all.
        QVERIFY(qAbs(closedQueueResponse(1, 10, 100) / 90 - 1) < 0.01);
    }

    void firstTokenTerms()
    {
        // 5 clients, P = 0.2 s, no decode to wait for: a first wave (all prompts of the run)
        // waits (5 − 1) × 0.2 / 2 = 0.4 s; with one wave in ten, 0.1 × 0.4 + 0.9 × the steady
        // queue.
        StepTerms t = promptQueue(5, 1);
        const EngineConstants c = promptConstants();
        QVERIFY(qAbs(calibratedFirstTokenSeconds(t, c) - (0.05 + 0.2 + 0.4 + 0.01)) < 1e-12);
        t.firstWave = 0.1;
        const double steady = closedQueueResponse(0.2, 0, 5) - 0.2;
        QVERIFY(qAbs(calibratedFirstTokenSeconds(t, c) -
                     (0.05 + 0.2 + 0.1 * 0.4 + 0.9 * steady + 0.01)) < 1e-12);
        // No decode between prompts: the queue is saturated, R(5) = 5 × 0.2.
        QVERIFY(qAbs(steady - 0.8) < 1e-12);
    }

    void firstTokenWaitsForRoom_data()
    {
        QTest::addColumn<double>("admitted");
        QTest::addColumn<double>("wait");
        // 10 clients, room for 4: each waits (10 / 4 − 1) × its request's time, the prompt
        // (0.2 s), the answer's 100 later tokens and the first one's step (10 ms each):
        // 1.5 × 1.21 s.
        QTest::addRow("room for 4") << 4.0 << 1.815;
        QTest::addRow("room for every client") << 10.0 << 0.0;
        QTest::addRow("no room given") << 0.0 << 0.0;
    }
    void firstTokenWaitsForRoom()
    {
        QFETCH(double, admitted);
        QFETCH(double, wait);
        StepTerms t = promptQueue(10, 101);
        t.admitted = admitted;
        // Beside the first wave's (10 − 1) × 0.2 / 2 = 0.9 s.
        QVERIFY(qAbs(calibratedFirstTokenSeconds(t, promptConstants()) -
                     (0.05 + 0.2 + 0.9 + wait + 0.01)) < 1e-12);
    }

    void cacheBudget_data()
    {
        QTest::addColumn<qint64>("input");
        QTest::addColumn<qint64>("output");
        QTest::addColumn<bool>("reservesAnswer");
        QTest::addColumn<double>("running");
        // Llama 3.1 8B in bf16 on one 80 GB H100, half the memory for the engine, 131,072 B per
        // token (2 × 32 × 8 × 128 × 2). Half of the whole memory less the weights (about 16 GB)
        // is about 24 GB; half of what the weights leave, about 32 GB.
        // 99,000 + 1,000 tokens, 13.1 GB whole and 13.0 GB at the mean length: one, and two.
        QTest::addRow("paged, long prompt") << qint64(99'000) << qint64(1'000) << false << 1.0;
        QTest::addRow("reserved, long prompt") << qint64(99'000) << qint64(1'000) << true << 2.0;
        // 1,000 + 180,000 tokens: 23.7 GB whole, one even in TensorRT-LLM's budget; paged, a
        // request holds 91,000 tokens over its answer, 11.9 GB: two.
        QTest::addRow("paged, long answer") << qint64(1'000) << qint64(180'000) << false << 2.0;
        QTest::addRow("reserved, long answer") << qint64(1'000) << qint64(180'000) << true << 1.0;
    }
    void cacheBudget()
    {
        QFETCH(qint64, input);
        QFETCH(qint64, output);
        QFETCH(bool, reservesAnswer);
        QFETCH(double, running);
        Scenario s = scenario(llama8b());
        s.memoryFraction = 0.5;
        const double weights = weightBytes(s).total();
        QVERIFY(qAbs(0.5 * 80e9 - weights - 24e9) < 0.1e9);
        QVERIFY(qAbs(0.5 * (80e9 - weights) - 32e9) < 0.1e9);
        Workload w;
        w.concurrency = 10;
        w.inputTokens = input;
        w.outputTokens = output;
        w.reservesAnswer = reservesAnswer;
        const StepTerms t = stepTerms(s, kNvlink, {}, w);
        QCOMPARE(t.running, running);
        // The other clients' prompts wait for room, whatever the engine.
        QCOMPARE(t.admitted, running);
    }

    void firstTokenExperts()
    {
        // Mixtral 8x7B on DP 8 × EP 8, a 1,000-token prompt per rank: of the prompt's matmuls,
        // the routed experts' are 2 experts × 32 layers × 3 × 4096 × 14336 = 11,274,289,152
        // parameters per token, 2 FLOP each, for the 8 ranks' 8,000 tokens over 8 GPUs; they run
        // at the expert fraction, the rest at the prefill one.
        const Scenario s = scenario(mixtral8x7b());
        Workload w;
        w.inputTokens = 1000;
        const StepTerms t = stepTerms(s, kNvlink, {1, 1, 8, 8, 1}, w);
        QCOMPARE(t.firstExperts * s.gpu.peakBf16, 2.0 * 8000 * 11'274'289'152.0 / 8);
        QVERIFY(t.firstExperts < t.firstCompute);
        EngineConstants c;
        c.prefillFraction = 0.5;
        c.expertPrefillFraction = 0.25;
        const double prefill = (t.firstCompute - t.firstExperts) / 0.5 + t.firstExperts / 0.25;
        QVERIFY(prefill > t.firstMemory);
        QVERIFY(qAbs(calibratedFirstTokenSeconds(t, c) - (prefill + calibratedStepSeconds(t, c))) <
                1e-12);
        // A dense model has none.
        QCOMPARE(stepTerms(scenario(llama8b()), kNvlink, {}, w).firstExperts, 0.0);
    }

    void planForLongContext()
    {
        // Llama 3.1 70B at 10^6 tokens on H100s: TP 8, as cost-model.md section 5 has it.
        const PlanFit llama = fitPlan(scenario(llama70b()), kNvlink);
        QVERIFY(llama.fits);
        QCOMPARE(llama.plan, (ParallelPlan{8, 1, 1, 1, 1}));

        // DeepSeek-V3: TP cannot split the latent, so the million tokens go to context-parallel
        // ranks, not to a TP degree of 128.
        const Scenario ds = scenario(deepseekV3());
        const PlanFit fit = fitPlan(ds, kNvlink);
        QVERIFY(fit.fits);
        QVERIFY(fit.plan.tp <= 8);
        QVERIFY(fit.plan.cp > 1);
        const QString reason = fit.reason(PlanWording::of(ds));
        QVERIFY(reason.contains(QStringLiteral("MLA latent")));
        QVERIFY(reason.contains(QStringLiteral("context parallel")));
        QVERIFY(gpuLoad(ds, fit.plan, 1, ds.context).bytesHeld() <= ds.gpu.memoryBytes);
        ParallelPlan fewer = fit.plan;
        --fewer.cp;
        QVERIFY(gpuLoad(ds, fewer, 1, ds.context).bytesHeld() > ds.gpu.memoryBytes);
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
