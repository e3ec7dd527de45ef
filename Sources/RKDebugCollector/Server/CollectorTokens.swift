import Foundation
import RKDebugInspector

/// The tokens a collector accepts, each with its scopes: `push` for apps and CI, which send
/// sessions, and `read` for developers, who read them.
///
/// Read from a file of lines `SCOPES TOKEN` (`push abc…`, `read,push def…`); `#` starts a
/// comment. A token is compared in constant time, through its SHA-256 digest, so the time an
/// answer takes says nothing of how much of a guess was right.
package struct CollectorTokens: Sendable {
  /// What a token allows.
  package enum Scope: String, Sendable, CaseIterable {
    case push
    case read
  }

  /// The shortest token accepted: a guessable token is no protection.
  package static let minimumLength = 16

  private let entries: [(digest: [UInt8], scopes: Set<Scope>)]

  /// Parses the text of a tokens file; `source` names it in errors.
  package init(parsing text: String, source: String) throws(CollectorTokensError) {
    var entries: [(digest: [UInt8], scopes: Set<Scope>)] = []
    var seen = Set<[UInt8]>()
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line =
        rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        .first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      if line.isEmpty { continue }
      let location = "\(source):\(offset + 1)"
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard fields.count == 2 else {
        throw CollectorTokensError("\(location): expected 'SCOPES TOKEN' (e.g. 'push,read TOKEN')")
      }
      var scopes = Set<Scope>()
      for name in fields[0].split(separator: ",") {
        guard let scope = Scope(rawValue: String(name)) else {
          throw CollectorTokensError(
            "\(location): unknown scope '\(name)'; use push, read or push,read")
        }
        scopes.insert(scope)
      }
      let token = String(fields[1])
      guard token.utf8.count >= Self.minimumLength else {
        throw CollectorTokensError(
          "\(location): a token needs at least \(Self.minimumLength) characters")
      }
      let digest = SHA256.digest(Array(token.utf8))
      guard seen.insert(digest).inserted else {
        throw CollectorTokensError("\(location): the token is listed twice")
      }
      entries.append((digest, scopes))
    }
    guard !entries.isEmpty else {
      throw CollectorTokensError("\(source) lists no token; a collector answers no one without")
    }
    self.entries = entries
  }

  /// The scopes of `token`, or `nil` when it is not listed. Every entry is compared, each
  /// in constant time.
  package func scopes(of token: String) -> Set<Scope>? {
    let digest = SHA256.digest(Array(token.utf8))
    var found: Set<Scope>?
    for entry in entries where Self.constantTimeEqual(entry.digest, digest) {
      found = entry.scopes
    }
    return found
  }

  /// Whether two digests of the same length are equal, looking at every byte.
  static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }
}

/// A tokens file that cannot be used, with the line at fault.
package struct CollectorTokensError: Error, CustomStringConvertible {
  package let description: String
  init(_ description: String) { self.description = description }
}
