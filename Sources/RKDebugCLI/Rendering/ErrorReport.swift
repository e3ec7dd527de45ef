import ArgumentParser
import Foundation
import ReducerKitDebug

/// How `rkdebug` reports an error that ended a command: one line on standard error,
/// `rkdebug: error: <message>`, and an exit status.
///
/// - ``RKDebugError``: its message and ``RKDebugError/exitCode``.
/// - ``LogError``, ``PathSyntaxError``, ``PathEvaluationError`` and other errors: their
///   description, status 1.
/// - Usage errors (unknown option, missing argument, a malformed `--path` or `--where`,
///   `validate()`): the parser's message on one line, with a long argument quoted by its
///   start and length, then `(see 'rkdebug help <command>')`; status 64.
/// - Help, `--version` and completion requests are not errors: their text goes to standard
///   output, status 0. An `ExitCode` exits with its code and prints nothing.
struct ErrorReport {
  /// The message after `rkdebug: error: `; `nil` to print nothing.
  var message: String?
  /// Text for standard output instead (help, version).
  var output: String?
  /// The exit status.
  var status: Int32

  /// The report of `error`, thrown while parsing or running `arguments`; help is laid out
  /// for `columns`, or the terminal's width.
  init(error: any Error, arguments: [String], columns: Int? = nil) {
    output = nil
    switch error {
    case let error as RKDebugError:
      message = error.description
      status = error.exitCode
    case let error as LogError:
      message = error.description
      status = 1
    case let error as ExportFormat.RefusedValue:
      message = error.description
      status = 1
    case let error as PathSyntaxError:
      message = error.description
      status = 1
    case let error as PathEvaluationError:
      message = error.description
      status = 1
    case let error as ExitCode:
      message = nil
      status = error.rawValue
    default:
      let code = RKDebug.exitCode(for: error)
      if code == .success {
        message = nil
        output = RKDebug.fullMessage(for: error, columns: columns)
        status = 0
      } else if code == .validationFailure {
        let text = Self.quotingShortly(RKDebug.message(for: error), arguments: arguments)
        message = "\(text) (see 'rkdebug help\(Self.commandName(in: arguments))')"
        status = code.rawValue
      } else {
        let text = RKDebug.message(for: error)
        message = text.isEmpty ? String(describing: error) : text
        status = code.rawValue
      }
    }
    message = message.map(Self.oneLine)
  }

  /// Prints the report and returns its status.
  func print() -> Int32 {
    if let output {
      Swift.print(output)
    }
    if let message {
      Swift.print("rkdebug: error: \(message)", to: &StandardError.stream)
    }
    return status
  }

  /// ` <command>` for the subcommand named in `arguments`, or empty.
  private static func commandName(in arguments: [String]) -> String {
    let names = Set(RKDebug.configuration.subcommands.map { $0._commandName })
    return arguments.first(where: names.contains).map { " \($0)" } ?? ""
  }

  /// `text` with each long argument it quotes whole (the parser's `The value '…' is invalid`)
  /// quoted by its start and length instead, so that a 64 KiB `--where` does not make a
  /// 64 KiB line.
  static func quotingShortly(_ text: String, arguments: [String]) -> String {
    arguments.reduce(text) { text, argument in
      let whole = "'\(argument)'"
      let quoted = InputLimits.quoted(argument)
      return quoted == whole ? text : text.replacingOccurrences(of: whole, with: quoted)
    }
  }

  /// `text` on one line: lines joined with spaces, blank lines and trailing spaces dropped.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }
}
