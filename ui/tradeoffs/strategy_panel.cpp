#include "strategy_panel.h"

#include "strategy_parameters.h"
#include "strategy_presets.h"
#include "strategy_table_model.h"
#include "wrapping_header.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace kvl {

namespace {
// Checked at start: the seed's safe first step and one of each token policy.
bool checkedByDefault(const QString &id)
{
    static const QStringList ids = {QStringLiteral("fp8"), QStringLiteral("streamingllm"),
                                    QStringLiteral("h2o"), QStringLiteral("quest")};
    return ids.contains(id);
}
} // namespace

StrategyPanel::StrategyPanel(const ViewSettings *view, QWidget *parent)
    : QWidget(parent), m_model(new StrategyTableModel(view, this))
{
    setObjectName(QStringLiteral("strategyPanel"));
    build();

    // The seed's own advice comes first: quantization keeps every token.
    for (const StrategyPreset &p : articleStrategies() + strategyPresets()) {
        Entry e;
        e.builtIn = p.id;
        e.checked = checkedByDefault(p.id);
        builtInText(e);
        apply(e, articleStrategy(p.id) ? p.spec : p.id, {});
        append(e);
    }
    m_builtIns = int(m_entries.size());
    m_list->setCurrentRow(0);
    retranslate();
}

void StrategyPanel::builtInText(Entry &e)
{
    if (const auto a = articleStrategy(e.builtIn)) {
        e.name = a->name;
        e.citation = a->citation;
    } else if (const auto p = strategyPreset(e.builtIn)) {
        e.citation = p->citation;
    }
}

void StrategyPanel::retranslate()
{
    m_list->setToolTip(tr("Check the strategies to compare with the full cache"));
    m_custom->setToolTip(
        tr("A strategy spec: fp8 | int4 | window:W[,sinks:S][,layers:F] | budget:B|P%[,recent:R] "
           "| duo:F[,sinks:S,window:W] | sparse:k=K,block=S[,summary=N,window=W,compress=D,"
           "compress-block=L,dense=N] | recent:R[@P][,sinks=S],old=P | a preset id; a token policy "
           "and a "
           "precision joined by '+'"));
    m_add->setText(tr("Add custom…"));
    m_remove->setText(tr("Remove"));
    m_stack->setItemText(0, tr("nothing stacked"));
    for (int i = 1; i < m_stack->count(); ++i)
        m_stack->setItemText(i, tr("+ %1 KV").arg(m_stack->itemData(i).toString()));
    m_editor->setTitle(tr("Selected strategy"));
    m_specLabel->setText(tr("Spec"));
    m_stackLabel->setText(tr("Stack"));
    // Built-ins still on their own spec take their name and citation in the new language.
    for (int row = 0; row < m_entries.size(); ++row) {
        Entry &e = m_entries[row];
        if (e.builtIn.isEmpty() || e.citation.isEmpty())
            continue;
        builtInText(e);
        apply(e, e.spec, e.stack);
        syncItem(row);
    }
    showError({});
    showSelected();
    refresh(); // the loss notes and the full cache's name are composed in the language
}

void StrategyPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void StrategyPanel::build()
{
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("strategyList"));
    // Long names wrap within the list's width rather than hide behind a scroll bar.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setResizeMode(QListView::Adjust);

    m_custom = new QLineEdit(this);
    m_custom->setObjectName(QStringLiteral("customSpec"));
    m_custom->setPlaceholderText(QStringLiteral("window:8192,sinks:4+fp8"));
    m_add = new QPushButton(this);
    m_add->setObjectName(QStringLiteral("addCustom"));
    m_remove = new QPushButton(this);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("strategyError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #C0392B;"));
    m_error->hide();

    m_spec = new QLineEdit(this);
    m_spec->setObjectName(QStringLiteral("strategySpec"));
    m_stack = new QComboBox(this);
    m_stack->setObjectName(QStringLiteral("stackPrecision"));
    m_stack->addItem(QString(), QString()); // texts in retranslate()
    for (const char *p : {"fp8", "int8", "int4"})
        m_stack->addItem(QString(), QString::fromLatin1(p));
    m_params = new StrategyParameters(this);
    m_citation = new QLabel(this);
    m_citation->setWordWrap(true);
    m_citation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_citation->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    auto *customRow = new QHBoxLayout;
    customRow->addWidget(m_custom, 1);
    customRow->addWidget(m_add);
    m_editor = new QGroupBox(this);
    auto *form = new QFormLayout(m_editor);
    m_specLabel = new QLabel(m_editor);
    m_stackLabel = new QLabel(m_editor);
    form->addRow(m_specLabel, m_spec);
    form->addRow(m_stackLabel, m_stack);
    form->addRow(m_params);
    form->addRow(m_citation);
    form->addRow(m_remove);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addLayout(customRow);
    leftLayout->addWidget(m_error);
    leftLayout->addWidget(m_editor);

    m_table = new QTableView(this);
    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    m_table->setObjectName(QStringLiteral("strategyTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_notes = new QLabel(this);
    m_notes->setObjectName(QStringLiteral("lossNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::RichText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *notesScroll = new QScrollArea(this);
    notesScroll->setWidget(m_notes);
    notesScroll->setWidgetResizable(true);
    notesScroll->setFrameShape(QFrame::NoFrame);

    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_table);
    right->addWidget(notesScroll);
    right->setSizes({300, 200});

    // Scrolls rather than squeezing its sliders when the page is short (presentation mode, docks).
    auto *leftScroll = new QScrollArea(this);
    leftScroll->setWidget(left);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    leftScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(leftScroll);
    split->addWidget(right);
    split->setSizes({300, 900});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_add, &QPushButton::clicked, this, [this] { addCustom(m_custom->text()); });
    connect(m_custom, &QLineEdit::returnPressed, this, [this] { addCustom(m_custom->text()); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_list->currentRow();
        if (row < m_builtIns)
            return;
        m_entries.removeAt(row);
        delete m_list->takeItem(row);
        refresh();
    });
    connect(m_spec, &QLineEdit::editingFinished, this, [this] {
        const int row = m_list->currentRow();
        if (row >= 0 && m_spec->text() != m_entries.at(row).spec)
            setSpec(row, m_spec->text());
    });
    connect(m_stack, &QComboBox::activated, this, [this] {
        const int row = m_list->currentRow();
        if (row >= 0 && !setStack(row, m_stack->currentData().toString()))
            showSelected(); // back to what the entry has
    });
    // A slider edits the token policy of the spec as written; the stacked precision stays.
    connect(m_params, &StrategyParameters::edited, this, [this](const TokenPolicy &policy) {
        const int row = m_list->currentRow();
        if (row < 0)
            return;
        std::optional<KvStrategy> base = KvStrategy::parse(m_entries.at(row).spec);
        if (!base)
            return;
        base->tokens = policy;
        setSpec(row, base->spec());
    });
    connect(m_list, &QListWidget::currentRowChanged, this, &StrategyPanel::showSelected);
    connect(m_list, &QListWidget::itemChanged, this, [this](QListWidgetItem *item) {
        const int row = m_list->row(item);
        const bool checked = item->checkState() == Qt::Checked;
        if (m_syncing || row < 0 || m_entries.at(row).checked == checked)
            return;
        m_entries[row].checked = checked;
        refresh();
    });
}

bool StrategyPanel::apply(Entry &entry, const QString &spec, const QString &stack)
{
    const QString text = stack.isEmpty() ? spec.trimmed() : spec.trimmed() + u'+' + stack;
    QString why;
    std::optional<KvStrategy> k = KvStrategy::parse(text, &why);
    if (!k) {
        showError(why);
        return false;
    }
    if (k->isBaseline()) {
        showError(tr("\"%1\" is the full cache, which is always compared").arg(text));
        return false;
    }
    // Built-in names and citations hold for their own spec only; a preset stacked names itself
    // ("H2O + fp8").
    if (spec.trimmed() != entry.spec && !entry.spec.isEmpty()) {
        entry.name.clear();
        entry.citation.clear();
    }
    if (k->name.isEmpty() && !entry.name.isEmpty() && stack.isEmpty())
        k->name = entry.name;
    if (k->citation.isEmpty())
        k->citation = entry.citation;
    entry.spec = spec.trimmed();
    entry.stack = stack;
    entry.strategy = *k;
    showError({});
    return true;
}

void StrategyPanel::append(const Entry &entry)
{
    m_entries << entry;
    new QListWidgetItem(m_list);
    syncItem(int(m_entries.size()) - 1);
}

void StrategyPanel::syncItem(int row)
{
    const Entry &e = m_entries.at(row);
    QListWidgetItem *item = m_list->item(row);
    m_syncing = true; // every setter below emits itemChanged
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setText(e.strategy.label());
    item->setToolTip(e.citation.isEmpty() ? e.strategy.spec()
                                          : e.strategy.spec() + u"\n\n" + e.citation);
    item->setCheckState(e.checked ? Qt::Checked : Qt::Unchecked);
    m_syncing = false;
}

void StrategyPanel::showSelected()
{
    const int row = m_list->currentRow();
    const bool valid = row >= 0 && row < m_entries.size();
    m_spec->setEnabled(valid);
    m_stack->setEnabled(valid);
    m_remove->setEnabled(valid && row >= m_builtIns);
    if (!valid) {
        m_params->setPolicy({});
        m_spec->clear();
        m_citation->clear();
        return;
    }
    const Entry &e = m_entries.at(row);
    m_spec->setText(e.spec);
    m_params->setPolicy(e.strategy.tokens);
    m_stack->setCurrentIndex(std::max(0, m_stack->findData(e.stack)));
    m_citation->setText(e.citation.isEmpty() ? tr("Custom: %1").arg(e.strategy.spec())
                                             : e.citation);
}

void StrategyPanel::showError(const QString &message)
{
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString StrategyPanel::errorText() const
{
    return m_error->text();
}

QString StrategyPanel::notesText() const
{
    return m_notes->text();
}

int StrategyPanel::strategyCount() const
{
    return int(m_entries.size());
}

KvStrategy StrategyPanel::strategy(int row) const
{
    return m_entries.at(row).strategy;
}

int StrategyPanel::rowOf(const QString &builtIn) const
{
    for (int row = 0; row < m_entries.size(); ++row)
        if (m_entries.at(row).builtIn == builtIn)
            return row;
    return -1;
}

int StrategyPanel::currentRow() const
{
    return m_list->currentRow();
}

void StrategyPanel::setCurrentRow(int row)
{
    m_list->setCurrentRow(row);
}

bool StrategyPanel::isChecked(int row) const
{
    return m_entries.at(row).checked;
}

void StrategyPanel::setChecked(int row, bool checked)
{
    m_list->item(row)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

bool StrategyPanel::addCustom(const QString &spec)
{
    Entry e;
    e.checked = true;
    if (!apply(e, spec, {}))
        return false;
    append(e);
    m_custom->clear();
    m_list->setCurrentRow(int(m_entries.size()) - 1);
    refresh();
    return true;
}

bool StrategyPanel::setSpec(int row, const QString &spec)
{
    Entry e = m_entries.at(row);
    if (!apply(e, spec, e.stack))
        return false;
    m_entries[row] = e;
    syncItem(row);
    if (row == m_list->currentRow())
        showSelected();
    refresh();
    return true;
}

bool StrategyPanel::setStack(int row, const QString &precision)
{
    Entry e = m_entries.at(row);
    if (!apply(e, e.spec, precision))
        return false;
    m_entries[row] = e;
    syncItem(row);
    if (row == m_list->currentRow())
        showSelected();
    refresh();
    return true;
}

QList<KvStrategy> StrategyPanel::compared(const std::optional<Scenario> &s) const
{
    KvStrategy baseline;
    baseline.name = tr("Full cache");
    QList<KvStrategy> out{baseline};
    // A model that reads less than it holds is measured against its dense twin, the chart's
    // reference row.
    if (const auto dense = s ? denseReference(s->model) : std::nullopt) {
        out.first().name = tr("Full cache, sparse reads");
        out.prepend(*dense);
    }
    for (const Entry &e : m_entries)
        if (e.checked)
            out << e.strategy;
    return out;
}

void StrategyPanel::setScenario(const Scenario &s)
{
    QList<StrategyResult> results;
    if (s.validate().isEmpty())
        for (const KvStrategy &k : compared(s))
            results << evaluateStrategy(s, k);
    setResults(s, results);
}

void StrategyPanel::setResults(const Scenario &s, const QList<StrategyResult> &results)
{
    m_scenario = s;
    QStringList notes;
    for (const StrategyResult &r : results) {
        // Strategies that drop tokens say so first; the note itself is core's.
        const QString lead = r.losesTokens ? tr("loses tokens") : tr("nothing is lost from memory");
        notes << QStringLiteral("<p><b>%1</b> — %2. %3</p>")
                     .arg(r.name.toHtmlEscaped(), lead, r.lossNote.toHtmlEscaped());
    }
    m_results = results;
    m_model->setResults(results);
    m_notes->setText(notes.join(QString()));
}

void StrategyPanel::refresh()
{
    if (m_scenario)
        setScenario(*m_scenario);
    emit strategiesChanged();
}

} // namespace kvl
