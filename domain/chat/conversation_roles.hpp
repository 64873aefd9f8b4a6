// The item-data roles a list of conversations carries beside its title (Qt::DisplayRole): the
// list model (domain/storage) fills them, the sidebar (ui/chat) reads them.
#pragma once

#include <Qt>

namespace strata::domain {

enum ConversationRole : int {
    ConversationIdRole = Qt::UserRole + 1,       // qint64: the conversation's row id in the store
    ConversationUpdatedRole = Qt::UserRole + 2,  // qint64: ms since the epoch
};

}  // namespace strata::domain
