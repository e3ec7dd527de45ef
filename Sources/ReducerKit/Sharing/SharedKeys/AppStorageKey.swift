import Dependencies
import Foundation
import Synchronization

/// A ``SharedKey`` that stores its value in `UserDefaults` under a key, for the types
/// `@AppStorage` stores: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`, raw
/// representable types of `Int` or `String`, and optionals of them.
///
/// The defaults come from the `defaultAppStorage` dependency: `.standard` live, a new suite of
/// its own in each test.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UncheckedSendable<UserDefaults>
  private let coder: AppStorageCoder<Value>
  private let echo = AppStorageEcho()

  init(_ key: String, store: UserDefaults?, coder: AppStorageCoder<Value>) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UncheckedSendable(store ?? defaultStore)
    self.coder = coder
  }

  /// The defaults key and the suite: the same key in two tests' suites is two values.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.value))
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let value = store.value.object(forKey: key).flatMap(coder.decode)
    echo.remember(coder.text(of: value))
    guard let value else {
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(returning: value)
  }

  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    let store = self.store
    let key = self.key
    let coder = self.coder
    let echo = self.echo
    let token = NotificationCenter.default.addObserver(
      forName: UserDefaults.didChangeNotification, object: nil, queue: nil
    ) { _ in
      let value = store.value.object(forKey: key).flatMap(coder.decode)
      // Its own write, or another key of the suite: not news.
      guard echo.remember(coder.text(of: value)) else { return }
      if let value {
        subscriber.yield(value)
      } else {
        subscriber.yieldReturningInitialValue()
      }
    }
    let observer = UncheckedSendable(token)
    return SharedSubscription { NotificationCenter.default.removeObserver(observer.value) }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let object = coder.encode(value)
    echo.remember(coder.text(of: value))
    if let object {
      store.value.set(object, forKey: key)
    } else {
      store.value.removeObject(forKey: key)
    }
    continuation.resume()
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String { ".appStorage(\(String(reflecting: key)))" }
}

/// The identity of an ``AppStorageKey``: its key in one defaults suite.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// How a value is written to and read from a defaults object.
struct AppStorageCoder<Value>: Sendable {
  let encode: @Sendable (Value) -> Any?
  let decode: @Sendable (Any) -> Value?

  /// A text that is the same for the same stored value, to tell changes apart.
  func text(of value: Value?) -> String? {
    value.flatMap(encode).map { String(describing: $0) }
  }

  /// Stores the value as it is (`nil` removes the key): for the types defaults hold natively.
  static func cast() -> Self {
    Self(encode: { unwrapped($0) }, decode: { $0 as? Value })
  }

  /// The value inside any number of optionals, `nil` for none: a generic `Value` that is an
  /// optional is not flattened by the conversion to `Any?`.
  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.flatMap { unwrapped($0.value) }
  }

  func optional() -> AppStorageCoder<Value?> {
    AppStorageCoder<Value?>(
      encode: { $0.flatMap(encode) },
      decode: { .some(decode($0)) }
    )
  }
}

extension AppStorageCoder where Value == URL {
  static let url = Self(
    encode: { $0.absoluteString },
    decode: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) }
  )
}

extension AppStorageCoder where Value: RawRepresentable {
  static func raw(_ base: AppStorageCoder<Value.RawValue>) -> Self {
    Self(encode: { base.encode($0.rawValue) }, decode: { base.decode($0).flatMap(Value.init) })
  }
}

/// The last value a key wrote, as text, so that the change notification of its own write (or of
/// another key of the suite) is not taken for a change of this key.
final class AppStorageEcho: Sendable {
  private let last = Mutex<String?>(nil)

  /// Remembers `text` as the key's value now; returns whether it differs from the last one.
  @discardableResult
  func remember(_ text: String?) -> Bool {
    last.withLock { last in
      defer { last = text }
      return last != text
    }
  }
}

extension SharedReaderKey {
  /// A `Bool` in `UserDefaults`: `@Shared(.appStorage("isOn")) var isOn = false`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An `Int` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> { AppStorageKey(key, store: store, coder: .cast()) }

  /// A `Double` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> { AppStorageKey(key, store: store, coder: .cast()) }

  /// A `String` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> { AppStorageKey(key, store: store, coder: .cast()) }

  /// A `URL` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> { AppStorageKey(key, store: store, coder: .url) }

  /// `Data` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> { AppStorageKey(key, store: store, coder: .cast()) }

  /// A `Date` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> { AppStorageKey(key, store: store, coder: .cast()) }

  /// A value stored as its `Int` raw value in `UserDefaults`.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coder: .raw(.cast()))
  }

  /// A value stored as its `String` raw value in `UserDefaults`.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, coder: .raw(.cast()))
  }

  /// An optional `Bool` in `UserDefaults`, `nil` when the key holds none.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An optional `Int` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An optional `Double` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An optional `String` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An optional `URL` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> { AppStorageKey(key, store: store, coder: AppStorageCoder<URL>.url.optional()) }

  /// Optional `Data` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> { AppStorageKey(key, store: store, coder: .cast()) }

  /// An optional `Date` in `UserDefaults`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> { AppStorageKey(key, store: store, coder: .cast()) }
}

private enum AppStorageDependencyKey: DependencyKey {
  static var liveValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.standard) }
  static var testValue: UncheckedSendable<UserDefaults> {
    UncheckedSendable(UserDefaults(suiteName: "reducerkit.tests.\(UUID().uuidString)")!)
  }
}

extension DependencyValues {
  /// The defaults ``AppStorageKey`` uses: `.standard` live, a new suite in each test.
  public var defaultAppStorage: UserDefaults {
    get { self[AppStorageDependencyKey.self].value }
    set { self[AppStorageDependencyKey.self] = UncheckedSendable(newValue) }
  }
}
