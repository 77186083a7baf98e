import KagoState
/// The small text pictures above each tutorial page's title.
enum IntroPictures {
    /// The picture for a page, as lines of equal display width.
    static func picture(_ page: Int, strings: Strings) -> [String] {
        let bread = strings[.picBread], eggs = strings[.picEggs], milk = strings[.picMilk]
        switch page {
        case 0:
            return box([row("[ ]", bread, ""), row("[ ]", eggs, "x6"), row("a >", milk + " x2 #" + strings[.picDairy] + "_", "")])
        case 1:
            return box([row("[x]", bread, "-> " + strings[.picPurchased]), row("[ ]", eggs, "x6"), row("[ ]", milk, "x2")])
        default:
            return box([strings[.groupToday], row("  [ ]", milk, "#" + strings[.picDairy]),
                        strings[.picFriday], row("  [ ]", strings[.picApples], "#" + strings[.picFruit])])
        }
    }

    static let inner = 26

    /// A checkbox, a name and a right-aligned detail on one line of the picture.
    static func row(_ box: String, _ name: String, _ detail: String) -> String {
        let left = box + " " + name
        let gap = max(1, inner - DisplayWidth.of(left) - DisplayWidth.of(detail))
        return left + String(repeating: " ", count: gap) + detail
    }

    /// Frames lines in an ASCII box (box-drawing characters are ambiguous-width in CJK terminals).
    static func box(_ lines: [String]) -> [String] {
        let edge = "+" + String(repeating: "-", count: inner + 2) + "+"
        return [edge] + lines.map { line in
            "| " + line + String(repeating: " ", count: max(0, inner - DisplayWidth.of(line))) + " |"
        } + [edge]
    }
}
