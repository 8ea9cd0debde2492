/// The recording `replay` plays when given no file.
///
/// A copy of Recordings/basic-chat.jsonl, compiled in so that the demo works wherever the
/// binary is. A test checks the two are the same.
enum DemoRecording {
  static let name = "Recordings/basic-chat.jsonl"

  static let text = #"""
    {"type":"session","version":1,"layout":"rxkeyboard","device":{"model":"iPhone 15","screen":{"width":393,"height":852},"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}
    {"t":1,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":1,"type":"keyboard","name":"willShow","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":1.25,"type":"keyboard","name":"didChangeFrame","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":1.25,"type":"keyboard","name":"didShow","frameBegin":{"x":0,"y":852,"width":393,"height":336},"frameEnd":{"x":0,"y":516,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":1.84,"type":"textChange","text":"H"}
    {"t":1.98,"type":"textChange","text":"He"}
    {"t":2.16,"type":"textChange","text":"Hey"}
    {"t":2.28,"type":"textChange","text":"Hey!"}
    {"t":2.5,"type":"textChange","text":"Hey! A"}
    {"t":2.66,"type":"textChange","text":"Hey! Ar"}
    {"t":2.93,"type":"textChange","text":"Hey! Are"}
    {"t":3.35,"type":"textChange","text":"Hey! Are you"}
    {"t":3.9,"type":"textChange","text":"Hey! Are you free"}
    {"t":4.28,"type":"textChange","text":"Hey! Are you free tonight"}
    {"t":4.89,"type":"textChange","text":"Hey! Are you free tonight?"}
    {"t":5.63,"type":"sendTap"}
    {"t":8.99,"type":"receive","text":"Yes! What do you have in mind?"}
    {"t":10.91,"type":"textChange","text":"D"}
    {"t":11.05,"type":"textChange","text":"Di"}
    {"t":11.23,"type":"textChange","text":"Din"}
    {"t":11.35,"type":"textChange","text":"Dinn"}
    {"t":11.57,"type":"textChange","text":"Dinne"}
    {"t":11.73,"type":"textChange","text":"Dinner"}
    {"t":12,"type":"textChange","text":"Dinner at"}
    {"t":12.11,"type":"textChange","text":"Dinner at 7"}
    {"t":12.3,"type":"textChange","text":"Dinner at 7?"}
    {"t":12.96,"type":"sendTap"}
    {"t":15.65,"type":"receive","text":"Perfect, see you then"}
    {"t":17.5,"type":"keyboard","name":"willChangeFrame","frameBegin":{"x":0,"y":516,"width":393,"height":336},"frameEnd":{"x":0,"y":852,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":17.5,"type":"keyboard","name":"willHide","frameBegin":{"x":0,"y":516,"width":393,"height":336},"frameEnd":{"x":0,"y":852,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":17.75,"type":"keyboard","name":"didChangeFrame","frameBegin":{"x":0,"y":516,"width":393,"height":336},"frameEnd":{"x":0,"y":852,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}
    {"t":17.75,"type":"keyboard","name":"didHide","frameBegin":{"x":0,"y":516,"width":393,"height":336},"frameEnd":{"x":0,"y":852,"width":393,"height":336},"duration":0.25,"curve":7,"isLocal":true}

    """#
}
