#include "ui/models/downloads_page.hpp"

#include "domain/models/download_manager.hpp"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

namespace strata::ui {

using models::DownloadListModel;
using models::DownloadState;

namespace {

// Draws the progress column as a progress bar with the text on it.
class ProgressDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        const double fraction = index.data(DownloadListModel::FractionRole).toDouble();
        QStyleOptionProgressBar bar;
        bar.rect = option.rect.adjusted(1, 1, -1, -1);
        bar.minimum = 0;
        bar.maximum = fraction < 0 ? 0 : 1000;  // 0..0 is the "busy" bar for unknown sizes
        bar.progress = fraction < 0 ? 0 : int(fraction * 1000);
        bar.text = index.data().toString();
        bar.textVisible = true;
        bar.state = option.state;
        QApplication::style()->drawControl(QStyle::CE_ProgressBar, &bar, painter);
    }
};

}  // namespace

DownloadsPage::DownloadsPage(models::DownloadManager& downloads, QWidget* parent) : QWidget(parent), downloads_(downloads)
{
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("downloadsView"));
    view_->setModel(downloads_.model());
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setTabKeyNavigation(false);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setItemDelegateForColumn(DownloadListModel::ProgressColumn, new ProgressDelegate(view_));
    view_->setColumnWidth(DownloadListModel::ProgressColumn, 260);

    pauseResume_ = new QPushButton(tr("&Pause"), this);
    pauseResume_->setObjectName(QStringLiteral("pauseResumeButton"));
    pauseResume_->setAutoDefault(false);
    cancel_ = new QPushButton(tr("&Cancel download"), this);
    cancel_->setObjectName(QStringLiteral("cancelDownloadButton"));
    cancel_->setAutoDefault(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(pauseResume_);
    buttons->addWidget(cancel_);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(view_, 1);
    layout->addLayout(buttons);

    connect(pauseResume_, &QPushButton::clicked, this, &DownloadsPage::pauseOrResumeSelected);
    connect(cancel_, &QPushButton::clicked, this, &DownloadsPage::cancelSelected);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DownloadsPage::updateActions);
    connect(downloads_.model(), &QAbstractItemModel::dataChanged, this, &DownloadsPage::updateActions);
    connect(downloads_.model(), &QAbstractItemModel::rowsRemoved, this, &DownloadsPage::updateActions);
    setFocusProxy(view_);
    updateActions();
}

QString DownloadsPage::selectedId() const
{
    return view_->currentIndex().data(DownloadListModel::IdRole).toString();
}

void DownloadsPage::select(const QString& id)
{
    const int row = downloads_.model()->rowOf(id);
    if (row >= 0)
        view_->setCurrentIndex(downloads_.model()->index(row, 0));
}

void DownloadsPage::updateActions()
{
    const int row = view_->currentIndex().row();
    const DownloadState state = downloads_.model()->stateAt(row);
    const bool any = row >= 0;
    const bool resumable = state == DownloadState::Paused || state == DownloadState::Failed;
    pauseResume_->setText(resumable ? tr("&Resume") : tr("&Pause"));
    pauseResume_->setEnabled(any && state != DownloadState::Completed && state != DownloadState::Verifying);
    cancel_->setEnabled(any && state != DownloadState::Completed);
}

void DownloadsPage::pauseOrResumeSelected()
{
    const QString id = selectedId();
    if (id.isEmpty())
        return;
    const DownloadState state = downloads_.model()->stateAt(view_->currentIndex().row());
    if (state == DownloadState::Paused || state == DownloadState::Failed)
        downloads_.resume(id);
    else
        downloads_.pause(id);
}

void DownloadsPage::cancelSelected()
{
    const QString id = selectedId();
    if (id.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Cancel download"), tr("Stop downloading and delete the partial file?"),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes)
        downloads_.cancel(id);
}

}  // namespace strata::ui
