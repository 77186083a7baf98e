/// An XML element as WebDAV reads it: namespace URI and local name (prefixes are the
/// writer's choice: Xandikos writes `ns0:`), text, children.
public struct XMLNode: Sendable, Equatable {
    public var namespace: String
    public var name: String
    public var text: String
    public var children: [XMLNode]
    /// Attributes without a namespace, by local name (`<c:comp name="VTODO"/>`).
    public var attributes: [String: String] = [:]

    /// The first child with this namespace and name.
    public func child(_ namespace: String, _ name: String) -> XMLNode? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child with this namespace and name.
    public func all(_ namespace: String, _ name: String) -> [XMLNode] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The element's text without surrounding white space.
    public var trimmedText: String { text.trimmingCharacters() }
}

/// Reads a response body into `XMLNode`s through libxml2's pull reader, refusing what a
/// WebDAV answer never needs and a hostile one might send: a DTD (so no entities to
/// expand, internal or external), deep nesting, too many nodes. libxml2 loads nothing
/// from the network (`XML_PARSE_NONET`).
public enum XMLReader {
    public static let maxDepth = 64
    public static let maxNodes = 2_000_000

    public static func parse(_ bytes: [UInt8]) throws(SyncError) -> XMLNode {
        guard let lib = XMLLibrary.shared else { throw SyncError("libxml2 is not installed (apt-get install libxml2)") }
        if contains(bytes, "<!DOCTYPE") || contains(bytes, "<!ENTITY") {
            throw SyncError("the server's XML declares a DTD, which kago does not read")
        }
        guard bytes.count < Int32.max else { throw SyncError("the server's XML is too large") }
        let options: Int32 = (1 << 11) | (1 << 5) | (1 << 6) // NONET, NOERROR, NOWARNING
        let reader = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buf.count, 1)) {
                lib.readerForMemory($0, Int32(buf.count), nil, "UTF-8", options)
            }
        }
        guard let reader else { throw SyncError("the server's answer is not XML") }
        defer { lib.free(reader) }
        var stack: [XMLNode] = []
        var root: XMLNode?
        var nodes = 0
        func string(_ p: UnsafePointer<UInt8>?) -> String { p.map { String(cString: $0) } ?? "" }
        func close() {
            let node = stack.removeLast()
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
        }
        while true {
            let r = lib.read(reader)
            if r == 0 { break }
            guard r == 1 else { throw SyncError("the server's answer is not well-formed XML") }
            nodes += 1
            guard nodes <= maxNodes else { throw SyncError("the server's XML has too many elements") }
            switch lib.nodeType(reader) {
            case 1: // element
                guard root == nil else { throw SyncError("the server's XML has more than one root") }
                guard stack.count < maxDepth else { throw SyncError("the server's XML is nested too deep") }
                var node = XMLNode(namespace: string(lib.namespaceURI(reader)), name: string(lib.localName(reader)),
                                   text: "", children: [])
                let empty = lib.isEmptyElement(reader) == 1
                var attributes = 0
                while lib.nextAttribute(reader) == 1, attributes < 64 {
                    attributes += 1
                    if lib.namespaceURI(reader) == nil { node.attributes[string(lib.localName(reader))] = string(lib.value(reader)) }
                }
                _ = lib.toElement(reader)
                stack.append(node)
                if empty { close() }
            case 15: // end of element
                guard !stack.isEmpty else { throw SyncError("the server's answer is not well-formed XML") }
                close()
            case 3, 4, 14: // text, CDATA, significant white space
                if !stack.isEmpty { stack[stack.count - 1].text += string(lib.value(reader)) }
            case 5, 6, 10: // entity reference, entity, document type
                throw SyncError("the server's XML uses entities, which kago does not read")
            default:
                break
            }
        }
        guard let root, stack.isEmpty else { throw SyncError("the server's answer is not well-formed XML") }
        return root
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard bytes.count >= n.count else { return false }
        var i = 0
        while i <= bytes.count - n.count {
            if bytes[i] == n[0] {
                var j = 1
                while j < n.count && bytes[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Text escaped for an XML element or attribute.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // Written as they are, XML reads a CR as LF, and a CR, LF or tab in an attribute as a
            // space: an href or sync token from `&#13;` would go back to the server changed.
            case "\r": out += "&#13;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
