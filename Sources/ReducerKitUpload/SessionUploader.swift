import Foundation
import ReducerKitDebug

/// Sends the sessions of a log file to an `rkdebug serve` collector in the background, as they
/// are recorded: the app keeps recording into its local log, online or not, and the uploader
/// catches up whenever the collector answers.
///
/// ```swift
/// let log = try ActionLog(path: logPath)
/// let uploader = try SessionUploader(
///   logAt: logPath, collector: URL(string: "https://rkdebug.example.com:8443")!,
///   token: pushToken)
/// await uploader.start()
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature().recording(to: log))
/// ```
///
/// A session is sent in batches of the lines `rkdebug export` writes; the collector keys it by
/// its uuid and each action by its index, so nothing is stored twice. On first meeting a
/// session the uploader sends its session line alone, and the collector's answer (the actions
/// it holds) says where to go on: an upload resumes after the last acknowledged action, after
/// a crash of the app or of the collector. Effects go by id: each new one once its action is
/// sent, and again once it ends if it was running when sent.
public actor SessionUploader {
  /// The collector's base URL, as `rkdebug serve` prints it.
  public nonisolated let collector: URL
  private let token: String
  private let log: ActionLog
  private let batchSize: Int
  private let retryDelay: Duration
  private let maximumRetryDelay: Duration
  private let pollInterval: Duration
  private let send: Send
  private let only: Set<String>?
  private var sessions: [String: Progress] = [:]
  private var order: [String] = []
  private var task: Task<Void, Never>?
  private var pass: Task<Bool, any Error>?
  /// The last error of a pass that failed for the network or the collector, until a pass works.
  public private(set) var lastError: String?

  /// Creates an uploader of the log at `path` (it reads the file read-only, beside the
  /// recorder writing it).
  ///
  /// - Parameters:
  ///   - path: The log file, which must exist (an ``ActionLog`` opened for recording creates
  ///     it).
  ///   - collector: The collector's URL, `https://HOST:PORT`.
  ///   - token: A token of the collector with the push scope; keep it out of source code.
  ///   - batchSize: The most actions, and the most effects, a batch carries.
  ///   - retryDelay: The wait after a failed pass; it doubles after each failure in a row…
  ///   - maximumRetryDelay: …up to this.
  ///   - pollInterval: The wait between passes while nothing fails.
  ///   - sessions: The uuids of the sessions to send; every session of the log when `nil`.
  ///   - send: How a request is sent: the platform's HTTP client
  ///     (``standardTransport``) by default.
  public init(
    logAt path: String, collector: URL, token: String, batchSize: Int = 2000,
    retryDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(60),
    pollInterval: Duration = .seconds(2), sessions: Set<String>? = nil,
    send: @escaping Send = SessionUploader.standardTransport
  ) throws {
    log = try ActionLog.readOnly(path: path)
    self.collector = collector
    self.token = token
    self.batchSize = max(1, batchSize)
    self.retryDelay = retryDelay
    self.maximumRetryDelay = max(retryDelay, maximumRetryDelay)
    self.pollInterval = pollInterval
    self.send = send
    only = sessions
  }

  // MARK: - Running

  /// Starts uploading in the background until ``stop()``: a pass (``uploadPending()``), then
  /// a wait of `pollInterval`, again and again. A pass that fails for the network or a 5xx
  /// answer is tried again after `retryDelay`, doubled after each failure in a row.
  public func start() {
    guard task == nil else { return }
    task = Task { await self.run() }
  }

  /// Stops the background uploads; what was acknowledged stays so.
  public func stop() {
    task?.cancel()
    task = nil
  }

  private func run() async {
    var delay = retryDelay
    while !Task.isCancelled {
      let wait: Duration
      do {
        try await uploadPending()
        lastError = nil
        delay = retryDelay
        wait = pollInterval
      } catch is CancellationError {
        return
      } catch {
        // A refused token too: the tokens file may be mended while the app runs.
        lastError = String(describing: error)
        wait = delay
        delay = min(delay * 2, maximumRetryDelay)
      }
      try? await Task.sleep(for: wait)
    }
  }

  /// Sends, batch after batch, everything the log holds that the collector lacks, and returns
  /// whether every session is now complete on the collector or refused by it. One pass at a
  /// time: a call during another waits for it and runs one of its own. Cancelling the caller
  /// cancels the pass.
  ///
  /// - Throws: The first error of a session whose batch failed for the network, a 5xx, a
  ///   408 or a 429, after the pass went on with the other sessions: what is acknowledged
  ///   stays so, and a later pass goes on from there. A ``CollectorRefusal`` for a 401 or a
  ///   403 (the token is refused: nothing can be sent). A 413 halves the session's batches,
  ///   and a 409 (a batch met a gap) makes the uploader ask where to go on. Another 4xx
  ///   refuses one batch: that session is no longer sent, and ``statuses`` says why; it
  ///   throws nothing.
  @discardableResult
  public func uploadPending() async throws -> Bool {
    while let running = pass {
      _ = try? await running.value
      if pass == running { pass = nil }
    }
    let task = Task { try await self.runPass() }
    pass = task
    defer { if pass == task { pass = nil } }
    return try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// Where each session of the log stands, in the log's order.
  public var statuses: [SessionUploadStatus] {
    order.compactMap { uuid in
      sessions[uuid].map {
        SessionUploadStatus(
          uuid: uuid, acknowledged: $0.acknowledged, storedActions: $0.storedActions,
          isComplete: $0.isComplete, refusal: $0.refusal)
      }
    }
  }

  // MARK: - A pass

  /// What the uploader knows of one session.
  private struct Progress {
    /// The actions the collector holds; `nil` until it said.
    var acknowledged: Int?
    var storedActions = 0
    /// Every effect with an id up to this one was sent, but for those of actions not sent yet.
    var effectsSent = 0
    /// Effects sent while they ran: sent again once they end.
    var running: Set<Int> = []
    /// Whether the collector stored the session as ended.
    var endSent = false
    var isComplete = false
    var refusal: CollectorRefusal?
    /// The most actions a batch of this session carries: halved after a 413.
    var batchSize: Int

    /// Notes that the collector stored `batch` and holds `actionCount` actions.
    mutating func noteStored(_ batch: Batch, actionCount: Int) {
      acknowledged = actionCount
      effectsSent = batch.effectsSent ?? effectsSent
      running.subtract(batch.ended)
      running.formUnion(batch.running)
      endSent = batch.ends && actionCount == batch.actionCount
    }

    /// Notes that `batch` will be stored as sent; a probe says nothing until it is answered.
    mutating func noteStored(_ batch: Batch) {
      guard !batch.isProbe else { return }
      noteStored(batch, actionCount: batch.lastAction)
    }
  }

  private func runPass() async throws -> Bool {
    var done = true
    var firstError: (any Error)?
    for session in try log.sessions() where only?.contains(session.uuid) ?? true {
      try Task.checkCancellation()
      if sessions[session.uuid] == nil {
        sessions[session.uuid] = Progress(batchSize: batchSize)
        order.append(session.uuid)
      }
      do {
        try await upload(session)
      } catch let error as CancellationError {
        throw error
      } catch let refusal as CollectorRefusal {
        throw refusal
      } catch {
        // The other sessions go on: one that fails every time holds up none of them.
        firstError = firstError ?? error
      }
      let progress = sessions[session.uuid]!
      done = done && (progress.isComplete || progress.refusal != nil)
    }
    if let firstError { throw firstError }
    return done
  }

  /// Sends `session`'s batches until the collector holds what the log does. Once the
  /// collector said where to go on, two batches are in flight at a time: the collector checks
  /// and stores one while the uploader reads the next from the log and sends it (a batch that
  /// arrives before the one it follows is held until that one is stored).
  private func upload(_ session: LoggedSession) async throws {
    var progress = sessions[session.uuid]!
    guard !progress.isComplete, progress.refusal == nil else { return }
    // Sent and not answered yet, oldest first. A request is never cancelled half way: a
    // transport may then crash or never answer (FoundationNetworking on Linux did). Whatever
    // ends the loop, the answers still to come are waited for.
    var inFlight: [InFlight] = []
    do {
      try await sendBatches(of: session, progress: &progress, inFlight: &inFlight)
    } catch {
      await wait(for: &inFlight, noting: &progress, afterFailure: true)
      sessions[session.uuid] = progress
      throw error
    }
  }

  /// The loop of ``upload(_:)``: batches of `session` until the collector holds what the log
  /// does, or a batch is refused.
  private func sendBatches(
    of session: LoggedSession, progress: inout Progress, inFlight: inout [InFlight]
  ) async throws {
    // What `progress` will be once every batch in flight is stored as sent.
    var expected = progress
    while true {
      try Task.checkCancellation()
      // A second batch goes only when both carry actions: the collector then stores them in
      // order, since the second one's first action comes after the first one's last.
      if inFlight.isEmpty || (inFlight.count == 1 && inFlight[0].batch.carriesActions),
        let batch = try nextBatch(of: session.id, after: expected),
        inFlight.isEmpty || batch.carriesActions
      {
        let body = batch.body
        inFlight.append(InFlight(batch: batch, answer: Task { try await self.post(body) }))
        expected.noteStored(batch)
        continue
      }
      guard !inFlight.isEmpty else { break }
      let request = inFlight.removeFirst()
      let batch = request.batch
      var stored = false
      var asExpected = false
      do {
        let answer = try await request.answer.value
        progress.noteStored(batch, actionCount: answer.actionCount)
        progress.storedActions += answer.storedActions
        stored = true
        asExpected = answer.actionCount == batch.lastAction
      } catch let refusal as CollectorRefusal where refusal.status == 409 {
        // The collector holds fewer actions than the batch assumed (the one before it
        // failed): it is asked again where to go on.
        progress.acknowledged = nil
      } catch let refusal as CollectorRefusal where ![401, 403].contains(refusal.status) {
        if refusal.status == 413, progress.batchSize > 1 {
          progress.batchSize /= 2
        } else {
          progress.refusal = refusal
        }
      }
      // Batches sent after one answered otherwise than expected assume what is not so.
      if !asExpected { await wait(for: &inFlight, noting: &progress, afterFailure: !stored) }
      // Kept as each batch is acknowledged: a failure later keeps what was done.
      sessions[session.uuid] = progress
      if progress.refusal != nil { return }
      // A session line sent to end the session that the collector did not end (it holds
      // other actions than the log): sending it again at once would change nothing.
      if !batch.isProbe, !batch.carriesRecords, !progress.endSent { return }
      if inFlight.isEmpty { expected = progress }
    }
    // An effect still running when its session ended never ends in the log (the recorder
    // writes nothing after the end): once the collector holds the end, none is left to send.
    if progress.endSent { progress.running.removeAll() }
    progress.isComplete = progress.endSent && progress.running.isEmpty
    sessions[session.uuid] = progress
  }

  /// A batch sent, and its answer to come.
  private struct InFlight {
    var batch: Batch
    var answer: Task<Answer, any Error>
  }

  /// Waits for the answers of `inFlight`, oldest first, and notes in `progress` what the
  /// collector stored. After a batch that was not stored (`afterFailure`), a later one stored
  /// anyway (the collector had stored the first but its answer was lost) counts its actions
  /// only: the effects it assumed sent before it are sent again, from where the collector
  /// says it is.
  private func wait(
    for inFlight: inout [InFlight], noting progress: inout Progress, afterFailure: Bool
  ) async {
    for request in inFlight {
      guard let answer = try? await request.answer.value else { continue }
      progress.storedActions += answer.storedActions
      if afterFailure {
        progress.acknowledged = nil
      } else {
        progress.noteStored(request.batch, actionCount: answer.actionCount)
      }
    }
    inFlight.removeAll()
  }

  /// One batch to send.
  private struct Batch {
    var body: [UInt8]
    /// The session's action count when the batch was made.
    var actionCount: Int
    /// The session line alone, sent to learn what the collector holds.
    var isProbe = false
    /// The collector holds actions 1 through this one once the batch is stored.
    var lastAction = 0
    /// Whether its session line says the session ended.
    var ends: Bool
    /// The new ``Progress/effectsSent``, when the batch sends new effects.
    var effectsSent: Int?
    /// Effects it sends that were running when sent before and have ended.
    var ended: [Int]
    /// New effects it sends still running.
    var running: [Int]
    /// Whether it sends actions or effects, not only the session line.
    var carriesRecords = false
    /// Whether it sends actions.
    var carriesActions = false
  }

  /// The next batch of session `id`, or `nil` when the collector holds all of it that the
  /// uploader knows it lacks.
  private func nextBatch(of id: Int64, after progress: Progress) throws -> Batch? {
    let reader = try log.reader(session: id)
    var export = SessionExport(log: log, reader: reader)
    var body = ExportBuffer()
    try body.write(try export.sessionLine())
    let count = reader.actionCount
    let ends = reader.session.endedAt != nil
    var batch = Batch(
      body: [], actionCount: count, ends: ends, effectsSent: nil, ended: [], running: [])
    // First, the session line alone: the answer says what the collector holds.
    guard let acknowledged = progress.acknowledged else {
      batch.body = body.bytes
      batch.isProbe = true
      return batch
    }
    let end = min(count, acknowledged + progress.batchSize)
    batch.lastAction = max(acknowledged, end)
    batch.carriesActions = acknowledged < end
    if acknowledged < end {
      try export.writeActions(in: (acknowledged + 1)...end, effects: false, to: &body)
    }
    // Effects by id: new ones whose actions the collector has by now, up to the first that
    // belongs to a later action; and those sent running that have ended.
    var effects: [LoggedEffect] = []
    for effect in try reader.effects(after: progress.effectsSent, limit: progress.batchSize) {
      guard effect.actionIndex <= end else { break }
      effects.append(effect)
      batch.effectsSent = effect.id
      if effect.endedAt == nil { batch.running.append(effect.id) }
    }
    for effect in try reader.effects(withIDs: progress.running.sorted())
    where effect.endedAt != nil {
      effects.append(effect)
      batch.ended.append(effect.id)
    }
    for effect in effects { try body.writeLine { ExportFormat.appendEffectLine(effect, to: &$0) } }
    let endsNow = ends && !progress.endSent && end == count
    batch.carriesRecords = batch.carriesActions || !effects.isEmpty
    guard batch.carriesRecords || endsNow else { return nil }
    batch.body = body.bytes
    return batch
  }

  // MARK: - The collector

  /// The fields of the collector's answer to a batch that the uploader reads.
  private struct Answer {
    var actionCount: Int
    var storedActions: Int
  }

  /// A request that failed for the collector, which sending it again may mend: a 5xx, a 408
  /// or a 429.
  private struct CollectorFailure: Error, CustomStringConvertible {
    var status: Int
    var message: String
    var description: String { "the collector answered \(status): \(message)" }
  }

  /// `POST /v1/batches` with `body`.
  private func post(_ body: [UInt8]) async throws -> Answer {
    let request = UploadRequest(
      url: collector.appendingPathComponent("v1/batches"), method: "POST",
      headerFields: [
        "Authorization": "Bearer \(token)", "Content-Type": "application/x-ndjson",
      ],
      body: body, timeout: .seconds(120))
    let response = try await send(request)
    let status = response.status
    let text = String(decoding: response.body, as: UTF8.self)
    let json = try? JSONValue(parsing: text)
    let message = json?["error"]?.stringValue ?? String(text.prefix(200))
    switch status {
    case 200..<300:
      guard let count = json?["actionCount"]?.intValue,
        let stored = json?["storedActions"]?.intValue
      else { throw CollectorFailure(status: status, message: "an answer that is not a batch's") }
      return Answer(actionCount: count, storedActions: stored)
    case 408, 429, 500...:
      throw CollectorFailure(status: status, message: message)
    default:
      throw CollectorRefusal(status: status, message: message)
    }
  }
}
