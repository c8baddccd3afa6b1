// Animated GIFs for tests, written byte by byte: solid-colour frames compress to almost nothing with LZW, so a GIF
// over sharp's pixel limit (width × height × frames above 268 million) stays a few hundred kilobytes.

/** LZW-compresses a run of `count` pixels of colour index 0 with the GIF variant of the algorithm. */
function lzwSolid(count: number, minCodeSize: number): Buffer {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let codeSize = minCodeSize + 1;
  const emit = (code: number) => {
    acc |= code << bits;
    bits += codeSize;
    while (bits >= 8) {
      out.push(acc & 255);
      acc >>>= 8;
      bits -= 8;
    }
  };
  // For one colour the dictionary holds runs: after the clear code, code `clear + 2 + k` is a run of k + 2 pixels.
  emit(clear);
  let next = end + 1;
  let runLength = 1; // the longest run the dictionary has (the bare index 0 is a run of 1)
  let left = count;
  let prev = -1;
  while (left > 0) {
    const take = Math.min(runLength, left);
    const code = take === 1 ? 0 : end + take - 1;
    emit(code);
    left -= take;
    if (prev !== -1 && next < 4096) {
      next++;
      runLength++;
      if (next === 1 << codeSize && codeSize < 12) codeSize++;
    }
    prev = code;
    if (next >= 4095) {
      emit(clear);
      codeSize = minCodeSize + 1;
      next = end + 1;
      runLength = 1;
      prev = -1;
    }
  }
  emit(end);
  if (bits > 0) out.push(acc & 255);
  return Buffer.from(out);
}

/** An animated GIF of `frames` solid frames of `width` × `height`. */
export function solidAnimatedGif(width: number, height: number, frames: number): Buffer {
  const parts: Buffer[] = [];
  const u16 = (n: number) => [n & 255, (n >> 8) & 255];
  parts.push(Buffer.from("GIF89a"));
  parts.push(Buffer.from([...u16(width), ...u16(height), 0x80, 0, 0, 40, 90, 200, 250, 250, 250]));
  // Loop forever (NETSCAPE2.0), so it is an animation.
  parts.push(Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0]));
  const data = lzwSolid(width * height, 2);
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const chunk = data.subarray(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  blocks.push(0);
  const frame = Buffer.concat([
    Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]), // graphic control: 0.1 s per frame
    Buffer.from([0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0]),
    Buffer.from([2]),
    Buffer.from(blocks),
  ]);
  for (let f = 0; f < frames; f++) parts.push(frame);
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
