/// A replay of one session through a reducer, without its types: what ``ReplayEngine`` offers
/// to code that does not know the feature's state and action types, such as `rkdebug`.
public protocol SessionReplayer: AnyObject {
  /// The session being replayed.
  var reader: SessionReader { get }
  /// Warnings found before replaying: the state or action type changed since the session was
  /// recorded (its fingerprint differs), so the replay may diverge.
  var warnings: [String] { get }
  /// The index of the current state: 0 before the first action.
  var index: Int { get }
  /// The first divergence found so far.
  var divergence: ReplayDivergence? { get }
  /// The actions skipped so far.
  var skipped: [Int] { get }

  /// Replays (or, with `skipping`, skips) the next action and checks the state after it.
  ///
  /// - Parameter skipping: Whether to skip the action, as if it had never been sent. Later
  ///   actions are no longer checked.
  /// - Returns: The action and what the check found.
  @discardableResult
  func step(skipping: Bool) throws -> ReplayStep

  /// Replays actions up to `end`, stopping at the first divergence.
  ///
  /// - Parameters:
  ///   - end: The last index to replay; the session's last action when `nil`.
  ///   - skipping: Indices of actions to skip, as if they had never been sent.
  ///   - progress: Called now and then with the index reached and `end`.
  /// - Returns: What the run found.
  func run(
    to end: Int?, skipping: Set<Int>, progress: ((_ index: Int, _ end: Int) -> Void)?
  ) throws -> ReplayResult

  /// The current (replayed) state's JSON.
  func currentStateJSON() throws -> JSONValue

  /// How the current state differs from the recorded state at the current index, or `nil`.
  func differenceFromRecording() throws -> StateDifference?
}
