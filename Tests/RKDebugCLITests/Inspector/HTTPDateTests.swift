import Foundation
import ReducerKitHTTP
import Testing

/// The `Date` header of the servers' answers (``HTTPDate``), worked out per response.
@Suite struct HTTPDateTests {
  @Test(arguments: [
    (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's own example
    (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
    (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
    (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
    (-62_135_596_800, "Mon, 01 Jan 0001 00:00:00 GMT"),
  ])
  func formatsIMFFixdate(seconds: Int, text: String) {
    #expect(HTTPDate.text(secondsSince1970: seconds) == text)
  }

  /// Agrees with Foundation's formatter of the same format over a spread of times.
  @Test func agreesWithFoundation() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    for seconds in stride(from: 0, to: 4_102_444_800, by: 7_654_321) {
      let date = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(HTTPDate.text(secondsSince1970: seconds) == formatter.string(from: date))
    }
  }

  /// A real `rkdebug ui` answer carries the time it was sent at, with no timer behind it.
  @Test func anAnswerCarriesTheTimeItWasSent() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withUIServer { port, _ async throws in
      let before = Int(Date().timeIntervalSince1970)
      let answer = try await RawHTTP.exchange(
        port: port,
        request: "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      let after = Int(Date().timeIntervalSince1970)
      let dates = answer.components(separatedBy: "\r\n").filter { $0.hasPrefix("Date: ") }
      #expect(dates.count == 1)
      let sent = (before...after).map { "Date: " + HTTPDate.text(secondsSince1970: $0) }
      #expect(dates.allSatisfy(sent.contains), "\(dates) not in \(sent)")
    }
  }
}
