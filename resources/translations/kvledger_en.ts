<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>HfText</name>
    <message numerus="yes">
        <source>%1: %n multi-token-prediction layer(s), their weights counted; their cache only with speculative decoding on</source>
        <translation>
            <numerusform>%1: %n multi-token-prediction layer, its weights counted; its cache only with speculative decoding on</numerusform>
            <numerusform>%1: %n multi-token-prediction layers, their weights counted; their cache only with speculative decoding on</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProbeFailure</name>
    <message numerus="yes">
        <source>The probe gave no sign of life for %n second(s) and was stopped: it hung, as a GPU driver fault can make it.</source>
        <translation>
            <numerusform>The probe gave no sign of life for %n second and was stopped: it hung, as a GPU driver fault can make it.</numerusform>
            <numerusform>The probe gave no sign of life for %n seconds and was stopped: it hung, as a GPU driver fault can make it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StrategyText</name>
    <message numerus="yes">
        <source>%n stored key(s) per block</source>
        <translation>
            <numerusform>%n stored key per block</numerusform>
            <numerusform>%n stored keys per block</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kvl::GpuPanel</name>
    <message numerus="yes">
        <source>Host memory, %n thread(s); last-level cache %1.</source>
        <translation>
            <numerusform>Host memory, %n thread; last-level cache %1.</numerusform>
            <numerusform>Host memory, %n threads; last-level cache %1.</numerusform>
        </translation>
    </message>
</context>
</TS>
