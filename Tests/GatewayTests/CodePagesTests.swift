import Foundation
import Testing

@testable import Gateway

/// Dropping the code pages that starting up touched (`CodePages`): only
/// file-backed, read-only executable mappings qualify, since anything else
/// would lose its contents.
@Suite("code pages")
struct CodePagesTests {
    @Test("only read-only executable mappings of files are released", arguments: [
        ("55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234                       /usr/bin/tempest-gateway", true),
        ("7f1e2c028000-7f1e2c1bd000 r-xp 00028000 fd:01 5678                       /usr/lib/x86_64-linux-gnu/libc.so.6", true),
        ("7f1e2c028000-7f1e2c1bd000 r-xp 00028000 fd:01 5678                       /usr/bin/tempest-gateway (deleted)", true),
        ("55d0c9400000-55d0c9500000 r--p 01400000 fd:01 1234                       /usr/bin/tempest-gateway", false),
        ("55d0c9500000-55d0c9600000 rw-p 01500000 fd:01 1234                       /usr/bin/tempest-gateway", false),
        ("7ffd1a5f2000-7ffd1a5f4000 r-xp 00000000 00:00 0                          [vdso]", false),
        ("7f1e2c000000-7f1e2c021000 r-xp 00000000 00:00 0 ", false),
        ("7f1e2c000000-7f1e2c021000 rwxp 00000000 fd:01 42 /tmp/writable-code", false),
        ("7f1e2c021000-7f1e2c000000 r-xp 00000000 fd:01 42 /backwards", false),
        ("not a maps line", false),
    ])
    func releasableMappings(line: String, releasable: Bool) {
        #expect((CodePages.releasableRange(mapsLine: Substring(line)) != nil) == releasable)
    }

    @Test("the range is the mapping's, in hexadecimal")
    func range() {
        let line: Substring = "55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234  /usr/bin/tempest-gateway"
        #expect(CodePages.releasableRange(mapsLine: line) == 0x55d0_c8a0_0000..<0x55d0_c940_0000)
    }

    @Test("releasing drops this process's resident code, and the code still runs")
    func releaseDropsResidentCode() throws {
        let before = try Self.residentCodeKiB()
        let released = CodePages.releaseStartupCode()
        let after = try Self.residentCodeKiB()
        #expect(released > 0)
        // Faulting back what this very code needs takes little.
        #expect(after < before / 2, "resident code: \(before) KiB before, \(after) KiB after")
        #expect(Self.sum(Array(1...100)) == 5050)  // still runs, from pages faulted back
    }

    static func sum(_ values: [Int]) -> Int { values.reduce(0, +) }

    /// Resident KiB of the process's file-backed `r-xp` mappings, from /proc/self/smaps.
    static func residentCodeKiB() throws -> Int {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var total = 0
        var inCode = false
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), line.split(separator: " ").count >= 5 {
                inCode = CodePages.releasableRange(mapsLine: line) != nil
            } else if inCode, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
            }
        }
        return total
    }
}
