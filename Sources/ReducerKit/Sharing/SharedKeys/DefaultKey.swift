extension SharedReaderKey {
  /// This key with a default value, so `@Shared(.key) var value` needs no initial value:
  /// `Self[.fileStorage(url), default: []]`.
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key paired with the value a shared property starts from when its storage holds none.
///
/// Build it with the static subscript: `FileStorageKey<[Item]>.Default[.fileStorage(url), default: []]`.
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The key the value is stored under.
  public let base: Base
  private let makeDefault: @Sendable () -> Base.Value

  /// The identity of the key: the default plays no part in it.
  public var id: Base.ID { base.id }

  /// The value a shared property starts from when the storage holds none.
  public var initialValue: Base.Value { makeDefault() }

  /// `key` with `value` as its default.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, makeDefault: value)
  }

  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  public var description: String { SharedKeyDescription.of(base) }
}
