import KagoTerminal
import KagoView

/// Fuzzes the key decoder (`KeyDecoder.decode`), which turns what ncurses' `get_wch` returned into a `Key`.
///
/// Input: 5-byte records, a 32-bit code (little-endian) and a byte whose low bit says whether
/// it is a key code. KeyDecoderTests sweeps every seventh code below 0x20000; the fuzzer reaches
/// the rest, key codes and the far ends of the 32-bit range included, and checks what comes out.
/// Properties: no code traps; a character is the one scalar it was sent as and never a control
/// (C0, DEL, C1), so no typed byte can reach the screen as one; Ctrl is a letter; function keys
/// are F1 to F64; mouse events never come from `decode` (they need `getmouse`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    for start in stride(from: 0, to: bytes.count - 4, by: 5) {
        let code = bytes[start..<start + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let isKeyCode = bytes[start + 4] & 1 == 1
        switch KeyDecoder.decode(code, isKeyCode: isKeyCode) {
        case .char(let c)?:
            let scalars = Array(c.unicodeScalars)
            require(!isKeyCode && scalars.count == 1 && scalars[0].value == code, "a character is the scalar sent",
                    "\(code)")
            require(code >= 0x20 && !(0x7F...0x9F).contains(code), "a character is never a control", "\(code)")
        case .ctrl(let c)?:
            require(!isKeyCode && c.isASCII && c.isLowercase, "Ctrl goes with a letter", "\(code) -> \(c)")
        case .function(let n)?:
            require(isKeyCode && (1...64).contains(n), "function keys are F1 to F64", "\(code) -> F\(n)")
        case .mouse?:
            require(false, "decode never makes a mouse event", "\(code)")
        default:
            break
        }
    }
    return 0
}
