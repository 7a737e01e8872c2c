import Testing
@testable import Shoebox

/// The rules `QueueStatus` applies to the status query's aggregates, without a server.
struct QueueStatusTests {
    let a = WorkerIdentity(id: "a", host: "nas", pid: 20)
    let b = WorkerIdentity(id: "b", host: "laptop", pid: 7)
    let gone = WorkerIdentity(id: "c", host: "nas", pid: 5)

    @Test func totalsAddUpEachStatesGroups() {
        let status = QueueStatus(groups: [
            .init(state: "pending", worker: nil, count: 5),
            .init(state: "claimed", worker: a, count: 2, oldestClaimAge: 3, soonestLeaseLeft: 10),
            .init(state: "claimed", worker: b, count: 1, oldestClaimAge: 1, soonestLeaseLeft: 50),
            .init(state: "done", worker: a, count: 7, finishedInWindow: 4),
            .init(state: "done", worker: nil, count: 1),
            .init(state: "failed", worker: a, count: 2, finishedInWindow: 1),
        ], window: .seconds(300))
        #expect((status.pending, status.claimed, status.done, status.failed) == (5, 3, 8, 2))
    }

    /// A worker that holds nothing and finished nothing within the window is not shown; the
    /// others come by host, then pid.
    @Test func workersShownAreThoseActiveInTheWindowByHostThenPid() {
        let status = QueueStatus(groups: [
            .init(state: "done", worker: gone, count: 9, finishedInWindow: 0),
            .init(state: "done", worker: a, count: 7, finishedInWindow: 4),
            .init(state: "failed", worker: a, count: 2, finishedInWindow: 1),
            .init(state: "claimed", worker: b, count: 1, oldestClaimAge: 1, soonestLeaseLeft: -2),
        ], window: .seconds(300))
        #expect(status.workers == [
            .init(identity: b, claimed: 1, oldestClaimAge: 1, soonestLeaseLeft: -2, finishedInWindow: 0),
            .init(identity: a, claimed: 0, oldestClaimAge: nil, soonestLeaseLeft: nil, finishedInWindow: 5),
        ])
        #expect(status.workers.map(\.hasExpiredLease) == [true, false])
        #expect(status.perMinute(status.workers[1]) == 1)
    }
}
