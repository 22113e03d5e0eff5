#include "headline_strip.h"

#include "scaled_font.h"
#include "wrapped_label.h"
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace kvl {

HeadlineStrip::HeadlineStrip(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("headlineStrip"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum); // the chart takes the rest
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(8, 4, 8, 4);
    row->setSpacing(16);
    for (int i = 0; i < kMaxHeadlines; ++i) {
        auto *box = new QWidget(this);
        auto *column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(0);
        auto *value = new QLabel(box);
        QLabel *caption = new WrappedLabel(box);
        for (QLabel *l : {value, caption}) {
            l->setTextFormat(Qt::PlainText);
            l->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
            column->addWidget(l);
        }
        // A long caption takes a second line rather than the neighbours' room; a value never
        // wraps (a number split over two lines misreads).
        caption->setWordWrap(true);
        value->setObjectName(QStringLiteral("headlineValue"));
        caption->setObjectName(QStringLiteral("headlineCaption"));
        row->addWidget(box, 1);
        box->hide();
        m_cells << Cell{box, value, caption};
    }
    applyFonts();
}

void HeadlineStrip::setHeadlines(const QList<Headline> &headlines)
{
    const QList<Headline> shown = headlines.mid(0, kMaxHeadlines);
    if (shown == m_headlines)
        return;
    m_headlines = shown;
    for (int i = 0; i < m_cells.size(); ++i) {
        const Cell &c = m_cells.at(i);
        const bool on = i < shown.size();
        if (on) {
            c.value->setText(shown.at(i).value);
            c.caption->setText(shown.at(i).label);
        }
        c.box->setVisible(on);
    }
}

QList<QLabel *> HeadlineStrip::labels() const
{
    QList<QLabel *> out;
    for (int i = 0; i < m_headlines.size(); ++i)
        out << m_cells.at(i).value << m_cells.at(i).caption;
    return out;
}

void HeadlineStrip::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::FontChange)
        applyFonts();
    QWidget::changeEvent(e);
}

void HeadlineStrip::applyFonts()
{
    QFont big = scaledFont(font(), 1.5);
    big.setBold(true);
    for (const Cell &c : std::as_const(m_cells)) {
        c.value->setFont(big);
        c.caption->setFont(font());
    }
}

} // namespace kvl
