#include "ui/about_dialog.hpp"

#include "ui/build_features.hpp"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtGlobal>

namespace strata::ui {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About Strata"));

    auto* title = new QLabel(
        tr("<h2>Strata %1</h2><p>Run large language models locally.</p>").arg(QCoreApplication::applicationVersion()),
        this);
    auto* qtVersion = new QLabel(
        tr("Qt %1 (built with %2)").arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR)), this);
    qtVersion->setObjectName(QStringLiteral("qtVersionLabel"));

    auto* features = new QTreeWidget(this);
    features->setObjectName(QStringLiteral("buildFeatures"));
    features->setRootIsDecorated(false);
    features->setHeaderLabels({tr("Feature"), tr("Built in"), tr("Details")});
    for (const BuildFeature& f : buildFeatures())
        new QTreeWidgetItem(features, {f.name, f.present ? tr("yes") : tr("no"), f.detail});
    features->resizeColumnToContents(0);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addWidget(qtVersion);
    layout->addWidget(features);
    layout->addWidget(buttons);
    resize(520, 300);
}

}  // namespace strata::ui
