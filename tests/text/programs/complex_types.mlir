// complex<f32> and complex<f64> element types (numpy complex64 / complex128 in .npy files).
func.func @main(%z: tensor<2x3xcomplex<f32>>, %w: complex<f64>) -> (tensor<2x3xcomplex<f32>>, complex<f64>) {
  return %z, %w : tensor<2x3xcomplex<f32>>, complex<f64>
}

func.func private @spectrum(tensor<8xcomplex<f64>>) -> tensor<8xf64>
