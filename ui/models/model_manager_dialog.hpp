// The model manager: Library, Catalogue and Downloads tabs over the app's ModelServices.
// Keyboard: Ctrl+1/2/3 switch tabs, Ctrl+Tab cycles them; on the library list Enter loads,
// F2 renames, Delete removes; every button has a mnemonic.
#pragma once

#include <QDialog>

class QTabWidget;

namespace strata::domain::models {
class ModelServices;
}

namespace strata::ui {

class CataloguePage;
class DownloadsPage;
class LibraryPage;

class ModelManagerDialog : public QDialog {
    Q_OBJECT
public:
    explicit ModelManagerDialog(domain::models::ModelServices& services, QWidget* parent = nullptr);

    LibraryPage* libraryPage() const { return m_library; }
    CataloguePage* cataloguePage() const { return m_catalogue; }
    DownloadsPage* downloadsPage() const { return m_downloads; }
    QTabWidget* tabs() const { return m_tabs; }

private:
    QTabWidget* m_tabs;
    LibraryPage* m_library;
    CataloguePage* m_catalogue;
    DownloadsPage* m_downloads;
};

// Opens the model manager over `services` as a child of `window`, or raises the one already open.
ModelManagerDialog* openModelManager(QWidget* window, domain::models::ModelServices& services);

}  // namespace strata::ui
