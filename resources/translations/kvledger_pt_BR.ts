<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ChartExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV Ledger chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2: %3, %4 each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV %1, weights %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usable memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size %1 × %2 is outside 16-20000 pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 dpi is outside 24-2400</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 at %3 dpi leaves too little room for a chart; use more pixels or fewer dpi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PDF writer could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder could not be created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV Ledger report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV Ledger: %1 at %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LedgerStrings</name>
    <message>
        <source> (window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 × %3, context %4 tokens, KV %5, weights %6

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 = K and V; %1 KV at %2 bits per element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MHA equivalent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KV heads instead of %2: GQA saves %3×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MQA equivalent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one KV head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache at the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens × batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters × %2 B (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights + KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2 usable per %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per GPU, TP over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; KV heads replicated (%1 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights + KV streamed at %1 per GPU; memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-bound at %1 per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV streaming alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per GPU / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per sequence; %1 for the batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A %1-token answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of it streaming KV; the cache grows while it answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every token from 0 to %1: quadratic in length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode attention intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× below the ridge point (%2 FLOP/B); MHA: %3 FLOP/B</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::AttentionChart</name>
    <message>
        <source>KV cache by attention kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MHA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MHA, %1 KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GQA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GQA, %1 KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MQA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MQA, 1 KV head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLA, latent %1 + %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (this model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache at the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 saves %2× KV vs MHA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MHA model: MQA would save %1× KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::ControlsPanel</name>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bytes per element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read layers, heads, head dim, windows and MLA from a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A published model: its shape fills every term of the formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU&apos;s memory sets how many are needed to fit; its bandwidth sets the time per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2 × layers × KV heads × head dim × bytes per element</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The “layers” term of %1: every layer caches its own K and V for every token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Query heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a term of %1, but the KV heads must divide the query heads. With as many KV heads as query heads the model is MHA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The “KV heads” term of %1. 1 = MQA, as many as the query heads = MHA, GQA in between: the query heads of a group share one K and V.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The “head dim” term of %1: elements of one head&apos;s K (and of its V).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K&amp;V precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The “bytes per element” term of %1: fp16 = 2, fp8 = 1, int4 with one fp16 scale per 32 values = 0.5625.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Weight precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in %1: the bytes of the weights, which every decode step also reads once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Context length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiplies %1: the cache holds every token, and each decoded token reads all of them. Type 128k, 1M, 128Ki or 1Mi.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>G&amp;PUs (tensor parallel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Splits the weights and the KV heads N ways; a GPU holds at least one KV head, so past that the heads are replicated. Each GPU streams its share in parallel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Batch (sequences)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concurrent sequences: each has its own cache, so %1 × context is paid per sequence; the weights are read once per step for all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth &amp;efficiency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Achieved / datasheet bandwidth; divides the time per token. 100% is the physical floor the seed article uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom (edited)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::ExportDialog</name>
    <message>
        <source>Export Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG (text stays text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (text stays text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV of the series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> dpi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save to:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::GpuPanel</name>
    <message>
        <source>Measurement failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; nothing was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Host memory, %n thread(s); last-level cache %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No GPU measured: %1. The host probe still shows that reading bytes costs time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 SMs, %2 memory (%3 free), L2 %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory clock × bus width: %1 theoretical.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweeping buffer sizes on %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checksum did not match the fill pattern: the loads did not return the data, so no bandwidth is reported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: median %2, best %3 over %4%5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (smaller than 4× the cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The measurement is %1× the datasheet of %2: it cannot be a bandwidth of that GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use measured bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Buffer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Per sample:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic (≥ 4× cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer to stream; at least 4× the cache, or the cache answers instead of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>automatic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stream the buffer repeatedly and time it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;weep sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure from 1 MiB up: the cache plateau, then the memory plateau</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use measured bandwidth in the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sets the efficiency to measured / datasheet bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer size (bytes, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read bandwidth (GB/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bandwidth against buffer size</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::GroupedBarChart</name>
    <message>
        <source>Share of %1 (%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::LatencyChart</name>
    <message>
        <source>KV term only (dotted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token vs context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length (tokens, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per second (one sequence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2 tokens
%3 per token, %4 tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2 tokens
KV term only: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::LedgerChart</name>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::LedgerView</name>
    <message>
        <source>&amp;Units:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SI (kB, MB, GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary (KiB, MiB, GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Datasheets use SI: 1 GB = 10^9 B. KiB, MiB and GiB are powers of 1024. The seed&apos;s “320 KB” per token is 320 KiB.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::MainWindow</name>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About KV Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;KV Ledger %1&lt;/h3&gt;&lt;p&gt;Why long-context decoding is bound by memory bandwidth: every decoded token reads the whole KV cache.&lt;/p&gt;&lt;p&gt;Every figure comes from the cost model in core/, checked by tests against the seed article and the datasheets.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import config.json…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Chart…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One chart as PNG, SVG, PDF or CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;All…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every chart and the ledger into a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF &amp;Report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario, the ledger and every chart, one per page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Ledger as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the focused chart as an image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset to the Seed Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1 70B, 1M tokens, fp16, one H100 SXM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full screen, large type, thick lines (F11)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guided &amp;Tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed article step by step (F1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About KV Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SI Units (GB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary Units (GiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guided Tour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not opened: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot import config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not imported: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV Ledger scenarios (*.kvledger);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV Ledger scenarios (*.kvledger)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configs (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to the seed scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Every Chart and the Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported every chart and the ledger to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the %1 chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Measurements as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU panel&apos;s bandwidth results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU Bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; %2% of the %3 datasheet (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token: datasheet vs measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV alone: %1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Measurements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::MeasurementModel</name>
    <message>
        <source>Smaller than 4× the cache: partly a cache measurement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WRONG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checksum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::MemoryChart</name>
    <message>
        <source>Context length (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens
Weights %2 + KV %3 = %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory vs context length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(TP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no valid TP degree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 usable each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::PrecisionChart</name>
    <message>
        <source>KV cache precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(TP %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no TP degree)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (this scenario)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs to fit the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KV: %2× fewer bytes than %3 at %4 tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>kvl::TourPanel</name>
    <message>
        <source>Bytes per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each token leaves a key and a value in every layer: 2 × 80 layers × 8 KV heads × 128 dimensions × 2 bytes = 327,680 B, 320 KiB per token of context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MHA vs GQA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Llama 3.1 70B has 64 query heads but only 8 KV heads. Give every query head its own K and V (MHA) and a token costs 2.6 MB: GQA already saved 8× in the design.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A million tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An agent&apos;s working set reaches a million tokens: 10^6 × 327,680 B = 327.68 GB of KV cache, the seed&apos;s “order of 320 GB”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs just to fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add 141 GB of fp16 weights: 469 GB. 80 GB H100s hold it on 6 GPUs, but tensor parallelism must divide the heads, so a deployment uses 8.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95 ms per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every decoded token reads the whole cache. 327.68 GB at 3.35 TB/s is 97.8 ms: about 10 tokens per second at best, before the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eight GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard the cache over 8 GPUs and each streams 41 GB: 12.2 ms per token. But the fleet still moves 328 GB per token, and more as the conversation grows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp8: the safe first step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store K and V in fp8: 160 KiB per token, half the bytes, half the time and half the GPUs, with little quality impact. int4 quarters them, for the desperate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tour: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‹ Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous step (Alt+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (Alt+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the tour (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
