// libFuzzer entry: any bytes into the .kvledger scenario reader. Whatever it accepts (the
// scenario, a pinned baseline, what the window showed) must validate, write and read back to the
// same document and the same bytes, and give ledgers of finite, non-negative figures (also at
// the measured bandwidth a scenario may carry) and a comparison of the two.
// No QCoreApplication: the reader and the ledger need no event loop.
#include "fuzz_checks.h"
#include "measured_bandwidth.h"
#include "scenario_compare.h"
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
    const auto d = kvl::readScenarioDocument(bytes, &error);
    if (!d) {
        require(!error.isEmpty(), "a refused scenario says why");
        return 0;
    }
    const kvl::Scenario &s = d->scenario;
    require(s.validate().isEmpty(), "an accepted scenario validates", s.validate());
    require(!d->baseline || d->baseline->validate().isEmpty(), "an accepted baseline validates");

    const QByteArray written = kvl::writeScenarioDocument(*d);
    const auto back = kvl::readScenarioDocument(written, &error);
    require(back.has_value(), "a written scenario reads back", error);
    require(*back == *d, "a written scenario reads back equal", QString::fromUtf8(written));
    require(kvl::writeScenarioDocument(*back) == written, "a second write gives the same bytes",
            QString::fromUtf8(written));

    for (const std::optional<kvl::Scenario> &one : {std::optional(s), d->baseline}) {
        if (!one)
            continue;
        kvl::fuzz::requireSaneLedger(*one);
        if (one->measured)
            kvl::fuzz::requireSaneLedger(kvl::atMeasuredBandwidth(*one));
    }
    if (d->baseline) {
        const kvl::Comparison c = kvl::compareScenarios(*d->baseline, s);
        for (const kvl::InputChange &change : c.changes)
            require(!kvl::compareSentence(change, kvl::ByteUnits::SI).isEmpty(),
                    "every change is worded");
    }
    return 0;
}
