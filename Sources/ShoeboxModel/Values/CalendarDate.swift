/// A date, and optionally a time of day, as `list --since` and `--until` take it:
/// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`, and one the calendar has: months 1 to 12, the
/// days of that month in that year (leap years included), hours 0 to 23, minutes and seconds
/// 0 to 59. Its text is a prefix of how capture times are written, so it compares with them
/// as text; an impossible date would compare too, and silently select the wrong assets.
public struct CalendarDate: Equatable, Sendable {
    /// Why a text is not such a date; the description says what is wrong with it.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case shape
        case month(Int)
        case day(Int, month: Int, year: Int)
        case hour(Int)
        case minute(Int)
        case second(Int)

        public var description: String {
            switch self {
            case .shape: return "not YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]"
            case let .month(month): return "months run from 1 to 12, not \(month)"
            case let .day(day, month, year):
                return "the days of \(CalendarDate.monthNames[month - 1]) \(year) run from 1 to \(CalendarDate.days(inMonth: month, year: year)), not \(day)"
            case let .hour(hour): return "hours run from 0 to 23, not \(hour)"
            case let .minute(minute): return "minutes run from 0 to 59, not \(minute)"
            case let .second(second): return "seconds run from 0 to 59, not \(second)"
            }
        }
    }

    /// The date as given.
    public let text: String

    public init(_ text: String) throws(Problem) {
        let characters = Array(text)
        let shape = Array("0000-00-00T00:00:00")
        let fits = [10, 16, 19].contains(characters.count) && zip(characters, shape).allSatisfy { character, expected in
            expected == "0" ? character.isASCII && character.isNumber : character == expected
        }
        guard fits else { throw .shape }
        func number(_ start: Int, _ length: Int) -> Int? {
            start + length <= characters.count ? Int(String(characters[start..<start + length])) : nil
        }
        let (year, month, day) = (number(0, 4)!, number(5, 2)!, number(8, 2)!)
        guard (1...12).contains(month) else { throw .month(month) }
        guard (1...Self.days(inMonth: month, year: year)).contains(day) else { throw .day(day, month: month, year: year) }
        if let hour = number(11, 2), hour > 23 { throw .hour(hour) }
        if let minute = number(14, 2), minute > 59 { throw .minute(minute) }
        if let second = number(17, 2), second > 59 { throw .second(second) }
        self.text = text
    }

    /// Days in `month` (1 to 12) of `year`, in the Gregorian calendar.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
}
