// Comparing two images of the same size, pixel by pixel.

/** The mean absolute difference of two images' raw channel values (0: the same, 255: opposite). */
export const meanDifference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;
