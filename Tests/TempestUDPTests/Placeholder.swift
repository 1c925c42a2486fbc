// Tests arrive with the decoder.
