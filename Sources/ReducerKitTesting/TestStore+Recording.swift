import ReducerKit
import ReducerKitDebug

extension TestStore where State: ObservableStateProtocol & Codable, Action: Codable {
  /// Creates a test store that runs `reducer` from `initialState`.
  ///
  /// The feature can be recorded, so when the `REDUCERKIT_RECORD_DIR` environment variable
  /// names a folder, the store records its session into a file of that folder named after the
  /// test (`CounterTests.delayedIncrement.sqlite`), and failure messages name the file.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// ```
  public convenience init(
    initialState: @autoclosure () -> State,
    reducer: some Reducer<State, Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) {
    self.init(
      initialState: initialState(), recordingFromEnvironment: reducer, feature: nil,
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      function: function
    )
  }

  /// Creates a test store from a reducer builder, recording to `REDUCERKIT_RECORD_DIR` when
  /// it is set.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State()) { Counter(environment: .immediate) }
  /// ```
  public convenience init(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> some Reducer<State, Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    function: StaticString = #function
  ) {
    self.init(
      initialState: initialState(), recordingFromEnvironment: reducer(), feature: nil,
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      function: function
    )
  }

  /// Creates a test store whose session is recorded into `log`.
  ///
  /// ```swift
  /// let log = try TestLog.file(named: "CounterTests.delayedIncrement")
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter(), recording: log)
  /// ```
  ///
  /// When the test fails through the store, the message names the log file (for a file log)
  /// and the `rkdebug log --db PATH --session N` command that opens the session.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: The feature's reducer.
  ///   - log: The log to record into.
  ///   - feature: The name the session is listed under; `rkdebug replay` needs the name the
  ///     feature is registered under (`Counter.name`). The reducer's type name by default.
  public convenience init(
    initialState: @autoclosure () -> State,
    reducer: some Reducer<State, Action>,
    recording log: TestLog,
    feature: String? = nil,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      runningReducer: reducer.recording(to: log.actionLog, feature: feature),
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Creates a test store from a reducer builder whose session is recorded into `log`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), recording: log) { Counter() }
  /// ```
  public convenience init(
    initialState: @autoclosure () -> State,
    recording log: TestLog,
    feature: String? = nil,
    @ReducerBuilder<State, Action> reducer: () -> some Reducer<State, Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      initialState: initialState,
      runningReducer: reducer().recording(to: log.actionLog, feature: feature),
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Records to `REDUCERKIT_RECORD_DIR` when it is set and the reducer is not recorded
  /// already; a log that cannot be opened fails the test and the store runs unrecorded.
  private convenience init(
    initialState: @autoclosure () -> State,
    recordingFromEnvironment reducer: some Reducer<State, Action>,
    feature: String?,
    prepareDependencies: ((inout DependencyValues) -> Void)?,
    location: TestLocation,
    function: StaticString
  ) {
    guard let directory = TestRecordDirectory.configured,
      RecordingNote.logs(in: reducer).isEmpty
    else {
      self.init(
        initialState: initialState, runningReducer: reducer,
        prepareDependencies: prepareDependencies, location: location
      )
      return
    }
    let name = TestRecordDirectory.testName(location: location, function: function)
    do {
      let log = try TestLog.file(named: name, in: directory)
      self.init(
        initialState: initialState,
        // The test's name, for `rkdebug sessions --metadata test=NAME` on a collector.
        runningReducer: reducer.recording(
          to: log.actionLog, feature: feature, metadata: ["test": name]),
        prepareDependencies: prepareDependencies,
        location: location
      )
    } catch {
      location.reportFailure(
        """
        \(TestRecordDirectory.environmentVariable) is set, but the test log '\(name)' cannot \
        be opened in \(directory): \(error)
        """
      )
      self.init(
        initialState: initialState, runningReducer: reducer,
        prepareDependencies: prepareDependencies, location: location
      )
    }
  }
}
