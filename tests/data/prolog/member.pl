colour(red). colour(green). colour(blue).
