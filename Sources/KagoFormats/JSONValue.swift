/// A parsed JSON value (RFC 8259).
///
/// Numbers keep their text, so nothing is lost to floating point; object members keep their
/// order and any duplicates, so a caller can refuse a repeated key instead of silently
/// taking one of them.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number exactly as written, e.g. `"2"`, `"-1.5e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// What kind of value this is, for error messages (`a string`, `an array`).
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON text that does not follow RFC 8259, with where the reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Byte offset into the input.
    public var offset: Int
    public var message: String
}

/// Reading and writing JSON without Foundation.
public enum JSON {
    /// How deeply arrays and objects may nest; deeper input is refused rather than risking the stack.
    public static let maximumDepth = 200

    /// Parses a complete JSON text (one value, optional whitespace and UTF-8 byte order mark around it).
    /// - Throws: `JSONSyntaxError` for anything that is not strict JSON or not valid UTF-8.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipByteOrderMark()
        let value = try parser.value()
        try parser.expectEnd()
        return value
    }
}
