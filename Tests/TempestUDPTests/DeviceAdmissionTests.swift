// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Testing
@testable import TempestUDP

/// Which devices are the station's: configured serials, else the first N
/// heard; everyone else counted in a bounded least-recently-heard table.
@Suite("Device admission")
struct DeviceAdmissionTests {
    func envelope(_ serial: String, hub: String? = nil) -> MessageEnvelope {
        MessageEnvelope(serialNumber: SerialNumber(serial)!, hubSerialNumber: hub.flatMap { SerialNumber($0) })
    }

    @Test("without station serials the first N devices are admitted, the rest refused and counted")
    func firstHeard() {
        let admission = DeviceAdmission(configured: [], limit: 3, refusedCapacity: 100)
        for index in 0..<10 {
            let admitted = admission.admit(envelope("ST-\(index)", hub: "HB-1"), heardAtSeconds: Int64(index), claiming: true)
            #expect(admitted == (index < 3), "ST-\(index)")
        }
        #expect(admission.admit(envelope("ST-1"), heardAtSeconds: 20, claiming: true))
        let snapshot = admission.snapshot()
        #expect(snapshot.admittedDevices == 3)
        #expect(snapshot.admittedHubs == 1)
        #expect(snapshot.refusedMessages == 7)
        #expect(snapshot.refused.first?.serial == "ST-9")
        #expect(Set(snapshot.refused.map(\.serial)) == Set((3..<10).map { "ST-\($0)" }))
    }

    @Test("a look without claiming takes no place")
    func peekDoesNotClaim() {
        let admission = DeviceAdmission(configured: [], limit: 1)
        #expect(admission.admit(envelope("ST-A"), heardAtSeconds: 0, claiming: false))
        #expect(admission.admit(envelope("ST-B"), heardAtSeconds: 0, claiming: true))
        #expect(!admission.admit(envelope("ST-A"), heardAtSeconds: 0, claiming: true))
    }

    @Test("with station serials only they and the hubs relaying them are admitted")
    func configured() {
        let admission = DeviceAdmission(configured: ["ST-00000512"], limit: 16)
        #expect(!admission.admit(envelope("HB-00000001"), heardAtSeconds: 0, claiming: true))
        #expect(admission.admit(envelope("ST-00000512", hub: "HB-00000001"), heardAtSeconds: 1, claiming: true))
        #expect(admission.admit(envelope("HB-00000001"), heardAtSeconds: 2, claiming: true))
        #expect(!admission.admit(envelope("ST-00000999", hub: "HB-00000001"), heardAtSeconds: 3, claiming: true))
        #expect(admission.isAdmitted("HB-00000001"))
        #expect(!admission.isAdmitted("ST-00000999"))
    }

    @Test("the devices admitted before a restart stay admitted, beyond them only up to the limit")
    func restart() {
        let admission = DeviceAdmission(configured: [], limit: 2, known: ["HB-1", "ST-OLD1", "ST-OLD2", "ST-OLD3"])
        #expect(admission.admit(envelope("ST-OLD2"), heardAtSeconds: 0, claiming: true))
        #expect(!admission.admit(envelope("ST-OLD3"), heardAtSeconds: 0, claiming: true))
        #expect(!admission.admit(envelope("ST-NEW"), heardAtSeconds: 0, claiming: true))
        #expect(admission.snapshot().admittedHubs == 1)
    }

    @Test("forged hubs relayed by an admitted device are bounded too")
    func forgedHubs() {
        let admission = DeviceAdmission(configured: [], limit: 4)
        for index in 0..<100 {
            _ = admission.admit(envelope("ST-1", hub: "HB-\(index)"), heardAtSeconds: 0, claiming: true)
            _ = admission.admit(envelope("HB-X\(index)"), heardAtSeconds: 0, claiming: true)
        }
        #expect(admission.snapshot().admittedHubs == 4)
    }

    @Test("the refused table forgets the least recently heard and never grows past its capacity")
    func refusedIsBounded() {
        var refused = RefusedDevices(capacity: 50)
        refused.note("ST-KEEP", heardAtSeconds: 0)
        for index in 0..<5_000 {
            refused.note("ST-\(index)", heardAtSeconds: Int64(index))
            if index % 10 == 0 { refused.note("ST-KEEP", heardAtSeconds: Int64(index)) }
            #expect(refused.count <= 50)
        }
        let recent = refused.mostRecent()
        #expect(recent.first?.serial == "ST-4999")
        #expect(recent.contains { $0.serial == "ST-KEEP" && $0.messages > 1 })
        #expect(!recent.contains { $0.serial == "ST-0" })
        #expect(refused.mostRecent(3).count == 3)
    }
}
