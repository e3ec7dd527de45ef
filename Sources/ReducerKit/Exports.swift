// Like TCA, ReducerKit re-exports the libraries its API is written in terms of, so a feature
// needs only `import ReducerKit` for `@CasePathable`, `IdentifiedArrayOf`, `customDump`,
// `@Dependency`, `@DependencyClient` and `reportIssue`; and Foundation, which TCA's features get
// through its SwiftUI exports, so that `UUID`, `Date` and `URL` need no import of their own.
@_exported import CasePaths
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import Foundation
@_exported import IdentifiedCollections
@_exported import IssueReporting
