#include "pages.h"

#include "cost_page.h"
#include "reality_page.h"
#include "serving_views.h"
#include "tradeoff_views.h"

#include <QCoreApplication>

namespace kvl {

namespace {

// The titles keep the context they were translated in.
constexpr char kContext[] = "kvl::MainWindow";

const QStringList kCostHeadline = {QStringLiteral("kv_bytes_per_token"), QStringLiteral("kv_bytes"),
                                   QStringLiteral("gpus_to_fit"),
                                   QStringLiteral("seconds_per_token")};
const QStringList kTradeoffHeadline = {
    QStringLiteral("kv_bytes"), QStringLiteral("kv_seconds_per_token"),
    QStringLiteral("seconds_per_token"), QStringLiteral("tokens_per_second")};
const QStringList kServingHeadline = {
    QStringLiteral("seconds_per_token"), QStringLiteral("tokens_per_second"),
    QStringLiteral("cost_per_million_output_tokens"), QStringLiteral("gpus_to_fit")};

} // namespace

QString PageInfo::translatedTitle() const
{
    return QCoreApplication::translate(kContext, title);
}

QString PageInfo::translatedToolTip() const
{
    return QCoreApplication::translate(kContext, toolTip);
}

const QList<PageInfo> &pageInfos()
{
    static const QList<PageInfo> pages = {
        {QStringLiteral("cost"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Cost"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Memory, time per token, GQA and precision"),
         kCostHeadline,
         {{QStringLiteral("memory"), QStringLiteral("latency")},
          {QStringLiteral("gqa"), QStringLiteral("precision")}},
         &costPage,
         false},
        {QStringLiteral("strategies"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "KV strategies"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Quantize, window, evict or read sparsely: what "
                                              "each holds, reads and loses"),
         kTradeoffHeadline,
         {{QStringLiteral("strategies")}, {QStringLiteral("strategy-latency")}},
         &strategiesPage},
        {QStringLiteral("roofline"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Roofline"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Where decode sits below the GPU's ridge point"),
         {QStringLiteral("arithmetic_intensity"), QStringLiteral("kv_seconds_per_token"),
          QStringLiteral("seconds_per_token"), QStringLiteral("tokens_per_second")},
         {{QStringLiteral("roofline")}},
         &rooflinePage},
        {QStringLiteral("mass"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Attention mass"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Measure first: how much attention mass the top "
                                              "1% of KV blocks holds, per layer"),
         kTradeoffHeadline,
         {{QStringLiteral("mass-top")}, {QStringLiteral("mass-curve")}},
         &massPage},
        {QStringLiteral("capacity"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Capacity"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Capacity as vLLM computes it, latency against "
                                              "throughput, measured against predicted"),
         kServingHeadline,
         {{QStringLiteral("throughput-latency")}},
         &capacityPage},
        {QStringLiteral("token-cost"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Token cost"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "What a million output tokens cost against the "
                                              "batch and the context"),
         kServingHeadline,
         {{QStringLiteral("cost-batch")}, {QStringLiteral("cost-context")}},
         &tokenCostPage},
        {QStringLiteral("session"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Session"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "An agent session turn by turn: prefill, answers "
                                              "and cost, prefix cache on and off"),
         kServingHeadline,
         {{QStringLiteral("session")}},
         &sessionPage},
        {QStringLiteral("reality"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "Reality"),
         QT_TRANSLATE_NOOP("kvl::MainWindow", "How far real engines are from the model: "
                                              "measured serving runs against their calibrated "
                                              "prediction"),
         kServingHeadline,
         {{QStringLiteral("reality")}},
         &realityPage},
    };
    return pages;
}

QStringList pageIds()
{
    QStringList ids;
    for (const PageInfo &p : pageInfos())
        ids << p.id;
    return ids;
}

const PageInfo *pageInfo(const QString &id)
{
    for (const PageInfo &p : pageInfos())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace kvl
