import ReducerKit

/// A store for tests, in the manner of The Composable Architecture's `TestStore`: every action
/// sent asserts exactly how the state changes, every action an effect sends back must be
/// asserted with ``receive(_:timeout:assert:fileID:filePath:line:column:)``, and every effect
/// must have finished by the end of the test.
///
/// ```swift
/// @MainActor
/// @Test func delayedIncrement() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: Counter.State()) {
///     Counter(environment: .init(clock: clock))
///   }
///
///   await store.send(.delayedIncrementButtonTapped) {
///     $0.pendingIncrements = 1
///   }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.delayedIncrementResponse) {
///     $0.pendingIncrements = 0
///     $0.count = 1
///   }
/// }
/// ```
///
/// Effects run for real, on the same runtime as a ``Store``'s, with the clocks and clients the
/// reducer was given: inject a `TestClock` and advance it, or an `ImmediateClock`, and tests of
/// delays and debounces take no time. Actions the effects send are reduced at once and queued
/// with the state after them; `receive` takes them off the queue in order. As in TCA, the store
/// runs the test on the main serial executor (``useMainSerialExecutor``), so effects interleave
/// the same way every run; an effect cancelled by an action or a task is no longer waited for.
///
/// Failures are Swift Testing issues inside a Swift Testing test and `XCTFail`s otherwise (see
/// ``TestFailureReporter``), reported at the line of the `send` or `receive` concerned, with
/// TCA's wording and a swift-custom-dump diff (`−` expected, `+` actual). Actions received and
/// not asserted, and effects still running, fail the test when the store is deallocated at the
/// end of the test; ``finish(timeout:fileID:filePath:line:column:)`` waits for the effects.
///
/// A store of a feature whose state is `ObservableStateProtocol & Codable` and whose action is
/// `Codable` can record its session for `rkdebug` with `recording:` (see
/// ``TestLog``), or for every test of a run with the `REDUCERKIT_RECORD_DIR` environment
/// variable; failure messages then name the file.
@MainActor
public final class TestStore<State: Equatable, Action> {
  let core: TestStoreCore<State, Action>
  let runtime: _EffectRuntime<TestAction<Action>>
  /// The store's claim on the main serial executor (``useMainSerialExecutor``).
  private let serialExecutor = MainSerialExecutorHold()
  private let rootDismissal: RootDismissal

  /// Whether the feature dismissed itself: an effect of the store's own feature (not one it
  /// presents) called `@Dependency(\.dismiss)`, as TCA's `isDismissed`. Its effects are then
  /// cancelled, and sending to the store fails the test.
  public var isDismissed: Bool { rootDismissal.isDismissed }

  /// The state as of the last assertion: after the last action sent or received.
  public var state: State { core.assertedState }

  /// How much the test must assert; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { core.exhaustivity }
    set { core.exhaustivity = newValue }
  }

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait in real time by default: five
  /// seconds. (TCA waits one; test runners here run suites in parallel on one shared main
  /// actor, where an effect can take longer than that to be scheduled. Only a failing
  /// assertion waits the whole time, and it fails only once the effects have had one more
  /// turn of the executor after the time is up, so a machine too busy to wake the wait on time
  /// does not fail it.)
  public var timeout: Duration {
    get { core.timeout }
    set { core.timeout = newValue }
  }

  /// Whether every task of the test process runs on the main serial executor while the store
  /// exists: `true` by default, as in TCA, so effects run one job at a time on the main thread
  /// in the order they were started, and a test sees the same interleaving every run.
  ///
  /// Set it to `false` in a test whose effects need real parallelism. The switch is
  /// process-wide (swift-concurrency-extras' `uncheckedUseMainSerialExecutor`): it stays on
  /// while a store of another test running at the same time holds it, and goes back to what it
  /// was before once the last such store is gone.
  public var useMainSerialExecutor: Bool {
    get { serialExecutor.isHeld }
    set { serialExecutor.isHeld = newValue }
  }

  /// Creates a test store that runs `reducer` from `initialState`.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Counter.State(), reducer: Counter())
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from, made with the test's dependencies.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Sets the test's dependencies (clocks, clients, `uuid`), as in
  ///     TCA: `withDependencies: { $0.continuousClock = clock }`.
  ///   - function: The test function, naming the log file of a recordable feature when
  ///     `REDUCERKIT_RECORD_DIR` is set (used by the overload for recordable features).
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
      initialState: initialState, runningReducer: reducer,
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Creates a test store from a reducer builder, as in TCA.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Search.State()) {
  ///   Search(environment: .init(clock: clock))
  /// }
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
      initialState: initialState, runningReducer: reducer(),
      prepareDependencies: prepareDependencies,
      location: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The designated initializer: every public one ends here, the recording ones with the
  /// reducer already wrapped in the recorder.
  init(
    initialState: () -> State,
    runningReducer reducer: some Reducer<State, Action>,
    prepareDependencies: ((inout DependencyValues) -> Void)?,
    location: TestLocation
  ) {
    // As a `Store` does: every action runs with the dependencies current here, changed by
    // `prepareDependencies`; in a test, a dependency with no test value fails the test.
    // As in TCA, each test's stack element ids start at 0, unless the test sets its own.
    let rootDismissal = RootDismissal()
    let dependencies = DependencyValues.Continuation.current {
      $0.stackElementID = .incrementing()
      $0.dismiss = .presentationContext { [weak rootDismissal] in rootDismissal?.dismiss() }
      prepareDependencies?(&$0)
    }
    let core = TestStoreCore<State, Action>(
      // Made with the test's dependencies, as in TCA: `@Dependency(\.uuid)` read by the state's
      // `init` (or in the test, before the store) gets the test's `uuid`.
      initialState: dependencies.yield(initialState),
      reduce: { state, action in
        dependencies.yield { reducer.reduce(into: &state, action: action) }
      },
      location: location
    )
    self.core = core
    self.rootDismissal = rootDismissal
    let runtime = _EffectRuntime { action in core.reduce(action) }
    self.runtime = runtime
    // As in TCA, a feature that dismisses itself ends: its effects are cancelled.
    rootDismissal.cancelEffects = { [weak runtime] in runtime?.cancelAll() }
    core.failures = StoreFailures(
      recordings: RecordingNote.logs(in: reducer).map(RecordingNote.init(log:))
    )
    serialExecutor.isHeld = true
  }

  deinit {
    // The end-of-test checks report at the test's call sites, so they run here, inline in the
    // test's task where Swift Testing's `Test.current` and `withKnownIssue` are set (an
    // `isolated deinit` could run later, without them). The checks are `Sendable`: this
    // `deinit` is not isolated to the main actor. The runtime's own deinit cancels the effects.
    core.checks.report()
    // Lets go of the main serial executor now, not whenever the hold itself is freed.
    serialExecutor.isHeld = false
  }
}
