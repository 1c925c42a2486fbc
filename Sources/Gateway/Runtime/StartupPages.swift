import CLoader
import GatewayCore
import Glibc

/// Unmaps the pages of files that starting up touched, so that only what the
/// running gateway uses stays resident.
///
/// Starting `run` executes code that never runs again (argument parsing,
/// the configuration, migrations, the first connection), the loader reads
/// every library's symbol and relocation tables once, and the kernel maps
/// file pages in 64 KB windows around each page touched: about 5 MB of
/// code and up to 3 MB of read-only file data (libcrypto's symbol tables alone
/// are 0.8 MB) stay in the process's resident memory for good. Dropping
/// them once the gateway is ready costs a few page faults from the page
/// cache for what is used again, and leaves the rest to the kernel: it stays
/// in the page cache (the service's cgroup may still count it) until memory
/// is needed, and costs the process nothing.
///
/// Only private mappings of files that cannot be written and hold no
/// anonymous page qualify (code, `r-xp`, and read-only data, `r--p`). Their
/// resident pages are then the file's own, so faulting them back reads
/// exactly what was there. A read-only mapping with anonymous pages holds
/// data the loader relocated before protecting it (RELRO), which would be
/// lost, and writable mappings may be written at any moment: neither is
/// touched. A mapping that is read-only with no anonymous page cannot gain
/// one, since nothing makes it writable again after start-up.
///
/// A library being loaded meanwhile (by `dlopen`: libcurl on the first HTTP
/// request, or a name-service module) may for a moment look read-only and
/// untouched where its relocated data will be. So only the pages of objects
/// already in the loader's list, in their segments that are never written,
/// are dropped, with the list locked so that none joins it meanwhile
/// (`CLoader.h`).
enum StartupPages {
    /// One mapping of `/proc/self/smaps`: its range, permissions, what it
    /// maps, how much of it is resident, and how much is anonymous (copied
    /// on write).
    struct Mapping: Equatable {
        var range: Range<UInt>
        /// Four letters: read, write, execute, private or shared (`r-xp`).
        var permissions: Substring
        /// The mapped file's path, or a pseudo-name (`[vdso]`), or empty.
        var path: Substring
        var residentKiB: Int?
        var anonymousKiB: Int?

        /// True when the mapping's resident pages can be dropped without
        /// losing anything (see `StartupPages`).
        var isReleasable: Bool {
            (permissions == "r-xp" || permissions == "r--p") && path.first == "/" && anonymousKiB == 0
        }
    }

    /// Drops the process's releasable resident pages (see above). Returns
    /// the bytes advised; 0 when /proc cannot be read.
    @discardableResult
    static func release() -> Int {
        var released = 0
        withReadOnlySegments { segments in
            guard let smaps = readFile("/proc/self/smaps") else { return }
            for range in releasableRanges(mappings: mappings(smaps: smaps), readOnlySegments: segments) {
                guard let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound) else { continue }
                if madvise(start, range.count, MADV_DONTNEED) == 0 { released += range.count }
            }
        }
        return released
    }

    /// The parts of releasable mappings that lie in a loaded object's
    /// segment that is never written.
    static func releasableRanges(mappings: [Mapping], readOnlySegments: [Range<UInt>]) -> [Range<UInt>] {
        var ranges = [Range<UInt>]()
        for mapping in mappings where mapping.isReleasable {
            for segment in readOnlySegments where segment.overlaps(mapping.range) {
                ranges.append(max(segment.lowerBound, mapping.range.lowerBound)..<min(segment.upperBound, mapping.range.upperBound))
            }
        }
        return ranges
    }

    /// Calls `body` with the whole pages of the loaded objects' segments that
    /// are never written, while the loader's list of objects is locked (no
    /// object joins it until `body` returns). `body` must not load libraries.
    static func withReadOnlySegments(_ body: ([Range<UInt>]) -> Void) {
        withoutActuallyEscaping(body) { body in
            final class Call {
                let body: ([Range<UInt>]) -> Void
                init(_ body: @escaping ([Range<UInt>]) -> Void) { self.body = body }
            }
            let call = Call(body)
            tempest_with_read_only_segments(
                { context, segments, count in
                    let call = Unmanaged<Call>.fromOpaque(context!).takeUnretainedValue()
                    let ranges = (0..<count).map { index in
                        let segment = segments![index]
                        return UInt(segment.start)..<UInt(segment.end)
                    }
                    call.body(ranges)
                }, Unmanaged.passUnretained(call).toOpaque())
            withExtendedLifetime(call) {}
        }
    }

    /// The mappings of a `/proc/PID/smaps` text, each with its `Rss:` and
    /// `Anonymous:` figures (nil when the text has none for it).
    ///
    ///     55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234  /usr/bin/tempest-gateway
    ///     Size:              12760 kB
    ///     Rss:                3848 kB
    ///     Anonymous:             0 kB
    static func mappings(smaps: String) -> [Mapping] {
        var mappings = [Mapping]()
        for line in smaps.split(separator: "\n") {
            if let mapping = header(line) {
                mappings.append(mapping)
            } else if !mappings.isEmpty, let colon = line.firstIndex(of: ":") {
                let figure = line[line.index(after: colon)...].split(separator: " ").first.flatMap { Int($0) }
                switch line[..<colon] {
                case "Rss": mappings[mappings.count - 1].residentKiB = figure
                case "Anonymous": mappings[mappings.count - 1].anonymousKiB = figure
                default: break
                }
            }
        }
        return mappings
    }

    /// A mapping's header line: address range, permissions, offset, device,
    /// inode, then the path (which may hold spaces, or be missing).
    static func header(_ line: Substring) -> Mapping? {
        let fields = line.split(separator: " ", maxSplits: 5)
        guard fields.count >= 5, fields[1].count == 4 else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end
        else { return nil }
        let path = fields.count == 6 ? fields[5].drop(while: { $0 == " " }) : ""
        return Mapping(range: start..<end, permissions: fields[1], path: path)
    }

    /// The whole of a file, read to its end (/proc files report no size).
    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
