import jpeg from 'jpeg-js';

/** How many different pictures a camera cycles through; each is encoded once, then served from memory. */
export const LOOP_LENGTH = 50;
/** Low quality keeps frames small and encoding quick; a test picture needs no more. */
const JPEG_QUALITY = 50;

/** Which of the seven segments (a..g, clockwise from the top, then the middle) each digit lights. */
const SEGMENTS_OF_DIGIT = [
  'abcdef',
  'bc',
  'abdeg',
  'abcdg',
  'bcfg',
  'acdfg',
  'acdefg',
  'abc',
  'abcdefg',
  'abcdfg',
] as const;

interface Picture {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}

function fillRect(
  picture: Picture,
  x: number,
  y: number,
  w: number,
  h: number,
  rgb: readonly number[],
): void {
  const left = Math.max(0, Math.floor(x));
  const right = Math.min(picture.width, Math.floor(x + w));
  const top = Math.max(0, Math.floor(y));
  const bottom = Math.min(picture.height, Math.floor(y + h));
  for (let row = top; row < bottom; row++) {
    for (let column = left; column < right; column++) {
      const at = (row * picture.width + column) * 4;
      picture.rgba[at] = rgb[0] ?? 0;
      picture.rgba[at + 1] = rgb[1] ?? 0;
      picture.rgba[at + 2] = rgb[2] ?? 0;
    }
  }
}

/** Draws one digit as a seven-segment display whose box is `size` high and `size / 2` wide. */
function drawDigit(picture: Picture, digit: number, x: number, y: number, size: number): void {
  const w = size / 2;
  const t = Math.max(2, size / 10);
  const half = size / 2;
  const boxes: Record<string, readonly [number, number, number, number]> = {
    a: [x, y, w, t],
    b: [x + w - t, y, t, half],
    c: [x + w - t, y + half, t, half],
    d: [x, y + size - t, w, t],
    e: [x, y + half, t, half],
    f: [x, y, t, half],
    g: [x, y + half - t / 2, w, t],
  };
  for (const segment of SEGMENTS_OF_DIGIT[digit] ?? '') {
    const box = boxes[segment];
    if (box) fillRect(picture, ...box, [255, 255, 255]);
  }
}

/** A stable colour per label, so several simulated cameras are told apart at a glance. */
function tintOf(label: string): readonly [number, number, number] {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return [60 + (hash % 140), 60 + ((hash >>> 8) % 140), 60 + ((hash >>> 16) % 140)];
}

function backgroundOf(width: number, height: number, label: string): Uint8Array {
  const [red, green, blue] = tintOf(label);
  const rgba = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const shade = 0.35 + (0.65 * row) / height;
    for (let column = 0; column < width; column++) {
      const at = (row * width + column) * 4;
      const across = column / width;
      rgba[at] = red * shade;
      rgba[at + 1] = green * shade * (0.7 + 0.3 * across);
      rgba[at + 2] = blue * shade * (1 - 0.3 * across);
      rgba[at + 3] = 255;
    }
  }
  return rgba;
}

/**
 * The pictures of one camera: a tinted gradient, a bar sweeping across, a progress strip and the
 * picture's number, so a viewer sees at once that the stream moves. Pictures are encoded on first use
 * and kept, so a camera costs CPU only during its first loop.
 */
export function createFrameLoop(width: number, height: number, label: string): (index: number) => Buffer {
  const background = backgroundOf(width, height, label);
  const encoded: Buffer[] = [];
  return (index) => {
    const position = ((index % LOOP_LENGTH) + LOOP_LENGTH) % LOOP_LENGTH;
    const cached = encoded[position];
    if (cached) return cached;
    const picture: Picture = { width, height, rgba: background.slice() };
    const barWidth = Math.max(4, width / 12);
    fillRect(
      picture,
      (position / (LOOP_LENGTH - 1)) * (width - barWidth),
      0,
      barWidth,
      height,
      [240, 240, 200],
    );
    fillRect(
      picture,
      0,
      height - height / 40,
      (width * (position + 1)) / LOOP_LENGTH,
      height / 40,
      [255, 80, 40],
    );
    const digitSize = Math.max(10, height / 5);
    const margin = digitSize / 4;
    drawDigit(picture, Math.floor(position / 10), margin, margin, digitSize);
    drawDigit(picture, position % 10, margin * 2 + digitSize / 2, margin, digitSize);
    const frame = jpeg.encode({ data: picture.rgba, width, height }, JPEG_QUALITY).data;
    encoded[position] = frame;
    return frame;
  };
}
