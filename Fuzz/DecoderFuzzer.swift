// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors
// libFuzzer entry point for the datagram decoder. Built by
// scripts/fuzz-decoder.sh together with the TempestUDP sources (one module,
// over the JSON module; -sanitize=fuzzer,address); not part of the package
// build or the tests.
//
// Besides "no crash, no hang, no leak", every input is checked against the
// contract: an accepted message has a valid serial and timestamps within
// 2015-2100, its canonical JSON is produced without trapping, and decoding
// the same bytes twice gives the same result (the decoder reuses buffers).

nonisolated(unsafe) let fuzzDecoder = DatagramDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func decoderFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let first = fuzzDecoder.decode(bytes)
    let second = fuzzDecoder.decode(bytes)
    precondition(first == second, "decoding the same bytes twice differed")
    if case .decoded(let message, _) = first {
        precondition(SerialNumber(message.envelope.serialNumber.rawValue) != nil, "accepted an invalid serial")
        let timestamp = message.timestamp
        precondition(timestamp >= .earliestPlausible && timestamp <= .latestPlausible, "accepted a bad timestamp")
        precondition(message.canonicalJSON().hasPrefix("{\"type\":\""), "canonical JSON is malformed")
    }
    return 0
}
