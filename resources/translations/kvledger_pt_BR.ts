<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ChartExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>Não foi possível gravar %1: %2</translation>
    </message>
    <message>
        <source>KV Ledger chart</source>
        <translation>Gráfico do KV Ledger</translation>
    </message>
    <message>
        <source>size %1 × %2 is outside 16-20000 pixels</source>
        <translation>o tamanho %1 × %2 está fora do intervalo de 16-20000 pixels</translation>
    </message>
    <message>
        <source>%1 dpi is outside 24-2400</source>
        <translation>%1 dpi está fora do intervalo de 24-2400</translation>
    </message>
    <message>
        <source>%1 × %2 at %3 dpi leaves too little room for a chart; use more pixels or fewer dpi</source>
        <translation>%1 × %2 a %3 dpi deixa pouco espaço para um gráfico; use mais pixels ou menos dpi</translation>
    </message>
    <message>
        <source>the PDF writer could not start</source>
        <translation>não foi possível iniciar o gerador de PDF</translation>
    </message>
    <message>
        <source>the folder could not be created</source>
        <translation>não foi possível criar a pasta</translation>
    </message>
</context>
<context>
    <name>CompareText</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Camadas</translation>
    </message>
    <message>
        <source>Query heads</source>
        <translation>Query heads</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV heads</translation>
    </message>
    <message>
        <source>Head dim</source>
        <translation>Head dim</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>KV precision</source>
        <translation>Precisão do KV</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>Precisão dos pesos</translation>
    </message>
    <message>
        <source>Weights as stored</source>
        <translation>Pesos como armazenados</translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation>Eficiência de largura de banda</translation>
    </message>
    <message>
        <source>Usable memory fraction</source>
        <translation>Fração utilizável da memória</translation>
    </message>
    <message>
        <source>Compute efficiency</source>
        <translation>Eficiência de computação</translation>
    </message>
    <message>
        <source>GPU-hour price</source>
        <translation>Preço da hora de GPU</translation>
    </message>
    <message>
        <source>Answer length</source>
        <translation>Tamanho da resposta</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>inalterado</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>÷%1</source>
        <translation>÷%1</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>KV cache %1 (%2 → %3)</source>
        <translation>KV cache %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>weights %1 (%2 → %3)</source>
        <translation>pesos %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>GPUs to fit %1 → %2</source>
        <translation>GPUs para caber %1 → %2</translation>
    </message>
    <message>
        <source>time per token %1 (%2 → %3)</source>
        <translation>tempo por token %1 (%2 → %3)</translation>
    </message>
    <message>
        <source>, not %1: the weights&apos; %2 per token are unchanged</source>
        <translation>, não %1: os %2 por token dos pesos não mudam</translation>
    </message>
    <message>
        <source>, now memory-bound</source>
        <translation>, agora limitado por memória</translation>
    </message>
    <message>
        <source>, now compute-bound</source>
        <translation>, agora limitado por computação</translation>
    </message>
    <message>
        <source>cost per million output tokens %1</source>
        <translation>custo por milhão de tokens de saída %1</translation>
    </message>
    <message>
        <source>now fits</source>
        <translation>agora cabe</translation>
    </message>
    <message>
        <source>no longer fits</source>
        <translation>não cabe mais</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1: no figure of the ledger moves</source>
        <translation>%1: nenhum número do livro-caixa muda</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>window %1 on %2/%3 layers</source>
        <translation>janela de %1 em %2/%3 camadas</translation>
    </message>
    <message>
        <source> with 1 sink</source>
        <translation> com 1 sink</translation>
    </message>
    <message>
        <source> with %1 sinks</source>
        <translation> com %1 sinks</translation>
    </message>
    <message>
        <source>chunks of %1 on %2/%3 layers</source>
        <translation>blocos de %1 em %2/%3 camadas</translation>
    </message>
    <message>
        <source>full attention</source>
        <translation>atenção completa</translation>
    </message>
    <message>
        <source>Attention span</source>
        <translation>Alcance da atenção</translation>
    </message>
    <message>
        <source>The model&apos;s other fields</source>
        <translation>Os demais campos do modelo</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>Referência: %1</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>%1 FLOP/B</source>
        <translation>%1 FLOP/B</translation>
    </message>
    <message>
        <source>%1%2 (%3)</source>
        <translation>%1%2 (%3)</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>Decodificação especulativa</translation>
    </message>
</context>
<context>
    <name>FileText</name>
    <message>
        <source>… (%1 more characters)</source>
        <translation>… (mais %1 caracteres)</translation>
    </message>
    <message>
        <source>… (%1 bytes in all)</source>
        <translation>… (%1 bytes ao todo)</translation>
    </message>
    <message>
        <source>%1: %2, not a file; not read</source>
        <translation>%1: %2, não um arquivo; não foi lido</translation>
    </message>
    <message>
        <source>malformed header at byte %1: %2</source>
        <translation>cabeçalho malformado no byte %1: %2</translation>
    </message>
    <message>
        <source>expected &apos;{&apos;</source>
        <translation>esperava &apos;{&apos;</translation>
    </message>
    <message>
        <source>expected a quoted key</source>
        <translation>esperava uma chave entre aspas</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after &apos;%1&apos;</source>
        <translation>esperava &apos;:&apos; depois de &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has a value that is not a string, True/False or a tuple of integers</source>
        <translation>&apos;%1&apos; tem um valor que não é texto, True/False nem uma tupla de inteiros</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos;</source>
        <translation>esperava &apos;,&apos; ou &apos;}&apos;</translation>
    </message>
    <message>
        <source>empty file</source>
        <translation>arquivo vazio</translation>
    </message>
    <message>
        <source>not a .npy file: bad magic (expected \x93NUMPY)</source>
        <translation>não é um arquivo .npy: assinatura inválida (esperava \x93NUMPY)</translation>
    </message>
    <message>
        <source>truncated header: %1 bytes</source>
        <translation>cabeçalho truncado: %1 bytes</translation>
    </message>
    <message>
        <source>unsupported .npy format version %1.%2 (1.0, 2.0 or 3.0)</source>
        <translation>versão %1.%2 do formato .npy não suportada (1.0, 2.0 ou 3.0)</translation>
    </message>
    <message>
        <source>header of %1 is longer than %2</source>
        <translation>cabeçalho de %1 é maior que %2</translation>
    </message>
    <message>
        <source>truncated header: it claims %1, the file holds %2</source>
        <translation>cabeçalho truncado: declara %1, o arquivo tem %2</translation>
    </message>
    <message>
        <source>descr: not a plain dtype string</source>
        <translation>descr: não é um dtype simples</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not supported: float16 (&apos;&lt;f2&apos;) or float32 (&apos;&lt;f4&apos;), little-endian</source>
        <translation>dtype &apos;%1&apos; não é suportado: float16 (&apos;&lt;f2&apos;) ou float32 (&apos;&lt;f4&apos;), little-endian</translation>
    </message>
    <message>
        <source>fortran_order: not True or False</source>
        <translation>fortran_order: não é True nem False</translation>
    </message>
    <message>
        <source>fortran_order is True: only C-order arrays are supported (save np.ascontiguousarray(a))</source>
        <translation>fortran_order é True: só arrays em ordem C são suportados (salve np.ascontiguousarray(a))</translation>
    </message>
    <message>
        <source>shape: not a tuple of integers</source>
        <translation>shape: não é uma tupla de inteiros</translation>
    </message>
    <message>
        <source>header: unexpected key &apos;%1&apos;</source>
        <translation>cabeçalho: chave inesperada &apos;%1&apos;</translation>
    </message>
    <message>
        <source>header: missing &apos;%1&apos;</source>
        <translation>cabeçalho: falta &apos;%1&apos;</translation>
    </message>
    <message>
        <source>empty array: shape %1</source>
        <translation>array vazio: shape %1</translation>
    </message>
    <message>
        <source>truncated data: shape %1 needs %2 of data, the file holds %3</source>
        <translation>dados truncados: o shape %1 precisa de %2 de dados, o arquivo tem %3</translation>
    </message>
    <message>
        <source>more than 2^61 B</source>
        <translation>mais de 2^61 B</translation>
    </message>
    <message>
        <source>shape %1 does not match the file size: %2 of data expected, %3 present</source>
        <translation>o shape %1 não corresponde ao tamanho do arquivo: esperados %2 de dados, presentes %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: group size must be 0 (no scales) or 1-%2</source>
        <translation>&quot;%1&quot;: o tamanho do grupo deve ser 0 (sem escalas) ou 1-%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: scale bits must be 1-64, after a group size (:gN:sB)</source>
        <translation>&quot;%1&quot;: os bits da escala devem ser 1-64, depois de um tamanho de grupo (:gN:sB)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a precision (fp32, fp16, bf16, fp8, int8, int4, fp4; optionally :gN for N values per scale, :sB for B-bit scales)</source>
        <translation>&quot;%1&quot; não é uma precisão (fp32, fp16, bf16, fp8, int8, int4, fp4; opcionalmente :gN para N valores por escala, :sB para escalas de B bits)</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <translation>%1: ausente</translation>
    </message>
    <message>
        <source>%1: expected a number, got %2</source>
        <translation>%1: esperava um número, veio %2</translation>
    </message>
    <message>
        <source>%1: %2 is outside 0-%3</source>
        <translation>%1: %2 está fora de 0-%3</translation>
    </message>
    <message>
        <source>%1: expected true or false, got %2</source>
        <translation>%1: esperava true ou false, veio %2</translation>
    </message>
    <message>
        <source>%1: expected a string, got %2</source>
        <translation>%1: esperava um texto, veio %2</translation>
    </message>
    <message>
        <source>layer_pattern: expected a list such as [&quot;full&quot;], got %1</source>
        <translation>layer_pattern: esperava uma lista como [&quot;full&quot;], veio %1</translation>
    </message>
    <message>
        <source>layer_pattern: needs 1-%1 entries, has %2</source>
        <translation>layer_pattern: precisa de 1-%1 entradas, tem %2</translation>
    </message>
    <message>
        <source>%1, not a file</source>
        <translation>%1, não um arquivo</translation>
    </message>
    <message>
        <source>larger than 1 MiB, not a preset</source>
        <translation>maior que 1 MiB, não é uma predefinição</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>não abre: %1</translation>
    </message>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>não é JSON: %1 na posição %2</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>não é um objeto JSON</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>ausente</translation>
    </message>
    <message>
        <source>expected an integer, got %1</source>
        <translation>esperava um inteiro, veio %1</translation>
    </message>
    <message>
        <source>%1 is not a number</source>
        <translation>%1 não é um número</translation>
    </message>
    <message>
        <source>%1 is not an integer</source>
        <translation>%1 não é um inteiro</translation>
    </message>
    <message>
        <source>%1 is not a positive integer</source>
        <translation>%1 não é um inteiro positivo</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 é negativo</translation>
    </message>
    <message>
        <source>%1 is outside %2-%3</source>
        <translation>%1 está fora de %2-%3</translation>
    </message>
    <message>
        <source>a boolean (true)</source>
        <translation>um booleano (true)</translation>
    </message>
    <message>
        <source>a boolean (false)</source>
        <translation>um booleano (false)</translation>
    </message>
    <message>
        <source>a number (%1)</source>
        <translation>um número (%1)</translation>
    </message>
    <message>
        <source>a string (&quot;%1&quot;)</source>
        <translation>um texto (&quot;%1&quot;)</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>uma lista</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>um objeto</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>first_dense_layers: %1 is more than layers %2</source>
        <translation>first_dense_layers: %1 é mais que as %2 camadas</translation>
    </message>
    <message>
        <source>peak_flops: missing</source>
        <translation>peak_flops: ausente</translation>
    </message>
    <message>
        <source>id: missing</source>
        <translation>id: ausente</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>um FIFO (pipe nomeado)</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>um dispositivo de caracteres</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>um dispositivo de blocos</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>um socket</translation>
    </message>
    <message>
        <source>a directory</source>
        <translation>uma pasta</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>não é um arquivo comum</translation>
    </message>
    <message>
        <source>only part of the data was written (disk full or file too large)</source>
        <translation>só parte dos dados foi gravada (disco cheio ou arquivo grande demais)</translation>
    </message>
    <message>
        <source>%1: %2, not a file; left as it is</source>
        <translation>%1: %2, não um arquivo; deixado como está</translation>
    </message>
    <message>
        <source>%1: not a whole number</source>
        <translation>%1: não é um número inteiro</translation>
    </message>
    <message>
        <source>%1: not a number</source>
        <translation>%1: não é um número</translation>
    </message>
    <message>
        <source>not a KV Ledger scenario (no &quot;format&quot;: &quot;%1&quot;)</source>
        <translation>não é um cenário do KV Ledger (sem &quot;format&quot;: &quot;%1&quot;)</translation>
    </message>
    <message>
        <source>version %1 is no scenario file version (they start at 1)</source>
        <translation>a versão %1 não é uma versão de arquivo de cenário (elas começam em 1)</translation>
    </message>
    <message>
        <source>version %1 was written by a newer KV Ledger; this one reads version %2</source>
        <translation>a versão %1 foi gravada por um KV Ledger mais novo; este lê a versão %2</translation>
    </message>
    <message>
        <source>model: %1</source>
        <translation>modelo: %1</translation>
    </message>
    <message>
        <source>gpu: %1</source>
        <translation>gpu: %1</translation>
    </message>
    <message>
        <source>gpus or batch: out of range</source>
        <translation>gpus ou batch: fora do intervalo</translation>
    </message>
    <message>
        <source>not valid JSON at byte %1: %2</source>
        <translation>JSON inválido no byte %1: %2</translation>
    </message>
    <message>
        <source>%1: larger than 16 MiB; not a scenario</source>
        <translation>%1: maior que 16 MiB; não é um cenário</translation>
    </message>
    <message>
        <source>key &quot;%1&quot; appears twice; which one is meant?</source>
        <translation>a chave &quot;%1&quot; aparece duas vezes; qual delas vale?</translation>
    </message>
    <message>
        <source>%1 (a limit of %2 bytes per file)</source>
        <translation>%1 (um limite de %2 bytes por arquivo)</translation>
    </message>
    <message>
        <source>the file got shorter while it was read (%1 of %2 bytes)</source>
        <translation>o arquivo ficou menor enquanto era lido (%1 de %2 bytes)</translation>
    </message>
    <message>
        <source>%1: not a text of at most %2 characters</source>
        <translation>%1: não é um texto de até %2 caracteres</translation>
    </message>
    <message>
        <source>mass: block_size 1-1,000,000 and top_fraction in (0, 1]</source>
        <translation>mass: block_size de 1 a 1.000.000 e top_fraction em (0, 1]</translation>
    </message>
    <message>
        <source>mass: give either synthetic or file</source>
        <translation>mass: informe synthetic ou file, não ambos</translation>
    </message>
    <message>
        <source>mass: %1</source>
        <translation>mass: %1</translation>
    </message>
    <message>
        <source>mass: file: no path</source>
        <translation>mass: file: sem caminho</translation>
    </message>
    <message>
        <source>view: %1: %2</source>
        <translation>view: %1: %2</translation>
    </message>
    <message>
        <source>not si or binary</source>
        <translation>não é si nem binary</translation>
    </message>
    <message>
        <source>not a list of at most %1</source>
        <translation>não é uma lista de até %1</translation>
    </message>
    <message>
        <source>%1 tokens is outside 1-%2</source>
        <translation>%1 tokens está fora de 1-%2</translation>
    </message>
    <message>
        <source>baseline: %1</source>
        <translation>baseline: %1</translation>
    </message>
    <message>
        <source>could not be opened a second time (%1)</source>
        <translation>não pôde ser aberto uma segunda vez (%1)</translation>
    </message>
    <message>
        <source>the file changed size while it was read (%1, then %2 bytes)</source>
        <translation>o arquivo mudou de tamanho enquanto era lido (%1, depois %2 bytes)</translation>
    </message>
    <message>
        <source>shape %1: a dimension of %2; dimensions count elements, 0 or more</source>
        <translation>shape %1: uma dimensão de %2; dimensões contam elementos, 0 ou mais</translation>
    </message>
    <message>
        <source>id &quot;%1&quot; is a built-in preset&apos;s; give yours an id of its own</source>
        <translation>o id &quot;%1&quot; é de uma predefinição embutida; dê à sua um id próprio</translation>
    </message>
    <message>
        <source>id &quot;%1&quot; is already %2&apos;s</source>
        <translation>o id &quot;%1&quot; já é de %2</translation>
    </message>
    <message>
        <source>%1: the name is not UTF-8; give another</source>
        <translation>%1: o nome não é UTF-8; escolha outro</translation>
    </message>
    <message>
        <source>measured bandwidth: buffer_bytes</source>
        <translation>largura de banda medida: buffer_bytes</translation>
    </message>
    <message>
        <source>expected an object such as {&quot;kind&quot;: &quot;window&quot;}, got %1</source>
        <translation>esperava um objeto como {&quot;kind&quot;: &quot;window&quot;}, veio %1</translation>
    </message>
    <message>
        <source>kind: expected one of full, window, latent, chunked, linear, mamba, dsa, conv, cross, none, got %1</source>
        <translation>kind: esperava full, window, latent, chunked, linear, mamba, dsa, conv, cross ou none, veio %1</translation>
    </message>
    <message>
        <source>%1.%2: expected true or false, got %3</source>
        <translation>%1.%2: esperava true ou false, veio %3</translation>
    </message>
    <message>
        <source>ffn: expected auto, dense, moe, none or linear, got %1</source>
        <translation>ffn: esperava auto, dense, moe, none ou linear, veio %1</translation>
    </message>
    <message>
        <source>layer_types: expected a list of 1-%1 layer types, got %2</source>
        <translation>layer_types: esperava uma lista de 1 a %1 tipos de camada, veio %2</translation>
    </message>
    <message>
        <source> (an index into layer_types)</source>
        <translation> (um índice em layer_types)</translation>
    </message>
    <message>
        <source>layer_pattern[%1]: expected &quot;full&quot;, &quot;window&quot;, &quot;chunked&quot;, &quot;latent&quot;, &quot;linear&quot;, &quot;mamba&quot;, &quot;dsa&quot;, &quot;conv&quot;, &quot;cross&quot;, &quot;none&quot;%2, got %3</source>
        <translation>layer_pattern[%1]: esperava &quot;full&quot;, &quot;window&quot;, &quot;chunked&quot;, &quot;latent&quot;, &quot;linear&quot;, &quot;mamba&quot;, &quot;dsa&quot;, &quot;conv&quot;, &quot;cross&quot;, &quot;none&quot;%2, veio %3</translation>
    </message>
    <message>
        <source> or an index into layer_types</source>
        <translation> ou um índice em layer_types</translation>
    </message>
    <message>
        <source>speculative_decoding: expected true or false, got %1</source>
        <translation>speculative_decoding: esperava true ou false, veio %1</translation>
    </message>
    <message>
        <source>engine: expected a name, got %1</source>
        <translation>engine: esperava um nome, veio %1</translation>
    </message>
    <message>
        <source>expected &quot;tpot&quot; or &quot;ttft&quot;</source>
        <translation>esperava &quot;tpot&quot; ou &quot;ttft&quot;</translation>
    </message>
</context>
<context>
    <name>GpuText</name>
    <message>
        <source>%1: %2 is outside %3-%4</source>
        <translation>%1: %2 está fora de %3-%4</translation>
    </message>
</context>
<context>
    <name>HfText</name>
    <message>
        <source>%1: missing (null)</source>
        <translation>%1: ausente (null)</translation>
    </message>
    <message>
        <source>%1: missing</source>
        <translation>%1: ausente</translation>
    </message>
    <message>
        <source>no FFN size in the config: 4 × hidden_size = %1, as the model code does</source>
        <translation>sem tamanho de FFN na config: 4 × hidden_size = %1, como faz o código do modelo</translation>
    </message>
    <message>
        <source>%1: the MLP has two matrices (up, down), no gate</source>
        <translation>%1: o MLP tem duas matrizes (up, down), sem gate</translation>
    </message>
    <message>
        <source>vocab_size absent: 262,208, the Gemma3TextConfig default</source>
        <translation>vocab_size ausente: 262.208, o padrão do Gemma3TextConfig</translation>
    </message>
    <message>
        <source>tie_word_embeddings absent: %1, the transformers default for %2</source>
        <translation>tie_word_embeddings ausente: %1, o padrão do transformers para %2</translation>
    </message>
    <message>
        <source>tie_word_embeddings absent: %1, the transformers PretrainedConfig default</source>
        <translation>tie_word_embeddings ausente: %1, o padrão do PretrainedConfig do transformers</translation>
    </message>
    <message>
        <source>falcon, multi_query: one KV head shared by all query heads (MQA)</source>
        <translation>falcon, multi_query: um KV head compartilhado por todos os query heads (MQA)</translation>
    </message>
    <message>
        <source>falcon without multi_query: one KV head per query head (MHA)</source>
        <translation>falcon sem multi_query: um KV head por query head (MHA)</translation>
    </message>
    <message>
        <source>multi_query: one KV head shared by all query heads (MQA)</source>
        <translation>multi_query: um KV head compartilhado por todos os query heads (MQA)</translation>
    </message>
    <message>
        <source>num_key_value_heads absent: multi-head attention (MHA), %1 KV heads</source>
        <translation>num_key_value_heads ausente: atenção multi-head (MHA), %1 KV heads</translation>
    </message>
    <message>
        <source>%1: %2 is more than num_attention_heads %3</source>
        <translation>%1: %2 é mais que num_attention_heads %3</translation>
    </message>
    <message>
        <source>%1: %2 does not divide num_attention_heads %3</source>
        <translation>%1: %2 não divide num_attention_heads %3</translation>
    </message>
    <message>
        <source>head_dim = v_head_dim %1 (MLA)</source>
        <translation>head_dim = v_head_dim %1 (MLA)</translation>
    </message>
    <message>
        <source>head_dim %1 from the config (hidden_size / num_attention_heads would give %2)</source>
        <translation>head_dim %1 da config (hidden_size / num_attention_heads daria %2)</translation>
    </message>
    <message>
        <source>head_dim: missing, and hidden_size %1 is not a multiple of num_attention_heads %2</source>
        <translation>head_dim: ausente, e hidden_size %1 não é múltiplo de num_attention_heads %2</translation>
    </message>
    <message>
        <source>head_dim: hidden_size / num_attention_heads = %1 is more than %2</source>
        <translation>head_dim: hidden_size / num_attention_heads = %1 é mais que %2</translation>
    </message>
    <message>
        <source>head_dim absent: hidden_size / num_attention_heads = %1</source>
        <translation>head_dim ausente: hidden_size / num_attention_heads = %1</translation>
    </message>
    <message>
        <source>num_experts_per_tok: missing (%1 has %2 experts)</source>
        <translation>num_experts_per_tok: ausente (%1 tem %2 experts)</translation>
    </message>
    <message>
        <source>moe_intermediate_size absent: each expert uses intermediate_size %1</source>
        <translation>moe_intermediate_size ausente: cada expert usa intermediate_size %1</translation>
    </message>
    <message>
        <source>MoE on the layers i with i mod %1 = %2 (%3 of %4); the others dense</source>
        <translation>MoE nas camadas i com i mod %1 = %2 (%3 de %4); as demais densas</translation>
    </message>
    <message>
        <source>mlp_only_layers lists %1 dense layers: counted as MoE</source>
        <translation>mlp_only_layers lista %1 camadas densas: contadas como MoE</translation>
    </message>
    <message>
        <source>llama4: one shared expert beside the routed ones in every MoE layer</source>
        <translation>llama4: um expert compartilhado ao lado dos roteados em cada camada MoE</translation>
    </message>
    <message>
        <source>mixture of experts: %1 routed, %2 per token</source>
        <translation>mixture of experts: %1 roteados, %2 por token</translation>
    </message>
    <message>
        <source>, %1 shared</source>
        <translation>, %1 compartilhados</translation>
    </message>
    <message>
        <source>, first %1 layers dense</source>
        <translation>, as primeiras %1 camadas densas</translation>
    </message>
    <message>
        <source>qk_rope_head_dim: missing (needed with kv_lora_rank)</source>
        <translation>qk_rope_head_dim: ausente (necessário com kv_lora_rank)</translation>
    </message>
    <message>
        <source>q_lora_rank absent: queries projected without compression</source>
        <translation>q_lora_rank ausente: queries projetadas sem compressão</translation>
    </message>
    <message>
        <source>multi-head latent attention: kv_lora_rank %1 + qk_rope_head_dim %2 = %3 elements per token per layer, one latent for all heads (num_key_value_heads ignored)</source>
        <translation>atenção latente multi-head: kv_lora_rank %1 + qk_rope_head_dim %2 = %3 elementos por token por camada, um latente para todos os heads (num_key_value_heads ignorado)</translation>
    </message>
    <message>
        <source>sliding_window %1 ignored: use_sliding_window is false (full attention on every layer)</source>
        <translation>sliding_window %1 ignorado: use_sliding_window é false (atenção completa em todas as camadas)</translation>
    </message>
    <message>
        <source>gemma2: local (window %1) and global layers alternate, layer 0 local</source>
        <translation>gemma2: camadas locais (janela de %1) e globais se alternam, a camada 0 é local</translation>
    </message>
    <message>
        <source>%1: sliding_window_pattern absent, %2 (the transformers default)</source>
        <translation>%1: sliding_window_pattern ausente, %2 (o padrão do transformers)</translation>
    </message>
    <message>
        <source>sliding_window_pattern 1: every layer global</source>
        <translation>sliding_window_pattern 1: todas as camadas globais</translation>
    </message>
    <message>
        <source>window %1 on %2 of every %3 layers, the rest global</source>
        <translation>janela de %1 em %2 de cada %3 camadas, as demais globais</translation>
    </message>
    <message>
        <source>use_sliding_window, but max_window_layers %1 covers every layer: full attention</source>
        <translation>use_sliding_window, mas max_window_layers %1 cobre todas as camadas: atenção completa</translation>
    </message>
    <message>
        <source>use_sliding_window: window %1 on layers %2 and up (max_window_layers)</source>
        <translation>use_sliding_window: janela de %1 nas camadas a partir da %2 (max_window_layers)</translation>
    </message>
    <message>
        <source>sliding_window %1 on every layer</source>
        <translation>sliding_window %1 em todas as camadas</translation>
    </message>
    <message>
        <source>layer_types: expected a list such as [&quot;full_attention&quot;, ...], got %1</source>
        <translation>layer_types: esperada uma lista como [&quot;full_attention&quot;, ...], veio %1</translation>
    </message>
    <message>
        <source>layer_types: %1 entries, but num_hidden_layers is %2</source>
        <translation>layer_types: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>layer_types lists sliding layers, but use_sliding_window is false: full attention on those layers</source>
        <translation>layer_types lista camadas de janela deslizante, mas use_sliding_window é false: atenção completa nessas camadas</translation>
    </message>
    <message>
        <source>%1: missing, but layer_types lists %2 layers</source>
        <translation>%1: ausente, mas layer_types lista camadas %2</translation>
    </message>
    <message>
        <source>sliding (window %1)</source>
        <translation>de janela deslizante (janela de %1)</translation>
    </message>
    <message>
        <source>chunked (chunks of %1)</source>
        <translation>em blocos (blocos de %1)</translation>
    </message>
    <message>
        <source>linear attention (a fixed state)</source>
        <translation>de atenção linear (um estado fixo)</translation>
    </message>
    <message>
        <source>Mamba (a fixed state)</source>
        <translation>Mamba (um estado fixo)</translation>
    </message>
    <message>
        <source>%1 of %2 layers %3</source>
        <translation>%1 de %2 camadas %3</translation>
    </message>
    <message>
        <source>layer_types: %1, the rest full</source>
        <translation>layer_types: %1, as demais completas</translation>
    </message>
    <message>
        <source>full_attention_interval %1: full attention on every %1th layer, linear attention (a fixed state) on the others</source>
        <translation>full_attention_interval %1: atenção completa a cada %1 camadas, atenção linear (um estado fixo) nas demais</translation>
    </message>
    <message>
        <source>attn_layer_period %1, attn_layer_offset %2: attention on %3 of %4 layers, Mamba (a fixed state) on the others</source>
        <translation>attn_layer_period %1, attn_layer_offset %2: atenção em %3 de %4 camadas, Mamba (um estado fixo) nas demais</translation>
    </message>
    <message>
        <source>no_rope_layers: %1 entries, but num_hidden_layers is %2</source>
        <translation>no_rope_layers: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>no_rope_layers absent: every %1th layer global (the transformers default)</source>
        <translation>no_rope_layers ausente: uma camada global a cada %1 (o padrão do transformers)</translation>
    </message>
    <message>
        <source>chunked attention: %1 of %2 layers hold at most one chunk of %3 tokens, the rest the whole context</source>
        <translation>atenção em blocos: %1 de %2 camadas guardam no máximo um bloco de %3 tokens, as demais o contexto inteiro</translation>
    </message>
    <message>
        <source>mamba_expand absent: d_inner = 2 × hidden_size, the Mamba default</source>
        <translation>mamba_expand ausente: d_inner = 2 × hidden_size, o padrão do Mamba</translation>
    </message>
    <message>
        <source>mamba d_inner: %1 is more than %2</source>
        <translation>mamba d_inner: %1 é mais que %2</translation>
    </message>
    <message>
        <source>torch_dtype %1: weights taken as bf16</source>
        <translation>torch_dtype %1: pesos tomados como bf16</translation>
    </message>
    <message>
        <source>quantization_config mxfp4: routed experts in fp4 with one 8-bit scale per 32 values (4.25 bits); attention, router and embeddings stay %1</source>
        <translation>quantization_config mxfp4: experts roteados em fp4 com uma escala de 8 bits a cada 32 valores (4,25 bits); atenção, roteador e embeddings continuam em %1</translation>
    </message>
    <message>
        <source>mxfp4 on a dense model: taken as covering every linear layer</source>
        <translation>mxfp4 num modelo denso: tomado como cobrindo todas as camadas lineares</translation>
    </message>
    <message>
        <source>quantization_config fp8, weight_block_size %1 × %2: linear layers in fp8 with one fp32 scale per %3 weights; embeddings stay %4</source>
        <translation>quantization_config fp8, weight_block_size %1 × %2: camadas lineares em fp8 com uma escala fp32 a cada %3 pesos; embeddings continuam em %4</translation>
    </message>
    <message>
        <source>quantization_config fp8: linear layers in fp8 (per-tensor scales, negligible); embeddings stay %1</source>
        <translation>quantization_config fp8: camadas lineares em fp8 (escalas por tensor, desprezíveis); embeddings continuam em %1</translation>
    </message>
    <message>
        <source>%1: %2-bit weights not modelled; taken as %3</source>
        <translation>%1: pesos de %2 bits não modelados; tomados como %3</translation>
    </message>
    <message>
        <source>%1: int%2 linear layers%3 = %4 bits per weight; embeddings stay %5</source>
        <translation>%1: camadas lineares int%2%3 = %4 bits por peso; embeddings continuam em %5</translation>
    </message>
    <message>
        <source>, one fp16 scale%1 per %2</source>
        <translation>, uma escala fp16%1 a cada %2</translation>
    </message>
    <message>
        <source> and zero point</source>
        <translation> e ponto zero</translation>
    </message>
    <message>
        <source>, per-channel scales</source>
        <translation>, escalas por canal</translation>
    </message>
    <message>
        <source>quantization_config %1</source>
        <translation>quantization_config %1</translation>
    </message>
    <message>
        <source>compressed-tensors: fp8 linear layers; embeddings stay %1</source>
        <translation>compressed-tensors: camadas lineares fp8; embeddings continuam em %1</translation>
    </message>
    <message>
        <source>compressed-tensors: fp4 linear layers with one 8-bit scale per %1</source>
        <translation>compressed-tensors: camadas lineares fp4 com uma escala de 8 bits a cada %1</translation>
    </message>
    <message>
        <source>bitsandbytes 8-bit: int8 linear layers</source>
        <translation>bitsandbytes 8 bits: camadas lineares int8</translation>
    </message>
    <message>
        <source>bitsandbytes %1: 4-bit linear layers with one %2-bit absmax per 64 values</source>
        <translation>bitsandbytes %1: camadas lineares de 4 bits com um absmax de %2 bits a cada 64 valores</translation>
    </message>
    <message>
        <source>modelopt NVFP4: fp4 linear layers, one fp8 scale per 16</source>
        <translation>modelopt NVFP4: camadas lineares fp4, uma escala fp8 a cada 16</translation>
    </message>
    <message>
        <source>modelopt FP8: fp8 linear layers</source>
        <translation>modelopt FP8: camadas lineares fp8</translation>
    </message>
    <message>
        <source>quantization_config %1 not modelled: weights taken as %2</source>
        <translation>quantization_config %1 não modelado: pesos tomados como %2</translation>
    </message>
    <message>
        <source>(no quant_method)</source>
        <translation>(sem quant_method)</translation>
    </message>
    <message>
        <source>%1: encoder-decoder models are not supported (their cache is decoder self-attention plus cross-attention per encoder token)</source>
        <translation>%1: modelos encoder-decoder não são suportados (o cache deles é a self-attention do decoder mais a cross-attention por token do encoder)</translation>
    </message>
    <message>
        <source>parameters estimated from the shapes: %1 total, %2 active per token (biases and extra norms not counted)</source>
        <translation>parâmetros estimados a partir dos shapes: %1 no total, %2 ativos por token (biases e normas extras não contados)</translation>
    </message>
    <message>
        <source>parameters estimated from the shapes: %1 (biases and extra norms not counted)</source>
        <translation>parâmetros estimados a partir dos shapes: %1 (biases e normas extras não contados)</translation>
    </message>
    <message>
        <source>larger than 16 MiB, not a config.json</source>
        <translation>maior que 16 MiB, não é um config.json</translation>
    </message>
    <message>
        <source>not JSON: the input is empty</source>
        <translation>não é JSON: a entrada está vazia</translation>
    </message>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>não é JSON: %1 na posição %2</translation>
    </message>
    <message>
        <source>not a JSON object: a config.json holds {&quot;num_hidden_layers&quot;: ...}</source>
        <translation>não é um objeto JSON: um config.json contém {&quot;num_hidden_layers&quot;: ...}</translation>
    </message>
    <message>
        <source>, first layer dense</source>
        <translation>, a primeira camada densa</translation>
    </message>
    <message>
        <source>hybrid_layer_pattern: %1 entries, but num_hidden_layers is %2</source>
        <translation>hybrid_layer_pattern: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>swa_num_key_value_heads: %1 does not divide num_attention_heads %2</source>
        <translation>swa_num_key_value_heads: %1 não divide num_attention_heads %2</translation>
    </message>
    <message>
        <source>hybrid_layer_pattern: %1 sliding layers (window %2, %3 KV heads, K %4, V %5) and %6 full layers (%7 KV heads, K %8, V %9)</source>
        <translation>hybrid_layer_pattern: %1 camadas de janela deslizante (janela de %2, %3 KV heads, K %4, V %5) e %6 camadas de atenção completa (%7 KV heads, K %8, V %9)</translation>
    </message>
    <message>
        <source>block_configs: %1 blocks, but num_hidden_layers is %2</source>
        <translation>block_configs: %1 blocos, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>%1.attention.n_heads_in_group: %2 does not divide num_attention_heads %3</source>
        <translation>%1.attention.n_heads_in_group: %2 não divide num_attention_heads %3</translation>
    </message>
    <message>
        <source>%1.ffn.ffn_mult: expected a positive number, got %2</source>
        <translation>%1.ffn.ffn_mult: esperava um número positivo, veio %2</translation>
    </message>
    <message>
        <source>block_configs: %1 of %2 blocks attend (%3 KV heads on most; the others as their n_heads_in_group says), the rest have no attention or one linear matrix; FFN sizes per block from ffn_mult</source>
        <translation>block_configs: %1 de %2 blocos têm atenção (%3 KV heads na maioria; os demais conforme seu n_heads_in_group), os outros não têm atenção ou têm uma única matriz linear; tamanho do FFN de cada bloco pelo ffn_mult</translation>
    </message>
    <message>
        <source>%1: expected a list of integers, got %2</source>
        <translation>%1: esperava uma lista de inteiros, veio %2</translation>
    </message>
    <message>
        <source>architecture read from %1 (a multimodal config); the vision tower is not counted</source>
        <translation>arquitetura lida de %1 (uma configuração multimodal); a torre de visão não é contada</translation>
    </message>
    <message>
        <source>model_type %1: Falcon&apos;s first config format</source>
        <translation>model_type %1: o primeiro formato de configuração do Falcon</translation>
    </message>
    <message>
        <source>compress_ratios (DeepSeek-V4 compressed attention): layers keep compressed entries of several tokens beside a sliding window, and config.json does not give the entries&apos; layout or precision, so no exact cache size can be given; the sliding-window formula would be wrong</source>
        <translation>compress_ratios (atenção comprimida do DeepSeek-V4): as camadas guardam entradas comprimidas de vários tokens ao lado de uma janela deslizante, e o config.json não informa o layout nem a precisão dessas entradas, então não há tamanho exato de cache a dar; a fórmula de janela deslizante estaria errada</translation>
    </message>
    <message>
        <source>sparse_attention_config (block-sparse attention with index keys of its own): the index cache&apos;s layout is not in config.json; not modelled</source>
        <translation>sparse_attention_config (atenção esparsa por blocos com index keys próprias): o layout do cache de índices não está no config.json; não modelado</translation>
    </message>
    <message>
        <source>%1[%2]: &apos;%3&apos; is not M, *, - or E</source>
        <translation>%1[%2]: &apos;%3&apos; não é M, *, - nem E</translation>
    </message>
    <message>
        <source>%1: %2 blocks, but num_hidden_layers is %3</source>
        <translation>%1: %2 blocos, mas num_hidden_layers é %3</translation>
    </message>
    <message>
        <source>%1[%2]: %3 is not mamba, attention, mlp or moe</source>
        <translation>%1[%2]: %3 não é mamba, attention, mlp nem moe</translation>
    </message>
    <message>
        <source>%1: %2 Mamba, %3 attention, %4 MLP and %5 MoE blocks, each its own layer</source>
        <translation>%1: %2 blocos Mamba, %3 de atenção, %4 MLP e %5 MoE, cada um uma camada</translation>
    </message>
    <message>
        <source>layers_block_type: %1 entries, but num_hidden_layers is %2</source>
        <translation>layers_block_type: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>layers_block_type[%1]: %2 is not mamba or hybrid</source>
        <translation>layers_block_type[%1]: %2 não é mamba nem hybrid</translation>
    </message>
    <message>
        <source>zamba2: %1 hybrid layers apply one of %2 shared attention blocks before their Mamba, each with its own KV cache; the other %3 layers are Mamba only</source>
        <translation>zamba2: %1 camadas híbridas aplicam um de %2 blocos de atenção compartilhados antes do seu Mamba, cada uma com seu próprio KV cache; as outras %3 camadas são só Mamba</translation>
    </message>
    <message>
        <source>phi4flash (SambaY): Mamba on every %1th layer; from layer %2 on, %3 attention layers read layer %4&apos;s cache and hold none</source>
        <translation>phi4flash (SambaY): Mamba a cada %1 camadas; da camada %2 em diante, %3 camadas de atenção leem o cache da camada %4 e não guardam nada</translation>
    </message>
    <message>
        <source>linear_attn_config: layer %1 (1-based) is in neither kda_layers nor full_attn_layers</source>
        <translation>linear_attn_config: a camada %1 (contando de 1) não está em kda_layers nem em full_attn_layers</translation>
    </message>
    <message>
        <source>linear_attn_config: %1 KDA layers (a fixed state of %2 heads × %3 × %3) and %4 MLA layers</source>
        <translation>linear_attn_config: %1 camadas KDA (um estado fixo de %2 heads × %3 × %3) e %4 camadas MLA</translation>
    </message>
    <message>
        <source>attn_type_list: %1 entries, but num_hidden_layers is %2</source>
        <translation>attn_type_list: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>attn_type_list: %1 softmax layers; %2 lightning-attention layers keep a state of %3 heads × %4 × %4</source>
        <translation>attn_type_list: %1 camadas softmax; %2 camadas de lightning attention guardam um estado de %3 heads × %4 × %4</translation>
    </message>
    <message>
        <source>%1 short-convolution layers keep (conv_L_cache − 1) × %2 channels as their state, as vLLM does</source>
        <translation>%1 camadas de convolução curta guardam (conv_L_cache − 1) × %2 canais como estado, como o vLLM faz</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>KDA&apos;s state is always float32 in vLLM</source>
        <translation>o estado do KDA é sempre float32 no vLLM</translation>
    </message>
    <message>
        <source>vLLM&apos;s default for Nemotron-H, float32</source>
        <translation>o padrão do vLLM para o Nemotron-H, float32</translation>
    </message>
    <message>
        <source>vLLM&apos;s default, the model&apos;s dtype</source>
        <translation>o padrão do vLLM, o dtype do modelo</translation>
    </message>
    <message>
        <source>recurrent state kept in %1 (%2), convolution states in %3 (the model&apos;s dtype); the KV precision does not apply to them</source>
        <translation>estado recorrente guardado em %1 (%2), estados de convolução em %3 (o dtype do modelo); a precisão do KV não se aplica a eles</translation>
    </message>
    <message>
        <source>falcon_h1: every layer runs attention and Mamba side by side: a KV cache and a fixed state each</source>
        <translation>falcon_h1: toda camada roda atenção e Mamba lado a lado: um KV cache e um estado fixo em cada uma</translation>
    </message>
    <message>
        <source>layer_types[%1]: %2 is not a layer kind KV Ledger models (full_attention, sliding_attention, chunked_attention, linear_attention, mamba, conv)</source>
        <translation>layer_types[%1]: %2 não é um tipo de camada que o KV Ledger modela (full_attention, sliding_attention, chunked_attention, linear_attention, mamba, conv)</translation>
    </message>
    <message>
        <source>short convolution (a fixed state)</source>
        <translation>convolução curta (um estado fixo)</translation>
    </message>
    <message>
        <source>DeepSeek Sparse Attention on %1 layers: each also caches an index key of %2 B (index_head_dim %3 in fp8 with an fp32 scale, as vLLM and SGLang keep it); a step scores every index key with %4 indexer heads and reads the top %5 latents (index_topk)</source>
        <translation>DeepSeek Sparse Attention em %1 camadas: cada uma também guarda no cache uma index key de %2 B (index_head_dim %3 em fp8 com uma escala fp32, como vLLM e SGLang guardam); cada passo pontua todas as index keys com %4 heads do indexador e lê os %5 melhores latentes (index_topk)</translation>
    </message>
    <message>
        <source>global layers: %1 KV heads of %2%3</source>
        <translation>camadas globais: %1 KV heads de %2%3</translation>
    </message>
    <message>
        <source> (attention_k_eq_v: V is computed as K, and both are cached)</source>
        <translation> (attention_k_eq_v: V é calculado como K, e os dois vão para o cache)</translation>
    </message>
    <message>
        <source>num_kv_shared_layers: layer %1 has no earlier layer of its kind whose cache it could read</source>
        <translation>num_kv_shared_layers: a camada %1 não tem camada anterior do mesmo tipo cujo cache possa ler</translation>
    </message>
    <message>
        <source>num_kv_shared_layers %1: the last %1 layers read the cache of the last earlier layer of their kind and hold none</source>
        <translation>num_kv_shared_layers %1: as últimas %1 camadas leem o cache da última camada anterior do mesmo tipo e não guardam nada</translation>
    </message>
    <message>
        <source>cross_attention_layers: the image token count needs vision_config&apos;s max_num_tiles, image_size and patch_size</source>
        <translation>cross_attention_layers: a contagem de tokens de imagem precisa de max_num_tiles, image_size e patch_size do vision_config</translation>
    </message>
    <message>
        <source>cross_attention_layers: %1 layers hold K and V of %2 image tokens, one image of %3 tiles × %4 (%5² patches and a class token); the count is an input (image_tokens)</source>
        <translation>cross_attention_layers: %1 camadas guardam K e V de %2 tokens de imagem, uma imagem de %3 tiles × %4 (%5² patches e um token de classe); a contagem é uma entrada (image_tokens)</translation>
    </message>
    <message>
        <source>relu2 activation: MLPs and experts have two matrices (up, down), no gate</source>
        <translation>ativação relu2: MLPs e experts têm duas matrizes (up, down), sem gate</translation>
    </message>
    <message>
        <source>%1 %2 counted as %3 shared experts of %4</source>
        <translation>%1 %2 contado como %3 experts compartilhados de %4</translation>
    </message>
    <message>
        <source>gemma4: the dense MLP of intermediate_size %1 beside the experts, counted as %2 shared experts of %3</source>
        <translation>gemma4: o MLP denso de intermediate_size %1 ao lado dos experts, contado como %2 experts compartilhados de %3</translation>
    </message>
    <message>
        <source>%1 %2: routed experts work in a latent of that width, with a projection in and out per MoE layer</source>
        <translation>%1 %2: os experts roteados trabalham num latente dessa largura, com uma projeção de entrada e uma de saída por camada MoE</translation>
    </message>
    <message>
        <source>moe_layer_freq: %1 entries, but num_hidden_layers is %2</source>
        <translation>moe_layer_freq: %1 entradas, mas num_hidden_layers é %2</translation>
    </message>
    <message>
        <source>moe_layer_freq lists %1 MoE layers of %2; the others dense</source>
        <translation>moe_layer_freq lista %1 camadas MoE de %2; as outras densas</translation>
    </message>
    <message>
        <source>block_ff_dim %1: feed-forward size %2, as LFM2 adjusts it</source>
        <translation>block_ff_dim %1: feed-forward de tamanho %2, como o LFM2 ajusta</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n multi-token-prediction layer(s), their weights counted; their cache only with speculative decoding on</source>
        <translation>
            <numerusform>%1: %n camada de predição de múltiplos tokens, com os pesos contados; o cache dela só com a decodificação especulativa ligada</numerusform>
            <numerusform>%1: %n camadas de predição de múltiplos tokens, com os pesos contados; o cache delas só com a decodificação especulativa ligada</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LedgerStrings</name>
    <message>
        <source> (window)</source>
        <translation> (janela)</translation>
    </message>
    <message>
        <source> per token</source>
        <translation> por token</translation>
    </message>
    <message>
        <source>%1 on %2 × %3, context %4 tokens, KV %5, weights %6

</source>
        <translation>%1 em %2 × %3, contexto de %4 tokens, KV %5, pesos %6

</translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation>Bytes de KV por token</translation>
    </message>
    <message>
        <source>MHA equivalent</source>
        <translation>Equivalente em MHA</translation>
    </message>
    <message>
        <source>%1 KV heads instead of %2: GQA saves %3×</source>
        <translation>%1 KV heads em vez de %2: o GQA economiza %3×</translation>
    </message>
    <message>
        <source>Full-attention layers (%1)</source>
        <translation>Camadas de atenção completa (%1)</translation>
    </message>
    <message>
        <source>Sliding-window layers (%1)</source>
        <translation>Camadas de janela deslizante (%1)</translation>
    </message>
    <message>
        <source>Latent-attention (MLA) layers (%1)</source>
        <translation>Camadas de atenção latente (MLA) (%1)</translation>
    </message>
    <message>
        <source>Chunked-attention layers (%1)</source>
        <translation>Camadas de atenção em blocos (%1)</translation>
    </message>
    <message>
        <source>Linear-attention layers (%1)</source>
        <translation>Camadas de atenção linear (%1)</translation>
    </message>
    <message>
        <source>Mamba (state-space) layers (%1)</source>
        <translation>Camadas Mamba (espaço de estados) (%1)</translation>
    </message>
    <message>
        <source> (chunked)</source>
        <translation> (em blocos)</translation>
    </message>
    <message>
        <source>no layer caches tokens: 0 B per token</source>
        <translation>nenhuma camada guarda tokens: 0 B por token</translation>
    </message>
    <message>
        <source>%1 KV at %2 bits per element</source>
        <translation>KV em %1 a %2 bits por elemento</translation>
    </message>
    <message>
        <source>2 = K and V; %1</source>
        <translation>2 = K e V; %1</translation>
    </message>
    <message>
        <source>one latent of rank + rope elements per token and layer, shared by every head; %1</source>
        <translation>um latente de rank + rope elementos por token e camada, compartilhado por todos os heads; %1</translation>
    </message>
    <message>
        <source>%1 heads each caching K (%2) and V (%3): the latent saves %4×</source>
        <translation>%1 heads, cada um guardando K (%2) e V (%3): o latente economiza %4×</translation>
    </message>
    <message>
        <source>no attention layer caches K and V</source>
        <translation>nenhuma camada de atenção guarda K e V</translation>
    </message>
    <message>
        <source>already multi-head attention: %1 KV heads</source>
        <translation>já é atenção multi-head: %1 KV heads</translation>
    </message>
    <message>
        <source> (estimated from the shape)</source>
        <translation> (estimados a partir das dimensões)</translation>
    </message>
    <message>
        <source>%1 parameters%2 × %3 B (%4)</source>
        <translation>%1 parâmetros%2 × %3 B (%4)</translation>
    </message>
    <message>
        <source>as stored: %1</source>
        <translation>como armazenados: %1</translation>
    </message>
    <message>
        <source>; experts %1, the rest %2</source>
        <translation>; experts %1, o restante %2</translation>
    </message>
    <message>
        <source>%1 parameters%2, %3</source>
        <translation>%1 parâmetros%2, %3</translation>
    </message>
    <message>
        <source>MQA equivalent</source>
        <translation>Equivalente em MQA</translation>
    </message>
    <message>
        <source>one KV head</source>
        <translation>um único KV head</translation>
    </message>
    <message>
        <source>%1 fixed state per sequence</source>
        <translation>%1 de estado fixo por sequência</translation>
    </message>
    <message>
        <source>%1 B per token</source>
        <translation>%1 B por token</translation>
    </message>
    <message>
        <source>%1 tokens held per layer: %2</source>
        <translation>%1 tokens guardados por camada: %2</translation>
    </message>
    <message>
        <source>KV cache at the context</source>
        <translation>KV cache no contexto</translation>
    </message>
    <message>
        <source>%1 tokens × batch %2</source>
        <translation>%1 tokens × batch %2</translation>
    </message>
    <message>
        <source>Fixed state</source>
        <translation>Estado fixo</translation>
    </message>
    <message>
        <source>%1 per sequence × batch %2, at %3</source>
        <translation>%1 por sequência × batch %2, em %3</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notas</translation>
    </message>
    <message>
        <source>Weights + KV</source>
        <translation>Pesos + KV</translation>
    </message>
    <message>
        <source>Weights + KV + state</source>
        <translation>Pesos + KV + estado</translation>
    </message>
    <message>
        <source>GPUs to fit</source>
        <translation>GPUs para caber</translation>
    </message>
    <message>
        <source>%1 / %2 usable per %3</source>
        <translation>%1 / %2 utilizáveis por %3</translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>Grau de paralelismo de tensor</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Per GPU, TP over %1</source>
        <translation>Por GPU, TP em %1</translation>
    </message>
    <message>
        <source>fits in %1</source>
        <translation>cabe em %1</translation>
    </message>
    <message>
        <source>does not fit in %1</source>
        <translation>não cabe em %1</translation>
    </message>
    <message>
        <source>; KV heads replicated (%1 per GPU)</source>
        <translation>; KV heads replicados (%1 por GPU)</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>weights + KV + state streamed at %1 per GPU; memory-bound</source>
        <translation>pesos + KV + estado lidos a %1 por GPU; decodificação limitada por memória</translation>
    </message>
    <message>
        <source>weights + KV streamed at %1 per GPU; memory-bound</source>
        <translation>pesos + KV lidos a %1 por GPU; decodificação limitada por memória</translation>
    </message>
    <message>
        <source>compute-bound at %1 per GPU</source>
        <translation>limitada por computação, a %1 por GPU</translation>
    </message>
    <message>
        <source>KV streaming alone</source>
        <translation>Só a leitura do KV</translation>
    </message>
    <message>
        <source>%1 per GPU / %2</source>
        <translation>%1 por GPU / %2</translation>
    </message>
    <message>
        <source>Tokens per second</source>
        <translation>Tokens por segundo</translation>
    </message>
    <message>
        <source>per sequence; %1 for the batch</source>
        <translation>por sequência; %1 para o batch</translation>
    </message>
    <message>
        <source>A %1-token answer</source>
        <translation>Resposta de %1 tokens</translation>
    </message>
    <message>
        <source>%1 of it streaming KV; the cache grows while it answers</source>
        <translation>dos quais %1 só lendo o KV; o cache cresce enquanto ela é gerada</translation>
    </message>
    <message>
        <source>The whole conversation</source>
        <translation>A conversa inteira</translation>
    </message>
    <message>
        <source>every token from 0 to %1: quadratic in length</source>
        <translation>cada token de 0 a %1: quadrático no comprimento</translation>
    </message>
    <message>
        <source>Decode attention intensity</source>
        <translation>Intensidade aritmética da atenção na decodificação</translation>
    </message>
    <message>
        <source>%1× below the ridge point (%2 FLOP/B); MHA: %3 FLOP/B</source>
        <translation>%1× abaixo do ponto de equilíbrio (%2 FLOP/B); MHA: %3 FLOP/B</translation>
    </message>
    <message>
        <source>TP over %1 GPUs is not possible for this model: the degree must divide %2 query heads and match %3 KV heads; </source>
        <translation>TP em %1 GPUs não é possível neste modelo: o grau de TP precisa dividir os %2 query heads e ser compatível com os %3 KV heads; </translation>
    </message>
    <message>
        <source>Cannot run as set: see the per-GPU row.</source>
        <translation>Não roda como configurado: veja a linha por GPU.</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>Custo por milhão de tokens de saída</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>US$ %1</translation>
    </message>
    <message>
        <source>%1 × $%2 per GPU-hour at %3 tokens/s for the batch</source>
        <translation>%1 × US$ %2 por hora de GPU a %3 tokens/s para o batch</translation>
    </message>
    <message>
        <source>GQA saving</source>
        <translation>Economia do GQA</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>KV cache por GPU</translation>
    </message>
    <message>
        <source>Total memory</source>
        <translation>Memória total</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>Memória por GPU</translation>
    </message>
    <message>
        <source>Time for the answer</source>
        <translation>Tempo da resposta</translation>
    </message>
    <message>
        <source>Ridge point</source>
        <translation>Ponto de equilíbrio</translation>
    </message>
    <message>
        <source>Tokens per second, whole batch</source>
        <translation>Tokens por segundo, batch inteiro</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>Parallel plan</source>
        <translation>Plano de paralelismo</translation>
    </message>
    <message>
        <source>Time per token, calibrated</source>
        <translation>Tempo por token, calibrado</translation>
    </message>
    <message>
        <source>Sparse-attention (DSA) layers (%1)</source>
        <translation>Camadas de atenção esparsa (DSA) (%1)</translation>
    </message>
    <message>
        <source>Short-convolution layers (%1)</source>
        <translation>Camadas de convolução curta (%1)</translation>
    </message>
    <message>
        <source>Cross-attention layers (%1)</source>
        <translation>Camadas de atenção cruzada (%1)</translation>
    </message>
    <message>
        <source>Layers without attention (%1)</source>
        <translation>Camadas sem atenção (%1)</translation>
    </message>
    <message>
        <source>%1 KV heads × %2</source>
        <translation>%1 KV heads × %2</translation>
    </message>
    <message>
        <source>%1 KV heads × K %2 + V %3</source>
        <translation>%1 KV heads × K %2 + V %3</translation>
    </message>
    <message>
        <source>reading another layer&apos;s cache</source>
        <translation>lendo o cache de outra camada</translation>
    </message>
    <message>
        <source>with Mamba beside</source>
        <translation>com Mamba ao lado</translation>
    </message>
    <message>
        <source>MoE only</source>
        <translation>só MoE</translation>
    </message>
    <message>
        <source>MLP only</source>
        <translation>só MLP</translation>
    </message>
    <message>
        <source>one latent per token and layer, and an index key of %1 B (fp8 with an fp32 scale, as vLLM and SGLang cache it); %2</source>
        <translation>um latente por token e camada, e uma index key de %1 B (fp8 com uma escala fp32, como vLLM e SGLang guardam no cache); %2</translation>
    </message>
    <message>
        <source>nothing held</source>
        <translation>nada guardado</translation>
    </message>
    <message>
        <source>the state does not grow with the context; read every step</source>
        <translation>o estado não cresce com o contexto; é lido a cada passo</translation>
    </message>
    <message>
        <source>a step reads %1 (%2 tokens per layer)</source>
        <translation>cada passo lê %1 (%2 tokens por camada)</translation>
    </message>
    <message>
        <source>KV read per decode step</source>
        <translation>KV lido por passo de decodificação</translation>
    </message>
    <message>
        <source>less than is held: the model reads only the tokens it selects</source>
        <translation>menos do que fica guardado: o modelo lê só os tokens que seleciona</translation>
    </message>
    <message>
        <source>more than is held: layers read a cache another layer holds</source>
        <translation>mais do que fica guardado: camadas leem um cache que outra camada guarda</translation>
    </message>
    <message>
        <source>KV read per sequence and step</source>
        <translation>KV lido por sequência e passo</translation>
    </message>
    <message>
        <source>KV read per GPU and step</source>
        <translation>KV lido por GPU e passo</translation>
    </message>
</context>
<context>
    <name>MassText</name>
    <message>
        <source>block size %1: at least 1 token</source>
        <translation>tamanho de bloco %1: pelo menos 1 token</translation>
    </message>
    <message>
        <source>top fraction %1: expected (0, 1]</source>
        <translation>fração do topo %1: esperado (0, 1]</translation>
    </message>
    <message>
        <source>threshold %1: expected (0, 1]</source>
        <translation>limiar %1: esperado (0, 1]</translation>
    </message>
    <message>
        <source>layer %1 holds no attention mass (every weight is zero)</source>
        <translation>a camada %1 não tem massa de atenção (todos os pesos são zero)</translation>
    </message>
    <message>
        <source>layer %1: the masses add up past the largest number</source>
        <translation>camada %1: a soma das massas passa do maior número representável</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>nenhuma camada</translation>
    </message>
    <message>
        <source>block mass %1 is not a finite number ≥ 0</source>
        <translation>a massa do bloco %1 não é um número finito ≥ 0</translation>
    </message>
    <message>
        <source>shape %1 has %2 axes: expected [layers, keys], [layers, queries, keys] or [layers, heads, queries, keys]</source>
        <translation>o shape %1 tem %2 eixos: esperado [camadas, keys], [camadas, queries, keys] ou [camadas, heads, queries, keys]</translation>
    </message>
    <message>
        <source>shape %1: %2 layers, more than %3</source>
        <translation>shape %1: %2 camadas, mais que %3</translation>
    </message>
    <message>
        <source>shape %1: %2 heads, more than %3</source>
        <translation>shape %1: %2 heads, mais que %3</translation>
    </message>
    <message>
        <source>%1 blocks of %2 keys are too many to hold: choose a larger block size</source>
        <translation>%1 blocos de %2 keys são demais para guardar: escolha um tamanho de bloco maior</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>camada %1</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>head %1</translation>
    </message>
    <message>
        <source>query %1</source>
        <translation>query %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>key %1</translation>
    </message>
    <message>
        <source>negative (%1)</source>
        <translation>negativo (%1)</translation>
    </message>
    <message>
        <source>weight at [%1] is %2: attention weights are finite and ≥ 0</source>
        <translation>o peso em [%1] é %2: pesos de atenção são finitos e ≥ 0</translation>
    </message>
    <message>
        <source>empty file</source>
        <translation>arquivo vazio</translation>
    </message>
    <message>
        <source>line %1: %2 fields; expected layer,block,mass</source>
        <translation>linha %1: %2 campos; esperado layer,block,mass</translation>
    </message>
    <message>
        <source>line %1: layer &quot;%2&quot; is not a whole number in 0-%3</source>
        <translation>linha %1: a camada &quot;%2&quot; não é um número inteiro entre 0 e %3</translation>
    </message>
    <message>
        <source>line %1: block &quot;%2&quot; is not a whole number in 0-%3</source>
        <translation>linha %1: o bloco &quot;%2&quot; não é um número inteiro entre 0 e %3</translation>
    </message>
    <message>
        <source>line %1: mass &quot;%2&quot; is not a number</source>
        <translation>linha %1: a massa &quot;%2&quot; não é um número</translation>
    </message>
    <message>
        <source>line %1: mass %2 is %3: attention mass is finite and ≥ 0</source>
        <translation>linha %1: a massa %2 é %3: a massa de atenção é finita e ≥ 0</translation>
    </message>
    <message>
        <source>no rows: expected layer,block,mass</source>
        <translation>nenhuma linha: esperado layer,block,mass</translation>
    </message>
    <message>
        <source>layer %1 has no rows (layers 0-%2 expected)</source>
        <translation>a camada %1 não tem linhas (esperadas as camadas 0 a %2)</translation>
    </message>
    <message>
        <source>Reading the blocks that hold 99% of the mass would cut KV reads to %1%: %2 per token instead of %3.</source>
        <translation>Ler só os blocos que concentram 99% da massa reduziria as leituras de KV a %1%: %2 por token em vez de %3.</translation>
    </message>
    <message>
        <source>No saving: every block is needed to hold 99% of the mass; a step takes %1 per token either way.</source>
        <translation>Nenhuma economia: todos os blocos são necessários para concentrar 99% da massa; um passo leva %1 por token de qualquer forma.</translation>
    </message>
    <message>
        <source>Reading only the blocks that hold 99% of the mass would cut KV reads by %1% but save no time: %2 per token either way.</source>
        <translation>Ler só os blocos que concentram 99% da massa reduziria as leituras de KV em %1%, mas não economizaria tempo: %2 por token de qualquer forma.</translation>
    </message>
    <message>
        <source>line %1 is longer than %2 bytes: not a layer,block,mass row</source>
        <translation>a linha %1 tem mais de %2 bytes: não é uma linha layer,block,mass</translation>
    </message>
    <message>
        <source>%1 blocks are too many to hold</source>
        <translation>%1 blocos são demais para guardar</translation>
    </message>
    <message>
        <source>the file changed while it was read</source>
        <translation>o arquivo mudou enquanto era lido</translation>
    </message>
    <message>
        <source>not enough memory for the block sums: choose a larger block size</source>
        <translation>memória insuficiente para as somas dos blocos: escolha um tamanho de bloco maior</translation>
    </message>
    <message>
        <source>threads %1: expected 0 (automatic) to %2</source>
        <translation>threads %1: esperado de 0 (automático) a %2</translation>
    </message>
</context>
<context>
    <name>MeasuredText</name>
    <message>
        <source>measured bandwidth: buffer of %1 B</source>
        <translation>largura de banda medida: buffer de %1 B</translation>
    </message>
    <message>
        <source>measured bandwidth: %1 B/s is outside %2-%3</source>
        <translation>largura de banda medida: %1 B/s está fora de %2-%3</translation>
    </message>
    <message>
        <source>measured bandwidth: sweep point (%1 B, %2 B/s) is out of range</source>
        <translation>largura de banda medida: ponto da varredura (%1 B, %2 B/s) fora do intervalo</translation>
    </message>
</context>
<context>
    <name>ModelText</name>
    <message>
        <source>%1: %2 is outside %3-%4</source>
        <translation>%1: %2 está fora de %3 a %4</translation>
    </message>
    <message>
        <source>layer_pattern: empty</source>
        <translation>layer_pattern: vazio</translation>
    </message>
    <message>
        <source>kv_heads: %1 does not divide query_heads %2</source>
        <translation>kv_heads: %1 não divide query_heads %2</translation>
    </message>
    <message>
        <source>kv_lora_rank: latent layers need a positive rank</source>
        <translation>kv_lora_rank: camadas latentes precisam de um posto positivo</translation>
    </message>
    <message>
        <source>parameters: %1 is not a parameter count</source>
        <translation>parameters: %1 não é uma contagem de parâmetros</translation>
    </message>
    <message>
        <source>active_parameters: more than total_parameters</source>
        <translation>active_parameters: mais que total_parameters</translation>
    </message>
    <message>
        <source>hidden_size: needed to estimate the parameters</source>
        <translation>hidden_size: necessário para estimar os parâmetros</translation>
    </message>
    <message>
        <source>MLA %1+%2</source>
        <translation>MLA %1+%2</translation>
    </message>
    <message>
        <source>MHA %1</source>
        <translation>MHA %1</translation>
    </message>
    <message>
        <source>MQA %1:1</source>
        <translation>MQA %1:1</translation>
    </message>
    <message>
        <source>GQA %1:%2</source>
        <translation>GQA %1:%2</translation>
    </message>
    <message>
        <source>window %1 on %2/%3 layers</source>
        <translation>janela de %1 em %2/%3 camadas</translation>
    </message>
    <message>
        <source>chunks of %1 on %2/%3 layers</source>
        <translation>blocos de %1 em %2/%3 camadas</translation>
    </message>
    <message>
        <source>linear attention on %1/%2 layers</source>
        <translation>atenção linear em %1/%2 camadas</translation>
    </message>
    <message>
        <source>Mamba on %1/%2 layers</source>
        <translation>Mamba em %1/%2 camadas</translation>
    </message>
    <message>
        <source>%1: experts of %2 give %3 inactive parameters per token, not fewer than total_parameters %4; give moe_intermediate_size or active_parameters</source>
        <translation>%1: especialistas de %2 dão %3 parâmetros inativos por token, não menos que total_parameters %4; informe moe_intermediate_size ou active_parameters</translation>
    </message>
    <message>
        <source>layer_types.kv_heads: %1 does not divide query_heads %2</source>
        <translation>layer_types.kv_heads: %1 não divide query_heads %2</translation>
    </message>
    <message>
        <source>DSA: MLA %1+%2, top %3 of the tokens by a %4-head indexer</source>
        <translation>DSA: MLA %1+%2, os %3 melhores tokens por um indexador de %4 heads</translation>
    </message>
    <message>
        <source>short convolution on %1/%2 layers</source>
        <translation>convolução curta em %1/%2 camadas</translation>
    </message>
    <message>
        <source>cross-attention to %1 image tokens on %2/%3 layers</source>
        <translation>atenção cruzada a %1 tokens de imagem em %2/%3 camadas</translation>
    </message>
    <message>
        <source>%1/%2 layers read another layer&apos;s cache</source>
        <translation>%1/%2 camadas leem o cache de outra camada</translation>
    </message>
</context>
<context>
    <name>ParallelText</name>
    <message>
        <source>every parallel degree must be at least 1</source>
        <translation>todo grau de paralelismo deve ser pelo menos 1</translation>
    </message>
    <message>
        <source>EP %1 does not divide the %2 GPUs of the MoE group</source>
        <translation>EP %1 não divide as %2 GPUs do grupo MoE</translation>
    </message>
    <message>
        <source>EP %1 needs a model with at least %1 experts</source>
        <translation>EP %1 exige um modelo com pelo menos %1 especialistas</translation>
    </message>
    <message>
        <source>PP %1 is more stages than the %2 layers</source>
        <translation>PP %1 são mais estágios que as %2 camadas</translation>
    </message>
    <message>
        <source>TP %1 splits the weights; an MLA latent is on every TP rank, so TP does not shrink the cache</source>
        <translation>TP %1 divide os pesos; um latente MLA fica em cada rank de TP, então o TP não reduz o cache</translation>
    </message>
    <message>
        <source>TP %1 splits the weights and the %2 KV heads, one per GPU at most; past that they are replicated</source>
        <translation>TP %1 divide os pesos e as %2 cabeças KV, no máximo uma por GPU; além disso elas são replicadas</translation>
    </message>
    <message>
        <source>TP %1 splits the weights and the KV heads</source>
        <translation>TP %1 divide os pesos e as cabeças KV</translation>
    </message>
    <message>
        <source>attention DP %1 splits the %2 sequences</source>
        <translation>DP de atenção %1 divide as %2 sequências</translation>
    </message>
    <message>
        <source>context parallel %1 splits each sequence&apos;s %2-token cache along its tokens</source>
        <translation>paralelismo de contexto %1 divide o cache de %2 tokens de cada sequência ao longo dos tokens</translation>
    </message>
    <message>
        <source>EP %1 splits the %2 experts</source>
        <translation>EP %1 divide os %2 especialistas</translation>
    </message>
    <message>
        <source>PP %1 splits the %2 layers into stages</source>
        <translation>PP %1 divide as %2 camadas em estágios</translation>
    </message>
    <message>
        <source>%1 GPUs: %2</source>
        <translation>%1 GPUs: %2</translation>
    </message>
    <message>
        <source>no plan of up to %1 GPUs holds the weights and the cache</source>
        <translation>nenhum plano de até %1 GPUs comporta os pesos e o cache</translation>
    </message>
</context>
<context>
    <name>ProbeFailure</name>
    <message>
        <source>it gave no reason</source>
        <translation>ele não informou o motivo</translation>
    </message>
    <message>
        <source>The probe program was not found: KV Ledger looked for %1.</source>
        <translation>O programa de medição não foi encontrado: o KV Ledger o procurou em %1.</translation>
    </message>
    <message>
        <source>The probe program %1 could not be started: %2</source>
        <translation>Não foi possível iniciar o programa de medição %1: %2</translation>
    </message>
    <message>
        <source>The probe was killed (SIGKILL), probably stopped for lack of memory: try a smaller buffer.</source>
        <translation>O programa de medição foi morto (SIGKILL), provavelmente por falta de memória: tente um buffer menor.</translation>
    </message>
    <message>
        <source>The probe crashed (%1).</source>
        <translation>O programa de medição terminou de forma inesperada (%1).</translation>
    </message>
    <message numerus="yes">
        <source>The probe gave no sign of life for %n second(s) and was stopped: it hung, as a GPU driver fault can make it.</source>
        <translation>
            <numerusform>O programa de medição não deu sinal de vida por %n segundo e foi interrompido: travou, como uma falha do driver da GPU pode fazer.</numerusform>
            <numerusform>O programa de medição não deu sinal de vida por %n segundos e foi interrompido: travou, como uma falha do driver da GPU pode fazer.</numerusform>
        </translation>
    </message>
    <message>
        <source>The probe could not measure: %1</source>
        <translation>O programa de medição não conseguiu medir: %1</translation>
    </message>
    <message>
        <source>The probe refused its arguments: %1</source>
        <translation>O programa de medição recusou seus argumentos: %1</translation>
    </message>
    <message>
        <source>The probe ended with status %1: %2</source>
        <translation>O programa de medição terminou com status %1: %2</translation>
    </message>
    <message>
        <source>The probe&apos;s output could not be read (%1): %2</source>
        <translation>Não foi possível ler a saída do programa de medição (%1): %2</translation>
    </message>
    <message>
        <source>The probe&apos;s device list could not be read (%1).</source>
        <translation>Não foi possível ler a lista de dispositivos do programa de medição (%1).</translation>
    </message>
    <message>
        <source>%1, signal %2</source>
        <translation>%1, sinal %2</translation>
    </message>
    <message>
        <source>signal %1</source>
        <translation>sinal %1</translation>
    </message>
</context>
<context>
    <name>ProbeJson</name>
    <message>
        <source>not JSON (%1 at byte %2)</source>
        <translation>não é JSON (%1 no byte %2)</translation>
    </message>
    <message>
        <source>the field “%1” is missing or of the wrong type</source>
        <translation>o campo “%1” está ausente ou tem o tipo errado</translation>
    </message>
    <message>
        <source>a sweep without a single measurement</source>
        <translation>uma varredura sem nenhuma medição</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>%1 on %2 × %3 (%4, %5 each), %6 tokens of context, KV %7, weights %8, batch %9.</source>
        <translation>%1 em %2 × %3 (%4 e %5 cada), contexto de %6 tokens, KV %7, pesos %8, batch %9.</translation>
    </message>
    <message>
        <source>Bandwidth efficiency %1%, usable memory %2%, compute efficiency %3%; answers of %4 tokens; $%5 per GPU-hour.</source>
        <translation>Eficiência de largura de banda %1%, memória utilizável %2%, eficiência de computação %3%; respostas de %4 tokens; US$ %5 por GPU-hora.</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Grandeza</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Como</translation>
    </message>
    <message>
        <source>A: baseline</source>
        <translation>A: referência</translation>
    </message>
    <message>
        <source>B: this scenario</source>
        <translation>B: este cenário</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Variação</translation>
    </message>
    <message>
        <source>Comparison with the baseline</source>
        <translation>Comparação com a referência</translation>
    </message>
    <message>
        <source>Every ledger figure for the baseline (A) and this scenario (B), and how it changed.</source>
        <translation>Cada número do livro-caixa para a referência (A) e para este cenário (B), e como ele variou.</translation>
    </message>
    <message>
        <source>What each change does, applied in turn from A to B</source>
        <translation>O que cada mudança faz, aplicada uma a uma de A para B</translation>
    </message>
    <message>
        <source>The two scenarios are the same.</source>
        <translation>Os dois cenários são iguais.</translation>
    </message>
    <message>
        <source>KV Ledger report</source>
        <translation>Relatório do KV Ledger</translation>
    </message>
    <message>
        <source>A companion to the article “%1”</source>
        <translation>Complemento do artigo “%1”</translation>
    </message>
    <message>
        <source>%1 · KV Ledger %2</source>
        <translation>%1 · KV Ledger %2</translation>
    </message>
    <message>
        <source>Every decoded token reads the whole KV cache from GPU memory: the figures below say what that costs in this scenario.</source>
        <translation>Cada token decodificado lê todo o KV cache da memória da GPU: os números abaixo dizem quanto isso custa neste cenário.</translation>
    </message>
    <message>
        <source>Scenario (B):</source>
        <translation>Cenário (B):</translation>
    </message>
    <message>
        <source>Baseline (A):</source>
        <translation>Referência (A):</translation>
    </message>
    <message>
        <source>Scenario:</source>
        <translation>Cenário:</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Sumário</translation>
    </message>
    <message>
        <source>The ledger</source>
        <translation>O livro-caixa</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Página %1 de %2</translation>
    </message>
    <message>
        <source>Figure %1. %2</source>
        <translation>Figura %1. %2</translation>
    </message>
    <message>
        <source>KV Ledger report: %1</source>
        <translation>Relatório do KV Ledger: %1</translation>
    </message>
    <message>
        <source>KV Ledger report: %1, %2</source>
        <translation>Relatório do KV Ledger: %1, %2</translation>
    </message>
    <message>
        <source>the PDF writer could not start</source>
        <translation>não foi possível iniciar o gerador de PDF</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>no constants fitted for engine &quot;%1&quot;</source>
        <translation>nenhuma constante ajustada para a engine &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Calibrated predictions against measured runs (constants fitted to %1)</source>
        <translation>Previsões calibradas contra execuções medidas (constantes ajustadas a %1)</translation>
    </message>
    <message>
        <source>id | mode | floor TPOT ms | predicted TPOT ms | measured TPOT ms | predicted TTFT ms | measured TTFT ms | reason</source>
        <translation>id | modo | TPOT piso ms | TPOT previsto ms | TPOT medido ms | TTFT previsto ms | TTFT medido ms | motivo</translation>
    </message>
    <message>
        <source>group | rows | predicted | TPOT error median / p90 | TTFT error median / p90</source>
        <translation>grupo | linhas | previstas | erro de TPOT mediana / p90 | erro de TTFT mediana / p90</translation>
    </message>
    <message>
        <source>By mode</source>
        <translation>Por modo</translation>
    </message>
    <message>
        <source>By engine (aggregated runs)</source>
        <translation>Por engine (execuções agregadas)</translation>
    </message>
    <message>
        <source>By GPU</source>
        <translation>Por GPU</translation>
    </message>
    <message>
        <source>By model</source>
        <translation>Por modelo</translation>
    </message>
</context>
<context>
    <name>RooflineText</name>
    <message>
        <source>Decode attention, MHA (%1 KV heads)</source>
        <translation>Atenção na decodificação, MHA (%1 KV heads)</translation>
    </message>
    <message>
        <source>2/e = 2 / %1</source>
        <translation>2/e = 2 / %1</translation>
    </message>
    <message>
        <source>Decode attention, GQA %1:%2</source>
        <translation>Atenção na decodificação, GQA %1:%2</translation>
    </message>
    <message>
        <source>2g/e = 2 × %1 / %2</source>
        <translation>2g/e = 2 × %1 / %2</translation>
    </message>
    <message>
        <source>Decode attention, MLA %1+%2</source>
        <translation>Atenção na decodificação, MLA %1+%2</translation>
    </message>
    <message>
        <source>q × 2 × (2r + p) / ((r + p) e) = %1 × 2 × %2 / (%3 × %4)</source>
        <translation>q × 2 × (2r + p) / ((r + p) e) = %1 × 2 × %2 / (%3 × %4)</translation>
    </message>
    <message>
        <source>Decode weight matmuls, batch %1</source>
        <translation>Matmuls dos pesos na decodificação, batch %1</translation>
    </message>
    <message>
        <source>2 × active parameters × B / bytes of the experts %1 tokens touch</source>
        <translation>2 × parâmetros ativos × B / bytes dos experts que %1 tokens acionam</translation>
    </message>
    <message>
        <source>≈ 2B/e_w = 2 × %1 / %2</source>
        <translation>≈ 2B/e_w = 2 × %1 / %2</translation>
    </message>
    <message>
        <source>Prefill, %1-token prompt</source>
        <translation>Prefill, prompt de %1 tokens</translation>
    </message>
    <message>
        <source>(2 N P + attention) / (weights + KV written); ≈ 2P/e_w for long prompts</source>
        <translation>(2 N P + atenção) / (pesos + KV escrito); ≈ 2P/e_w para prompts longos</translation>
    </message>
    <message>
        <source>Decode attention, DSA at %1 tokens (indexer + top %2)</source>
        <translation>Atenção na decodificação, DSA em %1 tokens (indexador + %2 melhores)</translation>
    </message>
    <message>
        <source>(indexer 2 × %1 × %2 × L + MLA on min(L, %3)) / (%4 B × L + latents read)</source>
        <translation>(indexador 2 × %1 × %2 × L + MLA em min(L, %3)) / (%4 B × L + latentes lidos)</translation>
    </message>
</context>
<context>
    <name>RunsText</name>
    <message>
        <source>is not a whole number of at least %1</source>
        <translation>não é um número inteiro de pelo menos %1</translation>
    </message>
    <message>
        <source>is not a non-negative number</source>
        <translation>não é um número não negativo</translation>
    </message>
    <message>
        <source>line %1, %2: &quot;%3&quot; %4</source>
        <translation>linha %1, %2: &quot;%3&quot; %4</translation>
    </message>
    <message>
        <source>empty file: expected a header line with %1</source>
        <translation>arquivo vazio: esperava uma linha de cabeçalho com %1</translation>
    </message>
    <message>
        <source>missing columns: %1</source>
        <translation>colunas ausentes: %1</translation>
    </message>
    <message>
        <source>line %1, mode: &quot;%2&quot; is not agg or disagg</source>
        <translation>linha %1, mode: &quot;%2&quot; não é agg nem disagg</translation>
    </message>
    <message>
        <source>unknown model &quot;%1&quot;: no preset has that Hugging Face id and %2 does not exist</source>
        <translation>modelo desconhecido &quot;%1&quot;: nenhuma predefinição tem esse id do Hugging Face e %2 não existe</translation>
    </message>
    <message>
        <source>unknown model &quot;%1&quot;: no preset has that Hugging Face id (give --configs DIR)</source>
        <translation>modelo desconhecido &quot;%1&quot;: nenhuma predefinição tem esse id do Hugging Face (informe --configs DIR)</translation>
    </message>
    <message>
        <source>tp_size × attention_dp_size %1 = moe_tp %2 × moe_ep %3 is past the %4-GPU NVLink domain: read as %5</source>
        <translation>tp_size × attention_dp_size %1 = moe_tp %2 × moe_ep %3 passa do domínio NVLink de %4 GPUs: lido como %5</translation>
    </message>
    <message>
        <source>unknown system &quot;%1&quot; (known: %2)</source>
        <translation>sistema desconhecido &quot;%1&quot; (conhecidos: %2)</translation>
    </message>
    <message>
        <source>system &quot;%1&quot;: no GPU preset &quot;%2&quot;</source>
        <translation>sistema &quot;%1&quot;: não há predefinição de GPU &quot;%2&quot;</translation>
    </message>
    <message>
        <source>unknown weight format &quot;%1&quot;</source>
        <translation>formato de pesos desconhecido &quot;%1&quot;</translation>
    </message>
    <message>
        <source>line %1, spec_decoding: &quot;%2&quot; is not none, mtp or unknown</source>
        <translation>linha %1, spec_decoding: &quot;%2&quot; não é none, mtp nem unknown</translation>
    </message>
    <message>
        <source>line %1, random_range_ratio: %2 is more than 1</source>
        <translation>linha %1, random_range_ratio: %2 é maior que 1</translation>
    </message>
    <message>
        <source>attention_dp_size %1 = tp_size with moe_ep %2 = tp_size²: read as %3</source>
        <translation>attention_dp_size %1 = tp_size com moe_ep %2 = tp_size²: lido como %3</translation>
    </message>
    <message>
        <source>moe_tp %1 × moe_ep %2 spans more GPUs than tp_size × attention_dp_size %3: read as %4</source>
        <translation>moe_tp %1 × moe_ep %2 abrange mais GPUs que tp_size × attention_dp_size %3: lido como %4</translation>
    </message>
    <message>
        <source>spec_decoding unknown: the source does not say whether the run drafted tokens (MTP)</source>
        <translation>spec_decoding unknown: a fonte não diz se a execução propôs tokens de rascunho (MTP)</translation>
    </message>
    <message>
        <source>spec_decoding mtp without nextn, the tokens drafted per step</source>
        <translation>spec_decoding mtp sem nextn, os tokens de rascunho por passo</translation>
    </message>
    <message>
        <source>decode_batch_size and decode_num_workers not given: the decode workers&apos; batch is unknown</source>
        <translation>decode_batch_size e decode_num_workers não informados: o batch dos workers de decodificação é desconhecido</translation>
    </message>
    <message>
        <source>neither concurrency nor batch_size given</source>
        <translation>nem concurrency nem batch_size informados</translation>
    </message>
</context>
<context>
    <name>ScenarioText</name>
    <message>
        <source>gpus: %1 is outside 1-%2</source>
        <translation>gpus: %1 está fora de 1 a %2</translation>
    </message>
    <message>
        <source>context: %1 is outside 0-%2</source>
        <translation>context: %1 está fora de 0 a %2</translation>
    </message>
    <message>
        <source>batch: %1 is outside 1-%2</source>
        <translation>batch: %1 está fora de 1 a %2</translation>
    </message>
    <message>
        <source>response: %1 is outside 0-%2</source>
        <translation>response: %1 está fora de 0 a %2</translation>
    </message>
    <message>
        <source>efficiency: %1 is outside %2-%3</source>
        <translation>eficiência: %1 está fora de %2-%3</translation>
    </message>
    <message>
        <source>memory fraction: %1 is outside %2-%3</source>
        <translation>fração de memória: %1 está fora de %2-%3</translation>
    </message>
    <message>
        <source>compute efficiency: %1 is outside %2-%3</source>
        <translation>eficiência de computação: %1 está fora de %2-%3</translation>
    </message>
    <message>
        <source>GPU-hour price: %1 is outside %2-%3</source>
        <translation>preço por hora de GPU: %1 está fora de %2-%3</translation>
    </message>
    <message>
        <source>engine: &quot;%1&quot; has no fitted constants (%2)</source>
        <translation>engine: &quot;%1&quot; não tem constantes ajustadas (%2)</translation>
    </message>
</context>
<context>
    <name>SessionText</name>
    <message>
        <source>turns: %1 is outside 1-%2</source>
        <translation>turnos: %1 está fora de 1-%2</translation>
    </message>
    <message>
        <source>context, turn input and response: none may be negative</source>
        <translation>contexto, entrada por turno e resposta: nenhum pode ser negativo</translation>
    </message>
    <message>
        <source>max batched tokens: %1 is outside 1-%2</source>
        <translation>máximo de tokens por batch: %1 está fora de 1-%2</translation>
    </message>
    <message>
        <source>the session ends at %1 tokens, past the %2 a context may hold</source>
        <translation>a sessão termina em %1 tokens, além dos %2 que um contexto pode conter</translation>
    </message>
</context>
<context>
    <name>StrategyText</name>
    <message>
        <source>&quot;%1&quot; is not an option here (%2)</source>
        <translation>&quot;%1&quot; não é uma opção aqui (%2)</translation>
    </message>
    <message>
        <source>%1 given twice</source>
        <translation>%1 informado duas vezes</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a token count</source>
        <translation>%1: &quot;%2&quot; não é uma contagem de tokens</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3-%4 tokens</source>
        <translation>%1: %2 está fora de %3 a %4 tokens</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a share in %3, 1] (0.5 or 50%)</source>
        <translation>%1: &quot;%2&quot; não é uma fração em %3, 1] (escreva 0.5, com ponto, ou 50%)</translation>
    </message>
    <message>
        <source>scale-bits: &quot;%1&quot; is not 1-64 bits</source>
        <translation>scale-bits: &quot;%1&quot; não está entre 1 e 64 bits</translation>
    </message>
    <message>
        <source>scale-bits: %1 has no group scales (give :gN)</source>
        <translation>scale-bits: %1 não tem escalas por grupo (informe :gN)</translation>
    </message>
    <message>
        <source>recent %1 is more than the budget %2</source>
        <translation>recent %1 é maior que o orçamento %2</translation>
    </message>
    <message>
        <source>sparse needs k=K,block=S</source>
        <translation>sparse precisa de k=K,block=S</translation>
    </message>
    <message>
        <source>sparse needs %1=</source>
        <translation>sparse precisa de %1=</translation>
    </message>
    <message>
        <source>summary: %1 keys per block; 0-16 expected</source>
        <translation>summary: %1 keys por bloco; esperado de 0 a 16</translation>
    </message>
    <message>
        <source>dense: %1 layers is more than %2</source>
        <translation>dense: %1 camadas é mais que %2</translation>
    </message>
    <message>
        <source>k × block is more than %1 tokens</source>
        <translation>k × block passa de %1 tokens</translation>
    </message>
    <message>
        <source>compress-block needs compress=D</source>
        <translation>compress-block precisa de compress=D</translation>
    </message>
    <message>
        <source>compress-block %1 is shorter than the stride %2: tokens would be skipped</source>
        <translation>compress-block %1 é menor que o passo %2: tokens ficariam de fora</translation>
    </message>
    <message>
        <source>recent needs old=P, the precision of older tokens</source>
        <translation>recent precisa de old=P, a precisão dos tokens mais antigos</translation>
    </message>
    <message>
        <source>empty part</source>
        <translation>parte vazia</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a strategy: expected %2</source>
        <translation>&quot;%1&quot; não é uma estratégia: esperado %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: two token policies (%2 and %3); stack one token policy with one precision</source>
        <translation>&quot;%1&quot;: duas políticas de tokens (%2 e %3); combine uma política de tokens com uma precisão</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: two precisions; stack one token policy with one precision</source>
        <translation>&quot;%1&quot;: duas precisões; combine uma política de tokens com uma precisão</translation>
    </message>
    <message>
        <source>full cache</source>
        <translation>cache completo</translation>
    </message>
    <message>
        <source>Nothing dropped yet: %1 tokens fit in %2 sinks + %3 recent.</source>
        <translation>Nada descartado ainda: %1 tokens cabem em %2 sinks + %3 recentes.</translation>
    </message>
    <message>
        <source>; the other %1 keep them</source>
        <translation>; as outras %1 os mantêm</translation>
    </message>
    <message>
        <source>Tokens %1 to %2 (%3 tokens) are gone on %4 of %5 layers%6.</source>
        <translation>Os tokens %1 a %2 (%3 tokens) somem em %4 de %5 camadas%6.</translation>
    </message>
    <message>
        <source>Without sink tokens the attention that parks on the first tokens has nowhere to go (StreamingLLM keeps 4).</source>
        <translation>Sem tokens sink, a atenção que se acumula nos primeiros tokens não tem para onde ir (o StreamingLLM mantém 4).</translation>
    </message>
    <message>
        <source>Nothing dropped yet: %1 tokens fit in the budget of %2.</source>
        <translation>Nada descartado ainda: %1 tokens cabem no orçamento de %2.</translation>
    </message>
    <message>
        <source>Each layer keeps %1 of %2 tokens: the newest %3 and %4 chosen by the attention scores seen so far. The other %5 are gone, whichever the next question needs.</source>
        <translation>Cada camada mantém %1 de %2 tokens: os %3 mais novos e %4 escolhidos pelos scores de atenção vistos até agora. Os outros %5 se perdem, seja qual for a necessidade da próxima pergunta.</translation>
    </message>
    <message>
        <source>Latent (MLA) layers have no separate KV heads and keep everything.</source>
        <translation>Camadas latentes (MLA) não têm KV heads separados e mantêm tudo.</translation>
    </message>
    <message>
        <source>the compressed tokens&apos; scores</source>
        <translation>os scores dos tokens comprimidos</translation>
    </message>
    <message>
        <source>Nothing dropped: every token stays in memory. A step reads %1 blocks of %2 tokens chosen by %3; a block the choice misses is skipped this step, not lost.</source>
        <translation>Nada descartado: todos os tokens ficam na memória. Cada passo lê %1 blocos de %2 tokens escolhidos por %3; um bloco que a escolha deixa de fora é pulado neste passo, não perdido.</translation>
    </message>
    <message>
        <source>The model&apos;s own %1 sliding-window layers keep only the last %2 tokens.</source>
        <translation>As %1 camadas de janela deslizante do próprio modelo mantêm só os últimos %2 tokens.</translation>
    </message>
    <message>
        <source>The newest %1 tokens at %2, older ones at %3: rounding, not loss.</source>
        <translation>Os %1 tokens mais novos em %2, os mais antigos em %3: arredondamento, não perda.</translation>
    </message>
    <message>
        <source>Every token kept at %1: rounding, not loss%2.</source>
        <translation>Todos os tokens mantidos em %1: arredondamento, não perda%2.</translation>
    </message>
    <message>
        <source>; measure recall on your own traffic before going below 8 bits</source>
        <translation>; meça o recall no seu próprio tráfego antes de descer abaixo de 8 bits</translation>
    </message>
    <message>
        <source>Nothing dropped: every step reads every token.</source>
        <translation>Nada descartado: cada passo lê todos os tokens.</translation>
    </message>
    <message>
        <source>A detail mentioned once and not kept cannot be recalled later; agents live on such details (IDs, exact numbers, old log lines).</source>
        <translation>Um detalhe citado uma vez e não mantido não pode ser recuperado depois; agentes vivem desses detalhes (IDs, números exatos, linhas antigas de log).</translation>
    </message>
    <message>
        <source>Streaming heads keep %1 sinks + %2 recent: tokens %1 to %3 are gone from them. Retrieval heads (%4% of KV heads) keep all %5, so an old detail survives only where they look.</source>
        <translation>Os streaming heads guardam %1 sinks + %2 recentes: os tokens de %1 a %3 somem deles. Os retrieval heads (%4% dos KV heads) guardam todos os %5, então um detalhe antigo só sobrevive onde eles olham.</translation>
    </message>
    <message>
        <source>The first %1 and the newest %2 tokens at %3, the stale ones between them at %4: rounding, not loss.</source>
        <translation>Os primeiros %1 e os %2 tokens mais recentes em %3, os obsoletos entre eles em %4: arredondamento, não perda.</translation>
    </message>
    <message>
        <source>This model&apos;s own trained sparse attention (DSA): every token stays in memory; a step scores all %1 index keys and reads the %2 latents its indexer picks. These are the model&apos;s own figures; no block selection is stacked on top.</source>
        <translation>A atenção esparsa treinada do próprio modelo (DSA): todos os tokens ficam na memória; cada passo pontua todas as %1 index keys e lê os %2 latentes que o indexador escolhe. Estes são os números do próprio modelo; nenhuma seleção de blocos é empilhada por cima.</translation>
    </message>
    <message>
        <source>Nothing dropped: every token stays in memory, and the model&apos;s own sparse attention (DSA) reads %1 of the %2 latents per layer, after scoring every index key.</source>
        <translation>Nada descartado: todos os tokens ficam na memória, e a atenção esparsa do próprio modelo (DSA) lê %1 dos %2 latentes por camada, depois de pontuar todas as index keys.</translation>
    </message>
    <message>
        <source>Dense attention: every step reads all %1 tokens&apos; latents on every layer, with no indexer, as the dense model this one was trained from does. The reference the sparse reads are measured against.</source>
        <translation>Atenção densa: cada passo lê os latents de todos os %1 tokens em todas as camadas, sem indexador, como faz o modelo denso do qual este foi treinado. É a referência contra a qual se medem as leituras esparsas.</translation>
    </message>
    <message>
        <source>Dense attention</source>
        <translation>Atenção densa</translation>
    </message>
    <message>
        <source>The same model with every latent read each step, no indexer: the dense attention its sparse attention replaces.</source>
        <translation>O mesmo modelo lendo todos os latents a cada passo, sem indexador: a atenção densa que a atenção esparsa substitui.</translation>
    </message>
    <message>
        <source>a precision (fp8, int8, int4, fp4), window:W[,sinks:S][,layers:F], budget:B|P%[,recent:R], duo:F[,sinks:S][,window:W], sparse:k=K,block=S[,summary=N,window=W,compress=D,compress-block=L,dense=N], recent:R[@P][,sinks=S],old=P[,scale-bits=N], dense, or a preset (%1)</source>
        <translation>uma precisão (fp8, int8, int4, fp4), window:W[,sinks:S][,layers:F], budget:B|P%[,recent:R], duo:F[,sinks:S][,window:W], sparse:k=K,block=S[,summary=N,window=W,compress=D,compress-block=L,dense=N], recent:R[@P][,sinks=S],old=P[,scale-bits=N], dense ou uma predefinição (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n stored key(s) per block</source>
        <translation>
            <numerusform>%n key armazenada por bloco</numerusform>
            <numerusform>%n keys armazenadas por bloco</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SyntheticText</name>
    <message>
        <source>not a synthetic source (uniform, power-law, recency, needle)</source>
        <translation>não é uma fonte sintética (uniform, power-law, recency, needle)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value with a key of %2</source>
        <translation>&quot;%1&quot; não é chave=valor com uma chave entre %2</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: &quot;%2&quot; não é um número</translation>
    </message>
    <message>
        <source>%1: %2 is not a whole number in %3-%4</source>
        <translation>%1: %2 não é um número inteiro entre %3 e %4</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3%4, %5]</source>
        <translation>%1: %2 está fora de %3%4, %5]</translation>
    </message>
    <message>
        <source>sink-share + floor is more than the whole mass</source>
        <translation>sink-share + floor passa da massa inteira</translation>
    </message>
    <message>
        <source>synthetic %1</source>
        <translation>sintética %1</translation>
    </message>
    <message>
        <source>The needle (block %1, %2% of the mass) ranks %3 of %4 blocks: inside the %5 blocks that hold 99%.</source>
        <translation>A agulha (bloco %1, %2% da massa) fica em %3º lugar entre %4 blocos: dentro dos %5 blocos que concentram 99%.</translation>
    </message>
    <message>
        <source>The needle (block %1, %2% of the mass) ranks %3 of %4 blocks: outside the %5 blocks that hold 99%.</source>
        <translation>A agulha (bloco %1, %2% da massa) fica em %3º lugar entre %4 blocos: fora dos %5 blocos que concentram 99%.</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>uniforme</translation>
    </message>
    <message>
        <source>power law, exponent %1</source>
        <translation>lei de potência, expoente %1</translation>
    </message>
    <message>
        <source>recency with sinks</source>
        <translation>recência com sinks</translation>
    </message>
    <message>
        <source>a needle among recency and sinks</source>
        <translation>uma agulha em meio a recência e sinks</translation>
    </message>
    <message>
        <source>Synthetic: %1, %2 layers × %3 blocks</source>
        <translation>Sintético: %1, %2 camadas × %3 blocos</translation>
    </message>
    <message>
        <source>, the first %1 flat</source>
        <translation>, as %1 primeiras planas</translation>
    </message>
</context>
<context>
    <name>UnitsText</name>
    <message>
        <source>&quot;%1&quot; is not a token count</source>
        <translation>&quot;%1&quot; não é uma contagem de tokens</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too large</source>
        <translation>&quot;%1&quot; é grande demais</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a whole number of tokens</source>
        <translation>&quot;%1&quot; não é um número inteiro de tokens</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 dias</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a token count: group digits in threes (1,000,000) or not at all</source>
        <translation>&quot;%1&quot; não é uma contagem de tokens: agrupe os dígitos de três em três (1.000.000) ou não os agrupe</translation>
    </message>
    <message>
        <source>&quot;%1&quot; could be %2 or %3: write one of them</source>
        <translation>&quot;%1&quot; pode ser %2 ou %3: escreva um dos dois</translation>
    </message>
</context>
<context>
    <name>ValidationText</name>
    <message>
        <source>Llama-3-8B-Instruct, 1 × H800, vLLM 0.4.2, 1k prompt</source>
        <translation>Llama-3-8B-Instruct, 1 × H800, vLLM 0.4.2, prompt de 1k</translation>
    </message>
    <message>
        <source>the same, ~200k prompt</source>
        <translation>o mesmo, prompt de ~200k</translation>
    </message>
    <message>
        <source>Llama-3.3-70B FP8, 2 × H100, concurrency 1, 5,000 in / 500 out</source>
        <translation>Llama-3.3-70B FP8, 2 × H100, concorrência 1, 5.000 de entrada / 500 de saída</translation>
    </message>
    <message>
        <source>the same, 5,000 in</source>
        <translation>o mesmo, 5.000 de entrada</translation>
    </message>
    <message>
        <source>the same, 500 in / 2,000 out</source>
        <translation>o mesmo, 500 de entrada / 2.000 de saída</translation>
    </message>
    <message>
        <source>the same, 500 in</source>
        <translation>o mesmo, 500 de entrada</translation>
    </message>
    <message>
        <source>Llama-3.3-70B FP8, 2 × H100, 20,000 in / 2,000 out</source>
        <translation>Llama-3.3-70B FP8, 2 × H100, 20.000 de entrada / 2.000 de saída</translation>
    </message>
    <message>
        <source>Llama-3.3-70B FP8, 1 × H200, 20,000 in / 2,000 out</source>
        <translation>Llama-3.3-70B FP8, 1 × H200, 20.000 de entrada / 2.000 de saída</translation>
    </message>
    <message>
        <source>Llama 3.1 405B FP8, 8 × H200, 120,000 in / 2,048 out</source>
        <translation>Llama 3.1 405B FP8, 8 × H200, 120.000 de entrada / 2.048 de saída</translation>
    </message>
</context>
<context>
    <name>VllmLogText</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 tokens is impossible</source>
        <translation>%1: %2 tokens é impossível</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: &quot;%2&quot; não é um número</translation>
    </message>
    <message>
        <source>%1: %2 is impossible (not above zero)</source>
        <translation>%1: %2 é impossível (não é maior que zero)</translation>
    </message>
    <message>
        <source>no &quot;GPU KV cache size: N tokens&quot; line</source>
        <translation>nenhuma linha &quot;GPU KV cache size: N tokens&quot;</translation>
    </message>
    <message>
        <source>no &quot;Maximum concurrency for L tokens per request: Xx&quot; line</source>
        <translation>nenhuma linha &quot;Maximum concurrency for L tokens per request: Xx&quot;</translation>
    </message>
    <message>
        <source>%1: larger than 64 MiB, not a start-up log</source>
        <translation>%1: maior que 64 MiB, não é um log de inicialização</translation>
    </message>
</context>
<context>
    <name>kvl::AccessibleNames</name>
    <message>
        <source>Bandwidth measurements</source>
        <translation>Medições de largura de banda</translation>
    </message>
    <message>
        <source>KV strategies to compare</source>
        <translation>Estratégias de KV a comparar</translation>
    </message>
    <message>
        <source>KV strategies compared</source>
        <translation>Estratégias de KV comparadas</translation>
    </message>
    <message>
        <source>Custom strategy, as a spec</source>
        <translation>Estratégia personalizada, como especificação</translation>
    </message>
    <message>
        <source>Points on the roofline</source>
        <translation>Pontos no roofline</translation>
    </message>
    <message>
        <source>Prefill prompt (tokens)</source>
        <translation>Prompt de prefill (tokens)</translation>
    </message>
    <message>
        <source>Compute roof precision</source>
        <translation>Precisão do teto de computação</translation>
    </message>
    <message>
        <source>Attention mass per layer</source>
        <translation>Massa de atenção por camada</translation>
    </message>
</context>
<context>
    <name>kvl::AttentionChart</name>
    <message>
        <source>KV cache by attention kind</source>
        <translation>KV cache por tipo de atenção</translation>
    </message>
    <message>
        <source>MHA</source>
        <translation>MHA</translation>
    </message>
    <message>
        <source>MHA, %1 KV heads</source>
        <translation>MHA, %1 KV heads</translation>
    </message>
    <message>
        <source>GQA</source>
        <translation>GQA</translation>
    </message>
    <message>
        <source>GQA, %1 KV heads</source>
        <translation>GQA, %1 KV heads</translation>
    </message>
    <message>
        <source>MQA</source>
        <translation>MQA</translation>
    </message>
    <message>
        <source>MQA, 1 KV head</source>
        <translation>MQA, 1 KV head</translation>
    </message>
    <message>
        <source>MLA</source>
        <translation>MLA</translation>
    </message>
    <message>
        <source>MLA, latent %1 + %2</source>
        <translation>MLA, latente %1 + %2</translation>
    </message>
    <message>
        <source>%1 (this model)</source>
        <translation>%1 (este modelo)</translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation>Bytes de KV por token</translation>
    </message>
    <message>
        <source>KV cache at the context</source>
        <translation>KV cache no contexto</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>%1 saves %2× KV vs MHA</source>
        <translation>%1: %2× menos KV que MHA</translation>
    </message>
    <message>
        <source>MHA model: MQA would save %1× KV</source>
        <translation>MHA: o MQA teria %1× menos KV</translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation>%1 (%2 tokens)</translation>
    </message>
</context>
<context>
    <name>kvl::Calibration</name>
    <message>
        <source>fits: expected a list</source>
        <translation>fits: esperava uma lista</translation>
    </message>
    <message>
        <source>%1/%2: %3: expected a non-negative number</source>
        <translation>%1/%2: %3: esperava um número não negativo</translation>
    </message>
</context>
<context>
    <name>kvl::CapacityPanel</name>
    <message>
        <source>Device memory (datasheet label)</source>
        <translation>Memória do dispositivo (rótulo da ficha técnica)</translation>
    </message>
    <message>
        <source>Device memory (as the driver reports it)</source>
        <translation>Memória do dispositivo (como o driver informa)</translation>
    </message>
    <message>
        <source>× gpu_memory_utilization %1</source>
        <translation>× gpu_memory_utilization %1</translation>
    </message>
    <message>
        <source>− weights per GPU</source>
        <translation>− pesos por GPU</translation>
    </message>
    <message>
        <source>− activations (profiling peak, %1 batched tokens)</source>
        <translation>− ativações (pico do profiling, %1 tokens no batch)</translation>
    </message>
    <message>
        <source>− CUDA context, graphs, NCCL (allowance)</source>
        <translation>− contexto CUDA, grafos, NCCL (reserva)</translation>
    </message>
    <message>
        <source>= KV cache memory per GPU (given)</source>
        <translation>= memória do KV cache por GPU (informada)</translation>
    </message>
    <message>
        <source>= KV cache memory per GPU</source>
        <translation>= memória do KV cache por GPU</translation>
    </message>
    <message>
        <source>Page: %1 tokens of one layer</source>
        <translation>Página: %1 tokens de uma camada</translation>
    </message>
    <message>
        <source>Blocks (num_gpu_blocks)</source>
        <translation>Blocos (num_gpu_blocks)</translation>
    </message>
    <message>
        <source>GPU KV cache size</source>
        <translation>Tamanho do KV cache na GPU</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>Maximum concurrency at %1 tokens per request</source>
        <translation>Concorrência máxima com %1 tokens por requisição</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Paste the start-up lines of a vLLM server to compare: &quot;GPU KV cache size&quot; and &quot;Maximum concurrency&quot;.</source>
        <translation>Cole as linhas de inicialização de um servidor vLLM para comparar: &quot;GPU KV cache size&quot; e &quot;Maximum concurrency&quot;.</translation>
    </message>
    <message>
        <source>Not a vLLM start-up log: %1</source>
        <translation>Não é um log de inicialização do vLLM: %1</translation>
    </message>
    <message>
        <source>Logged %1 tokens, predicted %2 (%3); concurrency logged %4×, predicted %5×.</source>
        <translation>Log: %1 tokens, previsto: %2 (%3); concorrência no log %4×, prevista %5×.</translation>
    </message>
    <message>
        <source>The log&apos;s max_model_len is %1 tokens, the scenario&apos;s context %2: set the context to the log&apos;s for a like-for-like comparison.</source>
        <translation>O max_model_len do log é %1 tokens e o contexto do cenário, %2: ajuste o contexto ao do log para comparar igual com igual.</translation>
    </message>
    <message>
        <source>KV memory logged %1, predicted %2 (%3).</source>
        <translation>Memória de KV no log %1, prevista %2 (%3).</translation>
    </message>
    <message>
        <source>GPU memory utilization:</source>
        <translation>Uso da memória da GPU:</translation>
    </message>
    <message>
        <source>Block size (tokens):</source>
        <translation>Tamanho do bloco (tokens):</translation>
    </message>
    <message>
        <source>Max batched tokens:</source>
        <translation>Máx. de tokens por batch:</translation>
    </message>
    <message>
        <source>vLLM&apos;s default</source>
        <translation>padrão do vLLM</translation>
    </message>
    <message>
        <source>KV cache memory:</source>
        <translation>Memória do KV cache:</translation>
    </message>
    <message>
        <source>profiled</source>
        <translation>medida no profiling</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>What vLLM would log:</source>
        <translation>O que o vLLM registraria no log:</translation>
    </message>
    <message>
        <source>Paste your vLLM log:</source>
        <translation>Cole o seu log do vLLM:</translation>
    </message>
    <message>
        <source>INFO ... GPU KV cache size: 178,880 tokens</source>
        <translation>Ex. (como o vLLM escreve): INFO ... GPU KV cache size: 178,880 tokens</translation>
    </message>
    <message>
        <source>Budget per GPU</source>
        <translation>Orçamento por GPU</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Memory budget per GPU, as vLLM computes it</source>
        <translation>Orçamento de memória por GPU, como o vLLM calcula</translation>
    </message>
    <message>
        <source>vLLM would refuse to start:</source>
        <translation>O vLLM se recusaria a iniciar:</translation>
    </message>
    <message>
        <source>As vLLM computes it at start-up, per GPU of %1 (tensor parallel)</source>
        <translation>Como o vLLM calcula na inicialização, por GPU de %1 (paralelismo de tensor)</translation>
    </message>
</context>
<context>
    <name>kvl::ControlsPanel</name>
    <message>
        <source>Model: %1</source>
        <translation>Modelo: %1</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU: %1</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Camadas</translation>
    </message>
    <message>
        <source>Query heads</source>
        <translation>Query heads</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV heads</translation>
    </message>
    <message>
        <source>Head dim</source>
        <translation>Head dim</translation>
    </message>
    <message>
        <source>KV precision</source>
        <translation>Precisão do KV</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>Precisão dos pesos</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Tamanho do contexto</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>Número de GPUs</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Bandwidth efficiency</source>
        <translation>Eficiência de largura de banda</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>Predefinições</translation>
    </message>
    <message>
        <source>Model shape</source>
        <translation>Arquitetura do modelo</translation>
    </message>
    <message>
        <source>Bytes per element</source>
        <translation>Bytes por elemento</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>Implantação</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modelo</translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation>&amp;GPU</translation>
    </message>
    <message>
        <source>&amp;Import config.json…</source>
        <translation>&amp;Importar config.json…</translation>
    </message>
    <message>
        <source>Read layers, heads, head dim, windows and MLA from a Hugging Face config.json</source>
        <translation>Lê camadas, heads, head dim, janelas e MLA de um config.json do Hugging Face</translation>
    </message>
    <message>
        <source>A published model: its shape fills every term of the formula</source>
        <translation>Um modelo publicado: sua arquitetura preenche cada termo da fórmula</translation>
    </message>
    <message>
        <source>The GPU&apos;s memory sets how many are needed to fit; its bandwidth sets the time per token</source>
        <translation>A memória da GPU define quantas são necessárias para caber; sua largura de banda define o tempo por token</translation>
    </message>
    <message>
        <source>2 × layers × KV heads × head dim × bytes per element</source>
        <translation>2 × camadas × KV heads × head dim × bytes por elemento</translation>
    </message>
    <message>
        <source>&amp;Layers</source>
        <translation>&amp;Camadas</translation>
    </message>
    <message>
        <source>The “layers” term of %1: every layer caches its own K and V for every token.</source>
        <translation>O termo “camadas” de %1: cada camada guarda no cache seu próprio K e V para cada token.</translation>
    </message>
    <message>
        <source>&amp;Query heads</source>
        <translation>&amp;Query heads</translation>
    </message>
    <message>
        <source>Not a term of %1, but the KV heads must divide the query heads. With as many KV heads as query heads the model is MHA.</source>
        <translation>Não é um termo de %1, mas os KV heads precisam dividir os query heads. Com tantos KV heads quanto query heads, o modelo é MHA.</translation>
    </message>
    <message>
        <source>&amp;KV heads</source>
        <translation>&amp;KV heads</translation>
    </message>
    <message>
        <source>The “KV heads” term of %1. 1 = MQA, as many as the query heads = MHA, GQA in between: the query heads of a group share one K and V.</source>
        <translation>O termo “KV heads” de %1. 1 = MQA, tantos quanto os query heads = MHA, GQA entre os dois: os query heads de um grupo compartilham um K e um V.</translation>
    </message>
    <message>
        <source>The “head dim” term of %1: elements of one head&apos;s K (and of its V).</source>
        <translation>O termo “head dim” de %1: elementos do K de um head (e do seu V).</translation>
    </message>
    <message>
        <source>The “bytes per element” term of %1: fp16 = 2, fp8 = 1, int4 with one fp16 scale per 32 values = 0.5625.</source>
        <translation>O termo “bytes por elemento” de %1: fp16 = 2, fp8 = 1, int4 com uma escala fp16 a cada 32 valores = 0,5625.</translation>
    </message>
    <message>
        <source>&amp;Weight precision</source>
        <translation>Precisão dos &amp;pesos</translation>
    </message>
    <message>
        <source>&amp;Context length (tokens)</source>
        <translation>Contexto (&amp;tokens)</translation>
    </message>
    <message>
        <source>Multiplies %1: the cache holds every token, and each decoded token reads all of them. Type 128k, 1M, 128Ki or 1Mi.</source>
        <translation>Multiplica %1: o cache guarda todos os tokens, e cada token decodificado lê todos eles. Digite 128k, 1M, 128Ki ou 1Mi.</translation>
    </message>
    <message>
        <source>Splits the weights and the KV heads N ways; a GPU holds at least one KV head, so past that the heads are replicated. Each GPU streams its share in parallel.</source>
        <translation>Divide os pesos e os KV heads em N partes; cada GPU guarda pelo menos um KV head, então, passado esse ponto, os heads são replicados. Cada GPU lê a sua parte em paralelo.</translation>
    </message>
    <message>
        <source>&amp;Batch (sequences)</source>
        <translation>&amp;Batch (sequências)</translation>
    </message>
    <message>
        <source>Concurrent sequences: each has its own cache, so %1 × context is paid per sequence; the weights are read once per step for all.</source>
        <translation>Sequências concorrentes: cada uma tem seu próprio cache, então %1 × contexto é pago por sequência; os pesos são lidos uma vez por passo para todas.</translation>
    </message>
    <message>
        <source>Achieved / datasheet bandwidth; divides the time per token. 100% is the physical floor the seed article uses.</source>
        <translation>Largura de banda obtida / da ficha técnica; divide o tempo por token. 100% é o piso físico usado no artigo de origem.</translation>
    </message>
    <message>
        <source>Custom (edited)</source>
        <translation>Personalizado (editado)</translation>
    </message>
    <message>
        <source>Not in %1: the bytes of the weights, which every decode step also reads once. “As stored” costs each part as the checkpoint stores it (fp8 blocks, MXFP4 experts beside bf16 attention); a format costs every part at that format.</source>
        <translation>Fora de %1: os bytes dos pesos, que cada passo de decodificação também lê uma vez. “Como armazenados” custeia cada parte como o checkpoint a armazena (blocos fp8, experts MXFP4 ao lado da atenção em bf16); um formato custeia todas as partes nesse formato.</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1 (importado)</translation>
    </message>
    <message>
        <source>Notes on %1</source>
        <translation>Notas sobre %1</translation>
    </message>
    <message>
        <source>As stored (%1)</source>
        <translation>Como armazenados (%1)</translation>
    </message>
    <message>
        <source>≈ %1 parameters, %2 active per token, estimated from the shape</source>
        <translation>≈ %1 parâmetros, %2 ativos por token, estimados a partir das dimensões</translation>
    </message>
    <message>
        <source>≈ %1 parameters, estimated from the shape</source>
        <translation>≈ %1 parâmetros, estimados a partir das dimensões</translation>
    </message>
    <message>
        <source>%1 parameters, %2 active per token, as published</source>
        <translation>%1 parâmetros, %2 ativos por token, como publicado</translation>
    </message>
    <message>
        <source>%1 parameters, as published</source>
        <translation>%1 parâmetros, como publicado</translation>
    </message>
    <message>
        <source>He&amp;ad dim</source>
        <translation>&amp;Head dim</translation>
    </message>
    <message>
        <source>KV &amp;precision</source>
        <translation>Precisão do K&amp;V</translation>
    </message>
    <message>
        <source>GPUs (&amp;tensor parallel)</source>
        <translation>GPUs (parale&amp;lismo de tensor)</translation>
    </message>
    <message>
        <source>Ba&amp;ndwidth efficiency</source>
        <translation>E&amp;ficiência de largura de banda</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>Engine de inferência</translation>
    </message>
    <message>
        <source>Serving engine (e&amp;xpected time)</source>
        <translation>Engine de inferência (tempo esperado)</translation>
    </message>
    <message>
        <source>None: the floor only</source>
        <translation>Nenhuma: só o piso</translation>
    </message>
    <message>
        <source>Beside the floor, the time per token this engine reached on measured runs: constants fitted per engine and GPU generation (a calibrated prediction, not a floor), drawn above the floor on the latency chart and given in the ledger.</source>
        <translation>Ao lado do piso, o tempo por token que esta engine atingiu em execuções medidas: constantes ajustadas por engine e geração de GPU (uma previsão calibrada, não um piso), desenhada acima do piso no gráfico de latência e dada no livro-caixa.</translation>
    </message>
</context>
<context>
    <name>kvl::CostBatchChart</name>
    <message>
        <source>Cost per million output tokens vs batch</source>
        <translation>Custo por milhão de tokens de saída vs. batch</translation>
    </message>
    <message>
        <source>Batch (concurrent sequences, log scale)</source>
        <translation>Batch (sequências simultâneas, escala log)</translation>
    </message>
    <message>
        <source>USD per million output tokens (log scale)</source>
        <translation>US$ por milhão de tokens de saída (escala log)</translation>
    </message>
    <message>
        <source>Batches that fit</source>
        <translation>Batches que cabem</translation>
    </message>
    <message>
        <source>Past the memory (dashed)</source>
        <translation>Além da memória (tracejado)</translation>
    </message>
    <message>
        <source>Memory wall: %1 at most</source>
        <translation>Muro da memória: no máximo %1</translation>
    </message>
    <message>
        <source>Memory wall: not even one sequence fits</source>
        <translation>Muro da memória: nem uma sequência cabe</translation>
    </message>
    <message>
        <source>This scenario&apos;s batch</source>
        <translation>O batch deste cenário</translation>
    </message>
    <message>
        <source>%1: %2 per million output tokens%3</source>
        <translation>%1: %2 por milhão de tokens de saída%3</translation>
    </message>
    <message>
        <source>does not fit in memory</source>
        <translation>não cabe na memória</translation>
    </message>
    <message>
        <source>%1: %2 per million output tokens for one sequence, which does not fit</source>
        <translation>%1: %2 por milhão de tokens de saída para uma sequência, que não cabe</translation>
    </message>
    <message>
        <source>%1: %2 per million for one sequence, %3 at the largest batch that fits (%4)</source>
        <translation>%1: %2 por milhão para uma sequência, %3 no maior batch que cabe (%4)</translation>
    </message>
</context>
<context>
    <name>kvl::CostContextChart</name>
    <message>
        <source>Cost per million output tokens vs context length</source>
        <translation>Custo por milhão de tokens de saída vs. contexto</translation>
    </message>
    <message>
        <source>Context length (tokens, log scale)</source>
        <translation>Tamanho do contexto (tokens, escala log)</translation>
    </message>
    <message>
        <source>USD per million output tokens (log scale)</source>
        <translation>US$ por milhão de tokens de saída (escala log)</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 sequência</translation>
    </message>
    <message>
        <source>batch of %1</source>
        <translation>batch de %1</translation>
    </message>
    <message>
        <source>Past the memory (dashed)</source>
        <translation>Além da memória (tracejado)</translation>
    </message>
    <message>
        <source>Memory wall: %1 tokens at most</source>
        <translation>Muro da memória: no máximo %1 tokens</translation>
    </message>
    <message>
        <source>This scenario&apos;s context</source>
        <translation>O contexto deste cenário</translation>
    </message>
    <message>
        <source>%1 tokens: %2 per million output tokens%3</source>
        <translation>%1 tokens: %2 por milhão de tokens de saída%3</translation>
    </message>
    <message>
        <source>does not fit in memory</source>
        <translation>não cabe na memória</translation>
    </message>
    <message>
        <source>%1: %2 per million output tokens at %3 tokens, %4 at %5 tokens</source>
        <translation>%1: %2 por milhão de tokens de saída com %3 tokens, %4 com %5 tokens</translation>
    </message>
</context>
<context>
    <name>kvl::DecodeStepView</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Click to move to the next part</source>
        <translation>Clique para passar à próxima parte</translation>
    </message>
    <message>
        <source>1. The new token&apos;s query.</source>
        <translation>1. A query do novo token.</translation>
    </message>
    <message>
        <source>2. It is compared with the key of every earlier token: all of them are read.</source>
        <translation>2. Ela é comparada com a key de cada token anterior: todas são lidas.</translation>
    </message>
    <message>
        <source>3. The softmax turns the scores into weights that sum to 100%.</source>
        <translation>3. O softmax transforma as pontuações em pesos que somam 100%.</translation>
    </message>
    <message>
        <source>4. The weights combine the values into the output.</source>
        <translation>4. Os pesos combinam os values na saída.</translation>
    </message>
    <message>
        <source>5. The new token&apos;s key and value join the KV cache: the next step reads them instead of recomputing them.</source>
        <translation>5. A key e o value do novo token entram no KV cache: o próximo passo os lê em vez de recalculá-los.</translation>
    </message>
    <message>
        <source>One decode step of attention</source>
        <translation>Um passo de decodificação da atenção</translation>
    </message>
    <message>
        <source>The new token&apos;s query is compared with the keys of %1 earlier tokens; their softmax weights are %2; the weights combine the values; the new key and value are kept.</source>
        <translation>A query do novo token é comparada com as keys de %1 tokens anteriores; os pesos do softmax são %2; os pesos combinam os values; a nova key e o novo value são guardados.</translation>
    </message>
    <message>
        <source>query</source>
        <translation>query</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>keys</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>pesos</translation>
    </message>
    <message>
        <source>values</source>
        <translation>values</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>guardados</translation>
    </message>
    <message>
        <source>output</source>
        <translation>saída</translation>
    </message>
</context>
<context>
    <name>kvl::EnginePrediction</name>
    <message>
        <source>no engine chosen</source>
        <translation>nenhuma engine escolhida</translation>
    </message>
    <message>
        <source>no constants fitted for engine &quot;%1&quot;</source>
        <translation>nenhuma constante ajustada para a engine &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>kvl::EngineRealityTable</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Runs drawn</source>
        <translation>Execuções no gráfico</translation>
    </message>
    <message>
        <source>Median error</source>
        <translation>Erro mediano</translation>
    </message>
    <message>
        <source>p90 error</source>
        <translation>Erro p90</translation>
    </message>
    <message>
        <source>Share of the floor&apos;s speed</source>
        <translation>Fração da velocidade do piso</translation>
    </message>
    <message>
        <source>The median of floor time per token / measured time per token over the engine&apos;s aggregated runs: the share of the datasheet&apos;s speed the engine reaches</source>
        <translation>A mediana de tempo por token do piso / tempo por token medido nas execuções agregadas da engine: a fração da velocidade do datasheet que a engine atinge</translation>
    </message>
    <message>
        <source>Each engine&apos;s error and the share of the floor&apos;s speed it reaches</source>
        <translation>O erro de cada engine e a fração da velocidade do piso que ela atinge</translation>
    </message>
</context>
<context>
    <name>kvl::ExportActions</name>
    <message>
        <source>Export failed</source>
        <translation>Falha na exportação</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 exportado</translation>
    </message>
    <message>
        <source>Export Every Chart and the Ledger</source>
        <translation>Exportar todos os gráficos e o livro-caixa</translation>
    </message>
    <message>
        <source>Exported every chart and the ledger to %1</source>
        <translation>Todos os gráficos e o livro-caixa exportados para %1</translation>
    </message>
    <message>
        <source>PDF Report</source>
        <translation>Relatório em PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 gravado</translation>
    </message>
    <message>
        <source>Export Ledger</source>
        <translation>Exportar livro-caixa</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export Measurements</source>
        <translation>Exportar medições</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Copied the %1 chart</source>
        <translation>Gráfico “%1” copiado</translation>
    </message>
    <message>
        <source>Copied the ledger</source>
        <translation>Livro-caixa copiado</translation>
    </message>
</context>
<context>
    <name>kvl::ExportDialog</name>
    <message>
        <source>Export Chart</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>Imagem PNG</translation>
    </message>
    <message>
        <source>SVG (text stays text)</source>
        <translation>SVG (o texto continua texto)</translation>
    </message>
    <message>
        <source>PDF (text stays text)</source>
        <translation>PDF (o texto continua texto)</translation>
    </message>
    <message>
        <source>CSV of the series</source>
        <translation>CSV das séries</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Procurar…</translation>
    </message>
    <message>
        <source>&amp;Chart:</source>
        <translation>&amp;Gráfico:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Largura:</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Altura:</translation>
    </message>
    <message>
        <source>&amp;Resolution:</source>
        <translation>&amp;Resolução:</translation>
    </message>
    <message>
        <source>Save &amp;to:</source>
        <translation>Salvar &amp;em:</translation>
    </message>
</context>
<context>
    <name>kvl::GpuPanel</name>
    <message>
        <source>Measurement failed: %1</source>
        <translation>A medição falhou: %1</translation>
    </message>
    <message>
        <source>Cancelled; nothing was recorded.</source>
        <translation>Cancelada; nada foi registrado.</translation>
    </message>
    <message numerus="yes">
        <source>Host memory, %n thread(s); last-level cache %1.</source>
        <translation>
            <numerusform>Memória do host, %n thread; cache de último nível %1.</numerusform>
            <numerusform>Memória do host, %n threads; cache de último nível %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>No GPU measured: %1. The host probe still shows that reading bytes costs time.</source>
        <translation>Nenhuma GPU medida: %1. A medição no host ainda mostra que ler bytes custa tempo.</translation>
    </message>
    <message>
        <source>host selected</source>
        <translation>host selecionado</translation>
    </message>
    <message>
        <source>%1 SMs, %2 memory (%3 free), L2 %4.</source>
        <translation>%1 SMs, %2 de memória (%3 livres), L2 %4.</translation>
    </message>
    <message>
        <source>Memory clock × bus width: %1 theoretical.</source>
        <translation>Clock da memória × largura do barramento: %1 em teoria.</translation>
    </message>
    <message>
        <source>Measuring %1…</source>
        <translation>Medindo %1…</translation>
    </message>
    <message>
        <source>Sweeping buffer sizes on %1…</source>
        <translation>Varrendo tamanhos de buffer em %1…</translation>
    </message>
    <message>
        <source>The checksum did not match the fill pattern: the loads did not return the data, so no bandwidth is reported.</source>
        <translation>O checksum não bateu com o padrão de preenchimento: as leituras não devolveram os dados, então nenhuma largura de banda é informada.</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>Largura de banda medida</translation>
    </message>
    <message>
        <source>%1: median %2, best %3 over %4%5.</source>
        <translation>%1: mediana %2, melhor %3 em %4%5.</translation>
    </message>
    <message>
        <source> (smaller than 4× the cache)</source>
        <translation> (menor que 4× o cache)</translation>
    </message>
    <message>
        <source>The measurement is %1× the datasheet of %2: it cannot be a bandwidth of that GPU.</source>
        <translation>A medição é %1× o valor da ficha técnica da %2: não pode ser a largura de banda dessa GPU.</translation>
    </message>
    <message>
        <source>Use measured bandwidth</source>
        <translation>Usar a largura de banda medida</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>&amp;Dispositivo:</translation>
    </message>
    <message>
        <source>&amp;Samples:</source>
        <translation>Amostra&amp;s:</translation>
    </message>
    <message>
        <source>automatic (≥ 4× cache)</source>
        <translation>automático (≥ 4× cache)</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Buffer to stream; at least 4× the cache, or the cache answers instead of memory</source>
        <translation>Buffer a ser lido; pelo menos 4× o cache, senão quem responde é o cache, e não a memória</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automático</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>Executa&amp;r</translation>
    </message>
    <message>
        <source>Stream the buffer repeatedly and time it</source>
        <translation>Lê o buffer repetidamente e mede o tempo</translation>
    </message>
    <message>
        <source>Measure from 1 MiB up: the cache plateau, then the memory plateau</source>
        <translation>Mede a partir de 1 MiB: o platô do cache, depois o platô da memória</translation>
    </message>
    <message>
        <source>&amp;Use measured bandwidth in the scenario</source>
        <translation>&amp;Usar a largura de banda medida no cenário</translation>
    </message>
    <message>
        <source>Sets the efficiency to measured / datasheet bandwidth</source>
        <translation>Define a eficiência como largura de banda medida / largura de banda da ficha técnica</translation>
    </message>
    <message>
        <source>Bandwidth against buffer size</source>
        <translation>Largura de banda por tamanho de buffer</translation>
    </message>
    <message>
        <source>All CUDA devices at once</source>
        <translation>Todas as GPUs CUDA ao mesmo tempo</translation>
    </message>
    <message>
        <source>cache %1</source>
        <translation>cache %1</translation>
    </message>
    <message>
        <source>L2 %1</source>
        <translation>L2 %1</translation>
    </message>
    <message>
        <source>median</source>
        <translation>mediana</translation>
    </message>
    <message>
        <source>Saved with the scenario: %1, median %2 over %3.</source>
        <translation>Salva com o cenário: %1, mediana de %2 em %3.</translation>
    </message>
    <message>
        <source>Buffer:</source>
        <translation>Buffer:</translation>
    </message>
    <message>
        <source>Per sample:</source>
        <translation>Por amostra:</translation>
    </message>
    <message>
        <source>Sweep si&amp;zes</source>
        <translation>Varrer tama&amp;nhos</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>The measurement is %1 % of the datasheet of %2, below the %3 % an efficiency may be: it cannot be a bandwidth of that GPU.</source>
        <translation>A medição é %1% da ficha técnica da %2, abaixo dos %3% que uma eficiência pode ter: não pode ser a largura de banda dessa GPU.</translation>
    </message>
    <message>
        <source>no CUDA driver that this probe can use</source>
        <translation>nenhum driver CUDA que esta medição possa usar</translation>
    </message>
    <message>
        <source>no CUDA device</source>
        <translation>nenhum dispositivo CUDA</translation>
    </message>
    <message>
        <source>CUDA unavailable</source>
        <translation>CUDA indisponível</translation>
    </message>
    <message>
        <source>%1 (CUDA says: “%2”)</source>
        <translation>%1 (mensagem do CUDA: “%2”)</translation>
    </message>
    <message>
        <source>Looking for CUDA GPUs…</source>
        <translation>Procurando GPUs CUDA…</translation>
    </message>
    <message>
        <source>Buffer (MiB, log scale)</source>
        <translation>Buffer (MiB, escala log)</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
</context>
<context>
    <name>kvl::GroupedBarChart</name>
    <message>
        <source>Share of %1 (%)</source>
        <translation>Em relação a %1 (%)</translation>
    </message>
</context>
<context>
    <name>kvl::LatencyChart</name>
    <message>
        <source>KV term only (dotted)</source>
        <translation>Só o KV (pontilhado)</translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation>Este cenário</translation>
    </message>
    <message>
        <source>Time per token vs context length</source>
        <translation>Tempo por token vs. contexto</translation>
    </message>
    <message>
        <source>Context length (tokens, log scale)</source>
        <translation>Contexto (tokens, escala log)</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>Tamanho do contexto (tokens)</translation>
    </message>
    <message>
        <source>Time per token (ms)</source>
        <translation>Tempo por token (ms)</translation>
    </message>
    <message>
        <source>Speed (tokens/s)</source>
        <translation>Vazão (tokens/s)</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>%1 at %2 tokens
%3 per token, %4 tokens/s</source>
        <translation>%1 com %2 tokens
%3 por token, %4 tokens/s</translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation>medida: %1</translation>
    </message>
    <message>
        <source>%1 at %2 tokens
KV term only: %3</source>
        <translation>%1 com %2 tokens
Só o termo de KV: %3</translation>
    </message>
    <message>
        <source>%1: %2 per token (%3 tokens/s) at %4 tokens on %5; KV term only: %6</source>
        <translation>%1: %2 por token (%3 tokens/s) com %4 tokens em %5; só o termo do KV: %6</translation>
    </message>
    <message>
        <source>%1 at %2 tokens
%3 per token</source>
        <translation>%1 com %2 tokens
%3 por token</translation>
    </message>
    <message>
        <source>%1: %2 per token</source>
        <translation>%1: %2 por token</translation>
    </message>
    <message>
        <source>This scenario, KV term only</source>
        <translation>Este cenário, só o KV</translation>
    </message>
    <message>
        <source>%1: the KV read alone</source>
        <translation>%1: só a leitura do KV</translation>
    </message>
    <message>
        <source>%1 calibrated, %2</source>
        <translation>%1 calibrada, %2</translation>
    </message>
</context>
<context>
    <name>kvl::Ledger</name>
    <message>
        <source>no tensor-parallel degree up to %1 fits; replicated KV heads or the weights exceed a GPU</source>
        <translation>nenhum grau de paralelismo de tensor até %1 cabe; KV heads replicados ou os pesos excedem uma GPU</translation>
    </message>
    <message>
        <source>%1 GPUs hold the bytes; a TP degree must divide %2 query heads and match %3 KV heads, so %4</source>
        <translation>%1 GPUs comportam os bytes; o grau de TP precisa dividir os %2 query heads e ser compatível com os %3 KV heads, então %4</translation>
    </message>
    <message>
        <source>more GPUs than the %1 a tensor-parallel group here may have</source>
        <translation>mais GPUs que as %1 que um grupo de paralelismo de tensor pode ter aqui</translation>
    </message>
    <message>
        <source>%1, constants fitted to %2</source>
        <translation>%1, constantes ajustadas a %2</translation>
    </message>
    <message>
        <source>%1 GPUs hold the bytes; an MLA latent is on every TP rank, so only TP %2 holds it by TP alone: see the parallel plan</source>
        <translation>%1 GPUs comportam os bytes; um latente MLA fica em cada rank de TP, então, só com TP, é preciso TP %2 para comportá-lo: veja o plano paralelo</translation>
    </message>
</context>
<context>
    <name>kvl::LedgerChart</name>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
</context>
<context>
    <name>kvl::LedgerView</name>
    <message>
        <source>SI (kB, MB, GB)</source>
        <translation>SI (kB, MB, GB)</translation>
    </message>
    <message>
        <source>Binary (KiB, MiB, GiB)</source>
        <translation>Binárias (KiB, MiB, GiB)</translation>
    </message>
    <message>
        <source>Datasheets use SI: 1 GB = 10^9 B. KiB, MiB and GiB are powers of 1024. The seed&apos;s “320 KB” per token is 320 KiB.</source>
        <translation>As fichas técnicas usam o SI: 1 GB = 10^9 B. KiB, MiB e GiB são potências de 1024. Os “320 KB” por token do artigo de origem são 320 KiB.</translation>
    </message>
    <message>
        <source>Copy the Whole Ledger</source>
        <translation>Copiar o livro-caixa inteiro</translation>
    </message>
    <message>
        <source>%1 is not a tensor-parallel degree for %2: it must divide the %3 query heads and match the %4 KV heads.</source>
        <translation>%1 não é um grau de paralelismo de tensor para %2: o grau de TP precisa dividir os %3 query heads e ser compatível com os %4 KV heads.</translation>
    </message>
    <message>
        <source>No GPU count fits: %1.</source>
        <translation>Nenhum número de GPUs serve: %1.</translation>
    </message>
    <message>
        <source>Cannot run on %1 × %2.</source>
        <translation>Não roda em %1 × %2.</translation>
    </message>
    <message>
        <source>Use 1 GPU</source>
        <translation>Usar 1 GPU</translation>
    </message>
    <message>
        <source>Use %1 GPUs</source>
        <translation>Usar %1 GPUs</translation>
    </message>
    <message>
        <source>The fewest GPUs this scenario fits on as a tensor-parallel deployment</source>
        <translation>O menor número de GPUs em que este cenário cabe numa implantação com paralelismo de tensor</translation>
    </message>
    <message>
        <source>GPU count: %1</source>
        <translation>Número de GPUs: %1</translation>
    </message>
    <message>
        <source>Does not fit in the %1 usable per GPU.</source>
        <translation>Não cabe nos %1 utilizáveis por GPU.</translation>
    </message>
    <message>
        <source>Units:</source>
        <translation>Unidades:</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Livro-caixa</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Agora</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referência</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Variação</translation>
    </message>
    <message>
        <source>Against the baseline (now / baseline / change):</source>
        <translation>Em relação à referência (agora / referência / variação):</translation>
    </message>
    <message>
        <source>The scenario is the baseline: nothing has changed.</source>
        <translation>O cenário é a própria referência: nada mudou.</translation>
    </message>
    <message>
        <source>From the baseline:</source>
        <translation>Desde a referência:</translation>
    </message>
</context>
<context>
    <name>kvl::MainActions</name>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>&amp;Abrir cenário…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Salvar</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Salvar &amp;como…</translation>
    </message>
    <message>
        <source>&amp;Import config.json…</source>
        <translation>&amp;Importar config.json…</translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json</source>
        <translation>Lê um config.json do Hugging Face</translation>
    </message>
    <message>
        <source>&amp;Export Chart…</source>
        <translation>&amp;Exportar gráfico…</translation>
    </message>
    <message>
        <source>One chart as PNG, SVG, PDF or CSV</source>
        <translation>Um gráfico em PNG, SVG, PDF ou CSV</translation>
    </message>
    <message>
        <source>Every chart and the ledger into a folder</source>
        <translation>Todos os gráficos e o livro-caixa em uma pasta</translation>
    </message>
    <message>
        <source>The scenario, the ledger and every chart, one per page</source>
        <translation>O cenário, o livro-caixa e todos os gráficos, um por página</translation>
    </message>
    <message>
        <source>Export &amp;Ledger as JSON…</source>
        <translation>Exportar &amp;livro-caixa como JSON…</translation>
    </message>
    <message>
        <source>Export &amp;Measurements as CSV…</source>
        <translation>Exportar &amp;medições como CSV…</translation>
    </message>
    <message>
        <source>The GPU panel&apos;s bandwidth results</source>
        <translation>Os resultados de largura de banda do painel da GPU</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Sai&amp;r</translation>
    </message>
    <message>
        <source>Copy &amp;Chart</source>
        <translation>Copiar &amp;gráfico</translation>
    </message>
    <message>
        <source>Copy the focused chart as an image</source>
        <translation>Copia o gráfico em foco como imagem</translation>
    </message>
    <message>
        <source>Copy &amp;Ledger</source>
        <translation>Copiar &amp;livro-caixa</translation>
    </message>
    <message>
        <source>Llama 3.1 70B, 1M tokens, fp16, one H100 SXM</source>
        <translation>Llama 3.1 70B, 1M tokens, fp16, uma H100 SXM</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>Modo de a&amp;presentação</translation>
    </message>
    <message>
        <source>Full screen, large type, thick lines (F11)</source>
        <translation>Tela cheia, letras grandes, linhas grossas (F11)</translation>
    </message>
    <message>
        <source>Lo&amp;garithmic Time Axes</source>
        <translation>Eixos de tempo &amp;logarítmicos</translation>
    </message>
    <message>
        <source>Log-log time per token chart (Ctrl+L)</source>
        <translation>Gráfico log-log do tempo por token (Ctrl+L)</translation>
    </message>
    <message>
        <source>Measure this machine&apos;s memory bandwidth (Ctrl+G)</source>
        <translation>Medir a largura de banda de memória desta máquina (Ctrl+G)</translation>
    </message>
    <message>
        <source>Guided &amp;Tour</source>
        <translation>&amp;Tour guiado</translation>
    </message>
    <message>
        <source>The article “%1” step by step (F1)</source>
        <translation>O artigo “%1” passo a passo (F1)</translation>
    </message>
    <message>
        <source>&amp;About KV Ledger</source>
        <translation>&amp;Sobre o KV Ledger</translation>
    </message>
    <message>
        <source>&amp;SI Units (GB)</source>
        <translation>Unidades &amp;SI (GB)</translation>
    </message>
    <message>
        <source>&amp;Binary Units (GiB)</source>
        <translation>Unidades &amp;binárias (GiB)</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>Idioma do &amp;sistema</translation>
    </message>
    <message>
        <source>Sho&amp;w the GPU Panel</source>
        <translation>&amp;Mostrar o painel da GPU</translation>
    </message>
    <message>
        <source>&amp;Pin as Baseline</source>
        <translation>&amp;Fixar como referência</translation>
    </message>
    <message>
        <source>Keep this scenario as the baseline every chart and the ledger compare with (Ctrl+B)</source>
        <translation>Guardar este cenário como a referência com que todos os gráficos e o livro-caixa comparam (Ctrl+B)</translation>
    </message>
    <message>
        <source>Baseline from a Scenario &amp;File…</source>
        <translation>Referência de um &amp;arquivo de cenário…</translation>
    </message>
    <message>
        <source>Compare with a saved .kvledger scenario</source>
        <translation>Comparar com um cenário .kvledger salvo</translation>
    </message>
    <message>
        <source>&amp;Swap Scenario and Baseline</source>
        <translation>&amp;Trocar cenário e referência</translation>
    </message>
    <message>
        <source>Show the baseline as the scenario and the scenario as the baseline: flip back and forth (Ctrl+Shift+B or F8)</source>
        <translation>Mostrar a referência como cenário e o cenário como referência: alterne entre os dois (Ctrl+Shift+B ou F8)</translation>
    </message>
    <message>
        <source>&amp;Unpin Baseline</source>
        <translation>&amp;Desafixar referência</translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation>Parar de comparar</translation>
    </message>
    <message>
        <source>Pin Baseline</source>
        <translation>Fixar referência</translation>
    </message>
    <message>
        <source>A ⇄ B</source>
        <translation>A ⇄ B</translation>
    </message>
    <message>
        <source>New &amp;Window from Current</source>
        <translation>Nova &amp;janela a partir da atual</translation>
    </message>
    <message>
        <source>A second window on a copy of this scenario and its baseline (Ctrl+Shift+N)</source>
        <translation>Uma segunda janela com uma cópia deste cenário e da sua referência (Ctrl+Shift+N)</translation>
    </message>
    <message>
        <source>Export All to a &amp;Folder…</source>
        <translation>Exportar &amp;tudo para uma pasta…</translation>
    </message>
    <message>
        <source>&amp;PDF Report…</source>
        <translation>Relatório em &amp;PDF…</translation>
    </message>
    <message>
        <source>Reset to the &amp;Seed Scenario</source>
        <translation>Voltar ao cenário do &amp;artigo</translation>
    </message>
    <message>
        <source>Present the &amp;Tour</source>
        <translation>Apresentar o &amp;tour</translation>
    </message>
    <message>
        <source>Presentation mode with the guided tour from its first step (F5)</source>
        <translation>Modo de apresentação com o tour guiado desde o primeiro passo (F5)</translation>
    </message>
    <message>
        <source>Present from the &amp;Current Step</source>
        <translation>Apresentar a partir do passo &amp;atual</translation>
    </message>
    <message>
        <source>Presentation mode with the guided tour from the step it is on (Shift+F5)</source>
        <translation>Modo de apresentação com o tour guiado a partir do passo em que está (Shift+F5)</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Abrir…</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Voltar ao artigo</translation>
    </message>
    <message>
        <source>PDF Report…</source>
        <translation>Relatório PDF…</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Apresentar</translation>
    </message>
    <message>
        <source>Tour</source>
        <translation>Tour</translation>
    </message>
</context>
<context>
    <name>kvl::MainWindow</name>
    <message>
        <source>Not applied: %1</source>
        <translation>Não aplicado: %1</translation>
    </message>
    <message>
        <source>About KV Ledger</source>
        <translation>Sobre o KV Ledger</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir rece&amp;ntes</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Cenário</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Livro-caixa</translation>
    </message>
    <message>
        <source>Guided Tour</source>
        <translation>Tour guiado</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Barra de ferramentas principal</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1 (personalizado)</translation>
    </message>
    <message>
        <source>Reset to the seed scenario</source>
        <translation>Voltar ao cenário do artigo</translation>
    </message>
    <message>
        <source>GPU measurement</source>
        <translation>Medição da GPU</translation>
    </message>
    <message>
        <source>GPU Bandwidth</source>
        <translation>Largura de banda da GPU</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>Largura de banda medida</translation>
    </message>
    <message>
        <source>%1; %2% of the %3 datasheet (%4)</source>
        <translation>%1; %2% da ficha técnica da %3 (%4)</translation>
    </message>
    <message>
        <source>Time per token: datasheet vs measured</source>
        <translation>Tempo por token: ficha técnica vs. medido</translation>
    </message>
    <message>
        <source>KV alone: %1 / %2</source>
        <translation>Só o KV: %1 / %2</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Custo</translation>
    </message>
    <message>
        <source>Memory, time per token, GQA and precision</source>
        <translation>Memória, tempo por token, GQA e precisão</translation>
    </message>
    <message>
        <source>KV strategies</source>
        <translation>Estratégias</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Attention mass</source>
        <translation>Massa de atenção</translation>
    </message>
    <message>
        <source>Quantize, window, evict or read sparsely: what each holds, reads and loses</source>
        <translation>Quantizar, janela, evicção ou leitura esparsa: o que cada uma guarda, lê e perde</translation>
    </message>
    <message>
        <source>Where decode sits below the GPU&apos;s ridge point</source>
        <translation>Onde a decodificação fica abaixo do ponto de equilíbrio da GPU</translation>
    </message>
    <message>
        <source>Measure first: how much attention mass the top 1% of KV blocks holds, per layer</source>
        <translation>Meça primeiro: quanta massa de atenção o topo de 1% dos blocos KV concentra, por camada</translation>
    </message>
    <message>
        <source>&lt;h3&gt;KV Ledger %1&lt;/h3&gt;&lt;p&gt;Why long-context decoding is bound by memory bandwidth: every decoded token reads the whole KV cache.&lt;/p&gt;&lt;p&gt;Every figure comes from the cost model in core/, checked by tests against the article “%2” and the datasheets.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;KV Ledger %1&lt;/h3&gt;&lt;p&gt;Por que a decodificação de contexto longo é limitada pela largura de banda de memória: cada token decodificado lê o KV cache inteiro.&lt;/p&gt;&lt;p&gt;Cada número vem do modelo de custo em core/, conferido por testes contra o artigo “%2” e as fichas técnicas.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacidade</translation>
    </message>
    <message>
        <source>Token cost</source>
        <translation>Custo/token</translation>
    </message>
    <message>
        <source>Capacity as vLLM computes it, latency against throughput, measured against predicted</source>
        <translation>Capacidade como o vLLM calcula, latência contra vazão, medido contra previsto</translation>
    </message>
    <message>
        <source>What a million output tokens cost against the batch and the context</source>
        <translation>Quanto custa um milhão de tokens de saída conforme o batch e o contexto</translation>
    </message>
    <message>
        <source>An agent session turn by turn: prefill, answers and cost, prefix cache on and off</source>
        <translation>Uma sessão de agente turno a turno: prefill, respostas e custo, com e sem cache de prefixo</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sessão</translation>
    </message>
    <message>
        <source>Pin baseline</source>
        <translation>Fixar referência</translation>
    </message>
    <message>
        <source>Unpin baseline</source>
        <translation>Desafixar referência</translation>
    </message>
    <message>
        <source>C&amp;ompare</source>
        <translation>C&amp;omparação</translation>
    </message>
    <message>
        <source>Baseline from a &amp;Model Preset</source>
        <translation>Referência de um &amp;modelo predefinido</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>Referência: %1</translation>
    </message>
    <message>
        <source>Reality</source>
        <translation>Realidade</translation>
    </message>
    <message>
        <source>How far real engines are from the model: measured serving runs against their calibrated prediction</source>
        <translation>Quão longe as engines reais estão do modelo: execuções de serviço medidas contra a previsão calibrada</translation>
    </message>
</context>
<context>
    <name>kvl::MappedSpinBox</name>
    <message>
        <source>&quot;%1&quot; is too large</source>
        <translation>&quot;%1&quot; é grande demais</translation>
    </message>
    <message>
        <source>%1 is outside %2 to %3</source>
        <translation>%1 está fora de %2 a %3</translation>
    </message>
</context>
<context>
    <name>kvl::MassCurveChart</name>
    <message>
        <source>Share of KV blocks read, largest first (%)</source>
        <translation>Fração de blocos KV lidos, maiores primeiro (%)</translation>
    </message>
    <message>
        <source>Layer %1: the largest %2 of blocks hold %3 of the mass</source>
        <translation>Camada %1: o topo de %2 dos blocos concentra %3 da massa</translation>
    </message>
    <message>
        <source>Flat mass: every block equal</source>
        <translation>Massa plana: todos os blocos iguais</translation>
    </message>
    <message>
        <source>Cumulative attention mass vs blocks read</source>
        <translation>Massa de atenção acumulada vs. blocos lidos</translation>
    </message>
    <message>
        <source>Layer %1 (%2)</source>
        <translation>Camada %1 (%2)</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Camada %1</translation>
    </message>
    <message>
        <source>%1
A curve that rises steeply needs few blocks; the diagonal reads all</source>
        <translation>%1
Uma curva íngreme precisa de poucos blocos; a diagonal lê todos</translation>
    </message>
    <message>
        <source>Cumulative mass (%)</source>
        <translation>Massa acumulada (%)</translation>
    </message>
    <message>
        <source>%1; the share of blocks that holds 90% of the mass: %2</source>
        <translation>%1; fração dos blocos que concentra 90% da massa: %2</translation>
    </message>
</context>
<context>
    <name>kvl::MassPanel</name>
    <message>
        <source>%1
The previous results are kept.</source>
        <translation>%1
Os resultados anteriores foram mantidos.</translation>
    </message>
    <message>
        <source>Cancelled; the previous results are kept.</source>
        <translation>Cancelado; os resultados anteriores foram mantidos.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>File (.npy, .csv)</source>
        <translation>Arquivo (.npy, .csv)</translation>
    </message>
    <message>
        <source>Synthetic: uniform</source>
        <translation>Sintético: uniforme</translation>
    </message>
    <message>
        <source>Synthetic: power law</source>
        <translation>Sintético: lei de potência</translation>
    </message>
    <message>
        <source>Synthetic: recency + sinks</source>
        <translation>Sintético: recência + sinks</translation>
    </message>
    <message>
        <source>Synthetic: needle</source>
        <translation>Sintético: agulha</translation>
    </message>
    <message>
        <source>Open .npy/.csv…</source>
        <translation>Abrir .npy/.csv…</translation>
    </message>
    <message>
        <source>The first layers uniform: early layers often are</source>
        <translation>As primeiras camadas uniformes: camadas iniciais costumam ser</translation>
    </message>
    <message>
        <source>The i-th largest block holds ∝ i^-exponent</source>
        <translation>O i-ésimo maior bloco contém ∝ i^-expoente</translation>
    </message>
    <message>
        <source>Mass ∝ exp(-age / decay), age in blocks from the newest</source>
        <translation>Massa ∝ exp(-idade / decaimento), idade em blocos a partir do mais novo</translation>
    </message>
    <message>
        <source>Share of the mass spread evenly over every block</source>
        <translation>Fração da massa distribuída igualmente por todos os blocos</translation>
    </message>
    <message>
        <source>the middle</source>
        <translation>o meio</translation>
    </message>
    <message>
        <source>The mass on the one old block that carries the answer: a detail mentioned once</source>
        <translation>A massa no único bloco antigo que traz a resposta: um detalhe mencionado uma vez</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> tokens</translation>
    </message>
    <message>
        <source>Keys summed into one KV block (.npy files; CSV rows are blocks)</source>
        <translation>Keys somadas em um bloco KV (arquivos .npy; as linhas do CSV já são blocos)</translation>
    </message>
    <message>
        <source>most, median and least concentrated</source>
        <translation>mais, mediana e menos concentrada</translation>
    </message>
    <message>
        <source>Layers whose cumulative curve to draw: &quot;0, 12, 31&quot;</source>
        <translation>Camadas cuja curva acumulada será desenhada: &quot;0, 12, 31&quot;</translation>
    </message>
    <message>
        <source>Attention mass source</source>
        <translation>Origem da massa de atenção</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Camadas</translation>
    </message>
    <message>
        <source>Blocks per layer</source>
        <translation>Blocos por camada</translation>
    </message>
    <message>
        <source>Flat first layers</source>
        <translation>Primeiras camadas planas</translation>
    </message>
    <message>
        <source>Exponent</source>
        <translation>Expoente</translation>
    </message>
    <message>
        <source>Sink blocks</source>
        <translation>Blocos sink</translation>
    </message>
    <message>
        <source>Sink share</source>
        <translation>Fração dos sinks</translation>
    </message>
    <message>
        <source>Decay (blocks)</source>
        <translation>Decaimento (blocos)</translation>
    </message>
    <message>
        <source>Uniform floor</source>
        <translation>Piso uniforme</translation>
    </message>
    <message>
        <source>Needle block</source>
        <translation>Bloco da agulha</translation>
    </message>
    <message>
        <source>Needle share</source>
        <translation>Fração da agulha</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>Análise</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>Tamanho do bloco</translation>
    </message>
    <message>
        <source>Top share of blocks</source>
        <translation>Topo considerado (fração dos blocos)</translation>
    </message>
    <message>
        <source>Curves for layers</source>
        <translation>Curvas das camadas</translation>
    </message>
    <message>
        <source>Analyze</source>
        <translation>Analisar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Open attention weights</source>
        <translation>Abrir pesos de atenção</translation>
    </message>
    <message>
        <source>Attention mass (*.npy *.csv);;All files (*)</source>
        <translation>Massa de atenção (*.npy *.csv);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>No file opened yet.</source>
        <translation>Nenhum arquivo aberto ainda.</translation>
    </message>
    <message>
        <source>Open a .npy or .csv file of attention weights first.</source>
        <translation>Abra primeiro um arquivo .npy ou .csv de pesos de atenção.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lendo %1…</translation>
    </message>
    <message>
        <source>%1: %2 layers, %3 blocks each</source>
        <translation>%1: %2 camadas, %3 blocos cada</translation>
    </message>
    <message>
        <source>Concentrated: on every layer the top %1 of blocks hold at least %2 of the mass. There is room for eviction or sparse reads. Sparse reads keep every token; eviction bets that the past predicts the next question.</source>
        <translation>Concentrada: em todas as camadas o topo de %1 dos blocos concentra pelo menos %2 da massa. Há espaço para evicção ou leituras esparsas. Leituras esparsas mantêm todos os tokens; a evicção aposta que o passado prevê a próxima pergunta.</translation>
    </message>
    <message>
        <source>Flat: on no layer do the top %1 of blocks hold %2 of the mass. This traffic really reads everything; the honest saving is in the bytes: quantize (fp8 first), not surgery.</source>
        <translation>Plana: em nenhuma camada o topo de %1 dos blocos concentra %2 da massa. Este tráfego lê tudo de fato; a economia honesta está nos bytes: quantize (fp8 primeiro), sem cirurgia.</translation>
    </message>
    <message>
        <source>Mixed: %1 of %2 layers concentrated, %3 flat. Sparse reads or eviction could pay on the concentrated layers; on the flat ones the honest saving is in the bytes: quantize.</source>
        <translation>Mista: %1 de %2 camadas concentradas, %3 planas. Leituras esparsas ou evicção podem compensar nas camadas concentradas; nas planas a economia honesta está nos bytes: quantize.</translation>
    </message>
    <message>
        <source>Stopping…; the previous results are kept.</source>
        <translation>Parando…; os resultados anteriores foram mantidos.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Parando…</translation>
    </message>
    <message>
        <source>%1–%2%</source>
        <translation>%1–%2%</translation>
    </message>
    <message>
        <source>No verdict: the top %2 of blocks is %3 of %1 per layer (%4), holding %5 of the mass. A top-%2 verdict needs at least %6 blocks per layer: choose a smaller block size, a longer file or a larger top share.</source>
        <translation>Sem veredito: o topo de %2 dos blocos é %3 de %1 por camada (%4), que concentram %5 da massa. Um veredito sobre o topo de %2 precisa de pelo menos %6 blocos por camada: escolha um tamanho de bloco menor, um arquivo mais longo ou um topo considerado maior.</translation>
    </message>
    <message>
        <source>%1: one layer, %2 blocks</source>
        <translation>%1: uma camada, %2 blocos</translation>
    </message>
    <message>
        <source>%1: generating…</source>
        <translation>%1: gerando…</translation>
    </message>
    <message>
        <source>Attention mass: %1</source>
        <translation>Massa de atenção: %1</translation>
    </message>
</context>
<context>
    <name>kvl::MassTableModel</name>
    <message>
        <source>concentrated</source>
        <translation>concentrada</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>plana</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1 (%2%)</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>The top %1 blocks (%2 of %3) hold %4 of this layer&apos;s attention mass</source>
        <translation>Os %1 blocos do topo (%2 de %3) concentram %4 da massa de atenção desta camada</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <source>Mass in top %1% of blocks</source>
        <translation>Massa no topo de %1% dos blocos</translation>
    </message>
    <message>
        <source>Blocks for 50%</source>
        <translation>Blocos p/ 50%</translation>
    </message>
    <message>
        <source>Blocks for 90%</source>
        <translation>Blocos p/ 90%</translation>
    </message>
    <message>
        <source>Blocks for 99%</source>
        <translation>Blocos p/ 99%</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Veredito</translation>
    </message>
    <message>
        <source>no verdict: too few blocks</source>
        <translation>sem veredito: poucos blocos</translation>
    </message>
    <message>
        <source>no mass</source>
        <translation>sem massa</translation>
    </message>
    <message>
        <source>%1% (top %2 of %3 blocks)</source>
        <translation>%1% (topo: %2 de %3 blocos)</translation>
    </message>
</context>
<context>
    <name>kvl::MassTopChart</name>
    <message>
        <source>Flat: quantize instead</source>
        <translation>Plana: quantize em vez disso</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Camada</translation>
    </message>
    <message>
        <source>Layer %1: top %2 blocks of %3 hold %4
50%: %5 blocks, 90%: %6, 99%: %7</source>
        <translation>Camada %1: os %2 blocos do topo, de %3, concentram %4
50%: %5 blocos, 90%: %6, 99%: %7</translation>
    </message>
    <message>
        <source>Attention mass in the top blocks, per layer</source>
        <translation>Massa de atenção no topo dos blocos, por camada</translation>
    </message>
    <message>
        <source>Concentrated from %1</source>
        <translation>Concentrada a partir de %1</translation>
    </message>
    <message>
        <source>Flat mass: %1</source>
        <translation>Massa plana: %1</translation>
    </message>
    <message>
        <source>%1
%2 of %3 layers concentrated: top %4 of blocks hold ≥ %5 of the mass</source>
        <translation>%1
%2 de %3 camadas concentradas: o topo de %4 dos blocos concentra ≥ %5 da massa</translation>
    </message>
    <message>
        <source>Mass in the top blocks (%)</source>
        <translation>Massa no topo dos blocos (%)</translation>
    </message>
    <message>
        <source>No verdict: too few blocks</source>
        <translation>Sem veredito: poucos blocos</translation>
    </message>
    <message>
        <source>%1
No verdict: the top %2 of blocks is %3 of %4 (%5); a verdict needs at least %6 blocks per layer</source>
        <translation>%1
Sem veredito: o topo de %2 dos blocos é %3 de %4 (%5); um veredito precisa de pelo menos %6 blocos por camada</translation>
    </message>
    <message>
        <source>Concentrated: evict or read sparsely</source>
        <translation>Concentrada: evicção ou leitura esparsa</translation>
    </message>
</context>
<context>
    <name>kvl::MeasurementModel</name>
    <message>
        <source>Smaller than 4× the cache: partly a cache measurement</source>
        <translation>Menor que 4× o cache: em parte, uma medição do cache</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verificado</translation>
    </message>
    <message>
        <source>WRONG</source>
        <translation>ERRADO</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>Buffer</translation>
    </message>
    <message>
        <source>Median GB/s</source>
        <translation>Mediana GB/s</translation>
    </message>
    <message>
        <source>Best GB/s</source>
        <translation>Melhor GB/s</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Amostras</translation>
    </message>
    <message>
        <source>Checksum</source>
        <translation>Checksum</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Método</translation>
    </message>
</context>
<context>
    <name>kvl::MemoryChart</name>
    <message>
        <source>Context length (tokens)</source>
        <translation>Tamanho do contexto (tokens)</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>This scenario</source>
        <translation>Este cenário</translation>
    </message>
    <message>
        <source>%1 tokens
Weights %2 + KV %3 = %4</source>
        <translation>%1 tokens
Pesos %2 + KV %3 = %4</translation>
    </message>
    <message>
        <source>Memory vs context length</source>
        <translation>Memória vs. contexto</translation>
    </message>
    <message>
        <source>Memory (%1)</source>
        <translation>Memória (%1)</translation>
    </message>
    <message>
        <source>1 GPU to fit</source>
        <translation>1 GPU para caber</translation>
    </message>
    <message>
        <source>%1 GPUs to fit</source>
        <translation>%1 GPUs para caber</translation>
    </message>
    <message>
        <source>(TP %1)</source>
        <translation>(TP %1)</translation>
    </message>
    <message>
        <source>(no valid TP degree)</source>
        <translation>(nenhum grau de TP válido)</translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation>%1 com %2 tokens</translation>
    </message>
    <message>
        <source>%1: %2 usable each</source>
        <translation>%1: %2 utilizáveis cada</translation>
    </message>
    <message>
        <source>%1: %2 each</source>
        <translation>%1: %2 cada</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>KV cache + fixed state</source>
        <translation>KV cache + estado fixo</translation>
    </message>
    <message>
        <source>%1: %2 at %3 tokens; GPUs to fit: %4</source>
        <translation>%1: %2 com %3 tokens; GPUs para caber: %4</translation>
    </message>
</context>
<context>
    <name>kvl::PrecisionChart</name>
    <message>
        <source>KV cache precision</source>
        <translation>Precisão do KV cache</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>(TP %1)</source>
        <translation>(TP %1)</translation>
    </message>
    <message>
        <source>(no TP degree)</source>
        <translation>(sem grau de TP)</translation>
    </message>
    <message>
        <source>%1 (this scenario)</source>
        <translation>%1 (este cenário)</translation>
    </message>
    <message>
        <source>KV bytes per token</source>
        <translation>Bytes de KV por token</translation>
    </message>
    <message>
        <source>GPUs to fit the context</source>
        <translation>GPUs para caber</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>%1 KV: %2× fewer bytes than %3 at %4 tokens</source>
        <translation>KV %1: %2× menor que %3 (%4 tokens)</translation>
    </message>
</context>
<context>
    <name>kvl::PresetProblems</name>
    <message>
        <source>User presets not loaded: %1</source>
        <translation>Presets do usuário não carregados: %1</translation>
    </message>
    <message>
        <source>User presets not loaded</source>
        <translation>Presets do usuário não carregados</translation>
    </message>
    <message>
        <source>These files in %1 were skipped:</source>
        <translation>Estes arquivos em %1 foram ignorados:</translation>
    </message>
</context>
<context>
    <name>kvl::RealityChart</name>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1
%2 %3, %4 on %5
measured %6, predicted %7 (%8)</source>
        <translation>%1
%2 %3, %4 em %5
medido %6, previsto %7 (%8)</translation>
    </message>
    <message>
        <source>Measured against calibrated: time per output token</source>
        <translation>Medido vs. calibrado: tempo por token de saída</translation>
    </message>
    <message>
        <source>Measured against calibrated: time to first token</source>
        <translation>Medido vs. calibrado: tempo até o primeiro token</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 em %2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 of %2 measured runs against their calibrated prediction; median error %3</source>
        <translation>%1 de %2 execuções medidas contra a previsão calibrada; erro mediano %3</translation>
    </message>
    <message>
        <source>no measured run of %1</source>
        <translation>nenhuma execução medida de %1</translation>
    </message>
    <message>
        <source>%1: %2 runs, median error %3</source>
        <translation>%1: %2 execuções, erro mediano %3</translation>
    </message>
    <message>
        <source>%1. %2.</source>
        <translation>%1. %2.</translation>
    </message>
    <message>
        <source>%1 (ringed)</source>
        <translation>%1 (circulado)</translation>
    </message>
    <message>
        <source>Measured time per output token (ms, log)</source>
        <translation>Tempo por token de saída medido (ms, log)</translation>
    </message>
    <message>
        <source>Measured time to first token (ms, log)</source>
        <translation>Tempo até o primeiro token medido (ms, log)</translation>
    </message>
    <message>
        <source>Predicted time per output token (ms, log)</source>
        <translation>Tempo por token de saída previsto (ms, log)</translation>
    </message>
    <message>
        <source>Predicted time to first token (ms, log)</source>
        <translation>Tempo até o primeiro token previsto (ms, log)</translation>
    </message>
    <message>
        <source>Prediction = measurement</source>
        <translation>Previsão = medição</translation>
    </message>
    <message>
        <source>±25%</source>
        <translation>±25%</translation>
    </message>
</context>
<context>
    <name>kvl::RealityHeader</name>
    <message>
        <source>Measured quantit&amp;y:</source>
        <translation>Grandeza medida:</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>Tempo por token de saída</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Tempo até o primeiro token</translation>
    </message>
    <message>
        <source>Each dot is one measured serving run (data/measured, from ai-dynamo/aiconfigurator, Apache-2.0), predicted without reading its own measurement, with constants per engine and GPU generation fitted to %1 aggregated runs. Dots on the diagonal are predicted exactly; between the dashed lines, within 25%.</source>
        <translation>Cada ponto é uma execução de serviço medida (data/measured, do ai-dynamo/aiconfigurator, Apache-2.0), prevista sem ler a própria medição, com constantes por engine e geração de GPU ajustadas a %1 execuções agregadas. Pontos na diagonal são previstos com exatidão; entre as linhas tracejadas, com até 25% de erro.</translation>
    </message>
</context>
<context>
    <name>kvl::ReportDialog</name>
    <message>
        <source>PDF Report</source>
        <translation>Relatório em PDF</translation>
    </message>
    <message>
        <source>The scenario and the ledger come first, then one chart a page with its numbers in words under it.</source>
        <translation>Primeiro o cenário e o livro-caixa, depois um gráfico por página, com seus números por extenso logo abaixo.</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Gráficos</translation>
    </message>
    <message>
        <source>Select &amp;all</source>
        <translation>Selecionar &amp;todos</translation>
    </message>
    <message>
        <source>Select &amp;none</source>
        <translation>&amp;Nenhum</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <source>&amp;Choose File…</source>
        <translation>&amp;Escolher arquivo…</translation>
    </message>
</context>
<context>
    <name>kvl::RooflineChart</name>
    <message>
        <source>Arithmetic intensity (FLOP per byte moved, log scale)</source>
        <translation>Intensidade aritmética (FLOP por byte movido, escala log)</translation>
    </message>
    <message>
        <source>Roofline: decode vs prefill</source>
        <translation>Roofline: decodificação vs. prefill</translation>
    </message>
    <message>
        <source>%1
%2
%3 FLOP/B; attainable %4 TFLOP/s</source>
        <translation>%1
%2
%3 FLOP/B; atingível %4 TFLOP/s</translation>
    </message>
    <message>
        <source>
at the measured bandwidth: %1 TFLOP/s</source>
        <translation>
na largura de banda medida: %1 TFLOP/s</translation>
    </message>
    <message>
        <source>%1× below the ridge: memory-bound</source>
        <translation>%1× abaixo do equilíbrio: limitada por memória</translation>
    </message>
    <message>
        <source>above the ridge: compute-bound</source>
        <translation>acima do equilíbrio: limitada por computação</translation>
    </message>
    <message>
        <source>Datasheet roof: %1, %2 TFLOP/s %3</source>
        <translation>Teto da ficha técnica: %1, %2 TFLOP/s %3</translation>
    </message>
    <message>
        <source>Measured roof: %1</source>
        <translation>Teto medido: %1</translation>
    </message>
    <message>
        <source>ridge: %1 FLOP/B</source>
        <translation>equilíbrio: %1 FLOP/B</translation>
    </message>
    <message>
        <source>measured ridge: %1 FLOP/B</source>
        <translation>equilíbrio medido: %1 FLOP/B</translation>
    </message>
    <message>
        <source>%1, %2 compute roof</source>
        <translation>%1, teto de computação %2</translation>
    </message>
    <message>
        <source>decode attention: %1 FLOP/B, %2× below the ridge</source>
        <translation>atenção na decodificação: %1 FLOP/B, %2× abaixo do equilíbrio</translation>
    </message>
    <message>
        <source>decode attention: %1 FLOP/B, above the ridge</source>
        <translation>atenção na decodificação: %1 FLOP/B, acima do equilíbrio</translation>
    </message>
    <message>
        <source>%1: roof</source>
        <translation>%1: teto</translation>
    </message>
    <message>
        <source>Attainable TFLOP/s (log)</source>
        <translation>TFLOP/s atingíveis (log)</translation>
    </message>
</context>
<context>
    <name>kvl::RooflinePanel</name>
    <message>
        <source>the weights&apos; precision</source>
        <translation>a precisão dos pesos</translation>
    </message>
    <message>
        <source>Tensor-core peak used for the compute roof</source>
        <translation>Pico dos núcleos tensores usado no teto de computação</translation>
    </message>
    <message>
        <source>Prompt length of the prefill point (&quot;32k&quot;, &quot;1M&quot;)</source>
        <translation>Tamanho do prompt do ponto de prefill (&quot;32k&quot;, &quot;1M&quot;)</translation>
    </message>
    <message>
        <source>Compute roof at</source>
        <translation>Teto de computação em</translation>
    </message>
    <message>
        <source>Prefill prompt (tokens)</source>
        <translation>Prompt de prefill (tokens)</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Intensity (FLOP/B)</source>
        <translation>Intensidade (FLOP/B)</translation>
    </message>
    <message>
        <source>Attainable (TFLOP/s)</source>
        <translation>Atingível (TFLOP/s)</translation>
    </message>
    <message>
        <source>Below the ridge</source>
        <translation>Abaixo do equilíbrio</translation>
    </message>
    <message>
        <source>Where the intensity comes from</source>
        <translation>De onde vem a intensidade</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>above: compute-bound</source>
        <translation>acima: limitada por computação</translation>
    </message>
</context>
<context>
    <name>kvl::ScenarioController</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Desfazer %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Refazer</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Refazer %1</translation>
    </message>
    <message>
        <source>Swap with baseline</source>
        <translation>Trocar com a referência</translation>
    </message>
</context>
<context>
    <name>kvl::ScenarioDocument</name>
    <message>
        <source>Untitled</source>
        <translation>Sem título</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Não foi possível abrir o cenário</translation>
    </message>
    <message>
        <source>Open %1</source>
        <translation>Abrir %1</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>Não foi possível salvar o cenário</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Não salvo: %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 salvo</translation>
    </message>
    <message>
        <source>Cannot import config</source>
        <translation>Não foi possível importar a configuração</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>Importar %1</translation>
    </message>
    <message>
        <source>Imported %1: weights as stored, %2</source>
        <translation>%1 importado: pesos como armazenados, %2</translation>
    </message>
    <message>
        <source>; one note beside the model</source>
        <translation>; uma nota ao lado do modelo</translation>
    </message>
    <message>
        <source>; %1 notes beside the model</source>
        <translation>; %1 notas ao lado do modelo</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Abrir cenário</translation>
    </message>
    <message>
        <source>KV Ledger scenarios (*.kvledger);;All files (*)</source>
        <translation>Cenários do KV Ledger (*.kvledger);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Salvar cenário</translation>
    </message>
    <message>
        <source>KV Ledger scenarios (*.kvledger)</source>
        <translation>Cenários do KV Ledger (*.kvledger)</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>Importar config.json do Hugging Face</translation>
    </message>
    <message>
        <source>Model configs (*.json);;All files (*)</source>
        <translation>Configurações de modelo (*.json);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Alterações não salvas</translation>
    </message>
    <message>
        <source>Save the changes to %1?</source>
        <translation>Salvar as alterações em %1?</translation>
    </message>
    <message>
        <source>Cannot use as baseline</source>
        <translation>Não é possível usar como referência</translation>
    </message>
    <message>
        <source>Baseline from %1</source>
        <translation>Referência de %1</translation>
    </message>
    <message>
        <source>Baseline: %1</source>
        <translation>Referência: %1</translation>
    </message>
    <message>
        <source>Baseline from a Scenario File</source>
        <translation>Referência de um arquivo de cenário</translation>
    </message>
    <message>
        <source>Not imported: %1</source>
        <translation>Não importado: %1</translation>
    </message>
    <message>
        <source>Not opened: %1</source>
        <translation>Não aberto: %1</translation>
    </message>
    <message>
        <source>Not read: %1</source>
        <translation>Não lido: %1</translation>
    </message>
</context>
<context>
    <name>kvl::ScreenBlank</name>
    <message>
        <source>Blank screen: press B or . to show it again</source>
        <translation>Tela apagada: pressione B ou . para mostrá-la de novo</translation>
    </message>
</context>
<context>
    <name>kvl::ServingChart</name>
    <message>
        <source>$%1</source>
        <translation>US$ %1</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 sequência</translation>
    </message>
    <message>
        <source>batch of %1</source>
        <translation>batch de %1</translation>
    </message>
</context>
<context>
    <name>kvl::SessionChart</name>
    <message>
        <source>Turn %1 from %2 tokens, %3
prefill %4, answer %5, %6</source>
        <translation>Turno %1 a partir de %2 tokens, %3
prefill %4, resposta %5, %6</translation>
    </message>
    <message>
        <source>prefix cache on</source>
        <translation>com cache de prefixo</translation>
    </message>
    <message>
        <source>prefix cache off</source>
        <translation>sem cache de prefixo</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>US$ %1</translation>
    </message>
    <message>
        <source>An agent session, turn by turn: prefix cache on and off</source>
        <translation>Uma sessão de agente, turno a turno: com e sem cache de prefixo</translation>
    </message>
    <message>
        <source>Turn (left bar: prefix cache on; right bar: off)</source>
        <translation>Turno (barra da esquerda: com cache de prefixo; da direita: sem)</translation>
    </message>
    <message>
        <source>Seconds per turn (s)</source>
        <translation>Segundos por turno (s)</translation>
    </message>
    <message>
        <source>Cumulative cost (USD)</source>
        <translation>Custo acumulado (US$)</translation>
    </message>
    <message>
        <source>Prefill, cache on</source>
        <translation>Prefill, com cache</translation>
    </message>
    <message>
        <source>Answer, cache on</source>
        <translation>Resposta, com cache</translation>
    </message>
    <message>
        <source>Prefill, cache off</source>
        <translation>Prefill, sem cache</translation>
    </message>
    <message>
        <source>Answer, cache off</source>
        <translation>Resposta, sem cache</translation>
    </message>
    <message>
        <source>Cumulative cost, cache on</source>
        <translation>Custo acumulado, com cache</translation>
    </message>
    <message>
        <source>Cumulative cost, cache off (dashed)</source>
        <translation>Custo acumulado, sem cache (tracejado)</translation>
    </message>
    <message>
        <source>From turn %1 the context no longer fits</source>
        <translation>A partir do turno %1 o contexto não cabe mais</translation>
    </message>
    <message>
        <source>%1: %2 turns from %3 tokens cost %4 with the prefix cache (%5), %6 without (%7)</source>
        <translation>%1: %2 turnos a partir de %3 tokens custam %4 com cache de prefixo (%5), %6 sem (%7)</translation>
    </message>
    <message>
        <source>; from turn %1 the context no longer fits</source>
        <translation>; a partir do turno %1 o contexto não cabe mais</translation>
    </message>
    <message>
        <source>Turn (bars: prefix cache on, off; pale: the baseline&apos;s)</source>
        <translation>Turno (barras: com e sem cache de prefixo; claras: as da referência)</translation>
    </message>
    <message>
        <source>%1, cache on</source>
        <translation>%1, com cache</translation>
    </message>
    <message>
        <source>%1, cache off</source>
        <translation>%1, sem cache</translation>
    </message>
    <message>
        <source>%1: cumulative cost, cache on</source>
        <translation>%1: custo acumulado, com cache</translation>
    </message>
    <message>
        <source>%1: cumulative cost, cache off</source>
        <translation>%1: custo acumulado, sem cache</translation>
    </message>
</context>
<context>
    <name>kvl::SessionControls</name>
    <message>
        <source>Starts at the scenario&apos;s context: %1 tokens</source>
        <translation>Começa no contexto do cenário: %1 tokens</translation>
    </message>
    <message>
        <source>Turns:</source>
        <translation>Turnos:</translation>
    </message>
    <message>
        <source>New tokens per turn:</source>
        <translation>Tokens novos por turno:</translation>
    </message>
    <message>
        <source>Answer tokens per turn:</source>
        <translation>Tokens de resposta por turno:</translation>
    </message>
</context>
<context>
    <name>kvl::Settings</name>
    <message>
        <source>%1: %2, not a file; the settings are not read or saved this session</source>
        <translation>%1: %2, não um arquivo; as configurações não são lidas nem salvas nesta sessão</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyComparisonChart</name>
    <message>
        <source>KV strategies compared</source>
        <translation>Estratégias de KV comparadas</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 GPUs</translation>
    </message>
    <message>
        <source>KV held</source>
        <translation>KV mantido</translation>
    </message>
    <message>
        <source>KV read per token</source>
        <translation>KV lido por token</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>GPUs to fit</source>
        <translation>GPUs para caber</translation>
    </message>
    <message>
        <source>At %1 tokens on %2 × %3: full cache %4 per token</source>
        <translation>Com %1 tokens em %2 × %3: cache completo %4 por token</translation>
    </message>
    <message>
        <source>, %1 %2 (%3)</source>
        <translation>, %1 %2 (%3)</translation>
    </message>
    <message>
        <source>drops tokens</source>
        <translation>descarta tokens</translation>
    </message>
    <message>
        <source>keeps every token</source>
        <translation>mantém todos os tokens</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyLatencyChart</name>
    <message>
        <source>Context length (tokens, log scale)</source>
        <translation>Contexto (tokens, escala log)</translation>
    </message>
    <message>
        <source>Time per token (ms, log scale)</source>
        <translation>Tempo por token (ms, escala log)</translation>
    </message>
    <message>
        <source>At the scenario&apos;s context</source>
        <translation>No contexto do cenário</translation>
    </message>
    <message>
        <source>%1 at %2 tokens
%3 per token; KV read %4</source>
        <translation>%1 com %2 tokens
%3 por token; KV lido %4</translation>
    </message>
    <message>
        <source>Time per token by strategy vs context length</source>
        <translation>Tempo por token por estratégia vs. contexto</translation>
    </message>
    <message>
        <source>%1 at %2 tokens
%3 per token</source>
        <translation>%1 com %2 tokens
%3 por token</translation>
    </message>
    <message>
        <source>%1, %2 at %3 tokens
%4 per token</source>
        <translation>%1, %2 com %3 tokens
%4 por token</translation>
    </message>
    <message>
        <source>At %1 tokens, per token: %2</source>
        <translation>Com %1 tokens, por token: %2</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyPanel</name>
    <message>
        <source>Add custom…</source>
        <translation>Adicionar personalizada…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>nothing stacked</source>
        <translation>nada combinado</translation>
    </message>
    <message>
        <source>+ %1 KV</source>
        <translation>+ KV %1</translation>
    </message>
    <message>
        <source>Selected strategy</source>
        <translation>Estratégia selecionada</translation>
    </message>
    <message>
        <source>Spec</source>
        <translation>Especificação</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>Combinar</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is the full cache, which is always compared</source>
        <translation>&quot;%1&quot; é o cache completo, que sempre é comparado</translation>
    </message>
    <message>
        <source>Custom: %1</source>
        <translation>Personalizada: %1</translation>
    </message>
    <message>
        <source>Full cache</source>
        <translation>Cache completo</translation>
    </message>
    <message>
        <source>loses tokens</source>
        <translation>perde tokens</translation>
    </message>
    <message>
        <source>nothing is lost from memory</source>
        <translation>nada se perde da memória</translation>
    </message>
    <message>
        <source>Check the strategies to compare with the full cache</source>
        <translation>Marque as estratégias a comparar com o cache completo</translation>
    </message>
    <message>
        <source>A strategy spec: fp8 | int4 | window:W[,sinks:S][,layers:F] | budget:B|P%[,recent:R] | duo:F[,sinks:S,window:W] | sparse:k=K,block=S[,summary=N,window=W,compress=D,compress-block=L,dense=N] | recent:R[@P][,sinks=S],old=P | a preset id; a token policy and a precision joined by &apos;+&apos;</source>
        <translation>Uma especificação de estratégia: fp8 | int4 | window:W[,sinks:S][,layers:F] | budget:B|P%[,recent:R] | duo:F[,sinks:S,window:W] | sparse:k=K,block=S[,summary=N,window=W,compress=D,compress-block=L,dense=N] | recent:R[@P][,sinks=S],old=P | o id de uma predefinição; uma política de tokens e uma precisão unidas por &apos;+&apos;</translation>
    </message>
    <message>
        <source>Full cache, sparse reads</source>
        <translation>Cache completo, leituras esparsas</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyParameters</name>
    <message>
        <source>%1 (% of context)</source>
        <translation>%1 (% do contexto)</translation>
    </message>
    <message>
        <source>Window (tokens)</source>
        <translation>Janela (tokens)</translation>
    </message>
    <message>
        <source>Sink tokens</source>
        <translation>Tokens sink</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Orçamento</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Recentes</translation>
    </message>
    <message>
        <source>Retrieval heads (%)</source>
        <translation>Heads de recuperação (%)</translation>
    </message>
    <message>
        <source>Blocks read (k)</source>
        <translation>Blocos lidos (k)</translation>
    </message>
    <message>
        <source>Block size (tokens)</source>
        <translation>Tamanho do bloco (tokens)</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyPresets</name>
    <message>
        <source>Xiao et al. 2023, Efficient Streaming Language Models with Attention Sinks, arXiv:2309.17453: 4 initial tokens kept as attention sinks plus a rolling window; the window length is a free parameter (4,096 here).</source>
        <translation>Xiao et al. 2023, Efficient Streaming Language Models with Attention Sinks, arXiv:2309.17453: 4 tokens iniciais mantidos como attention sinks mais uma janela deslizante; o tamanho da janela é um parâmetro livre (4.096 aqui).</translation>
    </message>
    <message>
        <source>Zhang et al. 2023, H2O: Heavy-Hitter Oracle, arXiv:2306.14048: a KV budget of 20% of the context, half heavy hitters (largest accumulated attention) and half recent tokens.</source>
        <translation>Zhang et al. 2023, H2O: Heavy-Hitter Oracle, arXiv:2306.14048: um orçamento de KV de 20% do contexto, metade heavy hitters (maior atenção acumulada) e metade tokens recentes.</translation>
    </message>
    <message>
        <source>Li et al. 2024, SnapKV, arXiv:2404.14469: the prompt&apos;s KV compressed to 1,024, 2,048 or 4,096 tokens per head (2,048 here), chosen by the last 32 prompt tokens (the observation window, kept). Only the prompt is compressed: tokens generated afterwards are all kept.</source>
        <translation>Li et al. 2024, SnapKV, arXiv:2404.14469: o KV do prompt comprimido para 1.024, 2.048 ou 4.096 tokens por head (2.048 aqui), escolhidos pelos últimos 32 tokens do prompt (a janela de observação, mantida). Só o prompt é comprimido: os tokens gerados depois são todos mantidos.</translation>
    </message>
    <message>
        <source>Xiao et al. 2024, DuoAttention, arXiv:2410.10819: retrieval heads keep the full cache, streaming heads keep sinks + recent tokens; 50% retrieval heads for GQA models (25% for MHA). 64 sinks + 256 recent as deployed; the released head patterns were trained with 128 sinks.</source>
        <translation>Xiao et al. 2024, DuoAttention, arXiv:2410.10819: retrieval heads mantêm o cache completo, streaming heads mantêm sinks + tokens recentes; 50% de retrieval heads em modelos GQA (25% em MHA). 64 sinks + 256 recentes, como na implantação; os padrões de heads publicados foram treinados com 128 sinks.</translation>
    </message>
    <message>
        <source>Tang et al. 2024, Quest, arXiv:2406.10774: pages of 16 tokens scored by their stored min and max keys, top pages up to a token budget (swept in the paper up to 4,096; 2,048 = 128 pages here, a free parameter); the first two layers stay dense.</source>
        <translation>Tang et al. 2024, Quest, arXiv:2406.10774: páginas de 16 tokens pontuadas pelas keys mínima e máxima armazenadas, as melhores páginas até um orçamento de tokens (variado no artigo até 4.096; 2.048 = 128 páginas aqui, um parâmetro livre); as duas primeiras camadas continuam densas.</translation>
    </message>
    <message>
        <source>Lu et al. 2025, MoBA: Mixture of Block Attention, arXiv:2502.13189: blocks of 4,096 tokens, the top 12 by the mean-pooled key of each block (the current block always in), 95% sparse at 1M tokens; 512-token blocks in the scaling experiments.</source>
        <translation>Lu et al. 2025, MoBA: Mixture of Block Attention, arXiv:2502.13189: blocos de 4.096 tokens; cada passo lê os 12 blocos com maior pontuação, medida pela key média de cada bloco (o bloco atual sempre incluído), 95% esparsa em 1M de tokens; blocos de 512 tokens nos experimentos de escala.</translation>
    </message>
    <message>
        <source>Yuan et al. 2025, Native Sparse Attention, arXiv:2502.11089: compressed tokens from blocks of 32 at stride 16 (their scores choose the blocks, no extra keys), 16 selected blocks of 64 tokens, a 512-token sliding window.</source>
        <translation>Yuan et al. 2025, Native Sparse Attention, arXiv:2502.11089: tokens comprimidos de blocos de 32 com passo 16 (seus scores escolhem os blocos, sem keys extras), 16 blocos selecionados de 64 tokens, uma janela deslizante de 512 tokens.</translation>
    </message>
    <message>
        <source>Liu et al. 2024, KIVI, arXiv:2402.02750: the newest 128 tokens (the residual) in full precision, older ones quantized in groups of 32 with a 16-bit scale and zero point each. The paper&apos;s headline is 2-bit; Precision has no 2-bit format, so this is its 4-bit variant.</source>
        <translation>Liu et al. 2024, KIVI, arXiv:2402.02750: os 128 tokens mais novos (o resíduo) em precisão total, os mais antigos quantizados em grupos de 32, cada um com escala e ponto zero de 16 bits. O destaque do artigo é 2 bits; a Precision não tem formato de 2 bits, então esta é a variante de 4 bits.</translation>
    </message>
    <message>
        <source>fp8 KV</source>
        <translation>KV em fp8</translation>
    </message>
    <message>
        <source>The seed article: fp8 is the safe first step. Half the bytes per token, half the bandwidth cost and the GPUs, little quality impact; a one-line change in vLLM and TensorRT-LLM.</source>
        <translation>O artigo de origem: fp8 é o primeiro passo seguro. Metade dos bytes por token, metade do custo de largura de banda e das GPUs, pouco impacto na qualidade; uma mudança de uma linha no vLLM e no TensorRT-LLM.</translation>
    </message>
    <message>
        <source>int4 KV</source>
        <translation>KV em int4</translation>
    </message>
    <message>
        <source>A quarter of the bytes, for the capacity-desperate, after measuring recall on your own traffic.</source>
        <translation>Um quarto dos bytes, para casos desesperados por capacidade, depois de medir o recall no seu próprio tráfego.</translation>
    </message>
    <message>
        <source>fp8 + exact window</source>
        <translation>fp8 + janela exata</translation>
    </message>
    <message>
        <source>The seed article&apos;s safe money: quantization + conservative windows, compression kept for stale regions of the history. The first 4 tokens (attention sinks) and the newest 32,768 stay exact, at the scenario&apos;s precision; the stale ones between them are stored in fp8. No token is dropped.</source>
        <translation>O dinheiro seguro do artigo de origem: quantização + janelas conservadoras, reservando a compressão para regiões obsoletas do histórico. Os 4 primeiros tokens (attention sinks) e os 32.768 mais recentes ficam exatos, na precisão do cenário; os obsoletos entre eles são guardados em fp8. Nenhum token é descartado.</translation>
    </message>
</context>
<context>
    <name>kvl::StrategyTableModel</name>
    <message>
        <source>every token</source>
        <translation>todos os tokens</translation>
    </message>
    <message>
        <source>none is sure to stay</source>
        <translation>nenhum tem garantia de ficar</translation>
    </message>
    <message>
        <source>from token %1</source>
        <translation>a partir do token %1</translation>
    </message>
    <message>
        <source>KV cache the strategy holds at the context, whole batch</source>
        <translation>KV cache que a estratégia mantém no contexto, batch inteiro</translation>
    </message>
    <message>
        <source>KV bytes one decode step reads, whole batch</source>
        <translation>Bytes de KV lidos por passo de decodificação, batch inteiro</translation>
    </message>
    <message>
        <source>Decode step time, weights included: max(memory, compute)</source>
        <translation>Tempo do passo de decodificação, com pesos: max(memória, computação)</translation>
    </message>
    <message>
        <source>GPUs whose usable memory holds the weights and the KV cache (pooled)</source>
        <translation>GPUs cuja memória utilizável comporta os pesos e o KV cache (somada)</translation>
    </message>
    <message>
        <source>Every token from this one to the newest is readable on every layer and head</source>
        <translation>Todo token deste ao mais novo é acessível em todas as camadas e heads</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Estratégia</translation>
    </message>
    <message>
        <source>KV held</source>
        <translation>KV mantido</translation>
    </message>
    <message>
        <source>KV read per token</source>
        <translation>KV lido por token</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>GPUs to fit</source>
        <translation>GPUs para caber</translation>
    </message>
    <message>
        <source>Oldest readable</source>
        <translation>Mais antigo acessível</translation>
    </message>
    <message>
        <source>What is lost</source>
        <translation>O que se perde</translation>
    </message>
</context>
<context>
    <name>kvl::ThroughputLatencyChart</name>
    <message>
        <source>Latency vs throughput as the batch grows</source>
        <translation>Latência vs. vazão à medida que o batch cresce</translation>
    </message>
    <message>
        <source>Throughput, whole batch (tokens/s, log scale)</source>
        <translation>Vazão do batch inteiro (tokens/s, escala log)</translation>
    </message>
    <message>
        <source>Time per token (ms, log scale)</source>
        <translation>Tempo por token (ms, escala log)</translation>
    </message>
    <message>
        <source>Batches that fit</source>
        <translation>Batches que cabem</translation>
    </message>
    <message>
        <source>Past the memory (dashed)</source>
        <translation>Além da memória (tracejado)</translation>
    </message>
    <message>
        <source>Memory wall: %1 at most</source>
        <translation>Muro da memória: no máximo %1</translation>
    </message>
    <message>
        <source>Memory wall: not even one sequence fits</source>
        <translation>Muro da memória: nem uma sequência cabe</translation>
    </message>
    <message>
        <source>This scenario&apos;s batch</source>
        <translation>O batch deste cenário</translation>
    </message>
    <message>
        <source>%1: %2 tokens/s in all, %3 per token (%4 tokens/s each)%5</source>
        <translation>%1: %2 tokens/s no total, %3 por token (%4 tokens/s cada)%5</translation>
    </message>
    <message>
        <source>does not fit in memory</source>
        <translation>não cabe na memória</translation>
    </message>
    <message>
        <source>%1: at %2 tokens not even one sequence fits in memory</source>
        <translation>%1: com %2 tokens nem uma sequência cabe na memória</translation>
    </message>
    <message>
        <source>%1: one sequence %2 tokens/s at %3 per token; the largest batch that fits (%4) %5 tokens/s at %6 per token</source>
        <translation>%1: uma sequência, %2 tokens/s a %3 por token; o maior batch que cabe (%4), %5 tokens/s a %6 por token</translation>
    </message>
</context>
<context>
    <name>kvl::TourPanel</name>
    <message>
        <source>Bytes per token</source>
        <translation>Bytes por token</translation>
    </message>
    <message>
        <source>A million tokens</source>
        <translation>Um milhão de tokens</translation>
    </message>
    <message>
        <source>GPUs just to fit</source>
        <translation>GPUs só para caber</translation>
    </message>
    <message>
        <source>Eight GPUs</source>
        <translation>Oito GPUs</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Passo %1 de %2</translation>
    </message>
    <message>
        <source>Next ›</source>
        <translation>Próximo ›</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>Concluir</translation>
    </message>
    <message>
        <source>‹ Back</source>
        <translation>‹ Voltar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>End the tour (Esc)</source>
        <translation>Encerrar o tour (Esc)</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>The read that cannot be skipped</source>
        <translation>A leitura que não dá para pular</translation>
    </message>
    <message>
        <source>A whole answer</source>
        <translation>Uma resposta inteira</translation>
    </message>
    <message>
        <source>Idle tensor cores</source>
        <translation>Núcleos tensores ociosos</translation>
    </message>
    <message>
        <source>fp8: half the bytes</source>
        <translation>fp8: metade dos bytes</translation>
    </message>
    <message>
        <source>Eviction is a bet</source>
        <translation>Evicção é uma aposta</translation>
    </message>
    <message>
        <source>The safe money</source>
        <translation>O dinheiro seguro</translation>
    </message>
    <message>
        <source>Measure first</source>
        <translation>Meça primeiro</translation>
    </message>
    <message>
        <source>Previous step (PageUp, Left)</source>
        <translation>Passo anterior (PageUp, Esquerda)</translation>
    </message>
    <message>
        <source>Next step (PageDown, Space, Right)</source>
        <translation>Próximo passo (PageDown, Espaço, Direita)</translation>
    </message>
    <message>
        <source>KV per token</source>
        <translation>KV por token</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Camadas</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>MHA per token</source>
        <translation>MHA por token</translation>
    </message>
    <message>
        <source>GQA per token</source>
        <translation>GQA por token</translation>
    </message>
    <message>
        <source>Saved by GQA</source>
        <translation>Economia do GQA</translation>
    </message>
    <message>
        <source>Context (tokens)</source>
        <translation>Contexto (tokens)</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV cache</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>Weights + KV</source>
        <translation>Pesos + KV</translation>
    </message>
    <message>
        <source>GPUs to fit</source>
        <translation>GPUs para caber</translation>
    </message>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>Grau de paralelismo de tensor</translation>
    </message>
    <message>
        <source>KV read per token</source>
        <translation>KV lido por token</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>Largura de banda</translation>
    </message>
    <message>
        <source>Time per token, KV only</source>
        <translation>Tempo por token, só o KV</translation>
    </message>
    <message>
        <source>With the weights</source>
        <translation>Com os pesos</translation>
    </message>
    <message>
        <source>Answer (tokens)</source>
        <translation>Resposta (tokens)</translation>
    </message>
    <message>
        <source>KV streaming</source>
        <translation>Streaming de KV</translation>
    </message>
    <message>
        <source>The weights add</source>
        <translation>Os pesos acrescentam</translation>
    </message>
    <message>
        <source>The whole answer</source>
        <translation>A resposta inteira</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <source>KV read per GPU</source>
        <translation>KV lido por GPU</translation>
    </message>
    <message>
        <source>The fleet reads</source>
        <translation>A frota lê</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <source>Ridge point</source>
        <translation>Ponto de equilíbrio</translation>
    </message>
    <message>
        <source>%1 FLOP/B</source>
        <translation>%1 FLOP/B</translation>
    </message>
    <message>
        <source>GQA: FLOP per KV byte</source>
        <translation>GQA: FLOP por byte de KV</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>Without the scales</source>
        <translation>Sem as escalas</translation>
    </message>
    <message>
        <source>Full KV cache</source>
        <translation>KV cache completo</translation>
    </message>
    <message>
        <source>Oldest token sure to stay</source>
        <translation>Token mais antigo garantido</translation>
    </message>
    <message>
        <source>NSA reads per token</source>
        <translation>NSA lê por token</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Top share of blocks</source>
        <translation>Topo considerado (fração dos blocos)</translation>
    </message>
    <message>
        <source>Concentrated layers</source>
        <translation>Camadas concentradas</translation>
    </message>
    <message>
        <source>Most concentrated</source>
        <translation>Mais concentrada</translation>
    </message>
    <message>
        <source>Flattest</source>
        <translation>Mais plana</translation>
    </message>
    <message>
        <source>What the KV cache holds</source>
        <translation>O que o KV cache guarda</translation>
    </message>
    <message>
        <source>A model decodes one token at a time. To choose the next one, each layer compares the new token&apos;s query with the key of every earlier token and lets the softmax weights combine their values (the picture: one head, %1 tokens). Those keys and values are kept, the KV cache, so that no step recomputes them: it grows by one token per token, here to %2, and every step reads it whole.</source>
        <translation>O modelo decodifica um token por vez. Para decidir o próximo, cada camada compara a query do novo token com a key de cada token anterior, e os pesos do softmax combinam os values correspondentes (na figura: um head, %1 tokens). Essas keys e values ficam guardados, o KV cache, para que nenhum passo precise recalculá-los: ele cresce um token a cada token, aqui até %2, e todo passo o lê inteiro.</translation>
    </message>
    <message>
        <source>Earlier tokens each step reads</source>
        <translation>Tokens anteriores lidos a cada passo</translation>
    </message>
    <message>
        <source>KV heads per layer</source>
        <translation>KV heads por camada</translation>
    </message>
    <message>
        <source>Each token leaves a key and a value (the 2) in every layer, for every KV head: %1. The article&apos;s “320 KB” is %2 in binary units, shown here.</source>
        <translation>Cada token deixa uma key e um value (o 2) em cada camada, para cada KV head: %1. Os “320 KB” do artigo são %2 em unidades binárias, as mostradas aqui.</translation>
    </message>
    <message>
        <source>KV heads × head dim</source>
        <translation>KV heads × head dim</translation>
    </message>
    <message>
        <source>GQA, the one free factor</source>
        <translation>GQA, o único fator de graça</translation>
    </message>
    <message>
        <source>%1 query heads share %2 KV heads. Without the sharing (MHA) a token would cost %3, the article&apos;s “≈2.6 MB”; with GQA it costs %4, %5 less, cut in the design. No other factor comes this free: every saving after this one trades something.</source>
        <translation>%1 query heads compartilham %2 KV heads. Sem esse compartilhamento (MHA), um token custaria %3, os “≈2,6 MB” do artigo; com GQA custa %4, %5 menos, cortados no design. Não existe outro fator “de graça” igual: toda economia depois desta troca alguma coisa.</translation>
    </message>
    <message>
        <source>The arithmetic is trivial; the reads are not. Every decoded token brings every earlier key and value from HBM to the compute units, %1 here, even those the softmax weighs at one part in a million: the weight that would justify skipping a read is computed from the read itself (part 2 of the picture comes before part 3).</source>
        <translation>A aritmética é trivial; as leituras, não. A cada token decodificado, todas as keys e values anteriores viajam da HBM para as unidades de computação, %1 aqui, mesmo as que o softmax vai ponderar em uma parte em um milhão: o peso que justificaria pular uma leitura é calculado a partir da própria leitura (a parte 2 da figura vem antes da parte 3).</translation>
    </message>
    <message>
        <source>An %1 computes %2 FLOP for every byte its memory moves (%3 / %4): its ridge point, the article&apos;s “about 300”. A kernel that does less arithmetic per byte than that leaves the tensor cores waiting for memory.</source>
        <translation>Uma %1 computa %2 FLOP para cada byte que sua memória move (%3 / %4): o ponto de equilíbrio, os “cerca de 300” do artigo. Um kernel que faz menos aritmética por byte do que isso deixa os núcleos tensores esperando pela memória.</translation>
    </message>
    <message>
        <source>Peak compute (%1)</source>
        <translation>Pico de computação (%1)</translation>
    </message>
    <message>
        <source>Hundreds of times below the ridge</source>
        <translation>Centenas de vezes abaixo do ponto de equilíbrio</translation>
    </message>
    <message>
        <source>Decode does little arithmetic per byte. At batch %1 the weight matmuls do %2 FLOP per byte, %3 below the ridge, and MHA attention does %4, %5 below: the article&apos;s “hundreds of times”. GQA shares each key among %6 query heads, so its attention does %7 FLOP per byte, still %8 below. Either way the tensor cores idle while memory streams: decoding is memory-bound.</source>
        <translation>A decodificação faz pouca aritmética por byte. Com batch %1, as multiplicações pelos pesos fazem %2 FLOP por byte, %3 abaixo do ponto de equilíbrio, e a atenção MHA faz %4, %5 abaixo: as “centenas de vezes” do artigo. O GQA compartilha cada key entre %6 query heads, então sua atenção faz %7 FLOP por byte, ainda %8 abaixo. De todo modo, os núcleos tensores ficam ociosos enquanto a memória flui: é a decodificação limitada por memória.</translation>
    </message>
    <message>
        <source>Weight matmuls below the ridge</source>
        <translation>Multiplicações pelos pesos abaixo do equilíbrio</translation>
    </message>
    <message>
        <source>MHA attention below the ridge</source>
        <translation>Atenção MHA abaixo do equilíbrio</translation>
    </message>
    <message>
        <source>GQA attention below the ridge</source>
        <translation>Atenção GQA abaixo do equilíbrio</translation>
    </message>
    <message>
        <source>A coding agent&apos;s routine working set: %1 tokens × %2 B = %3 (exactly %4) of KV cache, the article&apos;s “order of 320 GB” in decimal units.</source>
        <translation>O conjunto de trabalho rotineiro de um agente de codificação: %1 tokens × %2 B = %3 (exatamente %4) de KV cache, os “na ordem de 320 GB” do artigo em unidades decimais.</translation>
    </message>
    <message>
        <source>Add the weights, %1 in %2 (the article&apos;s “~140 GB”): %3. With %4 usable per %5, %6 GPUs hold it by capacity and a tensor-parallel deployment takes %7 (the degree must divide the heads): the article&apos;s “6 to 8”, before a single concurrent request. The red banner in the ledger says it: %8 GPU cannot run this.</source>
        <translation>Somando os pesos, %1 em %2 (os “~140 GB” do artigo): %3. Com %4 utilizáveis por %5, %6 GPUs comportam isso pela capacidade, e uma implantação com paralelismo de tensor precisa de %7 (o grau precisa dividir os heads): os “de 6 a 8” do artigo, antes de pensar em requisições concorrentes. A faixa vermelha no livro-caixa diz o mesmo: %8 GPU não roda isto.</translation>
    </message>
    <message>
        <source>95 ms per token, at best</source>
        <translation>95 ms por token, no melhor caso</translation>
    </message>
    <message>
        <source>At %1, reading %2 takes %3 per token (the article&apos;s “~95 ms” is its rounded %4: %5), %6 tokens/s, its “about 10”. That is the article&apos;s theoretical best case, the KV read alone at full datasheet bandwidth. The red banner says why it is a floor, not a deployment: %7 GPU cannot hold the cache, and with the weights read too a step takes %8.</source>
        <translation>A %1, ler %2 leva %3 por token (os “~95 ms” do artigo vêm dos seus %4 arredondados: %5), %6 tokens/s, os seus “cerca de 10”. É o melhor caso teórico do artigo: só a leitura do KV, na largura de banda total da ficha técnica. A faixa vermelha diz por que isso é um piso e não uma implantação: %7 GPU não comporta o cache, e lendo também os pesos um passo leva %8.</translation>
    </message>
    <message>
        <source>Tokens per second, KV only</source>
        <translation>Tokens por segundo, só o KV</translation>
    </message>
    <message>
        <source>An answer of %1 tokens carries %2 of pure KV streaming on the critical path, the article&apos;s “~95 seconds”; the cache growing while it answers adds only %3. The weights add %4: %5 in all.</source>
        <translation>Uma resposta de %1 tokens carrega %2 de streaming puro de KV no caminho crítico, os “~95 segundos” do artigo; o cache crescendo enquanto ela é gerada acrescenta só %3. Os pesos acrescentam %4: %5 ao todo.</translation>
    </message>
    <message>
        <source>Shard the cache over %1 GPUs and each streams %2: %3 per token, the article&apos;s “~12 ms”. But the bytes do not vanish: the fleet still moves %4 per token, and the cost per token only grows as the conversation goes on.</source>
        <translation>Fragmente o cache em %1 GPUs e cada uma transmite %2: %3 por token, os “~12 ms” do artigo. Mas os bytes não desaparecem: a frota continua movendo %4 por token, e o custo por token só cresce conforme a conversa avança.</translation>
    </message>
    <message>
        <source>The safest first step: K and V in %1, a one-line change in vLLM (--kv-cache-dtype fp8) and TensorRT-LLM, with little quality cost. %2 per token instead of %3: KV streaming halves (%4 → %5) and so does the tensor-parallel degree (%6 → %7), but the weights stay, so time per token gains only %8 (%9 → %10).</source>
        <translation>O primeiro passo mais seguro: K e V em %1, uma mudança de uma linha no vLLM (--kv-cache-dtype fp8) e no TensorRT-LLM, com pouco impacto de qualidade. %2 por token em vez de %3: o streaming de KV cai pela metade (%4 → %5), e o grau de paralelismo de tensor também (%6 → %7), mas os pesos continuam, então o tempo por token ganha só %8 (%9 → %10).</translation>
    </message>
    <message>
        <source>Gain over fp16</source>
        <translation>Ganho sobre fp16</translation>
    </message>
    <message>
        <source>int4, for the capacity-desperate</source>
        <translation>int4, para casos desesperados por capacidade</translation>
    </message>
    <message>
        <source>%1, its group scales included, stores %2 per token, %3 fewer bytes than fp16; the article&apos;s “a quarter” (%4) holds only without the scales. Keep it for when capacity is desperate, after measuring recall on your own traffic.</source>
        <translation>%1, com as escalas de grupo, guarda %2 por token, %3 menos bytes que fp16; o “um quarto” do artigo (%4) só vale sem as escalas. Deixe-o para quando a capacidade estiver desesperadora, depois de medir o recall no seu próprio tráfego.</translation>
    </message>
    <message>
        <source>Fewer bytes than fp16</source>
        <translation>Menos bytes que fp16</translation>
    </message>
    <message>
        <source>Evictions such as H2O and SnapKV bet that the past predicts the question: H2O keeps %1 and SnapKV %2 of the %3 cache. With SnapKV no token before %4 is sure to stay, and agents live on rare details cited once: audit logs, IDs, exact numbers.</source>
        <translation>Evicções como H2O e SnapKV apostam que o passado prevê a consulta: o H2O mantém %1 e o SnapKV %2 dos %3 do cache. Com o SnapKV, nenhum token antes do %4 tem garantia de ficar, e agentes vivem de detalhes raros citados uma única vez: logs de auditoria, IDs, números exatos.</translation>
    </message>
    <message>
        <source>H2O keeps</source>
        <translation>H2O mantém</translation>
    </message>
    <message>
        <source>SnapKV keeps</source>
        <translation>SnapKV mantém</translation>
    </message>
    <message>
        <source>If your traffic asks about old data, the safe money is quantization + conservative windows, compression kept for stale regions of the history: here the first %1 and the newest %2 tokens stay exact and the stale ones between them go to %3. It holds %4 (%3 alone: %5), fits on %6 GPUs and drops no token. int4 is not on this list.</source>
        <translation>Se o seu tráfego pergunta sobre dados antigos, o dinheiro seguro está em quantização + janelas conservadoras, reservando a compressão para regiões obsoletas do histórico: aqui os %1 primeiros e os %2 tokens mais recentes ficam exatos, e os obsoletos entre eles vão para %3. Ocupa %4 (só %3: %5), cabe em %6 GPUs e não descarta nenhum token. O int4 não entra nesta lista.</translation>
    </message>
    <message>
        <source>%1 holds</source>
        <translation>%1 ocupa</translation>
    </message>
    <message>
        <source>%1 alone holds</source>
        <translation>Só %1 ocupa</translation>
    </message>
    <message>
        <source>Tokens dropped</source>
        <translation>Tokens descartados</translation>
    </message>
    <message>
        <source>The end game: reads skipped, memory kept</source>
        <translation>O jogo final: leituras puladas, memória mantida</translation>
    </message>
    <message>
        <source>The end game is architectural: a model that decides itself what it need not read (DuoAttention, NSA, MoBA, SeerAttention). NSA reads %1 per token instead of %2, %3 per token. It saves reads, not memory: the whole cache stays, %4 with its compressed tokens, and still needs %5 GPUs here.</source>
        <translation>O jogo final é arquitetural: um modelo que decide, ele mesmo, o que não precisa ler (DuoAttention, NSA, MoBA, SeerAttention). O NSA lê %1 por token em vez de %2, %3 por token. Ele economiza leituras, não memória: o cache inteiro continua lá, %4 com os tokens comprimidos, e ainda exige %5 GPUs aqui.</translation>
    </message>
    <message>
        <source>NSA holds</source>
        <translation>NSA ocupa</translation>
    </message>
    <message>
        <source>Before choosing, measure: replay a sample of your production conversations offline and record, per layer, how much of the attention mass sits in the top %1 of KV blocks. The page shows no measurement but a teaching source (%2): %3 layers are concentrated (up to %4), the flattest keeps only %5. Concentrated mass leaves room for eviction; flat mass means your traffic really reads everything, and the honest saving is in the bytes.</source>
        <translation>Antes de escolher, meça: reexecute uma amostra das conversas de produção offline e registre, por camada, quanto da massa de atenção fica no topo de %1 dos blocos KV. A página não mostra uma medição, e sim uma fonte didática (%2): %3 camadas são concentradas (até %4), a mais plana fica com só %5. Massa concentrada significa espaço para evicção; massa plana significa que seu tráfego realmente lê tudo, e aí a economia honesta está nos bytes.</translation>
    </message>
    <message>
        <source>The end game ships today</source>
        <translation>O jogo final já está em produção</translation>
    </message>
    <message>
        <source>KV cache held</source>
        <translation>KV cache guardado</translation>
    </message>
    <message>
        <source>It is not a paper: %1 ships with DeepSeek Sparse Attention. At %2 tokens it holds %3 of cache, yet a step reads %4 of it, %5 fewer bytes than dense attention reading every latent (%6): a small indexer scores every token&apos;s index key and each layer reads only the %7 latents it picks. It saves reads, not memory: the whole cache stays, and with the weights it takes %8 GPUs to hold.</source>
        <translation>Não é só um artigo: o %1 já sai com a DeepSeek Sparse Attention. Com %2 tokens, ele guarda %3 de KV cache, mas um passo lê só %4 disso, %5 menos bytes do que a atenção densa, que lê todos os latents (%6): um pequeno indexador pontua a index key de cada token e cada camada lê só os %7 latents que ele escolhe. Ela economiza leituras, não memória: o cache inteiro continua lá e, somado aos pesos, exige %8 GPUs para caber.</translation>
    </message>
    <message>
        <source>Fewer bytes read than dense</source>
        <translation>Redução na leitura vs. densa</translation>
    </message>
</context>
<context>
    <name>kvl::ValidationTable</name>
    <message>
        <source>Measured</source>
        <translation>Medida</translation>
    </message>
    <message>
        <source>Setup (source)</source>
        <translation>Configuração (fonte)</translation>
    </message>
    <message>
        <source>Measured value</source>
        <translation>Valor medido</translation>
    </message>
    <message>
        <source>Floor (efficiency 1)</source>
        <translation>Piso (eficiência 1)</translation>
    </message>
    <message>
        <source>Efficiency to match</source>
        <translation>Eficiência que explica</translation>
    </message>
    <message>
        <source>Published measurements against the floor for the same setup</source>
        <translation>Medições publicadas contra o piso da mesma configuração</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>Time per token</source>
        <translation>Tempo por token</translation>
    </message>
    <message>
        <source>Inter-token latency</source>
        <translation>Latência entre tokens</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>Tempo até o primeiro token</translation>
    </message>
    <message>
        <source>Output throughput</source>
        <translation>Vazão de saída</translation>
    </message>
    <message>
        <source>%1 decode alone at batch %2; %3 with prefill</source>
        <translation>%1 só o decode com batch %2; %3 com prefill</translation>
    </message>
    <message>
        <source>%1; %2 with prefill</source>
        <translation>%1; %2 com prefill</translation>
    </message>
    <message>
        <source>%1 (compute)</source>
        <translation>%1 (computação)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
</TS>
