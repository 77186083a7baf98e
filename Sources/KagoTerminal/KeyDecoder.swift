import CNCurses
import KagoView

/// Turns what `get_wch` returned into a `Key`; pure, so it can be tested and fuzzed.
public enum KeyDecoder {
    /// Decodes a character (`isKeyCode` false) or an ncurses key code (`isKeyCode` true).
    /// - Returns: nil for codes kago ignores (and for `KEY_MOUSE`, which needs `getmouse`).
    public static func decode(_ code: UInt32, isKeyCode: Bool) -> Key? {
        if isKeyCode { return keyCode(Int32(bitPattern: code)) }
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 127, 8: return .backspace
        case 0: return nil
        case 1...26: return .ctrl(Character(Unicode.Scalar(code + 96)!))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(code), !(0x80...0x9F).contains(code) else { return nil }
            return .char(Character(scalar))
        }
    }

    static func keyCode(_ k: Int32) -> Key? {
        switch k {
        case kago_key_up: return .up
        case kago_key_down: return .down
        case kago_key_left: return .left
        case kago_key_right: return .right
        case kago_key_home: return .home
        case kago_key_end: return .end
        case kago_key_ppage: return .pageUp
        case kago_key_npage: return .pageDown
        case kago_key_enter: return .enter
        case kago_key_backspace: return .backspace
        case kago_key_dc: return .delete
        case kago_key_btab: return .backTab
        case kago_key_resize: return .resize
        case kago_key_f1..<(kago_key_f1 + 64): return .function(Int(k - kago_key_f1) + 1)
        default: return nil
        }
    }
}

/// Gathers the text between the bracketed-paste markers, as `get_wch` hands it over.
public struct PasteCollector {
    /// The most a paste keeps; a shopping list never needs more, and memory stays bounded.
    public static let limit = 1 << 20

    public private(set) var text = ""
    private var size = 0

    public init() {}

    /// Takes what `get_wch` returned inside a paste.
    /// - Returns: true at the end marker.
    public mutating func add(_ code: UInt32, isKeyCode: Bool) -> Bool {
        if isKeyCode {
            let k = Int32(bitPattern: code)
            if k == kago_key_paste_end { return true }
            if k == kago_key_enter { append("\n") }
            return false
        }
        switch code {
        case 10, 13: append("\n")
        case 9: append("\t")
        case 0..<32, 127, 0x80...0x9F: break
        default: if let scalar = Unicode.Scalar(code) { append(String(Character(scalar))) }
        }
        return false
    }

    private mutating func append(_ s: String) {
        let n = s.utf8.count
        guard size + n <= Self.limit else { return }
        text += s
        size += n
    }
}
