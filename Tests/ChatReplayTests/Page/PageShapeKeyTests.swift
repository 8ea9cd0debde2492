import Testing

@testable import ChatReplay

struct PageShapeKeyTests {
  private func rect(_ x: Double, style: String = "bar") -> Scene.Shape {
    Scene.Shape(kind: .rect, frame: Rect(x: x, y: 0, width: 10, height: 5), style: style)
  }

  @Test func aShapeSeenBeforeKeepsItsNumberUntilTheMemoryStartsAgain() {
    var table = PageShapeTable(expected: 4, limit: 2)
    // 1 and 2 fill the memory (limit 2), so 1 is found again; 3 finds it full, so it starts
    // again with 3 alone, and 1 is then new: written a second time, as number 3.
    let numbers = [rect(1), rect(2), rect(1), rect(3), rect(1), rect(3)].map {
      table.number(of: $0)
    }
    #expect(numbers == [0, 1, 0, 2, 3, 2])
    #expect(table.count == 4)
    #expect(
      String(decoding: table.texts, as: UTF8.self)
        == #"["rect","bar",1,0,10,5,"",0,0,0,0],["rect","bar",2,0,10,5,"",0,0,0,0],"#
        + #"["rect","bar",3,0,10,5,"",0,0,0,0],["rect","bar",1,0,10,5,"",0,0,0,0]"#)
  }

  @Test func aShapeAtItsPlaceInThePreviousDrawingTakesItsNumberWithoutALookUp() {
    var table = PageShapeTable(expected: 4)
    let first = table.numbers(of: [rect(1), rect(2)], previous: nil)
    // The previous drawing's numbers are taken as they are where the shape is the same (41 was
    // never in the table), and a changed shape is looked up: rect(2) was seen, so it is 1.
    let second = table.numbers(
      of: [rect(1), rect(2), rect(2, style: "field")],
      previous: (shapes: [rect(1), rect(3)], numbers: [41, 42]))
    #expect(first == [0, 1])
    #expect(second == [41, 1, 2])
    #expect(table.count == 3)
  }
}
