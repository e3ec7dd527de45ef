import Foundation
import RKDebugCLI
import ReducerKitDebug
import Testing

/// What the live link of a running app does with messages no debugger should send: each gets a
/// clear error, and the app keeps running in its present state.
@Suite(.serialized) struct LiveLinkHostileTests {
  private func withLink<T>(
    _ app: LiveSample, _ body: (LiveLinkClient) async throws -> T
  ) async throws -> T {
    try await LiveLinkClient.attach(to: app.url, token: app.token, body)
  }

  private func port(of app: LiveSample) -> Int {
    Int(app.url.split(separator: ":").last!.split(separator: "/").first!)!
  }

  /// The upgrade request of the link, with `headers`.
  private func upgrade(_ app: LiveSample, headers: [String]) -> [UInt8] {
    let port = port(of: app)
    var head = "GET /live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
    head += "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
    head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    for header in headers { head += header + "\r\n" }
    return Array((head + "\r\n").utf8)
  }

  /// A client's text frame of `text`, masked with the zero key (so the bytes stay as they are).
  private func frame(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    precondition(payload.count < 126)
    return [0x81, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload
  }

  @Test func malformedAndImpossibleRequestsAreRefusedAndTheAppGoesOn() async throws {
    let app = try LiveSample(actions: 6)
    let count = try await app.settled(atLeast: 6)
    let before = try await withLink(app) { try await $0.send(LiveRequest(op: .state)).state }
    let answers = try await withLink(app) { client in
      var answers: [LiveAnswer] = []
      for text in [
        "{not json", #"{"op":42}"#, #"{"op":"rewind"}"#,
        #"{"op":"dispatch","action":{"launchRocket":{}}}"#,
        #"{"op":"jump","index":100000}"#, #"{"op":"skip","index":0}"#,
        #"{"op":"unskip","index":1}"#, #"{"op":"load","state":[1,2,3]}"#,
      ] {
        try await client.sendText(text)
        answers.append(try LiveAnswer(text: try await client.receiveText()))
      }
      // Still answering.
      answers.append(try await client.send(LiveRequest(op: .status)))
      return answers
    }
    let errors = answers.dropLast().map { $0.error ?? "" }
    #expect(answers.dropLast().allSatisfy { !$0.ok })
    #expect(errors[0].hasPrefix("the message is not a request of the live link: "))
    #expect(errors[1] == #"the message is not a request of the live link: it has no "op" string"#)
    #expect(errors[2].contains("unknown operation 'rewind'"))
    #expect(errors[3].hasPrefix("the action does not decode as ReducerKitSamples.Todos.Action"))
    #expect(errors[4] == "there is no entry 100000: the session's entries are 1…\(count)")
    #expect(errors[5] == "there is no entry 0: the session's entries are 1…\(count)")
    #expect(errors[6] == "entry 1 is not skipped: no entry is")
    #expect(errors[7].hasPrefix("the state does not decode as ReducerKitSamples.Todos.State"))
    #expect(answers.last?.ok == true && answers.last?.status?.entries == count)
    let after = try await withLink(app) { try await $0.send(LiveRequest(op: .state)).state }
    #expect(after == before)
    #expect(app.running.process.isRunning)
  }

  @Test func aMessageOverTheLimitClosesTheLinkNotTheApp() async throws {
    let app = try LiveSample(actions: 2)
    _ = try await app.settled(atLeast: 2)
    let huge = #"{"op":"load","state":""# + String(repeating: "x", count: 9 << 20) + #""}"#
    let error = await #expect(throws: LiveLinkClientError.self) {
      try await withLink(app) { client in
        try await client.sendText(huge)
        return try await client.receiveText()
      }
    }
    #expect("\(error!)".contains("larger than 8 MiB"), "\(error!)")
    #expect(try await app.status().paused == false)
    #expect(app.running.process.isRunning)
  }

  @Test func withoutTheTokenTheLinkAnswersOnlyWhyAndFromAWebPageNothing() async throws {
    let app = try LiveSample(actions: 1)
    let port = port(of: app)
    let request = frame(#"{"id":1,"op":"pause"}"#)
    for headers in [[], ["Authorization: Bearer \(app.token)x"], ["Authorization: \(app.token)"]] {
      let answer = try await RawSocket.exchange(
        port: port, bytes: upgrade(app, headers: headers) + request, wait: 5)
      #expect(answer.status == 101)
      #expect(answer.text.contains(#""error":"the live link needs its token"#))
      #expect(answer.closed)
    }
    // A page in a browser may reach a loopback port: it is not upgraded.
    let page = try await RawSocket.exchange(
      port: port,
      bytes: upgrade(
        app, headers: ["Authorization: Bearer \(app.token)", "Origin: http://evil.example"]),
      wait: 5)
    #expect(page.status != 101 && page.status != 0)
    #expect(try await app.status().paused == false)
    #expect(app.running.process.isRunning)
  }

  @Test func aDebuggerThatDisconnectsMidJumpLeavesTheAppInThePresent() async throws {
    let app = try LiveSample(actions: 8)
    let count = try await app.settled(atLeast: 8)
    let present = try await withLink(app) { try await $0.send(LiveRequest(op: .state)).state }
    // Upgrade, jump, and drop the connection without a close frame.
    let bytes =
      upgrade(app, headers: ["Authorization: Bearer \(app.token)"])
      + frame(#"{"id":1,"op":"jump","index":2}"#)
    let answer = try await RawSocket.exchange(port: port(of: app), bytes: bytes, wait: 3)
    #expect(answer.status == 101)
    #expect(answer.text.contains(#""jumpedTo":2"#))
    var status = try await app.status()
    for _ in 0..<50 where status.paused {
      try await Task.sleep(for: .milliseconds(100))
      status = try await app.status()
    }
    #expect(!status.paused && status.jumpedTo == nil)
    let after = try await withLink(app) { try await $0.send(LiveRequest(op: .state)).state }
    #expect(after == present)
    let labels = try await withLink(app) {
      try await $0.send(LiveRequest(op: .entries, after: count))
    }.entries?.map(\.label)
    #expect(labels == ["rkdebug paused the app", "rkdebug jumped to 2", "rkdebug resumed the app"])
  }
}
