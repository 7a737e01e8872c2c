import Dispatch
import Foundation
import Testing
@testable import Shoebox

/// The bounded queue between stages: back-pressure instead of an ever-growing backlog.
@Suite struct BlockingQueueTests {
    @Test func aFullQueueHoldsItsProducerBack() throws {
        let queue = BlockingQueue<Int>(capacity: 4)
        let pushed = AtomicCounter()
        let producer = DispatchGroup()
        DispatchQueue(label: "producer").async(group: producer) {
            for value in 0..<1000 {
                queue.push(value)
                pushed.increment()
            }
            queue.close()
        }
        usleep(100_000)
        #expect(pushed.value == 4)
        var received: [Int] = []
        while let value = queue.pop() { received.append(value) }
        producer.wait()
        #expect(received == Array(0..<1000))
    }

    @Test func aClosedQueueDrainsThenEnds() {
        let queue = BlockingQueue<String>(capacity: 2)
        queue.push("a")
        queue.close()
        #expect(queue.pop() == "a")
        #expect(queue.pop() == nil)
    }

    /// The queue once kept popped elements until 64 had gathered: the file bytes and decoded
    /// images of the last hundred files, hundreds of megabytes.
    @Test func aPoppedElementIsNoLongerHeldByTheQueue() {
        final class Payload {}
        let queue = BlockingQueue<Payload>(capacity: 2)
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            queue.push(payload)
            _ = queue.pop()
        }
        #expect(released == nil)
    }
}
