// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import SystemSupport
import Testing

@Suite("Base64")
struct Base64Tests {
    /// RFC 4648 section 10's test vectors.
    static let vectors: [(String, String)] = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test("encodes the RFC 4648 vectors, padded")
    func encodesTheVectors() {
        for (plain, encoded) in Self.vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
        }
    }

    @Test("decodes what it encodes, every byte value included")
    func roundTrip() throws {
        let bytes = (0...255).map { UInt8($0) }
        for length in [0, 1, 2, 3, 100, 256] {
            let slice = Array(bytes.prefix(length))
            #expect(try #require(Base64.decode(Base64.encode(slice))) == slice)
        }
        for (plain, encoded) in Self.vectors {
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
    }
}
