import Glibc

/// Unmaps the machine code that starting up touched, so that only the code
/// the running gateway uses stays resident.
///
/// Starting `run` executes code that never runs again (argument parsing,
/// the configuration, migrations, the first connection), and the kernel
/// maps code in 64 KB windows around each page touched: about 5 MB of the
/// binary's and the libraries' code stays in the process's resident memory
/// for good. Dropping the mappings of read-only executable pages once the
/// gateway is ready costs a few page faults from the page cache for the
/// code that runs again, and leaves the rest to the kernel: it stays in
/// the page cache (the service's cgroup may still count it) until memory
/// is needed, and costs the process nothing.
///
/// Only mappings of files that are readable, executable and not writable
/// (`r-xp`) are dropped: their pages are the file's own, so faulting them
/// back reads exactly what was there. Writable or relocated data (`rw-p`,
/// and `r--p`, which holds data the loader relocated) would lose its
/// contents and is never touched.
enum CodePages {
    /// Drops the process's resident code pages (see above). Returns the
    /// bytes of code mappings advised; 0 when /proc cannot be read.
    @discardableResult
    static func releaseStartupCode() -> Int {
        guard let maps = readMaps() else { return 0 }
        var released = 0
        for line in maps.split(separator: "\n") {
            guard let range = releasableRange(mapsLine: line),
                let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound)
            else { continue }
            if madvise(start, range.count, MADV_DONTNEED) == 0 { released += range.count }
        }
        return released
    }

    /// The address range of a `/proc/self/maps` line when the mapping is
    /// file-backed code that may be dropped, nil otherwise.
    ///
    ///     55d0c8a00000-55d0c9400000 r-xp 00a00000 fd:01 1234  /usr/bin/tempest-gateway
    static func releasableRange(mapsLine line: Substring) -> Range<UInt>? {
        // Address range, permissions, offset, device, inode, path (which may hold spaces).
        let fields = line.split(separator: " ")
        guard fields.count >= 6, fields[1] == "r-xp", fields[5].first == "/" else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end
        else { return nil }
        return start..<end
    }

    private static func readMaps() -> String? {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
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
