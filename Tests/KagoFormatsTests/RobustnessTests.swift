import KagoTestSupport
import KagoFormats
import XCTest

/// Random and mutated input must be refused with a message, never crash or hang
/// (a short in-process fuzz; the libFuzzer targets go further).
final class RobustnessTests: XCTestCase {
    static let seedJSON = Array(#"[{"id": 1, "name": "牛乳", "quantity": "2", "category": "乳製品", "date": "2026-03-01", "note": "a\nb \u001b", "purchased": true, "created_at": "2026-03-01T00:00:00Z", "purchased_at": null}, {"name": "x"}]"#.utf8)
    static let seedCSV = Array("name,quantity,category,date,note,purchased\n\"牛乳, 2\",2,乳製品,2026-03-01,\"a\n\"\"b\"\"\",true\nbread,,,,,false\n".utf8)

    func mutate(_ seed: [UInt8], _ rng: inout SplitMix) -> [UInt8] {
        var bytes = seed
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let pick = Int.random(in: 0..<4, using: &rng)
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch pick {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1 where !bytes.isEmpty: bytes.remove(at: at)
            case 2: bytes.insert(Array("\"\\,[]{}:\n\r0-e".utf8).randomElement(using: &rng)!, at: at)
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }

    func testMutatedFilesDecodeOrFailCleanly() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<3000 {
            for (seed, decode) in [(Self.seedJSON, ItemsJSON.decode), (Self.seedCSV, ItemsCSV.decode)] as [([UInt8], ([UInt8]) throws(DecodeError) -> [KagoFormats.ItemRecord])] {
                let input = mutate(seed, &rng)
                do {
                    _ = try decode(input)
                } catch {
                    XCTAssertFalse(error.problems.isEmpty)
                    XCTAssertFalse(error.problems[0].message.isEmpty)
                }
                _ = try? JSON.parse(input)
                _ = try? CSV.parse(input)
            }
        }
    }

    func testRandomBytes() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<2000 {
            let input = (0..<Int.random(in: 0..<64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? ItemsJSON.decode(input)
            _ = try? ItemsCSV.decode(input)
        }
    }
}
