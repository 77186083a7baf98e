/// Every piece of UI text; each language's table must have every key (a test checks).
public enum StringKey: String, CaseIterable, Sendable {
    // Tutorial
    case intro1Title, intro1Line, intro2Title, intro2Line, intro3Title, intro3Line, intro4Title, intro4Line
    case skip, back, next, start, whatsNew
    // The try-it line of each page, and the ✓ line that replaces it
    case tryAdd, tryCheck, trySort, tryLists, tryDone, tryDoneLast
    // The practice lists and their items
    case practiceShopping, practiceBread, practiceEggs, practiceBakery, practiceDairy, practiceDrugstore, practiceSoap
    // Tabs, groups and empty states
    case tabToBuy, tabPurchased, tabCategories
    case groupOverdue, groupToday, groupTomorrow, groupThisWeek, groupLater, groupNoDate, uncategorised
    case emptyToBuy, emptyPurchased, emptyCategories, noMatches, scopeLabel, filterLabel, categoryCounts, categoryCountsShort
    // Dates
    case today, tomorrow, yesterday
    // Sorts
    case sortDate, sortCategory, sortName, sortAdded, sortLabel
    // Status messages
    case msgAdded, msgUpdated, msgChecked, msgUnchecked, msgDeleted, msgCleared
    case msgCategoryAdded, msgCategoryRenamed, msgCategoryDeleted, msgUndone, msgRedone, msgUndoneNothing
    case msgNothingToUndo, msgNothingToRedo, msgNothingPurchased, msgNothingSelected, msgOnlyOneList
    case msgEmptyName, msgEmptyCategory, msgBadDate, msgUncategorisedFixed, msgSorted
    case msgConfigBadValue, msgConfigUnreadable, msgConfigUnknownKey, msgConfigMore, msgIntroNotSaved, msgSaveFailed, undoHint
    case msgCtrlCAgain, msgNotUndone, msgNotRedone, msgAddedItems, msgPastedLine
    case msgCategoryMerged, msgCategoryMovedDown, msgCategoryMovedUp, msgCategoryExists, msgReservedCategory
    case msgAlreadyOnList, msgEditedItemGone, categoryInputHint, msgTooLong, fieldName, fieldNote, fieldCategory, msgReadOnly
    // MARK: - CLI and files (issue 10.11)
    case fieldQuantity
    // MARK: - Lists (SPEC §8)
    case listsTitle, moveToTitle, listRowCount, promptNewList, confirmDeleteList, confirmMergeList
    case msgMovedToList, msgListAdded, msgListDeleted, msgListRenamed, msgLastList
    case msgListNameEmpty, msgListNameControl, msgListNameTooWide, msgListNameTaken
    case sectionLists, sectionMoveTo, hLists, hStepList, hMoveToList, hOpenList, hAddList, hDeleteList
    case hListOrder, hClose, hMoveHere, kLists, kMoveHere, kClose
    case hSync, msgSyncFailed, msgNotLinked
    // Input line and confirmation
    case promptAdd, promptEdit, promptFilter, promptNewCategory, promptRename, inputHint, confirmClear
    // Help overlay
    case helpTitle, helpFooter, helpFooterWhole, sectionGlobal, sectionToBuy, sectionPurchased, sectionCategories, sectionInput
    case sectionTutorial, sectionPractice, helpFooterTutorial, helpFooterTutorialWhole
    case hScreens, hJump, hDownUp, hTopBottom, hPages
    case hFilter, hClearFilter, hUndoRedo, hHelp, hQuit, hRedraw
    case hAdd, hEdit, hCheck, hUncheck, hDelete, hSort, hClear
    case hOpen, hAddCategory, hRename, hDeleteCategory, hStoreWalk
    case hSave, hCancel, hInterrupt, hComplete, hCursor, hKillStart, hKillEnd, hKillWord, hDeleteChar
    case hIntroNext, hIntroBack, hIntroConfirm, hIntroSkip, hIntroQuit, hReplay
    // Short status-line hint labels
    case kAdd, kCheck, kUncheck, kEdit, kDelete, kSort, kFilter, kHelp, kQuit, kOpen, kRename, kMove, kClear, kUndo
    // Terminal too small
    case tooSmall, tooSmallSize
    // MARK: - Due again (SPEC §10)
    case groupDueAgain, sectionDueAgain, hAddDue, hHideDue, kHide, msgHiddenDue, msgDueAgainKeys
    /// A row's rhythm: `every 6 days · 8 days ago`, and shorter forms for narrow rows.
    case dueEvery, dueEveryDay, dueAgo, dueYesterday, dueEveryShort, dueAgoShort
}
