import KagoState

/// The UI text of one language, with the formatting of messages and dates.
public struct Strings: Sendable {
    public let language: Language
    let table: [StringKey: String]

    public init(_ language: Language) {
        self.language = language
        table = Strings.table(for: language)
    }

    /// The raw table of a language (tests check that both have every key).
    public static func table(for language: Language) -> [StringKey: String] {
        language == .ja ? japanese : english
    }

    public subscript(_ key: StringKey) -> String { table[key] ?? Strings.english[key] ?? key.rawValue }

    /// The text of a key with `{name}` placeholders filled in; user text is sanitised when drawn.
    public func format(_ key: StringKey, _ args: [String: String]) -> String {
        // One pass over the template, so a `{name}` inside substituted user text stays as typed.
        var out = ""
        var rest = self[key][...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            if let close = rest[open...].firstIndex(of: "}"), let value = args[String(rest[rest.index(after: open)..<close])] {
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        return out + rest
    }

    // MARK: - Messages

    /// A status message in this language.
    public func message(_ m: StatusMessage) -> String {
        switch m {
        case .added(let n): return format(.msgAdded, ["name": n])
        case .addedItems(let c): return format(.msgAddedItems, ["count": String(c)])
        case .pastedLine(let line, let what): return format(.msgPastedLine, ["line": String(line), "what": message(what)])
        case .updated(let n): return format(.msgUpdated, ["name": n])
        case .checked(let n): return format(.msgChecked, ["name": n])
        case .unchecked(let n): return format(.msgUnchecked, ["name": n])
        case .deleted(let n): return format(.msgDeleted, ["name": n])
        case .clearedPurchased(let c): return format(.msgCleared, ["count": String(c)])
        case .hiddenDue(let n): return format(.msgHiddenDue, ["name": n])
        case .dueAgainKeys: return self[.msgDueAgainKeys]
        case .categoryAdded(let n): return format(.msgCategoryAdded, ["name": n])
        case .categoryRenamed(let n): return format(.msgCategoryRenamed, ["name": n])
        case .categoryDeleted(let n): return format(.msgCategoryDeleted, ["name": n])
        case .categoryMerged(let from, let into): return format(.msgCategoryMerged, ["name": from, "into": into])
        case .categoryMoved(let n, let by): return format(by > 0 ? .msgCategoryMovedDown : .msgCategoryMovedUp, ["name": n])
        case .categoryExists(let n): return format(.msgCategoryExists, ["name": n])
        case .reservedCategoryName(let n): return format(.msgReservedCategory, ["name": n])
        case .alreadyOnList(let n): return format(.msgAlreadyOnList, ["name": n])
        case .editedItemGone(let n): return format(.msgEditedItemGone, ["name": n])
        case .readOnly: return self[.msgReadOnly]
        case .tooLong(let field):
            let name: StringKey = switch field {
            case .name: .fieldName
            case .note: .fieldNote
            case .category: .fieldCategory
            case .quantity: .fieldQuantity
            }
            return format(.msgTooLong, ["field": self[name], "limit": String(field.limit)])
        case .undone(let what): return format(.msgUndone, ["what": what.map(message) ?? self[.msgUndoneNothing]])
        case .redone(let what): return format(.msgRedone, ["what": what.map(message) ?? self[.msgUndoneNothing]])
        case .nothingToUndo: return self[.msgNothingToUndo]
        case .onlyOneList: return self[.msgOnlyOneList]
        case .movedToList(let n, let list): return format(.msgMovedToList, ["name": n, "list": list])
        case .listAdded(let n): return format(.msgListAdded, ["name": n])
        case .listDeleted(let n): return format(.msgListDeleted, ["name": n])
        case .listRenamed(let n, let new): return format(.msgListRenamed, ["name": n, "new": new])
        case .listMerged(let from, let into): return format(.msgCategoryMerged, ["name": from, "into": into])
        case .listMoved(let n, let by): return format(by > 0 ? .msgCategoryMovedDown : .msgCategoryMovedUp, ["name": n])
        case .lastList(let n): return format(.msgLastList, ["name": n])
        case .syncFailed(let r): return format(.msgSyncFailed, ["reason": r])
        case .notLinked(let n): return format(.msgNotLinked, ["name": n])
        case .badListName(let problem):
            switch problem {
            case .empty: return self[.msgListNameEmpty]
            case .controlCharacters: return self[.msgListNameControl]
            case .tooWide: return format(.msgListNameTooWide, ["limit": String(ShoppingList.maximumWidth)])
            case .taken(let other): return format(.msgListNameTaken, ["name": other])
            }
        case .nothingToRedo: return self[.msgNothingToRedo]
        case .nothingPurchased: return self[.msgNothingPurchased]
        case .nothingSelected: return self[.msgNothingSelected]
        case .emptyName: return self[.msgEmptyName]
        case .emptyCategoryName: return self[.msgEmptyCategory]
        case .badDate(let t): return format(.msgBadDate, ["token": t])
        case .uncategorisedIsFixed: return self[.msgUncategorisedFixed]
        case .sortedBy(let s): return format(.msgSorted, ["sort": sortName(s)])
        case .configProblem(let p, let more):
            let base: String
            switch p {
            case .badValue(let line, let key, let value):
                base = format(.msgConfigBadValue, ["line": String(line), "key": key, "value": value])
            case .unknownKey(let line, let key):
                base = format(.msgConfigUnknownKey, ["line": String(line), "key": key])
            }
            return more > 0 ? base + format(.msgConfigMore, ["count": String(more)]) : base
        case .introNotSaved(let r): return format(.msgIntroNotSaved, ["reason": r])
        case .saveFailed(let r): return format(.msgSaveFailed, ["reason": r])
        case .configUnreadable(let r): return format(.msgConfigUnreadable, ["reason": r])
        case .ctrlCAgainToQuit: return self[.msgCtrlCAgain]
        case .notUndoneChangedElsewhere: return self[.msgNotUndone]
        case .notRedoneChangedElsewhere: return self[.msgNotRedone]
        }
    }

    public func sortName(_ s: SortMode) -> String {
        switch s {
        case .date: return self[.sortDate]
        case .category: return self[.sortCategory]
        case .name: return self[.sortName]
        case .added: return self[.sortAdded]
        }
    }

    /// The heading of a date group (category headings are names, handled by the view).
    public func groupName(_ g: GroupHeader) -> String {
        switch g {
        case .overdue: return self[.groupOverdue]
        case .today: return self[.groupToday]
        case .tomorrow: return self[.groupTomorrow]
        case .thisWeek: return self[.groupThisWeek]
        case .later: return self[.groupLater]
        case .noDate: return self[.groupNoDate]
        case .dueAgain: return self[.groupDueAgain]
        case .category: return self[.uncategorised]
        }
    }

    // MARK: - Dates

    static let weekdaysEN = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let weekdaysJA = ["日", "月", "火", "水", "木", "金", "土"]
    static let monthsEN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A shopping date relative to today: Today, Tomorrow, a weekday within a week, else the date.
    public func relativeDate(_ day: Day, today: Day) -> String {
        switch day.ordinal - today.ordinal {
        case 0: return self[.today]
        case 1: return self[.tomorrow]
        case -1: return self[.yesterday]
        case 2...6: return language == .ja ? Strings.weekdaysJA[day.weekday] + "曜日" : Strings.weekdaysEN[day.weekday]
        default: return absoluteDate(day, today: today)
        }
    }

    /// A date without relative words: `Fri Dec 5` / `12月5日(金)`, or ISO `2027-01-05` in
    /// another year (which fits the date column in either language).
    public func absoluteDate(_ day: Day, today: Day) -> String {
        let c = day.components
        guard c.year == today.components.year else { return day.iso }
        if language == .ja { return "\(c.month)月\(c.day)日(\(Strings.weekdaysJA[day.weekday]))" }
        return "\(Strings.weekdaysEN[day.weekday].prefix(3)) \(Strings.monthsEN[c.month - 1]) \(c.day)"
    }

    /// How many forms a Due again row's rhythm has, from the longest.
    public static let rhythmForms = 3

    /// A name's rhythm on its Due again row: `every 6 days · 8 days ago` (form 0), `every 6d ·
    /// 8d ago` (1) or `8d ago` (2), for narrower rows.
    public func rhythm(_ due: DueItem, form: Int) -> String {
        let n = ["n": String(due.intervalDays)], since = ["n": String(due.daysSince)]
        switch form {
        case 0:
            return (due.intervalDays == 1 ? self[.dueEveryDay] : format(.dueEvery, n)) + " · "
                + (due.daysSince == 1 ? self[.dueYesterday] : format(.dueAgo, since))
        case 1: return (due.intervalDays == 1 ? self[.dueEveryDay] : format(.dueEveryShort, n)) + " · " + format(.dueAgoShort, since)
        default: return format(.dueAgoShort, since)
        }
    }

    /// When an item was bought: `Today 14:02`, `Yesterday`, or the date.
    public func purchaseTime(_ t: Timestamp, clock: LocalClock) -> String {
        let day = clock.day(of: t)
        switch day.ordinal - clock.today.ordinal {
        case 0:
            let (h, m) = clock.time(of: t)
            return self[.today] + " " + (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
        case -1: return self[.yesterday]
        default: return absoluteDate(day, today: clock.today)
        }
    }
}
