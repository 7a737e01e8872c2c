import Dispatch
import Foundation
import Testing
@testable import Shoebox

/// The bounded queue between stages: back-pressure instead of an ever-growing backlog.
@Suite struct BlockingQueueTests {
    /// The producer fills the queue before anything is taken; from then on it is never more
    /// than the queue's four elements ahead of the consumer.
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
        while pushed.value < 4 { sched_yield() }
        var received: [Int] = []
        var mostAhead = 0
        while let value = queue.pop() {
            received.append(value)
            mostAhead = max(mostAhead, pushed.value - received.count)
        }
        producer.wait()
        #expect(received == Array(0..<1000))
        #expect(mostAhead <= 4)
    }

    /// Two producers and two consumers on a queue of one: every element arrives once, and
    /// nobody waits for ever (a wake-up given to the wrong side would hang this test).
    @Test func producersAndConsumersOnBothSidesHandOverEveryElement() {
        let queue = BlockingQueue<Int>(capacity: 1)
        let producers = DispatchGroup()
        for side in 0..<2 {
            DispatchQueue(label: "producer \(side)").async(group: producers) {
                for value in 0..<5000 { queue.push(side * 5000 + value) }
            }
        }
        let consumers = DispatchGroup()
        let lock = NSLock()
        var received: [Int] = []
        for side in 0..<2 {
            DispatchQueue(label: "consumer \(side)").async(group: consumers) {
                while let value = queue.pop() { lock.lock(); received.append(value); lock.unlock() }
            }
        }
        producers.wait()
        queue.close()
        consumers.wait()
        #expect(received.sorted() == Array(0..<10000))
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
