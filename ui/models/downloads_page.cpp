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

using domain::models::DownloadListModel;
using domain::models::DownloadState;

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

DownloadsPage::DownloadsPage(domain::models::DownloadManager& downloads, QWidget* parent)
    : QWidget(parent), m_downloads(downloads)
{
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("downloadsView"));
    m_view->setModel(m_downloads.model());
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setItemDelegateForColumn(DownloadListModel::ProgressColumn, new ProgressDelegate(m_view));
    m_view->setColumnWidth(DownloadListModel::ProgressColumn, 260);

    m_pauseResume = new QPushButton(tr("&Pause"), this);
    m_pauseResume->setObjectName(QStringLiteral("pauseResumeButton"));
    m_pauseResume->setAutoDefault(false);
    m_cancel = new QPushButton(tr("&Cancel download"), this);
    m_cancel->setObjectName(QStringLiteral("cancelDownloadButton"));
    m_cancel->setAutoDefault(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_pauseResume);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);

    connect(m_pauseResume, &QPushButton::clicked, this, &DownloadsPage::pauseOrResumeSelected);
    connect(m_cancel, &QPushButton::clicked, this, &DownloadsPage::cancelSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &DownloadsPage::updateActions);
    connect(m_downloads.model(), &QAbstractItemModel::dataChanged, this, &DownloadsPage::updateActions);
    connect(m_downloads.model(), &QAbstractItemModel::rowsRemoved, this, &DownloadsPage::updateActions);
    setFocusProxy(m_view);
    updateActions();
}

QString DownloadsPage::selectedId() const
{
    return m_view->currentIndex().data(DownloadListModel::IdRole).toString();
}

void DownloadsPage::select(const QString& id)
{
    const int row = m_downloads.model()->rowOf(id);
    if (row >= 0)
        m_view->setCurrentIndex(m_downloads.model()->index(row, 0));
}

void DownloadsPage::updateActions()
{
    const int row = m_view->currentIndex().row();
    const DownloadState state = m_downloads.model()->stateAt(row);
    const bool any = row >= 0;
    const bool resumable = state == DownloadState::Paused || state == DownloadState::Failed;
    m_pauseResume->setText(resumable ? tr("&Resume") : tr("&Pause"));
    m_pauseResume->setEnabled(any && state != DownloadState::Completed && state != DownloadState::Verifying);
    m_cancel->setEnabled(any && state != DownloadState::Completed);
}

void DownloadsPage::pauseOrResumeSelected()
{
    const QString id = selectedId();
    if (id.isEmpty())
        return;
    const DownloadState state = m_downloads.model()->stateAt(m_view->currentIndex().row());
    if (state == DownloadState::Paused || state == DownloadState::Failed)
        m_downloads.resume(id);
    else
        m_downloads.pause(id);
}

void DownloadsPage::cancelSelected()
{
    const QString id = selectedId();
    if (id.isEmpty())
        return;
    if (QMessageBox::question(this, tr("Cancel download"), tr("Stop downloading and delete the partial file?"),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
        == QMessageBox::Yes)
        m_downloads.cancel(id);
}

}  // namespace strata::ui
