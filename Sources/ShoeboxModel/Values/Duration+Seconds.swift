extension Duration {
    /// The duration in seconds, fractions included: what `make_interval(secs => ...)`, a
    /// poll interval or a printed elapsed time take.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
