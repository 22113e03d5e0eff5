#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace kvl {

class MappedSpinBox;
class RooflineChart;

// The roofline page: the compute roof's precision and the prefill prompt to plot, the chart, and
// each point's intensity with the formula it comes from.
class RooflinePanel : public QWidget
{
    Q_OBJECT
public:
    RooflinePanel(RooflineChart *chart, QWidget *parent = nullptr);

    QComboBox *precisionBox() const { return m_precision; }
    MappedSpinBox *promptBox() const { return m_prompt; }
    QTableWidget *pointTable() const { return m_table; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillTable();
    void retranslate();

    RooflineChart *m_chart;
    QComboBox *m_precision = nullptr;
    QLabel *m_precisionLabel = nullptr;
    QLabel *m_promptLabel = nullptr;
    MappedSpinBox *m_prompt = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace kvl
