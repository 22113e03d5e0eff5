#pragma once

#include <QLabel>
#include <QStringList>

namespace kvl {

// The status bar's word on user presets that did not load ("User presets not loaded: 2"): the
// loader's messages in its tooltip and, on a click, in a dialog. Hidden when all loaded.
class PresetProblems : public QLabel
{
    Q_OBJECT
public:
    explicit PresetProblems(QWidget *parent = nullptr);

    void setErrors(const QStringList &errors);
    const QStringList &errors() const { return m_errors; }

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    void showDetails();

    QStringList m_errors;
};

} // namespace kvl
