import ReducerKitDebug

/// One line typed at `rkdebug attach`'s prompt.
enum AttachInstruction: Equatable {
  case status
  case state
  case entries
  case follow(seconds: Double)
  case pause
  case resume
  case jump(Int)
  case skip(Int)
  case unskip(Int)
  /// The action's JSON, as the line gave it.
  case dispatch(String)
  /// A log or export file, and the index of the state in it (the last when `nil`).
  case load(file: String, index: Int?)
  case help
  case quit

  static let helpText = """
    status            where the app is: entries, paused, the entry it shows, skipped entries
    state             the app's state now, as JSON
    entries           the entries logged since the last listed
    follow [SECONDS]  list entries as the app logs them, for SECONDS (default 10)
    pause             hold the actions the app sends until resume
    resume            back to the present; the held actions run
    jump N            show the logged state after entry N (pauses the app)
    skip N            recompute the state without entry N (the app's reducer, no effects)
    unskip N          recompute it with entry N again
    dispatch JSON     send an action, as the feature's Action encodes it
    load FILE [N]     continue from the state after entry N (default: the last) of a log's
                      newest session, an export (rkdebug export) or a page (ui --export)
    help, quit        this text; detach (the app returns to the present)
    """

  /// The instruction a line gives; `nil` for a blank line.
  static func parse(_ line: String) throws -> AttachInstruction? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    let name = String(trimmed.prefix { $0 != " " })
    let rest = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    let words = rest.split(separator: " ").map(String.init)
    func index() throws -> Int {
      guard words.count == 1, let index = Int(words[0]), index >= 0 else {
        throw RKDebugError("'\(name)' takes one entry index: \(name) N")
      }
      return index
    }
    func none(_ instruction: AttachInstruction) throws -> AttachInstruction {
      guard words.isEmpty else { throw RKDebugError("'\(name)' takes nothing after it") }
      return instruction
    }
    switch name {
    case "status", "st": return try none(.status)
    case "state", "s": return try none(.state)
    case "entries", "e", "log": return try none(.entries)
    case "follow", "f":
      guard words.count <= 1, let seconds = words.isEmpty ? 10 : Double(words[0]),
        seconds > 0, seconds <= 86_400
      else { throw RKDebugError("'follow' takes a number of seconds: follow 30") }
      return .follow(seconds: seconds)
    case "pause", "p": return try none(.pause)
    case "resume", "r": return try none(.resume)
    case "jump", "j": return .jump(try index())
    case "skip": return .skip(try index())
    case "unskip": return .unskip(try index())
    case "dispatch", "d":
      guard !rest.isEmpty else {
        throw RKDebugError(#"'dispatch' takes an action as JSON: dispatch {"increment":{}}"#)
      }
      return .dispatch(rest)
    case "load":
      guard (1...2).contains(words.count) else {
        throw RKDebugError("'load' takes a log or export file and an optional index")
      }
      var at: Int?
      if words.count == 2 {
        guard let index = Int(words[1]), index >= 0 else {
          throw RKDebugError("'load' takes an entry index after the file: load FILE N")
        }
        at = index
      }
      return .load(file: words[0], index: at)
    case "help", "h", "?": return try none(.help)
    case "quit", "q", "exit", "detach": return try none(.quit)
    default:
      throw RKDebugError("unknown command '\(name)'; type 'help' for the commands")
    }
  }
}
