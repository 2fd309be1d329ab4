/// A binary heap ordered by `hasHigherPriority`; `remove` finds its element with `isEqual`
/// (identity for scheduled items). Same shape as RxSwift's internal `PriorityQueue`, so tests
/// written with `@testable import` against it compile.
struct PriorityQueue<Element> {
    private let hasHigherPriority: (Element, Element) -> Bool
    private let isEqual: (Element, Element) -> Bool
    private var elements: [Element] = []

    init(hasHigherPriority: @escaping (Element, Element) -> Bool, isEqual: @escaping (Element, Element) -> Bool) {
        self.hasHigherPriority = hasHigherPriority
        self.isEqual = isEqual
    }

    var count: Int { elements.count }

    var hasElements: Bool { !elements.isEmpty }

    func peek() -> Element? { elements.first }

    mutating func enqueue(_ element: Element) {
        elements.append(element)
        bubbleUp(elements.count - 1)
    }

    mutating func dequeue() -> Element? {
        guard let front = peek() else { return nil }
        removeAt(0)
        return front
    }

    mutating func remove(_ element: Element) {
        if let index = elements.firstIndex(where: { isEqual($0, element) }) {
            removeAt(index)
        }
    }

    private mutating func removeAt(_ index: Int) {
        let last = elements.count - 1
        if index != last {
            elements.swapAt(index, last)
        }
        elements.removeLast()
        if index < elements.count {
            bubbleUp(index)
            bubbleDown(index)
        }
    }

    private mutating func bubbleUp(_ start: Int) {
        var index = start
        while index > 0 {
            let parent = (index - 1) / 2
            guard hasHigherPriority(elements[index], elements[parent]) else { break }
            elements.swapAt(index, parent)
            index = parent
        }
    }

    private mutating func bubbleDown(_ start: Int) {
        var index = start
        while true {
            var best = index
            let left = index * 2 + 1
            let right = left + 1
            if left < elements.count && hasHigherPriority(elements[left], elements[best]) { best = left }
            if right < elements.count && hasHigherPriority(elements[right], elements[best]) { best = right }
            if best == index { return }
            elements.swapAt(index, best)
            index = best
        }
    }
}
