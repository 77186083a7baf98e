#if canImport(Glibc)
import Glibc
#endif
import KagoSync

/// Fuzzes the WebDAV multistatus reader (`Multistatus` over `XMLReader` and libxml2) with what a
/// broken or hostile server might answer (SPEC §9).
///
/// Input: a response body.
/// Properties: any body is read or refused with a message, without trapping and within the
/// fuzzer's time limit; nothing is expanded or loaded: what is read (names, text, attributes) is
/// at most 3 times the body (UTF-8 read from a 2-byte encoding grows by half) and never holds
/// the text of a file a body could name but not guess; the tree is at most `XMLReader.maxDepth`
/// deep with at most `XMLReader.maxNodes` elements; every response has an href, trimmed; a sync
/// token or href, escaped as kago sends it back in a request, reads back as itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultistatus(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = input(data, size)
    let root: XMLNode
    do {
        root = try XMLReader.parse(bytes)
    } catch {
        require(!error.message.isEmpty, "a refusal says why", shown(bytes))
        return 0
    }
    var read = 0, elements = 0, deepest = 0, loaded = false
    func visit(_ node: XMLNode, depth: Int) {
        elements += 1
        deepest = max(deepest, depth)
        let texts = [node.name, node.text] + node.attributes.keys + node.attributes.values
        read += texts.reduce(0) { $0 + $1.utf8.count }
        loaded = loaded || texts.contains { !unguessable.isEmpty && $0.contains(unguessable) }
        for child in node.children { visit(child, depth: depth + 1) }
    }
    visit(root, depth: 1)
    require(read <= 3 * bytes.count, "nothing is expanded", "\(read) bytes read from \(shown(bytes))")
    require(!loaded, "nothing is loaded", shown(bytes))
    require(deepest <= XMLReader.maxDepth, "the tree is at most maxDepth deep", "\(deepest)")
    require(elements <= XMLReader.maxNodes, "the tree has at most maxNodes elements", "\(elements)")

    let multistatus: Multistatus
    do {
        multistatus = try Multistatus(bytes)
    } catch {
        require(!error.message.isEmpty, "a refusal says why", shown(bytes))
        return 0
    }
    for response in multistatus.responses {
        require(!response.href.isEmpty && response.href == response.href.trimmingSpaces, "an href is there, trimmed",
                "\(response.href.debugDescription) in \(shown(bytes))")
        requireReadsBack(response.href, bytes)
    }
    if let token = multistatus.syncToken { requireReadsBack(token, bytes) }
    return 0
}

/// The text of a file a hostile body could name (an external entity, an XInclude) but no body
/// can guess: this boot's random id. Found in what was read, it was loaded.
let unguessable: String = {
    guard let file = fopen("/proc/sys/kernel/random/boot_id", "r") else { return "" }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 64)
    return fgets(&line, 64, file) == nil ? "" : String(cString: line).trimmingSpaces
}()

/// Checks that text kago puts back into a request (an href in a multiget, a sync token) reaches
/// the server as the text it read.
func requireReadsBack(_ text: String, _ bytes: [UInt8]) {
    let request = Array("<d:href xmlns:d=\"DAV:\">\(XMLReader.escape(text))</d:href>".utf8)
    let back = try? XMLReader.parse(request).trimmedText
    require(back == text, "an href or token escaped for a request reads back as itself",
            "\(text.debugDescription) -> \(back.debugDescription) from \(shown(bytes))")
}

extension String {
    /// Without the spaces, tabs and line breaks `XMLNode.trimmedText` trims.
    var trimmingSpaces: String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[start...end]))
    }
}
