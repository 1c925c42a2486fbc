import Foundation
import Testing

@testable import Gateway
@testable import GatewayCore

/// Dropping the pages of files that starting up touched (`StartupPages`):
/// only private, read-only mappings of files with no anonymous page, within
/// a loaded object's segments that are never written, qualify, since
/// anything else could lose its contents. Serialized: the
/// tests that release would otherwise release each other's pages.
@Suite("startup pages", .serialized)
struct StartupPagesTests {
    @Test("only read-only private mappings of files with no anonymous page are released", arguments: [
        ("55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234                       /usr/bin/tempest-gateway", 0, true),
        ("7f1e2c028000-7f1e2c1bd000 r-xp 00028000 fd:01 5678                       /usr/lib/x86_64-linux-gnu/libc.so.6", 0, true),
        ("7f1e2c028000-7f1e2c1bd000 r-xp 00028000 fd:01 5678                       /usr/bin/tempest-gateway (deleted)", 0, true),
        ("55d0c9400000-55d0c9500000 r--p 01400000 fd:01 1234                       /usr/bin/tempest-gateway", 0, true),
        ("7f1e2c000000-7f1e2c021000 r--p 00000000 fd:01 5678 /usr/lib/with space/libx.so", 0, true),
        // Relocated, then protected (RELRO): the copies would be lost.
        ("55d0c9400000-55d0c9500000 r--p 01400000 fd:01 1234                       /usr/bin/tempest-gateway", 432, false),
        ("55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234                       /usr/bin/tempest-gateway", 4, false),
        ("55d0c9500000-55d0c9600000 rw-p 01500000 fd:01 1234                       /usr/bin/tempest-gateway", 0, false),
        ("7f1e2c000000-7f1e2c021000 r--s 00000000 fd:01 42 /dev/shm/shared", 0, false),
        ("7ffd1a5f2000-7ffd1a5f4000 r-xp 00000000 00:00 0                          [vdso]", 0, false),
        ("7f1e2c000000-7f1e2c021000 r--p 00000000 00:00 0 ", 0, false),
        ("7f1e2c000000-7f1e2c021000 rwxp 00000000 fd:01 42 /tmp/writable-code", 0, false),
        ("7f1e2c021000-7f1e2c000000 r-xp 00000000 fd:01 42 /backwards", 0, false),
    ])
    func releasableMappings(header: String, anonymousKiB: Int, releasable: Bool) throws {
        let mappings = StartupPages.mappings(smaps: "\(header)\nSize: 132 kB\nAnonymous: \(anonymousKiB) kB\nVmFlags: rd mr\n")
        #expect(mappings.count == (header.contains("backwards") ? 0 : 1))
        #expect((mappings.first?.isReleasable ?? false) == releasable)
    }

    @Test("a mapping whose anonymous figure is missing is kept")
    func missingAnonymousFigure() {
        let mappings = StartupPages.mappings(smaps: "55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234  /usr/bin/tempest-gateway\nRss: 4 kB\n")
        #expect(mappings.count == 1)
        #expect(mappings.first?.anonymousKiB == nil)
        #expect(mappings.first?.isReleasable == false)
    }

    @Test("each mapping gets its own range, path and anonymous figure")
    func parsing() {
        let smaps = """
            55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234  /usr/bin/tempest-gateway
            Size:              10240 kB
            Anonymous:             0 kB
            VmFlags: rd ex mr mw me
            7f1e2c000000-7f1e2c021000 rw-p 00000000 00:00 0
            Rss:                 132 kB
            Anonymous:           132 kB
            not a maps line
            """
        let mappings = StartupPages.mappings(smaps: smaps)
        #expect(mappings.count == 2)
        #expect(mappings.first?.range == 0x55d0_c8a0_0000..<0x55d0_c940_0000)
        #expect(mappings.first?.path == "/usr/bin/tempest-gateway")
        #expect(mappings.first?.anonymousKiB == 0)
        #expect(mappings.first?.residentKiB == nil)
        #expect(mappings.last?.path == "")
        #expect(mappings.last?.residentKiB == 132)
        #expect(mappings.last?.anonymousKiB == 132)
    }

    @Test("releasing drops this process's resident code, and the code still runs")
    func releaseDropsResidentCode() throws {
        let before = try Self.residentKiB { $0.permissions == "r-xp" && $0.isReleasable }
        let released = StartupPages.release()
        let after = try Self.residentKiB { $0.permissions == "r-xp" && $0.isReleasable }
        #expect(released > 0)
        // Faulting back what this very code needs takes little.
        #expect(after < before / 2, "resident code: \(before) KiB before, \(after) KiB after")
        #expect(Self.sum(Array(1...100)) == 5050)  // still runs, from pages faulted back
    }

    @Test("only the parts of releasable mappings inside a loaded object's read-only segment are released")
    func releasableRangesWithinSegments() {
        func mapping(_ range: Range<UInt>, _ permissions: Substring, anonymousKiB: Int = 0) -> StartupPages.Mapping {
            StartupPages.Mapping(range: range, permissions: permissions, path: "/usr/lib/libx.so", anonymousKiB: anonymousKiB)
        }
        let mappings = [
            mapping(0x1000..<0x5000, "r--p"),  // headers and symbols: all in the first segment
            mapping(0x5000..<0x9000, "r-xp"),  // code: half in a segment
            mapping(0x9000..<0xA000, "r--p", anonymousKiB: 4),  // relocated data
            mapping(0xA000..<0xB000, "rw-p"),
            mapping(0x20000..<0x30000, "r--p"),  // a file being loaded: in no listed object yet
        ]
        let segments: [Range<UInt>] = [0x1000..<0x5000, 0x7000..<0x9000, 0x9000..<0xB000]
        #expect(StartupPages.releasableRanges(mappings: mappings, readOnlySegments: segments) == [0x1000..<0x5000, 0x7000..<0x9000])
        #expect(StartupPages.releasableRanges(mappings: mappings, readOnlySegments: []).isEmpty)
    }

    @Test("the loader's read-only segments hold this binary's code and never a writable or relocated mapping")
    func readOnlySegments() throws {
        var segments = [Range<UInt>]()
        StartupPages.withReadOnlySegments { segments = $0 }
        let mappings = StartupPages.mappings(smaps: try #require(StartupPages.readFile("/proc/self/smaps")))
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #expect(!segments.isEmpty)
        #expect(segments.allSatisfy { $0.lowerBound % 4096 == 0 && $0.upperBound % 4096 == 0 })
        let ownCode = mappings.filter { $0.permissions == "r-xp" && $0.path == executable }
        #expect(!ownCode.isEmpty)
        #expect(ownCode.allSatisfy { code in segments.contains { $0.overlaps(code.range) } })
        let writableOrRelocated = mappings.filter { $0.permissions.dropFirst().first == "w" || ($0.anonymousKiB ?? 0) > 0 }
        #expect(!writableOrRelocated.isEmpty)
        for mapping in writableOrRelocated where mapping.path.first == "/" {
            #expect(!segments.contains { $0.overlaps(mapping.range) }, "segment over \(mapping.permissions) \(mapping.path)")
        }
    }

    @Test("read-only data of loaded objects is dropped and reads back the same")
    func readOnlyData() throws {
        let readOnly = { (mapping: StartupPages.Mapping) in mapping.permissions == "r--p" && mapping.isReleasable }
        var segments = [Range<UInt>]()
        StartupPages.withReadOnlySegments { segments = $0 }
        // Up to 16 MB of the loaded objects' read-only data, read through (which makes it resident).
        let sample = StartupPages.releasableRanges(
            mappings: try StartupPages.mappings(smaps: #require(StartupPages.readFile("/proc/self/smaps"))).filter(readOnly),
            readOnlySegments: segments
        ).filter { $0.count <= 4 << 20 }.prefix(16)
        try #require(!sample.isEmpty)
        let checksumBefore = Self.checksum(sample)
        let before = try Self.residentKiB(readOnly)

        #expect(StartupPages.release() > 0)

        let after = try Self.residentKiB(readOnly)
        #expect(after < before / 2, "resident read-only data: \(before) KiB before, \(after) KiB after")
        #expect(Self.checksum(sample) == checksumBefore)  // faulted back from the files
    }

    @Test("a file the program mapped itself is left alone, and so is relocated data")
    func ownMappingsAndRelocatedData() throws {
        let size = 16 * Int(sysconf(Int32(_SC_PAGESIZE)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("startup-pages-\(getpid()).bin").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data((0..<size).map { UInt8(truncatingIfNeeded: $0 / 7) })))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mapped = try #require(mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0).flatMap { $0 == MAP_FAILED ? nil : $0 })
        defer { munmap(mapped, size) }
        #expect(Self.checksum([UInt(bitPattern: mapped)..<UInt(bitPattern: mapped) + UInt(size)]) != 0)
        let relocated = { (mapping: StartupPages.Mapping) in mapping.permissions == "r--p" && (mapping.anonymousKiB ?? 0) > 0 }
        let relocatedBefore = try Self.residentKiB(relocated)
        #expect(relocatedBefore > 0)

        StartupPages.release()

        #expect(try Self.residentKiB { $0.range.lowerBound == UInt(bitPattern: mapped) } == size / 1024)
        #expect(try Self.residentKiB(relocated) >= relocatedBefore)
    }

    /// A sum of every byte in `ranges` (reading them makes them resident).
    static func checksum(_ ranges: some Sequence<Range<UInt>>) -> UInt64 {
        var sum: UInt64 = 0
        for range in ranges {
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: range.lowerBound), count: range.count)
            for (index, byte) in bytes.enumerated() { sum &+= UInt64(byte) &* UInt64(index & 0xFF | 1) }
        }
        return sum
    }

    static func sum(_ values: [Int]) -> Int { values.reduce(0, +) }

    /// Resident KiB of the process's mappings that `include` picks, from /proc/self/smaps.
    static func residentKiB(_ include: (StartupPages.Mapping) -> Bool) throws -> Int {
        // Foundation's reader stops early on /proc files, which report no size.
        let smaps = try #require(StartupPages.readFile("/proc/self/smaps"))
        return StartupPages.mappings(smaps: smaps).filter(include).reduce(0) { $0 + ($1.residentKiB ?? 0) }
    }

    /// Resident KiB of the mapping that starts at `address`.
    static func residentKiB(at address: UnsafeMutableRawPointer) throws -> Int {
        let start = UInt(bitPattern: address)
        return try residentKiB { $0.range.lowerBound == start }
    }
}
