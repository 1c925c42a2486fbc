#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the tempest-gateway authors
"""Writes the tempest-gateway(1) man page (roff) to standard output from the
argument parser's own description of the command line, which the binary
prints with `--experimental-dump-help` (read from standard input). One page
holds every subcommand, so `man tempest-gateway` shows all of them.

Why not swift-argument-parser's generate-manual plugin: it rebuilds every
product of the package in release mode first, a second full build just for
the page; it reads the same `--experimental-dump-help` document as this.

Usage: tempest-gateway --experimental-dump-help | man-page.py --date YYYY-MM-DD
"""
import argparse
import json
import sys

FILES = [
    ("/etc/tempest-gateway/config.toml", "The configuration file (a conffile: upgrades keep local edits)."),
    ("/var/lib/tempest-gateway/tempest-gateway.db",
     "The packaged service's SQLite database ($STATE_DIRECTORY of the unit)."),
    ("/run/tempest-gateway/tempest-gateway.sock",
     "The packaged service's status socket ($RUNTIME_DIRECTORY of the unit), while it runs."),
    ("/lib/systemd/system/tempest-gateway.service", "The systemd unit."),
    ("/lib/systemd/system/tempest-gateway-relay.service",
     "The systemd unit of tempest-gateway relay, off until enabled (systemctl enable --now tempest-gateway-relay)."),
]
ENVIRONMENT = [
    ("TEMPEST_GATEWAY_<SECTION>_<KEY>",
     "Overrides the configuration key <section>.<key> (tempest-gateway config show lists them)."),
    ("STATE_DIRECTORY", "Set by systemd: where run keeps the database, and where the other commands look first."),
    ("RUNTIME_DIRECTORY", "Set by systemd: where run opens the status socket, and where status looks first."),
    ("TEMPEST_PACKAGED_ROOT",
     "Put in front of the packaged paths above when looking for the service's database and socket; "
     "for tests and containers that hold the packaged layout under another root."),
    ("NO_COLOR", "When set, no colour in the output."),
]


def roff(text):
    """Escapes text for roff: backslashes, dots or quotes starting a line, and
    characters beyond ASCII (as \\[uXXXX], which groff and man read)."""
    text = str(text).replace("\\", "\\e")
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    lines = []
    for line in text.split("\n"):
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return "\n".join(lines)


def dashes(text):
    """An option name with its hyphens as minus signs, as man pages print them."""
    return text.replace("-", "\\-")


def discussion_text(value):
    """The discussion, whichever form this version of the parser dumps."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        text = value.get("staticText") or value.get("text") or ""
        values = value.get("enumeratedValues") or value.get("values") or []
        for item in values:
            if isinstance(item, dict):
                text += "\n%s: %s" % (item.get("value", ""), item.get("description", ""))
        return text
    return str(value)


def paragraphs(text):
    """Text as roff paragraphs: blank lines separate them; indented lines
    (examples) stay as they are."""
    out = []
    for block in text.strip().split("\n\n"):
        if not block.strip():
            continue
        if any(line.startswith("  ") for line in block.split("\n")):
            out.append(".PP\n.nf\n" + roff(block) + "\n.fi")
        else:
            out.append(".PP\n" + roff(" ".join(line.strip() for line in block.split("\n"))))
    return out


def name_text(argument):
    """`-d, --database <database>` for an option, `<file>` for a positional."""
    value = argument.get("valueName") or "value"
    if argument.get("kind") == "positional":
        return "<%s>" % value + (" ..." if argument.get("isRepeating") else "")
    names = []
    for name in argument.get("names") or []:
        prefix = "-" if name.get("kind") == "short" else "--"
        names.append(dashes(prefix + name.get("name", "")))
    text = ", ".join(names)
    if argument.get("kind") == "option":
        text += " <%s>" % value
    return text


def options(command):
    out = []
    for argument in command.get("arguments") or []:
        if argument.get("shouldDisplay") is False:
            continue
        out.append(".TP\n.B " + name_text(argument))
        help_text = argument.get("abstract") or ""
        extra = discussion_text(argument.get("discussion"))
        if extra:
            help_text += " " + extra
        if argument.get("defaultValue") not in (None, "", "false") and "default" not in help_text:
            help_text += " (default: %s)" % argument["defaultValue"]
        out.append(roff(help_text.strip() or "(no description)"))
    return out


def command_pages(command, path):
    out = []
    for sub in command.get("subcommands") or []:
        if sub.get("shouldDisplay") is False:
            continue
        full = path + [sub["commandName"]]
        out.append(".SS \"%s\"" % " ".join(full))
        if sub.get("abstract"):
            out.append(".PP\n" + roff(sub["abstract"]))
        out += paragraphs(discussion_text(sub.get("discussion")))
        if sub.get("arguments"):
            out += [".PP", "Options:", ".RS"] + options(sub) + [".RE"]
        out += command_pages(sub, full)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--date", required=True, help="the page's date, YYYY-MM-DD")
    arguments = parser.parse_args()
    document = json.load(sys.stdin)
    top = document["command"]
    name = top["commandName"]
    out = [
        '.TH "%s" 1 "%s" "%s" "User Commands"' % (name.upper(), arguments.date, name),
        ".SH NAME",
        "%s \\- %s" % (name, roff(top.get("abstract", ""))),
        ".SH SYNOPSIS",
        ".B %s\n[\\fIoptions\\fR] \\fIcommand\\fR [\\fIcommand options\\fR]" % name,
        ".SH DESCRIPTION",
    ]
    out += paragraphs(discussion_text(top.get("discussion")))
    out += [".SH OPTIONS"] + options(top)
    out += [".SH COMMANDS"] + command_pages(top, [name])
    out.append(".SH FILES")
    for path, text in FILES:
        out += [".TP", ".I " + path, roff(text)]
    out.append(".SH ENVIRONMENT")
    for variable, text in ENVIRONMENT:
        out += [".TP", ".B " + variable, roff(text)]
    out += [".SH EXIT STATUS", "0 on success, 1 on failure, 64 for a wrong command line, 78 for a configuration error.",
            ".SH SEE ALSO", "\\fBsystemctl\\fR(1), \\fBjournalctl\\fR(1), /usr/share/doc/tempest-gateway/README.md.gz"]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
