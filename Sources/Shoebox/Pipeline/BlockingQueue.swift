import Foundation

/// A bounded FIFO between two stages: the pipeline's only shared mutable state.
///
/// `push` blocks while the queue is full, so a fast producer waits for a slow consumer and
/// memory stays flat however many files a walk finds. `pop` blocks while it is empty and
/// returns nil once the queue is closed and drained.
public final class BlockingQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Only the elements still waiting: a popped element must not stay referenced here, or the
    /// file bytes and decoded images it holds outlive their stage.
    private var items: [Element] = []
    private var closed = false
    public let capacity: Int

    public init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Adds an element, waiting for room (back-pressure). Pushing to a closed queue is a bug.
    public func push(_ element: Element) {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity { condition.wait() }
        precondition(!closed, "push to a closed queue")
        items.append(element)
        condition.broadcast()
    }

    /// The oldest element, waiting for one; nil when closed and empty.
    public func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        guard !items.isEmpty else { return nil }
        let element = items.removeFirst()   // at most `capacity` elements move
        condition.broadcast()
        return element
    }

    /// No more elements will come; consumers drain what is left and then get nil.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
