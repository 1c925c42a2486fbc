/// The gateway's version: printed by `--version`, sent in the MQTT origin
/// block and shown by `status`.
public enum GatewayVersion {
    /// The version as text.
    public static let current = "0.1.0"
}
