import Foundation

/// A Swift package under this package's `.build/`, depending on this package by path: where
/// tests build and run the Swift sources `rkdebug testgen` writes, as a user's package would.
///
/// The folder is kept between runs, so a rerun builds only what changed.
struct ScratchPackage {
  /// This package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The scratch package's folder.
  let url: URL

  /// Opens (creating if needed) the scratch package `name` under `.build/`.
  init(name: String) throws {
    url = Self.root.appendingPathComponent(".build/\(name)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    // The versions this package resolved, so the scratch package resolves no others.
    let resolved = Self.root.appendingPathComponent("Package.resolved")
    if FileManager.default.fileExists(atPath: resolved.path) {
      try write(String(contentsOf: resolved, encoding: .utf8), to: "Package.resolved")
    }
  }

  /// The identity SwiftPM gives this package as a path dependency: its folder's name.
  static var identity: String { root.lastPathComponent.lowercased() }

  /// Writes `text` to `path` inside the package when it differs from what is there, so an
  /// unchanged file does not make the next build recompile it.
  func write(_ text: String, to path: String) throws {
    let file = url.appendingPathComponent(path)
    if let old = try? String(contentsOf: file, encoding: .utf8), old == text { return }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Runs `swift` with `arguments` in the package and returns what it printed, both streams
  /// together, and its exit status.
  ///
  /// It waits without holding a thread: a build takes minutes, and a blocked thread of the
  /// test runner's small pool would stall the other tests running meanwhile.
  func swift(_ arguments: [String]) async throws -> (output: String, status: Int32) {
    let log = url.appendingPathComponent("swift-\(arguments.first ?? "run").log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.currentDirectoryURL = url
    // The scratch package checks generated code, not the optimizer: CI's optimized build of
    // this package (RKDEBUG_OPTIMIZE) would only make its build of ReducerKit slower.
    process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "RKDEBUG_OPTIMIZE" }
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    let output = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    return (output, status)
  }
}
