// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/// Checked values by dotted key, read by the typed sections of
/// ``GatewayConfiguration``.
struct ConfigurationValues {
    private let values: [String: TOMLValue]

    /// Every key's default.
    static var defaults: ConfigurationValues {
        ConfigurationValues(settings: ConfigurationSchema.keys.map { ResolvedSetting(key: $0, value: $0.defaultValue, origin: .defaultValue) })
    }

    init(settings: [ResolvedSetting]) {
        var values = [String: TOMLValue]()
        for setting in settings { values[setting.key.path] = setting.value }
        self.values = values
    }

    func string(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    func integer(_ key: String) -> Int? {
        if case .integer(let number)? = values[key] { return Int(number) }
        return nil
    }

    func decimal(_ key: String) -> Double? {
        switch values[key] {
        case .float(let number)?: number
        case .integer(let number)?: Double(number)
        default: nil
        }
    }

    func strings(_ key: String) -> [String]? {
        guard case .array(let elements)? = values[key] else { return nil }
        return elements.compactMap { element in
            if case .string(let text) = element { return text }
            return nil
        }
    }

    func boolean(_ key: String) -> Bool? {
        if case .boolean(let flag)? = values[key] { return flag }
        return nil
    }
}

extension ConfigurationValues {
    /// The value of a key that always has one (it has a default); a key
    /// without one is a programming error.
    func required<Value>(_ key: String, _ read: (String) -> Value?) -> Value {
        guard let value = read(key) else { preconditionFailure("\(key) has no default value in the schema") }
        return value
    }
}
