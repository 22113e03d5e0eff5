// libFuzzer entry: any bytes as a user's preset file (models/*.json and gpus/*.json), read as
// the preset library reads them. An accepted model or GPU must read back from its JSON form
// unchanged and, put in the seed scenario, give a ledger of finite, non-negative figures.
// No QCoreApplication: the bundled presets are compiled-in resources, read without one.
#include "fuzz_checks.h"
#include "presets.h"

#include <cstddef>
#include <cstdint>

using kvl::fuzz::require;

namespace {

// The seed, and a spread one: 8-way tensor parallel (KV heads replicated past one per GPU),
// a batch, and every part of the weights as stored.
void requireSaneLedgers(const kvl::Scenario &s)
{
    kvl::fuzz::requireSaneLedger(s);
    kvl::Scenario spread = s;
    spread.gpus = 8;
    spread.batch = 16;
    spread.weightsAsStored = true;
    kvl::fuzz::requireSaneLedger(spread);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const kvl::Scenario seed = kvl::Scenario::seed();
    // Without the compiled-in presets the seed has no model and every ledger would be zero.
    require(seed.validate().isEmpty(), "the seed scenario is valid", seed.validate());
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));

    QString error;
    if (const auto m = kvl::readModelPreset(bytes, &error)) {
        require(m->validate().isEmpty(), "an accepted model validates", m->validate());
        const auto back = kvl::modelFromJson(kvl::modelToJson(*m), &error);
        require(back && *back == *m, "a model reads back from its JSON unchanged", error);
        kvl::Scenario s = seed;
        s.model = *m;
        requireSaneLedgers(s);
    } else {
        require(!error.isEmpty(), "a refused model preset says why");
    }

    error.clear();
    if (const auto g = kvl::readGpuPreset(bytes, &error)) {
        require(g->validate().isEmpty(), "an accepted GPU validates", g->validate());
        const auto back = kvl::gpuFromJson(kvl::gpuToJson(*g), &error);
        require(back && *back == *g, "a GPU reads back from its JSON unchanged", error);
        kvl::Scenario s = seed;
        s.gpu = *g;
        requireSaneLedgers(s);
    } else {
        require(!error.isEmpty(), "a refused GPU preset says why");
    }
    return 0;
}
