// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import Configuration

extension SetupCommand {
    /// What setup writes for the web page (`[web]`), and the password typed
    /// for it (written to `web-password`, mode 600, with the configuration).
    struct WebPageChoice {
        var settings: [(key: String, value: String)] = []
        var typedPassword: String?
    }

    /// The web page's settings: from `--web-port`, `--web-address` and
    /// `--web-password-file`, else asked on a terminal: the port (empty:
    /// off, the default unless the configuration already serves it), the
    /// address (127.0.0.1: this computer only; 0.0.0.0: the whole network)
    /// and a password (empty: none), unless a password file is configured.
    func webPageChoice(current: GatewayConfiguration.Web, directory: String, interactive: Bool, input: TerminalInput) throws
        -> WebPageChoice
    {
        var choice = WebPageChoice()
        var port = webPort ?? current.port
        if webPort == nil, interactive {
            let answer = input.ask("Serve the web page? Its port, such as 8080, empty for off", default: current.port.map(String.init)) ?? ""
            guard answer.isEmpty || Int(answer).map({ (1...65_535).contains($0) }) == true else {
                throw SetupError("the web page's port must be a number from 1 to 65535, or empty for off, not \(answer)")
            }
            port = Int(answer)
        }
        guard let port else { return choice }
        choice.settings.append(("web.port", String(port)))
        var address = webAddress ?? current.address
        if webAddress == nil, interactive {
            address = input.ask("Web page address: 127.0.0.1 for this computer only, 0.0.0.0 for the whole network", default: address) ?? address
        }
        if address != current.address || webAddress != nil { choice.settings.append(("web.address", address)) }
        if let webPasswordFile {
            choice.settings.append(("web.password_file", Self.absolute(webPasswordFile)))
        } else if interactive, current.passwordFile == nil {
            let typed = input.askSecret("Web page password for the user \(current.username), empty for none") ?? ""
            if !typed.isEmpty {
                choice.typedPassword = typed
                choice.settings.append(("web.password_file", directory + "/web-password"))
            }
        }
        return choice
    }
}
