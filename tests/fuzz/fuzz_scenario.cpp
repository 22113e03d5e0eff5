// libFuzzer entry: any bytes into the .kvledger scenario reader. Whatever it accepts must
// validate, write and read back to the same scenario and the same bytes, and give a ledger of
// finite, non-negative figures (also at the measured bandwidth the file may carry).
// No QCoreApplication: the reader and the ledger need no event loop.
#include "fuzz_checks.h"
#include "measured_bandwidth.h"
#include "scenario_file.h"

#include <cstddef>
#include <cstdint>

using kvl::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // fromRawData: no copy, so reads past the input are caught by ASan.
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto s = kvl::readScenario(bytes, &error);
    if (!s) {
        require(!error.isEmpty(), "a refused scenario says why");
        return 0;
    }
    require(s->validate().isEmpty(), "an accepted scenario validates", s->validate());

    const QByteArray written = kvl::writeScenario(*s);
    const auto back = kvl::readScenario(written, &error);
    require(back.has_value(), "a written scenario reads back", error);
    require(*back == *s, "a written scenario reads back equal", QString::fromUtf8(written));
    require(kvl::writeScenario(*back) == written, "a second write gives the same bytes",
            QString::fromUtf8(written));

    kvl::fuzz::requireSaneLedger(*s);
    if (s->measured)
        kvl::fuzz::requireSaneLedger(kvl::atMeasuredBandwidth(*s));
    return 0;
}
