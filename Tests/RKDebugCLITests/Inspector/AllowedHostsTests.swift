import Testing

@testable import RKDebugInspector

@Suite struct AllowedHostsTests {
  @Test func loopbackNamesAndThePort() {
    let hosts = AllowedHosts(boundHost: "127.0.0.1")
    #expect(hosts.allows("127.0.0.1:8080"))
    #expect(hosts.allows("LOCALHOST"))
    #expect(hosts.allows("[::1]:8080"))
    hosts.listening(on: 8080)
    #expect(hosts.allows("localhost:8080"))
    #expect(!hosts.allows("localhost:8081"))
    #expect(!hosts.allows("localhost:80x"))
    #expect(!hosts.allows("evil.example:8080"))
    #expect(!hosts.allows("localhost.evil.example"))
    #expect(!hosts.allows(""))
  }

  @Test func anotherAddressAllowsOnlyItself() {
    let hosts = AllowedHosts(boundHost: "192.168.1.4")
    #expect(hosts.allows("192.168.1.4:9000"))
    #expect(!hosts.allows("localhost"))
    let v6 = AllowedHosts(boundHost: "::1")
    #expect(v6.allows("[::1]:9000"))
    #expect(v6.allows("localhost"))
  }
}
