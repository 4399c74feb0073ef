import sharp from 'sharp';

/** A real PNG of the given size, made at test time (no binaries in the repository). */
export const pngImage = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

/** A real JPEG carrying EXIF metadata, to prove it is stripped. */
export const jpegWithExif = (width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } })
    .toBuffer();
