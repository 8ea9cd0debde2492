@main
struct Replay {
  static func main() {}
}
