#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCurl

/// libcurl's functions, found with dlopen on the first sync: linking libcurl and libxml2 would
/// load 40 libraries at every launch, sync or not.
struct CurlLibrary: @unchecked Sendable {
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyReset: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let setopt: kago_curl_setopt_fn
    let getinfo: kago_curl_getinfo_fn
    let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFree: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void

    /// The library, loaded once; nil when libcurl is not installed.
    static let shared: CurlLibrary? = load()

    private static func load() -> CurlLibrary? {
        guard let handle = Loader.open(["libcurl.so.4", "libcurl.so", "libcurl.4.dylib"]) else { return nil }
        guard let global: @convention(c) (Int) -> CURLcode = Loader.symbol(handle, "curl_global_init"),
              global(kago_curl_global_default()) == CURLE_OK,
              let easyInit: @convention(c) () -> UnsafeMutableRawPointer? = Loader.symbol(handle, "curl_easy_init"),
              let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void = Loader.symbol(handle, "curl_easy_cleanup"),
              let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode = Loader.symbol(handle, "curl_easy_perform"),
              let easyReset: @convention(c) (UnsafeMutableRawPointer?) -> Void = Loader.symbol(handle, "curl_easy_reset"),
              let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>? = Loader.symbol(handle, "curl_easy_strerror"),
              let setopt: kago_curl_setopt_fn = Loader.symbol(handle, "curl_easy_setopt"),
              let getinfo: kago_curl_getinfo_fn = Loader.symbol(handle, "curl_easy_getinfo"),
              let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
                = Loader.symbol(handle, "curl_slist_append"),
              let slistFree: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void = Loader.symbol(handle, "curl_slist_free_all")
        else { return nil }
        return CurlLibrary(easyInit: easyInit, easyCleanup: easyCleanup, easyPerform: easyPerform, easyReset: easyReset,
                           easyStrerror: easyStrerror, setopt: setopt, getinfo: getinfo,
                           slistAppend: slistAppend, slistFree: slistFree)
    }
}

/// libxml2's pull reader, found with dlopen like libcurl.
struct XMLLibrary: @unchecked Sendable {
    let readerForMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    let read: @convention(c) (OpaquePointer?) -> Int32
    let nodeType: @convention(c) (OpaquePointer?) -> Int32
    let isEmptyElement: @convention(c) (OpaquePointer?) -> Int32
    let localName: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let namespaceURI: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let value: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    let free: @convention(c) (OpaquePointer?) -> Void
    let nextAttribute: @convention(c) (OpaquePointer?) -> Int32
    let toElement: @convention(c) (OpaquePointer?) -> Int32

    /// The library, loaded once; nil when libxml2 is not installed.
    static let shared: XMLLibrary? = load()

    private static func load() -> XMLLibrary? {
        guard let handle = Loader.open(["libxml2.so.2", "libxml2.so", "libxml2.2.dylib"]),
              let readerForMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
                = Loader.symbol(handle, "xmlReaderForMemory"),
              let read: @convention(c) (OpaquePointer?) -> Int32 = Loader.symbol(handle, "xmlTextReaderRead"),
              let nodeType: @convention(c) (OpaquePointer?) -> Int32 = Loader.symbol(handle, "xmlTextReaderNodeType"),
              let isEmptyElement: @convention(c) (OpaquePointer?) -> Int32 = Loader.symbol(handle, "xmlTextReaderIsEmptyElement"),
              let localName: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>? = Loader.symbol(handle, "xmlTextReaderConstLocalName"),
              let namespaceURI: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>? = Loader.symbol(handle, "xmlTextReaderConstNamespaceUri"),
              let value: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>? = Loader.symbol(handle, "xmlTextReaderConstValue"),
              let free: @convention(c) (OpaquePointer?) -> Void = Loader.symbol(handle, "xmlFreeTextReader"),
              let nextAttribute: @convention(c) (OpaquePointer?) -> Int32 = Loader.symbol(handle, "xmlTextReaderMoveToNextAttribute"),
              let toElement: @convention(c) (OpaquePointer?) -> Int32 = Loader.symbol(handle, "xmlTextReaderMoveToElement")
        else { return nil }
        return XMLLibrary(readerForMemory: readerForMemory, read: read, nodeType: nodeType, isEmptyElement: isEmptyElement,
                          localName: localName, namespaceURI: namespaceURI, value: value, free: free,
                          nextAttribute: nextAttribute, toElement: toElement)
    }
}

/// dlopen and dlsym with Swift types.
enum Loader {
    static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names {
            if let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return h }
        }
        return nil
    }

    static func symbol<F>(_ handle: UnsafeMutableRawPointer, _ name: String) -> F? {
        guard let p = dlsym(handle, name) else { return nil }
        return unsafeBitCast(p, to: F.self)
    }
}
