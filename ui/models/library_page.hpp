// The Library tab: every model in the library folders, its details, and what can be done with it.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace strata::domain::models {
class ModelServices;
}

namespace strata::ui {

class ModelDetailsWidget;

class LibraryPage : public QWidget {
    Q_OBJECT
public:
    explicit LibraryPage(domain::models::ModelServices& services, QWidget* parent = nullptr);

    QString selectedPath() const;
    void selectPath(const QString& path);

public slots:
    void loadSelected();
    void setSelectedAsDefault();
    void renameSelected();
    void removeSelected();
    void revealSelected();
    void importFile();
    void addFolder();

private:
    void updateActions();

    domain::models::ModelServices& m_services;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_view;
    ModelDetailsWidget* m_details;
    QLabel* m_status;
    QPushButton* m_load;
    QPushButton* m_makeDefault;
    QPushButton* m_rename;
    QPushButton* m_reveal;
    QPushButton* m_remove;
};

}  // namespace strata::ui
