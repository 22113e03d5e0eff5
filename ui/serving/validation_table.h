#pragma once

#include <QTableWidget>

namespace kvl {

// Published measurements of real engines beside the floor for the same setup (core's
// publishedMeasurements and predict): what fraction of the floor they reach.
class ValidationTable : public QTableWidget
{
    Q_OBJECT
public:
    explicit ValidationTable(QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();
};

} // namespace kvl
