// The streaming-read probe's helpers and host path; CUDA checks skip without a device.

#include "bandwidth_probe.h"
#include "memory_budget_cases.h"
#include "read_walk.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <numeric>
#include <random>
#include <thread>

using namespace kvl::gpu;

namespace {

constexpr quint64 MiB = quint64(1) << 20;
constexpr quint64 GiB = quint64(1) << 30;

MeasureRequest smallHostRequest()
{
    MeasureRequest request;
    request.device = "host";
    request.bytes = 16 * MiB;
    request.samples = 5;
    request.warmups = 1;
    request.minSampleSeconds = 0.01;
    return request;
}

} // namespace

class TestHostProbe : public QObject
{
    Q_OBJECT

private slots:
    void expectedChecksum_data();
    void expectedChecksum();
    void defaultBufferBytes_data();
    void defaultBufferBytes();
    void memoryBudget_data();
    void memoryBudget();
    void memoryValues_data();
    void memoryValues();
    void cgroupDirectories_data();
    void cgroupDirectories();
    void gridBlocks_data();
    void gridBlocks();
    void logSpacedSizes();
    void passRotation_data();
    void passRotation();
    void kernelWalk_data();
    void kernelWalk();
    void kernelWalkRandomShapes();
    void wrappedWalkTurnsTheBuffer();
    void parseDevice_data();
    void parseDevice();
    void measuresHost();
    void progressIsMonotonic();
    void cancelIsQuick_data();
    void cancelIsQuick();
    void belowCacheIsFlagged();
    void wrongChecksumIsReported();
    void badRequestsAreErrors();
    void noCudaDeviceGivesReason();
    void measuresCudaDevice();
};

void TestHostProbe::expectedChecksum_data()
{
    QTest::addColumn<quint64>("first");
    QTest::addColumn<quint64>("count");
    QTest::addRow("empty") << quint64(0) << quint64(0);
    QTest::addRow("one") << quint64(0) << quint64(1);
    QTest::addRow("odd count") << quint64(5) << quint64(1001);
    QTest::addRow("even count") << quint64(7) << quint64(4096);
    QTest::addRow("across 2^32") << (quint64(1) << 32) - 3 << quint64(10);
    QTest::addRow("beyond 2^33") << (quint64(1) << 33) << quint64(7);
}

void TestHostProbe::expectedChecksum()
{
    QFETCH(quint64, first);
    QFETCH(quint64, count);
    uint32_t sum = 0;
    for (quint64 i = first; i < first + count; ++i)
        sum += patternValue(i);
    QCOMPARE(kvl::gpu::expectedChecksum(first, count), sum);
}

void TestHostProbe::defaultBufferBytes_data()
{
    QTest::addColumn<quint64>("cache");
    QTest::addColumn<quint64>("free");
    QTest::addColumn<quint64>("floor");
    QTest::addColumn<quint64>("expected");
    QTest::addRow("H200 L2") << 50 * MiB << 140 * GiB << 4 * GiB << 4 * GiB;
    QTest::addRow("VM 480 MiB L3") << 480 * MiB << 20 * GiB << GiB << 2 * GiB;
    QTest::addRow("free unknown") << 320 * MiB << quint64(0) << GiB << 2 * GiB;
    QTest::addRow("bounded by free") << GiB << 3 * GiB << GiB << quint64(3 * GiB / 2);
    QTest::addRow("tiny") << quint64(0) << quint64(100) << quint64(0) << quint64(kBufferAlign);
}

void TestHostProbe::defaultBufferBytes()
{
    QFETCH(quint64, cache);
    QFETCH(quint64, free);
    QFETCH(quint64, floor);
    QFETCH(quint64, expected);
    const quint64 bytes = kvl::gpu::defaultBufferBytes(cache, free, floor);
    QCOMPARE(bytes, expected);
    QCOMPARE(bytes % kBufferAlign, quint64(0));
}

// The cgroup layouts of memory_budget_cases.h: the tightest level wins, inactive page cache is not
// counted, "max" and v1's unlimited are no limit; the default buffer takes half of what is left.
void TestHostProbe::memoryBudget_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<quint64>("limit");
    QTest::addColumn<quint64>("inUse");
    QTest::addColumn<quint64>("usable");
    const auto cases = test::budgetCases();
    for (size_t i = 0; i < cases.size(); ++i)
        QTest::addRow("%s", cases[i].name) << int(i) << quint64(cases[i].limit)
                                           << quint64(cases[i].inUse) << quint64(cases[i].usable);
}

void TestHostProbe::memoryBudget()
{
    QFETCH(int, index);
    QFETCH(quint64, limit);
    QFETCH(quint64, inUse);
    QFETCH(quint64, usable);
    const detail::MemoryBudget budget = test::budgetFrom(test::budgetCases()[size_t(index)].files);
    QCOMPARE(budget.limit, limit);
    QCOMPARE(budget.inUse, inUse);
    QCOMPARE(budget.usable(), usable);
    if (usable > 0)
        QVERIFY(kvl::gpu::defaultBufferBytes(32 * MiB, usable, 2 * GiB) <=
                std::max<quint64>(usable / 2, kBufferAlign));
    if (limit > 0)
        QVERIFY(QString::fromStdString(detail::budgetText(budget))
                    .contains(QStringLiteral("cgroup limit ")));
}

void TestHostProbe::memoryValues_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("limited");
    QTest::addColumn<quint64>("bytes");
    QTest::addRow("bytes") << QStringLiteral("536870912\n") << true << quint64(512 * MiB);
    QTest::addRow("spaces") << QStringLiteral("  4096 ") << true << quint64(4096);
    QTest::addRow("v2 max") << QStringLiteral("max\n") << false << quint64(0);
    QTest::addRow("v1 unlimited") << QString::fromLatin1(test::kV1Unlimited) << false << quint64(0);
    QTest::addRow("empty") << QString() << false << quint64(0);
    QTest::addRow("garbage") << QStringLiteral("12a") << false << quint64(0);
    QTest::addRow("negative") << QStringLiteral("-1") << false << quint64(0);
}

void TestHostProbe::memoryValues()
{
    QFETCH(QString, text);
    QFETCH(bool, limited);
    QFETCH(quint64, bytes);
    const auto value = detail::parseMemoryValue(text.toStdString());
    QCOMPARE(value.has_value(), limited);
    if (value)
        QCOMPARE(*value, bytes);
}

void TestHostProbe::cgroupDirectories_data()
{
    QTest::addColumn<QString>("mountPoint");
    QTest::addColumn<QString>("root");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("expected");
    const QString v2 = QStringLiteral("/sys/fs/cgroup");
    const QString v1 = QStringLiteral("/sys/fs/cgroup/memory");
    QTest::addRow("nested") << v2 << "/"
                            << "/a/b" << QStringList{v2 + "/a/b", v2 + "/a", v2};
    QTest::addRow("own namespace") << v2 << "/"
                                   << "/" << QStringList{v2};
    QTest::addRow("below the mount's root") << v1 << "/docker/x"
                                            << "/docker/x/job" << QStringList{v1 + "/job", v1};
    QTest::addRow("outside the mount's root") << v1 << "/docker/x"
                                              << "/docker/xy" << QStringList{v1};
    QTest::addRow("trailing slash") << v2 + "/"
                                    << "/"
                                    << "/a/" << QStringList{v2 + "/a", v2};
}

void TestHostProbe::cgroupDirectories()
{
    QFETCH(QString, mountPoint);
    QFETCH(QString, root);
    QFETCH(QString, path);
    QFETCH(QStringList, expected);
    QStringList dirs;
    for (const std::string &dir : detail::cgroupDirectories(
             detail::CgroupMount{mountPoint.toStdString(), root.toStdString()}, path.toStdString()))
        dirs << QString::fromStdString(dir);
    QCOMPARE(dirs, expected);
}

void TestHostProbe::gridBlocks_data()
{
    QTest::addColumn<int>("sms");
    QTest::addColumn<int>("resident");
    QTest::addColumn<quint64>("vectors");
    QTest::addColumn<int>("expected");
    QTest::addRow("big buffer") << 132 << 8 << ~quint64(0) << 1056;
    QTest::addRow("1 MiB") << 132 << 8 << quint64(65536) << 256;
    QTest::addRow("one vector") << 132 << 8 << quint64(1) << 1;
    QTest::addRow("no occupancy") << 0 << 0 << quint64(1000) << 1;
}

void TestHostProbe::gridBlocks()
{
    QFETCH(int, sms);
    QFETCH(int, resident);
    QFETCH(quint64, vectors);
    QFETCH(int, expected);
    QCOMPARE(kvl::gpu::gridBlocks(sms, resident, vectors, 256), expected);
}

void TestHostProbe::logSpacedSizes()
{
    const auto sizes = kvl::gpu::logSpacedSizes(MiB, 4 * GiB, 40);
    QCOMPARE(sizes.size(), size_t(40));
    QCOMPARE(sizes.front(), MiB);
    QCOMPARE(sizes.back(), 4 * GiB);
    for (size_t i = 1; i < sizes.size(); ++i) {
        QVERIFY(sizes[i] > sizes[i - 1]);
        QCOMPARE(sizes[i] % kBufferAlign, quint64(0));
    }
    QCOMPARE(kvl::gpu::logSpacedSizes(4096, 8192, 10).size(), size_t(2));
}

void TestHostProbe::passRotation_data()
{
    QTest::addColumn<int>("grid");
    QTest::addColumn<uint>("expected");
    QTest::addRow("one block") << 1 << 0u;
    QTest::addRow("two") << 2 << 1u;
    QTest::addRow("six") << 6 << 5u;
    QTest::addRow("H100 132 SMs x 1") << 132 << 67u;
    QTest::addRow("132 SMs x 8") << 1056 << 529u;
}

void TestHostProbe::passRotation()
{
    QFETCH(int, grid);
    QFETCH(uint, expected);
    const uint32_t rotate = kvl::gpu::passRotation(grid);
    QCOMPARE(rotate, expected);
    // Over `grid` passes the turn visits every block's share once.
    QList<int> seen(grid, 0);
    for (int pass = 0; pass < grid; ++pass)
        ++seen[int(uint64_t(pass) * rotate % uint64_t(grid))];
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

void TestHostProbe::kernelWalk_data()
{
    QTest::addColumn<int>("grid");
    QTest::addColumn<int>("blockThreads");
    QTest::addColumn<quint64>("vectors");
    QTest::addColumn<uint>("passes");
    QTest::addRow("one thread, one vector") << 1 << 1 << quint64(1) << 1u;
    QTest::addRow("fewer vectors than threads") << 4 << 8 << quint64(31) << 2u;
    QTest::addRow("tail loop only") << 3 << 4 << quint64(12 * kReadUnroll - 1) << 3u;
    QTest::addRow("unrolled, no tail") << 7 << 16 << quint64(7 * 16 * kReadUnroll * 2) << 5u;
    QTest::addRow("unrolled and tail") << 5 << 32 << quint64(5 * 32 * kReadUnroll * 3 + 17) << 3u;
    QTest::addRow("132 blocks") << 132 << 32 << quint64(132 * 32 * kReadUnroll + 5) << 1u;
    QTest::addRow("wrapped, stride above the buffer") << 8 << 16 << quint64(50) << 7u;
    QTest::addRow("wrapped, one vector") << 3 << 4 << quint64(1) << 9u;
    // What the device runs for a one-page buffer on 132 SMs: a full grid, 4095 passes.
    QTest::addRow("wrapped, one page, full grid") << 132 * 5 << 256 << quint64(256) << 4095u;
}

// The CUDA kernel's walk, run on the CPU: every vector read once per pass, and the block sums add
// up to the closed form the host checks the device against.
void TestHostProbe::kernelWalk()
{
    QFETCH(int, grid);
    QFETCH(int, blockThreads);
    QFETCH(quint64, vectors);
    QFETCH(uint, passes);
    const ReadWalkCheck walk = simulateReadKernel(grid, blockThreads, vectors, passes);
    QVERIFY(walk.eachVectorOncePerPass);
    QCOMPARE(walk.checksum, passes * kvl::gpu::expectedChecksum(4 * vectors));
}

// Many shapes, from a fixed seed: every vector read once per pass, the checksum in closed form.
void TestHostProbe::kernelWalkRandomShapes()
{
    std::mt19937 random(20261129);
    const auto draw = [&random](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(random);
    };
    for (int shape = 0; shape < 300; ++shape) {
        const int grid = draw(1, 40);
        const int blockThreads = draw(1, 64);
        const quint64 vectors = quint64(draw(1, 3000));
        const uint32_t passes = uint32_t(draw(1, 12));
        const ReadWalkCheck walk = simulateReadKernel(grid, blockThreads, vectors, passes);
        QVERIFY2(walk.eachVectorOncePerPass &&
                     walk.checksum == passes * kvl::gpu::expectedChecksum(4 * vectors),
                 qPrintable(QStringLiteral("grid %1, %2 threads, %3 vectors, %4 passes")
                                .arg(grid)
                                .arg(blockThreads)
                                .arg(vectors)
                                .arg(passes)));
    }
}

// A buffer that is a whole number of grid strides: without the turn between passes every block
// would re-read its own share each pass, from its SM's L1.
void TestHostProbe::wrappedWalkTurnsTheBuffer()
{
    const int grid = 4;
    const int blockThreads = 8;
    const quint64 vectors = 3 * grid * blockThreads;
    const uint32_t passes = 5;
    const ReadWalkCheck turned = simulateReadKernel(grid, blockThreads, vectors, passes);
    QVERIFY(turned.eachVectorOncePerPass);
    QCOMPARE(turned.mostReadsByOneBlock, 2u); // passes 0 and 4 of the 4-block cycle
    const ReadWalkCheck still = simulateReadKernel(grid, blockThreads, vectors, passes, 0);
    QVERIFY(still.eachVectorOncePerPass);
    QCOMPARE(still.mostReadsByOneBlock, passes);
}

void TestHostProbe::parseDevice_data()
{
    using Kind = DeviceSpec::Kind;
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QList<int>>("indices");
    QTest::addRow("host") << QStringLiteral("host") << true << int(Kind::Host) << QList<int>{};
    QTest::addRow("all") << QStringLiteral("all") << true << int(Kind::AllCuda) << QList<int>{};
    QTest::addRow("cuda:3") << QStringLiteral("cuda:3") << true << int(Kind::Cuda) << QList<int>{3};
    QTest::addRow("a chosen set") << QStringLiteral("cuda:2,0") << true << int(Kind::Cuda)
                                  << QList<int>{2, 0};
    for (const char *bad : {"cuda:", "cuda:-1", "cuda:1x", "gpu", "HOST", "cuda:0,0", "cuda:0,",
                            "cuda:,1", "cuda:0;1"})
        QTest::addRow("%s", bad) << QString::fromLatin1(bad) << false << 0 << QList<int>{};
}

void TestHostProbe::parseDevice()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QFETCH(int, kind);
    QFETCH(QList<int>, indices);
    const auto spec = kvl::gpu::parseDevice(text.toStdString());
    QCOMPARE(spec.has_value(), valid);
    if (spec) {
        QCOMPARE(int(spec->kind), kind);
        QCOMPARE(QList<int>(spec->indices.begin(), spec->indices.end()), indices);
    }
}

void TestHostProbe::measuresHost()
{
    const auto result = measure(smallHostRequest());
    QVERIFY2(result.ok(), result.error.c_str());
    const Measurement &m = *result.value;
    QCOMPARE(m.device, std::string("host"));
    QVERIFY(m.checksumOk);
    QCOMPARE(m.samples, 5);
    QVERIFY(m.medianGBps > 0.1);
    QVERIFY(m.bestGBps >= m.medianGBps);
    QVERIFY(m.bytesCounted >= 5 * m.bytes);
}

void TestHostProbe::progressIsMonotonic()
{
    std::vector<double> seen;
    const auto result = measure(smallHostRequest(), [&](double f) { seen.push_back(f); });
    QVERIFY(result.ok());
    QVERIFY(!seen.empty());
    for (size_t i = 1; i < seen.size(); ++i)
        QVERIFY(seen[i] >= seen[i - 1]);
    QCOMPARE(seen.back(), 1.0);
}

void TestHostProbe::cancelIsQuick_data()
{
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<int>("afterMs");
    QTest::addRow("64 MiB, sampling") << 64 * MiB << 300;
    // The default buffer (2 GiB or more): while it is being filled, then while it is sampled. The
    // buffer is unmapped before the call returns.
    QTest::addRow("default, filling") << quint64(0) << 50;
    QTest::addRow("default, sampling") << quint64(0) << 2500;
}

void TestHostProbe::cancelIsQuick()
{
    QFETCH(quint64, bytes);
    QFETCH(int, afterMs);
    MeasureRequest request = smallHostRequest();
    request.bytes = bytes;
    request.samples = 10000;
    request.minSampleSeconds = 0.5;
    std::atomic<bool> cancel{false};
    std::optional<Result<Measurement>> result;
    std::chrono::steady_clock::time_point returned;
    std::thread worker([&] {
        result.emplace(measure(request, {}, &cancel));
        returned = std::chrono::steady_clock::now();
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(afterMs));
    const auto asked = std::chrono::steady_clock::now();
    cancel.store(true);
    worker.join();
    QVERIFY(result && !result->ok() && result->cancelled);
    const auto ms = std::chrono::duration<double, std::milli>(returned - asked).count();
    qInfo("cancel honoured after %.1f ms", ms);
    // The latency is printed (typically 40-250 ms here); the check only catches a cancel that is
    // not honoured, with room for a loaded two-core CI machine.
    QVERIFY2(ms < 2000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
}

void TestHostProbe::belowCacheIsFlagged()
{
    const auto result = measure(smallHostRequest());
    QVERIFY(result.ok());
    QCOMPARE(result.value->belowCache, belowCache(16 * MiB, hostDevice().l2Bytes));
    QVERIFY(belowCache(100 * MiB, 32 * MiB));
    QVERIFY(!belowCache(128 * MiB, 32 * MiB));
}

void TestHostProbe::wrongChecksumIsReported()
{
    qputenv("KVL_PROBE_FAULT", "checksum");
    const auto result = measure(smallHostRequest());
    qunsetenv("KVL_PROBE_FAULT");
    QVERIFY(result.ok());
    QVERIFY(!result.value->checksumOk);
}

void TestHostProbe::badRequestsAreErrors()
{
    MeasureRequest request = smallHostRequest();
    request.samples = 0;
    QVERIFY(!measure(request).ok());
    request = smallHostRequest();
    request.device = "gpu0";
    QVERIFY(!measure(request).error.empty());
    request = smallHostRequest();
    request.bytes = quint64(1) << 50;
    const auto huge = measure(request);
    QVERIFY(!huge.ok());
    QVERIFY2(QString::fromStdString(huge.error)
                 .contains(QStringLiteral("does not fit in the memory this process may use")),
             huge.error.c_str());
    request = smallHostRequest();
    request.threads = kMaxThreads + 1;
    QVERIFY(!measure(request).ok());
}

void TestHostProbe::noCudaDeviceGivesReason()
{
    const DeviceList list = cudaDevices();
    if (!list.devices.empty())
        QSKIP("a CUDA device is present");
    QVERIFY(!list.reason.empty());
    if (!cudaBuilt())
        QVERIFY(list.reason.rfind("built without CUDA", 0) == 0);
    MeasureRequest request = smallHostRequest();
    request.device = "cuda:0";
    const auto result = measure(request);
    QVERIFY(!result.ok());
    QVERIFY(!result.error.empty());
}

void TestHostProbe::measuresCudaDevice()
{
    if (cudaDevices().devices.empty())
        QSKIP("no CUDA device");
    MeasureRequest request;
    request.device = "cuda:0";
    request.bytes = 256 * MiB;
    request.samples = 5;
    const auto result = measure(request);
    QVERIFY2(result.ok(), result.error.c_str());
    QVERIFY(result.value->checksumOk);
    QVERIFY(result.value->medianGBps > 10);
}

QTEST_GUILESS_MAIN(TestHostProbe)
#include "tst_host_probe.moc"
