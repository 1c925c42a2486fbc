// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

import GatewayCore
import Glibc
import SystemSupport

/// Questions on a terminal: plain-text prompts that read well in a screen
/// reader (the question, then the default in words), answers read a line
/// at a time, secrets read without echo. A question whose empty answer is
/// allowed says so in its own words ("empty for none", "empty to skip");
/// an empty default is never announced.
struct TerminalInput {
    /// Asks `question` and returns the answer, or `defaultAnswer` for an
    /// empty line; nil at end of input. The default is said in words
    /// ("press Enter for 1883") unless it is empty.
    func ask(_ question: String, default defaultAnswer: String? = nil) -> String? {
        let suffix = defaultAnswer.flatMap { $0.isEmpty ? nil : " (press Enter for \($0))" } ?? ""
        StandardOutput.prompt("\(question)\(suffix): ")
        guard let line = readLine() else { return nil }
        let answer = line.trimmingWhitespace()
        return answer.isEmpty ? (defaultAnswer ?? "") : answer
    }

    /// Asks a yes-or-no question; an empty answer is `defaultAnswer`.
    func confirm(_ question: String, default defaultAnswer: Bool) -> Bool {
        StandardOutput.prompt("\(question) Type yes or no (press Enter for \(defaultAnswer ? "yes" : "no")): ")
        guard let line = readLine() else { return false }
        switch line.trimmingWhitespace().lowercased() {
        case "": return defaultAnswer
        case "y", "yes": return true
        default: return false
        }
    }

    /// Asks for a secret with echo turned off, so that it never shows on
    /// the screen (or in a terminal recording); echo comes back afterwards.
    func askSecret(_ question: String) -> String? {
        StandardOutput.prompt("\(question) (typing is not shown): ")
        var saved = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if isTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            // Control-C while echo is off must not leave the terminal silent.
            echoToRestore = saved
            signal(SIGINT) { _ in
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &echoToRestore)
                _exit(130)
            }
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if isTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
                signal(SIGINT, SIG_DFL)
            }
            StandardOutput.line("")
        }
        return readLine().map { $0.trimmingWhitespace() }
    }
}

/// The terminal settings a Control-C during a secret prompt restores (a
/// signal handler can reach only global state).
nonisolated(unsafe) private var echoToRestore = termios()
