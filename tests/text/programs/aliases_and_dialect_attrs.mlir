// Attribute and type aliases, dialect attributes, builtin opaque attributes, unnamed results,
// `call`, declarations without bodies and opaque types spelled with different white space
// (upstream gstoner/tessera programs use each of these).
#layout = #tile.layout<row_major, swizzle = 128>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
!act = tensor<4xf32>
!tok = !tessera.token< 1 , "q" >

func.func private @ext(!act) -> !act
func.func private @sink(%t: !tessera.token<1,"q">)

func.func @main(%x: !act, %t: !tok) -> !act {
  %0 = tessera.relu %x {tessera.layout = #layout, tessera.map = #id2} : !act
  "test.effect"(%0) {note = #tile.hint<"keep  this", 2>} : (tensor<4xf32>) -> ()
  "test.fresh"() : () -> tensor<4xf32>
  call @sink(%t) : (!tessera.token<1, "q">) -> ()
  %1 = call @ext(%0) : (!act) -> !act
  return %1 : !act
}
