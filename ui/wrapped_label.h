#pragma once

#include <QFont>
#include <QLabel>
#include <QVarLengthArray>

namespace kvl {

// A label that remembers its heights for the last few widths. QLabel lays a word-wrapped text
// out again on every heightForWidth(), and on a slider step the layouts ask each label of the
// ledger for two or three widths (its cell's, its row's), mostly for texts that had not changed.
// The heights are kept while the text and everything else heightForWidth() reads stay the same.
class WrappedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit WrappedLabel(QWidget *parent = nullptr);
    int heightForWidth(int width) const override;

private:
    // What QLabel's heightForWidth() reads besides the width.
    struct Measured
    {
        QString text;
        QFont font;
        Qt::Alignment alignment;
        bool wordWrap = false;
        int margin = 0;
        int indent = 0;
        int frameWidth = 0;
        QMargins contents;
        int minimumWidth = 0;
        int maximumWidth = 0;
        bool operator==(const Measured &) const = default;
    };
    struct Height
    {
        int width;
        int height;
    };
    static constexpr int kWidths = 4;

    mutable Measured m_measured;
    mutable QVarLengthArray<Height, kWidths> m_heights; // the latest last
};

} // namespace kvl
