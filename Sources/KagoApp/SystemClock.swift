import Glibc
import KagoState

/// The system clock, read in one place so the rest of kago gets time as plain values.
public enum SystemClock {
    /// Seconds since the epoch.
    public static func now() -> Timestamp { Timestamp(time(nil)) }

    /// Monotonic milliseconds, for animations and polling.
    public static func monotonicMilliseconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
    }

    /// Today's date and the UTC offset in the local time zone (TZ honoured).
    public static func local() -> LocalClock {
        let (today, offset) = localParts(Timestamp(time(nil)))
        return LocalClock(today: today, utcOffset: offset)
    }

    /// The local calendar day of a moment (TZ honoured, with the offset in force then:
    /// daylight saving time included).
    @Sendable public static func localDay(_ t: Timestamp) -> Day { localParts(t).day }

    private static func localParts(_ t: Timestamp) -> (day: Day, offset: Int) {
        var time = time_t(t)
        var parts = tm()
        localtime_r(&time, &parts)
        let day = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? LocalClock(today: Day(ordinal: 0)).day(of: t)
        return (day, Int(parts.tm_gmtoff))
    }
}
