/// How a host a server binds stands in a URL or a `Host` header (RFC 3986): an IPv6 address
/// in brackets (`[::1]`), any other name or address as it is.
public enum URLHost {
  /// `host`, bracketed if it is an IPv6 address not bracketed yet.
  public static func bracketed(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }
}
