#pragma once

#include "kv_strategy.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableView;

namespace kvl {

class StrategyParameters;
class StrategyTableModel;
class ViewSettings;

// Which KV strategies to compare: the published presets (each with its citation) and custom
// specs, any of them stacked with a KV precision; and what each one holds, reads, costs and
// loses at the scenario's context, next to the full cache.
class StrategyPanel : public QWidget
{
    Q_OBJECT
public:
    // The table shows bytes in `view`'s units (SI without one).
    explicit StrategyPanel(const ViewSettings *view = nullptr, QWidget *parent = nullptr);

    // The full cache, then every checked strategy in list order; for a model that reads less
    // than it holds, its dense twin first. Without a scenario, at the last one.
    QList<KvStrategy> compared(const std::optional<Scenario> &s) const;
    QList<KvStrategy> compared() const { return compared(m_scenario); }
    // compared() at the last scenario, evaluated once; the page's charts draw these too.
    const QList<StrategyResult> &results() const { return m_results; }
    // Evaluates compared(s) and shows it (an invalid scenario clears the table and notes).
    void setScenario(const Scenario &s);
    // Shows `results`, compared(s) as core evaluated them for the page's charts.
    void setResults(const Scenario &s, const QList<StrategyResult> &results);

    int strategyCount() const;
    KvStrategy strategy(int row) const;
    // The row of a built-in strategy by its id ("fp8", "h2o"); -1 when none.
    int rowOf(const QString &builtIn) const;
    // The row the editor shows.
    int currentRow() const;
    void setCurrentRow(int row);
    bool isChecked(int row) const;
    void setChecked(int row, bool checked);
    // Parses `spec` and appends it, checked and selected. A bad spec leaves everything as it is
    // and shows the parser's message; returns whether it was added.
    bool addCustom(const QString &spec);
    // Replaces the spec of `row` (its precision stack kept), or shows why not.
    bool setSpec(int row, const QString &spec);
    // Stacks a KV precision ("fp8"; empty: none) on `row`, or shows why not.
    bool setStack(int row, const QString &precision);
    QString errorText() const; // the last refused edit's reason; empty after a good one
    QString notesText() const; // what each compared strategy loses, as shown

    StrategyTableModel *model() const { return m_model; }
    StrategyParameters *parameters() const { return m_params; }

signals:
    void strategiesChanged();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Entry
    {
        QString builtIn;  // "fp8", "int4" or a preset id for the built-in rows
        QString spec;     // as typed or the preset's id
        QString stack;    // a precision spec stacked with '+', or empty
        QString name;     // shown instead of the parsed label while spec is unchanged
        QString citation; // where the settings come from
        KvStrategy strategy;
        bool checked = false;
    };

    void build();
    void retranslate();
    void builtInText(Entry &entry); // a built-in's name and citation, in the current language
    // Parses spec + stack into `entry`; on failure shows the reason and leaves it unchanged.
    bool apply(Entry &entry, const QString &spec, const QString &stack);
    void append(const Entry &entry);
    void syncItem(int row);
    void showSelected();
    void showError(const QString &message);
    void refresh();

    QList<Entry> m_entries;
    std::optional<Scenario> m_scenario;
    QList<StrategyResult> m_results;
    QListWidget *m_list = nullptr;
    QLineEdit *m_custom = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_remove = nullptr;
    QLabel *m_error = nullptr;
    QLineEdit *m_spec = nullptr;
    QComboBox *m_stack = nullptr;
    StrategyParameters *m_params = nullptr;
    QLabel *m_citation = nullptr;
    QGroupBox *m_editor = nullptr;
    QLabel *m_specLabel = nullptr;
    QLabel *m_stackLabel = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_notes = nullptr;
    StrategyTableModel *m_model = nullptr;
    int m_builtIns = 0; // rows before the custom ones
    bool m_syncing = false;
};

} // namespace kvl
